"""Heroscape movement, every sentence of the excerpt (shared/rules/002_36d4f07db88c610c.txt)
from hand-set positions on the rulebook-examples battlefield (content/battlefields/
rulebook-examples.toml: its comments give the layout of Examples 4, 5, 6A, 6B and 7), plus the
Master Game's Height limit, passing figures, flying and falls (facts 3.4, 3.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardrules.engine import ContentError
from boardrules.games.heroscape.battlefield import Battlefield, load_battlefield
from boardrules.games.heroscape.movement import reachable

CONTENT = Path(__file__).resolve().parents[2] / "src/boardrules/games/heroscape/content/battlefields"
ZETTIAN_MOVE, ZETTIAN_HEIGHT = 4, 5  # Zettian Guards: Move 4, Medium 5
MIMRING_MOVE, MIMRING_HEIGHT = 6, 9  # Mimring: Move 6, Huge 9, two spaces


@pytest.fixture(scope="module")
def bf() -> Battlefield:
    return load_battlefield(CONTENT / "rulebook-examples.toml")


def sp(bf: Battlefield, *names: str) -> tuple[int, ...]:
    out = []
    for n in names:
        i = bf.space_named(n)
        assert i is not None, n
        out.append(i)
    return tuple(out)


def ends(bf: Battlefield, start: tuple[int, ...], move: int, height: int, **kw: object) -> dict[str, int]:
    """Reachable end placements by name (``f5-g5`` for a double-space figure, front first)."""
    routes = reachable(bf, start, move, height, **kw)  # type: ignore[arg-type]
    return {"-".join(bf.name_of(x) for x in end): rs[0].cost for end, rs in routes.items()}


# -- Moving up and down ------------------------------------------------------------------------------
def test_moving_up_counts_the_side_of_each_higher_level_example_4(bf: Battlefield) -> None:
    """Example 4: "Count four spaces for your Zettian Guard to move up onto this ledge": one
    space on the flat, then two levels of sides and the top of the ledge."""
    r = ends(bf, sp(bf, "d1"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    assert r["e1"] == 1 and r["f1"] == 4
    assert "g1" not in r  # one more space would be a fifth


def test_moving_down_counts_no_sides_example_5(bf: Battlefield) -> None:
    """Example 5: "To get down from this ledge, the Zettian Guard counts only one space"."""
    r = ends(bf, sp(bf, "f1"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    assert r["e1"] == 1 and r["d1"] == 2 and r["c1"] == 3 and r["b1"] == 4
    assert "a1" not in r


def test_moving_up_route_follows_the_path(bf: Battlefield) -> None:
    routes = reachable(bf, sp(bf, "d1"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    (route,) = routes[sp(bf, "f1")]
    assert [bf.name_of(x) for x in route.path] == ["d1", "e1", "f1"] and route.fall == 0


# -- Moving into water --------------------------------------------------------------------------------
def test_moving_into_water_ends_the_move_example_6a(bf: Battlefield) -> None:
    """Example 6A: "he must stop after moving only two spaces" onto the water space."""
    r = ends(bf, sp(bf, "a3"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    assert r == {"b3": 1, "c3": 2}  # nothing beyond the water, though Move 4


def test_moving_into_water_even_from_another_water_space(bf: Battlefield) -> None:
    r = ends(bf, sp(bf, "c7"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    assert r["d7"] == 1
    assert "e7" not in r  # d7 is water: the move ends there, never beyond


# -- Moving from water to land ------------------------------------------------------------------------
def test_moving_from_water_to_land_counts_the_side_example_6b(bf: Battlefield) -> None:
    """Example 6B: "When moving from the water space to the adjacent land space, the Zettian
    Guard must count two spaces"."""
    r = ends(bf, sp(bf, "c3"), ZETTIAN_MOVE, ZETTIAN_HEIGHT)
    assert r["d3"] == 2 and r["e3"] == 3 and r["f3"] == 4
    assert r["b3"] == 2  # the other way out of the water: also up one level


