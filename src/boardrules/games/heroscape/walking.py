"""Walking (movement.py): the searches of the ways a single-space or double-space figure may
walk, by move spaces, leaving-engagement attacks and fall dice (a Pareto front of labels), and
the search of one label a space that gives the same while no way falls or leaves an enemy."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from .battlefield import Battlefield
from .combat import fall_dice
from .routes import Near, Route, Ways


def step_table(bf: Battlefield, height: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For a walker of ``height``: from each space, the steps it may take onto an adjacent one
    (never a ruin, never climbing as many levels as the Height), as (space, move spaces the
    step costs, fall dice of landing there), in the battlefield's order of adjacent spaces.
    Worked out once per battlefield and Height."""
    table = bf.tables.get(("steps", height))
    if table is None and height > bf.steepest() + 1:  # climbs and drops as a lower one does
        table = bf.tables[("steps", height)] = step_table(bf, bf.steepest() + 1)
    if table is None:
        level, water, ruin = bf.level, bf.water, bf.ruin
        rows = []
        for u, around in enumerate(bf.adjacent):
            row = []
            for v in around:
                rise = level[v] - level[u]
                if ruin[v] or rise >= height:
                    continue  # obstacles are never crossed; no climbing as many levels as the Height
                if rise > 0:  # moving up counts the side of each higher level, plus the space
                    row.append((v, 1 + rise, 0))
                elif -rise >= height:  # a fall, judged where the figure lands from the drop
                    row.append((v, 1, fall_dice(-rise, height, water[v])))
                else:
                    row.append((v, 1, 0))
            rows.append(tuple(row))
        bf.tables[("steps", height)] = table = tuple(rows)
    return table  # type: ignore[no-any-return]


class _Labels:
    """The partial routes of a multi-criteria search: for each position, the labels (cost,
    fall dice, number of leaving attacks) that no other label there beats; the first found of
    equal labels is kept. Labels are taken up cheapest first, then by fewest fall dice, fewest
    leaving attacks, and in the order found: by move spaces, each a list (``levels``) of the
    labels costing that many, in the order found, sorted by fall dice and leaving attacks when
    it holds either (``mixed``) before it is taken up (a step costs at least one space, so a
    level is complete when the search reaches it)."""

    __slots__ = ("pos", "parent", "cost", "fall", "leaves", "front", "dead", "levels", "mixed")

    def __init__(self, pos0: int, move: int) -> None:
        self.pos = [pos0]
        self.parent = [-1]
        self.cost = [0]
        self.fall = [0]
        self.leaves: list[tuple[int, ...]] = [()]
        self.front: dict[int, list[int]] = {pos0: [0]}
        self.dead: set[int] = set()
        self.levels: list[list[int]] = [[0]] + [[] for _ in range(move)]
        self.mixed = [False] * (move + 1)

    def level(self, c: int) -> list[int]:
        """The labels costing ``c`` move spaces, in the order they are taken up."""
        out = self.levels[c]
        if self.mixed[c]:
            fall, leaves = self.fall, self.leaves
            out.sort(key=lambda i: (fall[i], len(leaves[i])))  # stable: the order found within
        return out

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
        self.levels[c].append(i)
        if f or n:
            self.mixed[c] = True

    def trail(self, i: int) -> list[int]:
        """The positions of label ``i``'s route, from the start."""
        out = []
        while i >= 0:
            out.append(self.pos[i])
            i = self.parent[i]
        out.reverse()
        return out

    def parts(self, i: int) -> tuple[int, list[int], tuple[int, ...], int]:
        """Label ``i``'s route: move spaces, positions, leaving attacks, fall dice."""
        return self.cost[i], self.trail(i), self.leaves[i], self.fall[i]


