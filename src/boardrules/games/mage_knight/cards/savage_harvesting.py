"""Savage Harvesting (facts 2.3, Krang): after its Move, a space moved this turn lets the hero
discard a card for a crystal of its colour. What lasts the turn is an entry of
``PlayerState.lasting``; discarded cards are in sight of everyone, so nothing here is hidden.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState, add, count
from ..specials import card_special
from .deck import WOUND
from .mana import gain_crystal_now
from .played import Picks, Played, _refuse

SAVAGE = "savage-harvesting"  # (kind, "basic" / "powered", spaces on the path when played)
HARVESTED = "harvested"  # a mark of PlayerState.lasting per card discarded for Savage Harvesting


@card_special("savage-harvesting")
def savage_harvesting(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Savage Harvesting (facts 2.3, Krang): after its Move, a space moved this turn lets the hero
    discard a card for a crystal of its colour: once (basic), or once per space (powered)
    (``harvest``)."""
    p = s.players[player]
    add(p, SAVAGE, "powered" if pk.powered else "basic", len(p.path))


def harvests_left(s: GameState, player: int) -> int:
    """How many cards Savage Harvesting lets the hero discard now: one per space moved since it
    was played (one in all for the basic effect), less those already discarded."""
    p = s.players[player]
    if not p.lasting or s.combat is not None:
        return 0
    done = count(p, HARVESTED)
    left = 0
    for kind, how, start in p.lasting:
        if kind == SAVAGE:
            moved = len(p.path) - start
            left = max(left, moved - done if how == "powered" else min(moved, 1) - done)
    return max(left, 0)


def harvest_colours(t: Tables, card: str) -> tuple[str, ...]:
    """The crystal colours a card discarded to Savage Harvesting gives: its colour (either of a
    dual-colour card), any basic colour for an Artifact."""
    c = t.card[card]
    return BASIC if c.kind == "artifact" else tuple(x for x in c.colours if x in BASIC)


def harvest(t: Tables, s: GameState, player: int, card: str, colour: str, events: list[Event]) -> None:
    """Savage Harvesting: discard ``card`` from the hand for a crystal of its colour (``colour``:
    the colour chosen for an Artifact or a dual-colour card)."""
    p = s.players[player]
    if not harvests_left(s, player):
        raise _refuse("Savage Harvesting: a card is discarded for a crystal when you move a space after playing "
                      "it (basic: once this turn), outside combat", "Savage Harvesting")
    if card == WOUND or card not in p.hand:
        raise _refuse(f"Savage Harvesting: discard a non-Wound card of your hand, not {card}", "Savage Harvesting")
    colours = harvest_colours(t, card)
    if len(colours) == 1 and colour in ("", colours[0]):
        colour = colours[0]
    elif colour not in colours:
        raise _refuse(f"Savage Harvesting: {t.card[card].name} gives a crystal of {' or '.join(colours)}: "
                      "name the colour", "Savage Harvesting")
    p.hand.remove(card)
    p.discard.append(card)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    add(p, HARVESTED)
    events.append(Event("discarded", f"discards {t.card[card].name} (Savage Harvesting)", player, {"card": card}))
    gain_crystal_now(p, colour, events, player)


__all__ = ["HARVESTED", "SAVAGE", "harvest", "harvest_colours", "harvests_left"]
