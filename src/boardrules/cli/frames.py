"""What a human is shown when asked, measured (issue 24, "a compact frame"): a scripted game in
which the human seat answers with the first action at every prompt against greedy seats, every
frame printed as the terminal prints it (the compact board, the goal, clock and scores, the
question and its labelled answers). Used by ``benchmarks/frame_size.py`` and the frame tests."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from ..agents import HUMAN, make_agent
from ..engine import Session
from ..games import load_game
from .table import PlayTable

PLAYERS = {"meeples-and-monsters": 3, "small-world": 3, "heroscape": 2, "heroes-iv": 3, "mage-knight": 2}


def frames(name: str, seed: int, columns: int = 120, max_questions: int = 400,
           players: int | None = None, options: dict[str, str] | None = None) -> list[list[str]]:
    """The lines of every frame shown to the human seat (seat 0) of one scripted game."""
    game = load_game(name)
    n = players or PLAYERS.get(name, game.min_players)
    session: Session[Any] = Session(game, seed, n, options or {}, [HUMAN] + ["greedy"] * (n - 1))
    out = io.StringIO()
    console = Console(file=out, width=columns, color_system=None, highlight=False)
    table = PlayTable(console, session, Path(os.devnull))
    agents = [None] + [make_agent("greedy", seed + i) for i in range(1, n)]
    shown: list[list[str]] = []
    while (d := session.decision) is not None and len(shown) < max_questions:
        agent = agents[d.player]
        if agent is not None:
            session.play(agent.act(game, session.state, d))
            continue
        out.seek(0)
        out.truncate()
        console.print(table.frame(d.player))
        table.show(d)
        shown.append([line.rstrip() for line in out.getvalue().splitlines()])
        session.play(d.actions[0])
    return shown
