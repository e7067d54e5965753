"""The race to win on every board (Game.standing): the scenario's end and winning rule (facts
5.8) in one line, the round with day or night, and each hero's Fame and level with the Fame to
the next level (public: the Fame track lies on the table)."""

from __future__ import annotations

from ....engine import Standing
from ..content import Tables
from ..game_state import MKState
from .scenarios import Scenario


def goal(sc: Scenario) -> str:
    """How the scenario ends and who wins, in one line."""
    score = "Fame plus achievements" + (" and city points" if sc.city_scoring else "")
    if sc.dummy:
        return (f"conquer {'both cities' if sc.city_tiles == 2 else 'every city'} by the end of round {sc.rounds} "
                f"to win; your score is your {score}")
    if sc.end == "city-revealed":
        end = f"ends after round {sc.rounds}, or one last turn each after the city is revealed"
    elif sc.end == "cities-conquered":
        end = f"ends after round {sc.rounds}, or one last turn each after every city falls"
    else:
        end = f"ends after round {sc.rounds}"
    return f"most {score} wins; {end}"


def standing(t: Tables, state: MKState, sc: Scenario) -> Standing:
    g = state.g
    time = "night" if g.night else "day"
    if state.over:
        clock = f"the game is over in round {g.round} of {sc.rounds}"
    elif g.end_triggered:
        clock = f"round {g.round} of {sc.rounds} ({time}): the last turns of the game"
    else:
        clock = f"round {g.round} of {sc.rounds} ({time})"
    scores = []
    for p in g.players[:state.num_players]:
        nxt = [x for x in t.levels if x.level == p.level + 1]  # the level reached: a level-up waits for the turn's end
        more = f", {max(0, nxt[0].fame - p.fame)} to level {p.level + 1}" if nxt else ""
        scores.append(f"{p.fame} Fame (level {p.level}{more})")
    return Standing(goal(sc), clock, tuple(scores))
