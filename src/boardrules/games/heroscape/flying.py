"""Flying (movement.py): each space counts 1, over levels, water, ruins and figures; no fall;
every enemy engaged with the figure when it takes off attacks it. A flight from a place is the
same for every flier with that move: the most recently used are kept per battlefield
(SINGLE_FLIGHTS_KEPT, FLIGHTS_KEPT), so a long simulation's memory stays bounded."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Collection
from typing import Any

from .battlefield import Battlefield
from .routes import Near, Route, Ways


class _Flights(Ways):
    """The flights of a figure: for each end placement, the move spaces of the shortest
    flight there and where to trace it back from (each flight's way, put together when
    asked)."""

    __slots__ = ("ends", "leaves", "n", "parents")

    def __init__(self, ends: dict[tuple[int, ...], Any], leaves: tuple[int, ...], n: int,
                 parents: tuple[dict[int, int], ...]) -> None:
        self.ends, self.leaves, self.n, self.parents = ends, leaves, n, parents

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        c, pos, which = self.ends[end]
        parent, n = self.parents[which], self.n
        trail = [pos]
        while (p := parent.get(trail[-1])) is not None:
            trail.append(p)
        path = tuple(x // n for x in reversed(trail)) if n else tuple(reversed(trail))
        return [Route(end, c, path, self.leaves, 0, True)]


def fly(bf: Battlefield, start: tuple[int, ...], move: int, blocked: Collection[int],
         occupied: Collection[int], near: Near) -> _Flights:
    """Flying: each space counts 1, over levels, water, ruins and figures; no fall; every enemy
    engaged with the figure when it takes off attacks it."""
    ruin, adjacent = bf.ruin, bf.adjacent
    own = set(start)
    taken = (set(occupied) | set(blocked)) - own
    if len(start) == 1:
        s0 = start[0]
        kept = bf.tables.setdefault(("flights",), OrderedDict())
        key = (s0, move)
        flight = kept.get(key)
        if flight is not None:
            kept.move_to_end(key)
        else:  # the same for every flier from s0 (it flies over everything)
            dist = {s0: 0}
            prev: dict[int, int] = {}
            frontier = [s0]
            for c in range(1, move + 1):
                nxt = []
                for u in frontier:
                    for v in adjacent[u]:
                        if v not in dist:
                            dist[v], prev[v] = c, u
                            nxt.append(v)
                frontier = nxt
            flight = kept[key] = (tuple((v, c) for v, c in dist.items() if c and not ruin[v]), prev)
            if len(kept) > SINGLE_FLIGHTS_KEPT:
                kept.popitem(last=False)
        ends: dict[tuple[int, ...], Any] = {(v,): (c, v, 0) for v, c in flight[0] if v not in taken}
        return _Flights(ends, near.get(s0, ()), 0, (flight[1],))
    front, back = start
    a, b = near.get(front, ()), near.get(back, ())
    leaves = tuple(sorted(set(a) | set(b)))
    n = bf.size
    flights = _double_flights(bf, front, back, move)
    found: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for which, (placements, _) in enumerate(flights):
        for end, pos, c in placements:
            if end[0] in taken or end[1] in taken or (end in found and found[end][0] <= c):
                continue
            found[end] = (c, pos, which)
    parents = tuple(parent for _, parent in flights)
    return _Flights(found, leaves, n, parents)


FLIGHTS_KEPT = 64  # the double-space flights kept per battlefield (the most recently used)
SINGLE_FLIGHTS_KEPT = 512  # a single-space flier's, from a space with a move (the most recently used)


def _double_flights(bf: Battlefield, front: int, back: int, move: int) -> tuple[
        tuple[tuple[tuple[tuple[int, ...], int, int], ...], dict[int, int]], ...]:
    """The flights of a double-space figure on ``front`` and ``back`` with ``move`` spaces,
    either end leading (the same for every such flier: it flies over everything): the end
    placements on two same-level spaces without a ruin, other than its own, as (end, position,
    move spaces) in the order found, and the position each was reached from."""
    kept = bf.tables.setdefault(("double-flights",), OrderedDict())
    key = (front, back, move)
    got = kept.get(key)
    if got is not None:
        kept.move_to_end(key)
        return got  # type: ignore[no-any-return]
    level, ruin, adjacent, n = bf.level, bf.ruin, bf.adjacent, bf.size
    own = {front, back}
    out = []
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
        ends = []
        for pos, c in seen.items():
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or {lead, tail} == own or ruin[lead] or ruin[tail]:
                continue
            ends.append(((lead, tail) if front_leads else (tail, lead), pos, c))
        out.append((tuple(ends), parent))
    got = tuple(out)
    kept[key] = got
    if len(kept) > FLIGHTS_KEPT:
        kept.popitem(last=False)
    return got
