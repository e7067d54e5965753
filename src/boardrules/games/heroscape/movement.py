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

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

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


def engage_table(bf: Battlefield, height: int, other: int) -> tuple[tuple[int, ...], ...]:
    """For a figure of ``height`` and one of Height ``other`` standing on a space: the spaces
    next to it where the first would be engaged with it (the height exception applies), in
    the battlefield's order of adjacent spaces. Worked out once per battlefield and Heights."""
    key = ("engage", height, other)
    table = bf.tables.get(key)
    if table is None:
        level = bf.level
        table = tuple(tuple(x for x in around if level[x] - level[y] < other and level[y] - level[x] < height)
                      for y, around in enumerate(bf.adjacent))
        bf.tables[key] = table
    return table  # type: ignore[no-any-return]


def near_enemies(bf: Battlefield, height: int, enemies: Iterable[tuple[int, tuple[int, ...], int]]) -> dict[int, tuple[int, ...]]:
    """For a figure of ``height``: each space where it would be engaged, with the enemies
    (id, spaces, Height) engaged with it there (the height exception applies)."""
    out: dict[int, list[int]] = {}
    last, ordered = -1, True  # enemies given in the order of their ids need no sorting
    for e, spaces, h in enemies:
        ordered, last = ordered and e > last, e
        table = engage_table(bf, height, h)
        if len(spaces) == 1:
            for x in table[spaces[0]]:
                out.setdefault(x, []).append(e)
            continue
        seen: set[int] = set()
        for y in spaces:
            for x in table[y]:
                if x not in seen:
                    seen.add(x)
                    out.setdefault(x, []).append(e)
    if ordered:
        return {x: tuple(es) for x, es in out.items()}
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
) -> Reach:
    """Every end placement within ``move`` spaces, with its routes. ``blocked``: spaces the
    figure may not walk through (enemies, engaged friends); ``occupied``: spaces held by any
    other figure (it may pass through unblocked ones but never end there); ``near``: where it
    would be engaged (none: it takes no leaving-engagement attacks). A flying figure may fly
    (levels, water and figures ignored; every figure engaged at take-off attacks) or walk.

    The search finds every end placement at once; the routes of one are put together when it
    is looked up (``Reach``), since a move is one destination of the dozens listed."""
    near = near or {}
    walks: Ways | None
    if flying and not any(x in near for x in start):
        # not engaged: a flight costs no more spaces than any walk, no fall and no attack
        walks = None
    elif len(start) == 1:
        walks = _walk_single(bf, start[0], move, height, blocked, occupied, near)
    else:
        walks = _walk_double(bf, start, move, height, blocked, occupied, near)
    flights = _fly(bf, start, move, blocked, occupied, near) if flying else None
    return Reach(walks, flights)


def _order(r: Route) -> tuple[int, int, int, tuple[int, ...], bool, tuple[int, ...]]:
    return r.cost, len(r.leaves), r.fall, tuple(sorted(r.leaves)), not r.flown, r.path


class Ways:
    """The end placements one search found (``ends``, in the order found, each with what its
    routes are put together from), and the routes to one of them, put together when asked
    (``routes``)."""

    __slots__ = ()
    ends: dict[tuple[int, ...], Any]

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        raise NotImplementedError


class Reach(Mapping[tuple[int, ...], tuple[Route, ...]]):
    """Where a figure may end its move, each with its non-dominated routes, cheapest first: the
    walks, with the flights of a flier where no walk beats them, then any routes added by a
    power (``add``). The end placements are known at once, in the order found (the walks',
    then the other flights'); the routes of one are put together the first time it is looked
    up, so a decision can list the destinations without building every way there."""

    __slots__ = ("_walks", "_flights", "_extra", "_ends", "_built")

    def __init__(self, walks: Ways | None, flights: Ways | None) -> None:
        self._walks = walks
        self._flights = flights
        self._extra: list[dict[tuple[int, ...], Route]] = []
        ends = dict.fromkeys(walks.ends) if walks is not None else {}
        if flights is not None:
            ends.update(dict.fromkeys(flights.ends))
        self._ends: dict[tuple[int, ...], None] = ends
        self._built: dict[tuple[int, ...], tuple[Route, ...]] = {}

    def add(self, routes: Mapping[tuple[int, ...], Route]) -> None:
        """Routes a power offers besides the move (Grapple Gun), each kept where no route
        beats it, after the others (new end placements come last)."""
        self._extra.append(dict(routes))
        for end in routes:
            self._ends.setdefault(end, None)
            self._built.pop(end, None)

    def built(self) -> int:
        """How many end placements have had their routes put together."""
        return len(self._built)

    def __contains__(self, end: object) -> bool:
        return end in self._ends

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, end: tuple[int, ...]) -> tuple[Route, ...]:
        got = self._built.get(end)
        if got is None:
            if end not in self._ends:
                raise KeyError(end)
            self._built[end] = got = self._build(end)
        return got

    def _build(self, end: tuple[int, ...]) -> tuple[Route, ...]:
        walks, flights = self._walks, self._flights
        rs = walks.routes(end) if walks is not None and end in walks.ends else []
        if flights is not None and end in flights.ends:
            route = flights.routes(end)[0]
            if not any(w.beats(route) and not route.beats(w) for w in rs):  # equal: the flight
                rs = [route] + [w for w in rs if not route.beats(w)]
        out: tuple[Route, ...] = () if not rs else (rs[0],) if len(rs) == 1 else tuple(sorted(rs, key=_order))
        for extra in self._extra:
            route = extra.get(end)  # type: ignore[assignment]
            if route is not None and not any(r.beats(route) for r in out):
                out = (*(r for r in out if not route.beats(r)), route)
        return out


