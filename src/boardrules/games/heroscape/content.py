"""Load and validate the Heroscape content: army cards and battlefields.

An invalid file fails at load with the file, the entry and the field named (ContentError).
The rules code implements each special power by its id, so unknown power ids are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...engine import ContentError
from ...engine.content import check_unique, digest_files, parse_entries
from .battlefield import Battlefield, load_battlefield
from .content_model import Card

CONTENT_DIR = Path(__file__).parent / "content"

POWERS = (
    "water-clone", "explosion-special-attack", "range-enhancement", "counter-strike", "thorian-speed",
    "grapple-gun-25", "double-attack", "stealth-dodge", "berserker-charge", "ghost-walk",
    "sword-of-reckoning-4", "disengage", "zettian-targeting", "the-drop", "grenade-special-attack",
    "attack-aura-1", "warriors-attack-spirit-1", "defensive-aura-1", "warriors-armor-spirit-1",
    "defensive-aura", "flying", "fire-line-special-attack", "mind-shackle-20", "chomp",
    "orc-warrior-enhancement",
)


@dataclass(frozen=True)
class Content:
    cards: tuple[Card, ...]
    battlefields: dict[str, Battlefield]  # by file stem
    version: str


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
    files = sorted((d / "battlefields").glob("*.toml"))
    fields = {p.stem: load_battlefield(p) for p in files}
    return Content(cards, fields, digest_files([d / "cards.toml", *files]))


@cache
def default_content() -> Content:
    return load_content(CONTENT_DIR)
