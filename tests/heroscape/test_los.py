"""Heroscape Range and line of sight ("Who can attack? Any figure(s) ... within Range of an
opponent's figure, and with a clear Line of Sight, can attack": shared/rules/002_36d4f07db88c610c.txt;
facts 3.7) on small hand-built battlefields, against the model in los.py and
docs/heroscape/README.md ("Line of sight").

Sight lines run from the target point (Height - 0.5 levels above the base) to the hit zone
(base + 0.5 up to base + Height). Most fields here are single rows of spaces, so the numbers in
the comments are easy to follow: along a row, a space's sides are half a space from its centre,
and a line's height changes linearly with the distance travelled."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.games.heroscape.battlefield import Battlefield, build
from boardrules.games.heroscape.content_model import BattlefieldData, Ruin
from boardrules.games.heroscape.hexes import centre
from boardrules.games.heroscape.los import Body, clear_line, in_range, line_of_sight, range_between


def field(layout: str, ruins: tuple[tuple[int, int, int], ...] = ()) -> Battlefield:
    """A battlefield from a layout; ruins as (column, row, height)."""
    return build(BattlefieldData(name="test", players=(2,), layout=layout,
                                 ruin=tuple(Ruin(at=(c, r), height=h) for c, r, h in ruins)))


def fig(bf: Battlefield, height: int, *places: tuple[int, int]) -> Body:
    return Body(tuple(bf.at(c, r) for c, r in places), height)


def row(*cells: str) -> str:
    return " ".join(cells)


FLAT7 = row(*["g1"] * 7)


# -- a clear line ---------------------------------------------------------------------------------------
def test_line_of_sight_clear_line() -> None:
    bf = field(row(*["g1"] * 8))
    a, d = fig(bf, 5, (0, 0)), fig(bf, 5, (7, 0))
    assert line_of_sight(bf, a, d, [])
    assert line_of_sight(bf, d, a, [])


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 9), st.integers(1, 6), st.integers(1, 12), st.data())
def test_line_of_sight_over_flat_empty_ground_is_always_clear(width: int, rows: int, level: int,
                                                              data: st.DataObject) -> None:
    bf = field("\n".join(row(*[f"g{level}"] * width) for _ in range(rows)))
    a, d = data.draw(st.lists(st.integers(0, bf.size - 1), min_size=2, max_size=2, unique=True))
    ha, hd = data.draw(st.integers(1, 12)), data.draw(st.integers(1, 12))
    assert line_of_sight(bf, Body((a,), ha), Body((d,), hd), [])
    # a double-space attacker (its second space any neighbour not the defender's) too
    second = [n for n in bf.adjacent[a] if n != d]
    if second:
        assert line_of_sight(bf, Body((a, second[0]), ha), Body((d,), hd), [])


# -- terrain: a cliff ---------------------------------------------------------------------------------------
def test_line_of_sight_blocked_by_a_cliff() -> None:
    """A rock rise to level 8 between two Height 5 figures on level 1: every line runs from
    5.5 to at most 6, below the rock."""
    bf = field(row("g1", "g1", "r8", "r8", "g1", "g1"))
    assert not line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (5, 0)), [])
    assert not line_of_sight(bf, fig(bf, 5, (5, 0)), fig(bf, 5, (0, 0)), [])


def test_line_of_sight_over_a_cliff_from_high_enough() -> None:
    """The same rise, the attacker on a column at level 9: its line to the far rim of the
    defender's top (from 13.5 down to 6; the rim is 5.3 spaces away, the rock ends 3.5 spaces
    away) leaves the rock at 13.5 - 7.5 * 3.5 / 5.3 = 8.55, above it (8). From a column at level
    7 the line leaves it at 11.5 - 5.5 * 3.5 / 5.3 = 7.87: hidden."""
    high = field(row("r9", "g1", "r8", "r8", "g1", "g1"))
    assert line_of_sight(high, fig(high, 5, (0, 0)), fig(high, 5, (5, 0)), [])
    low = field(row("r7", "g1", "r8", "r8", "g1", "g1"))
    assert not line_of_sight(low, fig(low, 5, (0, 0)), fig(low, 5, (5, 0)), [])
    # From level 8 the line to the centre of the top leaves the rock at 12.5 - 6.5 * 0.7 = 7.95:
    # hidden; the far rim shows (12.5 - 6.5 * 3.5 / 5.3 = 8.21): seen.
    mid = field(row("r8", "g1", "r8", "r8", "g1", "g1"))
    (xa, ya), (xd, yd) = centre(*mid.coords[0]), centre(*mid.coords[5])
    assert not clear_line(mid, (xa, ya, 12.5), (xd, yd, 6.0))
    assert line_of_sight(mid, fig(mid, 5, (0, 0)), fig(mid, 5, (5, 0)), [])


# -- terrain: a ruin ----------------------------------------------------------------------------------------
def test_line_of_sight_blocked_by_a_ruin() -> None:
    """A ruin 5 levels high on a level-1 space (top 6) blocks: the line from 5.5 to the top of
    the defender (6) is below 6 over it. A ruin 4 high (top 5) does not; no ruin, no block."""
    a, d = (0, 0), (6, 0)
    tall = field(FLAT7, ruins=((3, 0, 5),))
    assert not line_of_sight(tall, fig(tall, 5, a), fig(tall, 5, d), [])
    low = field(FLAT7, ruins=((3, 0, 4),))
    assert line_of_sight(low, fig(low, 5, a), fig(low, 5, d), [])
    bare = field(FLAT7)
    assert line_of_sight(bare, fig(bare, 5, a), fig(bare, 5, d), [])


def test_line_of_sight_ruin_rises_from_its_space_level() -> None:
    """A ruin 3 high on a level-3 space rises to 6: it blocks as the 5-high ruin on level 1."""
    bf = field(row("g1", "g1", "g1", "g3", "g1", "g1", "g1"), ruins=((3, 0, 3),))
    assert not line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (6, 0)), [])
    bf2 = field(row("g1", "g1", "g1", "g3", "g1", "g1", "g1"), ruins=((3, 0, 1),))
    assert line_of_sight(bf2, fig(bf2, 5, (0, 0)), fig(bf2, 5, (6, 0)), [])


def test_line_of_sight_any_part_of_the_hit_zone_suffices() -> None:
    """The defender stands beside the corner of a ruin: the line to the centre of its top is
    blocked, the line to its silhouette's edge passes below the ruin's corner: seen. Straight
    behind the ruin it is hidden."""
    bf = field("\n".join(["g1 g1 g1 g1 g1 g1", " g1 g1 g1 g1 g1 g1", "g1 g1 g1 g1 g1 g1"]), ruins=((2, 1, 6),))
    a = fig(bf, 5, (0, 1))
    d = fig(bf, 5, (4, 0))
    (xa, ya), (xd, yd) = centre(*bf.coords[a.spaces[0]]), centre(*bf.coords[d.spaces[0]])
    assert not clear_line(bf, (xa, ya, 5.5), (xd, yd, 6.0))
    assert line_of_sight(bf, a, d, [])
    assert not line_of_sight(bf, a, fig(bf, 5, (4, 1)), [])


# -- figures in the way -------------------------------------------------------------------------------------
def test_line_of_sight_blocked_by_a_figure_in_the_way() -> None:
    bf = field(FLAT7 + "\n " + FLAT7)
    a, d = fig(bf, 5, (0, 0)), fig(bf, 5, (6, 0))
    in_the_way = fig(bf, 5, (3, 0))
    beside = fig(bf, 5, (3, 1))  # on the next row: off every line
    assert not line_of_sight(bf, a, d, [in_the_way])
    assert line_of_sight(bf, a, d, [beside])
    assert line_of_sight(bf, a, d, [])
    # the attacker and the defender in ``others`` are themselves, not obstacles
    assert line_of_sight(bf, a, d, [a, d, beside])


def test_line_of_sight_small_figure_does_not_block_a_tall_target() -> None:
    """A Height 2 attacker (target point 2.5), a Height 3 figure between (top 4): a Height 3
    defender (top 4) is hidden; a Height 9 defender (top 10) shows above it."""
    bf = field(FLAT7)
    a, small = fig(bf, 2, (0, 0)), fig(bf, 3, (3, 0))
    assert not line_of_sight(bf, a, fig(bf, 3, (6, 0)), [small])
    assert line_of_sight(bf, a, fig(bf, 9, (6, 0)), [small])


# -- shooting down from a height ---------------------------------------------------------------------------
def test_line_of_sight_shooting_down_over_a_figure() -> None:
    """From a level-9 column (target point 13.5) over a Height 5 figure on level 1 (top 6): the
    line to the defender's top is near 9.4 above the figure between. From the ground it is not."""
    bf = field(row("r9", "g1", "g1", "g1", "g1", "g1", "g1"))
    assert line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (6, 0)), [fig(bf, 5, (3, 0))])
    flat = field(FLAT7)
    assert not line_of_sight(flat, fig(flat, 5, (0, 0)), fig(flat, 5, (6, 0)), [fig(flat, 5, (3, 0))])


