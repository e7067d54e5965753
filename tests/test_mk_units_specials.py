"""Mage Knight Units outside combat (facts 3.4, 4.3, VILLAGE / MONASTERY "Healing"): the Foresters'
terrain discount, the Scouts' exploring further away, the Magic Familiars' mana token kept on the
card, and Healing bought for a Wounded Unit, each through the decisions from a hand-set position
of a real game (test_mk_decisions.turn)."""

from __future__ import annotations

import pytest
from test_mk_decisions import GAME, do, legal, me, refusal, turn

from boardrules.engine import Action, IllegalActionError
from boardrules.games.mage_knight.actions.legal_actions import reward_actions
from boardrules.games.mage_knight.cards.offers import take_reward
from boardrules.games.mage_knight.game_state import marks
from boardrules.games.mage_knight.map.exploring import next_to, open_positions, space
from boardrules.games.mage_knight.map.hexes import Hex, neighbours, placement_refusal
from boardrules.games.mage_knight.map.movement import terrain_cost


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


def _new_round_with_familiars(crystals: dict[str, int]):  # type: ignore[no-untyped-def]
    """The current player, holding Magic Familiars (a red token on the card) and Peasants,
    announces the End of the Round; the other player's last turn ends it; a new round begins."""
    s = turn("march", units="magic-familiars peasants")
    owner = s.g.current
    me(s).units[0].append("red")
    me(s).crystals.update(crystals)
    me(s).deck = []
    s.cached = None
    do(s, "announce")  # the turn is forfeited: it ends at once (facts 5.7)
    other = s.g.players[s.g.current]
    assert s.g.current == 1 - owner
    other.hand = ["march"]
    s.cached = None
    do(s, "play march move", "end-turn")
    assert s.g.round == 2
    return s, owner


def test_units_magic_familiars_upkeep_a_crystal_paid_at_the_round_start_keeps_them_with_its_colour() -> None:
    s, owner = _new_round_with_familiars({"blue": 1, "white": 2})
    d = GAME.decision(s)
    assert d is not None and d.player == owner and "keep magic-familiars-1" in d.prompt
    from rich.console import Console

    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, 1 - owner))  # the question is public
    assert "pay a crystal to keep magic-familiars-1, or disband them" in console.export_text()
    assert legal(s) == ["colour blue", "colour white", "disband magic-familiars-1"]  # before the Tactics
    do(s, "colour blue")
    p = s.g.players[owner]
    assert p.crystals == {"red": 0, "blue": 0, "green": 0, "white": 2} and p.units[0] == ["magic-familiars", 0, False, "blue"]
    assert legal(s)[0].startswith("tactic ")


def test_units_magic_familiars_upkeep_without_a_crystal_they_are_disbanded() -> None:
    s, owner = _new_round_with_familiars({})
    assert legal(s) == ["disband magic-familiars-1"]
    reason, rule = GAME.explain_illegal(s, Action.parse("tactic early-bird"))
    assert "pay a crystal to keep magic-familiars-1" in reason and rule == "Units"
    do(s, "disband magic-familiars-1")
    assert [u[0] for u in s.g.players[owner].units] == ["peasants"]


def _scouted_prowlers():  # type: ignore[no-untyped-def]
    """The current player's Scouts look at a face-down Prowlers token 3 spaces away."""
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march", units="scouts")
    here = me(s).position
    far = next(h for h in sorted(s.g.spaces) if (abs(h[0] - here[0]) + abs(h[1] - here[1])
                                                  + abs(h[0] + h[1] - here[0] - here[1])) // 2 == 3)
    s.g.enemies[far] = [Token("prowlers", False)]
    s.cached = None
    do(s, "activate scouts-1 scout")
    assert f"scout {far[0]}:{far[1]}" in legal(s)
    do(s, f"scout {far[0]}:{far[1]}")
    return s, far


def test_units_scouts_look_at_a_face_down_token_within_3_spaces_known_to_that_player_only() -> None:
    s, far = _scouted_prowlers()
    owner, other, where = s.g.current, 1 - s.g.current, f"{far[0]},{far[1]}"
    assert me(s).units[0][2]  # the Scouts are spent
    assert [where, "prowlers"] in GAME.view(s, owner)["players"][owner]["scouted"]
    assert GAME.view(s, other)["players"][owner]["scouted"] == [[where, ""]]  # where, not what
    assert GAME.view(s, other)["enemies"][where] == [["green", False]]
    assert f"scout {far[0]}:{far[1]}" not in legal(s)  # looked at already
    assert GAME.action_text(s, Action.parse("end-turn"), other) == "end-turn"


def test_units_scouts_determinize_keeps_the_token_for_its_player_and_resamples_it_for_the_others() -> None:
    from boardrules.engine import Rng

    s, far = _scouted_prowlers()
    owner, other = s.g.current, 1 - s.g.current
    for seed in range(8):
        mine = GAME.determinize(s, owner, Rng(seed))
        assert mine.g.enemies[far][0].id == "prowlers"
        assert GAME.view(mine, owner)["players"][owner]["scouted"] == GAME.view(s, owner)["players"][owner]["scouted"]
    theirs = [GAME.determinize(s, other, Rng(seed)) for seed in range(8)]
    assert {x.g.enemies[far][0].id for x in theirs} != {"prowlers"}  # resampled for the other player
    for x in theirs:  # the owner's knowledge follows the token now there; the other's view is unchanged
        assert x.g.scouted == ((owner, f"{far[0]},{far[1]}", x.g.enemies[far][0].id),)
        assert GAME.view(x, other) == GAME.view(s, other)


def test_units_scouts_fame_plus_1_if_the_token_looked_at_is_defeated_this_turn() -> None:
    from boardrules.games.mage_knight.units.outside_combat import scouted_fame

    s, far = _scouted_prowlers()
    p = me(s)
    fame = p.fame
    assert not any("prowlers" in w for w in marks(p))  # what the others see of the turn never names it
    scouted_fame(s.g, s.g.current, ["orc-summoners"], [])
    assert p.fame == fame
    s.g.enemies[far][0].face_up = True  # the token in a combat and defeated
    scouted_fame(s.g, s.g.current, ["prowlers"], [])
    scouted_fame(s.g, s.g.current, ["prowlers"], [])  # once
    assert p.fame == fame + 1
