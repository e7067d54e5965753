"""The schema of Meeples & Monsters content files (``content/*.toml``), validated at load.

Every card is data; the rules code only knows the mechanisms named here. The effect vocabulary
is the rulebook's icon glossary ("LOCATION, QUEST AND MONSTER CARD ICON CLARIFICATIONS AND
EFFECTS"); docs/meeples-and-monsters/content.md documents the format for owners of the printed
game who want to enter the real cards.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine.content import ContentId

District = Literal["villages", "castle", "university", "cathedral"]
BasicClass = Literal["mage", "cleric", "knight", "warrior"]
PrestigeClass = Literal["ranger", "paladin", "shaman"]
UnitKind = Literal["peasant", "knight", "warrior", "mage", "cleric", "ranger", "paladin", "shaman"]
MeepleKind = Literal[
    "peasant", "knight", "warrior", "mage", "cleric", "ranger", "paladin", "shaman", "corruption"
]
# A requirement slot: a unit kind, "any" (any Unit), "prestige" (any Prestige Unit), or
# "corruption" (Tower Rooms only).
Need = Literal[
    "peasant", "knight", "warrior", "mage", "cleric", "ranger", "paladin", "shaman",
    "any", "prestige", "corruption",
]
Boosted = Literal[
    "peasant", "knight", "warrior", "mage", "cleric", "ranger", "paladin", "shaman", "any"
]
MonsterType = Literal["humanoid", "undead", "beast"]
Source = Literal["rulebook", "stand-in"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Model):
    """One icon's effect. Exactly one of the effect keys is set; the rest modify it."""

    vp: int | None = None  # gain (or, negative, lose) VP
    gain: UnitKind | None = None  # (+): add `count` Units of this kind from the supply
    count: int = Field(1, ge=1)
    lose: MeepleKind | None = None  # (-): return one of these, which is at this place, to supply
    boost: Boosted | None = None  # all your Units of this kind get +amount combat value
    others: bool = False  # with boost: only the Units not assigned to this place
    amount: int = 1
    pair: Boosted | None = None  # this kind gets +amount when assigned together with `with_`
    with_: Boosted | None = Field(None, alias="with")
    versus: MonsterType | None = None  # +amount once against each Monster of this type
    champion: Literal["lodgings-corruption"] | None = None  # one Unit +N, N = Corruption in Lodgings
    draw: int | None = Field(None, ge=1)  # draw this many extra meeples
    quests: int | None = Field(None, ge=1)  # draw this many Quests, then discard `discard`
    discard: int = Field(0, ge=0)
    discard_quest: int | None = Field(None, ge=1)  # discard this many incomplete Quests from hand
    rest: UnitKind | None = None  # the Unit placed here returns to your Tavern after your Draw Phase
    recycle: int | None = Field(None, ge=1)  # return up to N meeples from Lodgings to bag; others `each_other`
    each_other: int = Field(0, ge=0)
    cleanse: int | None = Field(None, ge=1)  # return up to N Corruption from Tavern/Lodgings to the supply
    corrupt: int | None = Field(None, ge=1)  # add N Corruption from the supply (to the Lodgings at Clean Up)
    prestige: PrestigeClass | None = None  # gain 1 from this Location's stock (or the supply)
    any_prestige: int | None = Field(None, ge=1)  # gain N Prestige Units of your choice from the supply

    KEYS: ClassVar[tuple[str, ...]] = (
        "vp", "gain", "lose", "boost", "pair", "versus", "champion", "draw", "quests",
        "discard_quest", "rest", "recycle", "cleanse", "corrupt", "prestige", "any_prestige",
    )

    @model_validator(mode="after")
    def _one_key(self) -> Effect:
        keys = [k for k in self.KEYS if getattr(self, k) is not None]
        if len(keys) != 1:
            raise ValueError(
                f"an effect needs exactly one of {', '.join(self.KEYS)} (found: {', '.join(keys) or 'none'})"
            )
        if self.pair is not None and self.with_ is None:
            raise ValueError("a 'pair' effect needs 'with' (the Unit it must be assigned with)")
        # each modifier belongs to one kind of effect
        for field, owners, unset in (
            ("count", ("gain",), 1), ("others", ("boost",), False), ("amount", ("boost", "pair", "versus"), 1),
            ("with_", ("pair",), None), ("discard", ("quests",), 0), ("each_other", ("recycle",), 0),
        ):
            if getattr(self, field) != unset and keys[0] not in owners:
                name = "with" if field == "with_" else field
                raise ValueError(f"'{name}' only goes with {' or '.join(owners)}, not with {keys[0]}")
        return self

    @property
    def key(self) -> str:
        return next(k for k in self.KEYS if getattr(self, k) is not None)


