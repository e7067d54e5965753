"""A Heroscape battlefield: hex spaces stacked in levels, each with a terrain (grass, rock,
sand or water), and ruins standing on some spaces. Spaces are numbered 0..n-1 for speed;
``at(col, row)`` finds one by its place in the file's layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine import ContentError
from ...engine.content import read_toml, validate
from .content_model import MAX_LEVEL, TERRAIN_CODES, BattlefieldData
from .hexes import axial_to_offset, distance, neighbours, offset_to_axial


@dataclass(frozen=True)
class Battlefield:
    name: str
    players: tuple[int, ...]
    coords: tuple[tuple[int, int], ...]  # axial (q, r) of each space
    level: tuple[int, ...]  # the level of the space's top (a water tile adds no height)
    terrain: tuple[str, ...]
    water: tuple[bool, ...]
    ruin: tuple[int, ...]  # levels a ruin rises above the space (0: none)
    adjacent: tuple[tuple[int, ...], ...]
    start: dict[str, tuple[int, ...]]
    index: dict[tuple[int, int], int]
    names: tuple[str, ...] = ()  # each space's name in actions (``c4``)
    # tables derived from the fields above, worked out when first needed (movement.step_table,
    # movement.engage_table), never compared
    tables: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.coords)

    def at(self, col: int, row: int) -> int:
        """The space at a column and row of the layout."""
        return self.index[offset_to_axial(col, row)]

    def place(self, space: int) -> tuple[int, int]:
        """(column, row) of a space in the layout."""
        return axial_to_offset(*self.coords[space])

    def name_of(self, space: int) -> str:
        """A space's name in actions: column letter(s) and row number, like a chessboard
        (``c4`` is the 3rd column of the 4th row)."""
        return self.names[space]

    def space_named(self, name: str) -> int | None:
        """The space called ``name`` (``c4``), or None for any other text."""
        named = self.tables.get(("named",))
        if named is None:
            named = self.tables[("named",)] = {n: i for i, n in enumerate(self.names)}
        got = named.get(name)  # a space's own name (every action's): no reading needed
        if got is not None:
            return got  # type: ignore[no-any-return]
        if not name.isascii() or len(name) > 12:  # no space has a longer name
            return None
        i = 0
        while i < len(name) and name[i].isalpha():
            i += 1
        if i == 0 or i == len(name) or not name[i:].isdigit():
            return None
        col = 0
        for ch in name[:i].lower():
            col = col * 26 + (ord(ch) - ord("a") + 1)
        return self.index.get(offset_to_axial(col - 1, int(name[i:]) - 1))

    def distance(self, a: int, b: int) -> int:
        return distance(self.coords[a], self.coords[b])

    def steepest(self) -> int:
        """The most levels between two adjacent spaces: a Height above it climbs, drops and
        engages as that Height does, so the tables for it are the same."""
        got = self.tables.get(("steepest",))
        if got is None:
            level = self.level
            got = self.tables[("steepest",)] = max(
                (abs(level[u] - level[v]) for u, around in enumerate(self.adjacent) for v in around), default=0)
        return got  # type: ignore[no-any-return]


def column_letters(col: int) -> str:
    out = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def build(data: BattlefieldData, file: str = "battlefield") -> Battlefield:
    """Check and compile a battlefield; ContentError names the row and column of a bad cell."""
    coords: list[tuple[int, int]] = []
    level: list[int] = []
    terrain: list[str] = []
    for row, line in enumerate(data.layout.strip("\n").splitlines()):
        for col, cell in enumerate(line.split()):
            if cell == "..":
                continue
            where = f"row {row + 1}, column {col + 1}"
            code, digits = cell[:1], cell[1:]
            if code not in TERRAIN_CODES or not digits.isascii() or not digits.isdigit():
                raise ContentError(file, data.name, "layout",
                                   f"{where}: {cell!r} is not a space (a terrain letter g, r, s or w and a level, "
                                   "or '..' for none)")
            lv = int(digits) if len(digits) <= len(str(MAX_LEVEL)) else 0  # never a huge int()
            if not 1 <= lv <= MAX_LEVEL:
                raise ContentError(file, data.name, "layout", f"{where}: level {digits} is outside 1-{MAX_LEVEL}")
            coords.append(offset_to_axial(col, row))
            level.append(lv)
            terrain.append(TERRAIN_CODES[code])
    if len(coords) < 2:
        raise ContentError(file, data.name, "layout", "a battlefield needs spaces")
    index = {c: i for i, c in enumerate(coords)}
    adjacent = tuple(tuple(index[n] for n in neighbours(*c) if n in index) for c in coords)
    ruin = [0] * len(coords)
    for k, r in enumerate(data.ruin, start=1):
        i = index.get(offset_to_axial(*r.at))
        if i is None:
            raise ContentError(file, data.name, f"ruin.{k}.at", f"no space at column {r.at[0]}, row {r.at[1]}")
        if terrain[i] == "water":
            raise ContentError(file, data.name, f"ruin.{k}.at", "a ruin cannot stand in water")
        ruin[i] = r.height
    start: dict[str, tuple[int, ...]] = {}
    for zone, spaces in data.start.items():
        ids = []
        for c in spaces:
            i = index.get(offset_to_axial(*c))
            if i is None or ruin[i]:
                raise ContentError(file, data.name, f"start.{zone}", f"column {c[0]}, row {c[1]} is not an open space")
            ids.append(i)
        start[zone] = tuple(ids)
    names = tuple(f"{column_letters(col)}{row + 1}" for col, row in (axial_to_offset(*c) for c in coords))
    return Battlefield(data.name, data.players, tuple(coords), tuple(level), tuple(terrain),
                       tuple(t == "water" for t in terrain), tuple(ruin), adjacent, start, index, names)


def load_battlefield(path: Path) -> Battlefield:
    raw = read_toml(path)
    name = str(raw.get("name", path.stem))
    return build(validate(BattlefieldData, raw, path.name, name), path.name)
