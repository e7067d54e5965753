"""The schema of Mage Knight Deed cards, heroes, the level track, skills and tactics
(``content/cards.toml``, ``heroes.toml``, ``skills.toml``, ``tactics.toml``), validated at load.

A card's basic and powered effects are written in a short notation (docs/mage-knight/content.md,
"The card vocabulary") that decodes into ``CardEffect`` values: a choice between options, each
option a sequence of effects. The effect types extend stage 1's ``EffectType`` (same words, same
meaning); ``special`` names one of ``SPECIALS``, the mechanisms that need their own code.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from ...engine.content import ContentId
from .content_model import Effect, Element, ManaColour

CardKind = Literal["basic", "hero", "advanced", "spell", "artifact", "wound"]
CardSet = Literal["base", "LL", "UE", "Krang", "SoT", "exp"]
BasicColour = Literal["red", "blue", "green", "white"]
# A colour an effect gives: a fixed one, `basic` (the player picks a basic colour) or `any`
# (any colour, gold and black too).
GainColour = Literal["red", "blue", "green", "white", "gold", "black", "basic", "any"]
Target = Literal["one", "all"]
# When an effect may be used (an effect without one may be used whenever the card is played).
Condition = Literal[
    "day", "night", "combat", "outside-combat", "assault", "wounded-this-combat", "interaction",
    "ranged-phase", "block-phase", "attack-phase", "forest", "least-fame",
]
# What a `+N/per` bonus counts.
Per = Literal[
    "enemy", "enemy-blocked", "enemy-defeated", "enemy-icon", "resistance", "wound", "unit-recruited",
    "ready-unit", "crystal-colour", "crystal-set", "card-discarded", "enemy-defeated-phase",
]
CardEffectType = Literal[
    # points for this turn's pools (stage 1's words)
    "move", "influence", "attack", "ranged", "siege", "block", "heal",
    # gains
    "draw", "fame", "reputation", "mana-token", "crystal", "ready-unit", "extra-die", "hand-limit",
    "take-wound", "unit-bonus", "units-resist-all",
    # on enemies of the combat (`one` or `all`; stage 1's words where they exist)
    "prevent-attack", "armor-reduction", "attack-reduction", "remove-fortification", "remove-resistances",
    "destroy", "destroy-if-blocked", "lose-attack-abilities",
    "special",
]
POINT_TYPES = ("move", "influence", "attack", "ranged", "siege", "block", "heal")
ELEMENT_TYPES = ("attack", "ranged", "siege", "block")
COUNTED_TYPES = ("draw", "fame", "mana-token", "crystal", "extra-die", "hand-limit", "take-wound")
VALUED_TYPES = (*POINT_TYPES, *COUNTED_TYPES, "ready-unit", "unit-bonus", "armor-reduction", "attack-reduction")
# The card effects that stage 1's combat takes as they are (``combat.add_effect``).
COMBAT_TYPES = (
    "move", "attack", "ranged", "siege", "block", "reputation", "units-resist-all", "prevent-attack",
    "armor-reduction", "attack-reduction", "remove-fortification", "remove-resistances", "destroy-if-blocked",
)
ENEMY_TYPES = (
    "prevent-attack", "armor-reduction", "attack-reduction", "remove-fortification", "remove-resistances",
    "destroy", "destroy-if-blocked", "lose-attack-abilities",
)

# The named mechanisms that a card, skill or tactic needs code for (the next stage runs them).
SPECIALS: dict[str, str] = {
    "concentration": "play another Action card with this: its powered effect free, +N to its Move, "
                     "Influence, Block or Attack",
    "improvisation": "discard another non-Wound card for this effect",
    "mana-draw": "set one Source die to a non-gold colour of your choice and gain N tokens of it; the die "
                 "keeps that face",
    "mana-pull": "black on the extra Source die may be used as any colour",
    "mana-pull-powered": "set N Source dice to non-gold colours, a token per die; dice keep their faces",
    "crystallize": "pay one mana of a basic colour: a crystal of that colour",
    "crystal-joy": "at end of turn, discard another card (a Wound too if powered) to return this card to hand",
    "noble-manners": "used in an interaction: Fame +1 (and Reputation +1 if powered) at end of turn",
    "cold-toughness": "+1 Ice Block per ability, attack element and resistance of the blocked enemy",
    "tirelessness": "1: the next card giving Move gives +1; 2: every other card giving Move this turn",
    "savage-harvesting": "when you move a space, discard a card for a crystal of its colour (once; powered: "
                         "per space)",
    "ruthless-coercion": "Influence discount of 2 on one Unit; Reputation -1 if you recruit it",
    "ready-units-for-influence": "ready your Units, paying 2 Influence per level",
    "one-with-the-land": "Block equal to the Move cost of your space: Fire by day, Ice by night",
    "path-finding": "every terrain costs N less this turn, never below 2 (powered: every terrain costs 2)",
    "terrain-cost": "lower the Move cost of terrain this turn (the card's text says which and how)",
    "throw-away-card": "throw away another Action card from hand (what it gives is the card's text)",
    "discard-card": "discard a card (what it gives depends on its colour: the card's text)",
    "into-the-heat": "no damage may be assigned to your Units this turn",
    "pay-mana-by-colour": "pay one mana: the colour chooses the effect (the card's text)",
    "end-of-turn-deck": "at end of turn put this card on your Deed deck instead of discarding it",
    "crystal-mastery": "crystals spent this turn return at end of turn",
    "owned-colour-crystal": "a crystal of a colour you already have a crystal of",
    "throw-away-wounds": "at end of turn you may throw away all Wounds received this turn",
    "spell-from-offer": "use or take a Spell from the Spell offer (the card's text)",
    "advanced-from-offer": "take an Advanced Action from the offer (the card's text)",
    "temporal-portal": "as your action move to an adjacent (powered: up to 2) revealed safe space",
    "spell-forge": "crystals matching the colours of Spells in the offer",
    "ambush": "+N to the first Attack or Block card played this turn",
    "agility": "Move points may be spent as Attack (and Ranged) points in combat",
    "lake-crossing": "lakes may be crossed this turn",
    "diplomacy": "Influence may be used as Block this turn",
    "mana-storm": "Source dice: a crystal, or re-roll all and use 3 extra dice of any colour",
    "chivalry": "Reputation (and Fame) +1 per enemy this attack defeats",
    "peaceful-moment": "as your action, 2 Influence per Heal 1 (powered: or ready a Unit for 2 per level)",
    "dodge-and-weave": "Attack in the Attack phase if no Wound went to your hand this combat",
    "power-of-crystals": "a crystal of a basic colour you have no crystal of",
    "explosive-bolt": "for each enemy defeated, another enemy gets Armor -1",
    "rush-of-adrenaline": "draw a card for each of the first Wounds taken into hand this turn",
    "heroic-tale": "Reputation (and Fame) +1 per Unit recruited this turn",
    "mountain-lore": "Hand limit bonus at next draw if you end the turn in hills or mountains",
    "force-of-nature": "one of your Units gains Physical resistance this combat",
    "shield-bash": "the blocked enemy gets Armor -1 per point of Block above what was needed",
    "ice-shield": "one enemy blocked this way gets Armor -3",
    "stout-resolve": "discard Wounds (powered: cards) for +1 (+2) each",
    "earthquake": "double Armor reduction against fortified enemies",
    "mana-bolt": "pay one more mana: the colour chooses the attack",
    "burning-shield": "a successful block also gives Fire Attack (powered: destroys the blocked enemy)",
    "chill": "a Fire-resistant enemy loses that resistance this turn",
    "wings-of-wind": "fly 1-5 revealed spaces for as many Move points, to a safe space",
    "wings-of-night": "further enemies do not attack for 1, 2, ... Move points",
    "underground-travel": "move up to 3 revealed spaces (powered: into an assault, fortifications ignored)",
    "restoration": "Heal more in a forest (powered: ready Units of up to N levels)",
    "demolish": "site fortifications are ignored this turn",
    "space-bending": "spaces 2 away count as adjacent this turn",
    "time-bending": "take another turn with the cards played this turn back in hand",
    "call-to-arms": "use or recruit a Unit of the Unit offer",
    "meditation": "put 2 cards of your discard pile on your deck (powered: chosen)",
    "mana-meltdown": "each other player loses a random crystal (you may take one) or takes a Wound",
    "mana-radiance": "everyone takes a Wound per crystal of a chosen colour; you gain N crystals of it",
    "mana-claim": "keep a Source die for the round (powered: others using its colour are wounded)",
    "mind-read": "other players discard cards of a colour",
    "energy-flow": "ready (and heal) a Unit, spend other players' Units",
    "offering": "discard cards for crystals (powered: spend crystal pairs for attacks)",
    "mist-form": "all terrain costs 2, no hills or mountains",
    "veil-of-mist": "your hero ignores the first Wound from enemies this turn",
    "charm": "in an interaction, a crystal or a Unit discount",
    "possess": "gain the prevented enemy's attack, against other enemies",
    "cure": "draw per Wound healed from hand; ready Units healed",
    "disease": "enemies blocked this combat have Armor 1",
    "banner": "a banner: attach to a Unit; the effect applies while attached",
    "ring": "unlimited mana of the ring's colour and black this turn; Fame per Spell of that colour",
    "sword-of-justice": "physical attacks count double; enemies lose Physical resistance",
    "horn-of-wrath": "roll mana dice: a Wound per black or red",
    "endless-gem-pouch": "roll mana dice for crystals",
    "golden-grail": "Fame per point of its healing used (powered: draw per Wound healed from hand)",
    "amulet": "a night (or day) rule for this turn",
    "bow-of-starsdawn": "ranged attacks doubled or made siege",
    "ready-all-units": "ready all your Units",
    "banner-of-command": "a Unit recruited this turn uses this card as its Command token",
    "banner-of-fortitude": "fully heal all your Units",
    "soul-harvester": "a crystal per enemy defeated, by its resistances",
    "shield-of-the-fallen-kings": "several blocks against different attacks",
    "circlet-of-proficiency": "use (powered: take) a skill of the Common Skill offer",
    "mysterious-box": "use this card as the top Artifact of the deck this turn",
    "skill": "a skill's own mechanism (the skill's text)",
    "tactic": "a tactic's own mechanism (the tactic's text)",
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardEffect(_Model):
    """One effect: ``value`` points or a count, qualified by the other fields; ``+bonus/per``
    adds ``bonus`` per counted thing (up to ``max`` in all when it is set)."""

    type: CardEffectType
    value: int = 0
    element: Element = "physical"
    colour: GainColour | None = None
    target: Target | None = None
    when: Condition | None = None
    per: Per | None = None
    bonus: int = 0
    max: int = Field(0, ge=0)
    swift_double: bool = False
    name: str = ""

    @model_validator(mode="after")
    def _fits(self) -> CardEffect:
        t = self.type
        if self.value < 0 and t != "reputation":
            raise ValueError(f"a {t} effect cannot have a negative value")
        if t == "reputation" and self.value == 0 and self.per is None:
            raise ValueError("a reputation effect needs a value (negative: a loss)")
        if t in VALUED_TYPES and self.value < 1 and self.per is None:
            raise ValueError(f"a {t} effect needs a value of at least 1")
        if t not in ELEMENT_TYPES and self.element != "physical":
            raise ValueError(f"only attack and block effects have an element, not {t}")
        if (self.colour is not None) != (t in ("mana-token", "crystal")):
            raise ValueError("mana-token and crystal effects, and only they, have a colour")
        if t == "crystal" and self.colour in ("gold", "black", "any"):
            raise ValueError("crystals are of the four basic colours only")
        if (self.target is not None) != (t in ENEMY_TYPES):
            raise ValueError(f"effects on enemies, and only they, name a target (one or all), not {t}")
        if (self.per is None) != (self.bonus == 0):
            raise ValueError("a +N/per bonus needs both N and what it counts")
        if self.max and self.per is None:
            raise ValueError("max only caps a +N/per bonus")
        if self.swift_double and t != "block":
            raise ValueError("swift-double only goes with block")
        if (t == "special") != bool(self.name):
            raise ValueError("a special effect, and only it, names its mechanism")
        if self.name and self.name not in SPECIALS:
            raise ValueError(f"unknown special {self.name!r}: add it to SPECIALS with what it does")
        return self

    def amount(self, count: int = 0) -> int:
        """The value with its bonus for ``count`` counted things (``+bonus/per``, capped by max)."""
        extra = self.bonus * count
        return self.value + (min(extra, self.max) if self.max else extra)

    def combat_effect(self, count: int = 0) -> Effect | None:
        """The stage 1 ``Effect`` that the combat adds for this card effect (its value counted
        with ``count``), or None if the combat does not take it as it is."""
        if self.type not in COMBAT_TYPES:
            return None
        return Effect(type=self.type, value=self.amount(count), element=self.element,  # type: ignore[arg-type]
                      swift_double=self.swift_double)

    def notation(self) -> str:
        """The effect in the card notation (decodes back to an equal effect)."""
        words = [f"special:{self.name}" if self.type == "special" else self.type]
        if self.value or self.type in VALUED_TYPES and self.per is None:
            words.append(str(self.value))
        if self.element != "physical":
            words.append(self.element)
        words += [w for w in (self.colour, self.target) if w]
        if self.swift_double:
            words.append("swift-double")
        if self.per:
            words.append(f"+{self.bonus}/{self.per}")
        if self.max:
            words.append(f"max={self.max}")
        if self.when:
            words.append(f"@{self.when}")
        return " ".join(words)


Option = tuple[CardEffect, ...]
_ELEMENTS = set(get_args(Element))
_COLOURS = set(get_args(GainColour))
_TARGETS = set(get_args(Target))
_BONUS = re.compile(r"\+([0-9]+)/([a-z-]+)")


LONGEST_WORD = 40  # a word of the notation: the longest is a special's name


def decode_effect(text: str) -> dict[str, Any]:
    """One effect of the notation as a dict for ``CardEffect`` (ValueError names the bad word)."""
    words = text.split()
    if not words:
        raise ValueError("an empty effect (two separators in a row?)")
    head, *rest = words
    out: dict[str, Any] = {}
    if head.startswith("special:"):
        out["type"], out["name"] = "special", head.removeprefix("special:")
    else:
        out["type"] = head
    for w in rest:
        if len(w) > LONGEST_WORD:  # a number of thousands of digits (int() refuses over 4300), a pasted text
            raise ValueError(f"'{w[:12]}...' ({len(w)} characters) is too long for a word of the card notation "
                             f"(at most {LONGEST_WORD})")
        if re.fullmatch(r"-?[0-9]+", w) and "value" not in out:
            out["value"] = int(w)
        elif w in _ELEMENTS and "element" not in out:
            out["element"] = w
        elif w in _COLOURS and "colour" not in out:
            out["colour"] = w
        elif w in _TARGETS and "target" not in out:
            out["target"] = w
        elif w == "swift-double":
            out["swift_double"] = True
        elif w.startswith("@") and "when" not in out:
            out["when"] = w[1:]
        elif (m := _BONUS.fullmatch(w)) and "per" not in out:
            out["bonus"], out["per"] = int(m[1]), m[2]
        elif re.fullmatch(r"max=[0-9]+", w) and "max" not in out:
            out["max"] = int(w[4:])
        else:
            raise ValueError(f"{w!r} is not a word of the card notation (in {text.strip()!r})")
    if "value" not in out and out["type"] in COUNTED_TYPES and "per" not in out:
        out["value"] = 1
    return out


def decode(text: Any) -> Any:
    """A side of a card (``a | b; c``: a choice of options, each a sequence of effects) as lists
    of effect dicts; anything else is left to the model's own error."""
    if not isinstance(text, str):
        return text
    if not text.strip():
        return ()
    return tuple(tuple(decode_effect(e) for e in option.split(";")) for option in text.split("|"))


