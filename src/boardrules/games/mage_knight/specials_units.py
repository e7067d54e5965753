"""Units' abilities with a ``special`` effect used outside combat (facts 3.4), registered by
"unit-id:ability-key" (``specials.unit_special``): the Foresters' terrain discount and the
Scouts' exploring further away. Each lasts the turn in ``PlayerState.lasting`` (in sight of
everyone, like the Unit activated: nothing here is hidden).
"""

from __future__ import annotations

from ...engine import Event
from .content import Tables
from .content_model import Effect
from .exploring import EXPLORE_REACH
from .game_state import GameState
from .specials import unit_special

FORESTERS_TERRAINS = ("forest", "hills", "swamp")
SCOUTS_REACH = 2


@unit_special("foresters:move")
def foresters(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event]) -> None:
    """Facts 3.4 Foresters: "Move 2 and forest/hills/swamp cost -1 this turn" (never below 0)."""
    p = s.players[player]
    p.lasting = (*p.lasting, *(("less", x, 1) for x in FORESTERS_TERRAINS))
    events.append(Event("terrain", "forest, hills and swamp cost 1 less Move this turn", player, {"unit": label}))


@unit_special("scouts:move")
def scouts_explore(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event]) -> None:
    """Facts 3.4 Scouts: "Move 2 and you may explore tiles 2 spaces away" (this turn)."""
    p = s.players[player]
    p.lasting = (*p.lasting, (EXPLORE_REACH, "", SCOUTS_REACH))
    events.append(Event("explore-reach", f"may explore tiles {SCOUTS_REACH} spaces away this turn", player,
                        {"unit": label}))
