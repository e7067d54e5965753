"""Mage Knight's decisions per second as a ratio to Meeples & Monsters' (issue 27), both in random
2-player self-play measured in the same run, and with ``--instructions`` the instructions a
decision takes (valgrind's callgrind, deterministic; the count of the import alone taken off).

    python benchmarks/decision_speed.py [--games 12] [--reference-games 60] [--rounds 3] [--instructions 2]

Each round plays ``--reference-games`` seeded games of Meeples & Monsters, then ``--games`` of Mage
Knight (the default scenario for 2 players, First Reconnaissance), every seat random; the CPU time
of the process (``time.process_time``: the machine is shared) counts only the games. The ratio is
Mage Knight's decisions/s over Meeples & Monsters' (issue 27: 0.019 before, target at least 0.2);
the instructions target is at most 800k a Mage Knight decision.
"""

from __future__ import annotations

import argparse
import time

from common import callgrind

from boardrules.agents import RandomAgent
from boardrules.engine import Rng, play_out
from boardrules.games import load_game

GAMES = ("meeples-and-monsters", "mage-knight")
PLAYERS = 2


def play(name: str, games: int) -> tuple[int, float]:
    """Decisions of ``games`` random games of ``name`` and their CPU seconds."""
    game = load_game(name)
    decisions, cpu = 0, 0.0
    for i in range(games):
        seed = Rng(i).next64()
        state = game.new_state(PLAYERS, seed)
        agents = [RandomAgent(seed + k) for k in range(PLAYERS)]
        t0 = time.process_time()
        decisions += play_out(game, state, agents)
        cpu += time.process_time() - t0
    return decisions, cpu


def instructions(name: str, games: int) -> tuple[int, int] | None:
    """(instructions, decisions) of ``games`` random games under callgrind, less the import's."""
    setup = f"from boardrules.games import load_game; load_game({name!r})"
    played = callgrind(f"{setup}\nfrom decision_speed import play\nprint('decisions', play({name!r}, {games})[0])")
    base = callgrind(setup)
    if played is None or base is None:
        return None
    made = next((int(line.split()[1]) for line in played[1].splitlines() if line.startswith("decisions ")), 0)
    return played[0] - base[0], made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=12, help="games of Mage Knight per round")
    ap.add_argument("--reference-games", type=int, default=60, help="games of Meeples & Monsters per round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="also count the instructions of N games of each under valgrind (slow)")
    args = ap.parse_args()
    totals = {name: [0, 0.0] for name in GAMES}
    for _ in range(args.rounds):  # interleaved: both games see the same load of the machine
        for name in GAMES:
            d, cpu = play(name, args.games if name == "mage-knight" else args.reference_games)
            totals[name][0] += d
            totals[name][1] += cpu
    rate = {name: d / cpu for name, (d, cpu) in totals.items()}
    for name, (d, cpu) in totals.items():
        print(f"{name}: {d} decisions in {cpu:.2f} s CPU = {rate[name]:,.0f} decisions/s "
              f"({1e6 / rate[name]:.1f} us per decision)")
    ratio = rate["mage-knight"] / rate["meeples-and-monsters"]
    print(f"mage-knight / meeples-and-monsters decisions/s: {ratio:.3f} (issue 27: 0.019 before, target >= 0.2): "
          f"{'ok' if ratio >= 0.2 else 'below target'}")
    if args.instructions:
        for name in GAMES:
            counted = instructions(name, args.instructions)
            if counted is None:
                print("instructions: valgrind is not installed")
                break
            total, made = counted
            per = total / max(made, 1) / 1000
            target = f" (target <= 800k): {'ok' if per <= 800 else 'over'}" if name == "mage-knight" else ""
            print(f"{name}: {total / 1e6:,.0f}M instructions for {made} decisions of {args.instructions} games = "
                  f"{per:,.0f}k per decision{target}")


if __name__ == "__main__":
    main()