def test_line_of_sight_shooting_down_the_cliff_edge_hides_its_foot() -> None:
    """A cliff top at level 9 (columns 0-2). Standing back at column 0 (target point 13.5), the
    best line to a figure at the foot (column 3), to the far rim of its top (6), 3.3 spaces away,
    crosses the edge 2.5 spaces away at 13.5 - 7.5 * 2.5 / 3.3 = 7.82, inside the rock: hidden;
    to one at column 7 it crosses at 10.9: seen. Standing at the edge (column 2) the line leaves
    the attacker's own space above 9: the foot is seen; a short figure there does not see it."""
    bf = field(row("r9", "r9", "r9", "g1", "g1", "g1", "g1", "g1"))
    assert not line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (3, 0)), [])
    assert line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (7, 0)), [])
    assert line_of_sight(bf, fig(bf, 5, (2, 0)), fig(bf, 5, (3, 0)), [])
    # a Height 2 figure at the edge (target point 10.5): the line to the far rim leaves its own
    # space at 10.5 - 4.5 * 0.5 / 1.3 = 8.77, inside the rock it stands on: hidden
    assert not line_of_sight(bf, fig(bf, 2, (2, 0)), fig(bf, 5, (3, 0)), [])


# -- shooting up to a ledge -----------------------------------------------------------------------------------
def test_line_of_sight_shooting_up_to_a_ledge() -> None:
    """A ledge at level 9 from column 4 on; the attacker (Height 5, target point 5.5) at column 2.
    A defender at the edge (column 4): the line to its top (14) reaches the edge 1.5 spaces away
    at 11.9 or more: seen. Standing back at column 7, the best line, to the near rim of its top
    (4.7 spaces away), reaches the edge at 5.5 + 8.5 * 1.5 / 4.7 = 8.21, below the ledge: hidden.
    An attacker farther back (column 0: 9.94 at the edge) or taller (Height 9, target point 9.5)
    sees it."""
    bf = field(row("g1", "g1", "g1", "g1", "r9", "r9", "r9", "r9", "r9"))
    low = fig(bf, 5, (2, 0))
    assert line_of_sight(bf, low, fig(bf, 5, (4, 0)), [])
    assert not line_of_sight(bf, low, fig(bf, 5, (7, 0)), [])
    assert line_of_sight(bf, fig(bf, 5, (0, 0)), fig(bf, 5, (7, 0)), [])
    assert line_of_sight(bf, fig(bf, 9, (2, 0)), fig(bf, 5, (7, 0)), [])
    # the defender looking down: its target point (13.5) over the edge to the attacker's top (6)
    assert line_of_sight(bf, fig(bf, 5, (4, 0)), low, [])


