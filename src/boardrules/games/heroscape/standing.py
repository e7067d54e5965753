"""The race to win on every board (Game.standing): the round limit and the winning rule
(rules-choices.md "Round limit"), the round, and each player's points of army cards with a
figure left (public: the army cards lie face up)."""

from __future__ import annotations

from ...engine import Standing
from .figures import Figures
from .state import SHState


def standing(q: Figures, s: SHState) -> Standing:
    goal = (f"after round {s.max_rounds}, or when one army is left, the most points of army cards with a "
            "figure left win (a tie shares)")
    if s.over:
        clock = f"the game is over after round {min(s.round, s.max_rounds)}"
    elif s.stage in ("army", "place"):
        clock = f"building the armies ({s.points} points each), then {s.max_rounds} rounds"
    else:
        clock = f"round {max(1, min(s.round, s.max_rounds))} of {s.max_rounds}"
    scores = tuple(f"{sum(q.card(s, c).points for c in s.cards_of(p) if s.surviving(c))} points"
                   for p in range(s.num_players))
    return Standing(goal, clock, scores)
