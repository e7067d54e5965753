"""Mage Knight card plays that need a choice (a colour, a Source die, an enemy, another card, a
Unit), skills, Units' abilities outside combat and disbanding, each as a short sequence of small
decisions from a hand-set position of a real game."""

from __future__ import annotations

import pytest
from mk_positions import (
    GAME,
    check_state,
    check_views,
    do,
    in_phase,
    legal,
    me,
    night_turn,
    tactics_time,
    taken,
    turn,
)

from boardrules.engine import Action
from boardrules.games.mage_knight.cards.deck import WOUND

# ---- Basic Actions with a choice (facts 2.1) ----------------------------------------------------

def test_crystallize_pay_one_mana_of_a_basic_colour_gain_a_crystal_of_it_as_decisions() -> None:
    s = turn("crystallize march")
    do(s, "play crystallize basic")
    assert legal(s) == ["colour red", "colour blue", "colour green", "colour white"]
    do(s, "colour green")
    assert "pay green die-3" in taken(s)  # only the green die pays green
    do(s, "pay green die-3")
    assert me(s).crystals["green"] == 1 and s.play == [] and "crystallize" in me(s).play_area


def test_crystallize_powered_a_crystal_of_any_basic_colour_as_decisions() -> None:
    s = turn("crystallize")
    do(s, "play crystallize powered", "colour white", "pay blue die-2")
    assert me(s).crystals["white"] == 1


def test_concentration_basic_a_blue_white_or_red_mana_token_as_decisions() -> None:
    s = turn("concentration")
    do(s, "play concentration basic")
    assert legal(s) == ["choose 1", "choose 2", "choose 3"]
    do(s, "choose 3")
    assert me(s).mana["red"] == 1


def test_concentration_powered_another_cards_powered_effect_free_plus_2_as_decisions() -> None:
    s = turn("concentration march crystallize", faces="green green red blue")
    do(s, "play concentration powered")
    assert legal(s) == ["power crystallize", "power march"]
    do(s, "power march", "pay green die-1")
    p = me(s)
    assert p.move_points == 6 and sorted(p.play_area) == ["concentration", "march"]


def test_concentration_powered_then_the_other_cards_own_choice() -> None:
    s = turn("concentration crystallize", faces="green green red blue")
    do(s, "play concentration powered", "power crystallize")
    assert legal(s) == ["colour red", "colour blue", "colour green", "colour white"]
    do(s, "colour red", "pay green die-2")
    assert me(s).crystals["red"] == 1


def test_power_of_crystals_basic_a_crystal_of_a_colour_you_have_none_of() -> None:
    s = turn("power-of-crystals")
    me(s).crystals["red"] = 1
    s.cached = None
    do(s, "play power-of-crystals basic")
    assert legal(s) == ["colour blue", "colour green", "colour white"]
    do(s, "colour blue")
    assert me(s).crystals == {"red": 1, "blue": 1, "green": 0, "white": 0}


def test_power_of_crystals_powered_plus_per_set_of_four_crystal_colours() -> None:
    s = turn("power-of-crystals", faces="green red red red")
    me(s).crystals.update(red=1, blue=2, green=1, white=1)
    s.cached = None
    do(s, "play power-of-crystals powered", "choose 1", "pay green die-1")
    assert me(s).move_points == 6


def test_crystal_mastery_basic_a_crystal_of_a_colour_you_already_have() -> None:
    s = turn("crystal-mastery")
    me(s).crystals["white"] = 2
    s.cached = None
    do(s, "play crystal-mastery basic")
    assert "colour white" in taken(s)
    do(s, "colour white")
    assert me(s).crystals["white"] == 3


def test_improvisation_discard_another_non_wound_card_for_3_or_5_as_decisions() -> None:
    s = turn(f"improvisation march rage {WOUND}")
    do(s, "play improvisation basic", "choose 2")
    assert legal(s) == ["discard march", "discard rage"]  # never a Wound, never itself
    do(s, "discard rage")
    p = me(s)
    assert p.influence_points == 3 and p.discard == ["rage"] and p.hand == ["march", WOUND]


