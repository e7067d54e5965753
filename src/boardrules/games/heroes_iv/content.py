"""Load and validate the Heroes IV content files. An invalid file fails at load with the file,
the entry and the field named (ContentError); references between files (a Unit's alignment, a
deck's cards, a section's terrain letters) are checked too.

``Cards`` is the loaded content compiled for lookups: every card by its id, whatever its type.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import get_args

from ...engine import ContentError
from ...engine.content import (
    check_unique,
    digest_files,
    digest_text,
    parse_entries,
    read_text,
    read_toml,
    validate,
)
from .content_model import (
    CARD_TYPES,
    SECTION_ROWS,
    Ability,
    Alignment,
    Artifact,
    Deck,
    Glossary,
    Hero,
    Location,
    RuleValues,
    Section,
    Terrain,
    Town,
    Unit,
)

CONTENT_DIR = Path(__file__).parent / "content"
FILES = ("rules.toml", "terrain.toml", "alignments.toml", "heroes.toml", "units.toml", "towns.toml",
         "locations.toml", "decks.toml", "sections.toml", "glossary.toml")
# the alignments of the rules, in the manual's order (rules2)
ALIGNMENT_IDS = ("life", "death", "order", "chaos", "nature", "might")

Card = Hero | Unit | Town | Location | Artifact


@dataclass(frozen=True, eq=False)  # compared by identity: one object per content set
class Content:
    rules: RuleValues
    terrain: tuple[Terrain, ...]
    alignments: tuple[Alignment, ...]
    heroes: tuple[Hero, ...]
    units: tuple[Unit, ...]
    towns: tuple[Town, ...]
    locations: tuple[Location, ...]
    artifacts: tuple[Artifact, ...]
    decks: tuple[Deck, ...]
    sections: tuple[Section, ...]
    version: str
    card_types: tuple[Glossary, ...] = ()  # the rules text of each kind of card (glossary.toml)
    abilities: tuple[Glossary, ...] = ()  # and of each ability

    # -- lookups (built once per content set) ------------------------------------------------
    def card(self, card_id: str) -> Card:
        return _index(self)[card_id]


@cache
def _index(c: Content) -> dict[str, Card]:
    out: dict[str, Card] = {}
    for group in (c.heroes, c.units, c.towns, c.locations, c.artifacts):
        for card in group:
            out[card.id] = card
    return out


def _rules(d: Path) -> RuleValues:
    data = read_toml(d / "rules.toml")
    rules = validate(RuleValues, data, "rules.toml", "rules")
    # set-up (rules10) takes the starting forces (a Hero, the Units, a Town) from the deck, then draws
    # the Adventure Stack and the hand from what is left: the smallest deck must hold them all
    forces = 2 + sum(rules.start_units)
    left = rules.deck_size - forces
    if left < 0:
        raise ContentError("rules.toml", "rules", "start_units",
                           f"the starting forces (a Hero, a Town and {forces - 2} Units) are {forces} cards, more "
                           f"than a deck of {rules.deck_size} (deck_size) holds")
    if rules.adventure_stack + rules.hand > left:
        raise ContentError("rules.toml", "rules", "hand" if rules.hand > left else "adventure_stack",
                           f"the {rules.adventure_stack} cards of the Adventure Stack and the {rules.hand} of the "
                           f"hand cannot be drawn from a deck of {rules.deck_size} (deck_size) less the {forces} "
                           f"cards of the starting forces: at most {left} together")
    return rules


def _check_alignment(file: str, entry: str, alignment: str) -> None:
    if alignment not in ALIGNMENT_IDS:
        raise ContentError(file, entry, "alignment", f"no such alignment {alignment!r} (known: {', '.join(ALIGNMENT_IDS)})")


def load_content(directory: Path | str = CONTENT_DIR) -> Content:
    """Read and validate a content set (the shipped one by default)."""
    d = Path(directory)
    rules = _rules(d)
    terrain = parse_entries(d / "terrain.toml", "terrain", Terrain)
    alignments = parse_entries(d / "alignments.toml", "alignment", Alignment)
    heroes = parse_entries(d / "heroes.toml", "hero", Hero)
    units = parse_entries(d / "units.toml", "unit", Unit)
    towns = parse_entries(d / "towns.toml", "town", Town)
    locations = parse_entries(d / "locations.toml", "location", Location)
    artifacts = parse_entries(d / "locations.toml", "artifact", Artifact)
    decks = parse_entries(d / "decks.toml", "deck", Deck, keys=("alignment",))
    sections = parse_entries(d / "sections.toml", "section", Section)
    card_types = parse_entries(d / "glossary.toml", "card_type", Glossary)
    abilities = parse_entries(d / "glossary.toml", "ability", Glossary)
    _check_glossary(card_types, abilities)

    check_unique("terrain.toml", terrain)
    check_unique("terrain.toml", terrain, "code")
    check_unique("alignments.toml", alignments)
    if tuple(a.id for a in alignments) != ALIGNMENT_IDS:
        raise ContentError("alignments.toml", "-", "id", f"the six alignments are, in order: {', '.join(ALIGNMENT_IDS)}")
    check_unique("sections.toml", sections)
    # one id space for every card, as decks, stacks and actions name cards by id
    seen: dict[str, str] = {}
    for file, group in (("heroes.toml", heroes), ("units.toml", units), ("towns.toml", towns),
                        ("locations.toml", locations), ("locations.toml", artifacts)):
        for card in group:
            if card.id in seen:
                raise ContentError(file, card.id, "id", f"this card id is already used in {seen[card.id]}")
            seen[card.id] = file
    town_ids = {t.id for t in towns}
    mine_ids = {loc.id for loc in locations if loc.mine}
    for a in alignments:
        if a.town not in town_ids:
            raise ContentError("alignments.toml", a.id, "town", f"no Town card {a.town!r} in towns.toml")
    for file, group2 in (("heroes.toml", heroes), ("units.toml", units), ("towns.toml", towns)):
        for card in group2:
            _check_alignment(file, card.id, card.alignment)
    for u in units:
        if u.requires is not None and u.requires not in mine_ids:
            raise ContentError("units.toml", u.id, "requires", f"{u.requires!r} is not a mine in locations.toml")
    _check_decks(rules, decks, {**{h.id: h for h in heroes}, **{u.id: u for u in units}, **{t.id: t for t in towns}},
                 set(seen))
    codes = {t.code: t for t in terrain}
    for s in sections:
        letters = [c for row in s.rows for c in row.split()]
        for c in letters:
            if c not in codes:
                raise ContentError("sections.toml", s.id, "rows", f"unknown terrain letter {c!r} (terrain.toml)")
        for sp in s.spaces:
            row, col = (int(x) for x in sp.at.split(","))
            if codes[letters[sum(SECTION_ROWS[:row]) + col]].impassable:
                raise ContentError("sections.toml", s.id, "spaces", f"the {sp.kind} space at {sp.at} is on impassable terrain")
    files = [d / f for f in FILES]
    return Content(rules, terrain, alignments, heroes, units, towns, locations, artifacts, decks, sections,
                   digest_files(files), card_types, abilities)


def _check_glossary(card_types: tuple[Glossary, ...], abilities: tuple[Glossary, ...]) -> None:
    """One text for each kind of card and each ability the cards may have."""
    for table, entries, want in (("card_type", card_types, CARD_TYPES), ("ability", abilities, get_args(Ability))):
        have = [e.id for e in entries]
        if sorted(have) != sorted(want):
            raise ContentError("glossary.toml", "-", table, f"expected one entry for each of {', '.join(want)}, "
                               f"found {', '.join(have) or 'none'}")


def _check_decks(rules: RuleValues, decks: tuple[Deck, ...], aligned: dict[str, Hero | Unit | Town],
                 cards: set[str], file: str = "decks.toml", every: bool = True) -> None:
    """Each deck: known cards of its own alignment, at least the deck size, and the starting forces
    (a Hero, a Town, the Units of rules.toml); ``every``: one deck per alignment, no more."""
    have = [dk.alignment for dk in decks]
    for dk in decks:
        _check_alignment(file, dk.alignment, dk.alignment)
        if have.count(dk.alignment) > 1:
            raise ContentError(file, dk.alignment, "alignment", "two decks for this alignment: give one")
    if every and sorted(have) != sorted(ALIGNMENT_IDS):
        raise ContentError(file, "-", "alignment", f"one deck per alignment: {', '.join(ALIGNMENT_IDS)}")
    for dk in decks:
        count = 0
        levels = [0, 0, 0, 0]
        heroes = towns = 0
        for e in dk.cards:
            if e.card not in cards:
                raise ContentError(file, dk.alignment, "cards", f"no card {e.card!r} in the card files")
            card = aligned.get(e.card)
            if card is not None and card.alignment != dk.alignment:
                raise ContentError(file, dk.alignment, "cards",
                                   f"{e.card!r} is a {card.alignment} card: a deck holds one alignment's cards")
            if isinstance(card, Unit):
                levels[card.level - 1] += e.copies
            elif isinstance(card, Hero):
                heroes += e.copies
                if e.copies > 1:
                    raise ContentError(file, dk.alignment, "cards", f"a Hero is one character: one {e.card!r}")
            elif isinstance(card, Town):
                towns += e.copies
            count += e.copies
        if count < rules.deck_size:
            raise ContentError(file, dk.alignment, "cards", f"{count} cards, fewer than {rules.deck_size}")
        if heroes < 1:
            raise ContentError(file, dk.alignment, "cards", "no Hero: the starting forces need one (rules10)")
        if towns < 1:
            raise ContentError(file, dk.alignment, "cards", "no Town card: the starting forces need one (rules10)")
        for level, (n, want) in enumerate(zip(levels, rules.start_units, strict=True), start=1):
            if n < want:
                raise ContentError(file, dk.alignment, "cards",
                                   f"{n} level-{level} Units, fewer than the {want} of the starting forces (rules10)")


def with_decks(c: Content, path: str, text: str | None = None) -> Content:
    """The content with a player's own decks (a file in the format of decks.toml, one entry per
    alignment it changes) in place of the shipped ones; the version names the file's digest.
    ``text``: the file's content, already read (kept in a save), rather than the file at ``path``."""
    file = Path(path)
    if text is None:
        text = read_text(file)
    decks = parse_entries(file, "deck", Deck, keys=("alignment",), text=text)
    aligned: dict[str, Hero | Unit | Town] = {**{h.id: h for h in c.heroes}, **{u.id: u for u in c.units},
                                              **{t.id: t for t in c.towns}}
    _check_decks(c.rules, decks, aligned, set(_index(c)), file.name, every=False)
    mine = {dk.alignment: dk for dk in decks}
    merged = tuple(mine.get(dk.alignment, dk) for dk in c.decks)
    return replace(c, decks=merged, version=decks_version(c, text))


def decks_version(c: Content, text: str) -> str:
    """The content version of ``c`` with the decks file ``text``."""
    return f"{c.version}+decks-{digest_text(text)}"


@cache
def default_content() -> Content:
    return load_content(CONTENT_DIR)
