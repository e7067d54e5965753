"""Load and validate the Meeples & Monsters content files.

An invalid file fails at load with the file, the entry and the field named (ContentError).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from ...engine import ContentError
from ...engine.content import check_unique, digest_files, parse_entries
from .content_model import (
    Component,
    CouncilBonus,
    Hero,
    Location,
    Monster,
    Quest,
    SlotBonus,
    TowerRoom,
)

CONTENT_DIR = Path(__file__).parent / "content"

M = TypeVar("M", bound=BaseModel)

# GAME COMPONENTS: the counts the rulebook prints.
MEEPLE_SUPPLY = {
    "peasant": 48, "knight": 15, "warrior": 18, "mage": 18, "cleric": 18, "corruption": 20,
    "ranger": 5, "paladin": 5, "shaman": 5,
}
LOCATION_TILES = 15
MONSTERS_BY_LEVEL = {1: 12, 2: 20, 3: 8}
OVERLORDS, HENCHMEN = 3, 1
COUNCIL_ARRIVES = 3
QUESTS = 44
COUNCIL_BONUS_TOKENS = 6
TOWER_STACKS, ROOMS_PER_STACK = 4, 5


@dataclass(frozen=True)
class Content:
    """All cards of one content set, validated."""

    locations: tuple[Location, ...]
    slot_bonuses: tuple[SlotBonus, ...]
    heroes: tuple[Hero, ...]
    monsters: tuple[Monster, ...]
    council_bonuses: tuple[CouncilBonus, ...]
    quests: tuple[Quest, ...]
    tower_rooms: tuple[TowerRoom, ...]
    meeples: tuple[Component, ...]  # one entry per meeple kind, in the rulebook's kind order
    cards: tuple[Component, ...]  # other cards without values (Dark Council Arrives)
    version: str


def _parse(file: Path, table: str, model: type[M]) -> tuple[M, ...]:
    return parse_entries(file, table, model, keys=("id", "unit", "slot"))


def _check_counts(c: Content) -> None:
    tiles = [loc for loc in c.locations if loc.kind == "tile"]
    starting = [loc for loc in c.locations if loc.kind == "starting"]
    capitol = [loc for loc in c.locations if loc.kind == "capitol"]
    if len(tiles) != LOCATION_TILES:
        raise ContentError("locations.toml", "-", "kind", f"expected {LOCATION_TILES} Location tiles, found {len(tiles)}")
    if sorted(loc.district for loc in starting) != sorted(["villages", "castle", "university", "cathedral"]):
        raise ContentError("locations.toml", "-", "kind", "expected one starting Location in each of the 4 districts")
    for loc in starting + tiles:
        if loc.district == "capitol":
            raise ContentError("locations.toml", loc.id, "district", "only Capitol Locations stand in the Capitol")
    construct = sum(o.constructs for loc in capitol for o in loc.options)
    level_up = sum(o.level_up for loc in capitol for o in loc.options)
    if len(capitol) != 2 or construct != 1 or level_up != 1:
        raise ContentError("locations.toml", "-", "kind", "expected 2 Capitol Locations: one to construct, one to level up")
    slots = sorted(b.slot for b in c.slot_bonuses)
    want = sorted(f"{d}-{n}" for d in ("villages", "castle", "university", "cathedral") for n in (2, 3))
    if slots != want:
        raise ContentError("slots.toml", "-", "slot", f"expected one bonus for each vacant slot {want}")
    levels = Counter(m.level for m in c.monsters if m.council is None)
    for level, n in MONSTERS_BY_LEVEL.items():
        if levels[level] != n:
            raise ContentError("monsters.toml", "-", "level", f"expected {n} level {level} Monsters, found {levels[level]}")
    council = Counter(m.council for m in c.monsters if m.council)
    if council["overlord"] != OVERLORDS or council["henchman"] != HENCHMEN:
        raise ContentError("monsters.toml", "-", "council", "expected 3 Dark Overlords and 1 Henchman")
    if len(c.council_bonuses) != COUNCIL_BONUS_TOKENS:
        raise ContentError("council.toml", "-", "bonus", f"expected {COUNCIL_BONUS_TOKENS} Dark Council Bonus tokens")
    if len(c.quests) != QUESTS:
        raise ContentError("quests.toml", "-", "quest", f"expected {QUESTS} Quest cards, found {len(c.quests)}")
    for unit in ("mage", "cleric", "knight", "warrior", "peasant", "ranger", "paladin", "shaman"):
        heroes = [h for h in c.heroes if h.unit == unit]
        if len(heroes) != 1:
            raise ContentError("heroes.toml", unit, "unit", "expected exactly one Hero entry for each Unit kind")
        levels_ = [lv.level for lv in heroes[0].levels]
        basic = unit in ("mage", "cleric", "knight", "warrior")
        if basic and levels_ != [1, 2, 3]:
            raise ContentError("heroes.toml", unit, "levels", "a basic class needs levels 1, 2 and 3 in order")
        if not basic and len(levels_) != 1:
            raise ContentError("heroes.toml", unit, "levels", "Peasants and Prestige classes have one level")
    kinds = [m.id for m in c.meeples]
    if sorted(kinds) != sorted(MEEPLE_SUPPLY):
        raise ContentError("components.toml", "-", "meeple", f"expected one entry for each meeple kind "
                           f"({', '.join(MEEPLE_SUPPLY)}), found {', '.join(kinds) or 'none'}")
    if "dark-council-arrives" not in {x.id for x in c.cards}:
        raise ContentError("components.toml", "-", "card", "expected the Dark Council Arrives card")
    if c.tower_rooms and len(c.tower_rooms) != TOWER_STACKS * ROOMS_PER_STACK:
        raise ContentError("towers.toml", "-", "room", f"expected {TOWER_STACKS * ROOMS_PER_STACK} Tower Rooms")
    for m in c.monsters:
        if (m.council is None) == (m.level == 4):
            raise ContentError("monsters.toml", m.id, "level", "the Dark Council, and only it, is level 4")
    _check_locations(c)


def _check_locations(c: Content) -> None:
    """Effects that need something at the Location: a (-) or rest Unit among the needs, a
    Prestige gain from the Location's stock; Corruption is never a Location need."""
    for loc in c.locations:
        for i, opt in enumerate(loc.options, start=1):
            where = f"options.{i}"
            if "corruption" in opt.requires:
                raise ContentError("locations.toml", loc.id, f"{where}.requires",
                                   "Corruption cannot be assigned to Locations")
            for e in opt.effects:
                for kind in (e.lose, e.rest):
                    if kind is not None and kind not in opt.requires:
                        raise ContentError("locations.toml", loc.id, f"{where}.effects",
                                           f"the {kind} returned by this effect must be among the requirements")
                if e.prestige is not None and e.prestige not in loc.stock:
                    raise ContentError("locations.toml", loc.id, f"{where}.effects",
                                       f"a {e.prestige} gained here needs a stock of {e.prestige} on the Location")


