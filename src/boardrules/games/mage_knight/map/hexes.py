"""The map's geometry (facts 4.2): axial hexes, the 7-hex tiles, the tile lattice, map shapes and
where a tile may be placed. Pure functions over coordinates; the state is in ``game_state.py``.

Hexes are axial ``(q, r)`` with the steps NE (+1,-1), E (+1,0), SE (0,+1), SW (-1,+1), W (-1,0),
NW (0,-1). Tile positions are grid ``(x, y)``: the starting tile (0,0), E (+1,0), NE (0,+1),
NW (-1,+1), W (-1,0), SW (0,-1), SE (+1,-1); a tile's centre hex is (3x + y, -2x - 3y) (the
lattice derived from YAV's adjacency table, not the inconsistent TILE_PLACEMENT_OFFSETS).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..map_content import POSITIONS

Hex = tuple[int, int]
Grid = tuple[int, int]

DIRECTIONS: dict[str, Hex] = {"NE": (1, -1), "E": (1, 0), "SE": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (0, -1)}
OPPOSITE = {"NE": "SW", "E": "W", "SE": "NW", "SW": "NE", "W": "E", "NW": "SE"}
# a tile's spaces, in the order of tiles.toml (C, NE, E, SE, SW, W, NW)
OFFSETS: tuple[Hex, ...] = ((0, 0), *DIRECTIONS.values())
GRID_STEPS: dict[str, Grid] = {"E": (1, 0), "NE": (0, 1), "NW": (-1, 1), "W": (-1, 0), "SW": (0, -1), "SE": (1, -1)}
SHAPES = ("wedge", "open-3", "open-4", "open-5")
POSITION_NAMES = POSITIONS  # index in the tile -> C, NE, E, SE, SW, W, NW


def neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS.values()]


_STEPS = frozenset(DIRECTIONS.values())  # (one set, not a slice of OFFSETS made at every call)


def adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in _STEPS


def distance(a: Hex, b: Hex) -> int:
    """Steps between two spaces (axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_DIRECTION_OF = {v: d for d, v in DIRECTIONS.items()}


def direction(a: Hex, b: Hex) -> str:
    """The direction of the step from ``a`` to its neighbour ``b``."""
    return _DIRECTION_OF[b[0] - a[0], b[1] - a[1]]


def tile_centre(g: Grid) -> Hex:
    x, y = g
    return (3 * x + y, -2 * x - 3 * y)


def tile_hexes(g: Grid) -> list[Hex]:
    """The 7 spaces of the tile at grid position ``g``, in the order C, NE, E, SE, SW, W, NW."""
    cq, cr = tile_centre(g)
    return [(cq + dq, cr + dr) for dq, dr in OFFSETS]


def grid_neighbours(g: Grid) -> list[Grid]:
    x, y = g
    return [(x + dx, y + dy) for dx, dy in GRID_STEPS.values()]


def in_shape(shape: str, g: Grid) -> bool:
    """Whether a tile position lies inside the coastline of the map shape (facts 4.2)."""
    x, y = g
    if shape == "wedge":
        return x >= 0 and y >= 0
    low, high = {"open-3": (-1, 1), "open-4": (-2, 1), "open-5": (-2, 2)}[shape]
    return x >= 0 and x + y >= 0 and low <= y <= high


def core_allowed(shape: str, g: Grid) -> bool:
    """Core tiles may not go on the wedge's two coastal lanes (facts 4.2)."""
    return not (shape == "wedge" and (g[0] == 0 or g[1] == 0))


def placed_neighbours(g: Grid, placed: Iterable[Grid]) -> int:
    p = set(placed)
    return sum(n in p for n in grid_neighbours(g))


def placement_refusal(shape: str, g: Grid, kind: str, placed: Iterable[Grid], fallback: bool = False) -> str:
    """Why a tile of ``kind`` cannot be placed at ``g`` ("" if it can): inside the coastline;
    countryside touches 2 placed tiles, or one that touches 2; core touches 2 and is off the
    wedge's coastal lanes; a tile from outside the deck (empty deck) touches 3 (facts 4.2)."""
    p = set(placed)
    if g in p:
        return "a tile is already there"
    if not in_shape(shape, g):
        return "that position is beyond the coastline of the map"
    n = placed_neighbours(g, p)
    if n == 0:
        return "that position does not touch the map"
    if fallback:
        return "" if n >= 3 else "with the Tile deck empty, a tile may only go where it touches 3 tiles"
    if kind == "core":
        if not core_allowed(shape, g):
            return "a core tile may not be placed on the coastal lanes of the wedge"
        return "" if n >= 2 else "a core tile must touch at least 2 tiles"
    if n >= 2 or any(placed_neighbours(m, p) >= 2 for m in grid_neighbours(g) if m in p):
        return ""
    return "a countryside tile must touch 2 tiles, or one tile that touches 2"
