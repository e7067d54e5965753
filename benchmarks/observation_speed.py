"""The observation schemas' cost (issue 27): each game's views of seeded random 2-player games
written into the schema's buffer (``ObservationSchema.write``), and a digest of every vector, to
compare before and after a change that must keep the vectors.

    python benchmarks/observation_speed.py [--game mage-knight] [--games 8] [--instructions]

Prints, per game: the views written, CPU microseconds a vector (the best of 3 passes over them:
the machine is shared) and the digest of the vectors. ``--instructions``: the instructions a
vector instead (valgrind's callgrind, deterministic: a run writing every view 3 times less one
writing none, over 3 times the views), on 2 games of each.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import sys
import time
from typing import Any

from common import callgrind

from boardrules.agents import RandomAgent
from boardrules.engine import Rng
from boardrules.games import load_game

GAMES = ("meeples-and-monsters", "small-world", "heroscape", "mage-knight", "heroes-iv")


def views(name: str, games: int) -> tuple[Any, list[Any]]:
    """The game's schema for 2 players and both players' views every other decision of
    ``games`` seeded random games (at most 600 decisions each)."""
    game = load_game(name)
    schema = game.observation_schema(2, None)
    out = []
    for i in range(games):
        state = game.new_state(2, Rng(900 + i).next64())
        agents = [RandomAgent(i), RandomAgent(i + 7)]
        n = 0
        while (d := game.decision(state)) is not None and n < 600:
            if n % 2 == 0:
                out.extend(game.view(state, p) for p in (0, 1))
            game.apply(state, agents[d.player].act(game, state, d))
            n += 1
    return schema, out


def timed(name: str, games: int) -> None:
    schema, seen = views(name, games)
    buffer = schema.buffer()
    digest = hashlib.sha256()
    for v in seen:
        digest.update(schema.write(v, buffer).tobytes())
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        for v in seen:
            schema.write(v, buffer)
        best = min(best, time.process_time() - t0)
    print(f"{name}: {len(seen)} views, {best / len(seen) * 1e6:.1f} us a vector, "
          f"digest {digest.hexdigest()[:16]}", flush=True)


def _callgrind(name: str, reps: int) -> tuple[int, int]:
    """(instructions, views) of a run writing every view ``reps`` times."""
    counted = callgrind(f"from observation_speed import views\nschema, seen = views({name!r}, 2)\n"
                        f"buffer = schema.buffer()\nfor _ in range({reps}):\n    for v in seen:\n"
                        "        schema.write(v, buffer)\nprint('VIEWS', len(seen))\n")
    assert counted is not None
    count = re.search(r"VIEWS (\d+)", counted[1])
    assert count is not None, counted[1][-500:]
    return counted[0], int(count.group(1))


def instructions(name: str) -> None:
    base, n = _callgrind(name, 0)
    more, _ = _callgrind(name, 3)
    print(f"{name}: {(more - base) // (3 * n):,} instructions a vector ({n} views)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--games", type=int, default=8, help="random games a game (default 8)")
    ap.add_argument("--instructions", action="store_true", help="callgrind's instructions a vector instead")
    args = ap.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind")
    for name in args.game or GAMES:
        if args.instructions:
            instructions(name)
        else:
            timed(name, args.games)


if __name__ == "__main__":
    main()
