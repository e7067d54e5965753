"""The big property run: thousands of seeded random games with every invariant checked after
every action (tests/<game>_invariants.py: mm, sw, hs, mk, h4).

    python benchmarks/property_run.py [--game meeples-and-monsters|small-world|heroscape|mage-knight|heroes-iv]
                                      [--games 2000] [--first 0] [--views-every 25] [--option KEY=VALUE ...]

Prints the number of games and actions checked, and the first failure if any (exit 1): a broken
invariant, or any other exception raised while playing (with its traceback).

``--option`` passes a game option to every game (Mage Knight: ``--option sets=base,LL``); the
games' own options (Mage Knight's scenario) still vary by seed.

Heroscape's games alternate drafted armies and armies to the point limit by seed; Mage Knight's
play Solo Conquest with one player, First Reconnaissance and Full Conquest in turn otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from boardrules.games import load_game  # noqa: E402

# game: (invariants module in tests/, player counts cycled through)
GAMES = {
    "meeples-and-monsters": ("mm_invariants", (2, 3, 4)),
    "small-world": ("sw_invariants", (2, 3, 4, 5)),
    "heroscape": ("hs_invariants", (2, 4)),
    "mage-knight": ("mk_invariants", (1, 2, 3, 4)),
    "heroes-iv": ("h4_invariants", (2, 3, 4, 6)),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="meeples-and-monsters", choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--first", type=int, default=0,
                    help="the first game's index (seed 100000 + index): split a long run over several processes")
    ap.add_argument("--views-every", type=int, default=25, help="check views and determinize every N actions")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option for every game (mage-knight only), e.g. sets=base,LL")
    args = ap.parse_args()
    options = dict(x.partition("=")[::2] for x in args.option)
    if options and args.game != "mage-knight":
        ap.error(f"--option is read by the mage-knight games only, not {args.game}")
    if bad := [x for x in args.option if "=" not in x or not x.partition("=")[0]]:
        ap.error(f"--option must be KEY=VALUE, not {bad[0]!r}")
    module, counts = GAMES[args.game]
    run_game = importlib.import_module(module).run_game
    game = load_game(args.game)
    t0 = time.perf_counter()
    actions = 0
    if args.first < 0:
        ap.error(f"--first must be 0 or more, not {args.first}")
    for i in range(args.first, args.first + args.games):
        players = counts[i % len(counts)]
        seed = 100_000 + i
        try:
            _, acts = run_game(game, players, seed, views_every=args.views_every,
                               **({"options": options} if options else {}))
        except AssertionError as exc:
            print(f"FAILED: game {i} ({players} players, seed {seed}): {exc}")
            return 1
        except Exception as exc:  # a crash is a failure too
            traceback.print_exc()
            print(f"FAILED: game {i} ({players} players, seed {seed}) raised {type(exc).__name__}: {exc}")
            return 1
        actions += len(acts)
        if (i + 1 - args.first) % 200 == 0:
            print(f"  {i + 1 - args.first} games, {actions:,} actions checked, {time.perf_counter() - t0:.0f} s", flush=True)
    first = f" from game {args.first}" if args.first else ""
    print(f"{args.game}: {args.games} games{first} ({', '.join(map(str, counts))} players"
          f"{''.join(f', {k}={v}' for k, v in options.items())}), {actions:,} actions: "
          f"every invariant held ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
