"""Ambush (facts 3.1): +N to the first Attack card or +2N to the first Block card played after it
this turn, read after each card played (``specials.after_card_played``).
"""

from __future__ import annotations

from typing import Any

from ....engine import Event
from ..cards_model import Card, CardEffect
from ..combat.phases import add_effect
from ..content import Tables
from ..game_state import GameState
from ..specials import after_card_played, card_special
from .lasting import _last
from .played import Picks, Played

AMBUSH = "ambush"  # (kind, "", N): the next Attack card +N, or Block card +2N
ATTACKS = ("attack", "ranged", "siege")


@card_special("ambush")
def ambush_played(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ambush (facts 3.1): +N to the first Attack card or +2N to the first Block card played
    after it this turn (whichever comes first)."""
    _last(s, player, (AMBUSH, "", e.value))


@after_card_played
def ambush(t: Tables, s: GameState, player: int, card: Any, how: str, option: int, events: list[Event]) -> None:
    """Ambush's bonus goes to the first card played after it that gives Attack or Block (a
    sideways Attack or Block too), of that card's kind and element."""
    p = s.players[player]
    if not p.lasting or s.combat is None or not isinstance(card, Card):
        return
    entry = next((x for x in p.lasting if x[0] == AMBUSH), None)
    if entry is None:
        return
    kind: str
    element: str
    if how in ("basic", "powered"):
        side = card.basic if how == "basic" else card.powered
        effects = side[option - 1] if len(side) > 1 else side[0]
        given = next((x for x in effects if x.type in (*ATTACKS, "block")), None)
        if given is None:
            return
        kind, element = given.type, given.element
    elif how in ("attack", "block"):
        kind, element = how, "physical"
    else:
        return
    value = entry[2] * (2 if kind == "block" else 1)
    p.lasting = tuple(x for x in p.lasting if x is not entry)
    bonus = CardEffect.model_validate({"type": kind, "value": value, "element": element}).combat_effect()
    assert bonus is not None
    add_effect(s.combat, t, bonus, -1, ("green",), events)
    events.append(Event("ambush", f"Ambush: {card.name} +{value}", player, {"card": card.id, "bonus": value}))
