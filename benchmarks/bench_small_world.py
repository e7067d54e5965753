"""Small World speed and strength figures.

    python benchmarks/bench_small_world.py [--games 200] [--greedy-games 200]

Prints: random 5-player games on the 5-player map per second and the median milliseconds per
game (target: under 20 ms on one core), decisions per second, clone() against copy.deepcopy,
and the greedy seat's win rate against two random seats in 3-player games (target: at least
80%).
"""

from __future__ import annotations

import argparse

from common import clone_ratio, greedy_win_rate, random_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--greedy-games", type=int, default=200)
    args = ap.parse_args()
    random_games("small-world", 5, args.games, target_ms=20)
    clone_ratio("small-world", 5, steps=120)
    if args.greedy_games:
        greedy_win_rate("small-world", 3, args.greedy_games)


if __name__ == "__main__":
    main()
