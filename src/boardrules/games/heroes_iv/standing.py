"""The race to win on every board (Game.standing): the winning rule (turn.scores: 3 points a
Town, 2 a Creature Dwelling, 1 a Location, 1 an Artifact under a Hero) and the round limit, the
round, and each player's points now (public: what is flagged and carried lies face up)."""

from __future__ import annotations

from ...engine import Standing
from .content import Content
from .state import H4State
from .turn import ARTIFACT_POINTS, DWELLING_POINTS, LOCATION_POINTS, TOWN_POINTS, scores


def standing(c: Content, s: H4State) -> Standing:
    goal = (f"most points after round {s.rounds} wins (ties shared): Town {TOWN_POINTS}, Creature Dwelling "
            f"{DWELLING_POINTS}, Location {LOCATION_POINTS}, Artifact under a Hero {ARTIFACT_POINTS}")
    if s.over:
        clock = f"the game is over after round {s.rounds}"
    elif s.stage == "build":
        clock = f"building the map, then {s.rounds} rounds"
    elif s.stage == "start":
        clock = f"placing the Army Stacks, then {s.rounds} rounds"
    else:
        left = s.rounds - s.turn
        clock = f"round {s.turn} of {s.rounds}" + (", the last" if left == 0 else f", {left} more after this")
    return Standing(goal, clock, tuple(f"{x} points" for x in scores(c, s)))
