"""Every site paragraph of the rulebook excerpt, from hand-set maps (facts 4.4-4.6, 5.6, 6.1).
Combats end with scripted outcomes (``settle``) unless the test plays them."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    GAME,
    _game_on_the_glade,
    _green_city,
    _on_site,
    do,
    east_board,
    legal,
    me,
    settle,
    turn,
)

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.phases import add_effect
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes
from boardrules.games.mage_knight.rounds.turn import end_turn
from boardrules.games.mage_knight.sites.interaction import (
    add_elite_unit,
    buy_advanced_action,
    buy_artifact,
    buy_healing,
    buy_monastery_advanced_action,
    buy_spell,
    plunder,
    recruit,
    recruit_refused,
)
from boardrules.games.mage_knight.sites.site_combats import (
    burn_monastery,
    challenge,
    enter_site,
    pay_altar,
    start_movement_combat,
)
from boardrules.games.mage_knight.sites.turn_benefits import (
    end_of_turn,
    hand_limit_bonus,
    start_of_turn,
)

C, NE, E, SE, SW, W, NW = (EAST[k] for k in ("C", "NE", "E", "SE", "SW", "W", "NW"))
PLAINS = "plains plains plains plains plains plains plains"


def on(site: str, **kw):  # type: ignore[no-untyped-def]
    """A board with ``site`` on the made-up tile's SW space and the hero standing on it."""
    words = PLAINS.split()
    words[4] = f"plains+{site}"
    return east_board(" ".join(words), at=SW, **kw)


def refused(fn, b, *args, **kw):  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        fn(b.t, b.s, *args, events=[], **kw)
    return info.value.reason, info.value.rule


# ---- CRYSTAL MINES, DEEP MINES -------------------------------------------------------------

def test_crystal_mines_mining_end_your_turn_on_a_mine_gain_a_crystal_of_its_colour() -> None:
    b = on("mine:red")
    end_of_turn(b.t, b.s, 0, [])
    assert b.p.crystals == {"red": 1, "blue": 0, "green": 0, "white": 0}


def test_crystal_mines_no_crystal_over_three_of_a_colour() -> None:
    b = on("mine:blue")
    b.p.crystals["blue"] = 3
    end_of_turn(b.t, b.s, 0, [])
    assert b.p.crystals["blue"] == 3


def test_deep_mines_mining_choose_one_of_the_colours_the_mine_produces() -> None:
    b = on("deep-mine:green:blue")
    reason, rule = refused(end_of_turn, b, 0)
    assert reason == "choose the crystal's colour: green or blue" and rule == "DEEP MINES"
    with pytest.raises(IllegalActionError):
        end_of_turn(b.t, b.s, 0, [], crystal="red")
    end_of_turn(b.t, b.s, 0, [], crystal="blue")
    assert b.p.crystals["blue"] == 1 and b.p.crystals["green"] == 0


# ---- MAGICAL GLADE, HIDDEN VALLEY, NECROPOLIS, GRAVEYARD -----------------------------------

@pytest.mark.parametrize("where", ["hand", "discard"])
def test_magical_glade_healing_essence_throw_away_a_wound_from_hand_or_discard_pile(where: str) -> None:
    b = on("glade")
    b.p.hand, b.p.discard = ["wound", "wound", "march"], ["wound", "wound"]
    end_of_turn(b.t, b.s, 0, [], throw_away=where)
    assert (b.p.hand.count("wound"), b.p.discard.count("wound")) == ((1, 2) if where == "hand" else (2, 1))


def test_magical_glade_healing_essence_only_when_ending_the_turn_on_a_glade() -> None:
    b = on("village")
    b.p.hand = ["wound"]
    reason, rule = refused(end_of_turn, b, 0, throw_away="hand")
    assert rule == "MAGICAL GLADE" and "glade" in reason
    assert b.p.hand == ["wound"]


@pytest.mark.parametrize(("night", "colour"), [(False, "gold"), (True, "black")])
def test_magical_glade_imbued_with_magic_gold_token_by_day_black_at_night(night: bool, colour: str) -> None:
    b = on("glade", night=night)
    start_of_turn(b.t, b.s, 0, [])
    assert b.p.mana[colour] == 1 and sum(b.p.mana.values()) == 1


def test_hidden_valley_tile_healing_essence_and_imbued_with_magic() -> None:
    b = on("hidden-valley")
    b.p.discard = ["wound"]
    start_of_turn(b.t, b.s, 0, [])
    assert b.p.mana["gold"] == 1
    end_of_turn(b.t, b.s, 0, [], throw_away="discard")
    assert b.p.discard == []


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_imbued_with_magic_black_token_at_night_only(site: str) -> None:
    day = on(site)
    start_of_turn(day.t, day.s, 0, [])
    assert sum(day.p.mana.values()) == 0
    night = on(site, night=True)
    start_of_turn(night.t, night.s, 0, [])
    assert night.p.mana["black"] == 1


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_night_rules_apply_in_combat_by_day(site: str) -> None:
    words = PLAINS.split()
    words[4], words[3] = f"plains+{site}", "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    b.tokens(SE, "diggers")
    challenge(b.t, b.s, 0, [SE], [])
    assert b.s.combat is not None and b.s.combat.night


# ---- MARAUDING ORCS, DRACONUM, WALLS "Combat" ----------------------------------------------

def test_marauding_orcs_action_challenge_from_an_adjacent_space_reward_reputation_plus_1() -> None:
    words = PLAINS.split()
    b = east_board(" ".join(words[:3] + ["plains+orcs"] + words[4:]), at=SW)
    b.tokens(SE, "diggers")
    challenge(b.t, b.s, 0, [SE], [])
    c = b.s.combat
    assert c is not None and c.enemies[0].rampaging
    events: list = []
    add_effect(c, b.t, Effect(type="siege", value=10), -1, (), events)
    for text in ("target 1", "resolve"):
        apply_combat(b.t, c, Action.parse(text), events, b.s.rng)
    assert c.phase == "over"
    settle(b, defeated=())
    assert b.p.reputation == 1 and b.p.fame == b.t.enemy["diggers"].fame
    assert SE not in b.s.enemies and b.s.enemy_discards["green"] == ["diggers"]


