"""Moving figures, exactly as the rulebook excerpt says (MOVING UP AND DOWN, MOVING INTO WATER,
MOVING FROM WATER TO LAND, MOVING DOUBLE-SPACE FIGURES), with the Master Game's Height limit,
flying, falls and leaving-engagement attacks.

A player chooses a destination, then, when several ways there differ in what they cost the
figure, the way: ``reachable`` gives, for every space (or, for a double-space figure, every
pair of spaces) the figure can end its move on, the routes that no other route beats on all of
move spaces used, leaving-engagement attacks suffered and fall dice (a Pareto front), cheapest
first (docs/heroscape/rules-choices.md). Every leaving-engagement attack is one attack die the
mover does not defend against (facts 3.6), whoever makes it, and no power of the content changes
that die or who rolls it (Disengage, the mover's, takes them all away): ways are compared by how
many leaving attacks they suffer, not by which enemies make them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from heapq import heappop, heappush

from .battlefield import Battlefield
from .combat import fall_dice

Near = Mapping[int, tuple[int, ...]]  # space -> the enemies engaged with the figure standing there


@dataclass(frozen=True, slots=True)
class Route:
    """Where a move ends (one space, or the front and back spaces of a double-space figure),
    what it costs in move spaces, the spaces the leading end passes through (start included),
    the enemy figures it leaves on the way (one leaving-engagement attack each, in order), the
    fall dice it ends with, and whether the figure flies."""

    end: tuple[int, ...]
    cost: int
    path: tuple[int, ...]
    leaves: tuple[int, ...] = ()
    fall: int = 0
    flown: bool = False

    def beats(self, other: Route) -> bool:
        """At least as good as ``other`` in every cost to the figure (leaving attacks by their
        number: each is the same die)."""
        return self.cost <= other.cost and self.fall <= other.fall and len(self.leaves) <= len(other.leaves)


def near_enemies(bf: Battlefield, height: int, enemies: Iterable[tuple[int, tuple[int, ...], int]]) -> dict[int, tuple[int, ...]]:
    """For a figure of ``height``: each space where it would be engaged, with the enemies
    (id, spaces, Height) engaged with it there (the height exception applies)."""
    level = bf.level
    out: dict[int, list[int]] = {}
    for e, spaces, h in enemies:
        seen: set[int] = set()
        for y in spaces:
            for x in bf.adjacent[y]:
                d = level[x] - level[y]
                if x not in seen and d < h and -d < height:
                    seen.add(x)
                    out.setdefault(x, []).append(e)
    return {x: tuple(sorted(es)) for x, es in out.items()}


def reachable(
    bf: Battlefield,
    start: tuple[int, ...],
    move: int,
    height: int,
    *,
    blocked: Collection[int] = (),
    occupied: Collection[int] = (),
    flying: bool = False,
    near: Near | None = None,
) -> dict[tuple[int, ...], tuple[Route, ...]]:
    """Every end placement within ``move`` spaces, with its routes. ``blocked``: spaces the
    figure may not walk through (enemies, engaged friends); ``occupied``: spaces held by any
    other figure (it may pass through unblocked ones but never end there); ``near``: where it
    would be engaged (none: it takes no leaving-engagement attacks). A flying figure may fly
    (levels, water and figures ignored; every figure engaged at take-off attacks) or walk."""
    near = near or {}
    if flying and not any(x in near for x in start):
        # not engaged: a flight costs no more spaces than any walk, no fall and no attack
        out: dict[tuple[int, ...], list[Route]] = {}
    elif len(start) == 1:
        out = _walk_single(bf, start[0], move, height, blocked, occupied, near)
    else:
        out = _walk_double(bf, start, move, height, blocked, occupied, near)
    if flying:
        for end, route in _fly(bf, start, move, blocked, occupied, near).items():
            walks = out.get(end, [])
            if not any(w.beats(route) and not route.beats(w) for w in walks):  # equal: the flight
                out[end] = [route] + [w for w in walks if not route.beats(w)]
    return {end: (rs[0],) if len(rs) == 1 else tuple(sorted(rs, key=_order)) for end, rs in out.items()}


def _order(r: Route) -> tuple[int, int, int, tuple[int, ...], bool, tuple[int, ...]]:
    return r.cost, len(r.leaves), r.fall, tuple(sorted(r.leaves)), not r.flown, r.path


class _Labels:
    """The partial routes of a multi-criteria search: for each position, the labels (cost,
    fall dice, number of leaving attacks) that no other label there beats; the first found of
    equal labels is kept."""

    __slots__ = ("pos", "parent", "cost", "fall", "leaves", "front", "dead", "heap")

    def __init__(self, pos0: int) -> None:
        self.pos = [pos0]
        self.parent = [-1]
        self.cost = [0]
        self.fall = [0]
        self.leaves: list[tuple[int, ...]] = [()]
        self.front: dict[int, list[int]] = {pos0: [0]}
        self.dead: set[int] = set()
        self.heap: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]

    def offer(self, pos: int, parent: int, c: int, f: int, lv: tuple[int, ...]) -> None:
        here = self.front.get(pos)
        cost, fall, leaves = self.cost, self.fall, self.leaves
        n = len(lv)
        if here is not None:
            for j in here:
                if cost[j] <= c and fall[j] <= f and len(leaves[j]) <= n:
                    return  # an existing route there is at least as good
            if any(c <= cost[j] and f <= fall[j] and n <= len(leaves[j]) for j in here):
                for j in here:
                    if c <= cost[j] and f <= fall[j] and n <= len(leaves[j]):
                        self.dead.add(j)
                here[:] = [j for j in here if j not in self.dead]
        i = len(self.pos)
        self.pos.append(pos)
        self.parent.append(parent)
        cost.append(c)
        fall.append(f)
        leaves.append(lv)
        if here is None:
            self.front[pos] = [i]
        else:
            here.append(i)
        heappush(self.heap, (c, f, len(lv), i))

    def trail(self, i: int) -> list[int]:
        """The positions of label ``i``'s route, from the start."""
        out = []
        while i >= 0:
            out.append(self.pos[i])
            i = self.parent[i]
        out.reverse()
        return out


