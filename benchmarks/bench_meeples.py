"""Meeples & Monsters speed and strength figures.

    python benchmarks/bench_meeples.py [--games 200] [--greedy-games 200]

Prints: random 4-player games per second and the median milliseconds per game (target: under
15 ms on one core), decisions per second, clone() against copy.deepcopy of the same state
(target: at least 10x faster), and the greedy seat's win rate against three random seats over
seeded games (target: at least 80%).
"""

from __future__ import annotations

import argparse

from common import clone_ratio, greedy_win_rate, random_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--greedy-games", type=int, default=200)
    args = ap.parse_args()
    random_games("meeples-and-monsters", 4, args.games, target_ms=15)
    clone_ratio("meeples-and-monsters", 4)
    if args.greedy_games:
        greedy_win_rate("meeples-and-monsters", 4, args.greedy_games)


if __name__ == "__main__":
    main()
