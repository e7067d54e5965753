"""The hero, Advanced Action and Spell cards offered last (specials_actions_2.py,
specials_spells.py; facts 2.3, 3.1, 3.2): each from a hand-set position, basic and powered,
through ``play CARD HOW`` and its steps."""

from __future__ import annotations

import pytest
from mk_positions import combat
from test_mk_decisions import GAME, do, in_phase, legal, me, refusal, turn

from boardrules.games.mage_knight.cards.deck import WOUND, take_wounds
from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
from boardrules.games.mage_knight.combat.damage import unit_resistances
from boardrules.games.mage_knight.game_state import MKState, clear_marks
from boardrules.games.mage_knight.rounds.turn import start_turn

T = GAME.t


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
    assert legal(s) == ["learn refreshing-walk"]  # Fire Bolt's Ranged Attack is for a combat
    do(s, "learn refreshing-walk", "pay red die-1")
    p = me(s)
    assert p.move_points == 4 and p.hand.count(WOUND) == 0  # Move 4, and Heal 2 heals the Wound just taken
    assert s.g.aa_offer == ["fire-bolt", "refreshing-walk"] and "refreshing-walk" not in p.hand


# ---- Charm (facts 3.2) ------------------------------------------------------------------------

def _at_village(s: MKState) -> MKState:
    g = s.g
    me(s).position = next(h for h, (tile, i) in g.spaces.items() if T.tile[tile].hexes[i].site == "village")
    s.cached = None
    return s


def test_charm_basic_influence_4_and_in_an_interaction_a_crystal_of_a_chosen_colour() -> None:
    s = _at_village(turn("charm", faces="white red red red"))
    do(s, "play charm basic")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 1", "colour green", "pay white die-1")
    assert me(s).influence_points == 4 and me(s).crystals["green"] == 1


def test_charm_basic_in_an_interaction_a_unit_3_influence_cheaper_without_reputation_lost() -> None:
    s = _at_village(turn("charm", faces="white red red red"))
    s.g.unit_offer = ["peasants"]  # cost 4
    do(s, "play charm basic", "choose 2", "pay white die-1")
    rep = me(s).reputation
    do(s, "recruit peasants")
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants"] and p.influence_points == 3 and p.reputation == rep


def test_charm_basic_without_an_interaction_influence_4_only() -> None:
    s = turn("charm", faces="white red red red")
    do(s, "play charm basic", "pay white die-1")
    assert me(s).influence_points == 4 and sum(me(s).crystals.values()) == 0


# ---- Wings of Night (facts 3.2, errata) -------------------------------------------------------

def _wings(move: int) -> MKState:
    s = in_phase(turn("wings-of-wind", faces="white red red red", fight="prowlers, prowlers, prowlers", night=True),
                 "ranged")
    me(s).mana["black"] = 1
    c = s.g.combat
    assert c is not None
    c.move_points = move
    s.cached = None
    return s


def test_wings_of_night_one_enemy_free_the_second_for_1_move_the_third_for_2() -> None:
    s = _wings(3)
    do(s, "play wings-of-wind powered", "enemy 2", "pay white die-1", "pay black token")
    assert legal(s) == ["also 1", "also 3", "also done"]
    do(s, "also 3")
    assert legal(s) == ["also 1", "also done"]
    do(s, "also 1", "also done")
    c = s.g.combat
    assert c is not None and all(e.prevented for e in c.enemies) and c.move_points == 0


def test_wings_of_night_without_move_one_enemy_only() -> None:
    s = _wings(0)
    do(s, "play wings-of-wind powered", "enemy 1", "pay white die-1", "pay black token")
    assert legal(s) == ["also done"]
    do(s, "also done")
    c = s.g.combat
    assert c is not None and [e.prevented for e in c.enemies] == [True, False, False]


# ---- Underground Attack (facts 3.2) -----------------------------------------------------------

def _keep_nearby(s: MKState, at: tuple[int, int] = (2, -1)) -> tuple[int, int]:
    """Make the space ``at`` (2 spaces from the portal) an unconquered keep with Guardsmen."""
    from boardrules.games.mage_knight.game_state import Token

    tile = next(x for x in T.tiles if any(h.site == "keep" for h in x.hexes))
    s.g.spaces[at] = (tile.id, next(i for i, h in enumerate(tile.hexes) if h.site == "keep"))
    s.g.enemies[at] = [Token("guardsmen", False)]
    s.cached = None
    return at


def test_underground_attack_to_a_fortified_site_assaulted_at_once_fortifications_ignored() -> None:
    s = turn("underground-travel", faces="green red red red", night=True)
    me(s).mana["black"] = 1
    keep = _keep_nearby(s)
    do(s, "play underground-travel powered", "pay green die-1", "pay black token")
    assert legal(s) == [f"move {keep[0]}:{keep[1]}"]  # only the fortified site
    do(s, f"move {keep[0]}:{keep[1]}")
    c = s.g.combat
    p = me(s)
    assert c is not None and p.position == keep and "no-site-fortifications" in c.this_combat
    assert p.came_from == (0, 0)  # a failed assault withdraws to where the spell started