class _SingleWalks(Ways):
    """The walks of a single-space figure: the labels of its search, by end space."""

    __slots__ = ("ends", "lab")

    def __init__(self, lab: _Labels, ends: dict[tuple[int, ...], Any]) -> None:
        self.lab, self.ends = lab, ends

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        lab = self.lab
        pos, parent = lab.pos, lab.parent
        out = []
        for i in lab.front[end[0]]:
            path = [end[0]]
            k = parent[i]
            while k >= 0:
                path.append(pos[k])
                k = parent[k]
            path.reverse()
            out.append(Route(end, lab.cost[i], tuple(path), lab.leaves[i], lab.fall[i]))
        return out


class _PlainLabels:
    """The search of ``_walk_plain`` and ``_double_plain``: one label per position, the
    cheapest found, as ``_Labels`` keeps them when no way falls or leaves an enemy: its move
    spaces (``best``, keyed in the order found) and the position it came from (``came``; a
    position is taken up once its cost is final, so the way back is the label's own)."""

    __slots__ = ("pos0", "best", "came", "found")

    def __init__(self, pos0: int, best: Mapping[int, int] | list[int], came: dict[int, int],
                 found: Iterable[int]) -> None:
        self.pos0, self.best, self.came, self.found = pos0, best, came, found

    def trail(self, pos: int) -> list[int]:
        """The positions of the way to ``pos``, from the start."""
        out = [pos]
        came, pos0 = self.came, self.pos0
        while pos != pos0:
            pos = came[pos]
            out.append(pos)
        out.reverse()
        return out

    def parts(self, pos: int) -> tuple[int, list[int], tuple[int, ...], int]:
        """The way to ``pos``: move spaces, positions, leaving attacks, fall dice."""
        return self.best[pos], self.trail(pos), (), 0


class _PlainWalks(Ways):
    """The walks of a single-space figure when no way it may take falls or leaves an enemy:
    one route to each end space, the cheapest (the first found of equal cost)."""

    __slots__ = ("ends", "lab")

    def __init__(self, ends: dict[tuple[int, ...], Any], lab: _PlainLabels) -> None:
        self.ends, self.lab = ends, lab

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        v = end[0]
        return [Route(end, self.lab.best[v], tuple(self.lab.trail(v)))]