def _walk_single(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> dict[tuple[int, ...], list[Route]]:
    level, water, ruin, adjacent = bf.level, bf.water, bf.ruin, bf.adjacent
    lab = _Labels(s0)
    heap, dead, front = lab.heap, lab.dead, lab.front
    pos, parent, cost, fall, leaves = lab.pos, lab.parent, lab.cost, lab.fall, lab.leaves
    while heap:
        c, f, _, i = heappop(heap)
        if i in dead:
            continue
        u = pos[i]
        if u != s0 and water[u]:
            continue  # "When you move onto a water space ... you must end your move there"
        lv = leaves[i]
        eu = near.get(u, ())
        lu = level[u]
        for v in adjacent[u]:
            if ruin[v] or v in blocked:
                continue  # obstacles and enemies are never crossed
            rise = level[v] - lu
            if rise >= height:
                continue  # no climbing, in one step, as many levels as the Height
            if rise > 0:  # moving up counts the side of each higher level, plus the space
                nc, nf = c + 1 + rise, f
            elif -rise >= height:  # a fall, judged where the figure lands from the drop
                nc, nf = c + 1, max(f, fall_dice(-rise, height, water[v]))
            else:
                nc, nf = c + 1, f
            if nc > move:
                continue
            here = front.get(v)
            if here is not None and len(here) == 1:
                j = here[0]
                if cost[j] <= nc and fall[j] <= nf and not leaves[j]:
                    continue  # a way there at least as good in every respect
            if eu:
                ev = near.get(v, ())
                left = tuple(e for e in eu if e not in ev)
                nl = lv + left if left else lv
            else:
                nl = lv
            if here is None:  # the first way to v (most are): no comparison needed
                k = len(pos)
                front[v] = [k]
                pos.append(v)
                parent.append(i)
                cost.append(nc)
                fall.append(nf)
                leaves.append(nl)
                heappush(heap, (nc, nf, len(nl), k))
            else:
                lab.offer(v, i, nc, nf, nl)
    out: dict[tuple[int, ...], list[Route]] = {}
    for v, ids in front.items():
        if v == s0 or v in occupied or ruin[v] or v in blocked:
            continue
        routes = []
        for i in ids:
            path = [v]
            k = parent[i]
            while k >= 0:
                path.append(pos[k])
                k = parent[k]
            path.reverse()
            routes.append(Route((v,), cost[i], tuple(path), leaves[i], fall[i]))
        out[(v,)] = routes
    return out


def _walk_double(bf: Battlefield, start: tuple[int, ...], move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> dict[tuple[int, ...], list[Route]]:
    """A double-space figure: choose which end leads; the other end follows the same spaces the
    leading end just left. The move ends on two same-level spaces, never on its own start
    spaces (turned round or not). One water space between two land spaces does not stop it;
    moving onto two adjacent water spaces does."""
    level, water, ruin, adjacent = bf.level, bf.water, bf.ruin, bf.adjacent
    head, back = start
    own = set(start)
    out: dict[tuple[int, ...], list[Route]] = {}
    n = bf.size  # a position (lead, tail) is kept as lead * n + tail

    def engaged(lead: int, tail: int) -> tuple[int, ...]:
        a, b = near.get(lead, ()), near.get(tail, ())
        return a + tuple(e for e in b if e not in a) if b else a

    for lead0, tail0, head_leads in ((head, back, True), (back, head, False)):
        pos0 = lead0 * n + tail0
        lab = _Labels(pos0)
        heap, dead, front = lab.heap, lab.dead, lab.front
        P, parent, cost, fall, leaves = lab.pos, lab.parent, lab.cost, lab.fall, lab.leaves
        while heap:
            c, f, _, i = heappop(heap)
            if i in dead:
                continue
            pos = P[i]
            u, tail = divmod(pos, n)
            if pos != pos0 and water[u] and water[tail]:
                continue  # both ends in water: the move ends
            lv = leaves[i]
            eu = engaged(u, tail) if near else ()
            lu = level[u]
            for v in adjacent[u]:
                if v == tail or ruin[v] or v in blocked:
                    continue
                rise = level[v] - lu
                if rise >= height:
                    continue
                if rise > 0:
                    nc, nf = c + 1 + rise, f
                elif -rise >= height:
                    nc, nf = c + 1, max(f, fall_dice(-rise, height, water[v]))
                else:
                    nc, nf = c + 1, f
                if nc > move:
                    continue
                npos = v * n + u
                here = front.get(npos)
                if here is not None and len(here) == 1:
                    j = here[0]
                    if cost[j] <= nc and fall[j] <= nf and not leaves[j]:
                        continue
                if eu:
                    ev = engaged(v, u)
                    left = tuple(e for e in eu if e not in ev)
                    nl = lv + left if left else lv
                else:
                    nl = lv
                if here is None:
                    k = len(P)
                    front[npos] = [k]
                    P.append(npos)
                    parent.append(i)
                    cost.append(nc)
                    fall.append(nf)
                    leaves.append(nl)
                    heappush(heap, (nc, nf, len(nl), k))
                else:
                    lab.offer(npos, i, nc, nf, nl)
        for pos, ids in lab.front.items():
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or {lead, tail} == own:
                continue
            if any(x in blocked or ruin[x] or (x in occupied and x not in own) for x in (lead, tail)):
                continue
            end = (lead, tail) if head_leads else (tail, lead)
            routes = out.setdefault(end, [])
            for i in ids:
                r = Route(end, lab.cost[i], tuple(p // n for p in lab.trail(i)), lab.leaves[i], lab.fall[i])
                if not any(o.beats(r) for o in routes):
                    routes[:] = [o for o in routes if not r.beats(o)] + [r]
    return out


def _fly(bf: Battlefield, start: tuple[int, ...], move: int, blocked: Collection[int],
         occupied: Collection[int], near: Near) -> dict[tuple[int, ...], Route]:
    """Flying: each space counts 1, over levels, water, ruins and figures; no fall; every enemy
    engaged with the figure when it takes off attacks it."""
    level, ruin, adjacent = bf.level, bf.ruin, bf.adjacent
    own = set(start)
    taken = (set(occupied) | set(blocked)) - own
    if len(start) == 1:
        leaves = near.get(start[0], ())
        dist = {start[0]: 0}
        prev: dict[int, int] = {}
        frontier = [start[0]]
        for c in range(1, move + 1):
            nxt = []
            for u in frontier:
                for v in adjacent[u]:
                    if v not in dist:
                        dist[v], prev[v] = c, u
                        nxt.append(v)
            frontier = nxt
        out: dict[tuple[int, ...], Route] = {}
        for v, c in dist.items():
            if c == 0 or v in taken or ruin[v]:
                continue
            path = [v]
            while path[-1] != start[0]:
                path.append(prev[path[-1]])
            out[(v,)] = Route((v,), c, tuple(reversed(path)), leaves, 0, True)
        return out
    front, back = start
    a, b = near.get(front, ()), near.get(back, ())
    leaves = tuple(sorted(set(a) | set(b)))
    n = bf.size
    routes: dict[tuple[int, ...], Route] = {}
    for lead0, tail0, front_leads in ((front, back, True), (back, front, False)):
        pos0 = lead0 * n + tail0
        seen = {pos0: 0}
        parent: dict[int, int] = {}
        frontier = [pos0]
        for c in range(1, move + 1):
            nxt = []
            for pos in frontier:
                u, tail = divmod(pos, n)
                for v in adjacent[u]:
                    npos = v * n + u
                    if v != tail and npos not in seen:
                        seen[npos], parent[npos] = c, pos
                        nxt.append(npos)
            frontier = nxt
        for pos, c in seen.items():
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or {lead, tail} == own:
                continue
            if lead in taken or tail in taken or ruin[lead] or ruin[tail]:
                continue
            end = (lead, tail) if front_leads else (tail, lead)
            if end in routes and routes[end].cost <= c:
                continue
            trail = [pos]
            while trail[-1] != pos0:
                trail.append(parent[trail[-1]])
            routes[end] = Route(end, c, tuple(p // n for p in reversed(trail)), leaves, 0, True)
    return routes
