"""Mage Knight final outside audit, part 1 (session 20): the site paragraphs of the rulebook
excerpt (lines 1-282, CRYSTAL MINES to LABYRINTH) tried by another path than their own tests:
another player's turn, the edges of the offers, another way onto a space. Each test named
"gap" in its docstring failed on the code before its fix (docs/mage-knight/audit.md)."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board
from test_mk_decisions import do, legal

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes
from boardrules.games.mage_knight.sites.interaction import buy_spell

GAME = MageKnight()
T = GAME.t


def _board(site: str, **kw):  # type: ignore[no-untyped-def]
    """A made-up tile of plains with ``site`` on its SW space, the hero there."""
    words = ["plains"] * 7
    words[4] = f"plains+{site}"
    return east_board(" ".join(words), at=EAST["SW"], **kw)


# ---- VILLAGE "Plundering" in the played game -------------------------------------------------

def _two_players_one_on_a_village() -> tuple[MKState, int]:
    """The first turn of a 2-player game; countryside 1 (its village at E) placed next to the
    map, the player whose turn it is not standing on the village."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    place_tile(T, g, (1, 1), "countryside-1", [])
    village = tile_hexes((1, 1))[2]
    assert T.tile["countryside-1"].hexes[2].site == "village"
    other = 1 - g.current
    g.players[other].position = village
    s.cached = None
    return s, other


def _pass_turn(s: MKState) -> None:
    """Play a card sideways for Move and end the turn."""
    do(s, next(a for a in legal(s) if a.startswith("play") and a.endswith(" move")))
    do(s, next(a for a in legal(s) if a.startswith("end-turn")))


def test_village_plundering_during_another_players_turn_in_the_game() -> None:
    """VILLAGE "Plundering: You can plunder a village during another player's turn. You can only
    plunder a village once between each of your turns. If you do, draw two cards and you get
    Reputation -1." As another player's turn begins, a hero standing on a village is asked
    (``plunder`` or ``next``); after plundering, not again before their own turn. Gap: the
    played game never offered it (only the player whose turn it was saw ``plunder``, and the
    rule refuses them)."""
    s, other = _two_players_one_on_a_village()
    g = s.g
    me = g.current
    assert "plunder" not in legal(s)  # not during your own turn
    _pass_turn(s)  # the other player's own turn: nobody else stands on a village
    d = GAME.decision(s)
    assert d is not None and d.player == other and "plunder" not in [a.text for a in d.actions]
    _pass_turn(s)
    d = GAME.decision(s)
    assert d is not None and d.player == other and g.current == me
    assert [a.text for a in d.actions] == ["plunder", "next"]
    assert d.prompt.startswith(f"Player {me + 1}'s turn begins: plunder the village")
    hand, reputation = len(g.players[other].hand), g.players[other].reputation
    events = GAME.apply(s, Action.parse("plunder"))
    assert [e.kind for e in events if e.kind == "plundered"] == ["plundered"]
    assert len(g.players[other].hand) == hand + 2 and g.players[other].reputation == reputation - 1
    d = GAME.decision(s)
    assert d is not None and d.player == me and "plunder" not in [a.text for a in d.actions]
    with pytest.raises(IllegalActionError):
        GAME.apply(s, Action.parse("plunder"))


def test_village_plundering_next_declines_and_the_turn_goes_on() -> None:
    """VILLAGE "Plundering" is a "can": ``next`` declines it, nothing is drawn, and the turn of
    the player whose turn it is begins."""
    s, other = _two_players_one_on_a_village()
    _pass_turn(s)
    _pass_turn(s)
    g = s.g
    hand = len(g.players[other].hand)
    do(s, "next")
    d = GAME.decision(s)
    assert d is not None and d.player == g.current != other
    assert len(g.players[other].hand) == hand and g.players[other].reputation == 0


# ---- MAGE TOWER "While Conquered": Spells bought from the offer -----------------------------

