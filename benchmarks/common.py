"""Shared measurements for the per-game benchmark scripts: random games per second with the
median game time as a ratio to a reference workload timed between the games (the machines
are shared and noisy), clone() against copy.deepcopy, the greedy agent's win rate, and the
instructions a piece of code takes under valgrind's callgrind (deterministic)."""

from __future__ import annotations

import copy
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.engine import Rng, play_out
from boardrules.games import load_game
from boardrules.sim.stats import wilson


def reference_once() -> float:
    """A fixed pure-Python workload (ms), timed between the games of the same run, so that
    figures from a noisy shared machine can be compared as ratios."""
    t0 = time.perf_counter()
    d: dict[int, int] = {}
    for i in range(100_000):
        d[i % 1000] = d.get(i % 1000, 0) + i
    return (time.perf_counter() - t0) * 1000


def random_games(name: str, players: int, n: int, target_ms: float | None = None,
                 options: Mapping[str, str] | None = None, label: str = "") -> None:
    game = load_game(name)
    times, refs, decisions = [], [], 0
    for i in range(n):
        seed = Rng(i).next64()
        state = game.new_state(players, seed, options)
        agents = [RandomAgent(seed + k) for k in range(players)]
        t0 = time.perf_counter()
        decisions += play_out(game, state, agents)
        times.append(time.perf_counter() - t0)
        if i % 5 == 0:
            refs.append(reference_once())  # interleaved: both see the same machine load
    total = sum(times)
    median = statistics.median(times) * 1000
    ref = statistics.median(refs)
    target = f" (target < {target_ms:g} ms)" if target_ms else ""
    print(f"random {players}-player games{f' ({label})' if label else ''}: {n} in {total:.2f} s = "
          f"{n / total:.1f} games/s; median {median:.2f} ms per game{target}; "
          f"{decisions / total:,.0f} decisions/s; {decisions / n:.0f} decisions per game; "
          f"median game = {median / ref:.2f}x the reference workload (median {ref:.2f} ms, timed between games)")


def clone_ratio(name: str, players: int, steps: int = 150, reps: int = 2000) -> None:
    game = load_game(name)
    state = game.new_state(players, 1)
    agents = [RandomAgent(k) for k in range(players)]
    for _ in range(steps):  # a mid-game state
        d = game.decision(state)
        if d is None:
            break
        game.apply(state, agents[d.player].act(game, state, d))
    t0 = time.perf_counter()
    for _ in range(reps):
        game.clone(state)
    t_clone = (time.perf_counter() - t0) / reps
    t0 = time.perf_counter()
    for _ in range(reps // 10):
        copy.deepcopy(state)
    t_deep = (time.perf_counter() - t0) / (reps // 10)
    print(f"clone(): {t_clone * 1e6:.1f} us; copy.deepcopy: {t_deep * 1e6:.1f} us; "
          f"ratio {t_deep / t_clone:.1f}x (target >= 10x)")


def greedy_win_rate(name: str, players: int, n: int, label: str = "") -> None:
    """One greedy seat (rotating) against random ones over seeded games: its wins (a shared
    victory counts), and apart its outright wins."""
    game = load_game(name)
    wins = outright = 0
    by_seat = [0] * players
    for i in range(n):
        seed = Rng(10_000 + i).next64()
        state = game.new_state(players, seed)
        seat = i % players
        agents = [GreedyAgent(seed) if k == seat else RandomAgent(seed + k) for k in range(players)]
        play_out(game, state, agents)
        result = game.result(state)
        assert result is not None
        wins += seat in result.winners
        outright += result.winners == (seat,)
        by_seat[seat] += seat in result.winners
    lo, hi = wilson(wins, n)
    olo, ohi = wilson(outright, n)
    seats = ", ".join(f"as seat {k + 1}: {w}/{len(range(k, n, players))}" for k, w in enumerate(by_seat))
    print(f"greedy vs {players - 1} random{label}: greedy wins {wins}/{n} = {wins / n:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}; target >= 80%; {seats}); outright {outright}/{n} = "
          f"{outright / n:.1%} (95% CI {olo:.1%}-{ohi:.1%})")


def callgrind(code: str) -> tuple[int, str] | None:
    """(instructions, what it printed) of ``python -c code`` under valgrind's callgrind, with
    ``PYTHONHASHSEED=0`` so that two runs of the same code count the same; None without valgrind.
    The benchmarks' folder is on the path of ``code``."""
    if shutil.which("valgrind") is None:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          f"import sys\nsys.path.insert(0, {here!r})\n{code}"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    total = next(int(line.split()[-1].replace(",", "")) for line in run.stderr.splitlines() if "Collected" in line)
    return total, run.stdout
