"""Mage Knight Units outside combat (facts 3.4, 4.3, VILLAGE / MONASTERY "Healing"): the Foresters'
terrain discount, the Scouts' exploring further away, the Magic Familiars' mana token kept on the
card, and Healing bought for a Wounded Unit, each through the decisions from a hand-set position
of a real game (test_mk_decisions.turn)."""

from __future__ import annotations

import pytest
from test_mk_decisions import GAME, do, legal, me, refusal, turn

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.decisions import reward_actions
from boardrules.games.mage_knight.exploring import next_to, open_positions, space
from boardrules.games.mage_knight.hexmap import Hex, neighbours, placement_refusal
from boardrules.games.mage_knight.movement import terrain_cost
from boardrules.games.mage_knight.offers import take_reward


def _site(s, site: str) -> Hex:  # type: ignore[no-untyped-def]
    return next(h for h in sorted(s.g.spaces) if (sp := space(GAME.t, s.g, h)) is not None and sp.site == site)


def test_units_foresters_move_2_and_forest_hills_swamp_cost_1_less_this_turn() -> None:
    s = turn("rage", units="foresters")
    forest = next(h for h in neighbours(me(s).position) if (sp := space(GAME.t, s.g, h)) and sp.terrain == "forest")
    assert terrain_cost(GAME.t, s.g, forest) == 3
    assert "activate foresters-1 move" in legal(s)
    do(s, "activate foresters-1 move")
    assert me(s).move_points == 2 and me(s).units[0][2]
    assert terrain_cost(GAME.t, s.g, forest, lasting=me(s).lasting) == 2
    do(s, f"move {forest[0]}:{forest[1]}")  # 2 Move pay for the forest now
    assert me(s).position == forest and me(s).move_points == 0


def test_units_scouts_move_2_and_explore_tiles_2_spaces_away() -> None:
    s = turn("rage", units="scouts")
    g = s.g
    far = [(h, grid) for h in sorted(g.spaces) for grid in open_positions(g)
           if next_to(h, grid, 2) and not any(next_to(h, x) for x in open_positions(g))
           and terrain_cost(GAME.t, g, h) is not None and not placement_refusal(g.shape, grid, "countryside", g.tiles)]
    h, grid = far[0]
    me(s).position = h
    s.cached = None
    assert not any(a.startswith("explore") for a in legal(s))
    do(s, "activate scouts-1 move")
    assert me(s).move_points == 2
    do(s, f"explore {grid[0]}:{grid[1]}")
    assert grid in s.g.tiles and me(s).move_points == 0


def test_units_scouts_explore_reach_is_refused_without_them() -> None:
    s = turn("rage")
    g = s.g
    h, grid = next((h, grid) for h in sorted(g.spaces) for grid in open_positions(g)
                   if next_to(h, grid, 2) and not next_to(h, grid))
    me(s).position, me(s).move_points = h, 4
    s.cached = None
    assert f"explore {grid[0]}:{grid[1]}" not in legal(s)
    assert "next to the position you explore" in refusal(s, f"explore {grid[0]}:{grid[1]}")[0]


def test_units_magic_familiars_bracketed_values_outside_combat_with_the_token_on_the_card() -> None:
    s = turn("rage")
    me(s).units = [["magic-familiars", 0, False, "white"], ["magic-familiars", 0, False, "red"]]
    me(s).command = 2
    s.cached = None
    do(s, "activate magic-familiars-1 move", "activate magic-familiars-2 influence")
    assert me(s).move_points == 5 and me(s).influence_points == 3  # white: Move 5; red: Influence 3


def test_units_magic_familiars_recruited_with_a_basic_mana_kept_on_the_card() -> None:
    s = turn("rage", faces="red blue green white")
    h = _site(s, "village")
    s.g.spaces[h] = next((tid, i) for tid, tile in sorted(GAME.t.tile.items()) for i, x in enumerate(tile.hexes)
                         if x.site == "monastery")  # a monastery set by hand where the village was
    me(s).position, me(s).influence_points = h, 6
    s.g.unit_offer = ["magic-familiars", "peasants"]
    s.cached = None
    do(s, "recruit magic-familiars")
    assert {"colour red", "colour blue", "colour green", "colour white"} <= set(legal(s))
    do(s, "colour blue", "pay blue die-2")
    assert me(s).units == [["magic-familiars", 0, False, "blue"]] and me(s).influence_points == 0
    assert 1 in s.g.source_used


def test_units_magic_familiars_cannot_be_gained_free() -> None:
    """Facts 3.4: not as a reward (nor by Call to Glory or Banner of Command)."""
    s = turn("rage")
    s.g.unit_offer = ["magic-familiars", "peasants"]
    me(s).pending = ["unit"]
    assert [a.text for a in reward_actions(GAME.t, s.g, s.g.current)] == ["take unit peasants"]
    with pytest.raises(IllegalActionError, match="cannot be gained free"):
        take_reward(GAME.t, s.g, s.g.current, "unit", "magic-familiars", [])


def test_village_healing_bought_for_a_wounded_unit_costs_its_level() -> None:
    s = turn("rage", units="guardian-golems:wounded")  # level 2, no Wound in hand
    me(s).position, me(s).influence_points = _site(s, "village"), 6
    s.cached = None
    assert "heal 1" in legal(s) and not any(a.startswith("heal-unit") for a in legal(s))
    do(s, "heal 1")
    assert not any(a.startswith("heal-unit") for a in legal(s))  # 1 point: a level II Unit costs 2
    do(s, "heal 1", "heal-unit guardian-golems-1")
    assert me(s).units[0][1] == 0 and me(s).influence_points == 0
    assert "heal 1" not in legal(s)  # nothing left to heal
