"""Where a search agent and greedy choose differently, decision by decision, without whole games.

    python benchmarks/compare_choices.py --game mage-knight [--index 0] [--decisions 60]
                                         [--seat ismcts] [--follow 40] [--show]

Plays the strength benchmark's seeded 2-player game ``--index`` (``bench_agents.py``: seed
``Rng(20_000 + index).next64()``, the measured seat first on an even index) with greedy in both
seats. At each of the measured seat's first ``--decisions`` decisions that offer a choice, it
asks the seat (``--seat``, as on ``--seats``) and a fresh greedy what they would play. Where
they differ, both continuations are played on copies by greedy for at most ``--follow``
decisions, up to the end of the measured player's turn, and the measured player's heuristic
margin (their value less the best other's) reached is compared. Prints one line per difference
with ``--show``, then the counts: agreed, differed, and among the differences how often the
seat's continuation ended ahead, behind or level.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from boardrules.agents import GreedyAgent, make_agent
from boardrules.engine import Action, Rng
from boardrules.games import load_game


def margin(game: Any, state: Any, player: int) -> float:
    values = [game.heuristic(state, p) for p in range(len(game.player_names(state)))]
    return values[player] - max(v for p, v in enumerate(values) if p != player)


def follow(game: Any, state: Any, first: Action, player: int, limit: int) -> float:
    """The margin ``player`` reaches after ``first`` and greedy play to the end of their turn."""
    trial = game.clone(state)
    game.apply(trial, first)
    agents = [GreedyAgent(7 + p) for p in range(len(game.player_names(state)))]
    for _ in range(limit):
        d = game.decision(trial)
        if d is None or d.player != player:
            break
        game.apply(trial, agents[d.player].act(game, trial, d))
    return margin(game, trial, player)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True)
    ap.add_argument("--index", type=int, default=0, help="the strength benchmark's game number (default 0)")
    ap.add_argument("--decisions", type=int, default=60, help="the seat's decisions compared (default 60)")
    ap.add_argument("--seat", default="ismcts", help="the agent compared with greedy (default ismcts)")
    ap.add_argument("--follow", type=int, default=40, help="greedy decisions played after each choice (default 40)")
    ap.add_argument("--show", action="store_true", help="print each difference")
    args = ap.parse_args()
    game = load_game(args.game)
    seed = Rng(20_000 + args.index).next64()
    state = game.new_state(2, seed)
    me = args.index % 2
    players = [GreedyAgent(seed + k) for k in range(2)]
    seat = make_agent(args.seat, seed + me)
    agreed = ahead = behind = level = asked = 0
    start = time.process_time()
    while asked < args.decisions:
        d = game.decision(state)
        if d is None:
            break
        if d.player == me and len(d.actions) > 1:
            asked += 1
            greedy = GreedyAgent(seed + 99).act(game, game.clone(state), d)
            chosen = seat.act(game, state, d)
            if chosen.text == greedy.text:
                agreed += 1
            else:
                diff = follow(game, state, chosen, me, args.follow) - follow(game, state, greedy, me, args.follow)
                ahead, behind, level = ahead + (diff > 1e-9), behind + (diff < -1e-9), level + (abs(diff) <= 1e-9)
                if args.show:
                    print(f"{asked:4d} turn {game.turn_number(state):3d} of {len(d.actions):3d}: "
                          f"{args.seat} {chosen.text!r}, greedy {greedy.text!r}: {diff:+.1f}", flush=True)
        game.apply(state, players[d.player].act(game, state, d))
    print(f"{args.game} game {args.index}: {asked} decisions, agreed {agreed}, differed {asked - agreed} "
          f"({args.seat} ahead {ahead}, behind {behind}, level {level}); {time.process_time() - start:.1f} CPU s")


if __name__ == "__main__":
    main()
