"""Small questions about cards and stacks that several rule sections ask."""

from __future__ import annotations

from collections import Counter
from functools import cache

from .content import Content
from .content_model import Artifact, Hero, Location, Town, Unit

KIND_WORDS = ((Hero, "Hero"), (Unit, "Unit"), (Town, "Town"), (Location, "Location"), (Artifact, "Artifact"))


def pname(seat: int) -> str:
    return f"Player {seat + 1}"


def is_hero(c: Content, card: str) -> bool:
    return isinstance(c.card(card), Hero)


def is_unit(c: Content, card: str) -> bool:
    return isinstance(c.card(card), Unit)


def is_town(c: Content, card: str) -> bool:
    return isinstance(c.card(card), Town)


def is_location(c: Content, card: str) -> bool:
    return isinstance(c.card(card), Location)


def is_artifact(c: Content, card: str) -> bool:
    return isinstance(c.card(card), Artifact)


def alignment_of(c: Content, card: str) -> str:
    """A Hero's, Unit's or Town's alignment ("" for Locations and Artifacts, which have none)."""
    x = c.card(card)
    return x.alignment if isinstance(x, Hero | Unit | Town) else ""


def speed_of(c: Content, card: str) -> int:
    x = c.card(card)
    return x.speed if isinstance(x, Hero | Unit) else 0


def order_stack(c: Content, cards: list[str]) -> list[str]:
    """The cards of an Army Stack in order: "the top card of a stack must be the Hero if one is
    present, else the unit with the highest movement score" (rules12). Heroes go first, then
    Units by Hex Speed, each keeping its place among equals."""
    return sorted(cards, key=lambda k: (0 if is_hero(c, k) else 1, -speed_of(c, k)))


def has_hero(c: Content, cards: list[str]) -> bool:
    return any(is_hero(c, k) for k in cards)


def stack_speed(c: Content, cards: list[str]) -> int:
    """Movement points: the Hex Speed Score of the top card (rules12)."""
    return speed_of(c, cards[0]) if cards else 0


def flies(c: Content, cards: list[str]) -> bool:
    """A flying army: every card has Flight (rules22)."""
    for k in cards:
        x = c.card(k)
        if not isinstance(x, Hero | Unit) or "flight" not in x.abilities:
            return False
    return bool(cards)


def marker_word(kind: str) -> str:
    """The kind of marker a space's card and map hex carry (facts, rules10: Army, Location and Town
    Markers): a Town Marker on a Town, a Location Marker on a Location or Creature Dwelling (ours:
    rules13 on Dwellings is not public). The numbers are one series (ours): each pair is unique."""
    return "Town Marker" if kind == "town" else "Location Marker"


def shown_name(c: Content, card: str) -> str:
    """A card's name as a player is shown it, unique on screen (issue 24: "two different cards
    both read Mage"): its printed name, and its kind after a name another card shares (the Mage
    Hero and the Mage Unit read ``Mage (Hero)`` and ``Mage (Unit)``)."""
    x = c.card(card)
    if x.name not in _shared_names(c):
        return x.name
    return f"{x.name} ({next(word for kind, word in KIND_WORDS if isinstance(x, kind))})"


@cache
def _shared_names(c: Content) -> frozenset[str]:
    names = Counter(x.name for group in (c.heroes, c.units, c.towns, c.locations, c.artifacts) for x in group)
    return frozenset(name for name, n in names.items() if n > 1)


def section_words(c: Content, sid: str) -> str:
    """A map section and its spaces: ``old-kingdom (1 town, 1 dwelling, 2 location)``."""
    section = next(x for x in c.sections if x.id == sid)
    kinds = Counter(sp.kind for sp in section.spaces)
    return f"{sid} ({', '.join(f'{n} {k}' for k, n in kinds.items()) or 'no space'})"
