"""The schema of the Heroes IV content files (``content/*.toml``), validated at load: terrain,
alignments, the cards (Heroes, Units, Towns, Locations, Artifacts), the decks, the map
sections and the rule values.

Every entry carries a ``source``: ``facts: ...`` names what the researched facts give (the rest
of the entry is ours), ``ours: ...`` says the whole entry is our choice and why. An owner of the
printed cards replaces the values and writes ``printed`` there.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...engine.content import ContentId
from .battle_state import LUCK_RANGE, MAX_TARGETS, MORALE_RANGE, MOST_SCORE, PHASES

Ability = Literal["flight", "ignores-distance-penalty"]
SpaceKind = Literal["town", "dwelling", "location"]
Count = Annotated[int, Field(ge=0)]
# hexes per row of a section (a hexagon of radius 2: 19 hexes)
SECTION_ROWS = (3, 4, 5, 4, 3)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Sourced(_Model):
    source: str

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        if not value.startswith(("facts", "ours", "printed")):
            raise ValueError("must start with 'facts', 'ours' or 'printed' (where the values come from)")
        return value


class Terrain(_Sourced):
    id: ContentId
    code: str = Field(min_length=1, max_length=1)  # its letter in the section rows
    cost: int = Field(ge=1, le=9)  # movement points to enter (ignored when impassable)
    impassable: bool = False


class Alignment(_Sourced):
    id: ContentId
    name: str
    town: ContentId  # the Town card of this alignment


class Hero(_Sourced):
    id: ContentId
    name: str
    alignment: ContentId
    hero_class: str
    level: int = Field(default=1, ge=1, le=10)
    attack: int = Field(ge=0, le=MOST_SCORE)
    defense: int = Field(ge=1, le=MOST_SCORE)
    ranged: int = Field(default=0, ge=0, le=MOST_SCORE)  # Ranged Attack Score, 0: none
    phase: int = Field(ge=1, le=PHASES)
    speed: int = Field(ge=1, le=MOST_SCORE)  # Hex Speed Score
    cost: int = Field(ge=0)  # cards discarded to buy it
    # facts 5.6 (advanced): not printed in the facts; 0 unless an owner writes the card's value
    morale: int = Field(default=0, ge=-MORALE_RANGE, le=MORALE_RANGE)
    luck: int = Field(default=0, ge=-LUCK_RANGE, le=LUCK_RANGE)
    abilities: tuple[Ability, ...] = ()


class Unit(_Sourced):
    id: ContentId
    name: str
    alignment: ContentId
    level: int = Field(ge=1, le=4)
    attack: int = Field(ge=0, le=MOST_SCORE)
    defense: int = Field(ge=1, le=MOST_SCORE)
    ranged: int = Field(default=0, ge=0, le=MOST_SCORE)
    phase: int = Field(ge=1, le=PHASES)
    speed: int = Field(ge=1, le=MOST_SCORE)
    cost: int = Field(ge=0)
    targets: int = Field(default=1, ge=1, le=MAX_TARGETS)  # stacks one attack may hit (multi-target)
    # facts 5.6 (advanced): not printed in the facts; 0 unless an owner writes the card's value
    morale: int = Field(default=0, ge=-MORALE_RANGE, le=MORALE_RANGE)
    luck: int = Field(default=0, ge=-LUCK_RANGE, le=LUCK_RANGE)
    abilities: tuple[Ability, ...] = ()
    requires: ContentId | None = None  # a mine its buyer must control


class Town(_Sourced):
    id: ContentId
    name: str
    alignment: ContentId
    defense: int = Field(ge=1)  # in a siege
    income: int = Field(ge=0)  # cards drawn each turn by its controller


class Location(_Sourced):
    id: ContentId
    name: str
    mine: bool = False
    income: int = Field(default=0, ge=0)
    text: str = ""


class Artifact(_Sourced):
    id: ContentId
    name: str
    attack: int = Field(default=0, ge=0)  # added to the Hero who carries it
    defense: int = Field(default=0, ge=0)
    speed: int = Field(default=0, ge=0)
    text: str = ""


CARD_TYPES = ("hero", "unit", "town", "location", "mine", "artifact")


class Glossary(_Sourced):
    """The rules text of a kind of card or of an ability (glossary.toml), what the catalogue
    and the labels say of it."""

    id: ContentId
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class DeckEntry(_Model):
    card: ContentId
    copies: int = Field(ge=1, le=8)


class Deck(_Sourced):
    alignment: ContentId
    cards: tuple[DeckEntry, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Deck:
        ids = [e.card for e in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("a card is listed twice: give its copies in one entry")
        return self


class Space(_Model):
    at: str  # "row,col" in the section rows, both from 0
    kind: SpaceKind


class Section(_Sourced):
    id: ContentId
    rows: tuple[str, ...]  # terrain letters, one row of the hexagon per string, separated by spaces
    spaces: tuple[Space, ...] = ()

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: tuple[str, ...]) -> tuple[str, ...]:
        if len(rows) != len(SECTION_ROWS):
            raise ValueError(f"a section has {len(SECTION_ROWS)} rows of hexes, not {len(rows)}")
        for i, (row, want) in enumerate(zip(rows, SECTION_ROWS, strict=True)):
            if len(row.split()) != want:
                raise ValueError(f"row {i} must hold {want} hexes, not {len(row.split())}")
        return rows

    @field_validator("spaces")
    @classmethod
    def _spaces(cls, spaces: tuple[Space, ...]) -> tuple[Space, ...]:
        seen = set()
        for sp in spaces:
            parts = sp.at.split(",")
            if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
                raise ValueError(f"space at {sp.at!r}: write the hex as 'row,col'")
            row, col = int(parts[0]), int(parts[1])
            if row >= len(SECTION_ROWS) or col >= SECTION_ROWS[row]:
                raise ValueError(f"space at {sp.at!r} is not a hex of the section")
            if (row, col) in seen:
                raise ValueError(f"two spaces at {sp.at!r}")
            seen.add((row, col))
        return spaces


class RuleValues(_Model):
    """The numbers of the rules; ``sources`` says where each comes from."""

    scouting_radius: int = Field(ge=0, le=6)
    max_army_stacks: int = Field(ge=1)
    hand: int = Field(ge=0)
    adventure_stack: int = Field(ge=0)
    guard_flips: int = Field(ge=0)
    deck_size: int = Field(ge=10)
    start_units: tuple[Count, Count, Count, Count]  # starting forces: Units of levels 1 to 4
    sections_extra: int = Field(ge=0)  # map sections used: one per player and this many
    sources: dict[str, str]

    @model_validator(mode="after")
    def _check(self) -> RuleValues:
        for name in type(self).model_fields:
            if name != "sources" and name not in self.sources:
                raise ValueError(f"sources must say where {name!r} comes from")
        return self