class LocationOption(_Model):
    requires: tuple[Need, ...] = Field(min_length=1)
    effects: tuple[Effect, ...] = ()
    constructs: bool = Field(False, alias="construct")  # Capitol: construct a face-up Location tile
    level_up: bool = False  # Capitol: the assigned Unit's type gains its next Hero card


class Location(_Model):
    id: ContentId
    name: str
    district: District | Literal["capitol"]
    source: Source
    kind: Literal["starting", "tile", "capitol"] = "tile"
    options: tuple[LocationOption, ...] = Field(min_length=1)
    king_of_the_hill: bool = False
    stock: dict[PrestigeClass, int] = Field(default_factory=dict)  # Prestige meeples it comes with
    text: str = ""


class SlotBonus(_Model):
    slot: str  # e.g. "castle-2": the district and the slot number (2 or 3)
    effects: tuple[Effect, ...] = Field(min_length=1)
    text: str = ""


class Ability(_Model):
    """A Hero card ability: once per turn for basic classes."""

    timing: Literal["develop", "exhaust", "reinforce", "hunt"]
    need: int = 1  # develop: how many of this class must be in your Tavern
    effects: tuple[Effect, ...] = ()
    text: str = ""


class HeroLevel(_Model):
    level: int = Field(ge=1, le=3)
    combat: int = Field(ge=0)
    cost: int = Field(0, ge=0)  # VP to level up to this card
    abilities: tuple[Ability, ...] = ()
    bonuses: tuple[Effect, ...] = ()  # standing combat bonuses (pair, versus) of this card


class Hero(_Model):
    unit: UnitKind
    source: Source
    prestige: bool = False
    levels: tuple[HeroLevel, ...] = Field(min_length=1)


class Monster(_Model):
    id: ContentId
    name: str
    level: int = Field(ge=1, le=4)
    district: District | None = None  # None for the Dark Council
    strength: int = Field(ge=1)
    vp: int = Field(ge=0)
    type: MonsterType
    three_plus: bool = False
    council: Literal["overlord", "henchman"] | None = None
    effects: tuple[Effect, ...] = ()
    source: Source
    text: str = ""

    @model_validator(mode="after")
    def _district(self) -> Monster:
        if self.council is None and self.district is None:
            raise ValueError("a Monster needs a district (only the Dark Council has none)")
        return self


class CouncilBonus(_Model):
    id: ContentId
    level: int = Field(ge=2, le=3)  # Hero card level the assigned Units need
    types: int = Field(ge=2, le=3)  # how many different Unit types must have it
    vp: int = Field(ge=1)
    source: Source


class DefeatCondition(_Model):
    units: dict[Need, int] = Field(default_factory=dict)  # at least these assigned
    monster_type: MonsterType | None = None
    min_level: int = 1
    min_units: int = 0  # at least this many Units assigned in all


class TavernCondition(_Model):
    units: dict[MeepleKind, int] = Field(default_factory=dict)
    distinct: int = 0  # at least this many different Unit kinds


class EndCondition(_Model):
    defeated: int = 0  # Monsters in your defeated pile (matching the filters)
    monster_type: MonsterType | None = None
    min_level: int = 1
    defeated_types: int = 0  # different Monster types in your defeated pile
    own: dict[UnitKind, int] = Field(default_factory=dict)  # Units owned
    heroes: int = 0  # basic Hero cards at `hero_level` or higher
    hero_level: int = 2
    most: Literal["defeated", "units", "prestige", "quests"] | None = None  # ties are friendly


class Quest(_Model):
    id: ContentId
    name: str
    type: Literal["triggered", "ongoing", "end"]
    vp: int = Field(ge=0)
    penalty: int = Field(ge=0)
    defeat: DefeatCondition | None = None
    tavern: TavernCondition | None = None
    end: EndCondition | None = None
    pay: UnitKind | None = None  # one engaged Unit of this kind returns to the supply
    effects: tuple[Effect, ...] = ()  # triggered: one-time bonus; ongoing: standing effect
    draw_phase: tuple[Effect, ...] = ()  # ongoing: a "Draw Phase" effect, once per turn
    source: Source
    text: str = ""

    @model_validator(mode="after")
    def _condition(self) -> Quest:
        conds = [c for c in (self.defeat, self.tavern, self.end) if c is not None]
        if len(conds) != 1:
            raise ValueError("a Quest needs exactly one condition: defeat, tavern or end")
        if (self.end is not None) != (self.type == "end"):
            raise ValueError("End of Game Quests, and only they, have an 'end' condition")
        return self


class Component(_Model):
    """A component with no values of its own (a meeple kind, the Dark Council Arrives card):
    its name and what the rulebook says of it, in our words (components.toml)."""

    id: ContentId
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class TowerRoom(_Model):
    id: ContentId
    name: str
    requires: tuple[Need, ...] = Field(min_length=1)
    effects: tuple[Effect, ...] = ()
    source: Source
    text: str = ""