# A card side: "" (nothing), or one or more options of which the player uses one.
Side = Annotated[tuple[Option, ...], BeforeValidator(decode)]


def notation(side: tuple[Option, ...]) -> str:
    return " | ".join("; ".join(e.notation() for e in option) for option in side)


def specials_of(side: tuple[Option, ...]) -> set[str]:
    return {e.name for option in side for e in option if e.type == "special"}


class Card(_Model):
    """One Deed card: Basic or Advanced Action, hero card, Spell, Artifact or the Wound."""

    id: ContentId
    name: str = Field(min_length=1)
    kind: CardKind
    colours: tuple[BasicColour, ...] = Field(max_length=2)  # two: a dual-colour card; none: Artifacts, Wound
    set: CardSet
    copies: int = Field(ge=0)  # in the standard deck (basic), else in its deck; Wound: 0 = unlimited
    hero: ContentId | None = None  # hero cards: whose
    replaces: ContentId | None = None  # hero cards: the standard card it replaces
    powered_by: tuple[BasicColour, ...] = ()  # mana for the powered effect, if not the card's colours
    number: int | None = Field(None, ge=1)  # printed card number (Spells, Artifacts)
    strong_name: str = ""  # a Spell's powered side has its own name
    interactive: bool = False  # Spells that affect other players (removed in Solo Conquest)
    banner: bool = False
    basic: Side = ()
    powered: Side = ()
    # what each option of a side gives, in words, where its effects cannot say it (a mechanism of
    # its own: Ritual Attack's colours, Offering's crystal pairs): the labels of ``choose N``
    basic_options: tuple[str, ...] = ()
    powered_options: tuple[str, ...] = ()
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        wound = self.kind == "wound"
        if (self.kind in ("wound", "artifact")) != (not self.colours):
            raise ValueError("Action cards and Spells have a colour; Artifacts and the Wound have none")
        if wound and (self.basic or self.powered):
            raise ValueError("the Wound has no effect")
        if not wound and not self.basic:
            raise ValueError("a card needs a basic effect")
        if not wound and not self.powered and self.id != "mysterious-box":
            raise ValueError("a card needs a powered effect")
        if (self.copies == 0) != wound:
            raise ValueError("copies is at least 1 (0 only for the Wound pile, which never runs out)")
        if (self.kind == "hero") != (self.hero is not None) or (self.hero is None) != (self.replaces is None):
            raise ValueError("hero cards, and only they, name their hero and the card they replace")
        if (self.kind == "spell") != bool(self.strong_name):
            raise ValueError("Spells, and only they, have a strong_name")
        if self.interactive and self.kind != "spell":
            raise ValueError("only Spells are interactive")
        if self.banner and self.kind != "artifact":
            raise ValueError("only Artifacts are banners")
        if len(set(self.colours)) != len(self.colours):
            raise ValueError("colours lists the same colour twice")
        for side, words, field in ((self.basic, self.basic_options, "basic_options"),
                                   (self.powered, self.powered_options, "powered_options")):
            if words and len(words) != len(side):
                raise ValueError(f"{field} says {len(words)} options, the side has {len(side)}")
        return self

    @cached_property  # read in every decision's card verdicts; the card never changes
    def powering(self) -> tuple[tuple[ManaColour, ...], ...]:
        """The mana paid for the powered effect, as alternatives (each a list of colours): an
        Action card's colour; a Spell's colour and black; nothing for an Artifact (thrown away)."""
        if self.kind == "artifact":
            return ((),)
        colours = self.powered_by or self.colours
        if self.kind == "spell":
            return tuple((c, "black") for c in colours)
        return tuple((c,) for c in colours)

    @cached_property
    def basic_cost(self) -> tuple[ManaColour, ...]:
        """Mana paid for the basic effect: a Spell's colour, nothing otherwise."""
        return self.colours if self.kind == "spell" else ()


