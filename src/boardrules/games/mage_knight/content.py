"""Load and validate the Mage Knight content files, and the tables the rules read.

An invalid file fails at load with the file, the entry and the field named (ContentError).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import get_args

from ...engine import ContentError
from ...engine.content import check_unique, digest_files, parse_entries
from .cards_model import Card, Hero, Level, Skill, StandardCard, Tactic
from .content_model import AbilityText, Enemy, EnemyAbility, Unit
from .map_content import CityGarrison, MapSite, RuinsToken, SiteText, Tile

CONTENT_DIR = Path(__file__).parent / "content"
FILES = ("enemies.toml", "units.toml", "cards.toml", "heroes.toml", "skills.toml", "tactics.toml",
         "tiles.toml", "ruins.toml", "cities.toml", "scenarios.toml", "sites.toml")  # all in the content version
CITY_LEVELS = 11
COLOURS = ("green", "grey", "brown", "violet", "white", "red")
# Tokens per colour in the piles with every set (facts 4.4, Ultimate Edition data).
PILE_SIZES = {"green": 40, "grey": 15, "brown": 32, "violet": 14, "white": 20, "red": 22}
UNIT_CARDS = 30
# Deed cards per kind with every set (facts 2, 3.1-3.3); hero cards are checked against heroes.
CARDS_PER_KIND = {"wound": 1, "basic": 12, "advanced": 44, "spell": 24, "artifact": 25}
DECK_SIZE = 16
ORDINARY_SKILLS = 9  # per hero, besides its interactive tokens (facts 3.5)


@dataclass(frozen=True)
class Tables:
    """The validated content, indexed for the rules: enemies and units by id, and the enemy
    token piles by colour (ids repeated by their token count)."""

    enemies: tuple[Enemy, ...]
    units: tuple[Unit, ...]
    version: str
    enemy: dict[str, Enemy] = field(default_factory=dict)
    unit: dict[str, Unit] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()
    heroes: tuple[Hero, ...] = ()
    standard_deck: tuple[StandardCard, ...] = ()
    levels: tuple[Level, ...] = ()
    skills: tuple[Skill, ...] = ()
    tactics: tuple[Tactic, ...] = ()
    card: dict[str, Card] = field(default_factory=dict)
    hero: dict[str, Hero] = field(default_factory=dict)
    skill: dict[str, Skill] = field(default_factory=dict)
    tactic: dict[str, Tactic] = field(default_factory=dict)

    # the map (facts 4.3-4.6): tiles, ruins tokens, city garrisons by (colour, level)
    tiles: tuple[Tile, ...] = ()
    ruins: tuple[RuinsToken, ...] = ()
    garrisons: tuple[CityGarrison, ...] = ()
    tile: dict[str, Tile] = field(default_factory=dict)
    ruins_token: dict[str, RuinsToken] = field(default_factory=dict)
    garrison: dict[tuple[str, int], CityGarrison] = field(default_factory=dict)

    # the texts of the enemy abilities and of the map sites (the catalogue, the labels, the terminal)
    abilities: tuple[AbilityText, ...] = ()
    sites: tuple[SiteText, ...] = ()
    ability: dict[str, AbilityText] = field(default_factory=dict)
    site: dict[str, SiteText] = field(default_factory=dict)

    def starting_deck(self, hero: str, sets: frozenset[str] | None = None) -> list[str]:
        """A hero's 16 starting cards (ids, in standard-deck order with the hero's swaps); with
        ``sets``, only the own cards of those sets are swapped in (the 2011 box: the first)."""
        swaps = {h.replaces: h.card for h in self.hero[hero].cards if sets is None or self.card[h.card].set in sets}
        deck: list[str] = []
        for s in self.standard_deck:
            for _ in range(s.copies):
                deck.append(swaps.pop(s.card, s.card))
        return deck

    def cards_of(self, kind: str, sets: frozenset[str] | None = None) -> list[str]:
        """The ids of the cards of a kind (in the chosen sets), each repeated by its copies: the
        Advanced Action, Spell and Artifact decks before shuffling."""
        return [c.id for c in self.cards if c.kind == kind and (sets is None or c.set in sets)
                for _ in range(c.copies)]

    def skill_pile(self, hero: str, cooperative: bool = False) -> list[str]:
        """A hero's skill tokens for a game (facts 3.5): the ordinary ones and the interactive
        token of the game's kind (competitive, or cooperative in co-op and solo games)."""
        mode = "cooperative" if cooperative else "competitive"
        return [s.id for s in self.skills if s.hero == hero and s.mode in (None, mode)]

    def level_of(self, fame: int) -> Level:
        """The level reached with this much Fame (facts 1.3)."""
        return [lv for lv in self.levels if lv.fame <= fame][-1]

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