def test_mage_tower_while_conquered_a_spell_of_a_colour_missing_from_the_offer_is_refused() -> None:
    """MAGE TOWER "While Conquered: ... buy Spells here. Spells can be bought for 7 Influence plus
    a mana that is the same color as the Spell being bought": the Spell comes from the Spell
    offer, so a colour it does not hold is refused and nothing is paid. Gap: the 7 Influence and
    the green crystal were paid, then the reward was lost at the end of the turn."""
    b = _board("mage-tower", influence=7)
    s = b.s
    s.conquered.add(EAST["SW"])
    b.p.crystals["green"] = 1
    s.spell_offer = ["fireball", "expose"]
    with pytest.raises(IllegalActionError, match=r"there is no green Spell in the Spell offer \[MAGE TOWER\]"):
        buy_spell(b.t, s, 0, "green", [])
    assert b.p.influence_points == 7 and b.p.crystals["green"] == 1 and b.p.pending == []
    s.spell_offer.append("tremor")
    buy_spell(b.t, s, 0, "green", [])
    assert b.p.pending == ["spell:green"] and b.p.influence_points == 0 and b.p.crystals["green"] == 0


# ---- the edges of the enemy piles: a site's token drawn from an exhausted colour ------------

def _on_core_1(at: int, empty: str) -> MKState:
    """A 2-player game with core 1 (monastery C, tomb NE, spawning grounds W) next to the map,
    the hero on its space ``at``, and every ``empty`` token gone from the pile and its
    discards (all on the map or in play)."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    place_tile(T, s.g, (1, 1), "core-1", [])
    s.g.players[s.g.current].position = tile_hexes((1, 1))[at]
    s.g.enemy_piles[empty], s.g.enemy_discards[empty] = [], []
    s.cached = None
    return s


@pytest.mark.parametrize(("at", "colour", "word", "rule"), [
    (1, "red", "enter", "TOMB"), (5, "brown", "enter", "SPAWNING GROUNDS"), (0, "violet", "burn", "MONASTERY")])
def test_sites_a_token_to_draw_from_an_empty_pile_and_discards_is_refused_not_a_crash(
        at: int, colour: str, word: str, rule: str) -> None:
    """TOMB "draw a red Draconum enemy token", SPAWNING GROUNDS "draw two brown enemy tokens",
    MONASTERY "Draw a random violet enemy token": with every token of the colour on the map or
    in play (facts 5.1 reshuffles the discards, here empty too), entering or burning is not
    offered and is refused naming the site, the Reputation untouched. Gap: the turn's decision
    itself raised "no red enemy tokens left in the pile or its discards" (the game stopped)."""
    s = _on_core_1(at, colour)
    me = s.g.players[s.g.current]
    assert word not in legal(s)
    reason, rule_named = GAME.explain_illegal(s, Action.parse(word))
    assert reason == f"no {colour} enemy token is left to draw (its pile and discards are empty)"
    assert rule_named == rule and me.reputation == 0 and s.g.combat is None


# ---- sentences whose own tests were missing (holds) ------------------------------------------

def test_draconum_effect_provoked_moving_between_two_spaces_adjacent_to_it_reward_reputation_plus_2() -> None:
    """DRACONUM "Effect: ... Draconum can be provoked into combat by a player who moves from one
    space adjacent to it to another space adjacent to it"; "Reward: ... gain Reputation +2" for
    a provoked one as for a challenged one. Moving next to it from elsewhere provokes nothing."""
    from mk_positions import settle

    spec = "plains plains plains plains plains plains plains+draconum"
    far = east_board(spec, at=EAST["SW"], move=10)
    far.tokens(EAST["NW"], "swamp-dragon")
    assert "provoked" not in [e.kind for e in far.move(EAST["W"])]  # SW does not touch NW
    b = east_board(spec, at=EAST["W"], move=10)
    b.tokens(EAST["NW"], "swamp-dragon")
    assert [e.kind for e in b.move(EAST["C"])][-1] == "provoked"  # W and C both touch NW
    from boardrules.games.mage_knight.sites.site_combats import start_movement_combat

    start_movement_combat(b.t, b.s, 0, [])
    assert b.s.combat is not None and b.s.combat.enemies[0].rampaging
    settle(b)
    assert b.p.reputation == 2 and EAST["NW"] not in b.s.enemies
    assert b.s.enemy_discards["red"] == ["swamp-dragon"]


def test_draconum_action_challenge_only_from_an_adjacent_space() -> None:
    """DRACONUM "Action: You can challenge a Draconum from an adjacent space as your action":
    from a space two away it is refused; from next to it the combat starts and is the action."""
    from boardrules.games.mage_knight.sites.site_combats import challenge

    b = east_board("plains plains plains plains plains plains plains+draconum", at=EAST["SE"])
    b.tokens(EAST["NW"], "swamp-dragon")
    with pytest.raises(IllegalActionError, match=r"only challenge rampaging enemies on a space next to yours"):
        challenge(b.t, b.s, 0, [EAST["NW"]], [])
    b.p.position = EAST["W"]
    challenge(b.t, b.s, 0, [EAST["NW"]], [])
    assert b.s.combat is not None and b.p.acted and b.s.combat.enemies[0].token == "swamp-dragon"


def test_magical_glade_healing_essence_is_not_healing_and_not_combined_with_it() -> None:
    """MAGICAL GLADE "Healing Essence ... This is not the same as Healing and the effect cannot be
    combined with other Healing effects": one Wound is thrown away whatever Healing waits; the
    Healing points bought this turn and those waiting for a Unit are untouched, and a Wounded
    Unit stays wounded."""
    from boardrules.games.mage_knight.sites.turn_benefits import end_of_turn

    b = _board("glade")
    b.p.hand = ["wound", "wound", "march"]
    b.p.units = [["peasants", 1, False]]
    b.s.heal_points = 1
    end_of_turn(b.t, b.s, 0, [], throw_away="hand")
    assert b.p.hand.count("wound") == 1 and b.p.healing == 0 and b.s.heal_points == 1
    assert b.p.units == [["peasants", 1, False]]


def test_keep_your_keep_another_players_keep_recruits_nothing() -> None:
    """KEEP "Your Keep: You can recruit Units with the keep icon here": a keep another player
    owns is no place to recruit (nobody to interact with), even standing on it."""
    from boardrules.games.mage_knight.sites.interaction import recruit

    b = east_board("plains+keep plains plains plains plains plains plains", at=EAST["C"], players=2, influence=9)
    b.s.players[1].keeps = [EAST["C"]]
    b.s.conquered.add(EAST["C"])
    with pytest.raises(IllegalActionError, match="there is nobody to interact with on your space"):
        recruit(b.t, b.s, 0, "utem-swordsmen", [])
    b.s.players[1].keeps, b.p.keeps = [], [EAST["C"]]
    recruit(b.t, b.s, 0, "utem-swordsmen", [])
    assert b.p.units == [["utem-swordsmen", 0, False]]


def test_mage_tower_while_conquered_any_player_recruits_and_buys_spells_four_players() -> None:
    """MAGE TOWER "While Conquered: Any player can recruit Units and buy Spells here": in a
    4-player game, a tower conquered by player 2 serves player 1 as well."""
    from boardrules.games.mage_knight.sites.interaction import recruit

    b = _board("mage-tower", players=4, influence=14)
    h = EAST["SW"]
    b.s.conquered.add(h)
    b.s.shields[h] = [1]
    b.p.crystals["white"] = 1
    b.s.spell_offer = ["expose"]
    buy_spell(b.t, b.s, 0, "white", [])
    recruit(b.t, b.s, 0, "illusionists", [])
    assert b.p.pending == ["spell:white"] and b.p.units == [["illusionists", 0, False]]
    assert b.p.influence_points == 0 and b.s.shields[h] == [1]


def test_tomb_while_conquered_fight_a_random_red_token_night_no_units_no_reward_no_shield() -> None:
    """TOMB "While Conquered: You can enter a conquered [tomb] to fight a random red enemy token
    with the same limitations (Night and no Units). If you defeat it, you get no reward (other
    than the Fame) and you do not mark the space with a Shield token." (The excerpt's "dungeon"
    there is the tomb's paragraph.)"""
    from mk_positions import settle

    from boardrules.games.mage_knight.sites.site_combats import enter_site

    b = _board("tomb")
    h = EAST["SW"]
    b.s.conquered.add(h)
    b.s.shields[h] = [0]
    b.p.units = [["peasants", 0, False]]
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.night and not b.s.night and c.units_allowed == "none"
    token = c.enemies[0].token
    assert b.t.enemy[token].colour == "red"
    settle(b)
    assert b.p.pending == [] and b.s.shields[h] == [0] and b.p.fame == b.t.enemy[token].fame
    assert b.s.enemy_discards["red"] == [token]


