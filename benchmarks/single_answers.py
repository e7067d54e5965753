"""Questions that offer one answer only (issue 24: "a question with one possible answer is not
asked unless stopping there can matter"), counted over seeded games by their prompt.

    python benchmarks/single_answers.py --game mage-knight [--games 12] [--players 2] [--show]

Plays ``--games`` seeded games (seeds 1..N) whose seats alternate greedy and random, and counts
every decision and those with one action, grouped by the prompt up to its first colon with the
numbers read as N ("Finish playing N"); with ``--show`` one example of each (prompt, answer).
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from boardrules.agents import make_agent
from boardrules.games import GAMES, load_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--players", type=int, default=0, help="seats (default: 1 + seed % 3, within the game's bounds)")
    ap.add_argument("--limit", type=int, default=4000, help="decisions at most per game")
    ap.add_argument("--show", action="store_true", help="an example of each single-answer question")
    args = ap.parse_args()
    game = load_game(args.game)
    asked: Counter[str] = Counter()
    single: Counter[str] = Counter()
    example: dict[str, tuple[str, str]] = {}
    for seed in range(1, args.games + 1):
        n = args.players or min(max(1 + seed % 3, game.min_players), game.max_players)
        state = game.new_state(n, seed)
        agents = [make_agent("greedy" if (seed + k) % 2 else "random", seed + k) for k in range(n)]
        for _ in range(args.limit):
            d = game.decision(state)
            if d is None:
                break
            key = re.sub(r"\d+", "N", d.prompt.split(":")[0])[:60]
            asked[key] += 1
            if len(d.actions) == 1:
                single[key] += 1
                example.setdefault(key, (d.prompt[:100], d.actions[0].text))
            game.apply(state, agents[d.player].act(game, state, d))
    print(f"{args.game}: {sum(asked.values())} decisions in {args.games} games, {sum(single.values())} with one "
          "answer")
    for key, count in single.most_common():
        line = f"{count:6d} of {asked[key]:6d}  {key}"
        if args.show:
            line += f"   e.g. {example[key][0]!r} -> {example[key][1]!r}"
        print(line)


if __name__ == "__main__":
    main()
