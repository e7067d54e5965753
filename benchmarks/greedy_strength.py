"""How well Mage Knight's greedy plays against itself (issue 27).

    python benchmarks/greedy_strength.py [--games 8] [--seed 1] [--players 2]

Plays ``--games`` seeded greedy-vs-greedy games of Mage Knight (the default scenario, First
Reconnaissance) through the engine's API and prints, over all the heroes: mean Fame, final score
and level at the end, the share of games in which at least one site was conquered, the sites conquered per
game, the Units recruited per hero, the Advanced Actions and Spells among the Deed cards at the end, the cards played sideways per turn, the Move points left
unspent at the end of a turn, the turns begun with three Wounds or more in hand, and the mean time of a
greedy decision, wall and CPU
time (only decisions with two actions or more: one action is played at once).
"""

from __future__ import annotations

import argparse
import statistics
import time

from boardrules.agents import GreedyAgent
from boardrules.engine import Rng
from boardrules.games import load_game

SIDEWAYS = ("move", "influence", "attack", "block")  # a card's play word when played sideways


def play(seed: int, players: int) -> dict[str, float]:
    """One seeded greedy game: its figures (sums over the heroes, the decision times in ms)."""
    game = load_game("mage-knight")
    state = game.new_state(players, seed)
    agents = [GreedyAgent(seed + k) for k in range(players)]
    turns: set[tuple[int, int]] = set()
    sideways = recruited = move_left = clogged = 0
    times: list[float] = []
    cpu: list[float] = []  # CPU time: the wall time grows with the machine's load
    while True:
        d = game.decision(state)
        if d is None:
            break
        t0, c0 = time.perf_counter(), time.process_time()
        action = agents[d.player].act(game, state, d)
        if len(d.actions) > 1:
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        turn = (game.turn_number(state), d.player)
        if turn not in turns and state.g.players[d.player].hand.count("wound") >= 3:
            clogged += 1
        turns.add(turn)
        if action.name.startswith("end-turn"):
            move_left += state.g.players[d.player].move_points
        if action.name == "play" and len(action.args) == 2 and action.args[1] in SIDEWAYS:
            sideways += 1
        before = [len(p.units) for p in state.g.players]
        game.apply(state, action)
        recruited += sum(max(0, len(p.units) - b) for p, b in zip(state.g.players, before, strict=True))
    g = state.g
    kinds = [game.t.card[c].kind for p in g.players for c in (*p.deck, *p.hand, *p.play_area, *p.discard)
             if c in game.t.card]
    return {"advanced": kinds.count("advanced"), "spells": kinds.count("spell"), "fame": sum(p.fame for p in g.players), "level": sum(p.level for p in g.players),
            "score": sum(x["total"] for x in g.scores), "sites": len(g.conquered), "units": recruited, "sideways": sideways, "turns": len(turns),
            "move_left": move_left, "clogged": clogged,
            "ms": sum(times), "cpu": sum(cpu), "decisions": len(times)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    rows = [play(Rng(args.seed + i).next64(), args.players) for i in range(args.games)]
    heroes = args.games * args.players
    fame = [r["fame"] / args.players for r in rows]
    print(f"{args.games} greedy-vs-greedy {args.players}-player games, seed {args.seed}:")
    print(f"  mean Fame {sum(r['fame'] for r in rows) / heroes:.1f} (per game, mean of the heroes: "
          f"{', '.join(f'{x:g}' for x in fame)}; median {statistics.median(fame):g})")
    print(f"  mean final score {sum(r['score'] for r in rows) / heroes:.1f} (Fame and the achievements, "
          f"less the Wounds)")
    print(f"  mean level {sum(r['level'] for r in rows) / heroes:.2f}")
    print(f"  games with a site conquered {sum(1 for r in rows if r['sites']) / args.games:.0%}; "
          f"sites conquered per game {sum(r['sites'] for r in rows) / args.games:.2f}")
    print(f"  Units recruited per hero {sum(r['units'] for r in rows) / heroes:.2f}")
    print(f"  Deed cards at the end per hero: Advanced Actions {sum(r['advanced'] for r in rows) / heroes:.2f}, "
          f"Spells {sum(r['spells'] for r in rows) / heroes:.2f}")
    print(f"  cards played sideways per turn {sum(r['sideways'] for r in rows) / sum(r['turns'] for r in rows):.2f}")
    print(f"  Move points left unspent per turn {sum(r['move_left'] for r in rows) / sum(r['turns'] for r in rows):.2f}; "
          f"turns begun with 3+ Wounds in hand {sum(r['clogged'] for r in rows) / sum(r['turns'] for r in rows):.1%}")
    decisions = sum(r["decisions"] for r in rows)
    print(f"  greedy decision: mean {sum(r['ms'] for r in rows) / max(1, decisions):.1f} ms "
          f"({sum(r['cpu'] for r in rows) / max(1, decisions):.1f} ms of CPU) over {decisions:.0f} "
          f"decisions with a choice")


if __name__ == "__main__":
    main()