def test_marauding_orcs_action_only_an_adjacent_space_can_be_challenged() -> None:
    b = east_board("plains plains plains plains plains plains plains+orcs", at=SW)
    b.tokens(NW, "diggers")
    reason, rule = refused(challenge, b, 0, [NW])
    assert rule == "MARAUDING ORCS" and "next to yours" in reason


def test_draconum_reward_defeat_it_discard_its_token_reputation_plus_2() -> None:
    b = east_board("plains plains plains plains plains plains plains+draconum", at=W)
    b.tokens(NW, "fire-dragon")
    challenge(b.t, b.s, 0, [NW], [])
    settle(b)
    assert b.p.reputation == 2 and NW not in b.s.enemies and b.s.enemy_discards["red"] == ["fire-dragon"]


def test_marauding_orcs_provoked_and_undefeated_stay_on_their_space() -> None:
    b = east_board("plains plains plains plains plains plains plains+orcs", at=W, move=5)
    b.tokens(NW, "diggers")
    b.move(C)
    start_movement_combat(b.t, b.s, 0, [])
    assert b.s.combat is not None and b.s.combat.enemies[0].rampaging
    settle(b, defeated=())
    assert [x.id for x in b.s.enemies[NW]] == ["diggers"] and b.p.reputation == 0


def test_walls_combat_challenging_rampaging_enemies_across_a_wall_they_are_fortified() -> None:
    b = east_board("plains plains plains plains plains plains plains+orcs", walls=(("W", "NE"),), at=W)
    b.tokens(NW, "diggers")
    challenge(b.t, b.s, 0, [NW], [])
    assert b.s.combat is not None and b.s.combat.across_wall


def test_walls_combat_assaulting_a_fortified_site_across_a_wall_double_fortified() -> None:
    b = east_board("plains+keep plains plains plains plains plains plains", walls=(("C", "SW"),), at=SW, move=5)
    b.tokens(C, "golems", face_up=False)
    b.move(C)
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.site_fortified and c.across_wall


# ---- VILLAGE, interaction -------------------------------------------------------------------

def test_village_recruiting_units_with_the_village_icon() -> None:
    b = on("village", influence=4)
    recruit(b.t, b.s, 0, "peasants", [])
    assert b.p.units == [["peasants", 0, False]] and b.p.influence_points == 0
    b2 = on("village", influence=9)
    reason, rule = refused(recruit, b2, 0, "utem-swordsmen")
    assert reason == "Utem Swordsmen cannot be recruited at a village" and rule == "Recruiting"


def test_village_recruiting_refused_read_without_a_trial() -> None:
    b = on("village", influence=3)
    assert recruit_refused(b.t, b.s, 0, "utem-swordsmen")  # not a village's Unit
    assert recruit_refused(b.t, b.s, 0, "peasants")  # 4 Influence, 3 at hand
    b.p.influence_points = 4
    assert not recruit_refused(b.t, b.s, 0, "peasants")
    recruit(b.t, b.s, 0, "peasants", [])


def test_recruiting_needs_a_free_command_token() -> None:
    b = on("village", influence=20)
    recruit(b.t, b.s, 0, "peasants", [])
    reason, _ = refused(recruit, b, 0, "foresters")
    assert reason == "you have no free Command token (disband a Unit first)"


def test_village_healing_1_point_for_3_influence() -> None:
    b = on("village", influence=7)
    b.p.hand = ["wound", "rage", "wound", "wound"]
    buy_healing(b.t, b.s, 0, 2, [])
    assert b.p.hand == ["rage", "wound"] and b.p.influence_points == 1
    reason, _ = refused(buy_healing, b, 0, 1)
    assert reason == "1 Healing costs 3 Influence; you have 1"


def test_interaction_reputation_modifier_applied_once_when_it_starts() -> None:
    b = on("village", influence=3)
    b.p.reputation = 7  # +5
    b.p.hand = ["wound"] * 3
    buy_healing(b.t, b.s, 0, 1, [])
    assert b.p.influence_points == 5
    b.p.reputation = 0
    buy_healing(b.t, b.s, 0, 1, [])
    assert b.p.influence_points == 2


def test_interaction_reputation_x_space_no_interaction() -> None:
    b = on("village", influence=10)
    b.p.reputation = -7
    reason, rule = refused(recruit, b, 0, "peasants")
    assert "X space" in reason and rule == "Interaction"


def test_village_plundering_during_another_players_turn_draw_two_cards_reputation_minus_1() -> None:
    b = on("village", players=2)
    b.s.current = 1
    b.s.players[0].deck = ["march", "rage", "stamina"]
    plunder(b.t, b.s, 0, [])
    assert b.s.players[0].hand == ["stamina", "rage"] and b.s.players[0].reputation == -1


def test_village_plundering_only_once_between_each_of_your_turns() -> None:
    b = on("village", players=2)
    b.s.current = 1
    b.s.players[0].deck = ["march"] * 5
    plunder(b.t, b.s, 0, [])
    reason, rule = refused(plunder, b, 0)
    assert reason == "you can only plunder a village once between each of your turns" and rule == "VILLAGE"
    start_of_turn(b.t, b.s, 0, [])
    plunder(b.t, b.s, 0, [])
    assert len(b.s.players[0].hand) == 4


def test_village_plundering_not_during_your_own_turn() -> None:
    b = on("village", players=2)
    reason, _ = refused(plunder, b, 0)
    assert reason == "a village is plundered during another player's turn"


# ---- MONASTERY ------------------------------------------------------------------------------

def test_monastery_recruiting_and_healing_for_2_influence() -> None:
    b = on("monastery", influence=10)
    b.p.hand = ["wound"]
    buy_healing(b.t, b.s, 0, 1, [])
    recruit(b.t, b.s, 0, "herbalists", [])
    assert b.p.influence_points == 5 and b.p.units == [["herbalists", 0, False]]


def test_monastery_training_advanced_actions_in_the_unit_offer_bought_for_6_influence() -> None:
    b = on("monastery", influence=7)
    b.s.unit_offer_aa = ["aa-7"]
    buy_monastery_advanced_action(b.t, b.s, 0, "aa-7", [])
    assert b.s.unit_offer_aa == [] and b.p.pending == ["advanced-action:aa-7"] and b.p.influence_points == 1