# -- Moving double-space figures ----------------------------------------------------------------------
def test_moving_double_space_figures_example_7(bf: Battlefield) -> None:
    """Example 7: Mimring moves six spaces headfirst, his back following along the same spaces,
    counts the side of the land space when moving up from the water space, and ends across the
    water on two spaces of the same level."""
    routes = reachable(bf, sp(bf, "b5", "a5"), MIMRING_MOVE, MIMRING_HEIGHT)
    (route,) = routes[sp(bf, "g5", "f5")]
    assert route.cost == 6
    assert [bf.name_of(x) for x in route.path] == ["b5", "c5", "d5", "e5", "f5", "g5"]


def test_moving_double_space_figures_end_on_two_same_level_spaces(bf: Battlefield) -> None:
    r = ends(bf, sp(bf, "b5", "a5"), MIMRING_MOVE, MIMRING_HEIGHT)
    assert "e5-d5" not in r and "f5-e5" not in r  # one end in the lower water space
    assert r["c5-b5"] == 1 and r["d5-c5"] == 2


def test_moving_double_space_figures_choose_the_leading_end(bf: Battlefield) -> None:
    """Either end may lead: with the head on e1 and the back on d1, the back leads west (the
    head follows into d1); led by the head, the figure would climb the ledge at f1."""
    r = ends(bf, sp(bf, "e1", "d1"), 3, MIMRING_HEIGHT)
    assert r["d1-c1"] == 1 and r["c1-b1"] == 2  # back first
    routes = reachable(bf, sp(bf, "c1", "d1"), 3, MIMRING_HEIGHT)
    assert sp(bf, "b1", "c1") in routes and sp(bf, "d1", "e1") in routes  # either end may lead


def test_moving_double_space_figures_one_water_space_does_not_stop_them(bf: Battlefield) -> None:
    r = ends(bf, sp(bf, "c5", "b5"), MIMRING_MOVE, MIMRING_HEIGHT)
    assert "h5-g5" in r  # through e5 and beyond


def test_moving_double_space_figures_stop_on_two_adjacent_water_spaces(bf: Battlefield) -> None:
    r = ends(bf, sp(bf, "b7", "a7"), MIMRING_MOVE, MIMRING_HEIGHT)
    assert r["d7-c7"] == 2  # both ends in water: the move ends here
    assert not any(k.startswith(("e7", "f7", "g7")) for k in r)


# -- The Master Game: Height, other figures, flying, falls --------------------------------------------
def test_height_no_climbing_as_many_levels_as_the_height_in_one_step(bf: Battlefield) -> None:
    """A figure cannot climb, in one step, levels equal to or above its Height: a Height 2
    figure cannot step up the 2-level ledge; Height 3 can."""
    assert "f1" not in ends(bf, sp(bf, "e1"), 5, 2)
    assert ends(bf, sp(bf, "e1"), 5, 3)["f1"] == 3


def test_other_figures_pass_friends_never_enemies_never_end_on_a_figure(bf: Battlefield) -> None:
    start = sp(bf, "a1")
    friend, enemy = sp(bf, "b1")[0], sp(bf, "c1")[0]
    r = ends(bf, start, 4, ZETTIAN_HEIGHT, occupied={friend})
    assert "b1" not in r and r["c1"] == 2  # through the friend, not onto it
    r = ends(bf, start, 4, ZETTIAN_HEIGHT, occupied={enemy}, blocked={enemy})
    assert r == {"b1": 1}  # the enemy bars the strip


def test_flying_ignores_levels_and_crosses_water_and_figures(bf: Battlefield) -> None:
    r = ends(bf, sp(bf, "a3"), 4, ZETTIAN_HEIGHT, flying=True)
    assert r["d3"] == 3 and r["e3"] == 4  # over the water without stopping, no side to count
    enemy = sp(bf, "b3")[0]
    r = ends(bf, sp(bf, "a3"), 4, ZETTIAN_HEIGHT, flying=True, blocked={enemy}, occupied={enemy})
    assert "b3" not in r and r["c3"] == 2
    assert ends(bf, sp(bf, "d1"), 4, ZETTIAN_HEIGHT, flying=True)["f1"] == 2


