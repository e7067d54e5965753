"""The research loops' speed, per game, each figure beside a reference measured in the same run.

    python benchmarks/bench_research.py [--game heroscape] [--games 20] [--env-games 3]
                                        [--env-steps 600] [--search-decisions 4] [--skip search]
                                        [--instructions N]

Every time is the process's CPU seconds (``time.process_time``: one core's work, whatever else
the shared machine runs; the load still slows a core, so compare the ratios, not the figures).
Prints, for each game:

1. ``decisions``: random 2-player self-play (``RandomAgent`` seats, ``play_out``), ``--games``
   seeded games: decisions per second, and the ratio to Meeples & Monsters' in the same run
   (measured first, whatever ``--game`` says).
2. ``pettingzoo``: random masked play of ``--env-games`` seeded 2-player games, each cut after
   ``--env-steps`` engine actions: the plain engine loop (``decision``, a legal action drawn,
   ``apply``), the PettingZoo loop with the observation (``last()``, the mask in it, ``step``)
   and the loop that asks for the mask alone (``last(observe=False)``, ``info["action_mask"]``),
   from the same seeds and draws (the environments draw among the legal indices in index
   order, the engine loop among the actions in the game's order: the games differ); steps per second of each and their ratio to the engine loop (target: at
   least 2,000 steps per second). A version without the mask-only path prints ``n/a`` for it.
   The draw reads the int8 mask as booleans (``mask.view(bool)``, the same bytes): numpy's
   ``flatnonzero`` of Mage Knight's 22,145 int8 numbers takes 295k instructions, of their bool
   view 29k, a cost of the driving program, not of the environment.
   ``--instructions N``: instead, the instructions of a step of each of the three loops over
   ``N`` games (valgrind's callgrind, deterministic: what the machine's load cannot move), less
   those of setting the game and the environment up.
3. ``openspiel``: ``state.clone()`` of an OpenSpiel state 30 actions into a game, against the
   game's own ``clone`` of its state, in microseconds.
4. ``search``: ISMCTS at the game's default budget on ``--search-decisions`` decisions of a
   seeded random game that offer a choice: iterations per CPU second and CPU seconds per decision.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from common import callgrind

from boardrules.agents import RandomAgent, make_agent
from boardrules.engine import Rng, play_out
from boardrules.games import load_game

GAMES = ("meeples-and-monsters", "small-world", "heroscape", "mage-knight", "heroes-iv")
REFERENCE = "meeples-and-monsters"


def decisions_per_second(name: str, games: int) -> float:
    game = load_game(name)
    decisions, cpu = 0, 0.0
    for i in range(games):
        seed = Rng(30_000 + i).next64()
        state = game.new_state(2, seed)
        agents = [RandomAgent(seed + k) for k in range(2)]
        t0 = time.process_time()
        decisions += play_out(game, state, agents)
        cpu += time.process_time() - t0
    return decisions / cpu


def _engine_loop(game: Any, seeds: list[int], cap: int) -> tuple[int, float]:
    steps, t0 = 0, time.process_time()
    for seed in seeds:
        state = game.new_state(2, seed)
        pick = np.random.default_rng(seed % 2**32)
        n = 0
        while n < cap and (d := game.decision(state)) is not None:
            game.apply(state, d.actions[int(pick.integers(len(d.actions)))])
            n += 1
        steps += n
    return steps, time.process_time() - t0


def _env_loop(env: Any, seeds: list[int], observe: bool) -> tuple[int, float] | None:
    steps, t0 = 0, time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        pick = np.random.default_rng(seed % 2**32)
        for _ in env.agent_iter():
            obs, _, termination, truncation, info = env.last(observe=observe)
            if termination or truncation:
                env.step(None)
                continue
            mask = obs["action_mask"] if observe else info.get("action_mask")
            if mask is None:
                return None  # this version has no mask without the observation
            legal = np.flatnonzero(mask.view(bool))  # the same bytes: numpy's nonzero is 10x dearer on int8
            env.step(int(legal[int(pick.integers(len(legal)))]))
            steps += 1
    return steps, time.process_time() - t0


def env_speed(name: str, games: int, cap: int) -> None:
    from boardrules.envs import pettingzoo_env

    game = load_game(name)
    seeds = [Rng(70_000 + i).next64() for i in range(games)]
    steps, cpu = _engine_loop(game, seeds, cap)
    engine = steps / cpu
    env = pettingzoo_env(game, players=2, max_steps=cap)
    full = _env_loop(env, seeds, True)
    assert full is not None
    with_obs = full[0] / full[1]
    bare = _env_loop(env, seeds, False)
    mask_only = f"{bare[0] / bare[1]:,.0f} steps/s ({bare[0] / bare[1] / engine:.0%})" if bare else "n/a"
    print(f"{name}: pettingzoo: engine loop {engine:,.0f} actions/s; with the observation {with_obs:,.0f} "
          f"steps/s ({with_obs / engine:.0%}); mask only {mask_only}; {full[0]:,} steps in {games} games "
          f"(target >= 2,000 steps/s; observation {env.encoding.observation_size:,} numbers, "
          f"{env.encoding.size:,} actions)", flush=True)


def env_instructions(name: str, games: int, cap: int) -> None:
    """Instructions a step of the engine loop, the PettingZoo loop with the observation and the
    mask-only loop, over ``games`` seeded games (callgrind)."""
    setup = (f"from bench_research import _engine_loop, _env_loop, load_game, Rng\n"
             f"from boardrules.envs import pettingzoo_env\ngame = load_game({name!r})\n"
             f"seeds = [Rng(70_000 + i).next64() for i in range({games})]\n"
             f"env = pettingzoo_env(game, players=2, max_steps={cap})\n")
    base = callgrind(setup)
    if base is None:
        print("instructions: valgrind is not installed")
        return
    figures = []
    for loop in (f"_engine_loop(game, seeds, {cap})", "_env_loop(env, seeds, True)", "_env_loop(env, seeds, False)"):
        counted = callgrind(f"{setup}print('STEPS', {loop}[0])")
        assert counted is not None
        steps = int(counted[1].split("STEPS")[-1])
        figures.append((counted[0] - base[0]) / max(steps, 1))
    engine, full, bare = figures
    print(f"{name}: pettingzoo instructions a step: engine loop {engine / 1000:,.0f}k; with the observation "
          f"{full / 1000:,.0f}k ({engine / full:.0%} of its speed); mask only {bare / 1000:,.0f}k "
          f"({engine / bare:.0%}); {games} games", flush=True)


def openspiel_clone(name: str, reps: int = 300) -> None:
    import pyspiel

    from boardrules.envs.openspiel_game import register

    game = pyspiel.load_game(register(name))
    state = game.new_initial_state()
    pick = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(pick.choice(state.legal_actions()))
    t0 = time.process_time()
    for _ in range(reps):
        state.clone()
    spiel = (time.process_time() - t0) / reps
    rules = state.rules
    t0 = time.process_time()
    for _ in range(reps):
        rules.clone(state.state)
    own = (time.process_time() - t0) / reps
    print(f"{name}: openspiel: state.clone() {spiel * 1e6:.1f} us; the game's clone {own * 1e6:.1f} us "
          f"({spiel / own:.1f}x)", flush=True)


def search_speed(name: str, decisions: int) -> None:
    game = load_game(name)
    state = game.new_state(2, 3)
    pick = random.Random(3)
    chosen: list[tuple[Any, Any]] = []
    for _ in range(2000):
        d = game.decision(state)
        if d is None or len(chosen) >= decisions:
            break
        if len(d.actions) > 1 and pick.random() < 0.2:
            chosen.append((game.clone(state), d))
        game.apply(state, d.actions[pick.randrange(len(d.actions))])
    iterations, cpu = 0, 0.0
    for position, d in chosen:
        agent = make_agent("ismcts", 5)
        t0 = time.process_time()
        agent.act(game, position, d)
        cpu += time.process_time() - t0
        iterations += agent.last_iterations
    print(f"{name}: search: ismcts {iterations / cpu:,.0f} iterations/s, {cpu / len(chosen):.3f} CPU s "
          f"per decision ({len(chosen)} decisions, default budget)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    ap.add_argument("--games", type=int, default=20, help="random games for decisions/s (default 20)")
    ap.add_argument("--env-games", type=int, default=3, help="games of the PettingZoo loops (default 3)")
    ap.add_argument("--env-steps", type=int, default=600, help="engine actions a game of the loops (default 600)")
    ap.add_argument("--search-decisions", type=int, default=4, help="decisions searched (default 4)")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="only the instructions a step of the PettingZoo loops takes, over N games (valgrind)")
    ap.add_argument("--skip", action="append", default=[], choices=("decisions", "pettingzoo", "openspiel", "search"),
                    help="leave out a measurement (repeatable)")
    args = ap.parse_args()
    names = args.game or list(GAMES)
    if args.instructions:
        for name in names:
            env_instructions(name, args.instructions, args.env_steps)
        return
    if "decisions" not in args.skip:
        reference = decisions_per_second(REFERENCE, args.games)
        print(f"{REFERENCE}: decisions: {reference:,.0f}/s (the reference)", flush=True)
        for name in names:
            if name != REFERENCE:
                rate = decisions_per_second(name, args.games)
                print(f"{name}: decisions: {rate:,.0f}/s ({rate / reference:.3f} of {REFERENCE}'s)", flush=True)
    for name in names:
        if "pettingzoo" not in args.skip:
            env_speed(name, args.env_games, args.env_steps)
        if "openspiel" not in args.skip:
            openspiel_clone(name)
        if "search" not in args.skip:
            search_speed(name, args.search_decisions)


if __name__ == "__main__":
    main()
