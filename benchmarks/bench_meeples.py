"""Meeples & Monsters speed and strength figures.

    python benchmarks/bench_meeples.py [--games 200] [--greedy-games 200]

Prints: random 4-player games per second and the median milliseconds per game (target: under
15 ms on one core), decisions per second, clone() against copy.deepcopy of the same state
(target: at least 10x faster), and the greedy seat's win rate against three random seats over
seeded games (target: at least 80%).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import time

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


def random_games(n: int) -> None:
    game = load_game("meeples-and-monsters")
    times, refs, decisions = [], [], 0
    for i in range(n):
        seed = Rng(i).next64()
        state = game.new_state(4, seed)
        agents = [RandomAgent(seed + k) for k in range(4)]
        t0 = time.perf_counter()
        decisions += play_out(game, state, agents)
        times.append(time.perf_counter() - t0)
        if i % 5 == 0:
            refs.append(reference_once())  # interleaved: both see the same machine load
    total = sum(times)
    median = statistics.median(times) * 1000
    ref = statistics.median(refs)
    print(f"random 4-player games: {n} in {total:.2f} s = {n / total:.1f} games/s; "
          f"median {median:.2f} ms per game (target < 15 ms); "
          f"{decisions / total:,.0f} decisions/s; {decisions / n:.0f} decisions per game; "
          f"median game = {median / ref:.2f}x the reference workload (median {ref:.2f} ms, timed between games)")


def clone_ratio(reps: int = 2000) -> None:
    game = load_game("meeples-and-monsters")
    state = game.new_state(4, 1)
    agents = [RandomAgent(k) for k in range(4)]
    for _ in range(150):  # a mid-game state
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


def greedy_win_rate(n: int) -> None:
    game = load_game("meeples-and-monsters")
    wins = 0
    for i in range(n):
        seed = Rng(10_000 + i).next64()
        state = game.new_state(4, seed)
        seat = i % 4
        agents = [GreedyAgent(seed) if k == seat else RandomAgent(seed + k) for k in range(4)]
        play_out(game, state, agents)
        result = game.result(state)
        assert result is not None
        wins += seat in result.winners
    lo, hi = wilson(wins, n)
    print(f"greedy vs 3 random: greedy wins {wins}/{n} = {wins / n:.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}; target >= 80%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--greedy-games", type=int, default=200)
    args = ap.parse_args()
    random_games(args.games)
    clone_ratio()
    greedy_win_rate(args.greedy_games)


if __name__ == "__main__":
    main()
