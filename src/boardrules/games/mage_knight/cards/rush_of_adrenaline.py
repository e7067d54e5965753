"""Rush of Adrenaline (facts 3.1): cards drawn for the Wounds taken into the hand this turn (its
mark in ``PlayerState.lasting`` is read by ``deck.take_wounds``).
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState, add
from ..specials import card_special
from .deck import RUSH
from .played import Picks, Played


@card_special("rush-of-adrenaline")
def rush_of_adrenaline(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                       pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Rush of Adrenaline (facts 3.1): a card drawn for each of the first three Wounds taken into
    the hand this turn; powered, the first Wound is thrown away (and draws), then three more
    draw (``deck.take_wounds``). Wounds taken before it is played do not count (our reading)."""
    p = s.players[player]
    add(p, RUSH, "throw" if pk.powered else "draw", e.value)
