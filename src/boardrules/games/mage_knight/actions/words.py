"""The turn's action words and the small helpers every actions module shares: the ways a card is
played (basic, powered, or sideways as move, influence, attack or block: facts 5.3, 5.4), the
actions without a choice (end the turn and step 6's discarding, facts 5.7; announce the end of the
round; enter, plunder, burn, an altar's tribute, a city's services: facts 4.4-4.6), a space as typed
in an action (``Q:R``), and a rule tried on a copy of the state."""

from __future__ import annotations

from typing import Any

from ....engine import IllegalActionError, shared_action
from ..cards.playing import SIDEWAYS
from ..game_state import GameState
from ..map.hexes import Hex

HOWS = ("basic", "powered", *SIDEWAYS)
END_TURN = shared_action("end-turn")
ANNOUNCE = shared_action("announce")
ENTER = shared_action("enter")
PLUNDER = shared_action("plunder")
BURN = shared_action("burn")
ALTAR = shared_action("altar")
BUY_ARTIFACT, ELITE_UNIT = shared_action("buy-artifact"), shared_action("elite-unit")  # red, white city (facts 4.6)
END_DISCARDING = shared_action("end-turn-discard")  # facts 5.7 step 6: non-Wound cards discarded, then drawing


def _h(text: str) -> Hex:
    """A space as typed in an action, ``Q:R`` (axial coordinates; one word of the action)."""
    q, r = text.split(":")
    if len(q) > 4 or len(r) > 4:
        raise ValueError(text)
    return (int(q), int(r))


def _hs(h: tuple[int, int]) -> str:
    return f"{h[0]}:{h[1]}"


def _works(fn: Any, g: GameState, *args: Any, **kw: Any) -> bool:
    """Whether the rule accepts this on a copy of the state."""
    try:
        fn(g.clone(), *args, **kw)
    except IllegalActionError:
        return False
    return True
