"""The big property run: thousands of seeded random Meeples & Monsters games of 2, 3 and 4
players with every invariant checked after every action (see tests/mm_invariants.py).

    python benchmarks/property_run.py [--games 2000] [--views-every 25]

Prints the number of games and actions checked, and the first failure if any (exit 1).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from mm_invariants import run_game  # noqa: E402

from boardrules.games.meeples_and_monsters import MeeplesAndMonsters  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--views-every", type=int, default=25, help="check views and determinize every N actions")
    args = ap.parse_args()
    game = MeeplesAndMonsters()
    t0 = time.perf_counter()
    actions = 0
    for i in range(args.games):
        players = 2 + i % 3
        seed = 100_000 + i
        try:
            _, acts = run_game(game, players, seed, views_every=args.views_every)
        except AssertionError as exc:
            print(f"FAILED: game {i} ({players} players, seed {seed}): {exc}")
            return 1
        actions += len(acts)
        if (i + 1) % 200 == 0:
            print(f"  {i + 1} games, {actions:,} actions checked, {time.perf_counter() - t0:.0f} s", flush=True)
    print(f"{args.games} games (2, 3 and 4 players), {actions:,} actions: every invariant held "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