def test_monastery_burning_reputation_minus_3_a_violet_token_and_no_units() -> None:
    b = on("monastery")
    b.p.units = [["peasants", 0, False]]
    burn_monastery(b.t, b.s, 0, [])
    c = b.s.combat
    assert b.p.reputation == -3 and c is not None and c.units_allowed == "none"
    assert b.t.enemy[c.enemies[0].token].colour == "violet"


def test_monastery_burning_defeated_shield_artifact_and_destroyed() -> None:
    b = on("monastery", influence=10)
    burn_monastery(b.t, b.s, 0, [])
    settle(b)
    assert SW in b.s.burned and b.s.shields[SW] == [0] and b.p.pending == ["artifact"]
    b.p.acted = False
    reason, _ = refused(recruit, b, 0, "herbalists")
    assert reason == "there is nobody to interact with on your space"


# ---- SPAWNING GROUNDS, MONSTER DEN ----------------------------------------------------------

def test_spawning_grounds_draw_two_brown_tokens_and_fight_them() -> None:
    b = on("spawning-grounds")
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and [b.t.enemy[e.token].colour for e in c.enemies] == ["brown", "brown"]


def test_spawning_grounds_undefeated_stay_face_up_defeated_replaced_face_down() -> None:
    b = on("spawning-grounds")
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None
    survivor = b.s.combat.enemies[1].token
    settle(b, defeated=(1,))
    tokens = b.s.enemies[SW]
    assert tokens[0].id == survivor and tokens[0].face_up
    assert len(tokens) == 2 and not tokens[1].face_up and b.t.enemy[tokens[1].id].colour == "brown"
    b.p.acted = False
    enter_site(b.t, b.s, 0, [])  # next time these tokens are fought
    assert [e.token for e in b.s.combat.enemies] == [x.id for x in tokens]


def test_spawning_grounds_reward_shield_artifact_and_three_random_crystals() -> None:
    """SPAWNING GROUNDS "Reward", facts 6.1: the Shield now; the Artifact and the three random
    crystals are taken at the end of the turn, a die rolled per crystal then (gold: a crystal of
    your choice, black: Fame +1)."""
    b = on("spawning-grounds")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    assert not [e for e in b.events if e.kind == "mana-die"] and b.s.shields[SW] == [0] and SW in b.s.conquered
    assert sorted(b.p.pending) == ["artifact", "random-crystal", "random-crystal", "random-crystal"]
    fame = b.p.fame
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)
    rolls = [e.data["roll"] for e in events if e.kind == "mana-die"]
    assert len(rolls) == 3 and b.p.fame == fame + rolls.count("black")
    assert sum(b.p.crystals.values()) == sum(r in ("red", "blue", "green", "white") for r in rolls)
    rewards = [r for r in b.p.pending if r != "skill-and-advanced-action"]  # (the Fame's level-up after them)
    assert sorted(rewards) == sorted(["artifact"] + ["crystal-choice"] * rolls.count("gold"))


def test_monster_den_undefeated_token_stays_face_up_and_is_fought_next_time() -> None:
    b = on("monster-den")
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None
    token = b.s.combat.enemies[0].token
    assert b.t.enemy[token].colour == "brown"
    settle(b, defeated=())
    assert [(x.id, x.face_up) for x in b.s.enemies[SW]] == [(token, True)]
    b.p.acted = False
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat.enemies[0].token == token


def test_monster_den_reward_shield_and_two_random_crystals() -> None:
    b = on("monster-den")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    assert b.s.shields[SW] == [0] and b.p.pending == ["random-crystal", "random-crystal"]
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)
    assert len([e for e in events if e.kind == "mana-die"]) == 2 and "random-crystal" not in b.p.pending


def test_monster_den_reward_crystals_taken_at_the_end_of_the_turn_not_spent_in_it() -> None:
    """Facts 6.1 "All combat rewards ... are taken at the END of your turn": the den's crystals
    come after the combat's turn (a crystal could be turned into mana during it, RB "Using Mana")."""
    b = on("monster-den")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    assert sum(b.p.crystals.values()) == 0
    assert not any("crystal" in mana_sources(b.s, 0, c) for c in ("red", "blue", "green", "white"))
    events: list[Event] = []
    end_turn(b.t, b.s, 0, events)
    rolls = [e.data["roll"] for e in events if e.kind == "mana-die"]
    assert sum(b.p.crystals.values()) == sum(r in ("red", "blue", "green", "white") for r in rolls)


# ---- MAGE TOWER, KEEP, cities ---------------------------------------------------------------

def _assault(site: str, token: str, **kw):  # type: ignore[no-untyped-def]
    b = east_board(f"plains+{site} plains plains plains plains plains plains", at=SW, move=5, **kw)
    b.tokens(C, token, face_up=False)
    b.move(C)
    start_movement_combat(b.t, b.s, 0, [])
    return b


def test_mage_tower_assault_reputation_minus_1_the_defender_is_fortified() -> None:
    b = _assault("mage-tower", "monks")
    c = b.s.combat
    assert b.p.reputation == -1 and c is not None and c.site_fortified and c.enemies[0].token == "monks"


def test_mage_tower_successfully_assaulted_shield_and_a_spell() -> None:
    b = _assault("mage-tower", "monks")
    settle(b)
    assert b.s.shields[C] == [0] and C in b.s.conquered and b.p.pending == ["spell"]


def test_mage_tower_while_conquered_recruit_units_and_buy_spells_for_7_and_a_mana_of_its_colour() -> None:
    b = east_board("plains+mage-tower plains plains plains plains plains plains", at=C, influence=16)
    b.s.conquered.add(C)
    b.p.crystals["red"] = 1
    b.s.spell_offer = ["fireball", "snowstorm"]
    buy_spell(b.t, b.s, 0, "red", [])
    assert b.p.pending == ["spell:red"] and b.p.crystals["red"] == 0 and b.p.influence_points == 9
    reason, _ = refused(buy_spell, b, 0, "blue")
    assert reason == "a blue Spell costs 1 blue mana; you cannot pay one (a token, a crystal or a Source die)"
    recruit(b.t, b.s, 0, "illusionists", [])
    assert b.p.units == [["illusionists", 0, False]]


