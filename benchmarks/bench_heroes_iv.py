"""Heroes IV speed and strength figures.

    python benchmarks/bench_heroes_iv.py [--games 200] [--greedy-games 100]

Prints: random 2-player games per second, the median milliseconds per game and decisions per
second; clone() against copy.deepcopy (target: at least 10x); the greedy seat's win rate against a
random seat in 2-player games (target: at least 80%; outright wins apart).
"""

from __future__ import annotations

import argparse

from common import clone_ratio, greedy_win_rate, random_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--greedy-games", type=int, default=100)
    args = ap.parse_args()
    if args.games:
        random_games("heroes-iv", 2, args.games)
    clone_ratio("heroes-iv", 2, steps=120)
    if args.greedy_games:
        greedy_win_rate("heroes-iv", 2, args.greedy_games)


if __name__ == "__main__":
    main()