def step_table(bf: Battlefield, height: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For a walker of ``height``: from each space, the steps it may take onto an adjacent one
    (never a ruin, never climbing as many levels as the Height), as (space, move spaces the
    step costs, fall dice of landing there), in the battlefield's order of adjacent spaces.
    Worked out once per battlefield and Height."""
    table = bf.tables.get(("steps", height))
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

    __slots__ = ("pos0", "best", "came")

    def __init__(self, pos0: int, best: dict[int, int], came: dict[int, int]) -> None:
        self.pos0, self.best, self.came = pos0, best, came

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


def _walk_single(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
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
    best = {s0: 0}  # space -> the move spaces of its way (the order of the keys: the order found)
    came: dict[int, int] = {}
    levels: list[list[int]] = [[s0]] + [[] for _ in range(move)]
    get = best.get
    for c in range(move + 1):
        for u in levels[c]:
            if best[u] != c or (u != s0 and water[u]):
                continue  # replaced by a cheaper way; "you must end your move" on water
            eu = near.get(u)
            for v, dc, df in steps[u]:
                nc = c + dc
                if nc > move:
                    continue
                b = get(v)
                if (b is not None and b <= nc) or v in blocked:
                    continue  # a way there at least as cheap; enemies are never crossed
                if df:
                    return None
                if eu:
                    ev = near.get(v, ())
                    if any(e not in ev for e in eu):
                        return None
                best[v] = nc
                came[v] = u
                levels[nc].append(v)
    ends: dict[tuple[int, ...], Any] = {
        (v,): None for v in best if not (v == s0 or v in occupied or ruin[v] or v in blocked)}
    return _PlainWalks(ends, _PlainLabels(s0, best, came))


def _walk_labels(bf: Battlefield, s0: int, move: int, height: int, blocked: Collection[int],
                 occupied: Collection[int], near: Near) -> _SingleWalks:
    """The multi-criteria search of a single-space figure's walks (``_Labels``)."""
    water, ruin = bf.water, bf.ruin
    steps = step_table(bf, height)
    lab = _Labels(s0, move)
    dead, front, levels, mixed = lab.dead, lab.front, lab.levels, lab.mixed
    pos, parent, cost, fall, leaves = lab.pos, lab.parent, lab.cost, lab.fall, lab.leaves
    for c in range(move + 1):
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


def _walk_double(bf: Battlefield, start: tuple[int, ...], move: int, height: int, blocked: Collection[int],
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
    level, ruin, n = bf.level, bf.ruin, bf.size
    own = set(start)
    out: dict[tuple[int, ...], list[tuple[_PlainLabels, int]]] = {}
    for lab, head_leads in searched:
        for pos in lab.best:
            i = pos
            lead, tail = divmod(pos, n)
            if level[lead] != level[tail] or {lead, tail} == own:
                continue
            if any(x in blocked or ruin[x] or (x in occupied and x not in own) for x in (lead, tail)):
                continue
            end = (lead, tail) if head_leads else (tail, lead)
            out.setdefault(end, []).append((lab, i))
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
    for c in range(move + 1):
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
    return _PlainLabels(pos0, best, came)


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
        for c in range(move + 1):
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


def _fly(bf: Battlefield, start: tuple[int, ...], move: int, blocked: Collection[int],
         occupied: Collection[int], near: Near) -> _Flights:
    """Flying: each space counts 1, over levels, water, ruins and figures; no fall; every enemy
    engaged with the figure when it takes off attacks it."""
    level, ruin, adjacent = bf.level, bf.ruin, bf.adjacent
    own = set(start)
    taken = (set(occupied) | set(blocked)) - own
    if len(start) == 1:
        s0 = start[0]
        key = ("flight", s0, move)
        flight = bf.tables.get(key)
        if flight is None:  # the same for every flier from s0 (it flies over everything)
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
            flight = bf.tables[key] = (tuple((v, c) for v, c in dist.items() if c and not ruin[v]), prev)
        ends: dict[tuple[int, ...], Any] = {(v,): (c, v, 0) for v, c in flight[0] if v not in taken}
        return _Flights(ends, near.get(s0, ()), 0, (flight[1],))
    front, back = start
    a, b = near.get(front, ()), near.get(back, ())
    leaves = tuple(sorted(set(a) | set(b)))
    n = bf.size
    found: dict[tuple[int, ...], tuple[int, int, int]] = {}
    parents: list[dict[int, int]] = []
    for lead0, tail0, front_leads in ((front, back, True), (back, front, False)):
        pos0 = lead0 * n + tail0
        seen = {pos0: 0}
        parent: dict[int, int] = {}
        parents.append(parent)
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
            if end in found and found[end][0] <= c:
                continue
            found[end] = (c, pos, len(parents) - 1)
    return _Flights(found, leaves, n, tuple(parents))