def test_keep_unconquered_successfully_assaulted_shield_you_now_own_that_keep() -> None:
    b = _assault("keep", "golems")
    assert b.p.reputation == -1 and b.s.combat is not None and b.s.combat.site_fortified
    settle(b)
    assert b.p.keeps == [C] and b.s.shields[C] == [0] and C not in b.s.enemies


def test_keep_failed_assault_the_defender_stays_face_up() -> None:
    b = _assault("keep", "golems")
    settle(b, defeated=())
    assert [(x.id, x.face_up) for x in b.s.enemies[C]] == [("golems", True)] and b.p.keeps == []


def test_keep_other_players_keeps_random_grey_defenders_half_fame_shield_replaced() -> None:
    b = east_board("plains+keep plains plains plains plains plains plains", players=2, at=SW, move=5)
    b.s.players[1].keeps, b.s.players[1].position = [C], (0, 0)
    b.s.conquered.add(C)
    b.s.shields[C] = [1]
    b.s.players[1].shields = 1
    b.move(C)
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.site_fortified and b.t.enemy[c.enemies[0].token].colour == "grey"
    fame = b.t.enemy[c.enemies[0].token].fame
    settle(b)
    assert b.p.fame == (fame + 1) // 2 and b.s.shields[C] == [0]
    assert b.p.keeps == [C] and b.s.players[1].keeps == [] and b.p.reputation == -1


def test_keep_your_keep_recruit_keep_units_here() -> None:
    b = east_board("plains+keep plains plains plains plains plains plains", at=C, influence=6)
    b.p.keeps.append(C)
    recruit(b.t, b.s, 0, "utem-swordsmen", [])
    assert b.p.units == [["utem-swordsmen", 0, False]]


def test_keep_your_keep_hand_limit_1_higher_for_each_keep_you_own_on_or_adjacent() -> None:
    b = east_board("plains+keep plains plains plains plains plains plains", at=SW)
    b.p.keeps = [C, (9, 9)]
    assert hand_limit_bonus(b.t, b.s, 0) == 2
    b.p.position = (1, 0)
    assert hand_limit_bonus(b.t, b.s, 0) == 0


def test_city_assault_a_shield_per_defender_defeated_conquered_when_all_are_defeated() -> None:
    b = east_board("plains+city plains plains plains plains plains plains", kind="core", city="white", at=SW, move=5)
    b.tokens(C, "guardsmen", "white-thugs", face_up=False)
    b.move(C)
    assert all(x.face_up for x in b.s.enemies[C])  # revealed when a hero is adjacent
    start_movement_combat(b.t, b.s, 0, [])
    settle(b, defeated=(1,))
    assert b.s.shields[C] == [0] and [x.id for x in b.s.enemies[C]] == ["white-thugs"] and C not in b.s.conquered


# ---- DUNGEON, TOMB ---------------------------------------------------------------------------

def test_dungeon_a_brown_token_night_rules_and_no_units() -> None:
    b = on("dungeon")
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.night and c.units_allowed == "none"
    assert b.t.enemy[c.enemies[0].token].colour == "brown"


@pytest.mark.parametrize("site", ["dungeon", "tomb"])
def test_dungeon_and_tomb_entered_at_night_night_rules_apply(site: str) -> None:
    b = on(site, night=True)
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None and b.s.combat.night


def test_dungeon_defeated_shield_and_a_mana_die_reward_spell_or_artifact() -> None:
    b = on("dungeon")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    (roll,) = [e.data["roll"] for e in b.events if e.kind == "mana-die"]
    assert b.p.pending == (["spell"] if roll in ("gold", "black") else ["artifact"])
    assert b.s.shields[SW] == [0]


def test_dungeon_while_conquered_fight_again_no_reward_and_no_shield() -> None:
    b = on("dungeon")
    b.s.conquered.add(SW)
    b.s.shields[SW] = [0]
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None and b.s.combat.night and b.s.combat.units_allowed == "none"
    settle(b)
    assert b.p.pending == [] and b.s.shields[SW] == [0] and b.p.fame > 0


def test_dungeon_undefeated_enemy_is_discarded() -> None:
    b = on("dungeon")
    enter_site(b.t, b.s, 0, [])
    settle(b, defeated=())
    assert SW not in b.s.enemies and len(b.s.enemy_discards["brown"]) == 1


def test_tomb_a_red_token_night_rules_no_units_reward_spell_and_artifact() -> None:
    b = on("tomb")
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and c.night and c.units_allowed == "none"
    assert b.t.enemy[c.enemies[0].token].colour == "red"
    settle(b)
    assert b.p.pending == ["spell", "artifact"] and b.s.shields[SW] == [0]


def test_tomb_otherwise_discard_the_enemy_token() -> None:
    b = on("tomb")
    enter_site(b.t, b.s, 0, [])
    settle(b, defeated=())
    assert SW not in b.s.enemies and len(b.s.enemy_discards["red"]) == 1 and SW not in b.s.conquered


# ---- ANCIENT RUINS ---------------------------------------------------------------------------

def test_ancient_ruins_altar_pay_3_mana_of_the_colour_shown_for_a_shield_and_7_fame() -> None:
    b = on("ruins")
    b.ruins(SW, "altar-green")
    b.p.mana["green"], b.p.crystals["green"] = 1, 3
    pay_altar(b.t, b.s, 0, [])
    assert b.p.fame == 7 and b.s.shields[SW] == [0] and b.p.mana["green"] == 0 and b.p.crystals["green"] == 1
    assert SW not in b.s.ruins and b.s.ruins_discard == ["altar-green"]


def test_ancient_ruins_altar_needs_the_mana() -> None:
    b = on("ruins")
    b.ruins(SW, "altar-green")
    b.p.mana["green"] = 2
    reason, rule = refused(pay_altar, b, 0)
    assert reason == "the altar's tribute costs 3 green mana; you cannot pay another (a token, a crystal or a " \
        "Source die)" and rule == "ANCIENT RUINS"


