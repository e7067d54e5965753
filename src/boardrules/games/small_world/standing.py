"""The race to win on every board (Game.standing): the game's end and tie-break in one line,
the turn on the track, and each player's coins (one's own; the others' are kept face down) and
the Regions held, which score at the end of each turn."""

from __future__ import annotations

from typing import Any

from ...engine import Standing


def standing(v: dict[str, Any]) -> Standing:
    """The standing read from a view: what its viewer knows."""
    goal = f"most coins after turn {v['turns']} wins (a tie: most Race tokens on the map)"
    clock = f"the game is over after turn {v['turns']}" if v["over"] else f"turn {v['turn']} of {v['turns']}"
    held = [0] * len(v["players"])
    for r in v["regions"]:
        if isinstance(r["owner"], int):
            held[r["owner"]] += 1
    scores = tuple(f"{p['coins'] if isinstance(p['coins'], int) else '?'} coins, {n} Region{'s' if n != 1 else ''}"
                   for p, n in zip(v["players"], held, strict=True))
    return Standing(goal, clock, scores)
