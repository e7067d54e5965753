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

from collections import OrderedDict
from collections.abc import Collection, Iterable

from .battlefield import Battlefield
from .flying import fly
from .routes import Near, Reach, Route, Ways
from .walking import step_table, walk_double, walk_single

__all__ = ["Near", "Reach", "Route", "Ways", "engage_table", "near_enemies", "reachable", "step_table"]


def engage_table(bf: Battlefield, height: int, other: int) -> tuple[tuple[int, ...], ...]:
    """For a figure of ``height`` and one of Height ``other`` standing on a space: the spaces
    next to it where the first would be engaged with it (the height exception applies), in
    the battlefield's order of adjacent spaces. Worked out once per battlefield and Heights."""
    key = ("engage", height, other)
    table = bf.tables.get(key)
    if table is None:
        top = bf.steepest() + 1
        if height >= top and other >= top:  # taller than every step between spaces: all adjacent
            table = bf.adjacent
        elif height > top or other > top:  # engages as a lower one does
            table = engage_table(bf, min(height, top), min(other, top))
        else:
            level = bf.level
            table = tuple(tuple([x for x in around if level[x] - level[y] < other and level[y] - level[x] < height])
                          for y, around in enumerate(bf.adjacent))
        bf.tables[key] = table
    return table  # type: ignore[no-any-return]


NEAR_KEPT = 16  # the maps of where a figure would be engaged kept per battlefield (the latest)


def near_enemies(bf: Battlefield, height: int, enemies: Iterable[tuple[int, tuple[int, ...], int]]) -> dict[int, tuple[int, ...]]:
    """For a figure of ``height``: each space where it would be engaged, with the enemies
    (id, spaces, Height) engaged with it there (the height exception applies). The figures of
    a turn move one after another past the same enemies: the latest maps are kept, and one is
    shared by the moves it serves (read it, never change it)."""
    key = (height, tuple(enemies))
    kept = bf.tables.setdefault(("near",), OrderedDict())
    got = kept.get(key)
    if got is None:
        kept[key] = got = _near(bf, height, key[1])
        if len(kept) > NEAR_KEPT:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return got  # type: ignore[no-any-return]


def _near(bf: Battlefield, height: int, enemies: Iterable[tuple[int, tuple[int, ...], int]]) -> dict[int, tuple[int, ...]]:
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
        walks = walk_single(bf, start[0], move, height, blocked, occupied, near)
    else:
        walks = walk_double(bf, start, move, height, blocked, occupied, near)
    flights = fly(bf, start, move, blocked, occupied, near) if flying else None
    return Reach(walks, flights)
