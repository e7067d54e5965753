"""The parts of Mage Knight's observation that read the map from a player's view: the tile on
each tile position, the numbers of each space (its tokens, Shields, conquered or burned) and
the spaces around each hero. What the tiles print is worked out once for each set of tiles
(``_ByTiles``): the map changes only when a tile is explored."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ....engine.spaces import Part
from ..content import Tables
from ..map.hexes import Hex, tile_hexes
from .observation_fields import AROUND, MOST, MOST_PLAYERS, SITES, TERRAINS, _hex

T = TypeVar("T")


class _ByTiles(Generic[T]):
    """What a view's tiles put somewhere, worked out once for each set of tiles (the views of a
    game share them from step to step, the map changing only when a tile is explored): ``of``
    the view's ``tiles`` mapping, ``build`` of its items in order. A few sets are kept."""

    KEPT = 64

    def __init__(self, build: Callable[[tuple[tuple[Any, Any], ...]], T]) -> None:
        self.build = build
        self.seen: dict[tuple[tuple[Any, Any], ...], T] = {}

    def of(self, tiles: dict[Any, Any]) -> T:
        items = tuple(tiles.items())
        try:
            return self.seen[items]
        except KeyError:
            pass
        except TypeError:  # a tile that is no key (an odd view): worked out each time
            return self.build(items)
        if len(self.seen) >= self.KEPT:
            self.seen.clear()
        found = self.seen[items] = self.build(items)
        return found


def _tiles(t: Tables, positions: tuple[Hex, ...]) -> Part:
    """Per tile position, the tile on it (one-hot of the content's tiles)."""
    where = {g: i for i, g in enumerate(positions)}
    ids = {x.id: i for i, x in enumerate(t.tiles)}
    n = len(ids)

    def ones(items: tuple[tuple[Any, Any], ...]) -> tuple[int, ...]:
        found = []
        for key, tile in items:
            i, k = where.get(_hex(key)), ids.get(tile) if type(tile) is str else None  # type: ignore[arg-type]
            if i is not None and k is not None:
                found.append(i * n + k)
        return tuple(found)
    memo = _ByTiles(ones)

    def fill(v: Any, out: list[float], start: int) -> None:
        if type(v) is dict:
            for i in memo.of(v):
                out[start + i] = 1.0
    return Part(len(positions) * n, fill, ((len(positions) * n, 0.0, 1.0),))


MAP_NUMBERS = ("on the map", "face-up enemy tokens", "face-down enemy tokens", "face-down ruins token",
               "face-up ruins token", "Shields", "conquered", "burned")


def _map(spaces: tuple[Hex, ...]) -> Part:
    """Per space: the numbers of MAP_NUMBERS."""
    where = {h: i for i, h in enumerate(spaces)}
    by_key = {f"{q},{r}": i for (q, r), i in where.items()}  # a view's "q,r": read without parsing it
    w = len(MAP_NUMBERS)

    def space(key: Any) -> int | None:
        i = by_key.get(key) if type(key) is str else None
        if i is None:
            h = _hex(key)
            i = where.get(h) if h is not None else None
        return i

    def on_map(items: tuple[tuple[Any, Any], ...]) -> tuple[int, ...]:
        found: dict[int, None] = {}  # (a space of two tiles' positions, in an odd view: written once, as before)
        for key, _ in items:
            g = _hex(key)
            for h in tile_hexes(g) if g is not None else ():
                i = where.get(h)
                if i is not None:
                    found[i * w] = None
        return tuple(found)
    memo = _ByTiles(on_map)

    def fill(v: Any, out: list[float], start: int) -> None:
        if type(v) is not dict:
            return
        tiles = v.get("tiles")
        for n in memo.of(tiles) if type(tiles) is dict else on_map(tuple((key, None) for key in tiles or {})):
            out[start + n] = 1.0
        for key, tokens in (v.get("enemies") or {}).items():
            i = space(key)
            if i is None or not isinstance(tokens, list):
                continue
            for tok in tokens:
                if isinstance(tok, list) and len(tok) == 2:
                    out[start + i * w + (1 if tok[1] else 2)] += 1.0
        for key, tok in (v.get("ruins") or {}).items():
            i = space(key)
            if i is not None and isinstance(tok, list) and len(tok) == 2:
                out[start + i * w + (4 if tok[1] else 3)] = 1.0
        for key, shields in (v.get("shields") or {}).items():
            i = space(key)
            if i is not None and isinstance(shields, list):
                out[start + i * w + 5] = float(len(shields))
        for name, k in (("conquered", 6), ("burned", 7)):
            for key in v.get(name) or ():
                i = space(key)
                if i is not None:
                    out[start + i * w + k] = 1.0
    return Part(len(spaces) * w, fill, ((len(spaces) * w, 0.0, float(MOST)),))  # tokens and Shields: far fewer


