"""The size of what a human is shown when asked (issue 24, "a compact frame"): scripted games in
which the human seat answers 1 at every prompt against greedy seats, every frame printed as the
terminal prints it (the board, the goal, clock and scores, the question and its labelled
answers) at ``--columns`` (default 120), measured in lines.

    python benchmarks/frame_size.py [--games 2] [--columns 120] [--game heroes-iv]

Prints, per game, the questions asked, the longest frame and the mean, and the widest line;
the target is at most 45 lines at 120 columns.
"""

from __future__ import annotations

import argparse
import io
import os
from pathlib import Path
from typing import Any

from rich.console import Console

from boardrules.agents import HUMAN, make_agent
from boardrules.cli.table import PlayTable
from boardrules.engine import Session
from boardrules.games import GAMES, load_game

PLAYERS = {"meeples-and-monsters": 3, "small-world": 3, "heroscape": 2, "heroes-iv": 3, "mage-knight": 2}


def frames(name: str, seed: int, columns: int, max_questions: int = 400) -> list[tuple[int, int]]:
    """(lines, widest line) of every frame shown to the human seat of one scripted game."""
    game = load_game(name)
    n = PLAYERS.get(name, game.min_players)
    seats = [HUMAN] + ["greedy"] * (n - 1)
    session: Session[Any] = Session(game, seed, n, {}, seats)
    out = io.StringIO()
    console = Console(file=out, width=columns, color_system=None, highlight=False)
    table = PlayTable(console, session, Path(os.devnull))
    agents = [None] + [make_agent("greedy", seed + i) for i in range(1, n)]
    sizes = []
    while (d := session.decision) is not None and len(sizes) < max_questions:
        agent = agents[d.player]
        if agent is not None:
            session.play(agent.act(game, session.state, d))
            continue
        out.seek(0)
        out.truncate()
        console.print(table.frame(d.player))
        table.show(d)
        lines = out.getvalue().splitlines()
        sizes.append((len(lines), max((len(x.rstrip()) for x in lines), default=0)))
        session.play(d.actions[0])
    return sizes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--columns", type=int, default=120)
    ap.add_argument("--game", choices=sorted(GAMES))
    args = ap.parse_args()
    print(f"{'game':22} {'questions':>9} {'longest':>8} {'mean':>6} {'widest':>7}   (lines at {args.columns} columns)")
    for name in [args.game] if args.game else sorted(GAMES):
        sizes = [x for seed in range(1, args.games + 1) for x in frames(name, seed, args.columns)]
        lines = [a for a, _ in sizes]
        print(f"{name:22} {len(sizes):>9} {max(lines):>8} {sum(lines) / len(lines):>6.1f} "
              f"{max(b for _, b in sizes):>7}")


if __name__ == "__main__":
    main()
