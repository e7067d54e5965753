"""Search agents' speed and strength figures, per game.

    python benchmarks/bench_agents.py [--games 20] [--game small-world] [--seat ismcts]
                                      [--opponents greedy,random] [--speed-games 1]
                                      [--speed-decisions 0] [--envs 3] [--first 0]

Prints, for each game: ISMCTS iterations per CPU second and CPU seconds per decision (mean,
95th percentile and worst, over the decisions that offer a choice in whole seeded 2-player
games against greedy, or their first ``--speed-decisions``; the wall times too), then the strength table: the seat (default: ISMCTS at its
default budget) against greedy (target: at least 60% of games won) and against random (target:
at least 95%), over seeded 2-player games with the seats alternated, with 95% Wilson intervals.
A shared victory counts as a win for each winner. CPU seconds are one core's work: the shared
machine's load shows in the wall times, never in the strength (the same seeds give the same games).

``--envs N``: the research environments' speed, N seeded 2-player games of random masked play
each: engine actions per second through the PettingZoo AEC loop (``last()``, the mask, the
observation, ``step``) against the plain engine loop (``decision``, ``apply``) on the same games,
in the same run.
"""

from __future__ import annotations

import argparse
import time

from boardrules.agents import make_agent
from boardrules.engine import Rng
from boardrules.engine.spaces import ActionSpaceError
from boardrules.games import load_game
from boardrules.sim.stats import wilson

GAMES = ("meeples-and-monsters", "small-world", "heroscape", "mage-knight", "heroes-iv")


def speed(name: str, seat: str, games: int, limit: int = 0) -> None:
    """Time the seat's decisions that offer a choice, over whole seeded games against greedy
    (``limit``: only the first so many decisions), in wall seconds and in the process's CPU
    seconds (one core's work, whatever else the shared machine runs)."""
    game = load_game(name)
    times: list[float] = []
    cpu: list[float] = []
    iterations = 0
    for index in range(games):
        seed = Rng(50_000 + index).next64()
        state = game.new_state(2, seed)
        agents = [make_agent(seat, seed), make_agent("greedy", seed + 1)]
        while (d := game.decision(state)) is not None and not (limit and len(times) >= limit):
            agent = agents[d.player]
            t0, c0 = time.perf_counter(), time.process_time()
            action = agent.act(game, state, d)
            elapsed, used = time.perf_counter() - t0, time.process_time() - c0
            if d.player == 0 and len(d.actions) > 1:
                times.append(elapsed)
                cpu.append(used)
                iterations += agent.last_iterations
            game.apply(state, action)
    total = sum(cpu)
    ordered = sorted(cpu)
    print(f"{name}: {seat}: {iterations / total:,.0f} iterations/s; {total / len(cpu):.3f} CPU s per decision "
          f"(mean of {len(cpu)} in {games} game{'s' * (games != 1)}; 95th percentile "
          f"{ordered[int(0.95 * (len(ordered) - 1))]:.3f} s; worst {ordered[-1]:.3f} s; target < 2 s; "
          f"wall: mean {sum(times) / len(times):.3f} s, worst {max(times):.3f} s)", flush=True)


def strength(name: str, seat: str, opponent: str, n: int, target: float, progress: bool = False,
             first: int = 0) -> None:
    """``seat`` against ``opponent`` in ``n`` seeded 2-player games, seats alternated, from game
    number ``first`` (a run stopped early is continued, game for game, by one starting there)."""
    game = load_game(name)
    wins = 0
    by_seat = [0, 0]
    t0 = time.perf_counter()
    for i in range(first, first + n):
        seed = Rng(20_000 + i).next64()
        state = game.new_state(2, seed)
        mine = i % 2
        agents = [make_agent(seat if k == mine else opponent, seed + k) for k in range(2)]
        while (d := game.decision(state)) is not None:
            game.apply(state, agents[d.player].act(game, state, d))
        result = game.result(state)
        assert result is not None
        won = mine in result.winners
        wins += won
        by_seat[mine] += won
        if progress:  # a long run shows each game as it ends
            print(f"  {name}: game {i + 1}: {seat} as seat {mine + 1} {'won' if won else 'lost'} "
                  f"(scores {list(result.scores)}); {wins}/{i + 1 - first} so far", flush=True)
    lo, hi = wilson(wins, n)
    print(f"{name}: {seat} vs {opponent}: wins {wins}/{n} = {wins / n:.0%} (95% CI {lo:.0%}-{hi:.0%}; "
          f"target >= {target:.0%}; as seat 1: {by_seat[0]}/{len(range(first + first % 2, first + n, 2))}, "
          f"as seat 2: {by_seat[1]}/{len(range(first + 1 - first % 2, first + n, 2))}; {time.perf_counter() - t0:.0f} s)", flush=True)


def env_speed(name: str, games: int) -> None:
    """Random masked play through the PettingZoo loop against the plain engine loop."""
    import numpy as np

    from boardrules.envs import pettingzoo_env

    game = load_game(name)
    seeds = [Rng(70_000 + i).next64() for i in range(games)]
    steps, t0 = 0, time.perf_counter()
    for seed in seeds:
        state = game.new_state(2, seed)
        pick = np.random.default_rng(seed % 2**32)
        while (d := game.decision(state)) is not None:
            game.apply(state, d.actions[int(pick.integers(len(d.actions)))])
            steps += 1
    engine = steps / (time.perf_counter() - t0)
    env = pettingzoo_env(game, players=2)
    steps, t0 = 0, time.perf_counter()
    for seed in seeds:
        env.reset(seed=seed)
        pick = np.random.default_rng(seed % 2**32)
        for _ in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(pick.integers(len(legal)))]))
            steps += 1
    aec = steps / (time.perf_counter() - t0)
    print(f"{name}: random masked play, {games} games: engine loop {engine:,.0f} actions/s; "
          f"PettingZoo loop {aec:,.0f} steps/s ({aec / engine:.0%}; action space {env.encoding.size:,}, "
          f"observation {env.encoding.observation_size:,})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--seat", default="ismcts", help="the agent measured, as on --seats (default ismcts)")
    ap.add_argument("--opponents", default="greedy,random", help="comma-separated (default greedy,random)")
    ap.add_argument("--speed-games", type=int, default=1, help="whole games timed against greedy (0: none)")
    ap.add_argument("--speed-decisions", type=int, default=0, help="time only the first N decisions of the "
                    "speed games (default 0: all)")
    ap.add_argument("--first", type=int, default=0, help="the strength games start at this game number "
                    "(default 0: seeds Rng(20_000 + i)), to continue a run stopped early")
    ap.add_argument("--progress", action="store_true", help="print each strength game as it ends")
    ap.add_argument("--envs", type=int, default=0, help="games of random play timed through the PettingZoo "
                    "loop and the engine loop (default 0: none)")
    args = ap.parse_args()
    targets = {"greedy": 0.60, "random": 0.95}
    for name in args.game or GAMES:
        if args.envs:
            try:
                env_speed(name, args.envs)
            except ActionSpaceError as e:  # a game without a declared action space yet
                print(f"{name}: {e}", flush=True)
        if args.speed_games:
            speed(name, args.seat, args.speed_games, args.speed_decisions)
        for opponent in filter(None, args.opponents.split(",")):
            if args.games:
                strength(name, args.seat, opponent, args.games, targets.get(opponent, 0.5), args.progress,
                         args.first)


if __name__ == "__main__":
    main()
