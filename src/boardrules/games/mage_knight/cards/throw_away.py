"""Action cards that throw away another Action card of the hand (facts 3.1, ``special:throw-away-card``):
Decompose (crystals of its colour), Ritual Attack (the option of its colour), Maximal Effect (its
effect repeated, with the choices made once).
"""

from __future__ import annotations

from dataclasses import replace

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState
from ..specials import card_special
from .effects import MANA_SPECIALS, _apply, _check_when
from .mana import gain_crystal_now
from .played import Picks, Played, _action_card, _option, _refuse

# Maximal Effect (facts 3.1) repeats another card's effect with the choices made once: not the specials
# that take another card, a Source die or a mana of their own each time (our reading, rules-choices.md)
SINGLE_USE_SPECIALS = (*(x for x in MANA_SPECIALS if x != "lake-crossing"), "improvisation", "concentration", "throw-away-card", "stout-resolve",
                       "mana-draw", "mana-storm", "power-of-crystals", "temporal-portal", "peaceful-moment")
# ... and the specials about the card itself (Steady Tempo back on the deck): the card is thrown away
THROWN_CARD_SPECIALS = ("end-of-turn-deck",)
RITUAL_COLOURS = ("red", "blue", "white", "green")  # Ritual Attack's options, in order


@card_special("throw-away-card")
def _throw_away_card(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                     pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Decompose, Maximal Effect, Ritual Attack (facts 3.1): throw away another Action card; its
    colour (the first of a dual-colour card) or its effect gives what the card says."""
    p, cid = s.players[player], getattr(card, "id", "")
    thrown = _action_card(t, p, card, pk.other, "throw away")
    p.thrown.append(thrown.id)
    colour = thrown.colours[0]
    events.append(Event("thrown", f"throws away {thrown.name}", player, {"card": thrown.id}))
    if cid == "decompose":
        gains = [colour, colour] if not pk.powered else [c for c in BASIC if c != colour]
        for c in gains:
            gain_crystal_now(p, c, events, player)
    elif cid == "ritual-attack":
        if RITUAL_COLOURS[option - 1] != colour:
            raise _refuse(f"{card.name}: a {colour} card gives the {colour} option "
                          f"(option {RITUAL_COLOURS.index(colour) + 1}), not option {option}")
    elif cid == "maximal-effect":  # its basic effect three times, or its powered effect twice, free
        effects = _option(thrown, thrown.powered if pk.powered else thrown.basic, option)
        single = [x.name for x in effects if x.type == "special" and (x.name in SINGLE_USE_SPECIALS or
                                                                      (x.name, thrown.id) == ("lake-crossing", "song-of-wind"))]
        if single:
            raise _refuse(f"{card.name}: {thrown.name}'s {single[0]} needs its own card, Source die or mana "
                          "each time: it is not repeated", "Maximal Effect")
        for x in effects:
            _check_when(s, player, thrown, x)
        for _ in range(e.value):  # as if the card were played that many times, with the same choices
            for x in effects:
                if not (x.type == "special" and x.name in THROWN_CARD_SPECIALS):
                    _apply(t, s, player, thrown, x, events, replace(pk, other=""), mana, option)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
