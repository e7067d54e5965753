"""Skills that move the hero directly (facts 3.5), registered by skill id: Flight. An effect that
moves the hero directly ignores terrain and walls (facts 5.5 "Effects that move you directly",
WALLS "Movement") and provokes no rampaging enemies; it ends on a safe space.
"""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.movement_spells import reach
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState
from ..map.exploring import reveal_near
from ..map.hexes import Hex
from ..rounds.turn import safe_space
from ..specials import skill_special

RULE = "Using Skills"
FLIGHT_COSTS = {1: 0, 2: 2}  # spaces flown: Move points paid


def flight_moves(t: Tables, s: GameState, player: int) -> list[Hex]:
    """Where Flight can take the hero now: a safe space 1 space away (free) or 2 away (2 Move),
    outside combat, in a turn still moving."""
    p = s.players[player]
    if s.combat is not None or p.acted or p.moving_done or p.rested:
        return []
    most = max(d for d, cost in FLIGHT_COSTS.items() if cost <= p.move_points)
    return sorted(h for h in reach(t, s, p.position, most) if safe_space(t, s, player, h))


@skill_special("flight")
def flight(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
           pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Goldyx: "move to an adjacent space free, or 2 spaces for 2 Move; must end on a
    safe space; does not provoke" (``pk.other``: the space, ``Q:R``)."""
    p = s.players[player]
    spaces = flight_moves(t, s, player)
    if not spaces:
        raise IllegalActionError(f"{card.name}: no safe space within reach, outside combat, before your action",
                                 "Movement")
    q, _, r = pk.other.partition(":")
    try:
        to = (int(q), int(r))
    except ValueError:
        raise IllegalActionError(f"{card.name}: name the space to fly to (move Q:R)", "Movement") from None
    if to not in spaces:
        raise IllegalActionError(f"{card.name}: {pk.other} is not a safe space 1 space away (or 2, for 2 Move)",
                                 "Movement")
    p.move_points -= FLIGHT_COSTS[reach(t, s, p.position, 2)[to]]
    p.move_left = p.move_points  # a move of the Move phase: what is left pays no maze path (MAZE)
    p.came_from, p.position = None, to
    p.path.append(to)
    p.provoked = []
    events.append(Event("moved", f"flies to {to[0]},{to[1]}", player, {"to": list(to)}))
    reveal_near(t, s, player, events)