def _check_cards(t: Tables) -> None:
    kinds: Counter[str] = Counter(c.kind for c in t.cards)
    for kind, n in CARDS_PER_KIND.items():
        if kinds[kind] != n:
            raise ContentError("cards.toml", "-", "kind", f"expected {n} {kind} cards, found {kinds[kind]}")
    standard = {s.card: s.copies for s in t.standard_deck}
    for s in t.standard_deck:
        c = t.card.get(s.card)
        if c is None or c.kind != "basic":
            raise ContentError("heroes.toml", s.card, "standard", "the standard deck names a card that is not a "
                               "basic action of cards.toml")
        if s.copies != c.copies:
            raise ContentError("heroes.toml", s.card, "standard", f"{s.copies} copies here, {c.copies} in cards.toml")
    if sum(standard.values()) != DECK_SIZE:
        raise ContentError("heroes.toml", "-", "standard", f"the standard deck has {sum(standard.values())} cards, "
                           f"not {DECK_SIZE}")
    for c in t.cards:
        if c.kind != "hero":
            continue
        if c.hero not in t.hero:
            raise ContentError("cards.toml", c.id, "hero", f"no hero {c.hero!r} in heroes.toml")
        if c.replaces not in standard:
            raise ContentError("cards.toml", c.id, "replaces", f"{c.replaces!r} is not a card of the standard deck")
        listed = [h for h in t.hero[c.hero].cards if h.card == c.id]
        if not listed:
            raise ContentError("cards.toml", c.id, "hero", f"{c.hero}'s cards in heroes.toml do not include it")
        if listed[0].replaces != c.replaces:
            raise ContentError("cards.toml", c.id, "replaces", f"heroes.toml has it replace {listed[0].replaces!r}")
    for h in t.heroes:
        for i, own in enumerate(h.cards):
            c = t.card.get(own.card)
            if c is None or c.hero != h.id or c.replaces != own.replaces:
                raise ContentError("heroes.toml", h.id, f"cards.{i}", f"{own.card!r} is not a hero card of {h.id} "
                                   f"replacing {own.replaces!r} in cards.toml")
        replaced = Counter(own.replaces for own in h.cards)
        for card, n in replaced.items():
            if n > standard.get(card, 0):
                raise ContentError("heroes.toml", h.id, "cards", f"replaces {card!r} {n} times: the standard deck "
                                   f"has {standard.get(card, 0)}")
        if len(t.starting_deck(h.id)) != DECK_SIZE:
            raise ContentError("heroes.toml", h.id, "cards", f"the starting deck is not {DECK_SIZE} cards")


def _check_levels(t: Tables) -> None:
    if [lv.level for lv in t.levels] != list(range(1, 11)):
        raise ContentError("heroes.toml", "-", "level", "the level track lists levels 1 to 10 in order")
    for lv in t.levels:
        first = 0 if lv.level == 1 else lv.level * lv.level - 1
        if lv.fame != first:
            raise ContentError("heroes.toml", str(lv.level), "fame", f"level {lv.level} starts at Fame {first} "
                               "(n*n - 1: row n of the Fame track is 2n+1 spaces)")
        gain = "start" if lv.level == 1 else ("skill-and-advanced-action" if lv.level % 2 == 0 else "level-token")
        if lv.gain != gain:
            raise ContentError("heroes.toml", str(lv.level), "gain", f"level {lv.level} gives {gain}")


