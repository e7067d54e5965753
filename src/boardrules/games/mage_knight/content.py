"""Load and validate the Mage Knight content files, and the tables the rules read.

An invalid file fails at load with the file, the entry and the field named (ContentError).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...engine import ContentError
from ...engine.content import check_unique, digest_files, parse_entries
from .content_model import Enemy, Unit
from .map_content import CityGarrison, RuinsToken, Tile

CONTENT_DIR = Path(__file__).parent / "content"
FILES = ("enemies.toml", "units.toml", "tiles.toml", "ruins.toml", "cities.toml")
CITY_LEVELS = 11
COLOURS = ("green", "grey", "brown", "violet", "white", "red")
# Tokens per colour in the piles with every set (facts 4.4, Ultimate Edition data).
PILE_SIZES = {"green": 40, "grey": 15, "brown": 32, "violet": 14, "white": 20, "red": 22}
UNIT_CARDS = 30


@dataclass(frozen=True)
class Tables:
    """The validated content, indexed for the rules: enemies and units by id, and the enemy
    token piles by colour (ids repeated by their token count)."""

    enemies: tuple[Enemy, ...]
    units: tuple[Unit, ...]
    version: str
    enemy: dict[str, Enemy] = field(default_factory=dict)
    unit: dict[str, Unit] = field(default_factory=dict)
    # the map (facts 4.3-4.6): tiles, ruins tokens, city garrisons by (colour, level)
    tiles: tuple[Tile, ...] = ()
    ruins: tuple[RuinsToken, ...] = ()
    garrisons: tuple[CityGarrison, ...] = ()
    tile: dict[str, Tile] = field(default_factory=dict)
    ruins_token: dict[str, RuinsToken] = field(default_factory=dict)
    garrison: dict[tuple[str, int], CityGarrison] = field(default_factory=dict)

    def pile(self, colour: str, sets: frozenset[str] | None = None) -> list[str]:
        """Every token of a colour (in the chosen sets), in content order."""
        return [e.id for e in self.enemies if e.colour == colour and (sets is None or e.set in sets)
                for _ in range(e.count)]


def _check(t: Tables) -> None:
    sizes: Counter[str] = Counter()
    seen_garrisons: set[tuple[str, int]] = set()
    for e in t.enemies:
        sizes[e.colour] += e.count
        if len({a.summon is None for a in e.attacks}) > 1:
            raise ContentError("enemies.toml", e.id, "attacks", "a summoner's attacks are all summons")
    for colour, n in PILE_SIZES.items():
        if sizes[colour] != n:
            raise ContentError("enemies.toml", "-", "count", f"expected {n} {colour} tokens, found {sizes[colour]}")
    for g in t.garrisons:
        if (g.city, g.level) in seen_garrisons:
            raise ContentError("cities.toml", g.id, "level", "this city colour and level is given twice")
        seen_garrisons.add((g.city, g.level))
    numbers: set[tuple[str, int]] = set()
    for x in t.tiles:
        if x.kind != "starting" and (x.kind, x.number) in numbers:
            raise ContentError("tiles.toml", x.id, "number", f"another {x.kind} tile has number {x.number}")
        numbers.add((x.kind, x.number))
    for colour in ("white", "blue", "green", "red"):
        for level in range(1, CITY_LEVELS + 1):
            if (colour, level) not in seen_garrisons:
                raise ContentError("cities.toml", f"{colour}-{level}", "garrison", "this city level is missing")
    if len(t.units) != UNIT_CARDS:
        raise ContentError("units.toml", "-", "unit", f"expected {UNIT_CARDS} Units, found {len(t.units)}")


def load_content(directory: Path | str = CONTENT_DIR) -> Tables:
    """Read and validate a content set (the shipped one by default)."""
    d = Path(directory)
    enemies = parse_entries(d / "enemies.toml", "enemy", Enemy)
    units = parse_entries(d / "units.toml", "unit", Unit)
    check_unique("enemies.toml", enemies)
    check_unique("units.toml", units)
    tiles = parse_entries(d / "tiles.toml", "tile", Tile)
    ruins = parse_entries(d / "ruins.toml", "ruins", RuinsToken)
    garrisons = parse_entries(d / "cities.toml", "garrison", CityGarrison, keys=("city",))
    check_unique("tiles.toml", tiles)
    check_unique("ruins.toml", ruins)
    t = Tables(enemies, units, digest_files(d / f for f in FILES),
               {e.id: e for e in enemies}, {u.id: u for u in units},
               tiles, ruins, garrisons, {x.id: x for x in tiles}, {r.id: r for r in ruins},
               {(g.city, g.level): g for g in garrisons})
    _check(t)
    return t


@cache
def default_content() -> Tables:
    return load_content(CONTENT_DIR)
