"""Moving figures, exactly as the rulebook excerpt says (MOVING UP AND DOWN, MOVING INTO WATER,
MOVING FROM WATER TO LAND, MOVING DOUBLE-SPACE FIGURES), with the Master Game's Height limit,
flying and falls.

A player chooses a destination, not each step: ``reachable`` gives every space (or, for a
double-space figure, every pair of spaces) the figure can end its move on, with the cost in
spaces and the path the move takes. The path is the cheapest one; among equally cheap paths,
the one with the smallest drop (docs/heroscape/rules-choices.md).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from heapq import heappop, heappush

from .battlefield import Battlefield


@dataclass(frozen=True, slots=True)
class Route:
    """Where a move ends (one space, or the front and back spaces of a double-space figure),
    what it costs, the spaces the leading end passes through (start included), and the largest
    drop in levels of a single step (for falls)."""

    end: tuple[int, ...]
    cost: int
    path: tuple[int, ...]
    drop: int


def reachable(
    bf: Battlefield,
    start: tuple[int, ...],
    move: int,
    height: int,
    *,
    blocked: Collection[int] = (),
    occupied: Collection[int] = (),
    flying: bool = False,
) -> dict[tuple[int, ...], Route]:
    """Every end placement within ``move`` spaces. ``blocked``: spaces the figure may not pass
    through (enemies, engaged friends); ``occupied``: spaces held by any other figure (it may
    pass through unblocked ones but never end there)."""
    if len(start) == 1:
        return _single(bf, start[0], move, height, blocked, occupied, flying)
    return _double(bf, start, move, height, blocked, occupied, flying)


def _single(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
            occupied: Collection[int], flying: bool) -> dict[tuple[int, ...], Route]:
    level, water, ruin, adjacent = bf.level, bf.water, bf.ruin, bf.adjacent
    # a path's (cost, drop) is kept as one number, cost << 6 | drop (a drop is at most MAX_LEVEL)
    best: dict[int, int] = {s0: 0}
    prev: dict[int, int] = {}
    heap = [(0, s0)]
    while heap:
        key, u = heappop(heap)
        if best[u] != key:
            continue
        if u != s0 and water[u] and not flying:
            continue  # "When you move onto a water space ... you must end your move there"
        c, d = key >> 6, key & 63
        lu = level[u]
        for v in adjacent[u]:
            if flying:
                nc, nd = c + 1, d
            else:
                if ruin[v] or v in blocked:
                    continue  # obstacles and enemies are never crossed (a flier passes over them)
                rise = level[v] - lu
                if rise >= height:
                    continue  # no climbing, in one step, as many levels as the Height
                if rise > 0:  # moving up counts the side of each higher level, plus the space
                    nc, nd = c + 1 + rise, d
                else:
                    nc, nd = c + 1, d if d >= -rise else -rise
            if nc > move:
                continue
            nkey = nc << 6 | nd
            old = best.get(v)
            if old is None or nkey < old:
                best[v] = nkey
                prev[v] = u
                heappush(heap, (nkey, v))
    out: dict[tuple[int, ...], Route] = {}
    for v, key in best.items():
        if v == s0 or v in occupied or ruin[v] or v in blocked:
            continue
        path = [v]
        while path[-1] != s0:
            path.append(prev[path[-1]])
        path.reverse()
        out[(v,)] = Route((v,), key >> 6, tuple(path), key & 63)
    return out


def _double(bf: Battlefield, start: tuple[int, ...], move: int, height: int, blocked: Collection[int],
            occupied: Collection[int], flying: bool) -> dict[tuple[int, ...], Route]:
    """A double-space figure: choose which end leads; the other end follows the same spaces the
    leading end just left. The move ends on two same-level spaces. One water space between two
    land spaces does not stop it; moving onto two adjacent water spaces does."""
    level, water, ruin, adjacent = bf.level, bf.water, bf.ruin, bf.adjacent
    front, back = start
    own = set(start)
    out: dict[tuple[int, ...], Route] = {}
    n = bf.size  # a position (lead, tail) is kept as lead * n + tail; (cost, drop) as cost << 6 | drop
    for lead0, tail0, front_leads in ((front, back, True), (back, front, False)):
        pos0 = lead0 * n + tail0
        best: dict[int, int] = {pos0: 0}
        prev: dict[int, int] = {}
        heap = [(0, pos0)]
        while heap:
            key, pos = heappop(heap)
            if best[pos] != key:
                continue
            u, tail = divmod(pos, n)
            if pos != pos0 and water[u] and water[tail] and not flying:
                continue  # both ends in water: the move ends
            c, d = key >> 6, key & 63
            lu = level[u]
            for v in adjacent[u]:
                if v == tail:
                    continue
                if flying:
                    nc, nd = c + 1, d
                else:
                    if ruin[v] or v in blocked:
                        continue
                    rise = level[v] - lu
                    if rise >= height:
                        continue
                    if rise > 0:
                        nc, nd = c + 1 + rise, d
                    else:
                        nc, nd = c + 1, d if d >= -rise else -rise
                if nc > move:
                    continue
                nkey = nc << 6 | nd
                npos = v * n + u
                old = best.get(npos)
                if old is None or nkey < old:
                    best[npos] = nkey
                    prev[npos] = pos
                    heappush(heap, (nkey, npos))
        for pos, key in best.items():
            lead, tail = divmod(pos, n)
            if pos == pos0 or level[lead] != level[tail]:
                continue
            if any(x in blocked or ruin[x] or (x in occupied and x not in own) for x in (lead, tail)):
                continue
            end = (lead, tail) if front_leads else (tail, lead)
            if end == start:
                continue
            c, d = key >> 6, key & 63
            old_route = out.get(end)
            if old_route is not None and (old_route.cost, old_route.drop) <= (c, d):
                continue
            path = [lead]
            at = pos
            while at != pos0:
                at = prev[at]
                path.append(at // n)
            path.reverse()
            out[end] = Route(end, c, tuple(path), d)
    return out
