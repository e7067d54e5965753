"""The combats the turn starts on the map: rampaging enemies challenged, those of other adjacent
spaces joining (MARAUDING ORCS / DRACONUM "Action", RB Combat 1d), and the combat a move forces
(provoked rampaging enemies, a fortified site entered: facts 4.1, 5.5), which the other adjacent
rampaging enemies may be challenged to join (RB Combat 2c)."""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..content import Tables
from ..game_state import GameState
from ..map.hexes import neighbours
from ..map.movement import assault_needed, rampaging_at
from ..sites.site_combats import start_movement_combat
from .words import _hs, _works

JOIN = "join"  # the pending play of rampaging enemies challenged to join a move's combat


def _other_rampaging(t: Tables, g: GameState, player: int, play: list[Any]) -> list[str]:
    """MARAUDING ORCS / DRACONUM "Action" (RB Combat 1d: "If there are rampaging enemies on
    multiple adjacent spaces, you can choose to challenge one or more of them"): the other spaces
    next to the hero whose rampaging enemies may join the challenge of ``play``'s spaces."""
    chosen = {play[0], *(x[1] for x in play[2:])}
    p = g.players[player]
    return [_hs(h) for h in neighbours(p.position) if _hs(h) not in chosen and h not in p.provoked
            and rampaging_at(t, g, h)]


def joining_offered(t: Tables, g: GameState, player: int) -> bool:
    """RB Combat 2c: "If your move started a combat and there are one or more rampaging enemies
    adjacent to the space you moved into, you may challenge them to join the fight": whether the
    combat the move forces (``forced_combat``) waits for that choice."""
    p = g.players[player]
    if g.combat is not None or p.acted or not (p.provoked or (p.moving_done and assault_needed(t, g, player, p.position))):
        return False
    return bool(_other_rampaging(t, g, player, [JOIN, "joining"])) and \
        _works(lambda x: start_movement_combat(t, x, player, []), g)


def forced_combat(t: Tables, g: GameState, player: int, events: list[Event]) -> None:
    """A move that provoked rampaging enemies or entered a fortified site starts its combat at
    once (facts 4.1, 5.5; ``sites.start_movement_combat``). A rival's keep with its owner there
    is player-versus-player combat: the move ends there and ``attack-hero N`` is the action left."""
    p = g.players[player]
    if g.combat is not None or p.acted or not (p.provoked or (p.moving_done and assault_needed(t, g, player, p.position))):
        return
    try:
        start_movement_combat(t, g, player, events)
    except IllegalActionError:
        p.provoked = []


__all__ = ["forced_combat", "joining_offered"]
