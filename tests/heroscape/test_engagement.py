"""Heroscape engagement, height advantage and falls (facts 3.5-3.7), from hand-set positions."""

from __future__ import annotations

from boardrules.engine import Rng
from boardrules.games.heroscape import combat
from boardrules.games.heroscape.battlefield import build
from boardrules.games.heroscape.content_model import BattlefieldData
from boardrules.games.heroscape.engagement import adjacent

# a strip of grass at level 1, a rock step at level 6 and a pillar at level 12
FIELD = build(BattlefieldData(name="Steps", players=(2,), layout="g1 g1 r6 r12 g1\n"))


def test_engagement_adjacent_figures_on_the_same_level() -> None:
    a, b = FIELD.at(0, 0), FIELD.at(1, 0)
    assert adjacent(FIELD, (a,), 5, (b,), 5)
    assert not adjacent(FIELD, (a,), 5, (FIELD.at(4, 0),), 5)  # not next to each other


def test_engagement_not_adjacent_when_a_base_is_at_the_others_height_above_it() -> None:
    """A figure on the level-6 step is 5 levels above one on level 1: against a Height 5 figure
    that is "a level equal to or above the other figure's Height": not adjacent; against a
    Height 6 figure it is adjacent."""
    low, step = FIELD.at(1, 0), FIELD.at(2, 0)
    assert not adjacent(FIELD, (low,), 5, (step,), 5)
    assert adjacent(FIELD, (low,), 6, (step,), 5)
    assert adjacent(FIELD, (step,), 5, (low,), 6)  # the same pair seen from above


def test_engagement_double_space_figures_count_from_both_spaces() -> None:
    front, back = FIELD.at(1, 0), FIELD.at(0, 0)
    # the step is 5 levels up: under a Height 9 figure's Height, so adjacent from its front space
    assert adjacent(FIELD, (front, back), 9, (FIELD.at(2, 0),), 5)
    field = build(BattlefieldData(name="Flat", players=(2,), layout="g1 g1 g1 g1\n"))
    assert adjacent(field, (field.at(1, 0), field.at(0, 0)), 9, (field.at(2, 0),), 5)
    assert not adjacent(field, (field.at(1, 0), field.at(0, 0)), 9, (field.at(3, 0),), 5)


def test_height_advantage_one_die_for_the_higher_base() -> None:
    assert combat.height_advantage(6, 1) == (1, 0)
    assert combat.height_advantage(1, 6) == (0, 1)
    assert combat.height_advantage(3, 3) == (0, 0)


def test_falls_major_at_height_extreme_at_height_plus_ten_none_into_water() -> None:
    assert combat.fall_dice(4, 5, False) == 0
    assert combat.fall_dice(5, 5, False) == 1
    assert combat.fall_dice(14, 5, False) == 1
    assert combat.fall_dice(15, 5, False) == 2
    assert combat.fall_dice(20, 5, True) == 0


def test_combat_die_three_skulls_two_shields_one_blank() -> None:
    assert sorted(combat.DIE) == ["blank", "shield", "shield", "skull", "skull", "skull"]
    rng = Rng(4)
    skulls = sum(combat.roll(rng, 1, "skull")[0] for _ in range(6000))
    shields = sum(combat.roll(rng, 1, "shield")[0] for _ in range(6000))
    assert 2800 < skulls < 3200 and 1800 < shields < 2200


# -- Two rules at once -----------------------------------------------------------------------------
def _routes(layout: str, army: list[tuple[int, str, list[str]]], mover: str) -> dict[str, list[tuple[str, ...]]]:
    """Where ``mover`` may go, by place name, with the leaving attacks of each way there."""
    from hs_positions import game_with, position

    from boardrules.games.heroscape import moving

    g = game_with(layout=layout)
    s = position(g, army, active=mover, stage="move")
    fig = g.q.fig_named(s, mover)
    assert fig is not None
    return {g.q.place_name(s, end): [tuple(g.q.fig_name(s, e) for e in r.leaves) for r in rs]
            for end, rs in moving.routes(g.q, s, fig).items()}