class HeroCard(_Model):
    card: ContentId
    replaces: ContentId


class Hero(_Model):
    id: ContentId
    name: str = Field(min_length=1)
    set: CardSet
    cards: tuple[HeroCard, ...] = Field(min_length=1)  # own cards swapped into the standard deck
    dummy_crystals: tuple[BasicColour, ...] = Field(min_length=3, max_length=3)
    crystals_source: str = Field(min_length=1)


class Level(_Model):
    level: int = Field(ge=1, le=10)
    fame: int = Field(ge=0)  # the first Fame of this level
    armor: int = Field(ge=1)
    hand_limit: int = Field(ge=1)
    command: int = Field(ge=1)
    gain: Literal["start", "skill-and-advanced-action", "level-token"]


class StandardCard(_Model):
    card: ContentId
    copies: int = Field(ge=1)


SkillType = Literal["turn", "round", "interactive", "passive"]


class Skill(_Model):
    id: ContentId
    name: str = Field(min_length=1)
    hero: ContentId
    type: SkillType
    set: CardSet
    mode: Literal["competitive", "cooperative"] | None = None  # interactive skills only
    effect: Side = ()
    options: tuple[str, ...] = ()  # each option in words, where its effects cannot say it (as Card's)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Skill:
        if (self.type == "interactive") != (self.mode is not None):
            raise ValueError("interactive skills, and only they, are competitive or cooperative")
        if not self.effect:
            raise ValueError("a skill needs an effect")
        if self.options and len(self.options) != len(self.effect):
            raise ValueError(f"options says {len(self.options)} options, the effect has {len(self.effect)}")
        return self


class Tactic(_Model):
    id: ContentId
    name: str = Field(min_length=1)
    time: Literal["day", "night"]
    number: int = Field(ge=1, le=6)
    set: CardSet
    use: Literal["none", "when-taken", "once", "each-turn", "end-of-turn"]
    effect: Side = ()
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Tactic:
        if (self.use == "none") != (not self.effect):
            raise ValueError("a tactic has an effect unless its use is none")
        return self