def load_content(directory: Path | str = CONTENT_DIR) -> Content:
    """Read and validate a content set (the shipped one by default)."""
    d = Path(directory)
    content = Content(
        locations=_parse(d / "locations.toml", "location", Location),
        slot_bonuses=_parse(d / "slots.toml", "slot", SlotBonus),
        heroes=_parse(d / "heroes.toml", "hero", Hero),
        monsters=_parse(d / "monsters.toml", "monster", Monster),
        council_bonuses=_parse(d / "council.toml", "bonus", CouncilBonus),
        quests=_parse(d / "quests.toml", "quest", Quest),
        tower_rooms=_parse(d / "towers.toml", "room", TowerRoom),
        meeples=_parse(d / "components.toml", "meeple", Component),
        cards=_parse(d / "components.toml", "card", Component),
        version=_digest(d),
    )
    for file, items in (
        ("locations.toml", content.locations), ("monsters.toml", content.monsters),
        ("quests.toml", content.quests), ("council.toml", content.council_bonuses),
        ("towers.toml", content.tower_rooms), ("components.toml", content.meeples + content.cards),
    ):
        check_unique(file, items)
    _check_counts(content)
    return content


def _digest(d: Path) -> str:
    names = ("locations", "slots", "heroes", "monsters", "council", "quests", "towers", "components")
    return digest_files(d / f"{name}.toml" for name in names)


@cache
def default_content() -> Content:
    return load_content(CONTENT_DIR)
