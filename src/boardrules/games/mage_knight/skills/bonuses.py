"""Skills that leave a bonus waiting for the next play (facts 3.5, ``special:skill``), registered
by skill id.

The sideways skills (I Don't Give a Damn, Who Needs Magic?, Universal Power, Power of Pain)
and Leadership are used before the play they change: the skill leaves a bonus waiting, for this
turn, that the next card played sideways (``GameState.sideways_bonus``) or the next Unit
activated in the combat (``Combat.leadership``) takes. Using such a skill twice before its
bonus is taken is refused: one bonus waits at a time. ``sideways_value`` and ``bonus_points``
give the points of the card played sideways that takes it (facts 2: 1).
"""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.deck import WOUND
from ..cards.mana import pay_mana
from ..cards_model import Card, CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState
from ..specials import skill_special

RULE = "Using Skills"
ACTION_OR_SPELL = ("basic", "hero", "advanced", "spell")


def _wait(s: GameState, player: int, name: str, bonus: str, events: list[Event], what: str) -> None:
    if s.sideways_bonus:
        raise IllegalActionError(f"{name}: a bonus already waits for the next card played sideways", RULE)
    s.sideways_bonus = bonus
    events.append(Event("skill-bonus", f"{name}: {what}", player, {"bonus": bonus}))


@skill_special("i-dont-give-a-damn")
def i_dont_give_a_damn(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                       pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Tovak: one card played sideways gives +2 instead of +1 (+3 if an Advanced Action, Spell or
    Artifact)."""
    _wait(s, player, card.name, "i-dont-give-a-damn", events, "the next card played sideways gives +2 (+3)")


@skill_special("who-needs-magic")
def who_needs_magic(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Tovak: one card played sideways gives +2 (+3 if you use no Source die this turn)."""
    _wait(s, player, card.name, "who-needs-magic", events, "the next card played sideways gives +2 "
          "(+3 with no Source die used this turn)")


@skill_special("universal-power")
def universal_power(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Goldyx: add a mana (a basic colour, paid now) to a card played sideways: +3 instead of +1,
    or +4 if it is an Action or Spell of that colour."""
    if pk.colour not in BASIC or len(mana) != 1:
        raise IllegalActionError(f"{card.name}: choose a basic colour and the mana that pays it "
                                 "(die N, token or crystal)", "Mana")
    if s.sideways_bonus:  # refused before anything is paid
        raise IllegalActionError(f"{card.name}: a bonus already waits for the next card played sideways", RULE)
    pay_mana(s, player, pk.colour, mana[0])
    _wait(s, player, card.name, f"universal-power:{pk.colour}", events,
          f"{pk.colour} mana added to the next card played sideways: +3 (+4 for a {pk.colour} Action or Spell)")


@skill_special("power-of-pain")
def power_of_pain(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: play one Wound sideways as if it were not a Wound, worth +2; it goes to the
    discard pile at the end of the turn (with the cards played)."""
    if WOUND not in s.players[player].hand:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand to play sideways", RULE)
    _wait(s, player, card.name, "power-of-pain", events, "a Wound may be played sideways, worth +2")


@skill_special("leadership")
def leadership(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Norowas: when activating a Unit, +3 to its Block, +2 to its Attack or +1 to its Ranged
    Attack (not Siege): the next Unit ability of this combat that gives one of them."""
    c = s.combat
    if c is None:
        raise IllegalActionError(f"{card.name} is used when activating a Unit in a combat", RULE)
    if c.leadership:
        raise IllegalActionError(f"{card.name}: its bonus already waits for a Unit", RULE)
    c.leadership, c.cached = True, None
    events.append(Event("skill-bonus", f"{card.name}: the next Unit activated gets +3 Block, +2 Attack or "
                        "+1 Ranged Attack", player, {"bonus": "leadership"}))


def sideways_value(t: Tables, s: GameState, card: Card) -> int:
    """The points of ``card`` played sideways now (facts 2: 1), with a skill's bonus waiting:
    the bonus is taken by this play (a Wound takes only Power of Pain's)."""
    bonus = s.sideways_bonus
    if not bonus or (card.id == WOUND) != (bonus == "power-of-pain"):
        return 1
    s.sideways_bonus = ""
    points = bonus_points(bonus, card, bool(s.source_used))
    if bonus == "who-needs-magic" and points == 3:
        s.dice_allowed = 0  # +3: no Source die this turn (rules-choices.md)
    return points


def bonus_points(bonus: str, card: Card, die_taken: bool) -> int:
    """The points of ``card`` played sideways with a skill's ``bonus`` waiting for it (facts 3.5),
    in a turn or between heroes (pvp/skills.py): Power of Pain a Wound 2; I Don't Give a Damn 2, 3
    for an Advanced Action, Spell or Artifact; Who Needs Magic? 2, 3 with no Source die taken (none
    may be taken then: the caller marks it); Wolf's Howl its value; Universal Power 3, 4 for an
    Action or Spell of the mana's colour."""
    if bonus == "power-of-pain":
        return 2
    if bonus == "i-dont-give-a-damn":
        return 3 if card.kind in ("advanced", "spell", "artifact") else 2
    if bonus == "who-needs-magic":
        return 2 if die_taken else 3
    if bonus.startswith("wolfs-howl:"):  # Wolf's Howl (skills/interactive.py): its value
        return int(bonus.partition(":")[2])
    colour = bonus.partition(":")[2]  # Universal Power
    return 4 if card.kind in ACTION_OR_SPELL and colour in card.colours else 3


__all__ = ["sideways_value"]
