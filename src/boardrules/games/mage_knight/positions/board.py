"""The map of a position: the tiles placed (by tile id and tile position, in the order placed),
the Tile deck and the tiles left out of the game's deck (the spare ones, drawn from when the
deck runs out: map/exploring.py), the tokens on spaces, Shields, conquered and burned sites.

Placing a tile here reveals nothing (no token is drawn): the tokens on the map are the ones the
position gives, or the set-up's on the spaces still holding the same tile's space.
"""

from __future__ import annotations

from collections.abc import Callable

from ....engine import PositionError
from ....engine.positions import escaped, shown
from ..cards.mana import ETERNAL_NIGHT
from ..content import Tables
from ..game_state import GameState, Token
from ..map.hexes import Hex, in_shape, placed_neighbours, tile_hexes
from .fields import MKFields
from .pieces import Pieces, Spot
from .supply import Supply, place, write_place

MAX_TILES = 40


def set_tiles(t: Tables, g: GameState, fresh: GameState, f: MKFields) -> None:
    """The tiles placed, the Tile deck, the spare tiles; the spaces and the Necropolis and
    Graveyard spaces follow from the tiles."""
    game_tiles = [*fresh.tiles.values(), *fresh.tile_deck, *fresh.spare_tiles]
    starting = fresh.tiles[(0, 0)]
    if f.tiles is not None:
        g.tiles, g.spaces, g.night_spaces = {}, {}, ()
        for key, tile in f.tiles.items():
            where = f"tiles.{escaped(key)}"
            grid = place(where, key)
            if not g.tiles and grid != (0, 0):
                raise PositionError("tiles", f"the starting tile comes first, at \"0,0\" ({starting})")
            if grid == (0, 0) and tile != starting:
                raise PositionError(where, f"the {g.shape} map starts from {starting}, not {shown(tile)}")
            if tile not in game_tiles:
                raise PositionError(where, f"{shown(tile)} is not a tile of this game"
                                    + (" (the sets played)" if tile in t.tile else " (tiles.toml ids, like countryside-1)"))
            if tile in g.tiles.values():
                raise PositionError(where, f"{tile} is placed twice")
            if grid in g.tiles:
                raise PositionError(where, f"a tile is already at {write_place(grid)}")
            if g.tiles and not in_shape(g.shape, grid):
                raise PositionError(where, f"{write_place(grid)} is beyond the coastline of the {g.shape} map")
            if g.tiles and not placed_neighbours(grid, g.tiles):
                raise PositionError(where, f"{write_place(grid)} does not touch the tiles placed before it")
            _place(t, g, grid, tile)
    placed = set(g.tiles.values())
    if f.tile_deck is not None:
        deck: list[str] = []
        for j, tile in enumerate(f.tile_deck):
            if tile not in game_tiles or tile == starting or tile in placed or tile in deck:
                raise PositionError(f"tile_deck[{j}]", f"{shown(tile)} is not a tile of this game still to "
                                    "draw (on the map, listed twice, or of another set)")
            deck.append(tile)
        g.tile_deck = deck
    else:
        g.tile_deck = [x for x in fresh.tile_deck if x not in placed]
    left = placed | set(g.tile_deck)
    out = set(fresh.tile_deck) | set(fresh.spare_tiles) | set(fresh.tiles.values())
    g.spare_tiles = [x.id for x in t.tiles if x.id in out and x.kind != "starting" and x.id not in left]


def _place(t: Tables, g: GameState, grid: Hex, tile_id: str) -> None:
    """A tile on the map, as ``exploring.place_tile`` puts it, without its "When Revealed"."""
    g.tiles[grid] = tile_id
    for i, h in enumerate(tile_hexes(grid)):
        g.spaces[h] = (tile_id, i)
        if t.tile[tile_id].hexes[i].site in ETERNAL_NIGHT:
            g.night_spaces = (*g.night_spaces, h)


def space_on_map(g: GameState, where: str, key: str) -> Hex:
    h = place(where, key)
    if h not in g.spaces:
        raise PositionError(where, f"{key} is not a space of the map (tiles)")
    return h


def site_at(t: Tables, g: GameState, h: Hex) -> str:
    tile, i = g.spaces[h]
    return t.tile[tile].hexes[i].site or ""