@pytest.mark.parametrize(("path", "reward"), [
    (2, ["crystal-choice", "crystal-choice", "advanced-action"]), (4, ["spell", "advanced-action"]),
    (6, ["artifact", "advanced-action"])])
def test_labyrinth_reward_by_the_move_paid_and_an_advanced_action_in_all_three_cases(path: int,
                                                                                     reward: list[str]) -> None:
    """LABYRINTH "Reward: ... according to the amount of Move points you have paid: Two crystals
    of your choice, a Spell, or an Artifact. In all three cases, you also gain an Advanced
    Action. Put your shield on the corresponding spot"; "Combat: Draw and fight a red Draconum
    enemy token. Whether you defeat it or not, discard it afterwards"."""
    from mk_positions import settle

    from boardrules.games.mage_knight.sites.site_combats import enter_site

    b = _board("labyrinth", players=2)
    h = EAST["SW"]
    enter_site(b.t, b.s, 0, [], path=path, move_paid=path)
    assert b.s.combat is not None and b.t.enemy[b.s.combat.enemies[0].token].colour == "red"
    settle(b)
    assert b.p.pending == reward and b.s.maze_paths[h] == {path: 0} and b.s.shields[h] == [0]
    other = 6 if path != 6 else 2
    b.s.current = 1
    b.s.players[1].position = h
    enter_site(b.t, b.s, 1, [], path=other, move_paid=other)
    assert b.s.combat is not None
    token = b.s.combat.enemies[0].token
    settle(b, defeated=())
    assert h not in b.s.enemies and token in b.s.enemy_discards["red"] and b.s.maze_paths[h] == {path: 0}


