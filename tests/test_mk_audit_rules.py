"""Mage Knight outside audit, second pass: sentences of the rulebook excerpt and the facts tried
by another path than their own tests (two rules at once, another site, the game around the
combat), from hand-set boards (tests/mk_positions.py). Each test here failed on the code
before its fix."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board, settle

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.sites import recruit, start_movement_combat


def _rival_keep_with_orcs():  # type: ignore[no-untyped-def]
    """Player 2 owns a keep at the made-up tile's centre; orcs stand on its SE space; player 1
    stands on SW, next to both."""
    words = ["plains"] * 7
    words[0], words[3] = "plains+keep", "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"], players=2, move=10)
    b.tokens(EAST["SE"], "prowlers")  # Fame 2
    keep = EAST["C"]
    b.s.players[1].keeps.append(keep)
    b.s.players[1].position = (0, 0)
    b.s.players[1].shields = 1
    b.s.shields[keep] = [1]
    b.s.conquered.add(keep)
    return b


def test_keep_other_players_keeps_half_fame_only_for_the_defenders_not_for_provoked_rampaging_enemies() -> None:
    """KEEP "Other Players' Keeps": "you get half Fame (rounded up) for defeating the
    defenders". Moving into a rival's keep from a space next to orcs that is also next to the
    keep provokes them: they join the assault, and their Fame is not halved (the whole
    combat's Fame was halved: 2 + 3 gave 3, not 2 + 2)."""
    b = _rival_keep_with_orcs()
    b.move(EAST["C"])
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None
    b.s.enemy_piles["grey"].append(c.enemies[1].token)
    c.enemies[1].token = "crossbowmen"  # Fame 3: the defenders' half is 2 (rounded up)
    b.s.enemy_piles["grey"].remove("crossbowmen")
    assert [e.rampaging for e in c.enemies] == [True, False]
    settle(b)
    assert b.p.fame == 2 + 2
    assert b.p.reputation == -1 + 1  # the assault -1, the orcs +1
    assert b.p.keeps == [EAST["C"]]


# ---- facts 3.4: Thugs and Heroes recruited --------------------------------------------------

def _village(influence: int, reputation: int):  # type: ignore[no-untyped-def]
    words = ["plains"] * 7
    words[4] = "plains+village"
    b = east_board(" ".join(words), at=EAST["SW"], influence=influence)
    b.p.reputation = reputation
    b.p.command = 2
    return b


@pytest.mark.parametrize(("reputation", "influence", "enough"), [
    (2, 5, False), (2, 6, True),  # modifier +1 reversed: 5 Influence played are worth 4
    (-3, 3, False), (-3, 4, True),  # modifier -1 reversed: 4 Influence played are worth 5
])
def test_units_thugs_reputation_modifier_is_reversed_when_recruiting_them(reputation: int, influence: int,
                                                                         enough: bool) -> None:
    """Facts 3.4 Thugs: "reputation modifier is reversed when recruiting". At Reputation +2 (+1
    Influence) they cost 5 + 1 = 6 from 7 Influence played, and at -3 (-1) 5 - 1 = 4 (the
    modifier counted as for any Unit: 5 from 6 and from 4)."""
    b = _village(influence, reputation)
    if enough:
        recruit(b.t, b.s, 0, "thugs", [])
        assert b.p.units == [["thugs", 0, False]] and b.p.influence_points == 0
    else:
        with pytest.raises(IllegalActionError, match="recruiting Thugs costs"):
            recruit(b.t, b.s, 0, "thugs", [])
        assert b.p.units == []


@pytest.mark.parametrize(("reputation", "influence", "enough"), [
    (4, 4, False), (4, 5, True),  # modifier +2 counts twice: 5 played are worth 9
    (-4, 12, False), (-4, 13, True),  # modifier -2 counts twice: 13 played are worth 9
])
def test_units_heroes_reputation_modifier_counts_double_when_recruiting_them(reputation: int, influence: int,
                                                                            enough: bool) -> None:
    """Facts 3.4 Heroes: "reputation modifier counts double when recruiting them"."""
    b = _village(influence, reputation)
    if enough:
        recruit(b.t, b.s, 0, "hero-white", [])
        assert b.p.units == [["hero-white", 0, False]] and b.p.influence_points == 0
    else:
        with pytest.raises(IllegalActionError, match="recruiting Hero"):
            recruit(b.t, b.s, 0, "hero-white", [])


def test_units_heroes_and_thugs_are_not_recruited_in_the_same_interaction() -> None:
    """Facts 3.4: "Heroes and Thugs cannot be recruited in the same interaction" (either first)."""
    for first, second in (("thugs", "hero-blue"), ("hero-blue", "thugs")):
        b = _village(30, 0)
        recruit(b.t, b.s, 0, first, [])
        with pytest.raises(IllegalActionError, match="Heroes and Thugs") as info:
            recruit(b.t, b.s, 0, second, [])
        assert info.value.rule == "Recruiting"
        assert [u[0] for u in b.p.units] == [first]
    b = _village(30, 0)
    recruit(b.t, b.s, 0, "thugs", [])
    recruit(b.t, b.s, 0, "peasants", [])  # any other Unit may join them
    assert [u[0] for u in b.p.units] == ["thugs", "peasants"]


def test_units_thugs_reversed_modifier_is_the_one_applied_when_the_interaction_started() -> None:
    """Facts 5.6: the modifier is applied once, when the interaction starts; a Reputation change
    during it (Ruthless Coercion's -1 after a recruit) does not change what the Thugs reverse."""
    b = _village(30, 2)  # +1
    recruit(b.t, b.s, 0, "peasants", [])  # the interaction starts: 31 Influence, 27 left
    b.p.reputation = -3  # -1 now; the interaction keeps its +1
    recruit(b.t, b.s, 0, "thugs", [])
    assert b.p.influence_points == 27 - (5 + 2)