def test_engagement_a_figure_at_the_others_height_above_leaves_without_an_attack() -> None:
    """Engagement ("not adjacent" when a base is at a level at or above the other figure's
    Height) with leaving engagement: Finn on a level-5 pillar next to Marro Warriors (Height 4)
    on level 1 is not engaged, so walking away costs no leaving attack; next to Sgt. Drake
    (Height 5) he is engaged, and it does."""
    layout = "g1 g1 g1 g5 g1 g1\n"
    mw = _routes(layout, [(0, "finn", ["d1"]), (1, "marro-warriors", ["e1"])], "finn")
    assert mw["c1"] == [()]
    drake = _routes(layout, [(0, "finn", ["d1"]), (1, "sgt-drake-alexander", ["e1"])], "finn")
    assert drake["c1"] == [("sgt-drake-alexander",)]


def test_engagement_a_friend_engaged_with_an_enemy_cannot_be_passed_through() -> None:
    """Passing figures (facts 3.4: "through friendly figures unless that friendly figure is
    engaged") with engagement: Thorgrim on the only way east is engaged with a Marro Warrior,
    so Finn cannot pass him; with no enemy there he can."""
    layout = "g1 g1 g1 g1 g1 g1\n.. g1 .. .. .. ..\n"
    free = _routes(layout, [(0, "finn", ["a1"]), (0, "thorgrim", ["b1"]), (1, "syvarris", ["f1"])], "finn")
    assert "c1" in free and "d1" in free
    engaged = _routes(layout, [(0, "finn", ["a1"]), (0, "thorgrim", ["b1"]), (1, "marro-warriors", ["b2"])],
                      "finn")
    assert engaged == {}


def test_engagement_moving_around_an_engaged_enemy_is_not_leaving_it() -> None:
    """Leaving engagement (Hasbro FAQ: "you may move around an engaged enemy without leaving
    engagement"): from d3 next to a Marro Warrior on e3, Finn steps to d4, still next to it,
    with no attack; stepping to c3, away from it, gives one."""
    flat = "\n".join(" ".join(["g1"] * 10) for _ in range(6)) + "\n"
    r = _routes(flat, [(0, "finn", ["d3"]), (1, "marro-warriors", ["e3"])], "finn")
    assert r["d4"][0] == ()
    assert r["c3"] == [("marro-warriors-1",)]


def test_leaving_engagement_every_leaving_attack_is_alike_ways_compared_by_how_many() -> None:
    """Leaving engagement (facts 3.6: each enemy left "rolls 1 attack die regardless of its
    Attack value"; the mover does not defend): every leaving attack is the same die, so a way
    there is judged by how many it suffers, not by who makes them. Finn on d3 between two
    Marro Warriors (c5, e4): to e6, 3 spaces leaving one of them beats 4 spaces leaving the
    other, and of two 3-space ways to d6, each leaving one, only one is offered."""
    flat = "\n".join(" ".join(["g1"] * 10) for _ in range(6)) + "\n"
    r = _routes(flat, [(0, "finn", ["d3"]), (1, "marro-warriors", ["c5", "e4"])], "finn")
    assert len(r["e6"]) == 1 and len(r["e6"][0]) == 1
    assert len(r["d6"]) == 1 and len(r["d6"][0]) == 1


def test_leaving_engagement_a_double_space_figure_compares_ways_by_how_many_attacks() -> None:
    """The same for a double-space figure (``to c3-c2``: 5 spaces leaving
    one enemy, or 6 leaving another): Grimnak on d3-c3 to c2-c3 goes the 3-space way past one
    Marro Warrior, never the 5-space way past the other."""
    from hs_positions import game_with, position

    from boardrules.games.heroscape import moving

    g = game_with()
    s = position(g, [(0, "grimnak", ["d3-c3"]), (1, "marro-warriors", ["b1", "b2"])], active="grimnak",
                 stage="move")
    fig = g.q.fig_named(s, "grimnak")
    assert fig is not None
    ways = {g.q.place_name(s, end): rs for end, rs in moving.routes(g.q, s, fig).items()}
    assert [(w.cost, len(w.leaves)) for w in ways["c2-c3"]] == [(3, 1)]