def walk_single(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> Ways:
    """A single-space figure's walks: most moves neither fall nor leave an enemy, and then the
    search of a label per space gives what the full search would (``_walk_plain``); the first
    step that would fall or leave an enemy hands over to the full search (``_walk_labels``)."""
    plain = _walk_plain(bf, s0, move, height, blocked, occupied, near)
    return plain if plain is not None else _walk_labels(bf, s0, move, height, blocked, occupied, near)


def _walk_plain(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
                occupied: Collection[int], near: Near) -> _PlainWalks | None:
    """``_walk_labels`` while every way costs move spaces only: each space holds one label, the
    cheapest found (a cheaper one found later replaces it, where the first was found), taken
    up cheapest first and in the order found; None at the first step that would fall or leave
    an enemy, which only the full search weighs."""
    water, ruin = bf.water, bf.ruin
    steps = step_table(bf, height)
    far = move + 1  # the cost of a space not reached yet
    best = [far] * bf.size  # each space's move spaces so far
    for x in blocked:
        best[x] = -1  # enemies are never crossed: no way there is cheaper than that
    best[s0] = 0
    found = [s0]  # the spaces reached, in the order found
    came: dict[int, int] = {}
    levels: list[list[int]] = [[s0]] + [[] for _ in range(move)]
    for c in range(move):  # a step costs at least 1: none goes on from the last level
        for u in levels[c]:
            if best[u] != c or (u != s0 and water[u]):
                continue  # replaced by a cheaper way; "you must end your move" on water
            eu = near.get(u)
            for v, dc, df in steps[u]:
                nc = c + dc
                if nc >= best[v]:
                    continue  # too far, a way there at least as cheap, or blocked
                if df:
                    return None
                if eu:
                    ev = near.get(v, ())
                    if any(e not in ev for e in eu):
                        return None
                if best[v] == far:
                    found.append(v)
                best[v] = nc
                came[v] = u
                levels[nc].append(v)
    ends: dict[tuple[int, ...], Any] = {
        (v,): None for v in found if not (v == s0 or v in occupied or ruin[v] or v in blocked)}
    return _PlainWalks(ends, _PlainLabels(s0, best, came, found))


def _walk_labels(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> _SingleWalks:
    """The multi-criteria search of a single-space figure's walks (``_Labels``)."""
    water, ruin = bf.water, bf.ruin
    steps = step_table(bf, height)
    lab = _Labels(s0, move)
    dead, front, levels, mixed = lab.dead, lab.front, lab.levels, lab.mixed
    pos, parent, cost, fall, leaves = lab.pos, lab.parent, lab.cost, lab.fall, lab.leaves
    for c in range(move):  # a step costs at least 1: none goes on from the last level
        for i in lab.level(c):
            if i in dead:
                continue
            u = pos[i]
            if u != s0 and water[u]:
                continue  # "When you move onto a water space ... you must end your move there"
            f = fall[i]
            lv = leaves[i]
            eu = near.get(u, ())
            for v, dc, df in steps[u]:
                nc = c + dc
                if nc > move or v in blocked:
                    continue  # too far; enemies are never crossed
                nf = df if df > f else f
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
                    levels[nc].append(k)
                    if nf or nl:
                        mixed[nc] = True
                else:
                    lab.offer(v, i, nc, nf, nl)
    ends: dict[tuple[int, ...], Any] = {
        (v,): None for v in front if not (v == s0 or v in occupied or ruin[v] or v in blocked)}
    return _SingleWalks(lab, ends)


class _DoubleWalks(Ways):
    """The walks of a double-space figure: for each end placement, the labels of the two
    searches (either end leading) that reach it, in the order found."""

    __slots__ = ("ends", "n")

    def __init__(self, n: int, ends: Mapping[tuple[int, ...], Any]) -> None:
        self.n, self.ends = n, dict(ends)

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        n = self.n
        routes: list[Route] = []
        for lab, i in self.ends[end]:
            cost, trail, leaves, fall = lab.parts(i)
            r = Route(end, cost, tuple(p // n for p in trail), leaves, fall)
            if not any(o.beats(r) for o in routes):
                routes[:] = [o for o in routes if not r.beats(o)] + [r]
        return routes


def walk_double(bf: Battlefield, start: tuple[int, ...], move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> _DoubleWalks:
    """A double-space figure: choose which end leads; the other end follows the same spaces the
    leading end just left. The move ends on two same-level spaces, never on its own start
    spaces (turned round or not). One water space between two land spaces does not stop it;
    moving onto two adjacent water spaces does. As for a single-space figure, the search of a
    label per position (``_double_plain``) serves while no way falls or leaves an enemy."""
    steps = step_table(bf, height)
    head, back = start
    searched = []
    for lead0, tail0, head_leads in ((head, back, True), (back, head, False)):
        plain = _double_plain(bf, lead0, tail0, move, steps, blocked, near)
        if plain is None:
            return _double_labels(bf, start, move, height, blocked, occupied, near)
        searched.append((plain, head_leads))
    level, n = bf.level, bf.size
    ruins = bf.tables.get(("ruins",))
    if ruins is None:
        ruins = bf.tables[("ruins",)] = frozenset(x for x in range(n) if bf.ruin[x])
    # no end on a space blocked, a ruin, or held by another figure
    barred = set(blocked) | ruins | (set(occupied) - {head, back})
    out: dict[tuple[int, ...], list[tuple[_PlainLabels, int]]] = {}
    for lab, head_leads in searched:
        for pos in lab.found:
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or (lead == head and tail == back) or (lead == back and tail == head):
                continue  # two spaces of one level, not its own two
            if lead in barred or tail in barred:
                continue
            end = (lead, tail) if head_leads else (tail, lead)
            out.setdefault(end, []).append((lab, pos))
    return _DoubleWalks(n, out)


def _engaged_pair(near: Near, lead: int, tail: int) -> tuple[int, ...]:
    """The enemies engaged with a double-space figure on ``lead`` and ``tail``."""
    a, b = near.get(lead, ()), near.get(tail, ())
    return a + tuple(e for e in b if e not in a) if b else a


def _double_plain(bf: Battlefield, lead0: int, tail0: int, move: int,
                  steps: tuple[tuple[tuple[int, int, int], ...], ...], blocked: Collection[int],
                  near: Near) -> _PlainLabels | None:
    """``_double_labels``' search with ``lead0`` leading, while every way costs move spaces
    only (as ``_walk_plain``); None at the first step that would fall or leave an enemy."""
    water, n = bf.water, bf.size
    pos0 = lead0 * n + tail0
    best = {pos0: 0}
    came: dict[int, int] = {}
    levels: list[list[int]] = [[pos0]] + [[] for _ in range(move)]
    get = best.get
    for c in range(move):  # a step costs at least 1: none goes on from the last level
        for p in levels[c]:
            if best[p] != c:
                continue  # replaced by a cheaper way
            u, tail = divmod(p, n)
            if p != pos0 and water[u] and water[tail]:
                continue  # both ends in water: the move ends
            eu = _engaged_pair(near, u, tail) if near else ()
            for v, dc, df in steps[u]:
                nc = c + dc
                if nc > move or v == tail:
                    continue
                npos = v * n + u
                b = get(npos)
                if (b is not None and b <= nc) or v in blocked:
                    continue
                if df:
                    return None
                if eu:
                    ev = _engaged_pair(near, v, u)
                    if any(e not in ev for e in eu):
                        return None
                best[npos] = nc
                came[npos] = p
                levels[nc].append(npos)
    return _PlainLabels(pos0, best, came, best)


def _double_labels(bf: Battlefield, start: tuple[int, ...], move: int, height: int, blocked: Collection[int],
                   occupied: Collection[int], near: Near) -> _DoubleWalks:
    """The multi-criteria search of a double-space figure's walks, either end leading."""
    level, water, ruin = bf.level, bf.water, bf.ruin
    steps = step_table(bf, height)
    head, back = start
    own = set(start)
    out: dict[tuple[int, ...], list[tuple[_Labels, int]]] = {}
    n = bf.size  # a position (lead, tail) is kept as lead * n + tail

    def engaged(lead: int, tail: int) -> tuple[int, ...]:
        return _engaged_pair(near, lead, tail)

    for lead0, tail0, head_leads in ((head, back, True), (back, head, False)):
        pos0 = lead0 * n + tail0
        lab = _Labels(pos0, move)
        dead, front, levels, mixed = lab.dead, lab.front, lab.levels, lab.mixed
        P, parent, cost, fall, leaves = lab.pos, lab.parent, lab.cost, lab.fall, lab.leaves
        for c in range(move):  # a step costs at least 1: none goes on from the last level
            for i in lab.level(c):
                if i in dead:
                    continue
                pos = P[i]
                u, tail = divmod(pos, n)
                if pos != pos0 and water[u] and water[tail]:
                    continue  # both ends in water: the move ends
                f = fall[i]
                lv = leaves[i]
                eu = engaged(u, tail) if near else ()
                for v, dc, df in steps[u]:
                    nc = c + dc
                    if nc > move or v == tail or v in blocked:
                        continue
                    nf = df if df > f else f
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
                        levels[nc].append(k)
                        if nf or nl:
                            mixed[nc] = True
                    else:
                        lab.offer(npos, i, nc, nf, nl)
        for pos, ids in lab.front.items():
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or {lead, tail} == own:
                continue
            if any(x in blocked or ruin[x] or (x in occupied and x not in own) for x in (lead, tail)):
                continue
            end = (lead, tail) if head_leads else (tail, lead)
            out.setdefault(end, []).extend((lab, i) for i in ids)
    return _DoubleWalks(n, out)