def token_spots(t: Tables, g: GameState, fresh: GameState, f: MKFields, pieces: Pieces
                ) -> tuple[list[tuple[Hex, list[bool], Spot]], list[tuple[Hex, bool, Spot]]]:
    """The spots of the enemy tokens and the ruins tokens on the map, with the faces."""
    enemies: list[tuple[Hex, list[bool], Spot]] = []
    if f.enemies is not None:
        for key, tokens in f.enemies.items():
            h = space_on_map(g, f"enemies.{escaped(key)}", key)
            enemies.append((h, [x.face_up for x in tokens],
                            Spot(f"enemies.{escaped(key)}", [x.token for x in tokens], [], pieces.enemy_take, pieces.enemy_keep)))
    else:
        for h, ts in fresh.enemies.items():
            if g.spaces.get(h) == fresh.spaces.get(h):
                enemies.append((h, [x.face_up for x in ts],
                                Spot("enemies", None, [x.id for x in ts], pieces.enemy_take, pieces.enemy_keep)))
    ruins: list[tuple[Hex, bool, Spot]] = []
    supply = pieces.ruins
    if f.ruins is not None:
        for key, token in f.ruins.items():
            where = f"ruins.{escaped(key)}"
            h = space_on_map(g, where, key)
            if site_at(t, g, h) != "ruins":
                raise PositionError(where, f"a ruins token lies on an ancient ruins space, not on {key}")
            ruins.append((h, token.face_up, Spot(where, [token.token], [], named(supply, where), supply.keep)))
    else:
        for h, x in fresh.ruins.items():
            if g.spaces.get(h) == fresh.spaces.get(h):
                ruins.append((h, x.face_up, Spot("ruins", None, [x.id], supply.take_one, supply.keep)))
    return enemies, ruins


def named(supply: Supply, where: str) -> Callable[[str, str], None]:
    """A place of one piece, named by its own path (``ruins.2,-4``, not ``ruins.2,-4[0]``)."""
    def take(_: str, x: str) -> None:
        supply.take_one(where, x)
    return take


def put_tokens(g: GameState, enemies: list[tuple[Hex, list[bool], Spot]], ruins: list[tuple[Hex, bool, Spot]]) -> None:
    g.enemies = {}
    for h, faces, spot in enemies:
        if spot.given is None:  # the set-up's tokens: those kept, with their faces
            faces = faces[:len(spot.out)]
        if spot.out:
            g.enemies[h] = [Token(x, up) for x, up in zip(spot.out, faces, strict=True)]
    g.ruins = {h: Token(spot.out[0], up) for h, up, spot in ruins if spot.out}


def set_sites(t: Tables, g: GameState, f: MKFields) -> None:
    """Shields (in the order placed), conquered and burned sites; each hero's Shields count."""
    n = len(g.players)
    if f.shields is not None:
        g.shields = {}
        for key, seats in f.shields.items():
            where = f"shields.{escaped(key)}"
            h = space_on_map(g, where, key)
            for j, seat in enumerate(seats):
                if seat >= n:
                    raise PositionError(f"{where}[{j}]", f"there is no seat {seat} in a game of {n}")
            if not site_at(t, g, h):
                raise PositionError(where, f"a Shield marks a site, and {key} holds none")
            g.shields[h] = list(seats)
    else:
        g.shields = {h: s for h, s in g.shields.items() if h in g.spaces}
    for name in ("conquered", "burned"):
        given = getattr(f, name)
        if given is None:
            setattr(g, name, {h for h in getattr(g, name) if h in g.spaces})
            continue
        out = set()
        for j, key in enumerate(given):
            where = f"{name}[{j}]"
            h = space_on_map(g, where, key)
            site = site_at(t, g, h)
            if not site or (name == "burned" and site != "monastery"):
                raise PositionError(where, f"{key} holds {'no monastery' if name == 'burned' else 'no site'}")
            out.add(h)
        setattr(g, name, out)
    for i, p in enumerate(g.players):
        p.shields = sum(s.count(i) for s in g.shields.values())


def owned_keeps(t: Tables, g: GameState, seat: int) -> list[Hex]:
    """The keeps a hero owns, as the Shields show them: those holding only the hero's Shield."""
    return [h for h, s in g.shields.items() if s == [seat] and site_at(t, g, h) == "keep"]


def token_fields(x: Token) -> str | dict[str, object]:
    return x.id if x.face_up else {"token": x.id, "face_up": False}


__all__ = ["named", "owned_keeps", "put_tokens", "set_sites", "set_tiles", "site_at", "space_on_map",
           "token_fields", "token_spots"]
