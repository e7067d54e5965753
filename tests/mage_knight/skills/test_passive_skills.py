"""Mage Knight passive skills (facts 3.5: always in effect, each where it acts): Norowas' Bonds
of Loyalty - on gaining it two regular Units join the offer and it is an extra Command token; the
Unit recruited under it costs 5 less, may be used where Units may not, and is never disbanded.
From hand-set positions of a real game through the decisions where the choice is offered."""

from __future__ import annotations

import pytest
from mk_positions import GAME, _on_village, do, east_board, legal, me, taken, turn

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.cards.offers import disband_unit, level_up_reward
from boardrules.games.mage_knight.map.exploring import space
from boardrules.games.mage_knight.sites.site_combats import enter_site


def test_bonds_of_loyalty_on_gaining_it_two_regular_units_join_the_offer_and_a_command_token() -> None:
    s = turn("rage")
    g, p = s.g, me(s)
    p.pending, p.skill_pile = ["skill-and-advanced-action"], ["krang-regenerate", "bonds-of-loyalty"]
    offer, deck, command = g.unit_offer[:], g.regular_units[:], p.command
    level_up_reward(GAME.t, g, g.current, "bonds-of-loyalty", g.aa_offer[0], [])
    assert p.command == command + 1
    assert g.unit_offer == [*offer, deck[-1], deck[-2]] and g.regular_units == deck[:-2]


def test_bonds_of_loyalty_the_unit_recruited_under_it_costs_5_less() -> None:
    s = turn("rage", skills="bonds-of-loyalty")
    _on_village(s)
    me(s).command, me(s).influence_points = 2, 1
    s.g.unit_offer = ["foresters", "peasants"]
    s.cached = None
    assert "recruit foresters" in legal(s)  # 5 - 5: 0 Influence
    do(s, "recruit foresters")
    assert me(s).bonded == "foresters-1" and me(s).influence_points == 1
    assert "recruit peasants" not in legal(s)  # the next one at its full cost (4)


def test_bonds_of_loyalty_its_unit_is_never_disbanded() -> None:
    s = turn("rage", units="peasants foresters", skills="bonds-of-loyalty")
    _on_village(s)
    me(s).bonded, me(s).influence_points = "peasants-1", 9
    s.g.unit_offer = ["herbalists"]
    s.cached = None
    do(s, "recruit herbalists")
    assert "disband foresters-1" in taken(s)  # not the Unit under Bonds of Loyalty
    with pytest.raises(IllegalActionError, match="cannot be disbanded"):
        disband_unit(GAME.t, s.g, s.g.current, "peasants-1", [])


def test_bonds_of_loyalty_its_unit_may_be_used_in_a_dungeon() -> None:
    words = ["plains"] * 7
    words[4] = "plains+dungeon"
    b = east_board(" ".join(words), at=(0, 0))
    b.p.position = next(h for h in sorted(b.s.spaces) if (sp := space(b.t, b.s, h)) and sp.site == "dungeon")
    b.p.skills, b.p.units, b.p.bonded = ["bonds-of-loyalty"], [["peasants", 0, False], ["foresters", 0, False]], \
        "foresters-1"
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.night
    assert c.units_allowed == "one" and c.chosen_unit == "foresters-1"  # the other Units still not


def test_bonds_of_loyalty_a_unit_leaving_before_it_keeps_the_label_right() -> None:
    from boardrules.games.mage_knight.game_state import remove_unit

    s = turn("rage", units="peasants peasants", skills="bonds-of-loyalty")
    me(s).bonded = "peasants-2"
    remove_unit(me(s), 0)  # the first Peasants destroyed: the bonded one is now peasants-1
    assert me(s).bonded == "peasants-1"
    remove_unit(me(s), 0)
    assert me(s).bonded == ""
