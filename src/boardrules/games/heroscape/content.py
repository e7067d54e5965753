"""Load and validate the Heroscape content: army cards, the texts of their powers and
battlefields.

An invalid file fails at load with the file, the entry and the field named (ContentError).
The rules code implements each special power by its id, so unknown power ids are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...engine import ContentError
from ...engine.actions import is_action_word
from ...engine.content import check_unique, digest_files, parse_entries
from .battlefield import Battlefield, load_battlefield
from .content_model import Card, Power

CONTENT_DIR = Path(__file__).parent / "content"

# the power ids of cards.toml that the rules implement (their numbers are in powers.py)
EXPLOSION = "explosion-special-attack"
GRENADE = "grenade-special-attack"
FIRE_LINE = "fire-line-special-attack"
FLYING = "flying"
GHOST_WALK = "ghost-walk"
DISENGAGE = "disengage"
GRAPPLE_GUN = "grapple-gun-25"
THORIAN_SPEED = "thorian-speed"
DOUBLE_ATTACK = "double-attack"
STEALTH_DODGE = "stealth-dodge"
COUNTER_STRIKE = "counter-strike"
BERSERKER_CHARGE = "berserker-charge"
SWORD_OF_RECKONING = "sword-of-reckoning-4"
ZETTIAN_TARGETING = "zettian-targeting"
RANGE_ENHANCEMENT = "range-enhancement"
ATTACK_AURA = "attack-aura-1"
DEFENSIVE_AURA_1 = "defensive-aura-1"
DEFENSIVE_AURA = "defensive-aura"
ATTACK_SPIRIT = "warriors-attack-spirit-1"
ARMOR_SPIRIT = "warriors-armor-spirit-1"
ORC_ENHANCEMENT = "orc-warrior-enhancement"
CHOMP = "chomp"
MIND_SHACKLE = "mind-shackle-20"
WATER_CLONE = "water-clone"
THE_DROP = "the-drop"

POWERS = (
    WATER_CLONE, EXPLOSION, RANGE_ENHANCEMENT, COUNTER_STRIKE, THORIAN_SPEED, GRAPPLE_GUN, DOUBLE_ATTACK,
    STEALTH_DODGE, BERSERKER_CHARGE, GHOST_WALK, SWORD_OF_RECKONING, DISENGAGE, ZETTIAN_TARGETING, THE_DROP,
    GRENADE, ATTACK_AURA, ATTACK_SPIRIT, DEFENSIVE_AURA_1, ARMOR_SPIRIT, DEFENSIVE_AURA, FLYING, FIRE_LINE,
    MIND_SHACKLE, CHOMP, ORC_ENHANCEMENT,
)


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    battlefields: dict[str, Battlefield]  # by file stem
    version: str
    powers: tuple[Power, ...] = ()  # the text of every power in POWERS (none in a content made by hand)


def load_content(directory: Path | str = CONTENT_DIR) -> Content:
    d = Path(directory)
    cards = parse_entries(d / "cards.toml", "card", Card)
    check_unique("cards.toml", cards)
    for c in cards:
        for i, power in enumerate(c.powers):
            if power not in POWERS:
                raise ContentError("cards.toml", c.id, f"powers.{i}", f"no rules for a power {power!r}")
        if (c.kind == "hero") != (c.figures == 1):
            raise ContentError("cards.toml", c.id, "figures", "a Hero card has one figure, a Squad card several")
    ids = {c.id for c in cards}
    for c in cards:  # a Squad's figures are named card-1, card-2...: no card may be named so
        base, _, number = c.id.rpartition("-")
        if number.isdigit() and base in ids:
            raise ContentError("cards.toml", c.id, "id", f"a figure of {base!r} is already named {c.id!r}")
    files = sorted((d / "battlefields").glob("*.toml"))
    for p in files:  # the file name is typed in --option battlefield=NAME
        if not is_action_word(p.stem):
            raise ContentError(f"battlefields/{p.name}", p.stem, "file name",
                               "a battlefield's file name is typed as an option value: use ASCII letters, "
                               "digits and - _ : . + only (e.g. 'river-crossing')")
    fields = {p.stem: load_battlefield(p) for p in files}
    powers = load_powers(d / "powers.toml")
    # the power texts change nothing in play: not in the version, so saves and replays keep theirs
    return Content(cards, fields, digest_files([d / "cards.toml", *files]), powers)


def load_powers(path: Path) -> tuple[Power, ...]:
    """The text of each power the rules implement: every one of POWERS once, no other."""
    powers = parse_entries(path, "power", Power)
    check_unique(path.name, powers)
    for p in powers:
        if p.id not in POWERS:
            raise ContentError(path.name, p.id, "id", f"no rules for a power {p.id!r}")
    missing = [p for p in POWERS if p not in {x.id for x in powers}]
    if missing:
        raise ContentError(path.name, "-", "id", f"no text for the power(s) {', '.join(missing)}")
    return powers


@cache
def default_content() -> Content:
    return load_content(CONTENT_DIR)
