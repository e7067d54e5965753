"""The map: hex map sections assembled edge to edge at set-up (rules10), each hex with its terrain,
and the undefined Town, Creature Dwelling and Location Spaces the sections carry.

Hexes use axial coordinates (q, r). A section is a hexagon of radius 2 (19 hexes); sections sit on
a lattice of slots ``(a, b)`` whose centres are ``a * (5, -2) + b * (2, 3)``, so that two sections
on neighbouring slots interlock along one edge. A ``Board`` is immutable and shared by every
clone of a state: it is rebuilt from the list of placed sections.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from .content import Content
from .content_model import SECTION_ROWS

SLOT_A, SLOT_B = (5, -2), (2, 3)
SLOT_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
HEX_NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def _local_hexes() -> tuple[tuple[int, int], ...]:
    out: list[tuple[int, int]] = []
    for row, width in enumerate(SECTION_ROWS):
        r = row - 2
        q0 = max(-2, -2 - r)
        out.extend((q0 + col, r) for col in range(width))
    return tuple(out)


LOCAL = _local_hexes()  # a section's hexes in row order (as the section files list them)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def slot_word(slot: tuple[int, int]) -> str:
    return f"{slot[0]}:{slot[1]}"


def open_slots(placed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Where the next section may be attached: a free slot next to a placed one (the first
    section goes at 0:0)."""
    if not placed:
        return [(0, 0)]
    taken = set(placed)
    out: set[tuple[int, int]] = {(a + da, b + db) for a, b in placed for da, db in SLOT_NEIGHBOURS} - taken
    return sorted(out)


class Board:
    """Per hex (an index): coordinates, terrain, movement cost, neighbours, the kind of space it
    holds ("" for none), and whether it is on the edge of the map."""

    __slots__ = ("coords", "index", "terrain", "cost", "impassable", "neighbours", "kind", "spaces", "edge",
                 "section", "words", "steps", "walks")

    def __init__(self, content: Content, placed: tuple[tuple[str, int, int], ...]) -> None:
        terrain_by_code = {t.code: t for t in content.terrain}
        sections = {s.id: s for s in content.sections}
        coords: list[tuple[int, int]] = []
        terrain: list[str] = []
        cost: list[int] = []
        impassable: list[bool] = []
        kind: list[str] = []
        section: list[str] = []
        for sid, a, b in placed:
            sec = sections[sid]
            cq = a * SLOT_A[0] + b * SLOT_B[0]
            cr = a * SLOT_A[1] + b * SLOT_B[1]
            letters = [c for row in sec.rows for c in row.split()]
            kinds = {}
            for sp in sec.spaces:
                row, col = (int(x) for x in sp.at.split(","))
                kinds[sum(SECTION_ROWS[:row]) + col] = sp.kind
            for i, (q, r) in enumerate(LOCAL):
                t = terrain_by_code[letters[i]]
                coords.append((cq + q, cr + r))
                terrain.append(t.id)
                cost.append(t.cost)
                impassable.append(t.impassable)
                kind.append(kinds.get(i, ""))
                section.append(sid)
        self.coords = tuple(coords)
        self.index = {c: i for i, c in enumerate(coords)}
        self.terrain = tuple(terrain)
        self.cost = tuple(cost)
        self.impassable = tuple(impassable)
        self.kind = tuple(kind)
        self.section = tuple(section)
        self.neighbours = tuple(
            tuple(self.index[(q + dq, r + dr)] for dq, dr in HEX_NEIGHBOURS if (q + dq, r + dr) in self.index)
            for q, r in coords
        )
        # per hex, its neighbours that are not impassable with their cost: what move generation reads
        self.steps = tuple(tuple((n, cost[n]) for n in ns if not impassable[n]) for ns in self.neighbours)
        self.spaces = tuple(i for i, k in enumerate(kind) if k)
        self.edge = tuple(len(n) < 6 for n in self.neighbours)
        self.words = tuple(str(i) for i in range(len(coords)))
        self.walks: dict[int, tuple[int, ...]] = {}  # filled by ``walk`` as hexes are asked about

    def walk(self, a: int, b: int) -> int:
        """The movement points a walking stack spends on the cheapest way from ``a`` to ``b``
        round impassable terrain (WALK_NONE with none); for the greedy agent's sense of distance.
        Worked out once per ``b`` (Dijkstra from it) and kept: the board is shared by the clones."""
        table = self.walks.get(b)
        if table is None:
            table = self.walks[b] = self._walks_to(b)
        return table[a]

    def _walks_to(self, b: int) -> tuple[int, ...]:
        dist = [WALK_NONE] * len(self.coords)
        dist[b] = 0
        todo = [(0, b)]
        while todo:
            d, u = heapq.heappop(todo)
            if d > dist[u]:
                continue
            if self.impassable[u] and u != b:
                continue
            # a stack next to u enters it for its cost
            step = d + self.cost[u]
            for v in self.neighbours[u]:
                if not self.impassable[v] and step < dist[v]:
                    dist[v] = step
                    heapq.heappush(todo, (step, v))
        return tuple(dist)

    def __len__(self) -> int:
        return len(self.coords)

    def distance(self, a: int, b: int) -> int:
        return distance(self.coords[a], self.coords[b])

    def starting_spaces(self) -> list[int]:
        """Edge hexes that are not impassable and hold no space (rules10)."""
        return [i for i in range(len(self)) if self.edge[i] and not self.impassable[i] and not self.kind[i]]


WALK_NONE = 999  # no way round the impassable terrain


@lru_cache(maxsize=256)
def board_for(content: Content, placed: tuple[tuple[str, int, int], ...]) -> Board:
    return Board(content, placed)
