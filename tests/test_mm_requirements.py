"""Location requirements: the counting shortcut agrees with the full matching search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boardrules.games.meeples_and_monsters.combat import _match, meets
from boardrules.games.meeples_and_monsters.tables import ANY, PRESTIGE_NEED

NEEDS = st.lists(st.sampled_from([*range(9), ANY, PRESTIGE_NEED]), min_size=1, max_size=4)
UNITS = st.lists(st.integers(0, 3), min_size=9, max_size=9)


@settings(max_examples=2000)
@given(NEEDS, UNITS)
def test_requirement_check_matches_the_full_search(needs: list[int], units: list[int]) -> None:
    key = tuple(sorted(needs))
    assert meets(key, units) == _match(key, 0, units[:])
