"""The Heroes IV greedy agent's habits (issue 27) over seeded 2-player games.

    python benchmarks/greedy_habits.py [--games 20] [--seed 1]

Plays ``--games`` greedy-vs-greedy games and as many greedy-vs-random games (the greedy seat
alternating), and prints for the greedy seats: turns ended holding more than a full hand
(heroes_iv.habits.HAND_FULL cards) or a full hand with a purchase offered and none made; turns
with no move while a move was legal; back-and-forth moves (a stack back on the hex it left the
turn before, having done nothing there); Heroes lost; the mean score; the win rate against
random (a shared victory counts); the mean milliseconds per greedy decision.
"""

from __future__ import annotations

import argparse

from boardrules.agents import GreedyAgent, RandomAgent
from boardrules.engine import Rng
from boardrules.games import load_game
from boardrules.games.heroes_iv.habits import HAND_FULL, Habits, watch
from boardrules.sim.stats import wilson


def report(label: str, h: Habits) -> None:
    turns = max(1, h.turns)
    print(f"{label}: {h.games} games, {h.turns} greedy turns")
    print(f"  ended over a full hand (>{HAND_FULL}): {h.over_full} ({h.over_full / turns:.1%}); "
          f"full hand with a purchase offered, none made: {h.full_idle} ({h.full_idle / turns:.1%})")
    print(f"  no move while one was legal: {h.idle} ({h.idle / turns:.1%}); "
          f"back and forth: {h.back_and_forth} ({h.back_and_forth / turns:.1%})")
    print(f"  Heroes lost: {h.heroes_lost} ({h.heroes_lost / max(1, h.seats):.2f} a seat a game); "
          f"mean score {h.score / max(1, h.seats):.2f}; "
          f"{h.seconds * 1000 / max(1, h.decisions):.2f} ms per greedy decision ({h.decisions} decisions)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    game = load_game("heroes-iv")
    c = game.c  # type: ignore[attr-defined]
    both = Habits()
    for i in range(args.games):
        seed = Rng(args.seed * 100_003 + i).next64()
        watch(game, c, game.new_state(2, seed), [GreedyAgent(seed), GreedyAgent(seed + 1)], {0, 1}, both)
    report("greedy vs greedy", both)
    alone = Habits()
    for i in range(args.games):
        seed = Rng(args.seed * 100_003 + 50_000 + i).next64()
        seat = i % 2
        agents = [GreedyAgent(seed) if k == seat else RandomAgent(seed + k) for k in range(2)]
        watch(game, c, game.new_state(2, seed), agents, {seat}, alone)
    report("greedy vs random", alone)
    lo, hi = wilson(alone.wins, max(1, alone.games))
    print(f"  win rate against random: {alone.wins}/{alone.games} = {alone.wins / max(1, alone.games):.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%})")


if __name__ == "__main__":
    main()