def test_refugee_camp_recruiting_only_no_healing_or_training_there() -> None:
    """REFUGEE CAMP "Recruiting: You can interact to recruit Units here. For purposes of
    recruiting, you may consider this to be any of the depicted sites": for recruiting only; the
    Healing of a village or monastery and a monastery's Advanced Actions are not bought there."""
    from boardrules.games.mage_knight.sites.interaction import (
        buy_advanced_action,
        buy_healing,
        recruit,
    )

    b = _board("refugee-camp", influence=12)
    b.p.hand = ["wound", "march"]
    b.s.unit_offer_aa = ["ice-bolt"]
    with pytest.raises(IllegalActionError, match="Healing is bought at a village or a monastery"):
        buy_healing(b.t, b.s, 0, 1, [])
    with pytest.raises(IllegalActionError, match="Advanced Actions are bought at a monastery"):
        buy_advanced_action(b.t, b.s, 0, "ice-bolt", [])
    recruit(b.t, b.s, 0, "northern-monks", [])  # a monastery's Unit only: its cost 7 + 1
    assert b.p.units == [["northern-monks", 0, False]] and b.p.influence_points == 12 - 8


# ---- KEEP / MAGE TOWER "When Revealed": any player adjacent ----------------------------------

@pytest.mark.parametrize("night", [False, True])
def test_keep_when_revealed_another_player_next_to_the_tile_explored_reveals_its_token_by_day(night: bool) -> None:
    """KEEP "When Revealed: Place a grey enemy token face down on this space. This token is
    revealed during the Day if a player is adjacent to it." (MAGE TOWER: the same sentence.)
    Player 1 explores countryside 10 from (4,-3); its keep (3,-4) lands next to player 2's hero
    at (2,-3), not next to player 1: by Day the token is revealed, at Night it stays face down.
    Gap: only the explorer's neighbours were looked at, so the token stayed face down beside
    player 2 until a hero moved or the next Day began."""
    from mk_positions import board

    from boardrules.games.mage_knight.map.exploring import explore

    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"}, players=2, at=(2, -3),
              move=2, deck=("countryside-10",), night=night)
    b.s.players[0].position = (4, -3)
    events: list = []
    explore(b.t, b.s, b.s.players[0], (1, 1), events)
    (token,) = b.s.enemies[(3, -4)]
    assert b.t.enemy[token.id].colour == "grey"
    assert token.face_up is (not night)
    assert ("token-revealed" in [e.kind for e in events]) is (not night)


