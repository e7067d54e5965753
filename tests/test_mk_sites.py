"""Every site paragraph of the rulebook excerpt, from hand-set maps (facts 4.4-4.6, 5.6, 6.1).
Combats end with scripted outcomes (``settle``) unless the test plays them."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board, settle

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.mage_knight.cards.mana import mana_sources
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.phases import add_effect
from boardrules.games.mage_knight.content_model import Effect
from boardrules.games.mage_knight.rounds.turn import end_turn
from boardrules.games.mage_knight.sites.interaction import (
    buy_healing,
    buy_monastery_advanced_action,
    buy_spell,
    plunder,
    recruit,
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
