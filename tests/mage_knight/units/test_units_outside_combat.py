"""Mage Knight Units outside combat (facts 3.4, 4.3, VILLAGE / MONASTERY "Healing"): the
Foresters' terrain discount, the Scouts' exploring further away and the tokens and pile tops they
look at, the Magic Familiars' mana token kept on the card, Healing bought for a Wounded Unit, and
recruiting Thugs and Heroes, each through the decisions from a hand-set position of a real game
(mk_positions.turn)."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    GAME,
    _new_round_with_familiars,
    _on_site,
    _orcs_around,
    _scouted_prowlers,
    do,
    east_board,
    legal,
    me,
    refusal,
    taken,
    turn,
)

from boardrules.engine import Action, IllegalActionError
from boardrules.games.mage_knight.actions.legal_actions import reward_actions
from boardrules.games.mage_knight.cards.offers import take_reward
from boardrules.games.mage_knight.game_state import MKState, marks
from boardrules.games.mage_knight.map.exploring import next_to, open_positions, space
from boardrules.games.mage_knight.map.hexes import Hex, neighbours, placement_refusal
from boardrules.games.mage_knight.map.movement import terrain_cost
from boardrules.games.mage_knight.sites.interaction import recruit


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
    """Without a crystal the upkeep has one answer: taken as the round begins (issue 24)."""
    s, owner = _new_round_with_familiars({})
    assert "disband magic-familiars-1" in taken(s)
    assert [u[0] for u in s.g.players[owner].units] == ["peasants"] and not s.g.asked


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


# ---- The Scouts look at the top of an enemy pile (facts 3.4 Scouts: "look at a face-down token within
# 3 spaces or the top of an enemy pile; Fame +1 if you defeat it this turn") ------------------------

def _scouted_pile() -> tuple[MKState, str]:
    s = turn("march", units="scouts")
    _on_site(s, "dungeon")
    do(s, "activate scouts-1 scout")
    assert "scout brown" in legal(s) and "scout green" in legal(s)
    do(s, "scout brown")
    return s, s.g.enemy_piles["brown"][-1]


def test_units_scouts_look_at_the_top_of_an_enemy_pile_the_next_token_drawn_from_it() -> None:
    s, top = _scouted_pile()
    owner, other = s.g.current, 1 - s.g.current
    assert ["pile:brown", top] in GAME.view(s, owner)["players"][owner]["scouted"]
    assert GAME.view(s, other)["players"][owner]["scouted"] == [["pile:brown", ""]]  # where, not what
    fame = me(s).fame
    do(s, "enter")  # a dungeon: a brown token drawn, the top the Scouts looked at
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == [top]
    assert "brown" not in s.g.pile_tops  # drawn: the pile is random again
    assert me(s).fame == fame


def test_units_scouts_the_pile_top_kept_for_its_player_resampled_for_the_others() -> None:
    from boardrules.engine import Rng

    s, top = _scouted_pile()
    owner, other = s.g.current, 1 - s.g.current
    for seed in range(6):
        mine = GAME.determinize(s, owner, Rng(seed))
        assert mine.g.enemy_piles["brown"][-1] == top
    theirs = [GAME.determinize(s, other, Rng(seed)) for seed in range(10)]
    assert {x.g.enemy_piles["brown"][-1] for x in theirs} != {top}
    for x in theirs:  # the owner's knowledge follows the token now on top
        assert (owner, "pile:brown", x.g.enemy_piles["brown"][-1]) in x.g.scouted
        assert GAME.view(x, other) == GAME.view(s, other)


def test_units_scouts_a_summon_attack_draws_the_pile_top_looked_at() -> None:
    s, (a,) = _orcs_around("orc-summoners")
    me(s).units = [["scouts", 0, False]]
    s.cached = None
    do(s, "activate scouts-1 scout", "scout brown")
    top = s.g.enemy_piles["brown"][-1]
    do(s, f"challenge {a}", "next")  # the Block phase: the summoner draws a brown token
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies if e.summoner >= 0] == [top]


def test_units_scouts_a_summoner_on_the_pile_top_leaves_the_summon_random() -> None:
    """3.4 Scouts look at the green pile's top and see the Orc Summoners; the Shrouded
    Necromancers' Summon Attack (green) never summons a summoner, so it draws at random among the
    others below, unknown to all (it drew the same token every time: the list's last)."""
    from boardrules.engine import Rng

    s, (a,) = _orcs_around("shrouded-necromancers")
    me(s).units = [["scouts", 0, False]]
    s.cached = None
    do(s, "activate scouts-1 scout", "scout green")
    g = s.g
    pile = g.enemy_piles["green"]  # the top looked at is the Orc Summoners
    pile.remove("orc-summoners")
    pile.append("orc-summoners")
    g.scouted = tuple((o, w, "orc-summoners" if w == "pile:green" else x) for o, w, x in g.scouted)
    s.cached = None
    do(s, f"challenge {a}")
    summoned = set()
    for seed in range(8):
        x = GAME.clone(s)
        x.g.rng = Rng(seed)
        do(x, "next")  # the Block phase: the Necromancers summon a green token
        c = x.g.combat
        assert c is not None
        summoned |= {e.token for e in c.enemies if e.summoner >= 0}
    assert "orc-summoners" not in summoned and len(summoned) > 1
