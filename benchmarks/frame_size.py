"""The size of what a human is shown when asked (issue 24, "a compact frame"): scripted games in
which the human seat answers 1 at every prompt against greedy seats (``cli/frames.py``), at
``--columns`` (default 120), measured in lines.

    python benchmarks/frame_size.py [--games 2] [--columns 120] [--game heroes-iv] [--all-counts]

Prints, per game, the questions asked, the longest frame and the mean, and the widest line;
the target is at most 45 lines at 120 columns.
"""

from __future__ import annotations

import argparse

from boardrules.cli.frames import PLAYERS, frames
from boardrules.games import GAMES, load_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--columns", type=int, default=120)
    ap.add_argument("--game", choices=sorted(GAMES))
    ap.add_argument("--all-counts", action="store_true", help="every player count the game takes, not only its usual one")
    args = ap.parse_args()
    print(f"{'game':22} {'players':>7} {'questions':>9} {'longest':>8} {'mean':>6} {'widest':>7}"
          f"   (lines at {args.columns} columns)")
    for name in [args.game] if args.game else sorted(GAMES):
        game = load_game(name)
        counts = range(game.min_players, game.max_players + 1) if args.all_counts else [PLAYERS.get(name, game.min_players)]
        for n in counts:
            shown = [f for seed in range(1, args.games + 1) for f in frames(name, seed, args.columns, players=n)]
            lines = [len(f) for f in shown]
            widest = max(len(line) for f in shown for line in f)
            print(f"{name:22} {n:>7} {len(shown):>9} {max(lines):>8} {sum(lines) / len(lines):>6.1f} {widest:>7}")


if __name__ == "__main__":
    main()
