"""The compiled build against the pure one (issue 27): the same seeded games played by both
interpreters in the same run, decisions per second of each and the ratio compiled/pure per game,
and a digest of every game's actions that must agree.

    python benchmarks/bench_compiled.py --compiled /tmp/mypyc-venv/bin/python \
        [--pure .venv/bin/python] [--games 20] [--rounds 3] [--seats random] [--only small-world]

The pure interpreter imports boardrules from this tree's ``src/``; the compiled one from what
``tools/build_compiled.py`` installed in its venv (PYTHONPATH cleared). Each (round, game,
interpreter) is a process of its own that times only the games (``time.process_time``: the
machine is shared); the two interpreters alternate which goes first, round by round.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# players per game: the counts the balance runs use most
PLAYERS = {"meeples-and-monsters": 4, "small-world": 4, "heroscape": 2, "heroes-iv": 3, "mage-knight": 2}


def worker(name: str, players: int, games: int, seats: str) -> dict[str, object]:
    """Play ``games`` seeded games of ``name``; decisions, CPU seconds of the games, a digest."""
    from boardrules.agents import make_agent
    from boardrules.engine import Rng
    from boardrules.games import load_game

    game = load_game(name)
    h = hashlib.sha256()
    decisions, cpu = 0, 0.0
    for i in range(games):
        seed = Rng(700_000 + i).next64()
        state = game.new_state(players, seed)
        agents = [make_agent(seats, seed + k) for k in range(players)]
        t0 = time.process_time()
        while (d := game.decision(state)) is not None:
            a = agents[d.player].act(game, state, d)
            game.apply(state, a)
            h.update(a.text.encode())
            decisions += 1
        cpu += time.process_time() - t0
        h.update(json.dumps(game.result(state), sort_keys=True, default=repr).encode())
    module = sys.modules[type(game).__module__]
    return {"decisions": decisions, "cpu": cpu, "digest": h.hexdigest(), "engine": _origin("boardrules.engine.game"),
            "game": getattr(module, "__file__", "?")}


def _origin(module: str) -> str:
    return str(getattr(sys.modules.get(module), "__file__", "?"))


def measure(python: str, compiled: bool, name: str, games: int, seats: str) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if not compiled:
        env["PYTHONPATH"] = str(ROOT / "src")
    cmd = [python, str(Path(__file__).resolve()), "--worker", name, "--games", str(games), "--seats", seats]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd="/tmp")
    if out.returncode != 0:
        raise SystemExit(f"{'compiled' if compiled else 'pure'} {name} failed:\n{out.stderr[-2000:]}")
    result: dict[str, object] = json.loads(out.stdout.splitlines()[-1])
    return result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--compiled", help="the python of the compiled build's venv")
    ap.add_argument("--pure", default=sys.executable, help="a python that has boardrules' dependencies")
    ap.add_argument("--games", type=int, default=20, help="games of each game per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seats", default="random", help="the agent every seat plays (random or greedy)")
    ap.add_argument("--only", help="measure only this game")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        print(json.dumps(worker(args.worker, PLAYERS[args.worker], args.games, args.seats)))
        return 0
    if not args.compiled:
        ap.error("give --compiled PYTHON (the venv tools/build_compiled.py installed into)")
    names = [args.only] if args.only else list(PLAYERS)
    unknown = [n for n in names if n not in PLAYERS]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; one of {', '.join(PLAYERS)}")
    kinds = ((args.pure, False), (args.compiled, True))
    totals = {(n, c): [0, 0.0] for n in names for _, c in kinds}
    digests: dict[tuple[str, bool], str] = {}
    for r in range(args.rounds):
        for name in names:
            for python, compiled in kinds if r % 2 == 0 else kinds[::-1]:
                m = measure(python, compiled, name, args.games, args.seats)
                if r == 0:
                    print(f"  {'compiled' if compiled else 'pure'} {name}: engine {m['engine']}, game {m['game']}")
                totals[name, compiled][0] += int(str(m["decisions"]))
                totals[name, compiled][1] += float(str(m["cpu"]))
                digests[name, compiled] = str(m["digest"])
    agree = True
    print(f"{args.rounds} rounds x {args.games} {args.seats} games a game, {PLAYERS} players")
    for name in names:
        (dp, cp), (dc, cc) = totals[name, False], totals[name, True]
        same = digests[name, False] == digests[name, True] and dp == dc
        agree &= same
        print(f"{name:22} pure {dp / cp:9,.0f} decisions/s  compiled {dc / cc:9,.0f} decisions/s  "
              f"ratio {(dc / cc) / (dp / cp):.2f}x  games {'identical' if same else 'DIFFER'}")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
