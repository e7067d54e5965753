"""Location requirements: the counting shortcut agrees with the full matching search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.games.meeples_and_monsters.assignment import _helpful, matched
from boardrules.games.meeples_and_monsters.combat import _match, meets
from boardrules.games.meeples_and_monsters.tables import ANY, PRESTIGE_NEED

NEEDS = st.lists(st.sampled_from([*range(9), ANY, PRESTIGE_NEED]), min_size=1, max_size=4)
UNITS = st.lists(st.integers(0, 3), min_size=9, max_size=9)


@settings(max_examples=2000)
@given(NEEDS, UNITS)
def test_requirement_check_matches_the_full_search(needs: list[int], units: list[int]) -> None:
    key = tuple(sorted(needs))
    assert meets(key, units) == _match(key, 0, units[:])


@settings(max_examples=2000)
@given(NEEDS, UNITS, UNITS)
def test_units_offered_for_a_requirement_are_those_that_fill_a_slot(
    needs: list[int], units: list[int], tavern: list[int]
) -> None:
    """The counting shortcut for the Units still worth adding to an unmet requirement agrees
    with the slot-matching search (a Unit is offered when it fills one more slot)."""
    key = tuple(sorted(needs))
    have = matched(key, units)
    if have == len(key):
        return
    slow = [k for k in range(9) if tavern[k] and matched(key, [u + (i == k) for i, u in enumerate(units)]) > have]
    assert _helpful(key, units, tavern) == slow


BONUS = st.tuples(st.sampled_from([0, 1]), st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 6]),
                  st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 6]), st.integers(1, 3))


@settings(max_examples=1000)
@given(st.lists(st.integers(0, 3), min_size=7, max_size=7), st.lists(BONUS, max_size=4), st.booleans())
def test_combat_value_counted_by_type_equals_unit_by_unit(
    counts: list[int], bonuses: list[tuple[int, int, int, int]], champion: bool
) -> None:
    """Without Shamans, counting Units of one type together gives the Unit-by-Unit value."""
    from mm_positions import fresh

    from boardrules.games.meeples_and_monsters.combat import units_value, units_value_by_unit
    from boardrules.games.meeples_and_monsters.state import Group

    game, s = fresh()
    g = Group("mon", 0)
    g.units = [*counts, 0, 0]  # kinds 0-6; no Shaman, no Corruption
    g.champion = champion
    assert units_value(game.t, s, 0, g, bonuses) == units_value_by_unit(game.t, s, 0, g, bonuses)