def test_ancient_ruins_enemies_draw_the_depicted_enemies_and_fight_them() -> None:
    b = on("ruins")
    b.ruins(SW, "brown-red")
    enter_site(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and [b.t.enemy[e.token].colour for e in c.enemies] == ["brown", "red"]


def test_ancient_ruins_enemies_undefeated_remain_the_last_defeated_gives_the_reward() -> None:
    b = on("ruins")
    b.ruins(SW, "brown-red")
    enter_site(b.t, b.s, 0, [])
    assert b.s.combat is not None
    red = b.s.combat.enemies[1].token
    settle(b, defeated=(1,))
    assert [x.id for x in b.s.enemies[SW]] == [red] and b.p.pending == []
    b.p.acted = False
    enter_site(b.t, b.s, 0, [])
    assert [e.token for e in b.s.combat.enemies] == [red]
    settle(b)
    assert b.p.pending == ["artifact", "artifact"] and b.s.shields[SW] == [0] and SW not in b.s.enemies


def test_ancient_ruins_enemies_reward_crystals_taken_at_the_end_of_the_turn() -> None:
    """ANCIENT RUINS "Enemies" and facts 6.1: a token's crystals (one of each basic colour) are a
    combat reward, taken at the end of the turn with its Spell."""
    b = on("ruins")
    b.ruins(SW, "brown-violet")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    assert b.p.pending == ["spell", "crystals-all"] and sum(b.p.crystals.values()) == 0
    end_turn(b.t, b.s, 0, [])
    assert b.p.crystals == dict.fromkeys(("red", "blue", "green", "white"), 1) and b.p.pending[0] == "spell"
    assert b.p.draw_waits  # the Spell is chosen before step 6's drawing


# ---- REFUGEE CAMP ----------------------------------------------------------------------------

def test_refugee_camp_recruiting_as_any_depicted_site_with_the_cost_increased() -> None:
    b = on("refugee-camp", influence=30)
    b.p.command = 3
    recruit(b.t, b.s, 0, "peasants", [])  # village: 4
    recruit(b.t, b.s, 0, "utem-swordsmen", [])  # keep: 6 + 1
    recruit(b.t, b.s, 0, "altem-guardians", [])  # city: 11 + 3
    assert b.p.influence_points == 30 - 4 - 7 - 14


def test_refugee_camp_units_of_several_sites_the_cheapest_option() -> None:
    b = on("refugee-camp", influence=5)
    recruit(b.t, b.s, 0, "scouts", [])  # village, keep, ... : the village's +0
    assert b.p.influence_points == 1


# ---- MAZE, LABYRINTH -------------------------------------------------------------------------

def test_maze_choosing_path_pay_2_4_or_6_move_not_from_the_move_phase() -> None:
    b = on("maze", move=6)
    reason, rule = refused(enter_site, b, 0, path=3)
    assert reason == "choose a path: pay 2, 4 or 6 Move" and rule == "MAZE"
    reason, _ = refused(enter_site, b, 0, path=4, move_paid=0)
    assert "not Move points left from the Move phase" in reason
    enter_site(b.t, b.s, 0, [], path=4, move_paid=4)
    assert b.s.combat is not None and b.p.move_points == 0  # leftover Move vanishes with the action


def test_maze_entering_one_chosen_ready_unwounded_unit() -> None:
    b = on("maze")
    b.p.units = [["peasants", 1, False], ["foresters", 0, False]]
    b.p.command = 2
    reason, _ = refused(enter_site, b, 0, path=2, unit="peasants-1", move_paid=2)
    assert reason == "the Unit you take along must be one of yours, ready and unwounded"
    enter_site(b.t, b.s, 0, [], path=2, unit="foresters-1", move_paid=2)
    c = b.s.combat
    assert c is not None and c.units_allowed == "one" and c.chosen_unit == "foresters-1"


def test_maze_combat_a_brown_token_discarded_whether_defeated_or_not() -> None:
    b = on("maze")
    enter_site(b.t, b.s, 0, [], path=2, move_paid=2)
    assert b.s.combat is not None and b.t.enemy[b.s.combat.enemies[0].token].colour == "brown"
    settle(b, defeated=())
    assert SW not in b.s.enemies and len(b.s.enemy_discards["brown"]) == 1


@pytest.mark.parametrize(("path", "reward"), [(2, ["crystal-choice", "crystal-choice"]), (4, ["spell"]),
                                              (6, ["artifact"])])
def test_maze_reward_by_the_move_paid_and_a_shield_on_the_path(path: int, reward: list[str]) -> None:
    b = on("maze")
    enter_site(b.t, b.s, 0, [], path=path, move_paid=path)
    settle(b)
    assert b.p.pending == reward and b.s.maze_paths[SW] == {path: 0} and b.s.shields[SW] == [0]


def test_maze_partially_conquered_each_path_once_no_player_conquers_the_same_maze_twice() -> None:
    b = on("maze", players=2)
    enter_site(b.t, b.s, 0, [], path=2, move_paid=2)
    settle(b)
    b.p.acted = False
    reason, _ = refused(enter_site, b, 0, path=4, move_paid=4)
    assert reason == "no player may conquer the same maze twice"
    b.s.current = 1
    b.s.players[1].position = SW
    reason, _ = refused(enter_site, b, 1, path=2, move_paid=2)
    assert reason == "that path is already conquered: choose another"
    enter_site(b.t, b.s, 1, [], path=6, move_paid=6)
    assert b.s.combat is not None


def test_labyrinth_a_red_token_and_an_advanced_action_in_every_case() -> None:
    b = on("labyrinth")
    enter_site(b.t, b.s, 0, [], path=4, move_paid=4)
    assert b.s.combat is not None and b.t.enemy[b.s.combat.enemies[0].token].colour == "red"
    settle(b)
    assert b.p.pending == ["spell", "advanced-action"]


def test_action_only_one_action_per_turn() -> None:
    b = on("dungeon")
    enter_site(b.t, b.s, 0, [])
    settle(b)
    reason, rule = refused(enter_site, b, 0)
    assert reason == "you have already taken your action this turn" and rule == "DUNGEON"


def test_action_entering_where_there_is_no_adventure_site_is_refused_with_the_rule() -> None:
    b = east_board(PLAINS, at=SW)
    b.p.acted = True
    reason, rule = refused(enter_site, b, 0)
    assert reason == "you have already taken your action this turn" and rule == "Action"


def test_interaction_a_refused_purchase_leaves_the_turn_unchanged() -> None:
    b = on("village", influence=9)
    b.p.reputation = 2
    refused(recruit, b, 0, "utem-swordsmen")
    assert not b.p.acted and not b.p.interacting and b.p.influence_points == 9


def test_crystal_mines_a_refused_glade_throw_away_gives_no_crystal() -> None:
    b = on("mine:red")
    refused(end_of_turn, b, 0, throw_away="hand")
    assert b.p.crystals["red"] == 0


def test_keep_failed_assault_withdraw_at_the_end_of_the_turn_to_the_space_moved_from() -> None:
    b = _assault("keep", "golems")
    settle(b, defeated=())
    wounds = b.p.hand.count("wound")
    end_of_turn(b.t, b.s, 0, [])
    assert b.p.position == SW and b.p.hand.count("wound") == wounds


def test_keep_successful_assault_no_withdrawal() -> None:
    b = _assault("keep", "golems")
    settle(b)
    end_of_turn(b.t, b.s, 0, [])
    assert b.p.position == C


def test_city_conquered_hand_limit_plus_2_for_the_leader_plus_1_with_a_shield_not_added_to_a_keep() -> None:
    b = east_board("plains+city plains+keep plains plains plains plains plains", kind="core", city="blue",
                   players=2, at=SW)
    b.s.conquered.add(C)
    b.s.shields[C] = [1, 0, 0]
    b.s.players[1].position = (0, 0)
    assert hand_limit_bonus(b.t, b.s, 0) == 2 and hand_limit_bonus(b.t, b.s, 1) == 0
    b.s.players[1].position = SW
    assert hand_limit_bonus(b.t, b.s, 1) == 1
    b.p.keeps = [NE]
    assert hand_limit_bonus(b.t, b.s, 0) == 2  # the larger bonus, not both


def test_city_conquered_recruit_with_influence_plus_1_per_own_shield() -> None:
    b = east_board("plains+city plains plains plains plains plains plains", kind="core", city="white", at=C,
                   influence=9)
    b.s.conquered.add(C)
    b.s.shields[C] = [0, 0]
    recruit(b.t, b.s, 0, "altem-guardians", [])  # 11 Influence: 9 + 2 Shields
    assert b.p.units == [["altem-guardians", 0, False]] and b.p.influence_points == 0


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


# ---- facts 4.6, 5.6: the services of a conquered city --------------------------------------

CITY = EAST["C"]


def _city(colour: str, influence: int, shields: int = 0):  # type: ignore[no-untyped-def]
    b = east_board("plains+city plains plains plains plains plains plains", kind="core", city=colour, at=CITY,
                   influence=influence)
    b.s.conquered.add(CITY)
    b.s.shields[CITY] = [0] * shields
    return b


def test_city_blue_buy_spells_as_in_a_mage_tower() -> None:
    """Facts 4.6 Blue city: "buy Spells as in a mage tower" (facts 5.6: 7 Influence + a mana of
    the Spell's colour); not at a city of another colour (a Spell was bought at a mage tower
    only)."""
    b = _city("blue", 7)
    b.p.crystals["green"] = 1
    b.s.spell_offer = ["tremor"]
    buy_spell(b.t, b.s, 0, "green", [])
    assert b.p.pending == ["spell:green"] and b.p.influence_points == 0 and b.p.crystals["green"] == 0
    w = _city("white", 7)
    w.p.crystals["green"] = 1
    with pytest.raises(IllegalActionError, match="Spells are bought at a conquered mage tower or blue city"):
        buy_spell(w.t, w.s, 0, "green", [])


def test_city_red_buy_artifacts_12_influence_each_drawn_at_the_end_of_the_turn() -> None:
    """Facts 4.6 Red city: "buy Artifacts, 12 Influence each (drawn at end of turn as a
    reward)"; the Shields add Influence there (+1 each)."""
    b = _city("red", 21, shields=3)
    buy_artifact(b.t, b.s, 0, [])
    buy_artifact(b.t, b.s, 0, [])
    assert b.p.pending == ["artifact", "artifact"] and b.p.influence_points == 0
    with pytest.raises(IllegalActionError, match="an Artifact costs 12 Influence; you have 0"):
        buy_artifact(b.t, b.s, 0, [])
    g = _city("green", 12)
    with pytest.raises(IllegalActionError, match="Artifacts are bought at a conquered red city"):
        buy_artifact(g.t, g.s, 0, [])


def test_city_green_an_advanced_action_of_the_offer_for_6_influence_the_offer_refilled() -> None:
    """Facts 4.6 Green city: "6 Influence: an AA from the offer (then refill)"; it goes on top
    of the Deed deck at the end of the turn as a bought card does (facts 6.1)."""
    b = _city("green", 6)
    b.s.aa_offer = ["fire-bolt", "agility", "ice-bolt"]
    b.s.aa_deck = ["frost-bridge", "in-need"]
    buy_advanced_action(b.t, b.s, 0, "agility", [])
    assert b.s.aa_offer == ["in-need", "fire-bolt", "ice-bolt"] and b.s.aa_deck == ["frost-bridge"]
    assert b.p.pending == ["advanced-action:agility"] and b.p.influence_points == 0
    r = _city("red", 6)
    r.s.aa_offer = ["fire-bolt"]
    with pytest.raises(IllegalActionError, match="a conquered green city"):
        buy_advanced_action(r.t, r.s, 0, "fire-bolt", [])


def test_city_white_recruit_units_of_every_type_and_2_influence_for_an_elite_unit_in_the_offer() -> None:
    """Facts 4.6 White city: "recruit units of every type; pay 2 Influence to add one elite unit
    card to the Unit offer" (village Peasants were refused at a city)."""
    b = _city("white", 6)
    b.s.unit_offer = ["peasants"]
    b.s.elite_units = ["catapults", "fire-golems"]
    recruit(b.t, b.s, 0, "peasants", [])
    assert b.p.units == [["peasants", 0, False]]
    add_elite_unit(b.t, b.s, 0, [])
    assert b.s.unit_offer == ["fire-golems"] and b.s.elite_units == ["catapults"] and b.p.influence_points == 0
    blue = _city("blue", 6)
    blue.s.unit_offer = ["peasants"]
    with pytest.raises(IllegalActionError, match="Peasants cannot be recruited at a city"):
        recruit(blue.t, blue.s, 0, "peasants", [])
    with pytest.raises(IllegalActionError, match="a conquered white city"):
        add_elite_unit(blue.t, blue.s, 0, [])


@pytest.mark.parametrize(("colour", "action"), [("red", "buy-artifact"), ("white", "elite-unit"),
                                                ("green", "buy-advanced-action fire-bolt")])
def test_city_services_offered_through_the_decisions_only_at_their_city(colour: str, action: str) -> None:
    """The city services are actions of the turn where their city is conquered (and only there)."""
    from boardrules.games.mage_knight.actions.site_actions import _site_actions

    for c in ("red", "white", "green", "blue"):
        b = _city(c, 20)
        b.s.aa_offer, b.s.elite_units = ["fire-bolt"], ["catapults"]
        texts = [a.text for a in _site_actions(b.t, b.s, 0)]
        assert (action in texts) == (c == colour), (c, texts)


# ---- MAGICAL GLADE / HIDDEN VALLEY "Healing Essence" in the game --------------------------------

@pytest.mark.parametrize(("where", "left"), [("hand", (0, 1)), ("discard", (1, 0))])
def test_magical_glade_healing_essence_offered_when_the_turn_ends_in_the_game(where: str,
                                                                              left: tuple[int, int]) -> None:
    """MAGICAL GLADE "Healing Essence": "If you end your turn on a magical glade, you can throw
    away one Wound card from your hand or discard pile". The played game offered only a plain
    `end-turn` there: the rule's function took the choice, no action ever gave it."""
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    texts = [a.text for a in game.decision(s).actions if a.name == "end-turn"]
    assert sorted(texts) == ["end-turn", "end-turn wound-from-discard", "end-turn wound-from-hand"]
    before = len(p.hand) + len(p.discard) + len(p.deck)
    game.apply(s, Action.parse(f"end-turn wound-from-{where}"))
    q = s.g.players[0]
    assert (q.hand.count("wound") + q.deck.count("wound"), q.discard.count("wound")) == left
    assert len(q.hand) + len(q.discard) + len(q.deck) == before - 1  # thrown away, not discarded


def test_magical_glade_healing_essence_not_offered_without_a_wound_or_off_the_glade() -> None:
    from boardrules.engine import Action

    game, s, p = _game_on_the_glade()
    p.hand, p.discard = ["march"], ["rage"]
    s.cached = None
    assert [a.text for a in game.decision(s).actions if a.name == "end-turn"] == ["end-turn"]
    game, s, p = _game_on_the_glade()
    assert "hand or the discard pile" in game.explain_illegal(s, Action.parse("end-turn wound-from-pocket"))[0]
    p.position = (1, 0)
    s.cached = None
    assert [a.text for a in game.decision(s).actions if a.name == "end-turn"] == ["end-turn"]
    assert game.explain_illegal(s, Action.parse("end-turn wound-from-hand")) == (
        "only a magical glade or the Hidden Valley lets you throw away a Wound", "MAGICAL GLADE")


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
    hero = GAME.t.hero[s.heroes[me]].name
    assert d.prompt.startswith(f"{hero}'s turn begins: plunder the village")  # the hero's name (issue 24)
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


@pytest.mark.parametrize("site", ["dungeon", "tomb"])
def test_dungeon_and_tomb_night_rules_by_day_gold_mana_cannot_be_used_black_can(site: str) -> None:
    """DUNGEON / TOMB: "Night rules apply for this combat": by Day, inside the combat, a gold
    die or gold token pays nothing and a black die pays black (cards powered by black mana)."""
    b = on(site)
    s = b.s
    s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    assert mana_sources(s, 0, "black") == []
    assert mana_sources(s, 0, "green") == ["die-1", "token"]  # outside the combat: Day rules
    enter_site(b.t, s, 0, [])
    assert s.combat is not None and s.combat.night and not s.night
    assert mana_sources(s, 0, "green") == []
    assert mana_sources(s, 0, "red") == ["die-3"]
    with pytest.raises(IllegalActionError, match=r"no green mana token, and gold mana cannot be used under Night "
                                                 r"rules \(this combat\)"):
        pay_mana(s, 0, "green", "token")
    assert mana_sources(s, 0, "black") == ["die-2", "token"]
    assert pay_mana(s, 0, "black", "die-2") == "black"


@pytest.mark.parametrize("site", ["maze", "labyrinth"])
def test_maze_and_labyrinth_entering_the_chosen_unit_is_the_one_named_among_two_of_a_kind(site: str) -> None:
    """MAZE / LABYRINTH "Entering": "choose one ready unwounded Unit". With two Peasants, the
    second one named is the one checked and taken (the first of the kind was checked instead:
    a ready second Peasants was refused, and a wounded second one passed the check and then
    broke the combat's set-up)."""
    b = on(site)
    b.p.units = [["peasants", 1, False], ["peasants", 0, False]]
    b.p.command = 2
    enter_site(b.t, b.s, 0, [], path=2, unit="peasants-2", move_paid=2)
    c = b.s.combat
    assert c is not None and c.chosen_unit == "peasants-2"
    b2 = on(site)
    b2.p.units = [["peasants", 0, False], ["peasants", 1, False]]
    b2.p.command = 2
    with pytest.raises(IllegalActionError, match="ready and unwounded"):
        enter_site(b2.t, b2.s, 0, [], path=2, unit="peasants-2", move_paid=2)
    with pytest.raises(IllegalActionError, match="ready and unwounded"):
        enter_site(b2.t, b2.s, 0, [], path=2, unit="peasants-3", move_paid=2)


def test_dungeon_night_rules_by_day_a_skills_night_option_is_the_one_used() -> None:
    """DUNGEON: "Night rules apply for this combat": by Day, inside the combat, an effect marked
    for Night (Night Sharpshooting's Ranged 2) is the one played, not the Day one."""
    from boardrules.games.mage_knight.skills.using import use_skill

    b = on("dungeon")
    s = b.s
    b.p.skills.append("night-sharpshooting")
    enter_site(b.t, s, 0, [])
    assert s.combat is not None and s.combat.night and not s.night
    with pytest.raises(IllegalActionError, match="only used day"):
        use_skill(b.t, s.clone(), 0, "night-sharpshooting", [], option=1)
    use_skill(b.t, s, 0, "night-sharpshooting", [], option=2)
    assert [(i[0], i[2]) for i in s.combat.pool] == [("ranged", 2)]


def test_ancient_ruins_altar_3_mana_from_a_source_die_a_gold_token_by_day_and_a_crystal() -> None:
    """ANCIENT RUINS "Altar: You can pay 3 mana of the color shown": mana as for cards (facts
    5.3): a Source die of the colour, a gold token by Day, a crystal; named or found in turn."""
    from boardrules.games.mage_knight.sites.site_combats import pay_altar

    b = on("ruins")
    b.ruins(EAST["SW"], "altar-green")
    s = b.s
    s.source = ["green", "red", "blue"]
    b.p.mana["gold"], b.p.crystals["green"] = 1, 1
    pay_altar(b.t, s, 0, [])
    p = s.players[0]
    assert p.fame == 7 and p.mana["gold"] == 0 and p.crystals["green"] == 0 and s.source_used == [0]


def test_mage_tower_a_spells_mana_from_a_source_die() -> None:
    """MAGE TOWER "While Conquered": the Spell's mana may come from a Source die."""
    from boardrules.games.mage_knight.sites.interaction import buy_spell

    b = on("mage-tower", influence=7)
    s = b.s
    s.conquered.add(EAST["SW"])
    s.source = ["white", "red", "red"]
    s.spell_offer = ["expose"]
    buy_spell(b.t, s, 0, "white", [], source="die-1")
    p = s.players[0]
    assert p.pending == ["spell:white"] and p.influence_points == 0 and s.source_used == [0]


# ---- A conquered green city: the top card of the Advanced Action deck, bought blind (facts 4.6
# Green: "6 Influence: an AA from the offer (then refill) or the top card of the AA deck") -------

def test_city_green_the_top_card_of_the_advanced_action_deck_bought_blind() -> None:
    s = _green_city()
    assert "buy-advanced-action deck" in legal(s) and "buy-advanced-action agility" in legal(s)
    do(s, "buy-advanced-action deck")
    p = me(s)
    assert p.deck[-1] == "path-finding" and p.influence_points == 0 and p.pending == []
    assert s.g.aa_deck == ["frost-bridge", "in-need"] and s.g.aa_offer == ["fire-bolt", "agility", "ice-bolt"]
    assert "buy-advanced-action deck" not in legal(s)  # no Influence left


# ---- The mana a site is paid with, named by the player (facts 5.3 "powering ... pure mana = Source die
# or mana token; crystals"; MAGE TOWER "Spells ... 7 Influence plus a mana"; ANCIENT RUINS "Altar: pay 3
# mana") --------------------------------------------------------------------------------------------

def test_mage_tower_a_spells_mana_from_the_source_die_the_player_names_keeping_the_crystal() -> None:
    s = turn("march", faces="red blue green white")
    _on_site(s, "mage-tower")
    g = s.g
    p = me(s)
    g.conquered.add(p.position)
    g.spell_offer = ["fireball", "snowstorm"]
    p.influence_points, p.crystals["red"] = 7, 1
    s.cached = None
    do(s, "buy-spell red")
    assert sorted(legal(s)) == ["pay red crystal", "pay red die-1"]
    do(s, "pay red die-1")
    p = me(s)
    assert p.crystals["red"] == 1 and s.g.source_used == [0] and p.pending == ["spell:red"]


def test_ancient_ruins_altar_each_mana_from_the_source_the_player_names() -> None:
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march", faces="green blue red white")
    _on_site(s, "ruins")
    g = s.g
    p = me(s)
    g.ruins[p.position] = Token("altar-green", True)
    p.crystals["green"], p.mana["green"] = 2, 1
    s.cached = None
    do(s, "altar")
    assert sorted(legal(s)) == ["pay green crystal", "pay green die-1", "pay green token"]
    do(s, "pay green die-1", "pay green token", "pay green crystal")
    p = me(s)
    assert p.crystals["green"] == 1 and p.mana["green"] == 0 and p.position in s.g.conquered


# ---- A maze's path paid with Move not left from the Move phase (MAZE "Choosing Path: Pay 2, 4, or 6
# Move. (Move points left from the Move phase cannot be used for this.)"; facts 4.4 "pay 2/4/6 Move
# from the action itself") ---------------------------------------------------------------------------

def _maze_by_an_open_position() -> MKState:
    """The hero stands on a maze (a space made one) next to a position a tile may be explored at."""
    s = turn("march march march rage")
    tile, i = next((x.id, j) for x in GAME.t.tiles for j, h in enumerate(x.hexes) if h.site == "maze")
    s.g.spaces[(2, -3)] = (tile, i)
    me(s).position = (2, -3)
    s.cached = None
    return s


def test_maze_choosing_path_move_left_after_exploring_is_from_the_move_phase() -> None:
    s = _maze_by_an_open_position()
    do(s, "play march basic", "play march basic", "play march basic")  # Move 6
    assert "explore 1:1" in legal(s)
    do(s, "explore 1:1")  # 2 Move for the tile: the 4 left are the Move phase's
    assert not [a for a in legal(s) if a.startswith("enter")]
    do(s, "play rage move")  # Move 1 after the Move phase: not enough for a path
    assert not [a for a in legal(s) if a.startswith("enter")]


def test_maze_choosing_path_move_played_after_exploring_pays_it() -> None:
    s = _maze_by_an_open_position()
    do(s, "play march basic", "play march basic", "explore 1:1", "play march basic")
    assert me(s).move_points == 4
    assert [a for a in legal(s) if a.startswith("enter")] == ["enter 2"]  # the third March's Move 2 only


def test_maze_choosing_path_move_left_after_flight_is_from_the_move_phase() -> None:
    s = turn("march march", skills="flight")
    tile, i = next((x.id, j) for x in GAME.t.tiles for j, h in enumerate(x.hexes) if h.site == "maze")
    s.g.spaces[(1, -1)] = (tile, i)
    s.cached = None
    do(s, "play march basic", "play march basic", "skill flight", "move 1:-1")  # Move 4, a flight for free
    assert me(s).position == (1, -1) and me(s).move_points == 4
    assert not [a for a in legal(s) if a.startswith("enter")]  # the 4 are the Move phase's
