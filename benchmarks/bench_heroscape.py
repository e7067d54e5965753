"""Heroscape speed figures (so far: movement).

    python benchmarks/bench_heroscape.py

Prints the median time of the reachable-destination computation for a Move 6 figure (Height 5,
and a double-space Height 9 figure) from every land space of the 432-space Valkyrie Highlands
battlefield (levels 1-12, water, ruins), with other figures on the map (target: under 1 ms
median), as a ratio to a reference workload timed in the same run.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from common import reference_once

from boardrules.engine import Rng
from boardrules.games.heroscape.battlefield import load_battlefield
from boardrules.games.heroscape.movement import reachable

FIELD = Path(__file__).resolve().parent.parent / "src/boardrules/games/heroscape/content/battlefields"


def main() -> None:
    bf = load_battlefield(FIELD / "valkyrie-highlands.toml")
    rng = Rng(5)
    land = [i for i in range(bf.size) if not bf.water[i] and not bf.ruin[i]]
    figures = set()
    while len(figures) < 20:
        figures.add(land[rng.below(len(land))])
    enemies = set(list(figures)[:10])
    starts = [s for s in land if s not in figures]
    times, sizes, refs = [], [], []
    for k, s in enumerate(starts):
        t0 = time.perf_counter()
        routes = reachable(bf, (s,), 6, 5, blocked=enemies, occupied=figures)
        times.append(time.perf_counter() - t0)
        sizes.append(len(routes))
        if k % 40 == 0:
            refs.append(reference_once())
    doubles = []
    for s in starts:
        pair = next((j for j in bf.adjacent[s] if j in starts and bf.level[j] == bf.level[s]), None)
        if pair is None:
            continue
        t0 = time.perf_counter()
        reachable(bf, (s, pair), 6, 9, blocked=enemies, occupied=figures)
        doubles.append(time.perf_counter() - t0)
    med = statistics.median(times) * 1000
    ref = statistics.median(refs)
    print(f"reachable destinations, Move 6 figure on a {bf.size}-space battlefield: median {med:.3f} ms "
          f"(target < 1 ms; {med / ref:.3f}x the reference workload of {ref:.2f} ms), "
          f"{statistics.mean(sizes):.0f} destinations on average, {len(times)} start spaces")
    print(f"double-space Move 6 figure: median {statistics.median(doubles) * 1000:.3f} ms over {len(doubles)} placements")


if __name__ == "__main__":
    main()