# -- touching is not passing through -----------------------------------------------------------------------
def test_line_of_sight_skimming_a_top_is_clear() -> None:
    bf = field(row("g1", "r5", "g1"))
    (x0, y0), (x2, y2) = centre(*bf.coords[0]), centre(*bf.coords[2])
    assert clear_line(bf, (x0, y0, 5.0), (x2, y2, 5.0))
    assert not clear_line(bf, (x0, y0, 4.9), (x2, y2, 5.0))


def test_line_of_sight_along_the_edge_between_two_columns() -> None:
    """The line between the centres of two spaces 2 apart on a slant runs exactly along the side
    shared by the two spaces between them: blocked only where both columns rise above it."""
    both = field("g1 r5 g1\n r5 g1 g1")
    one = field("g1 r5 g1\n g1 g1 g1")
    other = field("g1 g1 g1\n r5 g1 g1")
    for bf, clear in ((both, False), (one, True), (other, True)):
        a, d = bf.at(0, 0), bf.at(1, 1)
        (xa, ya), (xd, yd) = centre(*bf.coords[a]), centre(*bf.coords[d])
        assert clear_line(bf, (xa, ya, 2.0), (xd, yd, 2.0)) is clear


# -- symmetry ------------------------------------------------------------------------------------------------
def _random_field(rnd: random.Random, width: int, height: int) -> tuple[list[list[str]], list[tuple[int, int, int]]]:
    """Rows of cells (odd rows one shorter, so the layout has a centre of symmetry) and ruins."""
    rows = [[f"{rnd.choice('grs')}{rnd.randint(1, 7)}" for _ in range(width - (r % 2))] for r in range(height)]
    ruins = [(rnd.randrange(len(rows[r])), r, rnd.randint(1, 5)) for r in rnd.sample(range(height), 2)]
    return rows, ruins