def test_improvisation_needs_another_card_to_discard() -> None:
    s = turn(f"improvisation {WOUND}")
    assert not any(t.startswith("play improvisation basic") for t in legal(s))
    assert "play improvisation move" in legal(s)  # sideways needs nothing else


def test_mana_draw_powered_choose_the_colour_and_the_die_as_decisions() -> None:
    s = turn("mana-draw", faces="white gold red blue")
    do(s, "play mana-draw powered")
    assert "colour gold" not in legal(s) and "colour black" in legal(s)
    do(s, "colour green", "die 3")
    assert legal(s) == ["pay white die-1", "pay white die-2"]  # gold pays white by Day
    do(s, "pay white die-1")
    assert me(s).mana["green"] == 2 and s.g.source[2] == "green"


def test_enemy_effect_names_its_target_as_a_decision() -> None:
    s = turn("march", skills="resistance-break", fight="ironclads, prowlers")
    do(s, "skill resistance-break")
    assert "enemy 1" in taken(s)  # the Prowlers have no resistance: Armor -0 is no effect
    do(s, "enemy 1")  # the Ironclads resist physical attacks: Armor -1
    c = s.g.combat
    assert c is not None and c.enemies[0].armor_cut == 1 and c.enemies[1].armor_cut == 0


def test_ready_effect_names_the_spent_unit_as_a_decision() -> None:
    s = turn("rejuvenate", units="peasants:spent herbalists")
    do(s, "play rejuvenate basic", "choose 4")
    assert "ready peasants-1" in taken(s)
    do(s, "ready peasants-1")
    assert me(s).units[0] == ["peasants", 0, False]


def test_a_pending_play_shows_only_its_own_next_step() -> None:
    s = turn("crystallize march")
    do(s, "play crystallize basic")
    assert {a.split()[0] for a in legal(s)} == {"colour"}
    assert "is not one of the choices" in GAME.explain_illegal(s, Action.parse("move 1:0"))[0]


# ---- skills (facts 3.5) ----------------------------------------------------------------------

def test_using_skills_offered_once_a_turn_with_a_day_or_night_option() -> None:
    s = turn("march", skills="double-time")
    do(s, "skill double-time")
    assert "choose 1" in taken(s)  # Move 1 is the Night's option
    do(s, "choose 1")
    assert me(s).move_points == 2 and "skill double-time" not in legal(s)


