"""A pure refactor's check: seeded games recorded in full, one digest per game, to compare
before and after a change that must not change how any game plays.

    python benchmarks/refactor_check.py --out before.json [--mage-knight 300] [--others 100]
    python benchmarks/refactor_check.py --out after.json ...
    python benchmarks/refactor_check.py --compare before.json after.json

For every decision a game records who decides, the prompt and every legal action's text, the
action played, its events (text and data), the state's hash after it, and every ``VIEW_EVERY``
actions each player's view, the spectator's and the action texts each viewer is shown. Mage
Knight plays 1 to 4 players, every scenario that takes the count, with and without the Lost
Legion; every fifth game of each game has greedy seats, the rest random ones. ``--compare``
prints the first game whose digest differs (exit 1), or that all agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from boardrules.agents import make_agent
from boardrules.games import load_game

VIEW_EVERY = 7
COUNTS = {"meeples-and-monsters": (2, 3, 4), "small-world": (2, 3, 4, 5), "heroscape": (2, 4),
          "heroes-iv": (2, 3, 4, 6)}
MK_SCENARIOS = {1: ("solo-conquest",), 2: ("first-reconnaissance", "full-conquest"),
                3: ("first-reconnaissance", "full-conquest"), 4: ("first-reconnaissance", "full-conquest")}


def plan(mage_knight: int, others: int) -> list[tuple[str, int, int, dict[str, str]]]:
    """(game, players, seed, options) of every game of the run."""
    games: list[tuple[str, int, int, dict[str, str]]] = []
    for i in range(mage_knight):
        n = 1 + i % 4
        scenarios = MK_SCENARIOS[n]
        options = {"scenario": scenarios[(i // 4) % len(scenarios)],
                   "sets": "base,LL" if (i // 8) % 2 else "base"}
        games.append(("mage-knight", n, 500_000 + i, options))
    for name, counts in COUNTS.items():
        for i in range(others):
            games.append((name, counts[i % len(counts)], 500_000 + i, {}))
    return games


def _dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=repr)


def digest(name: str, players: int, seed: int, options: dict[str, str], greedy: bool) -> tuple[str, int]:
    """The game's digest and its number of decisions."""
    game = load_game(name)
    s = game.new_state(players, seed, options)
    agents = [make_agent("greedy" if greedy else "random", seed * 10 + i) for i in range(players)]
    h = hashlib.sha256()
    n = 0
    while (d := game.decision(s)) is not None:
        h.update(_dump([d.player, d.prompt, [a.text for a in d.actions]]).encode())
        a = agents[d.player].act(game, s, d)
        if n % VIEW_EVERY == 0:
            for viewer in [*range(players), None]:
                h.update(_dump(game.view(s, viewer)).encode())
                h.update(game.action_text(s, a, viewer).encode())
        events = game.apply(s, a)
        h.update(_dump([a.text, [(e.text, e.data) for e in events], game.state_hash(s)]).encode())
        n += 1
    h.update(_dump([game.result(s), [game.view(s, v) for v in [*range(players), None]]]).encode())
    return h.hexdigest(), n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="write the digests to this JSON file")
    ap.add_argument("--mage-knight", type=int, default=300)
    ap.add_argument("--others", type=int, default=100)
    ap.add_argument("--only", help="play only this game")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = ap.parse_args()
    if args.compare:
        before, after = (json.loads(Path(f).read_text()) for f in args.compare)
        missing = sorted(set(before) ^ set(after))
        if missing:
            print(f"the runs hold other games: {missing[:5]}")
            return 1
        differ = [k for k in before if before[k] != after[k]]
        if differ:
            print(f"{len(differ)} of {len(before)} games differ; the first: {differ[0]}")
            return 1
        print(f"all {len(before)} games agree: actions, legal actions, events, views, action texts and hashes")
        return 0
    if not args.out:
        ap.error("give --out FILE or --compare BEFORE AFTER")
    out: dict[str, str] = {}
    t0 = time.perf_counter()
    decisions = 0
    for i, (name, players, seed, options) in enumerate(plan(args.mage_knight, args.others)):
        if args.only and name != args.only:
            continue
        greedy = seed % 5 == 0
        key = f"{name} {players}p seed {seed} {_dump(options)}{' greedy' if greedy else ''}"
        out[key], n = digest(name, players, seed, options, greedy)
        decisions += n
        if i % 50 == 49:
            print(f"  {len(out)} games, {decisions:,} decisions, {time.perf_counter() - t0:.0f} s", flush=True)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=0, sort_keys=True)
    print(f"{len(out)} games, {decisions:,} decisions recorded in {args.out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
