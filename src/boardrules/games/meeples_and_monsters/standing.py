"""The race to win on every board (Game.standing): ENDING THE GAME's end and tie-break in one
line, the turn and how far the Dark Council has come, and each player's Victory Points (public)."""

from __future__ import annotations

from typing import Any

from ...engine import Standing

# one line at 120 columns beside "Goal: ": ENDING THE GAME in a few words
GOAL = ("most VP wins, a tie to the fewest Peasants; the game ends 2 turns each after the third Dark Council "
        "Arrives card")


def standing(v: dict[str, Any]) -> Standing:
    """The standing read from a view: what its viewer knows."""
    left, drawn = v["final_turns_left"], v["council_arrives_drawn"]
    if v["over"]:
        clock = f"the game is over after turn {v['turn']}"
    elif left > 0:
        clock = f"turn {v['turn']}, " + ("the last turn of the game" if left == 1 else f"the last {left} turns of the game")
    elif drawn >= 3:
        clock = f"turn {v['turn']}, Arrives cards 3 of 3: final turns next"
    else:
        clock = f"turn {v['turn']}, Arrives cards {drawn} of 3 drawn"
    return Standing(GOAL, clock, tuple(f"{p['vp']} VP" for p in v["players"]))
