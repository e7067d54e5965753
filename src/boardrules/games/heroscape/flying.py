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
    """The flights of a single-space figure: for each end space, the move spaces of the
    shortest flight there (each flight's way traced back through ``parent`` when asked)."""

    __slots__ = ("ends", "leaves", "parent")

    def __init__(self, ends: dict[tuple[int, ...], Any], leaves: tuple[int, ...], parent: dict[int, int]) -> None:
        self.ends, self.leaves, self.parent = ends, leaves, parent

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        c, pos = self.ends[end]
        parent = self.parent
        trail = [pos]
        while (p := parent.get(trail[-1])) is not None:
            trail.append(p)
        return [Route(end, c, tuple(reversed(trail)), self.leaves, 0, True)]


def fly(bf: Battlefield, start: tuple[int, ...], move: int, blocked: Collection[int],
         occupied: Collection[int], near: Near) -> Ways:
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
        ends: dict[tuple[int, ...], Any] = {(v,): (c, v) for v, c in flight[0] if v not in taken}
        return _Flights(ends, near.get(s0, ()), flight[1])
    front, back = start
    a, b = near.get(front, ()), near.get(back, ())
    leaves = tuple(sorted(set(a) | set(b)))
    flights = _double_flights(bf, front, back, move)
    found: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for which, (placements, _) in enumerate(flights):
        for end, pos, c in placements:
            if end[0] in taken or end[1] in taken or (end in found and found[end][0] <= c):
                continue
            found[end] = (c, pos, which)
    return _DoubleFlights(found, leaves, edge_table(bf)[0], flights, start)


class _DoubleFlights(Ways):
    """The flights of a double-space figure: for each end placement, the move spaces of the
    shortest flight there and the position (an edge of ``edge_table``) to trace it back from."""

    __slots__ = ("ends", "leaves", "lead", "flights", "start")

    def __init__(self, ends: dict[tuple[int, ...], Any], leaves: tuple[int, ...], lead: tuple[int, ...],
                 flights: tuple[tuple[Any, list[int]], ...], start: tuple[int, ...]) -> None:
        self.ends, self.leaves, self.lead, self.flights, self.start = ends, leaves, lead, flights, start

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        c, pos, which = self.ends[end]
        parent, lead = self.flights[which][1], self.lead
        trail = []
        while pos >= 0:
            trail.append(lead[pos])
            pos = parent[pos]
        trail.append(self.start[which])  # the end that leads, where it took off
        return [Route(end, c, tuple(reversed(trail)), self.leaves, 0, True)]


Edges = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[bool, ...],
              tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


def edge_table(bf: Battlefield) -> Edges:
    """The positions of a double-space flier: every (leading space, trailing space) of two
    adjacent spaces, numbered by trailing space, then the lead in the battlefield's order of
    adjacent spaces: the leading space of each, the trailing one, the positions one step on
    (the lead onto a space next to it other than the trailing one, the trail onto the lead's),
    the first number of each trailing space, whether a move may end there (two same-level
    spaces, no ruin), and each as (lead, trail) and (trail, lead). Worked out once per
    battlefield."""
    table = bf.tables.get(("edges",))
    if table is None:
        level, ruin, adjacent = bf.level, bf.ruin, bf.adjacent
        first: list[int] = []
        lead: list[int] = []
        tail: list[int] = []
        for u, around in enumerate(adjacent):
            first.append(len(lead))
            lead += around
            tail += [u] * len(around)
        step = tuple(tuple([first[v] + k for k, w in enumerate(adjacent[v]) if w != u]) for v, u in zip(lead, tail, strict=True))
        endable = tuple([level[v] == level[u] and not ruin[v] and not ruin[u] for v, u in zip(lead, tail, strict=True)])
        ahead = tuple(zip(lead, tail, strict=True))
        behind = tuple(zip(tail, lead, strict=True))
        bf.tables[("edges",)] = table = (tuple(lead), tuple(tail), step, tuple(first), endable, ahead, behind)
    return table  # type: ignore[no-any-return]


def _edge(bf: Battlefield, first: tuple[int, ...], lead: int, tail: int) -> int:
    """The number of the position (``lead``, ``tail``) in ``edge_table``; -1 unless adjacent."""
    around = bf.adjacent[tail]
    return first[tail] + around.index(lead) if lead in around else -1


FLIGHTS_KEPT = 64  # the double-space flights kept per battlefield (the most recently used)
SINGLE_FLIGHTS_KEPT = 512  # a single-space flier's, from a space with a move (the most recently used)


def _double_flights(bf: Battlefield, front: int, back: int, move: int) -> tuple[
        tuple[tuple[tuple[tuple[int, ...], int, int], ...], list[int]], ...]:
    """The flights of a double-space figure on ``front`` and ``back`` with ``move`` spaces,
    either end leading (the same for every such flier: it flies over everything): the end
    placements on two same-level spaces without a ruin, other than its own, as (end, position,
    move spaces) in the order found, and the position each was reached from (positions are
    ``edge_table``'s)."""
    kept = bf.tables.setdefault(("double-flights",), OrderedDict())
    key = (front, back, move)
    got = kept.get(key)
    if got is not None:
        kept.move_to_end(key)
        return got  # type: ignore[no-any-return]
    lead, _, step, first, endable, ahead, behind = edge_table(bf)
    own = (_edge(bf, first, front, back), _edge(bf, first, back, front))
    out = []
    for lead0, tail0, front_leads in ((front, back, True), (back, front, False)):
        seen = [-1] * len(lead)  # the move spaces to each position, -1 while not reached
        parent = [-1] * len(lead)  # where each was reached from (-1: the start)
        start = _edge(bf, first, lead0, tail0)
        if start >= 0:
            seen[start] = 0
        order = []  # the positions reached, in the order found
        k0 = first[lead0]  # the lead onto each space next to it, the trail onto the lead's
        frontier = [k0 + k for k, v in enumerate(bf.adjacent[lead0]) if v != tail0] if move else []
        for e in frontier:
            seen[e] = 1
        order += frontier
        for c in range(2, move + 1):
            nxt = []
            for pos in frontier:
                for e in step[pos]:
                    if seen[e] < 0:
                        seen[e], parent[e] = c, pos
                        nxt.append(e)
            order += nxt
            frontier = nxt
        pair = ahead if front_leads else behind
        ends = [(pair[e], e, seen[e]) for e in order if endable[e] and e not in own]
        out.append((tuple(ends), parent))
    got = tuple(out)
    kept[key] = got
    if len(kept) > FLIGHTS_KEPT:
        kept.popitem(last=False)
    return got
