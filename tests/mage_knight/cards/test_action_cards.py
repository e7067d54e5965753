"""Hero and Advanced Action card specials (facts 2.3, 3.1, card list): each from a hand-set
position, basic and powered, offered through ``play CARD HOW`` and its steps (Maximal Effect
repeating a special, Blood of Ancients' powered effect, Magic Talent casting an offered Spell,
Dodge and Weave, Diplomacy lasting the turn among them)."""

from __future__ import annotations

import pytest
from mk_positions import (
    GAME,
    T,
    _tome,
    board,
    check_state,
    check_views,
    combat,
    do,
    hand_tile,
    in_phase,
    legal,
    me,
    refusal,
    taken,
    turn,
    with_tiles,
)

from boardrules.engine import Event
from boardrules.games.mage_knight.cards.ambush import AMBUSH
from boardrules.games.mage_knight.cards.combat_cards import DODGE
from boardrules.games.mage_knight.cards.deck import WOUND, take_wounds
from boardrules.games.mage_knight.cards.playing import play_card
from boardrules.games.mage_knight.combat.damage import unit_resistances
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.movement import move_refusal
from boardrules.games.mage_knight.rounds.turn import end_turn, safe_space

# the made-up tile east of the starting tile (as in map/test_movement.py): SW (2,-1) touches (1,0)
C, SW, W = (3, -2), (2, -1), (2, -2)


def east(spec: str, move: int = 0, night: bool = False, source: str = "green white red blue"):  # type: ignore[no-untyped-def]
    t = with_tiles(hand_tile("test-east", spec))
    b = board({(0, 0): "starting-a", (1, 0): "test-east"}, t=t, at=(1, 0), move=move, night=night)
    b.s.source = source.split()
    return b


def play(b, card: str, how: str = "basic", **kw) -> list[Event]:  # type: ignore[no-untyped-def]
    b.p.hand.append(card)
    events: list[Event] = []
    play_card(b.t, b.s, b.s.current, card, how, events, **kw)
    return events


def finish(b) -> list[Event]:  # type: ignore[no-untyped-def]
    events: list[Event] = []
    end_turn(b.t, b.s, b.s.current, events)
    return events


# ---- the terrain-cost family --------------------------------------------------------------------

def test_frost_bridge_basic_move_2_and_swamps_cost_1_this_turn() -> None:
    b = east("plains plains plains plains swamp plains plains")
    play(b, "frost-bridge")
    assert b.p.move_points == 2
    b.move(SW)  # swamp: 5 by Day, 1 this turn
    assert b.p.move_points == 1 and b.p.position == SW


def test_frost_bridge_powered_move_4_lakes_crossed_for_1_but_no_safe_space_to_end_on() -> None:
    b = east("plains plains plains plains lake plains plains")
    assert move_refusal(b.t, b.s, 0, SW)[0] == "lake spaces cannot be entered"
    play(b, "frost-bridge", "powered", mana=("die-4",))
    assert b.p.move_points == 4
    b.move(SW)
    assert b.p.move_points == 3 and not safe_space(b.t, b.s, 0, SW)


def test_frost_bridge_lasts_the_turn_only() -> None:
    b = east("plains plains plains plains swamp plains plains")
    play(b, "frost-bridge")
    b.p.must_play = False
    finish(b)
    b.p.move_points = 4
    assert move_refusal(b.t, b.s, 0, SW)[0] == "entering that space costs 5 Move points; you have 4"


def test_song_of_wind_basic_plains_desert_wasteland_cost_1_less_this_turn() -> None:
    b = east("plains plains plains plains desert plains plains")
    play(b, "song-of-wind")
    assert b.p.move_points == 2
    b.p.move_points = 4
    b.move(SW)  # desert: 5 - 1
    b.p.move_points = 1
    b.move(C)  # plains: 2 - 1
    assert b.p.move_points == 0 and b.p.position == C


def test_song_of_wind_powered_2_less_to_a_minimum_of_0_without_lakes() -> None:
    b = east("plains plains plains plains plains lake plains")
    play(b, "song-of-wind", "powered", mana=("die-2",))
    assert b.p.move_points == 2
    b.move(SW, C)  # plains cost 0
    assert b.p.move_points == 2 and move_refusal(b.t, b.s, 0, W)[0] == "lake spaces cannot be entered"


def test_song_of_wind_powered_a_blue_mana_crosses_lakes_for_0() -> None:
    b = east("plains plains plains plains lake plains plains")
    b.p.crystals["blue"] = 1
    play(b, "song-of-wind", "powered", option=2, mana=("die-2", "crystal"))
    b.move(SW)
    assert b.p.move_points == 2 and b.p.position == SW and b.p.crystals["blue"] == 0


def test_druidic_paths_basic_one_space_costs_1_less_never_below_2() -> None:
    b = east("swamp plains plains plains forest plains plains")
    play(b, "druidic-paths")
    b.p.move_points = 2 + 2
    b.move(SW)  # forest 3 - 1
    assert b.p.move_points == 2
    b.p.move_points = 5
    b.move(C)  # the reduction is used up: swamp 5
    assert b.p.move_points == 0


def test_druidic_paths_basic_kept_for_a_space_it_makes_cheaper() -> None:
    b = east("forest plains plains plains plains plains plains", move=2)
    play(b, "druidic-paths")
    b.move(SW)  # plains: 2 already, the reduction waits
    b.p.move_points = 2
    b.move(C)  # forest 3 - 1
    assert b.p.move_points == 0


def test_druidic_paths_powered_one_terrain_type_1_less_this_turn() -> None:
    b = east("forest plains plains plains forest plains plains")
    play(b, "druidic-paths", "powered", mana=("die-4",), terrain="forest")
    assert b.p.move_points == 4
    b.move(SW, C)  # forest 2 + 2
    assert b.p.move_points == 0