def _around(t: Tables) -> Part:
    """Per seat, per space of AROUND its hero: on the map, terrain (one-hot), site (one-hot),
    face-up and face-down enemy tokens."""
    terrain = {x: i for i, x in enumerate(TERRAINS)}
    site = {x: i for i, x in enumerate(SITES)}
    w = 1 + len(TERRAINS) + len(SITES) + 2
    per_seat = len(AROUND) * w
    nearby = {d: k for k, d in enumerate(AROUND)}

    class Printed:
        """The spaces the tiles print: per space, the numbers it sets to 1 (on the map, terrain,
        site), by its "q,r" too; per hero's space, those of the spaces around it (as they come)."""

        def __init__(self, items: tuple[tuple[Any, Any], ...]) -> None:
            spaces: dict[Hex, Any] = {}
            for key, tile in items:
                g = _hex(key)
                if g is not None and type(tile) is str and tile in t.tile:
                    spaces.update(zip(tile_hexes(g), t.tile[tile].hexes, strict=False))
            self.ones = {h: (0, 1 + terrain[s.terrain]) if s.site is None
                         else (0, 1 + terrain[s.terrain], 1 + len(TERRAINS) + site[s.site]) for h, s in spaces.items()}
            self.by_key = {f"{q},{r}": (q, r) for q, r in spaces}
            self.near: dict[Hex, tuple[int, ...]] = {}

        def around(self, hero: Hex) -> tuple[int, ...]:
            found = self.near.get(hero)
            if found is None:
                q, r = hero
                found = self.near[hero] = tuple(k * w + i for k, (dq, dr) in enumerate(AROUND)
                                                for i in self.ones.get((q + dq, r + dr), ()))
            return found
    memo = _ByTiles(Printed)

    def fill(v: Any, out: list[float], start: int) -> None:
        if type(v) is not dict or not isinstance(v.get("players"), list):
            return
        tiles = v.get("tiles") or {}
        printed = memo.of(tiles) if type(tiles) is dict else Printed(tuple(tiles.items()))
        enemies = v.get("enemies") or {}
        # the tokens on printed spaces, by the spaces' "q,r"
        tokens_on = [(h, tokens) for key, tokens in enemies.items() if (h := printed.by_key.get(key)) is not None]
        for seat, p in enumerate(v["players"][:MOST_PLAYERS]):
            hero = _hex(p.get("position")) if type(p) is dict else None
            if hero is None:
                continue
            at = start + seat * per_seat
            for i in printed.around(hero):
                out[at + i] = 1.0
            q, r = hero
            for h, tokens in tokens_on:
                k = nearby.get((h[0] - q, h[1] - r))
                if k is None:
                    continue
                for tok in tokens or ():
                    if isinstance(tok, list) and len(tok) == 2:
                        out[at + k * w + w - (2 if tok[1] else 1)] += 1.0
    return Part(MOST_PLAYERS * per_seat, fill, ((MOST_PLAYERS * per_seat, 0.0, float(MOST)),))