def test_underground_attack_not_offered_without_a_fortified_site_in_reach() -> None:
    s = turn("underground-travel", faces="green red red red", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    assert "play underground-travel powered" not in legal(s)
    assert "play underground-travel basic" in legal(s)


# ---- Time Bending (facts 3.2, errata) ---------------------------------------------------------

def test_time_bending_the_other_cards_back_to_hand_no_draw_and_another_turn() -> None:
    s = turn("space-bending march rage", faces="blue red red red", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    player = s.g.current
    do(s, "play space-bending powered", "pay blue die-1", "pay black token", "play march basic")
    deck = len(me(s).deck)
    do(s, "end-turn")
    p = s.g.players[player]
    assert s.g.current == player and sorted(p.hand) == ["march", "rage"] and len(p.deck) == deck
    assert "space-bending" in p.discard and not p.play_area
    assert "play march basic" in legal(s)
    do(s, "play march basic", "end-turn")
    assert s.g.current != player  # one more turn only


# ---- Mana Claim / Mana Curse (facts 3.2) ------------------------------------------------------

def test_mana_claim_basic_a_basic_die_kept_for_the_round_and_three_tokens_of_it_now() -> None:
    s = turn("mana-claim march", faces="blue red gold white")
    player = s.g.current
    do(s, "play mana-claim basic", "choose 1")
    assert legal(s) == ["die 1", "die 2", "die 4"]  # a basic colour: not gold
    do(s, "die 2", "pay blue die-1")
    assert me(s).mana["red"] == 3 and s.g.mana_claims == ((player, 1, 0, 0),)
    do(s, "end-turn")
    other = s.g.current
    assert other != player and s.g.source[1] == "red" and "die-2" not in mana_sources(s.g, other, "red")


def test_mana_claim_basic_or_a_token_of_its_colour_on_each_later_turn_this_round() -> None:
    s = turn("mana-claim march", faces="blue red gold white")
    player = s.g.current
    do(s, "play mana-claim basic", "choose 2", "die 4", "pay blue die-1")
    assert me(s).mana["white"] == 0
    s.g.players[player].hand = ["march"]  # a card for the next turn
    do(s, "end-turn")
    assert s.g.players[player].mana["white"] == 0
    start_turn(T, s.g, player, [])  # the player's next turn this round
    assert s.g.players[player].mana["white"] == 1


def test_mana_curse_another_player_using_that_colour_takes_a_wound_once_a_turn() -> None:
    s = turn("mana-claim", faces="blue red gold white", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    player = s.g.current
    do(s, "play mana-claim powered", "choose 1", "die 2", "pay blue die-1", "pay black token")
    g = s.g
    other = 1 - player
    g.current = other
    q = g.players[other]
    clear_marks(q)
    q.mana["red"] = 2
    pay_mana(g, other, "red", "token")
    pay_mana(g, other, "red", "token")
    assert q.hand.count(WOUND) == 1  # one a turn
    me_ = g.players[player]
    g.current = player
    clear_marks(me_)
    pay_mana(g, player, "red", "token")
    assert WOUND not in me_.hand  # not its owner


# ---- Call to Arms (facts 3.2) -----------------------------------------------------------------

def test_call_to_arms_basic_an_offered_units_ability_used_as_yours_the_unit_stays_in_the_offer() -> None:
    s = turn("call-to-arms", faces="white red red red")
    s.g.unit_offer = ["peasants", "utem-guardsmen"]
    s.cached = None
    do(s, "play call-to-arms basic")
    assert legal(s) == ["recruit peasants"]  # the Guardsmen have no ability used outside combat
    do(s, "recruit peasants")
    assert legal(s) == ["choose 1", "choose 2"]  # Influence 2, Move 2
    do(s, "choose 2", "pay white die-1")
    p = me(s)
    assert p.move_points == 2 and p.units == [] and s.g.unit_offer == ["peasants", "utem-guardsmen"]


def test_call_to_arms_basic_the_abilitys_mana_is_paid_after_the_spells() -> None:
    s = turn("call-to-arms", faces="white green red red")
    s.g.unit_offer = ["herbalists"]
    me(s).hand.append(WOUND)
    me(s).crystals["green"] = 1
    s.cached = None
    do(s, "play call-to-arms basic", "recruit herbalists")
    assert legal(s) == ["choose 1", "choose 3"]  # Heal 2 for a green mana, or a mana token (nothing to ready)
    do(s, "choose 1", "pay white die-1")
    assert legal(s) == ["pay green crystal"]  # one die a turn: the green die is not free
    do(s, "pay green crystal")
    assert WOUND not in me(s).hand and me(s).crystals["green"] == 0


# ---- random games holding these cards (property) ----------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_cards_offered_last_in_hand_keep_the_invariants(seed: int) -> None:
    """Random games where each hero also holds the cards of this file, with Units: every
    decision has a legal action, refusals are errors with a rule, texts hide what views hide,
    and the game ends (Time Bending's extra turn too)."""
    from random_play import play_checked
    from test_mk_game import check_state, check_views

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


def test_mana_claim_the_kept_die_is_out_of_the_source_mana_storm_does_not_reroll_it() -> None:
    s = turn("mana-storm", faces="blue red red red red")
    s.g.mana_claims = ((1 - s.g.current, 1, 1, 0),)  # die 2 kept by the other player on an earlier turn
    me(s).crystals["white"] = 1
    s.cached = None
    assert "die-2" not in mana_sources(s.g, s.g.current, "red")
    do(s, "play mana-storm powered", "pay white crystal")
    assert s.g.source[1] == "red" and s.g.source[2:] != ["red", "red", "red"]  # the others re-rolled


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
    assert legal(s) == ["learn mist-form"]  # the blue Spell of the offer
    do(s, "learn mist-form")
    assert [a for a in legal(s) if a.startswith("pay")] == ["pay blue die-1"]  # the Spell's blue mana
    do(s, "pay blue die-1")
    p = me(s)
    assert p.move_points == 4 and p.discard == ["stamina"] and p.hand == ["rage"]
    assert s.g.spell_offer == ["mist-form", "charm", "fireball"] and "magic-talent" in p.play_area
    assert 0 in s.g.source_used
    s = turn("magic-talent rage", faces="blue blue blue blue")  # red Spell offered, no red mana to pay it
    s.g.spell_offer = ["fireball"]
    s.cached = None
    assert "play magic-talent basic" not in legal(s)