def _check_skills_and_tactics(t: Tables) -> None:
    for s in t.skills:
        if s.hero not in t.hero:
            raise ContentError("skills.toml", s.id, "hero", f"no hero {s.hero!r} in heroes.toml")
        # the cooperative tokens came with the Ultimate Edition; every other skill with its hero
        if s.mode != "cooperative" and s.set != t.hero[s.hero].set:
            raise ContentError("skills.toml", s.id, "set", f"{s.hero}'s skills are of the set {t.hero[s.hero].set!r}")
    for h in t.heroes:
        own = [s for s in t.skills if s.hero == h.id]
        n = sum(s.type != "interactive" for s in own)
        if n != ORDINARY_SKILLS:
            raise ContentError("skills.toml", h.id, "hero", f"{h.name} has {n} skills besides the interactive "
                               f"ones, not {ORDINARY_SKILLS}")
        for mode in ("competitive", "cooperative"):
            if sum(s.mode == mode for s in own) > 1:
                raise ContentError("skills.toml", h.id, "mode", f"{h.name} has more than one {mode} skill")
    for time in ("day", "night"):
        numbers = sorted(x.number for x in t.tactics if x.time == time)
        if numbers != list(range(1, 7)):
            raise ContentError("tactics.toml", "-", "number", f"the {time} tactics are numbered {numbers}, not 1-6")


def _check_texts(t: Tables) -> None:
    """Every enemy ability and every map site has its text."""
    for ability in get_args(EnemyAbility):
        if ability not in t.ability:
            raise ContentError("enemies.toml", ability, "ability", "this enemy ability has no text")
    for site in get_args(MapSite):
        if site not in t.site:
            raise ContentError("sites.toml", site, "site", "this map site has no text")


def load_content(directory: Path | str = CONTENT_DIR) -> Tables:
    """Read and validate a content set (the shipped one by default)."""
    d = Path(directory)
    enemies = parse_entries(d / "enemies.toml", "enemy", Enemy)
    units = parse_entries(d / "units.toml", "unit", Unit)
    cards = parse_entries(d / "cards.toml", "card", Card)
    standard = parse_entries(d / "heroes.toml", "standard", StandardCard, ("card",))
    heroes = parse_entries(d / "heroes.toml", "hero", Hero)
    levels = parse_entries(d / "heroes.toml", "level", Level, ("level",))
    skills = parse_entries(d / "skills.toml", "skill", Skill)
    tactics = parse_entries(d / "tactics.toml", "tactic", Tactic)
    tiles = parse_entries(d / "tiles.toml", "tile", Tile)
    ruins = parse_entries(d / "ruins.toml", "ruins", RuinsToken)
    garrisons = parse_entries(d / "cities.toml", "garrison", CityGarrison, keys=("city",))
    abilities = parse_entries(d / "enemies.toml", "ability", AbilityText)
    sites = parse_entries(d / "sites.toml", "site", SiteText)
    for file, items in (("enemies.toml", enemies), ("units.toml", units), ("cards.toml", cards),
                        ("heroes.toml", heroes), ("skills.toml", skills), ("tactics.toml", tactics),
                        ("tiles.toml", tiles), ("ruins.toml", ruins), ("enemies.toml", abilities),
                        ("sites.toml", sites)):
        check_unique(file, items)
    t = Tables(enemies, units, digest_files(d / f for f in FILES),
               {e.id: e for e in enemies}, {u.id: u for u in units},
               cards=cards, heroes=heroes, standard_deck=standard, levels=levels, skills=skills, tactics=tactics,
               card={c.id: c for c in cards}, hero={h.id: h for h in heroes}, skill={s.id: s for s in skills},
               tactic={x.id: x for x in tactics},
               tiles=tiles, ruins=ruins, garrisons=garrisons, tile={x.id: x for x in tiles},
               ruins_token={r.id: r for r in ruins}, garrison={(g.city, g.level): g for g in garrisons},
               abilities=abilities, sites=sites, ability={x.id: x for x in abilities}, site={x.id: x for x in sites})
    _check(t)
    _check_cards(t)
    _check_levels(t)
    _check_skills_and_tactics(t)
    _check_texts(t)
    return t


@cache
def default_content() -> Tables:
    return load_content(CONTENT_DIR)