def test_mage_tower_while_conquered_two_spells_of_a_colour_only_if_the_offer_holds_two() -> None:
    """MAGE TOWER "While Conquered: ... buy Spells here": each Spell bought is one of the offer's
    (taken at the end of the turn, facts 6.1); with one red Spell there, a second red purchase in
    the same interaction is refused and nothing more is paid. Gap: it was paid for, then the
    second reward was dropped at the end of the turn ("nothing to take")."""
    b = _board("mage-tower", influence=14)
    s = b.s
    s.conquered.add(EAST["SW"])
    b.p.crystals["red"] = 2
    s.spell_offer = ["fireball", "expose"]
    buy_spell(b.t, s, 0, "red", [])
    with pytest.raises(IllegalActionError, match=r"there is no red Spell in the Spell offer left: the ones there "
                                                 r"are bought \[MAGE TOWER\]"):
        buy_spell(b.t, s, 0, "red", [])
    assert b.p.pending == ["spell:red"] and b.p.influence_points == 7 and b.p.crystals["red"] == 1
    s.spell_offer.append("flame-wall")
    buy_spell(b.t, s, 0, "red", [])
    assert b.p.pending == ["spell:red", "spell:red"] and b.p.influence_points == 0


def test_ancient_ruins_without_a_yellow_token_neither_enemies_nor_altar() -> None:
    """ANCIENT RUINS "There will either be an altar there, or enemies to fight": ruins revealed
    with the ruins pile empty hold no yellow token; entering them is refused saying so (it said
    "pay the altar's tribute instead", and the altar is refused too)."""
    from boardrules.games.mage_knight.sites.site_combats import enter_site, pay_altar

    b = _board("ruins")
    assert EAST["SW"] not in b.s.ruins
    with pytest.raises(IllegalActionError, match=r"there is no yellow token on these ruins: nothing to fight"):
        enter_site(b.t, b.s, 0, [])
    with pytest.raises(IllegalActionError, match="there is no unconquered altar on your space"):
        pay_altar(b.t, b.s, 0, [])
    assert not b.p.acted and b.s.combat is None


def test_walls_movement_flight_and_wings_of_wind_cross_a_wall_for_no_extra_move() -> None:
    """WALLS "Movement": "Walls have no effect on movement invoked directly by an effect
    (Flight, etc)": across the wall between C and SW, Flight (Goldyx) reaches SW for free with no
    Move point, and Wings of Wind for 1 Move point (a step would cost plains 2 + the wall 1)."""
    from boardrules.games.mage_knight.cards.movement_spells import spell_moves
    from boardrules.games.mage_knight.map.movement import move_refusal
    from boardrules.games.mage_knight.skills.flight import flight_moves

    b = east_board(" ".join(["plains"] * 7), walls=(("C", "SW"),), at=EAST["C"], move=1)
    assert move_refusal(b.t, b.s, 0, EAST["SW"])[0] == \
        "entering that space costs 3 Move points (1 of it for the wall); you have 1"
    assert EAST["SW"] in spell_moves(b.t, b.s, 0, "wings-of-wind")
    b.p.move_points = 0
    assert EAST["SW"] in flight_moves(b.t, b.s, 0)