def test_falls_a_drop_of_the_height_is_a_fall_of_the_route(bf: Battlefield) -> None:
    """The ledge drops 2 levels from f1 to e1: a fall for a Height 2 figure, none for Height 5."""
    assert [r.fall for r in reachable(bf, sp(bf, "g1"), 4, ZETTIAN_HEIGHT)[sp(bf, "e1")]] == [0]
    assert [r.fall for r in reachable(bf, sp(bf, "g1"), 4, 2)[sp(bf, "e1")]] == [1]
    assert [r.fall for r in reachable(bf, sp(bf, "g1"), 4, 2)[sp(bf, "f1")]] == [0]


def test_moving_from_water_to_land_the_climbing_limit_still_applies() -> None:
    """Moving from water to land ("the moving up rule applies") with the Height limit: from
    water on level 1, land 4 levels up costs 5 spaces for a Height 5 figure; land 5 levels up
    cannot be climbed in one step, however many spaces are left."""
    from boardrules.games.heroscape.battlefield import build
    from boardrules.games.heroscape.content_model import BattlefieldData

    field = build(BattlefieldData(name="Shore", players=(2,), layout="w1 g5 g6\n"))
    r = ends(field, (field.at(0, 0),), 5, ZETTIAN_HEIGHT)
    assert r == {"b1": 5}
    r = ends(field, (field.at(0, 0),), 9, ZETTIAN_HEIGHT)
    assert r == {"b1": 5, "c1": 7}
    cliff = build(BattlefieldData(name="Cliff", players=(2,), layout="w1 g6\n"))
    assert ends(cliff, (cliff.at(0, 0),), 12, ZETTIAN_HEIGHT) == {}


# -- battlefields -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["rulebook-examples", "valkyrie-highlands", "river-crossing", "ruined-keep"])
def test_battlefields_load(name: str) -> None:
    bf = load_battlefield(CONTENT / f"{name}.toml")
    assert bf.size >= 20
    for i, adj in enumerate(bf.adjacent):
        for j in adj:
            assert i in bf.adjacent[j] and bf.distance(i, j) == 1
    if name == "valkyrie-highlands":
        assert bf.size >= 400 and len(set(bf.level)) >= 8 and any(bf.ruin) and any(bf.water)
        assert set(bf.start) == {"north-west", "north-east", "south-east", "south-west"}


def test_battlefield_a_bad_cell_names_its_row_and_column(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text('name = "Bad"\nplayers = [2]\nlayout = """\ng1 g1\ng1 x9\n"""\n')
    with pytest.raises(ContentError) as info:
        load_battlefield(p)
    assert info.value.file == "bad.toml" and info.value.field == "layout" and "row 2, column 2" in str(info.value)


@pytest.mark.parametrize("cell", ["g²", "g١", "w" + "9" * 5000, "g0", "g41"])
def test_battlefield_a_bad_cell_names_its_row_and_column_never_a_value_error(cell: str, tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(f'name = "Bad"\nplayers = [2]\nlayout = """\ng1 g1 g1\ng1 g1 {cell}\n"""\n', encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_battlefield(p)
    assert info.value.file == "bad.toml" and info.value.field == "layout" and "row 2, column 3" in str(info.value)


def test_battlefield_a_ruin_off_the_map(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text('name = "Bad"\nplayers = [2]\nlayout = """\ng1 g1\n"""\n[[ruin]]\nat = [5, 5]\nheight = 3\n')
    with pytest.raises(ContentError) as info:
        load_battlefield(p)
    assert info.value.field == "ruin.1.at"


@pytest.mark.parametrize("name", ["c²", "c" + "9" * 5000, "é3", "3c", "c", "", "c3-"])
def test_battlefield_a_name_that_is_no_space_is_none(name: str) -> None:
    bf = load_battlefield(CONTENT / "river-crossing.toml")
    assert bf.space_named(name) is None
