"""What is played through the cards' interpreter (facts 2, 3.5): a Deed card or a skill (``Played``,
``SkillPlay``), the small choices made for a play (``Picks``), a play's refusal naming its rule,
the option chosen of a side, and another card a play takes from the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ....engine import IllegalActionError
from ..cards_model import Card, Option
from ..content import Tables
from ..game_state import PlayerState
from .deck import WOUND

RULE = "Playing cards"

ACTION_KINDS = ("basic", "hero", "advanced")


class Played(Protocol):
    """What is played: a Deed card, or a skill (no colour)."""

    @property
    def name(self) -> str: ...

    @property
    def colours(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class SkillPlay:
    """A skill (or tactic) played through the interpreter: a name and no colour."""

    name: str
    colours: tuple[str, ...] = ()
    id: str = ""  # the skill's id: its own mechanism (special:skill) is chosen by it


@dataclass(frozen=True)
class Picks:
    """The small choices made for a play: a colour, an enemy (1-based), another card of the
    hand (or a Unit), a Source die (1-based), a card of an offer."""

    colour: str = ""
    target: int = 0
    other: str = ""
    die: int = 0
    offered: str = ""
    others: tuple[str, ...] = ()  # several cards of the hand (Offering)
    settings: tuple[tuple[int, str], ...] = ()  # Source dice set to colours (Mana Pull's strong effect)
    powered: bool = False  # the card's powered side is played (specials that differ by side)
    terrain: str = ""  # a terrain type (Druidic Paths)
    wound_to: str = ""  # "discard": a Wound the card lets go to the discard pile goes there (Blood of Ancients)
    hosted_other: str = ""  # the card of the hand that the card Concentration powers takes (Improvisation's discard)
    colours_paid: tuple[str, ...] = ()  # the colour named for each mana source (``pay COLOUR SOURCE``)


def _refuse(reason: str, rule: str = RULE) -> IllegalActionError:
    return IllegalActionError(reason, rule)


def _option(card: Played, side: tuple[Option, ...], option: int) -> Option:
    """The chosen option of a side; a side without a choice ignores ``option`` (Concentration
    passes it on to the card it powers)."""
    if len(side) == 1:
        return side[0]
    if not 1 <= option <= len(side):
        raise _refuse(f"{card.name} offers {len(side)} choice(s): choose 1 to {len(side)}, not {option}")
    return side[option - 1]


def _take_other(p: PlayerState, card: Played, other: str, what: str) -> str:
    if not other:
        raise _refuse(f"{card.name}: name the other card to {what}")
    if other == WOUND:
        raise _refuse(f"{card.name}: a Wound cannot be used to {what}", "Wounds")
    if other not in p.hand:
        raise _refuse(f"{card.name}: you have no {other} in your hand")
    p.hand.remove(other)
    return other


def _action_card(t: Tables, p: PlayerState, card: Played, other: str, what: str) -> Card:
    """Take another Action card (not a Wound) from the hand for ``card``'s effect."""
    taken = t.card[_take_other(p, card, other, what)]
    if taken.kind not in ACTION_KINDS:
        raise _refuse(f"{card.name} takes an Action card, not {taken.name}")
    return taken
