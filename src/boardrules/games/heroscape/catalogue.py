"""The catalogue of Heroscape (``info NAME``): every army card with the numbers printed on it
(points, Life, Move, Range, Attack, Defense, size and Height, figures) and its powers' texts,
every special power on its own, and the battlefields. Read from the content (``cards.toml``,
``powers.toml``, ``battlefields/``); the numbers a power carries are those of ``powers.py``."""

from __future__ import annotations

from ...engine import Catalogue, Entry
from .content import Content, default_content
from .content_model import Card, Power
from .powers import SPECIAL_ATTACKS

ARMY_CARD, POWER, BATTLEFIELD = "army card", "power", "battlefield"


def power_texts(c: Content) -> dict[str, Power]:
    """Each power's name and text by id: those of the content, or, for a content made by hand
    (a test's), the shipped ones (the loader checks that they cover every power of the rules)."""
    return {p.id: p for p in (c.powers or default_content().powers)}


def card_kind(card: Card, rarity: bool = True) -> str:
    """``Unique Hero``, ``Common Squad of 4``... as the card is headed (``rarity`` False: a
    Unique card's rarity left out, as most are)."""
    what = "Hero" if card.kind == "hero" else f"Squad of {card.figures}"
    return f"{card.rarity.title()} {what}" if rarity or card.rarity != "unique" else what


def card_numbers(card: Card) -> tuple[tuple[str, str], ...]:
    out = [("Points", str(card.points)), ("Life", str(card.life)), ("Move", str(card.move)),
           ("Range", str(card.range)), ("Attack", str(card.attack)), ("Defense", str(card.defense)),
           ("Height", f"{card.size.title()} {card.height}"), ("Figures", str(card.figures))]
    if card.hexes == 2:
        out.append(("Spaces", "2 (a double-space figure)"))
    return tuple(out)


def card_text(card: Card, powers: dict[str, Power]) -> str:
    head = f"{card_kind(card)} of {card.general}, {card.species}."
    told = " ".join(f"{powers[p].name}: {powers[p].text}" for p in card.powers)
    return f"{head} {told}".strip()


def power_numbers(power: str) -> tuple[tuple[str, str], ...]:
    if power not in SPECIAL_ATTACKS:
        return ()
    reach, dice = SPECIAL_ATTACKS[power]
    spaces = "a line of " if power.startswith("fire-line") else ""
    return (("Range", f"{spaces}{reach}"), ("Attack", str(dice)))


def build_catalogue(c: Content) -> Catalogue:
    powers = power_texts(c)
    entries: list[Entry] = []
    for card in c.cards:
        entries.append(Entry(ARMY_CARD, card.id, card.name, card_text(card, powers), card_numbers(card)))
    on_cards = {p: [card.name for card in c.cards if p in card.powers] for p in powers}
    for p in powers.values():
        where = f" (on {', '.join(on_cards[p.id])})" if on_cards.get(p.id) else ""
        entries.append(Entry(POWER, p.id, p.name, p.text + where, power_numbers(p.id)))
    for key, bf in sorted(c.battlefields.items()):
        counts = [str(n) for n in bf.players]
        players = " or ".join([", ".join(counts[:-1]), counts[-1]] if len(counts) > 1 else counts)
        zones = ", ".join(f"{zone} ({len(spaces)} spaces)" for zone, spaces in bf.start.items())
        text = f"A battlefield for {players} players; start zones: {zones or 'none'}."
        entries.append(Entry(BATTLEFIELD, key, bf.name, text,
                             (("Players", players), ("Spaces", str(bf.size)), ("Highest level", str(max(bf.level))))))
    return Catalogue(entries)
