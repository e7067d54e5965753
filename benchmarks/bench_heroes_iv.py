"""Heroes IV speed and strength figures.

    python benchmarks/bench_heroes_iv.py [--games 200] [--greedy-games 100]

Prints: random 2-player games per second, the median milliseconds per game and decisions per
second; clone() against copy.deepcopy (target: at least 10x); the greedy seat's win rate against a
random seat in 2-player games (target: at least 80%). The game is built directly, as it is not
registered in ``boardrules.games`` yet.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import time

from common import reference_once

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.engine import Rng, play_out
from boardrules.games.heroes_iv import HeroesIV
from boardrules.sim.stats import wilson


def random_games(game: HeroesIV, n: int) -> None:
    times, refs, decisions = [], [], 0
    for i in range(n):
        seed = Rng(i).next64()
        state = game.new_state(2, seed)
        agents = [RandomAgent(seed + k) for k in range(2)]
        t0 = time.perf_counter()
        decisions += play_out(game, state, agents)
        times.append(time.perf_counter() - t0)
        if i % 5 == 0:
            refs.append(reference_once())
    total = sum(times)
    median = statistics.median(times) * 1000
    ref = statistics.median(refs)
    print(f"random 2-player games: {n} in {total:.2f} s = {n / total:.1f} games/s; median {median:.2f} ms per game; "
          f"{decisions / total:,.0f} decisions/s; {decisions / n:.0f} decisions per game; "
          f"median game = {median / ref:.2f}x the reference workload (median {ref:.2f} ms)")


def clone_ratio(game: HeroesIV, steps: int = 120, reps: int = 2000) -> None:
    state = game.new_state(2, 1)
    agents = [RandomAgent(k) for k in range(2)]
    for _ in range(steps):
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


def greedy_win_rate(game: HeroesIV, n: int) -> None:
    wins = 0
    for i in range(n):
        seed = Rng(10_000 + i).next64()
        state = game.new_state(2, seed)
        seat = i % 2
        agents = [GreedyAgent(seed) if k == seat else RandomAgent(seed + k) for k in range(2)]
        play_out(game, state, agents)
        result = game.result(state)
        assert result is not None
        wins += result.winners == (seat,)
    lo, hi = wilson(wins, n)
    print(f"greedy vs random: greedy wins alone {wins}/{n} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}; "
          "target >= 80%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--greedy-games", type=int, default=100)
    args = ap.parse_args()
    game = HeroesIV()
    if args.games:
        random_games(game, args.games)
    clone_ratio(game)
    if args.greedy_games:
        greedy_win_rate(game, args.greedy_games)


if __name__ == "__main__":
    main()