def test_using_skills_forward_march_move_per_ready_unit_not_offered_with_none() -> None:
    s = turn("march", skills="forward-march", units="peasants:spent herbalists:spent", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    assert "skill forward-march" not in legal(s)  # was a pydantic error: Move 0 in a combat
    s = turn("march", skills="forward-march", units="peasants herbalists:spent foresters")
    do(s, "skill forward-march")
    assert me(s).move_points == 2


def test_using_skills_a_choice_in_a_combat() -> None:
    s = turn("march", skills="shield-mastery", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    do(s, "skill shield-mastery", "choose 2")
    c = s.g.combat
    assert c is not None and ("block", "fire", 2) in [x[:3] for x in c.pool]


def test_using_skills_passive_and_special_skills_are_not_offered() -> None:
    s = turn("march", skills="tovak-motivation")
    s.g.players[s.g.current].fame = 5  # not the least Fame: draw 2 only
    s.cached = None
    assert "skill tovak-motivation" in legal(s)
    s2 = turn("march", skills="mana-overload bonds-of-loyalty")  # a cooperative one, not played; a passive one
    assert not any(t.startswith("skill") for t in legal(s2))
    assert "not playable yet" in GAME.explain_illegal(s2, Action.parse("skill mana-overload"))[0]
    assert "always in effect" in GAME.explain_illegal(s2, Action.parse("skill bonds-of-loyalty"))[0]


# ---- Units outside combat, disbanding (facts 3.4, 5.6) ---------------------------------------

def test_units_influence_and_move_outside_combat_spend_the_unit() -> None:
    s = turn("march", units="peasants")
    assert {"activate peasants-1 influence", "activate peasants-1 move"} <= set(legal(s))
    assert "activate peasants-1 attack" not in legal(s)
    do(s, "activate peasants-1 move")
    assert me(s).move_points == 2 and me(s).units[0][2]
    assert not any(t.startswith("activate") for t in legal(s))
    assert "Spent" in GAME.explain_illegal(s, Action.parse("activate peasants-1 influence"))[0]


def test_units_herbalists_heal_paid_with_green_mana() -> None:
    s = turn(f"march {WOUND} {WOUND}", units="herbalists", faces="red blue white white")
    assert "activate herbalists-1 heal" not in legal(s)  # no green mana
    s = turn(f"march {WOUND} {WOUND}", units="herbalists", faces="green blue white white")
    do(s, "activate herbalists-1 heal", "pay green die-1")
    assert me(s).hand == ["march"]


def test_units_mana_token_of_a_chosen_colour() -> None:
    s = turn("march", units="altem-mages")
    do(s, "activate altem-mages-1 mana", "colour black")
    assert me(s).mana["black"] == 2


def test_units_wounded_units_cannot_be_activated_outside_combat() -> None:
    s = turn("march", units="peasants:wounded")
    assert not any(t.startswith("activate") for t in legal(s))
    assert "Wounded" in GAME.explain_illegal(s, Action.parse("activate peasants-1 move"))[0]


def test_recruiting_over_the_command_limit_disbands_a_unit_first() -> None:
    s = turn("march", units="peasants")
    g = s.g
    p = me(s)
    g.unit_offer = ["foresters"]
    p.influence_points = 9
    # stand on a village to interact
    village = next(h for h, (tile, i) in g.spaces.items() if GAME.t.tile[tile].hexes[i].site == "village")
    p.position = village
    s.cached = None
    do(s, "recruit foresters")
    assert "disband peasants-1" in taken(s)
    do(s, "disband peasants-1")
    assert [u[0] for u in me(s).units] == ["foresters"] and "peasants" not in g.unit_offer


def test_a_hand_of_only_wounds_at_the_start_of_the_turn_is_a_slow_recovery() -> None:
    s = turn(f"{WOUND} {WOUND}", units="peasants")
    assert set(legal(s)) <= {"rest wound", "announce"}


def test_not_offered_list_names_every_card_with_a_special_not_played() -> None:
    from pathlib import Path

    from boardrules.games.mage_knight.cards.effects import SIDES_WAITING, special_played

    text = (Path(__file__).parents[3] / "docs/mage-knight/coverage.md").read_text()
    listed = text.split("### Not offered yet", 1)[1]
    for card in GAME.t.cards:
        waiting = {e.name for how, side in (("basic", card.basic), ("powered", card.powered)) for o in side
                   for e in o if e.type == "special" and (not special_played(e.name) or (card.id, how) in SIDES_WAITING)}
        assert (f"`{card.id}`" in listed) == bool(waiting), card.id


def test_hidden_information_a_card_of_the_hand_is_named_to_others_only_where_the_action_shows_it() -> None:
    from random_play import check_action_texts

    s = turn("improvisation march rage")
    other = 1 - s.g.current
    do(s, "play improvisation basic", "choose 1")
    check_action_texts(GAME, s)
    assert GAME.action_text(s, Action.parse("discard rage"), other) == "discard rage"  # the discard pile is seen
    assert GAME.action_text(s, Action.parse("discard rage"), s.g.current) == "discard rage"


# ---- Advanced Actions with their own mechanisms (facts 3.1) ------------------------------------

def test_pure_magic_the_colour_of_the_mana_paid_chooses_the_effect() -> None:
    s = turn("pure-magic", faces="white green red blue")
    do(s, "play pure-magic basic")
    assert legal(s) == ["colour green", "colour white"]  # blue Block and red Attack: in a combat
    do(s, "colour green", "pay green die-2")
    assert me(s).move_points == 4 and me(s).crystals == {"red": 0, "blue": 0, "green": 0, "white": 0}


def test_pure_magic_powered_7_paid_with_blue_then_the_effects_mana() -> None:
    s = turn("pure-magic", faces="blue white red red")
    me(s).crystals["white"] = 1
    s.cached = None
    do(s, "play pure-magic powered", "colour white", "pay blue die-1", "pay white crystal")
    assert me(s).influence_points == 7


def test_decompose_throw_away_an_action_card_two_crystals_of_its_colour() -> None:
    s = turn("decompose rage march")
    do(s, "play decompose basic")
    assert legal(s) == ["throw march", "throw rage"]
    do(s, "throw rage")
    p = me(s)
    assert p.crystals["red"] == 2 and p.thrown == ["rage"] and p.hand == ["march"]


def test_decompose_powered_a_crystal_of_each_other_basic_colour() -> None:
    s = turn("decompose march", faces="red red red red")
    do(s, "play decompose powered", "throw march", "pay red die-1")
    assert me(s).crystals == {"red": 1, "blue": 1, "green": 0, "white": 1}


def test_ritual_attack_the_thrown_cards_colour_chooses_the_attack() -> None:
    s = turn("ritual-attack stamina rage", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play ritual-attack basic", "throw stamina")
    assert "choose 2" in taken(s)  # blue: Ice Attack 3
    do(s, "choose 2")
    c = s.g.combat
    assert c is not None and ("attack", "ice", 3) in [x[:3] for x in c.pool]


def test_maximal_effect_the_thrown_cards_basic_effect_three_times() -> None:
    s = turn("maximal-effect march promise")
    do(s, "play maximal-effect basic", "throw march")
    assert me(s).move_points == 6 and me(s).thrown == ["march"]


def test_maximal_effect_powered_its_powered_effect_twice_free() -> None:
    s = turn("maximal-effect promise", faces="red red red red")
    do(s, "play maximal-effect powered", "throw promise", "pay red die-1")
    assert me(s).influence_points == 8


def test_training_throw_away_an_action_card_an_advanced_action_of_its_colour() -> None:
    s = turn("training rage")
    s.g.aa_offer = ["ice-shield", "decompose", "pure-magic"]  # blue, red, blue
    s.cached = None
    do(s, "play training basic", "throw rage")
    assert "learn decompose" in taken(s)
    do(s, "learn decompose")
    p = me(s)
    assert p.discard == ["decompose"] and p.thrown == ["rage"] and "decompose" not in s.g.aa_offer


def test_learning_6_influence_buys_an_offered_advanced_action_to_the_discard_pile() -> None:
    s = turn("learning")
    s.g.aa_offer = ["ice-shield"]
    me(s).influence_points = 4
    s.cached = None
    do(s, "play learning basic", "learn ice-shield")
    p = me(s)
    assert p.influence_points == 0 and p.discard == ["ice-shield"]


def test_blood_of_ancients_a_wound_and_a_mana_for_an_advanced_action_of_its_colour_to_hand() -> None:
    s = turn("blood-of-ancients", faces="blue green green green")
    s.g.aa_offer = ["ice-shield", "decompose"]
    s.cached = None
    do(s, "play blood-of-ancients basic", "colour blue", "pay blue die-1")
    assert "learn ice-shield" in taken(s)
    do(s, "learn ice-shield")
    assert sorted(me(s).hand) == ["ice-shield", WOUND]


def test_spell_forge_basic_a_crystal_of_the_colour_of_an_offered_spell() -> None:
    s = turn("spell-forge")
    s.g.spell_offer = [x.id for x in GAME.t.cards if x.kind == "spell" and x.colours == ("red",)][:1]
    s.cached = None
    do(s, "play spell-forge basic")
    assert "colour red" in taken(s)
    do(s, "colour red")
    assert me(s).crystals["red"] == 1


def test_mana_storm_basic_a_crystal_of_a_basic_die_and_the_die_rerolled() -> None:
    s = turn("mana-storm", faces="gold black green white")
    do(s, "play mana-storm basic")
    assert legal(s) == ["die 3", "die 4"]
    do(s, "die 3")
    assert me(s).crystals["green"] == 1


def test_one_with_the_land_powered_block_equal_to_the_move_cost_of_your_space() -> None:
    s = turn("one-with-the-land", faces="green green green green", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    do(s, "play one-with-the-land powered", "choose 3", "pay green die-1")
    c = s.g.combat
    assert c is not None and ("block", "fire", 2) in [x[:3] for x in c.pool]  # the portal: plains, 2 by Day


# ---- Tactics taken (facts 3.6) -------------------------------------------------------------------

def test_tactics_great_start_when_taken_draw_two_cards() -> None:
    s = tactics_time()
    d = GAME.decision(s)
    assert d is not None
    p = s.g.players[d.player]
    before = len(p.hand)
    do(s, "tactic great-start")
    assert len(s.g.players[d.player].hand) == before + 2


def test_tactics_rethink_discard_up_to_three_draw_as_many_shuffle_the_discard_pile_in() -> None:
    s = turn(f"march march {WOUND} rage promise")
    p = me(s)
    p.tactic = "rethink"
    deck = len(p.deck)
    s.cached = None
    do(s, "use-tactic rethink")
    assert legal(s) == ["rethink march", "rethink promise", "rethink rage", f"rethink {WOUND}", "rethink done"]
    do(s, f"rethink {WOUND}", "rethink march")
    assert "rethink march" in legal(s)  # the second copy
    do(s, "rethink done")
    p = me(s)
    assert len(p.hand) == 5 and p.discard == [] and len(p.deck) == deck
    assert p.hand.count(WOUND) + p.deck.count(WOUND) == 1 and s.play == []
    assert "use-tactic rethink" not in legal(s)


def test_tactics_rethink_at_most_three_cards_and_only_before_anything_else_of_the_turn() -> None:
    s = turn("march march rage promise stamina")
    me(s).tactic = "rethink"
    s.cached = None
    do(s, "use-tactic rethink", "rethink march", "rethink rage", "rethink promise")
    assert legal(s) == ["rethink done"]  # a pick never ends it: the log shows what the view showed
    s = turn("march march rage promise stamina")
    me(s).tactic = "rethink"
    s.cached = None
    do(s, "play march basic")
    assert "use-tactic rethink" not in legal(s)  # the moment has passed


def test_tactics_preparation_any_card_of_the_deck_into_the_hand_hidden_from_the_others() -> None:
    s = turn("march", night=True)
    who = s.g.current
    p = me(s)
    p.tactic = "preparation"
    p.deck = ["rage", "crystallize", "march"]
    s.cached = None
    do(s, "use-tactic preparation")
    assert legal(s) == ["prepare crystallize", "prepare march", "prepare rage"]
    a = Action.parse("prepare crystallize")
    assert GAME.action_text(s, a, 1 - who) == "prepare a-card" and GAME.action_text(s, a, None) == "prepare a-card"
    assert GAME.action_text(s, a, who) == "prepare crystallize"
    from random_play import check_action_texts
    check_action_texts(GAME, s)
    do(s, "prepare crystallize")
    p = me(s)
    assert "crystallize" in p.hand and sorted(p.deck) == ["march", "rage"]


def test_rewards_unit_with_no_free_command_token_disband_one_first() -> None:
    s = turn("march", units="peasants")
    g = s.g
    p = me(s)
    g.unit_offer = ["foresters", "herbalists"]
    p.pending = ["unit"]
    s.turn_begun = False
    s.cached = None
    assert legal(s) == ["take unit foresters", "take unit herbalists"]
    who = s.g.current
    do(s, "take unit herbalists")
    assert "disband peasants-1" in taken(s)
    do(s, "disband peasants-1")
    p = s.g.players[who]
    assert [u[0] for u in p.units] == ["herbalists"] and p.pending == []


# ---- skills with their own mechanisms (facts 3.5) ----------------------------------------------

def test_i_feel_no_pain_outside_combat_discard_a_wound_draw_a_card() -> None:
    s = turn(f"march {WOUND}", skills="i-feel-no-pain")
    me(s).deck = ["rage"]
    s.cached = None
    do(s, "skill i-feel-no-pain")
    p = me(s)
    assert sorted(p.hand) == ["march", "rage"] and p.discard == [WOUND]
    s2 = turn("march", skills="i-feel-no-pain")
    assert "skill i-feel-no-pain" not in legal(s2)  # no Wound in hand


def test_invocation_a_wound_for_red_or_black_another_card_for_white_or_green() -> None:
    s = turn(f"march {WOUND}", skills="invocation", night=True)  # by Day black is not offered (skills/test_hero_skills.py)
    do(s, "skill invocation")
    assert legal(s) == ["discard march", f"discard {WOUND}"]
    do(s, f"discard {WOUND}")
    assert legal(s) == ["colour red", "colour black"]
    do(s, "colour black")
    p = me(s)
    assert p.mana["black"] == 1 and p.hand == ["march"] and p.discard == [WOUND]


def test_invocation_discarding_the_last_card_counts_as_the_turns_card_so_the_turn_can_end() -> None:
    s = turn("march", skills="invocation")
    do(s, "skill invocation", "discard march", "colour white")
    assert me(s).hand == [] and "end-turn" in legal(s)  # facts 5.4: a card was discarded (found merged)


def test_inspiration_outside_combat_ready_or_heal_one_unit() -> None:
    s = turn("march", units="peasants:spent herbalists:wounded foresters", skills="inspiration")
    do(s, "skill inspiration")
    assert legal(s) == ["ready peasants-1", "ready herbalists-1"]
    do(s, "ready herbalists-1")
    assert me(s).units[1] == ["herbalists", 0, False]


def test_tactics_long_night_with_an_empty_deck_three_random_cards_of_the_discard_pile_back() -> None:
    s = night_turn("march", "long-night")
    p = me(s)
    p.deck, p.discard = [], ["rage", "promise", "stamina", "swiftness"]
    s.cached = None
    do(s, "use-tactic long-night")
    p = me(s)
    assert len(p.deck) == 3 and len(p.discard) == 1 and sorted(p.deck + p.discard) == ["promise", "rage", "stamina",
                                                                                      "swiftness"]
    assert "use-tactic long-night" not in legal(s)  # once this Night


def test_tactics_midnight_meditation_up_to_five_cards_shuffled_in_and_as_many_drawn_unseen() -> None:
    s = night_turn(f"march rage {WOUND}", "midnight-meditation")
    me(s).deck = ["promise", "promise", "promise"]
    s.cached = None
    do(s, "use-tactic midnight-meditation")
    who = s.g.current
    assert GAME.action_text(s, Action.parse(f"meditate {WOUND}"), 1 - who) == "meditate a-card"
    do(s, f"meditate {WOUND}", "meditate rage")
    assert legal(s) == ["meditate march", "meditate done"]
    do(s, "meditate done")
    p = me(s)
    assert len(p.hand) == 3 and len(p.deck) == 3 and sorted(p.hand + p.deck) == sorted(
        ["march", "rage", WOUND, "promise", "promise", "promise"])
    assert "use-tactic midnight-meditation" not in legal(s)


def test_tactics_mana_search_reroll_up_to_two_dice_depleted_gold_first_at_night() -> None:
    s = night_turn("march", "mana-search", faces="gold blue red gold")
    do(s, "use-tactic mana-search")
    assert legal(s) == ["reroll 1", "reroll 4", "reroll done"]  # the depleted gold dice first
    do(s, "reroll 4")
    assert legal(s) == ["reroll 1", "reroll done"]
    do(s, "reroll 1")
    assert "reroll done" in taken(s)
    do(s, "reroll done")
    assert s.g.source[1:3] == ["blue", "red"] and "use-tactic mana-search" not in legal(s)
    from boardrules.games.mage_knight.skills.using import turn_skills_face_up
    me(s).skills_used.append("tactic:long-night")
    turn_skills_face_up(GAME.t, s.g, s.g.current)  # the end of the turn: once a turn again
    assert me(s).skills_used == ["tactic:long-night"]


# ---- Spells with their own mechanisms (facts 3.2) -----------------------------------------------

def test_mana_bolt_the_colour_of_the_extra_mana_chooses_the_attack() -> None:
    s = in_phase(turn("mana-bolt", faces="blue gold gold gold", fight="prowlers"), "attack")
    me(s).crystals.update(red=1, green=1)
    s.cached = None
    do(s, "play mana-bolt basic")
    assert legal(s) == ["colour red", "colour green"]  # blue and white: no mana left to pay them
    do(s, "colour red", "pay blue die-1", "pay red crystal")
    c = s.g.combat
    assert c is not None and ("attack", "cold-fire", 7) in [x[:3] for x in c.pool]


def test_restoration_heal_3_or_5_in_a_forest() -> None:
    s = turn(f"restoration {WOUND} {WOUND} {WOUND} {WOUND} {WOUND}", faces="green red red red")
    forest = next(h for h, (tile, i) in s.g.spaces.items() if GAME.t.tile[tile].hexes[i].terrain == "forest")
    me(s).position = forest
    s.cached = None
    do(s, "play restoration basic", "pay green die-1")
    assert me(s).hand == []
    s = turn(f"restoration {WOUND} {WOUND} {WOUND} {WOUND} {WOUND}", faces="green red red red")
    do(s, "play restoration basic", "pay green die-1")
    assert me(s).hand == [WOUND, WOUND]


def test_tremor_armor_minus_2_on_all_enemies_reaches_every_enemy() -> None:
    s = in_phase(turn("tremor", faces="green red red red", fight="guardsmen, prowlers"), "ranged")
    do(s, "play tremor basic", "choose 2", "pay green die-1")
    c = s.g.combat
    assert c is not None and [e.armor_cut for e in c.enemies] == [2, 2]  # 'all' was refused as needing an enemy


def test_tremor_earthquake_the_armor_reduction_doubled_against_fortified_enemies() -> None:
    s = in_phase(turn("tremor", faces="green red red red", fight="guardsmen, prowlers", night=True), "ranged")
    me(s).mana["black"] = 1
    s.cached = None
    do(s, "play tremor powered", "choose 2", "pay green die-1", "pay black token")
    c = s.g.combat
    assert c is not None and [e.armor_cut for e in c.enemies] == [4, 2]  # the Guardsmen are fortified


def test_offering_a_red_crystal_and_a_crystal_per_discarded_card_of_its_colour() -> None:
    s = turn("offering march stamina rage", faces="red red red red")
    do(s, "play offering basic", "pay red die-1")
    assert legal(s) == ["offer march", "offer rage", "offer stamina", "offer done"]
    do(s, "offer march", "offer stamina", "offer done")
    p = me(s)
    assert p.crystals == {"red": 1, "blue": 1, "green": 1, "white": 0} and p.hand == ["rage"]
    assert sorted(p.discard) == ["march", "stamina"]


def test_whirlwind_tornado_destroys_one_enemy_in_the_attack_phase_not_an_arcane_immune_one() -> None:
    s = in_phase(turn("whirlwind", faces="white red red red", fight="prowlers, sorcerers", night=True), "attack")
    me(s).mana["black"] = 1
    s.cached = None
    do(s, "play whirlwind powered")
    assert "enemy 1" in taken(s)  # the Sorcerers are Arcane Immune
    do(s, "enemy 1", "pay white die-1", "pay black token")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.fame == GAME.t.enemy["prowlers"].fame


def test_mana_pull_powered_set_two_source_dice_a_token_of_each_the_dice_keep_their_faces() -> None:
    s = turn("mana-pull", faces="white gold blue green")
    do(s, "play mana-pull powered", "die 2", "colour black")
    assert "die 2" not in legal(s) and "die 1" not in legal(s)  # die 1 alone pays the card's white
    do(s, "die 4", "colour white", "pay white die-1")
    p = me(s)
    assert p.mana["black"] == 1 and p.mana["white"] == 1
    assert s.g.source == ["white", "black", "blue", "white"] and sorted(s.g.source_kept) == [1, 3]


def test_stout_resolve_plus_1_for_a_wound_discarded() -> None:
    s = turn(f"stout-resolve {WOUND} march")
    do(s, "play stout-resolve basic", "choose 2")
    assert legal(s) == [f"shed {WOUND}", "shed done"]
    do(s, f"shed {WOUND}", "shed done")
    p = me(s)
    assert p.influence_points == 3 and p.discard == [WOUND] and p.hand == ["march"]


def test_stout_resolve_powered_plus_2_per_card_discarded_at_most_one_wound() -> None:
    s = turn(f"stout-resolve {WOUND} {WOUND} march rage", faces="green red red red")
    do(s, "play stout-resolve powered", "choose 1", "pay green die-1", f"shed {WOUND}")
    assert f"shed {WOUND}" not in legal(s)
    do(s, "shed march", "shed done")
    assert me(s).move_points == 7


def test_stout_resolve_powered_a_play_that_cannot_complete_is_not_tried_in_every_order_of_the_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a play can complete is tried on copies; which cards are discarded for a bonus never
    decides it, so a play that cannot complete (Attack outside a combat) is refused after a few
    tries, not after every order of every subset of the hand (7 cards: about 13,700)."""
    import boardrules.games.mage_knight.actions.card_plays as card_plays

    s = turn("stout-resolve march rage swiftness stamina tranquility promise threaten", faces="green red red red")
    do(s, "play stout-resolve powered")
    calls = 0
    real = card_plays._completes

    def counted(*args: object) -> bool:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(card_plays, "_completes", counted)
    s.cached = None
    assert legal(s) == ["choose 1", "choose 2"]  # no Attack or Block outside a combat
    assert calls < 500


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_every_skill_units_and_choice_cards_keep_the_invariants(seed: int) -> None:
    """Random games where each hero holds all their skills, two Units and cards that ask for
    choices: every decision has a legal action, refusals are errors with a rule, texts hide
    what views hide."""
    from random_play import play_checked

    units = ["peasants", "herbalists", "foresters", "altem-mages", "thugs", "magic-familiars"]
    s = GAME.new_state(2 + seed, 300 + seed)
    for i, p in enumerate(s.g.players):
        p.skills = [k for k in p.skill_pile if GAME.t.skill[k].type != "interactive"]
        p.skill_pile = [k for k in p.skill_pile if k not in p.skills]  # (a level-up never deals one twice)
        p.command = 3
        p.units = [[units[(seed + i + j) % len(units)], 0, False] for j in range(2)]
        p.crystals = dict.fromkeys(p.crystals, 1)
        p.hand += ["pure-magic", "decompose", "stout-resolve", "tremor", "mana-bolt", "offering"][i::2]
    s.cached = None
    actions = play_checked(GAME, s, seed, check_state, salt=0x4D4C, views=check_views, views_every=31, texts_every=11)
    assert s.over and any(a.startswith("skill") for a in actions) and any(a.startswith("activate") for a in actions)


def test_ruthless_coercion_powered_ready_level_1_2_units_for_2_influence_per_level() -> None:
    s = turn("ruthless-coercion", faces="red red red red", units="peasants:spent herbalists:spent altem-mages:spent")
    do(s, "play ruthless-coercion powered", "pay red die-1")
    assert legal(s) == ["coerce peasants-1", "coerce herbalists-1", "coerce done"]  # not the level IV Mages
    do(s, "coerce herbalists-1", "coerce peasants-1", "coerce done")
    p = me(s)
    cost = 2 * (GAME.t.unit["herbalists"].level + GAME.t.unit["peasants"].level)
    assert p.influence_points == 6 - cost and [u[2] for u in p.units] == [False, False, True]


def test_concentration_powers_improvisation_which_asks_for_the_card_to_discard() -> None:
    s = turn("concentration improvisation march", faces="green green red blue")
    do(s, "play concentration powered", "power improvisation", "choose 1", "pay green die-1")
    assert legal(s) == ["discard march"]  # from the hand: neither Concentration nor Improvisation
    do(s, "discard march")
    p = me(s)
    assert p.move_points == 7 and p.discard == ["march"] and p.hand == []  # Move 5, +2
    assert sorted(p.play_area) == ["concentration", "improvisation"]


def test_concentration_cannot_power_improvisation_with_no_other_card_to_discard() -> None:
    s = turn("concentration improvisation", faces="green green red blue")
    assert "play improvisation basic" in legal(s) and "play concentration powered" not in legal(s)
    s = turn("concentration improvisation march", faces="green green red blue")
    assert "play concentration powered" in legal(s)


def test_two_colour_card_powered_pays_exactly_the_colour_named() -> None:
    s = turn("power-of-crystals", faces="red red red red")  # green and blue: no die pays it
    me(s).mana.update(green=1, blue=1)
    s.cached = None
    do(s, "play power-of-crystals powered", "choose 1")
    assert legal(s) == ["pay blue token", "pay green token"]
    do(s, "pay blue token")
    p = me(s)
    assert p.mana["blue"] == 0 and p.mana["green"] == 1 and p.move_points == 4
