"""What the designer's records and reports cost (issue 28).

    python benchmarks/bench_sim_report.py [--games 200]

Prints, for random games of Meeples & Monsters (4 players) and Small World (5 players): games
per second with the simulator noting the turn order and the score by turn (``TurnWatch``)
against the same games with that note-taking switched off, measured in the same run, the best
of two each (the time ratio is the figure; 1.00 is free). Then, over those games' records: the time to build the
JSON rows, the CSV, and the HTML report, per 1,000 games.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import time
from typing import Any

from boardrules.games import load_game
from boardrules.sim.report import simulate_report
from boardrules.sim.rows import CsvRows, RunInfo

sim: Any = importlib.import_module("boardrules.sim.simulate")


def _play(name: str, players: int, games: int) -> tuple[float, list[Any]]:
    game = load_game(name)
    seats = ["random"] * players
    started = time.perf_counter()
    records = [sim.play_one(game, seats, sim.game_seed(1, i), index=i) for i in range(games)]
    return time.perf_counter() - started, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    for name, players in (("meeples-and-monsters", 4), ("small-world", 5)):
        _play(name, players, 5)  # warm: content loaded, code compiled
        step = sim.TurnWatch.step
        watched, bare = [], []
        for _ in range(2):  # interleaved, the best of two each
            seconds, records = _play(name, players, args.games)
            watched.append(seconds)
            sim.TurnWatch.step = lambda self, state: None  # the baseline: nothing noted between decisions
            try:
                bare.append(_play(name, players, args.games)[0])
            finally:
                sim.TurnWatch.step = step
        print(f"{name}: {args.games / min(watched):.1f} games/s noting turn order and score by turn, "
              f"{args.games / min(bare):.1f} without: time ratio {min(watched) / min(bare):.3f} (1.00 is free)")
        game = load_game(name)
        info = RunInfo.of(game, ["random"] * players, game.check_options(players, {}))
        started = time.perf_counter()
        rows = [info.row(r) for r in records]
        text = "".join(json.dumps(r) + "\n" for r in rows)
        t_rows = time.perf_counter() - started
        started = time.perf_counter()
        table = CsvRows(io.StringIO(), players)
        for r in rows:
            table.write(r)
        t_csv = time.perf_counter() - started
        started = time.perf_counter()
        html = simulate_report(game.title, info, records, 1)
        t_html = time.perf_counter() - started
        per = 1000 / len(records)
        print(f"  per 1,000 games: JSON rows {t_rows * per:.2f} s ({len(text) * per / 1e6:.1f} MB), CSV {t_csv * per:.2f} s, "
              f"HTML report {t_html * per:.2f} s ({len(html) / 1e3:.0f} kB for {len(records)} games)")


if __name__ == "__main__":
    main()
