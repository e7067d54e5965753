"""Heroscape's move decision lists the destinations; the ways to one are put together when it
is chosen (or labelled for a screen), and the destinations and ways are those of the full
multi-criteria search (``walking._walk_labels``, ``walking._double_labels``), in the same
order, whether the search of one label per space serves or hands over to the full one."""

from __future__ import annotations

from hs_positions import FLAT, game_with, position

from boardrules.engine import Action, Rng
from boardrules.games.heroscape import movement, walking
from boardrules.games.heroscape.battlefield import Battlefield, build
from boardrules.games.heroscape.content_model import BattlefieldData
from boardrules.games.heroscape.movement import Reach, Route, Ways, near_enemies


def _hills(rng: Rng, cols: int = 9, rows: int = 7) -> Battlefield:
    """A random battlefield of grass and water at levels 1 to 12 (drops that are falls, climbs
    a short figure cannot make, water that ends a move)."""
    layout = "\n".join(" ".join(("w" if rng.below(6) == 0 else "g") + str(1 + rng.below(12)) for _ in range(cols))
                       for _ in range(rows)) + "\n"
    return build(BattlefieldData(name="Hills", players=(2,), layout=layout, start={"west": ((0, 0),)}))


def _listed(ways: Ways) -> list[tuple[tuple[int, ...], list[Route]]]:
    return [(end, ways.routes(end)) for end in ways.ends]


def test_a_move_lists_its_destinations_and_puts_together_only_the_ways_asked_for() -> None:
    g = game_with(layout=FLAT)
    s = position(g, [(0, "finn", ["d3"]), (1, "marro-warriors", ["h3"])], active="finn", stage="move")
    g.apply(s, Action.parse("move finn"))
    d = g.decision(s)
    assert d is not None and s.stage == "move-to" and s.routes is not None
    reach = s.routes[1]
    assert isinstance(reach, Reach)
    assert len(d.actions) == len(reach) + 1 > 20  # every destination, and stay
    assert reach.built() == 0  # listing the destinations built no way there
    end = next(iter(reach))
    (way,) = reach[end]
    assert reach.built() == 1 and way.end == end and way.path[0] == s.figures[g.q.fig_named(s, "finn")].spaces[0]
    g.action_labels(s, d)  # a screen's labels say what each way costs: every destination's
    assert reach.built() == len(reach)


def test_a_chosen_destination_moves_the_figure_along_its_way() -> None:
    g = game_with(layout=FLAT)
    s = position(g, [(0, "finn", ["d3"]), (1, "marro-warriors", ["h3"])], active="finn", stage="move")
    g.apply(s, Action.parse("move finn"))
    d = g.decision(s)
    assert d is not None
    g.apply(s, Action.parse("to f3"))
    finn = s.figures[g.q.fig_named(s, "finn")]
    assert g.q.place_name(s, finn.spaces) == "f3" and s.routes is None  # the ways are let go


def test_the_search_of_one_label_a_space_finds_what_the_full_search_finds() -> None:
    """Random hills, enemies and blocked spaces: a single-space walker's destinations (in
    order) and its ways there are the full search's, both when no way falls or leaves an enemy
    (one label a space serves) and when one does (the full search takes over)."""
    rng = Rng(27)
    plain = full = 0
    for k in range(120):
        bf = _hills(rng)
        height = (2, 4, 5, 7, 9)[k % 5]
        move = 3 + rng.below(5)
        spaces = [x for x in range(bf.size) if not bf.ruin[x]]
        start = spaces[rng.below(len(spaces))]
        enemies = {spaces[rng.below(len(spaces))] for _ in range(rng.below(4))} - {start}
        friends = {spaces[rng.below(len(spaces))] for _ in range(rng.below(3))} - {start} - enemies
        near = near_enemies(bf, height, ((i, (x,), 4 + rng.below(3)) for i, x in enumerate(sorted(enemies))))
        args = (bf, start, move, height, enemies, enemies | friends, near)
        got = walking.walk_single(*args)
        want = walking._walk_labels(*args)
        assert _listed(got) == _listed(want), k
        if isinstance(got, walking._PlainWalks):
            plain += 1
        else:
            full += 1
    assert plain > 20 and full > 20, (plain, full)


def test_a_double_space_figure_s_plain_search_finds_what_the_full_search_finds() -> None:
    rng = Rng(2700)
    plain = full = 0
    for k in range(80):
        bf = _hills(rng)
        height = (5, 9, 12)[k % 3]
        move = 3 + rng.below(4)
        pairs = [(a, b) for a in range(bf.size) for b in bf.adjacent[a] if bf.level[a] == bf.level[b]]
        start = pairs[rng.below(len(pairs))]
        spaces = [x for x in range(bf.size) if x not in start]
        enemies = {spaces[rng.below(len(spaces))] for _ in range(rng.below(4))}
        near = near_enemies(bf, height, ((i, (x,), 4 + rng.below(3)) for i, x in enumerate(sorted(enemies))))
        args = (bf, start, move, height, enemies, enemies, near)
        got = walking.walk_double(*args)
        want = walking._double_labels(*args)
        assert _listed(got) == _listed(want), k
        if all(isinstance(lab, walking._PlainLabels) for labs in got.ends.values() for lab, _ in labs):
            plain += 1
        else:
            full += 1
    assert plain > 10 and full > 10, (plain, full)


