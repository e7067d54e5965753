"""Heroscape speed and strength figures.

    python benchmarks/bench_heroscape.py [--games 200] [--greedy-games 200] [--los-checks 5000] [--quick]
    python benchmarks/bench_heroscape.py --instructions 10

Every timing is also given as a ratio to a fixed pure-Python reference workload
(common.reference_once) timed in the same run, between the measurements, because the machines
are shared and noisy: compare ratios between runs, not raw times. Nothing is asserted.

Prints, in order:

1. Movement: the median time of the reachable-destination computation (every destination; the
   map of where the figure would be engaged included), then with the non-dominated routes of
   every destination put together too (move spaces, leaving-engagement attacks, falls; a move
   builds those of the destination chosen, a screen's labels all of them) for a Move 6 figure of Height 5 from every land space (not a
   ruin) of the 432-space Valkyrie Highlands battlefield (levels 1-12, water, ruins), with 20 other
   figures on the map, 10 of them enemies (target: under 1 ms median), the average number of
   destinations and routes; then the same for a double-space Height 9 figure from every placement
   on two adjacent spaces of one level.
2. Line of sight (``los.line_of_sight``) on the same battlefield: random attacker/defender pairs
   on land spaces (not ruins) within range 9 of each other (``los.range_between``), most of
   them single-space Height 5 bodies and about a quarter double-space Height 9 ones, among 20
   other figures' bodies as blockers (4 of them double-space Height 9), over several seeded
   layouts: checks per second (a batch timed as a whole), the median microseconds per check
   (each timed alone), the share of clear lines.
3. Random 2-player games with the default options (armies chosen in turn to 400 points), then
   with drafted armies (``{"army": "draft"}``): games per second, the median milliseconds per
   game, decisions per second, decisions per game (common.random_games).
4. ``clone()`` against ``copy.deepcopy`` of a mid-game state (target: at least 10x).
5. The greedy agent's win rate over seeded 2-player games, one greedy seat against one random
   seat, the greedy seat alternating so that it plays first and second equally (target: at least
   80%), with a 95% Wilson interval.

``--instructions N`` prints only the deterministic figures (valgrind's callgrind, PYTHONHASHSEED=0,
the import's count taken off; ``decision_speed.instructions``): the instructions a decision takes
over N random 2-player Heroscape games and over N of Meeples & Monsters, and their ratio
(Meeples & Monsters' per decision over Heroscape's: the share of its decisions/s that Heroscape
would reach on instructions alone). Issue 27: 654k a Heroscape decision before, target 327k.

``--quick`` cuts every count (about 10 s in all); the defaults take about a minute and a half.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from common import clone_ratio, greedy_win_rate, random_games, reference_once
from decision_speed import instructions

from boardrules.engine import Rng
from boardrules.games.heroscape.battlefield import Battlefield, load_battlefield
from boardrules.games.heroscape.los import Body, line_of_sight, range_between
from boardrules.games.heroscape.movement import near_enemies, reachable

FIELD = Path(__file__).resolve().parent.parent / "src/boardrules/games/heroscape/content/battlefields"
PLAYERS = 2


# -- movement ------------------------------------------------------------------------------------
def movement(bf: Battlefield) -> None:
    rng = Rng(5)
    land = [i for i in range(bf.size) if not bf.water[i] and not bf.ruin[i]]
    figures: set[int] = set()
    while len(figures) < 20:
        figures.add(land[rng.below(len(land))])
    enemies = set(list(figures)[:10])
    starts = [s for s in land if s not in figures]
    times, whole, sizes, ways, refs = [], [], [], [], []
    for k, s in enumerate(starts):
        t0 = time.perf_counter()
        near = near_enemies(bf, 5, ((e, (e,), 5) for e in enemies))  # as the game does for each move
        routes = reachable(bf, (s,), 6, 5, blocked=enemies, occupied=figures, near=near)
        times.append(time.perf_counter() - t0)
        ways.append(sum(len(r) for r in routes.values()))  # every way put together (a screen's labels)
        whole.append(time.perf_counter() - t0)
        sizes.append(len(routes))
        if k % 40 == 0:
            refs.append(reference_once())
    doubles = []
    for s in starts:
        pair = next((j for j in bf.adjacent[s] if j in starts and bf.level[j] == bf.level[s]), None)
        if pair is None:
            continue
        t0 = time.perf_counter()
        near = near_enemies(bf, 9, ((e, (e,), 5) for e in enemies))
        reachable(bf, (s, pair), 6, 9, blocked=enemies, occupied=figures, near=near)
        doubles.append(time.perf_counter() - t0)
    med = statistics.median(times) * 1000
    ref = statistics.median(refs)
    print(f"reachable destinations, Move 6 figure on a {bf.size}-space battlefield: median {med:.3f} ms "
          f"(target < 1 ms; {med / ref:.3f}x the reference workload of {ref:.2f} ms), "
          f"{statistics.mean(sizes):.0f} destinations and {statistics.mean(ways):.1f} routes on average, "
          f"{len(times)} start spaces; with every route put together (as a screen's labels ask): median "
          f"{statistics.median(whole) * 1000:.3f} ms")
    print(f"double-space Move 6 figure: median {statistics.median(doubles) * 1000:.3f} ms over {len(doubles)} placements")


# -- line of sight -------------------------------------------------------------------------------
def _body(bf: Battlefield, rng: Rng, free: list[int], taken: set[int], double: bool) -> Body | None:
    """A body on a random free land space (and, when double, a free neighbour of one level)."""
    for _ in range(100):
        s = free[rng.below(len(free))]
        if s in taken:
            continue
        if not double:
            return Body((s,), 5)
        pairs = [j for j in bf.adjacent[s] if j not in taken and not bf.water[j] and not bf.ruin[j]
                 and bf.level[j] == bf.level[s]]
        if pairs:
            return Body((s, pairs[rng.below(len(pairs))]), 9)
    return None


def _los_cases(bf: Battlefield, n: int, layouts: int = 10) -> list[tuple[Body, Body, list[Body]]]:
    rng = Rng(7)
    land = [i for i in range(bf.size) if not bf.water[i] and not bf.ruin[i]]
    cases: list[tuple[Body, Body, list[Body]]] = []
    per_layout = -(-n // layouts)
    for _ in range(layouts):
        taken: set[int] = set()
        others: list[Body] = []
        while len(others) < 20:
            b = _body(bf, rng, land, taken, double=len(others) < 4)
            if b is not None:
                others.append(b)
                taken.update(b.spaces)
        made = 0
        while made < per_layout and len(cases) < n:
            att = _body(bf, rng, land, taken, double=rng.below(4) == 0)
            if att is None:
                continue
            dfd = _body(bf, rng, land, taken | set(att.spaces), double=rng.below(4) == 0)
            if dfd is None or range_between(bf, att.spaces, dfd.spaces) > 9:
                continue
            cases.append((att, dfd, others))
            made += 1
    return cases


def line_of_sight_checks(bf: Battlefield, n: int) -> None:
    cases = _los_cases(bf, n)
    refs = [reference_once()]
    t0 = time.perf_counter()
    clear = sum(line_of_sight(bf, a, d, o) for a, d, o in cases)
    batch = time.perf_counter() - t0
    refs.append(reference_once())
    each = []
    for k, (a, d, o) in enumerate(cases):
        t0 = time.perf_counter()
        line_of_sight(bf, a, d, o)
        each.append(time.perf_counter() - t0)
        if k % 1000 == 999:
            refs.append(reference_once())
    med = statistics.median(each) * 1e6
    ref = statistics.median(refs)
    doubles = sum(len(a.spaces) == 2 or len(d.spaces) == 2 for a, d, _ in cases)
    print(f"line of sight on the {bf.size}-space battlefield, 20 other figures: {len(cases)} checks in "
          f"{batch * 1000:.0f} ms = {len(cases) / batch:,.0f} checks/s; median {med:.1f} us per check "
          f"({med / 1000 / ref:.4f}x the reference workload of {ref:.2f} ms); {clear / len(cases):.1%} clear; "
          f"{doubles} pairs with a double-space figure, range <= 9")


# -- instructions --------------------------------------------------------------------------------
def instruction_counts(games: int) -> int:
    """Instructions per decision of Heroscape and of Meeples & Monsters under callgrind."""
    per: dict[str, float] = {}
    for name in ("heroscape", "meeples-and-monsters"):
        counted = instructions(name, games)
        if counted is None:
            print("instructions: valgrind is not installed")
            return 1
        total, made = counted
        per[name] = total / max(made, 1)
        print(f"{name}: {total / 1e6:,.0f}M instructions for {made} decisions of {games} random "
              f"{PLAYERS}-player games = {per[name] / 1000:,.0f}k per decision")
    print(f"meeples-and-monsters / heroscape instructions per decision: "
          f"{per['meeples-and-monsters'] / per['heroscape']:.3f} (issue 27: 654k a Heroscape decision, target <= 327k)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random games per option set")
    ap.add_argument("--greedy-games", type=int, default=200)
    ap.add_argument("--los-checks", type=int, default=5000)
    ap.add_argument("--quick", action="store_true", help="small counts, for a smoke run")
    ap.add_argument("--instructions", type=int, default=0, metavar="N",
                    help="only count the instructions a decision takes over N games of each under valgrind")
    args = ap.parse_args()
    if args.instructions:
        return instruction_counts(args.instructions)
    if args.quick:
        args.games, args.greedy_games, args.los_checks = 20, 20, 1000
    bf = load_battlefield(FIELD / "valkyrie-highlands.toml")
    movement(bf)
    line_of_sight_checks(bf, args.los_checks)
    random_games("heroscape", PLAYERS, args.games, options={}, label="armies to 400 points")
    random_games("heroscape", PLAYERS, args.games, options={"army": "draft"}, label="drafted armies")
    clone_ratio("heroscape", PLAYERS)
    if args.greedy_games:
        greedy_win_rate("heroscape", PLAYERS, args.greedy_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
