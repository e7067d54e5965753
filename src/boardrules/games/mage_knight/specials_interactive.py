"""Interactive skills (facts 3.5, competitive tokens), registered by skill id: once a round, the
token goes to the centre of the table (``GameState.centre``) and affects the others until the
start of its owner's next turn (``turn.start_turn``), then it is face down until the round ends.
Prayer of Weather (Norowas): its effect is read by the Move costs (``movement.weather``);
Healing Ritual (Arythea): Wounds thrown away, one to the nearest other hero. Everything here is
in sight of everyone.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event, IllegalActionError
from .cards_model import CardEffect
from .content import Tables
from .deck import WOUND
from .game_state import GameState
from .hexmap import Hex
from .movement import PRAYER_OF_WEATHER
from .specials import skill_special

RULE = "Using Skills"
RITUAL_WOUNDS = 2


def _to_centre(s: GameState, skill: str, player: int, events: list[Event], name: str, detail: str = "") -> None:
    s.centre = (*s.centre, (skill, player, detail))
    events.append(Event("centre", f"puts {name} in the centre until the start of the next turn", player,
                        {"skill": skill}))


@skill_special(PRAYER_OF_WEATHER)
def prayer_of_weather(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Norowas: until your next turn, terrain costs 2 less for you (min 1) and 1 more
    for everyone else (max 5)."""
    _to_centre(s, PRAYER_OF_WEATHER, player, events, card.name)


def distance(a: Hex, b: Hex) -> int:
    """Steps between two spaces (axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nearest_other(s: GameState, player: int) -> int:
    """The other hero nearest to ``player``'s (a tie: the first after them in seat order), or -1."""
    n = len(s.players)
    others = [(player + k) % n for k in range(1, n)]
    if not others:
        return -1
    here = s.players[player].position
    return min(others, key=lambda i: (distance(here, s.players[i].position), (i - player) % n))


@skill_special("healing-ritual")
def healing_ritual(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                   pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: outside combat throw away up to two Wounds from hand; one of them goes to
    the hand of the nearest other hero instead (all the Wounds it can, rules-choices.md)."""
    p = s.players[player]
    wounds = min(RITUAL_WOUNDS, p.hand.count(WOUND))
    if not wounds:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand", RULE)
    for _ in range(wounds):
        p.hand.remove(WOUND)
    other = nearest_other(s, player)
    if other >= 0:
        s.players[other].hand.append(WOUND)
        events.append(Event("wound", f"{card.name}: a Wound goes to the hand of player {other + 1}", player,
                            {"to": other + 1}))
    events.append(Event("healed", f"{card.name}: {wounds} Wound(s) out of the hand", player, {"wounds": wounds}))
    _to_centre(s, "healing-ritual", player, events, card.name)