def test_a_flier_s_destinations_come_after_its_walks_and_a_walk_that_beats_a_flight_stays() -> None:
    """A flier engaged at take-off: its walks' ends first, then the ends only a flight reaches;
    where a walk is cheaper in every way than the flight (which takes the leaving attack), the
    walk alone is kept."""
    bf = _hills(Rng(5))
    start = next(x for x in range(bf.size) if not bf.water[x])
    enemy = bf.adjacent[start][0]
    near = near_enemies(bf, 5, [(0, (enemy,), 9)])
    reach = movement.reachable(bf, (start,), 4, 5, blocked={enemy}, occupied={enemy}, flying=True, near=near)
    walks = walking.walk_single(bf, start, 4, 5, {enemy}, {enemy}, near)
    ends = list(reach)
    assert ends[:len(walks.ends)] == list(walks.ends) and len(ends) > len(walks.ends)
    for end in ends:
        ways = reach[end]
        assert ways and not any(a.beats(b) and not b.beats(a) for a in ways for b in ways if a is not b)
        if end not in walks.ends:
            assert [w.flown for w in ways] == [True]


def _double_flights_by_pairs(bf: Battlefield, start: tuple[int, int], move: int,
                             taken: set[int]) -> dict[tuple[int, ...], tuple[int, tuple[int, ...]]]:
    """A double-space flight searched over (lead, tail) pairs, either end leading, the
    cheapest first found kept: each end placement's move spaces and the leading end's path."""
    found: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}
    for lead0, tail0, front_leads in ((start[0], start[1], True), (start[1], start[0], False)):
        seen = {(lead0, tail0): (0, (lead0,))}
        frontier = [(lead0, tail0)]
        for c in range(1, move + 1):
            nxt = []
            for u, tail in frontier:
                for v in bf.adjacent[u]:
                    if v != tail and (v, u) not in seen:
                        seen[(v, u)] = (c, seen[(u, tail)][1] + (v,))
                        nxt.append((v, u))
            frontier = nxt
        for (lead, tail), (c, path) in seen.items():
            end = (lead, tail) if front_leads else (tail, lead)
            if (bf.level[lead] != bf.level[tail] or {lead, tail} == set(start) or bf.ruin[lead] or bf.ruin[tail]
                    or lead in taken or tail in taken or (end in found and found[end][0] <= c)):
                continue
            found[end] = (c, path)
    return found


def test_a_double_space_flier_s_flights_are_those_of_a_search_over_pairs_of_spaces() -> None:
    """Random hills and figures in the way: a double-space flier's end placements (in order),
    the move spaces and the path of each flight are those of a search over (lead, tail) pairs."""
    rng = Rng(2701)
    flights = 0
    for k in range(40):
        bf = _hills(rng)
        pairs = [(a, b) for a in range(bf.size) for b in bf.adjacent[a] if bf.level[a] == bf.level[b]]
        start = pairs[rng.below(len(pairs))]
        taken = {x for x in (rng.below(bf.size) for _ in range(5)) if x not in start}
        move = rng.below(8)
        reach = movement.reachable(bf, start, move, 9, occupied=taken, flying=True)
        want = _double_flights_by_pairs(bf, start, move, taken)
        assert list(reach) == list(want), k
        for end, (c, path) in want.items():
            (way,) = reach[end]
            assert (way.cost, way.path, way.flown) == (c, path, True), (k, end)
        flights += len(want)
    assert flights > 200


def test_a_figure_taller_than_every_step_climbs_drops_and_engages_as_the_rulebook_says() -> None:
    """The step and engagement tables shared by Heights above the battlefield's steepest step
    are the rulebook's for each Height: no climb refused, no fall, engaged on every adjacent
    space; below it, climbs of the Height refused, drops of the Height falls (not into water)."""
    rng = Rng(2702)
    for _ in range(6):
        bf = _hills(rng)
        level, adjacent = bf.level, bf.adjacent
        steep = bf.steepest()
        assert steep == max(abs(level[u] - level[v]) for u in range(bf.size) for v in adjacent[u])
        for height in range(1, 16):
            steps = walking.step_table(bf, height)
            for u in range(bf.size):
                want = [(v, 1 + max(level[v] - level[u], 0), int(level[u] - level[v] >= height and not bf.water[v]))
                        for v in adjacent[u] if not bf.ruin[v] and level[v] - level[u] < height]
                assert [(v, dc, min(df, 1)) for v, dc, df in steps[u]] == want, (height, u)
            for other in range(1, 16):
                table = movement.engage_table(bf, height, other)
                assert table == tuple(tuple(x for x in adjacent[y] if level[x] - level[y] < other
                                            and level[y] - level[x] < height) for y in range(bf.size))
        assert movement.engage_table(bf, steep + 1, 15) == adjacent