def test_mountain_lore_basic_hand_limit_plus_1_at_the_draw_if_the_turn_ends_in_hills() -> None:
    b = east("plains plains plains plains hills plains plains")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore")
    b.p.move_points = 3
    b.move(SW)
    finish(b)
    assert len(b.p.hand) == 6  # Hand limit 5 + 1


def test_mountain_lore_basic_no_bonus_elsewhere() -> None:
    b = east("plains plains plains plains plains plains plains")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore")
    b.move(SW)
    finish(b)
    assert len(b.p.hand) == 5


def test_mountain_lore_powered_mountains_entered_for_5_safe_and_plus_2_hand_limit() -> None:
    b = east("plains plains plains plains mountain plains plains", source="green green red blue")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore", "powered", mana=("die-1",))
    assert b.p.move_points == 5
    b.move(SW)
    assert b.p.move_points == 0 and safe_space(b.t, b.s, 0, SW)
    finish(b)
    assert b.p.position == SW and len(b.p.hand) == 7  # no Forced Withdrawal; Hand limit 5 + 2


def test_terrain_family_offered_through_the_decisions() -> None:
    s = turn("druidic-paths song-of-wind", faces="blue white blue red")
    do(s, "play druidic-paths powered")
    assert legal(s) == [f"terrain {x}" for x in ("hills", "forest", "wasteland", "desert", "swamp")]
    do(s, "terrain swamp", "pay blue die-1")
    assert ("less-to-2", "swamp", 1) in me(s).lasting and me(s).move_points == 4
    me(s).crystals.update(white=1, blue=1)
    s.cached = None
    do(s, "play song-of-wind powered", "choose 2", "pay white crystal", "pay blue crystal")
    assert ("enter", "lake", 0) in me(s).lasting


# ---- end of turn: Noble Manners, Steady Tempo ----------------------------------------------------

def test_noble_manners_basic_fame_1_at_the_end_of_the_turn_if_used_in_an_interaction() -> None:
    b = east("plains plains plains plains plains plains plains")
    play(b, "noble-manners")
    assert b.p.influence_points == 2
    b.p.interacting = True
    finish(b)
    assert b.p.fame == 1 and b.p.reputation == 0


def test_noble_manners_powered_fame_and_reputation_1_only_in_an_interaction() -> None:
    b = east("plains plains plains plains plains plains plains", source="white")
    play(b, "noble-manners", "powered", mana=("die-1",))
    assert b.p.influence_points == 4
    b.p.interacting = True
    finish(b)
    assert b.p.fame == 1 and b.p.reputation == 1
    c = east("plains plains plains plains plains plains plains", source="white")
    play(c, "noble-manners", "powered", mana=("die-1",))
    finish(c)
    assert c.p.fame == 0 and c.p.reputation == 0


def test_steady_tempo_basic_to_the_bottom_of_a_non_empty_deed_deck() -> None:
    b = east("plains plains plains plains plains plains plains")
    b.p.deck = ["rage"] * 6
    play(b, "steady-tempo")
    finish(b)
    assert b.p.deck[0] == "steady-tempo" and "steady-tempo" not in b.p.discard + b.p.hand


def test_steady_tempo_powered_on_top_drawn_again() -> None:
    b = east("plains plains plains plains plains plains plains", source="blue")
    b.p.deck = ["rage"] * 6
    play(b, "steady-tempo", "powered", mana=("die-1",))
    assert b.p.move_points == 4
    finish(b)
    assert "steady-tempo" in b.p.hand


def test_steady_tempo_an_empty_deck_or_the_second_option_discards_it() -> None:
    b = east("plains plains plains plains plains plains plains")
    play(b, "steady-tempo")
    finish(b)
    assert b.p.discard == ["steady-tempo"]
    c = east("plains plains plains plains plains plains plains")
    c.p.deck = ["rage"] * 6
    play(c, "steady-tempo", option=2)
    finish(c)
    assert c.p.discard == ["steady-tempo"]


def test_end_of_turn_cards_offered_through_the_decisions() -> None:
    s = turn("steady-tempo noble-manners")
    assert {"play steady-tempo basic", "play noble-manners basic"} <= set(legal(s))
    do(s, "play steady-tempo basic", "choose 1")
    assert me(s).move_points == 2 and me(s).lasting == (("back-on-deck", "steady-tempo", 0),)


# ---- combat cards waiting on a block, an attack or a phase -------------------------------------

def block_phase(hand: str, fight: str, faces: str = "blue white green red"):  # type: ignore[no-untyped-def]
    s = turn(hand, faces=faces, fight=fight)
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    return s