@pytest.mark.parametrize("seed", range(6))
def test_monster_den_reward_two_mana_dice_gold_a_chosen_crystal_black_fame_plus_1(seed: int) -> None:
    """MONSTER DEN "Reward: ... mark the space as conquered with your Shield token and get two
    random mana crystals ... Roll a mana die two times ... If gold is rolled, you choose the
    color you gain; if black is rolled you get Fame +1 instead of a crystal." Each roll, over
    seeds that give every kind of face, against the crystals, choices and Fame gained."""
    from mk_positions import settle

    from boardrules.games.mage_knight.rounds.turn import end_turn
    from boardrules.games.mage_knight.sites.site_combats import enter_site

    b = _board("monster-den")
    b.s.rng = Rng(seed)
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None
    token = b.s.combat.enemies[0].token
    settle(b)
    assert EAST["SW"] in b.s.conquered and b.s.shields[EAST["SW"]] == [0]
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)  # the crystals are taken at the end of the turn (facts 6.1)
    rolls = [e.data["roll"] for e in events if e.kind == "mana-die"]
    assert len(rolls) == 2
    for colour in ("red", "blue", "green", "white"):
        assert b.p.crystals[colour] == rolls.count(colour)
    assert b.p.pending.count("crystal-choice") == rolls.count("gold")
    assert b.p.fame == b.t.enemy[token].fame + rolls.count("black")


# ---- the edges of the enemy piles when a tile is revealed ------------------------------------

def _explore_with_empty(tile: str, colour: str):  # type: ignore[no-untyped-def]
    """Explore ``tile`` at grid (1, 1) from (2, -3) with every ``colour`` token gone from the
    pile and its discards."""
    from mk_positions import board

    from boardrules.games.mage_knight.map.exploring import explore

    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"}, at=(2, -3), move=2,
              deck=(tile,))
    b.s.enemy_piles[colour], b.s.enemy_discards[colour] = [], []
    events: list = []
    explore(b.t, b.s, b.p, (1, 1), events)
    return b, events


def test_marauding_orcs_when_revealed_with_no_green_token_left_the_space_stays_empty() -> None:
    """MARAUDING ORCS "When Revealed: Place a green Orc enemy token face up on this space", with
    every green token on the map or in play (facts 5.1: the discards too are empty): the space
    gets none, said in an event, and nothing rampages there. Gap: exploring the tile raised "no
    green enemy tokens left in the pile or its discards" and the game stopped."""
    from boardrules.games.mage_knight.map.hexes import tile_hexes
    from boardrules.games.mage_knight.map.movement import rampaging_at

    b, events = _explore_with_empty("countryside-6", "green")
    orcs = tile_hexes((1, 1))[3]
    assert b.t.tile["countryside-6"].hexes[3].site == "orcs"
    assert orcs not in b.s.enemies and not rampaging_at(b.t, b.s, orcs)
    assert [e.data["colour"] for e in events if e.kind == "no-token"] == ["green"]


def test_keep_when_revealed_with_no_grey_token_left_drawn_when_assaulted() -> None:
    """KEEP "When Revealed: Place a grey enemy token face down", no grey token left: the keep
    stands unguarded on the map; entering it is refused while none can be drawn ("Unconquered
    Keep: Can be assaulted" needs defenders), and once a grey token is back in the discards the
    assault draws it: Reputation -1, the defender fortified. Gap: exploring the tile stopped the
    game."""
    from mk_positions import settle

    from boardrules.games.mage_knight.map.movement import move_refusal
    from boardrules.games.mage_knight.sites.site_combats import start_movement_combat

    b, events = _explore_with_empty("countryside-10", "grey")
    keep = (3, -4)
    assert keep not in b.s.enemies and [e.kind for e in events].count("no-token") == 1
    b.p.move_points = 5
    assert move_refusal(b.t, b.s, 0, keep) == (
        "no grey enemy token is left to defend the keep: it cannot be assaulted now", "KEEP")
    b.s.enemy_discards["grey"] = ["golems"]
    b.move(keep)
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and [e.token for e in c.enemies] == ["golems"] and c.site_fortified
    assert b.p.reputation == -1
    settle(b)
    assert b.p.keeps == [keep] and b.s.shields[keep] == [0]


# ---- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["recruit 9", "take 9", "skill 9"])
def test_refusals_cut_a_word_of_thousands_of_characters(text: str) -> None:
    """Bad input: a refusal names the rule and repeats what was typed, but a word of 5,000
    characters (no card, Unit, skill or space is written with 40) is cut to 12 and "...", as the
    terminal cuts its own echo. Gap: through the game's API the refusal repeated all 5,000."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    reason, rule = GAME.explain_illegal(s, Action.parse(text + "9" * 4999))
    assert rule and len(reason) < 300 and "9" * 40 not in reason
