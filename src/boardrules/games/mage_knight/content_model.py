"""The schema of Mage Knight content files (``content/*.toml``), validated at load.

Enemy tokens and Units are data; the rules code knows only the mechanisms named here. Unit
abilities use a small vocabulary of effects (``Effect.type``); docs/mage-knight/content.md
documents the format.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine.content import ContentId

Element = Literal["physical", "fire", "ice", "cold-fire"]
Resistance = Literal["physical", "fire", "ice"]
EnemyColour = Literal["green", "grey", "brown", "violet", "white", "red"]
EnemySet = Literal["base", "exp", "faction-E", "faction-D"]
UnitSet = Literal["base", "LL"]
ManaColour = Literal["red", "blue", "green", "white", "black"]
Site = Literal["village", "monastery", "keep", "mage-tower", "city", "glade"]
EnemyAbility = Literal[
    "fortified", "unfortified", "elusive", "arcane-immunity", "defend", "swift", "brutal", "poison",
    "paralyze", "assassination", "cumbersome", "vampiric",
]
# What the catalogue explains besides the abilities: the resistances, attack elements and summons
Keyword = Literal["physical-resistance", "fire-resistance", "ice-resistance", "fire-attack", "ice-attack",
                  "cold-fire-attack", "summon"]
# The effect vocabulary of Unit abilities (and of cards, skills and sideways plays later).
EffectType = Literal[
    # points for the combat's pools
    "attack", "ranged", "siege", "block", "move",
    # on one enemy (the activation names it)
    "prevent-attack", "armor-reduction", "attack-reduction", "remove-fortification",
    "remove-resistances", "destroy-if-blocked",
    # on the player's side
    "units-resist-all", "self-wound", "reputation", "unit-attack-bonus", "all-attacks-cold-fire",
    "all-attacks-siege",
    # outside combat (data only in this stage)
    "influence", "heal", "mana-token", "crystal", "ready-unit", "special",
]
POOL_EFFECTS = ("attack", "ranged", "siege", "block", "move")
TARGETED_EFFECTS = (
    "prevent-attack", "armor-reduction", "attack-reduction", "remove-fortification", "remove-resistances",
    "destroy-if-blocked",
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EnemyAttack(_Model):
    """One attack of an enemy token: a value and an element, or a summon from a pile."""

    value: int = Field(0, ge=0)
    element: Element = "physical"
    summon: EnemyColour | None = None  # Summon Attack: draw a token of this colour

    @model_validator(mode="after")
    def _summon_has_no_value(self) -> EnemyAttack:
        if self.summon is not None and self.value:
            raise ValueError("a summon attack has no value: the summoned token attacks instead")
        if self.summon is None and self.value < 1:
            raise ValueError("an attack needs a value of at least 1 (or summon = colour)")
        return self


class Enemy(_Model):
    id: ContentId
    name: str
    colour: EnemyColour
    set: EnemySet
    count: int = Field(ge=1)  # tokens in the pile
    attacks: tuple[EnemyAttack, ...] = Field(min_length=1)
    armor: int = Field(ge=1)
    elusive_armor: int | None = Field(None, ge=1)
    fame: int = Field(ge=0)
    resistances: tuple[Resistance, ...] = ()
    abilities: tuple[EnemyAbility, ...] = ()
    defend: int = Field(0, ge=0)  # the X of Defend X
    reputation_on_defeat: int = 0

    @model_validator(mode="after")
    def _consistent(self) -> Enemy:
        if ("elusive" in self.abilities) != (self.elusive_armor is not None):
            raise ValueError("an elusive enemy, and only it, has elusive_armor")
        if self.elusive_armor is not None and self.elusive_armor <= self.armor:
            raise ValueError("elusive_armor must be higher than armor")
        if ("defend" in self.abilities) != (self.defend > 0):
            raise ValueError("an enemy with the defend ability, and only it, has defend = X (X >= 1)")
        if "fortified" in self.abilities and "unfortified" in self.abilities:
            raise ValueError("an enemy cannot be both fortified and unfortified")
        for field in ("resistances", "abilities"):
            values = getattr(self, field)
            if len(set(values)) != len(values):
                raise ValueError(f"{field} lists the same value twice")
        return self


class AbilityText(_Model):
    """What an enemy ability, resistance or attack element does, in our own words (``ability``
    entries of ``enemies.toml``)."""

    id: EnemyAbility | Keyword
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Effect(_Model):
    """One effect of the vocabulary. ``value`` is the points or amount; the rest qualify it."""

    type: EffectType
    value: int = 0  # negative only for reputation
    element: Element = "physical"
    swift_double: bool = False  # block: counts double against Swift attacks
    unfortified_only: bool = False  # prevent-attack: only on an unfortified enemy
    taunt: bool = False  # attack-reduction: the attack's damage goes to this Unit first
    colour: ManaColour | Literal["any"] | None = None  # mana-token, crystal
    name: str = ""  # special: what it does, in words

    @model_validator(mode="after")
    def _fits(self) -> Effect:
        needs_value = self.type in ("attack", "ranged", "siege", "block", "move", "armor-reduction",
                                    "attack-reduction", "influence", "heal", "ready-unit", "unit-attack-bonus")
        if self.value < 0 and self.type != "reputation":
            raise ValueError(f"a {self.type} effect cannot have a negative value")
        if self.type == "reputation" and self.value == 0:
            raise ValueError("a reputation effect needs a value (negative: a loss)")
        if needs_value and self.value < 1:
            raise ValueError(f"a {self.type} effect needs a value of at least 1")
        if self.type not in ("attack", "ranged", "siege", "block") and self.element != "physical":
            raise ValueError(f"only attack and block effects have an element, not {self.type}")
        if self.swift_double and self.type != "block":
            raise ValueError("swift_double only goes with block")
        if self.unfortified_only and self.type != "prevent-attack":
            raise ValueError("unfortified_only only goes with prevent-attack")
        if self.taunt and self.type != "attack-reduction":
            raise ValueError("taunt only goes with attack-reduction")
        if (self.colour is not None) != (self.type in ("mana-token", "crystal")):
            raise ValueError("mana-token and crystal effects, and only they, have a colour")
        if (self.type == "special") != bool(self.name):
            raise ValueError("a special effect, and only it, has a name saying what it does")
        return self


class UnitAbility(_Model):
    """One ability of a Unit card: one activation spends the Unit and gives all its effects."""

    key: ContentId  # the word of the activation: ``activate peasants-1 attack``
    effects: tuple[Effect, ...] = Field(min_length=1)
    mana: tuple[ManaColour, ...] = ()  # mana paid to use it (each colour once)
    # Magic Familiars: the first effect's value is `boosted` when the Unit's mana token is this colour
    boosted_by: ManaColour | None = None
    boosted: int = Field(0, ge=0)
    text: str = ""

    @model_validator(mode="after")
    def _one_target(self) -> UnitAbility:
        if (self.boosted_by is None) != (self.boosted == 0):
            raise ValueError("boosted_by and boosted go together")
        if self.boosted and self.boosted <= self.effects[0].value:
            raise ValueError("the boosted value must be higher than the effect's own")
        targeted = [e.type for e in self.effects if e.type in TARGETED_EFFECTS]
        if len(targeted) != len(set(targeted)):
            raise ValueError("an ability gives each effect on its enemy once")
        return self


class Unit(_Model):
    id: ContentId
    name: str
    set: UnitSet
    elite: bool
    level: int = Field(ge=1, le=4)
    # bounds far over the printed ones (cost 13, armor 7, 3 copies): a mistyped number is refused
    # at load, not played (a million copies would be a million labels in the action space)
    cost: int = Field(ge=1, le=99)  # Influence to recruit
    armor: int = Field(ge=1, le=99)
    resistances: tuple[Resistance, ...] = ()
    sites: tuple[Site, ...] = Field(min_length=1)  # where it can be recruited
    copies: int = Field(ge=1, le=9)
    abilities: tuple[UnitAbility, ...] = Field(min_length=1)
    # Influence paid once in a combat before damage may be assigned to it (Thugs), or before it
    # may be used in an assault (Heroes)
    influence_to_take_damage: int = Field(0, ge=0)
    influence_in_assault: int = Field(0, ge=0)
    multi_ability: bool = False  # one activation may use several different abilities (Delphana Masters)
    # how the Reputation modifier counts when recruiting it: reversed (Thugs), double (Heroes)
    recruit_reputation: Literal["normal", "reversed", "double"] = "normal"
    mana_token: bool = False  # keeps a basic mana token on the card (Magic Familiars)
    notes: str = ""  # special rules kept as text in this stage

    @model_validator(mode="after")
    def _consistent(self) -> Unit:
        if self.elite != (self.level >= 3):
            raise ValueError("elite Units are levels III-IV, regular Units levels I-II")
        if not self.mana_token and any(a.boosted_by for a in self.abilities):
            raise ValueError("only a Unit with a mana token (mana_token = true) has boosted abilities")
        keys = [a.key for a in self.abilities]
        if len(set(keys)) != len(keys):
            raise ValueError("two abilities share a key")
        return self
