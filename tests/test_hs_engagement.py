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