def _text(rows: list[list[str]]) -> str:
    return "\n".join(" ".join(r) for r in rows)


def test_line_of_sight_same_on_mirrored_and_turned_battlefields() -> None:
    """The model has no favourite direction: on the battlefield reflected top to bottom and on
    the battlefield turned half a circle, every figure sees exactly what it saw before."""
    rnd = random.Random(4)
    checked = blocked = 0
    for _ in range(12):
        width, height = rnd.randint(5, 9), rnd.choice((3, 5, 7))
        rows, ruins = _random_field(rnd, width, height)
        ruined = {(c, r) for c, r, _ in ruins}
        places = rnd.sample([(c, r) for r in range(height) for c in range(len(rows[r])) if (c, r) not in ruined], 7)
        heights = [rnd.randint(2, 9) for _ in places]

        same = {(c, r): (c, r) for r in range(height) for c in range(len(rows[r]))}
        mirror = {(c, r): (c, height - 1 - r) for (c, r) in same}  # reflected top to bottom
        turn = {(c, r): (len(rows[r]) - 1 - c, height - 1 - r) for (c, r) in same}  # half a turn
        fields = [
            (field(_text(rows), tuple(ruins)), same),
            (field(_text(rows[::-1]), tuple((*mirror[c, r], h) for c, r, h in ruins)), mirror),
            (field(_text([x[::-1] for x in rows[::-1]]), tuple((*turn[c, r], h) for c, r, h in ruins)), turn),
        ]
        results = []
        for bf, move in fields:
            bodies = [Body((bf.at(*move[p]),), h) for p, h in zip(places, heights, strict=True)]
            results.append([line_of_sight(bf, a, d, bodies) for a in bodies for d in bodies if a is not d])
        assert results[0] == results[1] == results[2]
        checked += len(results[0])
        blocked += results[0].count(False)
    assert checked > 400 and blocked > 40  # the fields do hide figures


# -- double-space figures -----------------------------------------------------------------------------------
def test_line_of_sight_double_space_figures_see_and_are_seen_from_either_space() -> None:
    """A ruin next to one end of a double-space attacker hides the defender from that end only;
    the figure sees from its other end. A ruin in front of one end of a double-space defender
    hides that end only; the other end is seen."""
    two_rows = FLAT7 + "\n " + FLAT7
    bf = field(two_rows, ruins=((1, 0, 6),))  # top 7, above every line between Height 5 figures
    d = fig(bf, 5, (6, 0))
    assert not line_of_sight(bf, fig(bf, 5, (0, 0)), d, [])
    assert line_of_sight(bf, fig(bf, 5, (0, 1)), d, [])
    assert line_of_sight(bf, fig(bf, 5, (0, 0), (0, 1)), d, [])
    assert line_of_sight(bf, fig(bf, 5, (0, 1), (0, 0)), d, [])
    bf = field(two_rows, ruins=((5, 0, 6),))
    a = fig(bf, 5, (0, 0))
    assert not line_of_sight(bf, a, fig(bf, 5, (6, 0)), [])
    assert line_of_sight(bf, a, fig(bf, 5, (6, 1)), [])
    assert line_of_sight(bf, a, fig(bf, 5, (6, 0), (6, 1)), [])


# -- Range ----------------------------------------------------------------------------------------------------
def test_range_counts_spaces_ignoring_levels() -> None:
    """Facts 3.7: "count spaces, ignore level differences; Range 1 = adjacent only"."""
    bf = field(row("g1", "g1", "r9", "g1"))
    a, d = [bf.at(0, 0)], [bf.at(3, 0)]
    assert range_between(bf, a, d) == 3
    assert in_range(bf, a, d, 3) and not in_range(bf, a, d, 2)
    # 8 levels up a cliff, still adjacent: Range 1 reaches
    assert in_range(bf, [bf.at(1, 0)], [bf.at(2, 0)], 1)
    assert not in_range(bf, [bf.at(1, 0)], [bf.at(3, 0)], 1)


def test_range_double_space_figures_measure_from_either_space() -> None:
    bf = field(row(*["g1"] * 7))
    front, back = bf.at(1, 0), bf.at(0, 0)
    target = bf.at(4, 0)
    assert range_between(bf, [back, front], [target]) == 3  # from the nearer end
    assert in_range(bf, [back, front], [target], 3) and not in_range(bf, [back], [target], 3)
    assert range_between(bf, [back], [bf.at(5, 0), target]) == 4  # to the nearer end
    assert in_range(bf, [bf.at(5, 0), target], [back, front], 3)