def test_ice_shield_powered_the_enemy_blocked_with_it_gets_armor_minus_3() -> None:
    s = block_phase("ice-shield", "cursed-hags")
    do(s, "play ice-shield powered", "pay blue die-1", "block 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [True] and c.enemies[0].armor_cut == 3


def test_ice_shield_basic_no_armor_change_and_a_failed_block_none_either() -> None:
    s = block_phase("ice-shield", "cursed-hags")
    do(s, "play ice-shield basic", "block 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [True] and c.enemies[0].armor_cut == 0
    s = block_phase("ice-shield", "prowlers")  # Attack 4: Block 3 fails
    do(s, "play ice-shield powered", "pay blue die-1", "block 1", "resolve", "confirm")
    c = s.g.combat
    assert c is not None and c.enemies[0].armor_cut == 0 and me(s).lasting == ()


def test_ice_shield_powered_an_ice_resistant_enemy_ignores_the_armor_change() -> None:
    s = block_phase("ice-shield", "zombie-horde")  # Ice Resistance ignores blue non-Attack effects
    do(s, "play ice-shield powered", "pay blue die-1", "block 1.1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked[0] and c.enemies[0].armor_cut == 0


def test_shield_bash_powered_armor_minus_1_per_point_of_block_above_what_was_needed() -> None:
    s = block_phase("shield-bash", "cursed-hags")
    do(s, "play shield-bash powered", "pay blue die-1", "block 1", "resolve")  # Block 5 against 3
    c = s.g.combat
    assert c is not None and c.enemies[0].armor_cut == 2


def test_shield_bash_powered_counts_double_against_swift_armor_never_below_1() -> None:
    s = block_phase("shield-bash", "wolf-riders")  # Swift 3: 6 needed, Block 5 counts 10
    do(s, "play shield-bash powered", "pay blue die-1", "block 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].armor_cut == 4
    from boardrules.games.mage_knight.combat.enemies import armor

    assert armor(c, GAME.t, c.enemies[0]) == 1


def test_chivalry_attack_2_reputation_plus_1_per_enemy_it_defeats() -> None:
    s = turn("chivalry march", fight="prowlers, prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play chivalry basic", "choose 2", "play march attack", "target 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.reputation == 1 and c.fame == 2


def test_chivalry_powered_attack_4_reputation_and_fame_plus_1_per_enemy() -> None:
    s = turn("chivalry", faces="white red", fight="prowlers, prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play chivalry powered", "choose 2", "pay white die-1", "target 1", "resolve")
    c = s.g.combat
    assert c is not None and c.reputation == 1 and c.fame == 2 + 1


def test_chivalry_first_option_no_reputation() -> None:
    s = turn("chivalry", fight="prowlers, prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play chivalry basic", "choose 1", "target 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.reputation == 0


def test_dodge_and_weave_attack_1_in_the_attack_phase_if_no_wound_to_the_hand() -> None:
    s = block_phase("dodge-and-weave", "cursed-hags")
    do(s, "play dodge-and-weave basic", "enemy 1", "next")  # Attack 3 - 2 = 1, unblocked
    assert "assign 1 hero" in taken(s)  # (the hand empty: its one place, taken at once) 1 against Armor 2: a Wound
    c = s.g.combat
    assert c is not None and c.phase == "attack" and not any(x[0] == "attack" for x in c.pool)


def test_dodge_and_weave_powered_attack_2_when_no_wound_was_taken() -> None:
    s = block_phase("dodge-and-weave march", "cursed-hags")
    do(s, "play dodge-and-weave powered", "choose 1", "enemy 1", "pay white die-2", "next")  # Attack 3 - 4: blocked
    c = s.g.combat
    assert c is not None and c.phase == "attack" and ("attack", "physical", 2) in [x[:3] for x in c.pool]


def test_ambush_basic_plus_1_to_the_first_attack_card_then_no_more() -> None:
    s = turn("ambush rage march")
    do(s, "play ambush basic")  # Move 2 before the combat; the bonus waits for an Attack card
    s.g.combat = combat("prowlers, prowlers").c
    s.g.combat.phase = "attack"
    s.cached = None
    do(s, "play rage basic", "choose 1")
    c = s.g.combat
    assert c is not None and sum(x[2] for x in c.pool if x[0] == "attack") == 3
    do(s, "play march attack")
    c = s.g.combat
    assert c is not None and sum(x[2] for x in c.pool if x[0] == "attack") == 4 and me(s).lasting == ()


def test_ambush_powered_plus_4_to_the_first_block_card() -> None:
    s = block_phase("ambush march", "prowlers", faces="green")
    do(s, "play ambush powered", "pay green die-1", "play march block")
    c = s.g.combat
    assert c is not None and sum(x[2] for x in c.pool if x[0] == "block") == 1 + 4


# ---- Peaceful Moment ---------------------------------------------------------------------------

def test_peaceful_moment_as_your_action_2_influence_per_heal_1() -> None:
    s = turn(f"peaceful-moment promise promise {WOUND} {WOUND} {WOUND}")
    do(s, "play promise basic", "play promise basic", "play peaceful-moment basic", "choose 2")
    p = me(s)
    assert p.hand.count(WOUND) == 1 and p.influence_points == 0 and p.acted
    assert not any(a.startswith("move") for a in legal(s))


def test_peaceful_moment_powered_ready_units_2_influence_per_level_then_heal() -> None:
    s = turn(f"peaceful-moment promise promise {WOUND}", faces="white", units="peasants:spent foresters:spent")
    do(s, "play promise basic", "play promise basic", "play peaceful-moment powered", "choose 2",
       "pay white die-1")
    assert legal(s) == ["coerce peasants-1", "coerce foresters-1", "coerce done"]
    do(s, "coerce peasants-1", "coerce done")  # level I: 2 Influence; the last 2 heal a Wound
    p = me(s)
    assert p.units[0][2] is False and p.units[1][2] is True and WOUND not in p.hand and p.influence_points == 0


def test_peaceful_moment_not_offered_with_nothing_to_heal_or_ready() -> None:
    s = turn("peaceful-moment promise")
    do(s, "play promise basic", "play peaceful-moment basic")
    assert "choose 1" in taken(s)


# ---- crystals: Spell Forge, Crystal Mastery -----------------------------------------------------

def test_spell_forge_powered_two_crystals_of_two_different_offered_spells() -> None:
    s = turn("spell-forge", faces="blue")
    s.g.spell_offer = ["fireball", "snowstorm", "flame-wall"]
    s.cached = None
    do(s, "play spell-forge powered", "colour red")
    assert legal(s) == ["colour red", "colour blue"]  # two red Spells: red again
    do(s, "colour red", "pay blue die-1")
    assert me(s).crystals["red"] == 2 and me(s).crystals["blue"] == 0


def test_spell_forge_powered_one_spell_of_a_colour_gives_one_crystal_of_it() -> None:
    s = turn("spell-forge", faces="blue")
    s.g.spell_offer = ["fireball", "snowstorm"]
    s.cached = None
    do(s, "play spell-forge powered", "colour blue")
    assert "colour red" in taken(s)


def test_crystal_mastery_powered_crystals_spent_this_turn_come_back_at_its_end() -> None:
    s = turn("crystal-mastery march", faces="red")
    me(s).crystals.update(blue=1, green=2)
    s.cached = None
    do(s, "play march powered", "pay green crystal", "play crystal-mastery powered", "pay blue crystal")
    i = s.g.current
    assert me(s).crystals == {"red": 0, "blue": 0, "green": 1, "white": 0}
    do(s, "end-turn")
    assert s.g.players[i].crystals == {"red": 0, "blue": 1, "green": 2, "white": 0}


# ---- Crystal Joy: back to hand at the end of the turn --------------------------------------------

def test_crystal_joy_basic_end_the_turn_discarding_another_non_wound_card_to_take_it_back() -> None:
    s = turn(f"crystal-joy march rage {WOUND}", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    i = s.g.current
    assert me(s).crystals["red"] == 1
    assert [a for a in legal(s) if a.split()[0] == "return"] == ["return march", "return rage"]
    assert [a for a in legal(s) if a.split()[0] == "return-discard"] == ["return-discard march", "return-discard rage"]
    do(s, "return rage")
    p = s.g.players[i]
    assert "crystal-joy" in p.hand and "rage" in p.discard and "crystal-joy" not in p.discard


def test_crystal_joy_powered_a_wound_may_be_discarded_for_it() -> None:
    s = turn(f"crystal-joy {WOUND}", faces="green")
    do(s, "play crystal-joy powered", "colour white", "pay green die-1")
    i = s.g.current
    assert me(s).crystals["white"] == 1 and "return wound" in legal(s)
    do(s, "return wound")
    p = s.g.players[i]
    assert "crystal-joy" in p.hand and p.discard == [WOUND]


def test_crystal_joy_not_offered_on_the_turn_that_ends_the_round() -> None:
    """Facts 5.7: when the round ends every card is shuffled into the deck, so on the last turn
    after an announcement taking Crystal Joy back changes nothing and is not offered (the
    others would only be shown a card of the hand)."""
    s = turn("crystal-joy march rage", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    g, i = s.g, s.g.current
    assert "return march" in legal(s)
    g.announced_by, g.final_turns = 1 - i, [i]  # the other hero announced; this is the round's last turn
    s.cached = None
    assert not any(a.startswith("return") for a in legal(s)) and "end-turn" in legal(s)


def test_crystal_joy_not_offered_without_it_in_play() -> None:
    s = turn("march rage")
    do(s, "play march basic")
    assert not any(a.startswith("return") for a in legal(s))


# ---- Mana Storm ---------------------------------------------------------------------------------

def test_mana_storm_powered_source_rerolled_3_more_dice_gold_and_black_any_basic_colour() -> None:
    s = turn("mana-storm threaten march", faces="white red red red", night=True)
    do(s, "play mana-storm powered", "pay white die-1")
    g = s.g
    assert g.dice_allowed == 1 + 3 and g.source_used == [0] and g.rng.draws > 0
    g.source = ["white", "gold", "black", "green"]  # whatever the re-roll gave: set for the test
    s.cached = None
    do(s, "play threaten powered")
    assert legal(s) == ["pay red die-2", "pay red die-3"]  # gold at Night, black as red
    do(s, "pay red die-3", "play march powered", "pay green die-2")
    assert g.source_used == [0, 2, 1]


# ---- Ruthless Coercion (basic) -----------------------------------------------------------------

def test_ruthless_coercion_basic_a_unit_2_influence_cheaper_and_reputation_minus_1() -> None:
    from mk_positions import east_board

    from boardrules.games.mage_knight.sites.interaction import recruit

    b = east_board("plains plains plains plains plains+village plains plains", at=SW)
    play(b, "ruthless-coercion")
    assert b.p.influence_points == 2
    recruit(b.t, b.s, 0, "peasants", [])  # Peasants cost 4: 2 with the discount
    assert b.p.units == [["peasants", 0, False]] and b.p.influence_points == 0 and b.p.reputation == -1
    b.p.command, b.p.influence_points = 2, 5
    recruit(b.t, b.s, 0, "foresters", [])  # the discount was for one Unit: Foresters cost 5
    assert b.p.influence_points == 0 and b.p.reputation == -1


def test_ruthless_coercion_basic_offered_through_the_decisions() -> None:
    s = turn("ruthless-coercion")
    assert "play ruthless-coercion basic" in legal(s)
    do(s, "play ruthless-coercion basic")
    assert me(s).influence_points == 2 and me(s).lasting == (("unit-discount", "", 2),)


# ---- Explosive Bolt (powered) -------------------------------------------------------------------

def test_explosive_bolt_powered_each_enemy_it_defeats_gives_another_armor_minus_1() -> None:
    s = turn("explosive-bolt", faces="red", fight="prowlers, orc-war-beasts, prowlers")
    do(s, "play explosive-bolt powered", "pay red die-1", "target 1", "resolve")  # Ranged 3 against Armor 3
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated
    # the Orc War Beasts' Fire Resistance ignores a red card's non-Attack effect: the next Prowlers
    assert [e.armor_cut for e in c.enemies] == [0, 0, 1]


def test_explosive_bolt_powered_nothing_defeated_no_armor_change() -> None:
    s = turn("explosive-bolt", faces="white", fight="orc-war-beasts, prowlers")
    do(s, "play explosive-bolt powered", "pay white die-1", "target 1", "resolve", "confirm")  # Ranged 3 against Armor 5
    c = s.g.combat
    assert c is not None and [e.armor_cut for e in c.enemies] == [0, 0] and me(s).lasting == ()


# ---- Agility ------------------------------------------------------------------------------------

def attack_phase(hand: str, fight: str = "prowlers, prowlers", faces: str = "white"):  # type: ignore[no-untyped-def]
    s = turn(hand, faces=faces, fight=fight)
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    return s


def test_agility_basic_move_points_spent_1_to_1_as_attack_in_combat_this_turn() -> None:
    s = attack_phase("agility march")
    do(s, "play agility basic", "play march move")  # Move 2 and Move 1, each as Attack
    c = s.g.combat
    assert c is not None and sum(x[2] for x in c.pool if x[0] == "attack") == 3
    do(s, "target 1", "resolve")
    assert s.g.combat is not None and s.g.combat.enemies[0].defeated


def test_agility_powered_2_move_per_ranged_attack_in_the_ranged_phase() -> None:
    s = turn("agility march", faces="white", fight="prowlers, prowlers")
    do(s, "play agility powered", "pay white die-1")  # Move 4: Ranged 2
    c = s.g.combat
    assert c is not None and ("ranged", "physical", 2) in [x[:3] for x in c.pool]
    assert "play march move" not in legal(s)  # Move 1 gives no Ranged Attack


def test_agility_basic_move_in_the_ranged_phase_is_not_attack() -> None:
    s = turn("agility", fight="prowlers")
    assert "play agility basic" not in legal(s)  # Move is not played in the Ranged and Siege phase


def test_frost_bridge_powered_refuses_a_mana_it_does_not_pay() -> None:
    import pytest

    from boardrules.engine import IllegalActionError

    b = east("plains plains plains plains lake plains plains")
    b.p.crystals["blue"] = 1
    with pytest.raises(IllegalActionError) as info:
        play(b, "frost-bridge", "powered", mana=("die-4", "crystal"))
    assert "without paying mana" in info.value.reason and b.p.crystals["blue"] == 1


# ---- Heroic Tale --------------------------------------------------------------------------------

def village(hand_card: str, influence: int = 0):  # type: ignore[no-untyped-def]
    from mk_positions import east_board

    b = east_board("plains plains plains plains plains+village plains plains", at=SW, influence=influence)
    b.p.command = 3
    return b


def test_heroic_tale_basic_reputation_plus_1_per_unit_recruited_before_and_after_it() -> None:
    from boardrules.games.mage_knight.sites.interaction import recruit

    b = village("heroic-tale", influence=4)
    recruit(b.t, b.s, 0, "peasants", [])  # before the card: its +1/unit-recruited
    play(b, "heroic-tale")
    assert b.p.reputation == 1 and b.p.influence_points == 3
    b.p.influence_points += 2
    recruit(b.t, b.s, 0, "foresters", [])  # after it: at the end of the turn
    b.p.must_play = False
    finish(b)
    assert b.p.reputation == 2 and b.p.fame == 0


def test_heroic_tale_powered_fame_and_reputation_even_played_before_any_recruit() -> None:
    from boardrules.games.mage_knight.sites.interaction import recruit

    b = village("heroic-tale")
    b.s.source = ["white"]
    play(b, "heroic-tale", "powered", mana=("die-1",))
    assert b.p.influence_points == 6 and b.p.fame == 0
    recruit(b.t, b.s, 0, "peasants", [])
    finish(b)
    assert b.p.reputation == 1 and b.p.fame == 1


def test_heroic_tale_powered_offered_through_the_decisions() -> None:
    s = turn("heroic-tale", faces="white")
    assert "play heroic-tale powered" in legal(s)
    do(s, "play heroic-tale powered", "pay white die-1")
    assert me(s).influence_points == 6 and me(s).lasting == (("heroic-tale", "powered", 0),)


# ---- Into the Heat ------------------------------------------------------------------------------

def test_into_the_heat_units_plus_2_and_no_damage_may_be_assigned_to_them() -> None:
    s = turn("into-the-heat", fight="prowlers, prowlers", units="peasants")
    do(s, "play into-the-heat basic")
    c = s.g.combat
    assert c is not None and c.unit_bonus == 2
    do(s, "next", "next")  # nothing blocked: the Assign Damage phase
    assert legal(s) == ["assign 1 hero", "assign 2 hero"]  # not the Peasants


def test_into_the_heat_powered_plus_3_only_at_the_start_of_a_combat() -> None:
    s = turn("into-the-heat", faces="red", fight="prowlers", units="peasants")
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    assert "play into-the-heat powered" not in legal(s)
    c.phase = "ranged"
    s.cached = None
    do(s, "play into-the-heat powered", "pay red die-1")
    c = s.g.combat
    assert c is not None and c.unit_bonus == 3


def test_magic_talent_powered_a_mana_of_a_colour_takes_a_spell_of_that_colour_to_the_discard_pile() -> None:
    s = turn("magic-talent", faces="blue green green green")
    s.g.spell_offer = ["fireball", "tremor", "snowstorm"]
    me(s).mana["red"] = 1
    s.cached = None
    do(s, "play magic-talent powered", "colour red", "pay blue die-1", "pay red token")
    assert "learn fireball" in taken(s)
    do(s, "learn fireball")
    p = me(s)
    assert p.discard == ["fireball"] and p.hand == [] and "fireball" not in s.g.spell_offer
    assert s.g.source_used == [0] and me(s).mana["red"] == 0


def _portal_moves(s: MKState) -> list[tuple[int, int]]:
    return [(int(q), int(r)) for a in legal(s) for q, _, r in [a.split()[1].partition(":")]]


def test_temporal_portal_as_the_action_to_an_adjacent_safe_space_and_hand_limit_plus_1() -> None:
    from boardrules.games.mage_knight.map.hexes import neighbours

    s = turn("temporal-portal", faces="blue red red red")
    start = me(s).position
    do(s, "play temporal-portal basic")
    moves = _portal_moves(s)
    assert start in moves and len(moves) > 1 and all(h == start or h in neighbours(start) for h in moves)
    to = next(h for h in moves if h != start)
    do(s, f"move {to[0]}:{to[1]}")
    p = me(s)
    assert p.position == to and p.acted and s.g.hand_bonus == 1
    assert not any(a.startswith("move ") for a in legal(s))  # the action is taken: no more moving


def test_temporal_portal_powered_up_to_2_spaces_or_stay_and_hand_limit_plus_2() -> None:
    from boardrules.games.mage_knight.cards.movement_spells import reach

    s = turn("temporal-portal", faces="blue red red red")
    start = me(s).position
    me(s).mana["blue"] = 1
    s.cached = None
    do(s, "play temporal-portal powered", "choose 1", "pay blue token")
    far = reach(GAME.t, s.g, start, 2)
    moves = _portal_moves(s)
    assert any(far.get(h) == 2 for h in moves) and all(h == start or h in far for h in moves)
    s = turn("temporal-portal", faces="blue red red red")
    me(s).mana["blue"] = 1
    s.cached = None
    do(s, "play temporal-portal powered", "choose 2", "pay blue token", f"move {start[0]}:{start[1]}")
    assert me(s).position == start and me(s).acted and s.g.hand_bonus == 2


def test_diplomacy_influence_2_used_as_block_in_the_block_phase() -> None:
    s = in_phase(turn("diplomacy", fight="prowlers"), "block")
    do(s, "play diplomacy basic")
    c = s.g.combat
    assert c is not None and c.influence == 0 and ("block", "physical", 2) in [x[:3] for x in c.pool]
    s = turn("diplomacy")  # outside combat: its Influence
    do(s, "play diplomacy basic")
    assert me(s).influence_points == 2


def test_diplomacy_powered_influence_4_as_fire_or_ice_block() -> None:
    s = in_phase(turn("diplomacy", faces="white red red red", fight="prowlers"), "block")
    do(s, "play diplomacy powered", "pay white die-1")
    assert legal(s) == ["colour red", "colour blue"]  # Fire or Ice
    do(s, "colour blue")
    c = s.g.combat
    assert c is not None and c.influence == 0 and ("block", "ice", 4) in [x[:3] for x in c.pool]


# ---- Maximal Effect repeating a card whose effect is a special one (facts 3.1 Maximal Effect: "throw
# away another Action card -> use its basic effect 3 times | its powered effect 2 times (free)") ------

def test_maximal_effect_repeats_a_special_effect_path_finding_move_6_and_terrain_less() -> None:
    s = turn("maximal-effect path-finding march")
    do(s, "play maximal-effect basic", "throw path-finding")
    p = me(s)
    assert p.move_points == 6 and p.terrain_less == 1 and p.thrown == ["path-finding"]


def test_maximal_effect_powered_repeats_a_special_effect_ambush_twice() -> None:
    s = turn("maximal-effect ambush march", faces="red red red red")
    do(s, "play maximal-effect powered", "throw ambush", "pay red die-1")
    p = me(s)
    assert p.move_points == 8 and [x for x in p.lasting if x[0] == AMBUSH] == [(AMBUSH, "", 2), (AMBUSH, "", 2)]


def test_maximal_effect_steady_tempo_the_thrown_card_is_not_put_back_on_the_deck() -> None:
    s = turn("maximal-effect steady-tempo march")
    do(s, "play maximal-effect basic", "throw steady-tempo", "choose 1")
    p = me(s)
    assert p.move_points == 6 and p.thrown == ["steady-tempo"]
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert "steady-tempo" not in p.deck + p.hand + p.discard and p.thrown == ["steady-tempo"]


def test_maximal_effect_a_special_needing_its_own_card_or_mana_each_time_is_not_offered() -> None:
    s = turn("maximal-effect improvisation path-finding")
    do(s, "play maximal-effect basic")
    assert legal(s) == ["throw path-finding"]  # Improvisation's discard is a single card's


def test_maximal_effect_powered_frost_bridge_twice_its_lake_crossing_needs_no_mana() -> None:
    s = turn("maximal-effect frost-bridge march", faces="red red red red")
    do(s, "play maximal-effect powered", "throw frost-bridge", "pay red die-1")
    p = me(s)
    assert p.move_points == 8 and ("enter", "lake", 1) in p.lasting


# ---- Blood of Ancients (powered; facts 3.1: "take a Wound (to hand or discard pile); use the powered
# effect of any AA in the offer for free (it stays there)") -------------------------------------------

def _blood(offer: list[str], hand: str = "blood-of-ancients march") -> MKState:
    s = turn(hand, faces="red blue green white")
    s.g.aa_offer = offer
    s.cached = None
    return s


def test_blood_of_ancients_powered_its_wound_to_the_discard_pile_and_an_offered_cards_own_steps() -> None:
    s = _blood(["decompose", "pure-magic"])
    do(s, "play blood-of-ancients powered")
    assert legal(s) == ["wound hand", "wound discard"]
    do(s, "wound discard")
    assert "learn decompose" in taken(s)  # Pure Magic's mana: the one die pays Blood's red
    do(s, "learn decompose")
    assert legal(s) == ["throw march"]  # Decompose's own step
    do(s, "throw march", "pay red die-1")
    p = me(s)
    assert p.hand == [] and p.discard == [WOUND] and p.thrown == ["march"]
    assert p.crystals == {"red": 1, "blue": 1, "green": 0, "white": 1}  # each colour but March's green
    assert s.g.aa_offer == ["decompose", "pure-magic"] and p.play_area == ["blood-of-ancients"]


def test_blood_of_ancients_powered_an_offered_cards_own_mana_paid_after_bloods_red() -> None:
    s = _blood(["pure-magic"])
    me(s).crystals["green"] = 1
    s.cached = None
    do(s, "play blood-of-ancients powered", "wound hand", "learn pure-magic")
    assert "colour green" in taken(s)
    do(s, "colour green", "pay red die-1", "pay green crystal")
    p = me(s)
    assert p.move_points == 7 and p.hand == ["march", WOUND] and s.g.aa_offer == ["pure-magic"]


def test_blood_of_ancients_powered_the_offered_card_stays_in_the_offer_training_cannot_take_itself() -> None:
    s = _blood(["training"])
    assert "play blood-of-ancients powered" not in legal(s)  # the only green card is Training itself
    s = _blood(["training", "ambush"])
    do(s, "play blood-of-ancients powered", "wound discard", "learn training", "throw march", "pay red die-1")
    assert "learn ambush" in taken(s)
    do(s, "learn ambush")
    p = me(s)
    assert "ambush" in p.hand and "training" in s.g.aa_offer and "ambush" not in s.g.aa_offer


def test_magic_talent_basic_casts_call_to_arms_its_white_mana_paid_as_from_the_hand() -> None:
    s = _tome("magic-talent promise", offer=("peasants",), faces="white red red red")
    do(s, "play magic-talent basic", "discard promise", "learn call-to-arms", "recruit peasants", "choose 2")
    assert "pay white die-1" in taken(s)
    do(s, "pay white die-1")
    assert me(s).move_points == 2 and s.g.spell_offer == ["call-to-arms", "fireball"]


# ---- Dodge and Weave (facts 3.1: powered "reduce one attack by 4 or two attacks by 2 each") ---------

def _dodging(fight: str) -> MKState:
    s = turn("dodge-and-weave march", faces="blue white green red", fight=fight)
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    return s


def test_dodge_and_weave_powered_two_attacks_by_2_each_of_two_enemies() -> None:
    s = _dodging("prowlers, guardsmen")
    do(s, "play dodge-and-weave powered")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 2", "enemy 1", "pay white die-2")
    assert "also 2" in taken(s)  # the Prowlers have one attack: the other enemy
    do(s, "also 2")
    c = s.g.combat
    assert c is not None and [e.reduction for e in c.enemies] == [[2], [2]]
    assert DODGE in [x[0] for x in me(s).lasting]  # its Attack 2 waits for the Attack phase


def test_dodge_and_weave_powered_two_attacks_by_2_each_of_one_enemy_with_two() -> None:
    s = _dodging("heroes")
    do(s, "play dodge-and-weave powered", "choose 2", "enemy 1", "pay white die-2")
    assert "also 1" in taken(s)  # its other attack
    do(s, "also 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].reduction == [2, 2]
    s = _dodging("prowlers")  # a single attack in the combat: one attack -4 only
    do(s, "play dodge-and-weave powered")
    assert "choose 1" in taken(s)


# ---- Diplomacy (facts 3.1: "Influence 2; Influence may be used as Block this turn") ------------------

def test_diplomacy_lasts_the_turn_influence_had_later_in_the_block_phase_becomes_block() -> None:
    s = turn("diplomacy march", faces="white red red red")
    do(s, "play diplomacy powered", "pay white die-1")
    assert legal(s) == ["colour red", "colour blue"]  # the element is chosen when played
    do(s, "colour red")
    assert me(s).influence_points == 4  # outside the Block phase: its Influence
    s.g.combat = combat("prowlers").c  # a combat later this turn (the Influence before it vanishes)
    s.g.combat.phase = "block"
    s.cached = None
    do(s, "play march influence")  # Influence 1 in the Block phase: Fire Block 1
    c = s.g.combat
    assert c is not None and c.influence == 0 and ("block", "fire", 1) in [x[:3] for x in c.pool]
    s = turn("march")  # without Diplomacy, Influence would stay Influence: not offered (issue 24)
    s.g.combat = combat("prowlers").c
    s.g.combat.phase = "block"
    s.cached = None
    assert "play march influence" not in legal(s) and "play march block" in legal(s)


def _move(s: MKState) -> None:
    """Move one space (the first offered)."""
    do(s, next(a for a in legal(s) if a.startswith("move ")))


# ---- Savage Harvesting (facts 2.3, Krang) -----------------------------------------------------

def test_savage_harvesting_basic_once_this_turn_a_card_discarded_for_a_crystal_of_its_colour() -> None:
    s = turn("savage-harvesting rage march crystallize")
    do(s, "play savage-harvesting basic")
    assert me(s).move_points == 2
    assert not any(a.startswith("harvest") for a in legal(s))  # no space moved yet
    _move(s)
    assert {"harvest rage", "harvest march", "harvest crystallize"} <= set(legal(s))
    do(s, "harvest rage")
    assert me(s).crystals["red"] == 1 and "rage" in me(s).discard and "rage" not in me(s).hand
    assert not any(a.startswith("harvest") for a in legal(s))  # once this turn


def test_savage_harvesting_powered_a_card_per_space_moved_an_artifact_any_colour() -> None:
    s = turn("savage-harvesting rage march ruby-ring", faces="green green green green")
    do(s, "play savage-harvesting powered", "pay green die-1")
    assert me(s).move_points == 4
    _move(s)
    assert {"harvest ruby-ring red", "harvest ruby-ring white"} <= set(legal(s))
    do(s, "harvest ruby-ring white")
    assert me(s).crystals["white"] == 1
    assert not any(a.startswith("harvest") for a in legal(s))  # one per space moved
    me(s).move_points = 9
    s.cached = None
    _move(s)
    do(s, "harvest march")
    assert me(s).crystals["green"] == 1


def test_savage_harvesting_refused_without_a_space_moved() -> None:
    s = turn("savage-harvesting rage")
    do(s, "play savage-harvesting basic")
    reason, rule = refusal(s, "harvest rage")
    assert rule == "Savage Harvesting" and "move a space" in reason


# ---- Rush of Adrenaline (facts 3.1) -----------------------------------------------------------

def test_rush_of_adrenaline_basic_a_card_drawn_for_each_of_the_first_three_wounds() -> None:
    s = turn("rush-of-adrenaline", faces="green green green green")
    me(s).deck = ["march", "rage", "swiftness", "stamina", "tranquility"]
    do(s, "play rush-of-adrenaline basic")
    p = me(s)
    take_wounds(p, 2)
    assert p.hand.count(WOUND) == 2 and p.hand.count("tranquility") + p.hand.count("stamina") == 2
    take_wounds(p, 2)  # only the first three draw
    assert p.hand.count(WOUND) == 4 and len(p.hand) == 7 and p.deck == ["march", "rage"]


def test_rush_of_adrenaline_powered_the_first_wound_thrown_away_then_three_more_draw() -> None:
    s = turn("rush-of-adrenaline", faces="red red red red")
    me(s).deck = ["march", "rage", "swiftness", "stamina", "tranquility"]
    do(s, "play rush-of-adrenaline powered", "pay red die-1")
    p = me(s)
    take_wounds(p, 1)
    assert WOUND not in p.hand and p.hand == ["tranquility"]
    take_wounds(p, 4)
    assert p.hand.count(WOUND) == 4 and p.deck == ["march"]


def test_rush_of_adrenaline_lasts_the_turn_only() -> None:
    s = turn("rush-of-adrenaline march", faces="green green green green")
    do(s, "play rush-of-adrenaline basic", "end-turn")
    p = s.g.players[0]
    before = len(p.hand)
    take_wounds(p, 1)
    assert len(p.hand) == before + 1  # the Wound only


# ---- Force of Nature (facts 3.1) --------------------------------------------------------------

def test_force_of_nature_basic_the_chosen_unit_gains_physical_resistance_this_combat() -> None:
    s = turn("force-of-nature", units="peasants foresters")
    s.g.combat = combat("prowlers", units="peasants, foresters").c
    s = in_phase(s, "block")
    c = s.g.combat
    assert c is not None
    peasants = next(u for u in c.units if u.unit == "peasants")
    assert "physical" not in unit_resistances(c, T, peasants)
    do(s, "play force-of-nature basic")
    assert {"unit peasants-1", "unit foresters-1"} <= set(legal(s))
    do(s, "unit peasants-1")
    c = s.g.combat
    assert c is not None
    assert "physical" in unit_resistances(c, T, c.units[0]) and "physical" not in unit_resistances(c, T, c.units[1])


def test_force_of_nature_basic_needs_a_unit_in_a_combat() -> None:
    s = turn("force-of-nature", units="peasants")
    assert "play force-of-nature basic" not in legal(s)
    s = in_phase(turn("force-of-nature", faces="green red red red", fight="prowlers"), "block")
    assert "play force-of-nature basic" not in legal(s)  # no Unit in this combat
    do(s, "play force-of-nature powered", "choose 2", "pay green die-1")


# ---- Blood of Ancients (facts 3.1) ------------------------------------------------------------

def test_blood_of_ancients_powered_a_wound_then_an_offered_cards_powered_effect_free() -> None:
    s = turn("blood-of-ancients", faces="red red red red")
    s.g.aa_offer = ["fire-bolt", "refreshing-walk"]
    s.cached = None
    do(s, "play blood-of-ancients powered", "wound hand")
    assert "learn refreshing-walk" in taken(s)  # Fire Bolt's Ranged Attack is for a combat
    do(s, "learn refreshing-walk", "pay red die-1")
    p = me(s)
    assert p.move_points == 4 and p.hand.count(WOUND) == 0  # Move 4, and Heal 2 heals the Wound just taken
    assert s.g.aa_offer == ["fire-bolt", "refreshing-walk"] and "refreshing-walk" not in p.hand


# ---- random games holding these cards (property) ----------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_cards_offered_last_in_hand_keep_the_invariants(seed: int) -> None:
    """Random games where each hero also holds the cards below (Savage Harvesting to Call to Arms), with Units: every
    decision has a legal action, refusals are errors with a rule, texts hide what views hide,
    and the game ends (Time Bending's extra turn too)."""
    from random_play import play_checked

    cards = ["savage-harvesting", "rush-of-adrenaline", "force-of-nature", "blood-of-ancients", "charm", "mana-claim",
             "wings-of-wind", "underground-travel", "space-bending", "call-to-arms"]
    s = GAME.new_state(2 + seed, 700 + seed)
    for i, p in enumerate(s.g.players):
        p.command = 3
        p.units = [["peasants", 0, False], ["foresters", 0, False]]
        p.crystals = dict.fromkeys(p.crystals, 1)
        p.deck += cards[i::len(s.g.players)] + cards[:3]
    s.cached = None
    actions = play_checked(GAME, s, seed, check_state, salt=0x4D43, views=check_views, views_every=23, texts_every=7)
    assert s.over and any(a.startswith("play ") for a in actions)


def test_magic_talent_basic_discard_a_card_then_an_offered_spell_of_its_colour_played_as_if_in_hand() -> None:
    """Facts 3.1, Magic Talent: "discard a card of any colour -> this turn you may play one Spell of
    that colour from the Spell offer as if in hand (it stays in the offer)": the Spell's own mana is
    paid, as for a Spell in the hand (our reading: played at once, its basic effect)."""
    s = turn("magic-talent stamina rage", faces="blue red green white")
    s.g.spell_offer = ["mist-form", "charm", "fireball"]
    s.cached = None
    do(s, "play magic-talent basic")
    assert legal(s) == ["discard stamina"]  # Rage's red Spell, Fireball, is a combat's only
    do(s, "discard stamina")
    assert "learn mist-form" in taken(s)  # the blue Spell of the offer
    do(s, "learn mist-form")
    assert "pay blue die-1" in taken(s)  # the Spell's blue mana, its one source
    do(s, "pay blue die-1")
    p = me(s)
    assert p.move_points == 4 and p.discard == ["stamina"] and p.hand == ["rage"]
    assert s.g.spell_offer == ["mist-form", "charm", "fireball"] and "magic-talent" in p.play_area
    assert 0 in s.g.source_used
    s = turn("magic-talent rage", faces="blue blue blue blue")  # red Spell offered, no red mana to pay it
    s.g.spell_offer = ["fireball"]
    s.cached = None
    assert "play magic-talent basic" not in legal(s)
