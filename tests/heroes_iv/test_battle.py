"""Rule tests for Heroes IV battles (facts 5.6 Battles and A, rules16-18 and 22-24; the
excerpt's Flipping for Guards for who runs a Guard Stack). Every test starts from a hand-set
battle (tests/h4_battles.py); the values that are ours are listed in docs/heroes-iv/battle.md."""

from __future__ import annotations

import pytest
from h4_battles import LoadedDice, battle, card

from boardrules.engine import Action, BoardrulesError, Event, IllegalActionError
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision, describe
from boardrules.games.heroes_iv.battle_attack import attack_score
from boardrules.games.heroes_iv.battle_explain import explain
from boardrules.games.heroes_iv.battle_rounds import outcome
from boardrules.games.heroes_iv.battle_rules import (
    R_FLYING,
    R_MELEE,
    R_MULTI,
    R_PROTECT,
    R_ROUND,
    R_SUPPORT,
    R_SWAT,
    R_TOWN,
)
from boardrules.games.heroes_iv.battle_setup import guard_controller, start_battle, tactical_setup
from boardrules.games.heroes_iv.battle_state import Battle, Fighter, fighter_from

LATE_BEHEMOTH = [("melee", [card("behemoth", phase=9)])]


# ---- Combat round: phases 1 to 10, aggressor then defender ------------------------------


def test_combat_round_phases_in_order_aggressor_before_defender() -> None:
    f = battle("melee wolf; melee gold-golem", "melee squire; melee wolf", dice="1 1 1 1")
    assert (f.b.phase, f.decider) == (2, 0)  # phase 1 is empty: the aggressor's Wolf (phase 2) first
    assert {a.split()[1] for a in f.legal() if a.startswith("attack")} == {"a1"}
    f.play("attack a1 d1")
    assert (f.b.phase, f.decider) == (2, 1)  # then the defender's Wolf of the same phase
    f.play("attack d2 a1")
    assert (f.b.phase, f.decider) == (4, 1)  # phase 3 is empty; the Squire is the defender's
    f.play("attack d1 a1")
    assert (f.b.phase, f.decider) == (7, 0)
    assert [e.data["stack"] for e in f.events if e.kind == "attack"] == ["a1", "d2", "d1"]


def test_combat_round_casualties_removed_before_the_defenders_units_of_that_phase() -> None:
    f = battle("melee wolf", "melee wolf", dice="2")
    f.play("attack a1 d1")  # 2 + 2 = 4 against Defense 4: the defender's Wolf dies first
    assert f.fallen(1) == ["wolf"]
    assert f.b.step == "over" and f.b.winner == 0 and f.b.ending == "destroyed"
    assert outcome(f.b)["survivors"] == [[["wolf"]], []]


def test_combat_round_after_phase_10_aggressor_then_defender_may_withdraw_or_surrender() -> None:
    f = battle("melee wolf", "melee wolf", dice="1 1")
    f.play("attack a1 d1", "attack d1 a1")
    assert f.b.step == "round-end" and f.decider == 0
    assert f.legal() == ["fight-on", "withdraw", "surrender"]
    f.play("fight-on")
    assert f.b.step == "round-end" and f.decider == 1
    f.play("fight-on")
    assert (f.b.round, f.b.phase, f.b.step) == (2, 2, "attack")  # a new round from phase 1
    assert f.stack("a1").attacks_left == 1


@pytest.mark.parametrize(("who", "word", "ending", "winner"), [
    (0, "withdraw", "withdrew", 1), (0, "surrender", "surrendered", 1), (1, "withdraw", "withdrew", 0),
])
def test_combat_round_battle_ends_on_a_withdrawal_or_surrender(who: int, word: str, ending: str, winner: int) -> None:
    f = battle("melee wolf", "melee wolf", dice="1 1")
    f.play("attack a1 d1", "attack d1 a1", *(["fight-on"] * who), word)
    assert (f.b.step, f.b.ending, f.b.winner) == ("over", ending, winner)
    assert battle_decision(f.b) is None


def test_combat_round_no_withdrawal_before_phase_10() -> None:
    f = battle("melee wolf", "melee wolf")
    assert f.refused("withdraw") == (
        "a side withdraws or surrenders only at the end of a round, after phase 10", R_ROUND)


def test_combat_round_a_stack_acts_only_in_its_top_cards_phase() -> None:
    f = battle("melee wolf; melee squire", "melee gold-golem")
    reason, rule = f.refused("attack a2 d1")
    assert reason == "Squire (a2) attacks in phase 4; this is phase 2" and rule == R_ROUND
    assert f.refused("attack d1 a1")[0] == "d1 is the defender's: now the aggressor's stacks of phase 2 act"


def test_combat_round_the_stack_that_acts_is_chosen_first_then_what_it_does() -> None:
    """The acting side chooses the order of its stacks within a phase (ours, battle.md); with
    several ready it names the stack first (``act a2``, rules h4-5), then its attack, Swarm,
    Protect or support: two short lists instead of one of every stack's answers (issue 24: "one
    battle menu offered 30 options")."""
    f = battle("melee gold-golem; melee gold-golem; melee gold-golem", LATE_BEHEMOTH)
    f.skip_to(7)
    d = battle_decision(f.b)
    assert d is not None and d.prompt == "round 1, phase 7: which of the aggressor's stacks of phase 7 acts next?"
    assert f.legal() == ["act a1", "act a2", "act a3"]
    reason, rule = explain(f.b, Action.parse("attack a1 d1"))
    assert reason.startswith("first choose which stack acts (act a1, act a2, act a3)") and rule == R_ROUND
    with pytest.raises(IllegalActionError):
        apply_battle(f.b, Action.parse("attack a1 d1"), [])
    apply_battle(f.b, Action.parse("act a2"), [])
    d = battle_decision(f.b)
    assert d is not None and d.prompt == "round 1, phase 7: the aggressor's a2 (Gold Golem) acts"
    assert f.legal() == ["attack a2 d1", "swarm a2", "protect a2", "support a2 a1", "support a2 a3"]
    assert explain(f.b, Action.parse("swarm a1")) == ("a2 was chosen to act now, not a1", R_ROUND)
    apply_battle(f.b, Action.parse("swarm a2"), [])
    assert f.legal() == ["act a1", "act a3"]  # the others are asked about again
    f.play("swarm a1")  # the last one ready is not asked which: its answers come at once
    assert f.legal() == ["attack a3 d1", "swarm a3", "protect a3"]


def test_combat_round_round_limit_drives_the_aggressor_off() -> None:
    f = battle("melee wolf", "melee wolf", dice=" ".join(["1"] * 4), max_rounds=2)
    f.play("attack a1 d1", "attack d1 a1", "fight-on", "fight-on", "attack a1 d1", "attack d1 a1")
    assert (f.b.step, f.b.winner, f.b.ending) == ("over", 1, "round-limit")


# ---- Melee attack: the die against Defense ---------------------------------------------


def test_melee_attack_hits_when_score_plus_die_reaches_defense() -> None:
    f = battle("melee squire", "melee wolf*2", dice="2")
    f.skip_to(4)
    f.play("attack a1 d1")  # Attack 2 + die 2 = 4 against Defense 4
    assert f.cards("d1") == ["wolf"] and f.fallen(1) == ["wolf"]


def test_melee_attack_miss_has_no_effect() -> None:
    f = battle("melee squire", "melee wolf*2", dice="1")
    f.skip_to(4)
    f.play("attack a1 d1")
    assert f.cards("d1") == ["wolf", "wolf"] and f.fallen(1) == []
    assert f.attacks()[-1]["hit"] is False


def test_melee_attack_targets_only_the_enemy_melee_line() -> None:
    f = battle("melee wolf", "melee squire; melee squire; melee squire; ranged halfling")
    assert "attack a1 d4" not in f.legal()
    reason, rule = f.refused("attack a1 d4")
    assert rule == R_MELEE and reason.startswith("a melee attack must target a stack on the enemy Melee Line")


def test_lines_a_stack_without_ranged_attack_cannot_attack_from_the_ranged_line() -> None:
    f = battle("melee squire*3; melee squire; melee squire; ranged wolf", "melee gold-golem")
    assert [a for a in f.legal() if a.startswith("attack a4")] == []
    assert f.refused("attack a4 d1")[0] == "Wolf (a4) has no Ranged Attack: it cannot attack from the Ranged Line"
    assert "swarm a4" in f.legal()


# ---- Stack attack: the cards under the top add their Level -----------------------------


def test_stack_attack_three_gold_golems_score_7_need_a_6_against_the_behemoth() -> None:
    """rules16/17: three Gold Golems, Attack 3 + 2 + 2 = 7; the Behemoth's Defense 13."""
    f = battle("melee gold-golem*3", LATE_BEHEMOTH, dice="5 6")
    assert attack_score(f.b, f.stack("a1"), "d1") == 7
    f.play("attack a1 d1")
    assert f.fallen(1) == [] and f.attacks()[-1]["die"] == 5
    f.play("attack d1 a1")  # the Behemoth (phase 9) kills the top Golem with its roll of 6
    f.play("fight-on", "fight-on")
    assert attack_score(f.b, f.stack("a1"), "d1") == 5  # 3 + 2 once a Golem fell
    assert f.fallen(0) == ["gold-golem"]


def test_stack_attack_only_the_top_card_attacks() -> None:
    top = card("squire", phase=3)
    f = battle([("melee", [top, card("wolf")])], "melee gold-golem", dice="1")
    # the Wolf under the Squire (phase 2) does not act in phase 2: the stack acts in its top card's phase
    assert f.b.phase == 3
    assert attack_score(f.b, f.stack("a1"), "d1") == 2 + 1


# ---- Swatting ----------------------------------------------------------------------------


def test_swatting_kills_every_declared_card_against_their_summed_defense() -> None:
    f = battle("melee hydra", "melee wolf*3", dice="5")
    f.skip_to(8)
    assert {"attack a1 d1", "attack a1 d1:2", "attack a1 d1:3"} <= set(f.legal())
    f.play("attack a1 d1:3")  # Attack 7 + 5 = 12 against 4 + 4 + 4
    assert f.fallen(1) == ["wolf"] * 3 and f.b.winner == 0


def test_swatting_failure_kills_none() -> None:
    f = battle("melee hydra", "melee wolf*3", dice="4")
    f.skip_to(8)
    f.play("attack a1 d1:3")  # 7 + 4 = 11 < 12
    assert f.cards("d1") == ["wolf"] * 3


def test_swatting_no_more_cards_than_the_stack_holds() -> None:
    f = battle("melee hydra", "melee wolf*3")
    f.skip_to(8)
    assert f.refused("attack a1 d1:4") == ("d1 holds only 3 card(s): you cannot swat 4", R_SWAT)


# ---- Swarm -------------------------------------------------------------------------------


def test_swarm_doubles_the_next_attack_and_kills_the_behemoth_without_a_roll() -> None:
    """rules17: the Golems' 7 doubled is 14, which beats Defense 13 before adding the die."""
    weak = [("melee", [card("behemoth", phase=9, attack=1)])]
    f = battle("melee gold-golem*3", weak, dice="1")
    f.play("swarm a1")
    assert f.stack("a1").status == "swarm"
    f.play("attack d1 a1", "fight-on", "fight-on")  # the Behemoth misses with a 1
    assert attack_score(f.b, f.stack("a1"), "d1") == 14
    draws = f.b.rng.draws
    f.play("attack a1 d1")
    assert f.b.rng.draws == draws  # no die was rolled
    assert f.fallen(1) == ["behemoth"] and f.b.winner == 0


def test_swarm_is_used_up_by_the_next_attack() -> None:
    f = battle([("melee", [card("wolf", defense=9)])], "melee gold-golem*2", dice="1 1 1")
    f.play("swarm a1")
    f.skip_to(7, 1)
    f.play("attack d1 a1", "fight-on", "fight-on", "attack a1 d1")
    assert f.attacks()[-1]["score"] == 4 and f.stack("a1").status == ""
    f.play("attack d1 a1", "fight-on", "fight-on")
    assert attack_score(f.b, f.stack("a1"), "d1") == 2


# ---- Protect -----------------------------------------------------------------------------


def test_protect_the_defender_answers_an_attack_with_a_protecting_stack() -> None:
    f = battle("melee griffin", "melee wolf; melee squire*2", dice="1 10")
    f.skip_to(2, 1)
    f.play("protect d1")  # the defender's Wolf turns to Protect in phase 2
    assert f.stack("d1").status == "protect"
    f.play("attack a1 d2")  # phase 4: the Griffin attacks the Squires
    assert f.b.step == "shield" and f.decider == 1
    assert f.legal() == ["shield d1 d2", "no-shield"]
    assert f.refused("swarm d2")[1] == R_PROTECT
    assert f.refused("shield d2 d1") == ("Squire (d2) is not turned to Protect", R_PROTECT)
    f.play("shield d1 d2")  # Attack 5 + 10 against the Wolf's Defense 4
    assert f.fallen(1) == ["wolf"] and f.cards("d2") == ["squire", "squire"]


def test_protect_declining_the_shield_lets_the_attack_through() -> None:
    f = battle("melee griffin", "melee wolf; melee squire*2", dice="1 10")
    f.skip_to(2, 1)
    f.play("protect d1", "attack a1 d2", "no-shield")
    assert f.fallen(1) == ["squire"]


def test_protect_example_four_golem_stacks_fall_before_the_halflings_move_up() -> None:
    """rules17: 6 Gold Golems in 6 one-card stacks on the Melee Line, 6 Halflings in one stack on
    the Ranged Line: the enemy must kill 4 Golem stacks before the Halflings move up."""
    defender = "; ".join(["melee gold-golem"] * 6) + "; ranged halfling*6"
    f = battle("melee hydra", defender, dice="10 10 10 10", max_rounds=5)
    for n in range(1, 5):
        f.skip_to(8)
        assert f.b.step == "attack"
        f.play(f"attack a1 d{n}")
        if n < 4:
            f.skip_to(11)
            f.play("fight-on", "fight-on")
    assert f.b.step == "advance" and f.decider == 1
    assert f.legal() == ["advance d7"]
    assert f.refused("attack d5 a1")[1].startswith("Battles: Tactical Setup")
    f.play("advance d7")
    assert f.stack("d7").line == "melee" and f.b.step == "round-end"


def test_protect_a_shield_must_be_reachable_by_the_attack() -> None:
    f = battle("melee griffin; melee squire; melee squire",
               "melee wolf; melee wolf; melee wolf; melee wolf; ranged crossbowman", dice="1 1 1 1 1")
    # the defender's Crossbowmen turn to Protect on the Ranged Line
    f.skip_to(5, 1)
    f.play("protect d5")
    f.skip_to(11)
    f.play("fight-on", "fight-on")
    f.skip_to(4)
    f.play("attack a2 d1")  # a Squire's melee attack cannot reach the Ranged Line: no shield asked
    assert f.b.step == "attack" and f.decider == 0
    f.play("attack a1 d2")  # the Flying Griffin's can
    assert f.legal() == ["shield d5 d2", "no-shield"]


# ---- Sacrifice for support (errata) -------------------------------------------------------


def test_sacrifice_for_support_adds_the_supporters_levels_to_a_friendly_attack() -> None:
    f = battle("melee wolf*2; melee hydra", "melee behemoth", dice="1 1")
    f.play("support a1 a2")  # the two Wolves give up their attack: +2 to the Hydra
    assert f.stack("a2").support == [(2, "melee", "a1")]
    assert attack_score(f.b, f.stack("a2"), "d1") == 7 + 2
    f.skip_to(8)
    f.play("attack a2 d1")
    assert f.attacks()[-1]["score"] == 9 and f.stack("a2").support == []


def test_sacrifice_for_support_counts_only_against_a_target_the_supporter_could_attack() -> None:
    """Errata (rules24): the Wolves (melee) cannot reach the Ranged Line, so their levels do not
    count for the Halflings' shot at the enemy Halflings; they do against the Melee Line."""
    me = "melee wolf; melee squire; melee squire; ranged halfling"
    f = battle(me, "melee gold-golem; melee gold-golem; melee gold-golem; ranged halfling")
    f.play("support a1 a4")
    assert attack_score(f.b, f.stack("a4"), "d4") == 3
    assert attack_score(f.b, f.stack("a4"), "d1") == 4


def test_sacrifice_for_support_only_to_a_stack_still_to_attack_this_round() -> None:
    f = battle("melee squire; melee wolf", "melee gold-golem", dice="1")
    assert "support a2 a1" in f.legal()
    f.play("swarm a2")  # phase 2 is over: the Squire's phase 4 now
    assert f.refused("support a1 a2") == ("Wolf (a2) will not attack again this round", R_SUPPORT)
    f.play("attack a1 d1")
    f.skip_to(11)
    f.play("fight-on", "fight-on")
    # in round 2 the Wolf (phase 2) may support the Squire (phase 4) but not itself
    assert f.refused("support a2 a2") == ("a stack can boost only its own second attack (Morale) with its first",
                                          R_SUPPORT)


# ---- Ranged distance penalty ---------------------------------------------------------------


THREE_IN_FRONT = "melee squire; melee squire; melee squire; "


def test_ranged_distance_penalty_minus_2_on_the_die_from_ranged_line_to_ranged_line() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", THREE_IN_FRONT + "ranged halfling", dice="3 1")
    f.skip_to(5)  # the Squires (phase 4) swarm
    f.play("attack a4 d4")  # Ranged 3 + (3 - 2) = 4 against Defense 4
    assert f.attacks()[-1]["die"] == 1 and f.fallen(1) == ["halfling"]


def test_ranged_distance_penalty_die_never_below_0() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", THREE_IN_FRONT + "ranged halfling", dice="1")
    f.skip_to(5)  # the Squires (phase 4) swarm
    f.play("attack a4 d4")
    assert f.attacks()[-1]["die"] == 0 and f.attacks()[-1]["score"] == 3


def test_ranged_distance_penalty_not_against_the_melee_line() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", THREE_IN_FRONT + "ranged halfling", dice="2")
    f.skip_to(5)  # the Squires (phase 4) swarm
    f.play("attack a4 d1")
    assert f.attacks()[-1]["die"] == 2


def test_ranged_distance_penalty_crossbowmen_ignore_it() -> None:
    f = battle(THREE_IN_FRONT + "ranged crossbowman", THREE_IN_FRONT + "ranged halfling", dice="1")
    f.skip_to(5)  # the Squires (phase 4) swarm
    f.play("attack a4 d4")
    assert f.attacks()[-1]["die"] == 1


def test_ranged_distance_penalty_is_an_option() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", THREE_IN_FRONT + "ranged halfling", dice="1",
               distance_penalty=False)
    f.skip_to(5)  # the Squires (phase 4) swarm
    f.play("attack a4 d4")
    assert f.attacks()[-1]["die"] == 1


# ---- Flying armies -------------------------------------------------------------------------


def test_flying_a_stack_of_flyers_reaches_the_enemy_ranged_line() -> None:
    defender = THREE_IN_FRONT + "ranged knight"  # a Hero without Ranged Attack, Defense 9
    f = battle("melee griffin; melee squire", defender, dice="1")
    f.skip_to(4)
    assert "attack a1 d4" in f.legal("a1") and "attack a2 d4" not in f.legal("a2")
    f.play("attack a1 d4")
    assert f.attacks()[-1]["die"] == 1  # a melee attack: no distance penalty


def test_flying_only_when_every_card_of_the_stack_flies() -> None:
    f = battle([("melee", [card("griffin"), card("squire")])], THREE_IN_FRONT + "ranged halfling")
    f.skip_to(4)
    reason, rule = f.refused("attack a1 d4")
    assert rule == R_MELEE and R_FLYING in reason


# ---- Battles in towns ----------------------------------------------------------------------


def test_battles_in_towns_defender_may_stand_all_on_the_ranged_line_the_town_card_is_defense_10() -> None:
    f = battle("melee hydra", "ranged halfling*2; ranged squire", town=True, dice="3 2")
    f.skip_to(8)
    assert [a for a in f.legal() if a.startswith("attack")] == ["attack a1 town"]
    f.play("attack a1 town")  # 7 + 3 = 10 against Defense 10
    assert f.b.sides[1].town == "breached"
    assert f.b.step == "advance" and f.decider == 1  # Breached: one stack must move up
    assert set(f.legal()) == {"advance d1", "advance d2"}


def test_battles_in_towns_town_card_only_hit_by_melee() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", "ranged squire", town=True)
    f.skip_to(5)
    assert f.refused("attack a4 town") == ("the Town card can only be hit by melee attacks", R_TOWN)


def test_battles_in_towns_second_hit_sacks_it_two_stacks_on_the_melee_line() -> None:
    f = battle("melee hydra", "ranged squire; ranged squire; ranged squire", town=True, dice="10 10")
    f.skip_to(8)
    f.play("attack a1 town", "advance d1")
    f.skip_to(11)
    f.play("fight-on", "fight-on")
    f.skip_to(8)
    f.play("attack a1 town")
    assert f.b.sides[1].town == "sacked" and f.b.step == "advance"
    f.play("advance d3")
    assert [s.line for s in f.b.sides[1].stacks] == ["melee", "ranged", "melee"]
    f.skip_to(11)
    f.play("fight-on", "fight-on")
    f.skip_to(8)
    assert "attack a1 town" not in f.legal()
    assert f.refused("attack a1 town")[0] == "the Town is Sacked: its card can no longer be attacked"


def test_battles_in_towns_shots_at_the_ranged_line_halved_while_the_walls_stand() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling*3", "ranged halfling; ranged squire", town=True)
    f.skip_to(5)
    assert attack_score(f.b, f.stack("a4"), "d1") == 3  # 3 + 1 + 1 = 5, halved rounded up
    f.b.sides[1].town = "breached"
    assert attack_score(f.b, f.stack("a4"), "d1") == 5


def test_battles_in_towns_no_penalty_for_the_defender_shooting_out() -> None:
    f = battle(THREE_IN_FRONT + "ranged halfling", "ranged halfling*3", town=True)
    assert attack_score(f.b, f.stack("d1"), "a4") == 5


# ---- Morale and Luck (advanced options, off by default) -----------------------------------


def test_morale_off_by_default_no_morale_number_is_rolled() -> None:
    f = battle([("melee", [card("wolf", morale=5)])], "melee wolf", dice="1")
    assert f.b.rng.draws == 0 and f.stack("a1").attacks_left == 1


def test_morale_higher_than_the_morale_number_attacks_twice() -> None:
    f = battle([("melee", [card("wolf", morale=3)])], "melee gold-golem*2", morale=True, dice="2 1 1")
    assert f.b.morale_number == 2 and f.stack("a1").attacks_left == 2
    f.play("support a1 a1")  # sacrifice the first attack to boost the second
    assert f.stack("a1").support == [(1, "melee", "a1")]
    f.play("attack a1 d1")
    assert f.attacks()[-1]["score"] == 3 and f.stack("a1").attacks_left == 0


def test_morale_negative_larger_than_the_morale_number_does_not_attack() -> None:
    f = battle([("melee", [card("wolf", morale=-4)]), ("melee", [card("squire")])], "melee gold-golem",
               morale=True, dice="3")
    assert f.stack("a1").attacks_left == 0 and f.b.phase == 4  # the Wolf's phase 2 is skipped


def test_morale_only_rolled_when_a_card_has_morale() -> None:
    f = battle("melee wolf", "melee wolf", morale=True)
    assert f.b.rng.draws == 0


def test_luck_positive_rolls_more_dice_keeps_the_highest() -> None:
    f = battle([("melee", [card("wolf", luck=2)])], "melee gold-golem", luck=True, dice="3 9 5")
    f.play("attack a1 d1")
    assert f.attacks()[-1]["dice"] == [3, 9, 5] and f.attacks()[-1]["die"] == 9


def test_luck_negative_keeps_the_lowest() -> None:
    f = battle([("melee", [card("wolf", luck=-1)])], "melee gold-golem", luck=True, dice="8 4")
    f.play("attack a1 d1")
    assert f.attacks()[-1]["die"] == 4


def test_luck_off_by_default_one_die() -> None:
    f = battle([("melee", [card("wolf", luck=3)])], "melee gold-golem", dice="8 4")
    f.play("attack a1 d1")
    assert f.attacks()[-1]["dice"] == [8]


# ---- Multi-target creatures (errata) ----------------------------------------------------


def test_multi_target_cerberi_attack_up_to_two_stacks() -> None:
    f = battle("melee cerberus", "melee wolf; melee wolf; melee wolf", dice="1 1")
    f.skip_to(6)
    assert "attack a1 d1 d2" in f.legal()
    assert f.refused("attack a1 d1 d2 d3") == (
        "Cerberus attacks one stack; only multi-target creatures (Cerberi 2, Hydras 3) attack more", R_MULTI)
    f.play("attack a1 d1 d3")  # 4 + 1 against 4, once per target
    assert [a["target"] for a in f.attacks()] == ["d1", "d3"] and f.fallen(1) == ["wolf", "wolf"]


def test_multi_target_hydras_three_stacks_one_card_each() -> None:
    f = battle("melee hydra", "melee wolf*2; melee wolf; melee wolf", dice="1 1 1")
    f.skip_to(8)
    assert "attack a1 d1 d2 d3" in f.legal()
    assert f.refused("attack a1 d1:2 d2")[1] == R_MULTI
    f.play("attack a1 d1 d2 d3")
    assert f.fallen(1) == ["wolf"] * 3 and f.cards("d1") == ["wolf"]


# ---- Guard Stacks: who runs them (Flipping for Guards) -----------------------------------


def test_reinforcing_the_guard_guarding_player_runs_the_guards_against_others() -> None:
    assert guard_controller(guarding_player=2, aggressor=0, num_players=4) == 2


def test_reinforcing_the_guard_guarding_player_attacking_hands_them_to_the_first_enemy_on_his_left() -> None:
    assert guard_controller(guarding_player=2, aggressor=2, num_players=4) == 3
    assert guard_controller(guarding_player=3, aggressor=3, num_players=4) == 0


def test_reinforcing_the_guard_battle_asks_the_controller_given() -> None:
    controller = guard_controller(guarding_player=1, aggressor=1, num_players=3)
    f = battle("melee wolf", "melee wolf", players=(1, controller), guard=True, dice="1 1")
    f.play("attack a1 d1")
    assert f.decider == 2
    f.play("attack d1 a1", "fight-on")  # the guards neither withdraw nor surrender: a new round
    assert (f.b.round, f.b.step) == (2, "attack")


def test_reinforcing_the_guard_one_seat_cannot_run_both_sides() -> None:
    with pytest.raises(BoardrulesError, match="guard_controller"):
        battle("melee wolf", "melee wolf", players=(1, 1), guard=True)


def test_establishing_the_guard_a_guard_stack_is_one_stack_of_units() -> None:
    with pytest.raises(BoardrulesError, match="a Guard Stack is one stack, not 2"):
        battle("melee wolf", "melee wolf; melee wolf", guard=True)
    with pytest.raises(BoardrulesError, match="a Guard Stack holds Unit cards only"):
        battle("melee wolf", "melee knight + wolf", guard=True)


# ---- Set-up, bad input, actions, copies --------------------------------------------------


def test_tactical_setup_three_stacks_on_the_melee_line() -> None:
    with pytest.raises(BoardrulesError, match="at least 3 of its 4 stacks on its Melee Line"):
        battle("melee wolf; melee wolf; ranged halfling; ranged halfling", "melee wolf")


def test_bad_fighter_named_with_its_field() -> None:
    with pytest.raises(BoardrulesError, match="fighter 'wolf': phase must be a whole number from 1 to 10, not 11"):
        card("wolf", phase=11)
    with pytest.raises(BoardrulesError, match="fighter 'wolf': alignment must be some text"):
        card("wolf", alignment="")
    with pytest.raises(BoardrulesError, match="line must be 'melee' or 'ranged'"):
        battle("front wolf", "melee wolf")
    with pytest.raises(BoardrulesError, match="aggressor stack a1: the Hero must be the top card of its stack"):
        battle("melee squire + knight", "melee wolf")


def test_unknown_stack_and_action_refused_with_a_reason() -> None:
    f = battle("melee wolf", "melee wolf")
    assert f.refused("attack a9 d1")[0] == "there is no stack 'a9' (stacks are a1, a2... and d1, d2...)"
    assert f.refused("charge a1")[0].startswith("'charge' is not a battle action")
    assert f.refused("attack a1")[0] == "attack takes 2 to 4 word(s), not 1"


def test_bad_input_a_battle_word_of_thousands_of_digits_is_refused_with_its_rule() -> None:
    # docs/heroes-iv/battle.md "Actions": a stack is a1, a2... d1, d2...; swatting d2:3. A number of
    # thousands of digits once raised Python's ValueError (int() refuses over 4300 digits)
    huge = "9" * 5000
    f = battle("melee wolf", "melee wolf*2")
    reason, rule = f.refused(f"attack a{huge} d1")
    assert reason.startswith("there is no stack") and rule
    reason, _ = f.refused(f"support a{huge} a1")
    assert reason.startswith("there is no stack")
    reason, rule = f.refused(f"attack a1 d1:{huge}")
    assert reason.startswith("d1 holds only 2 card(s): you cannot swat 999999999999...") and len(reason) < 100
    assert f.refused("attack a1 d1:000")[0].startswith("d1:000: give the number of cards swatted")


def test_actions_round_trip_through_their_text() -> None:
    f = battle("melee hydra; melee cerberus; melee griffin; ranged halfling*2",
               "melee wolf*2; melee squire; melee wolf; ranged crossbowman", seed=3)
    seen = 0
    while battle_decision(f.b) is not None and seen < 40:
        d = battle_decision(f.b)
        assert d is not None
        for a in d.actions:
            assert Action.parse(a.text) == a
        f.play(d.actions[seen % len(d.actions)].text)
        seen += 1
    assert seen > 5


def test_clone_and_json_are_independent_copies() -> None:
    f = battle("melee wolf*2", "melee squire", seed=5)
    copy = f.b.clone()
    f.play("attack a1 d1")
    assert copy.stack("a1").attacks_left == 1 and copy.rng.draws == 0  # type: ignore[union-attr]
    again = Battle.from_json(f.b.to_json())
    assert again.to_json() == f.b.to_json()
    assert battle_decision(again) == battle_decision(f.b)


def test_start_battle_needs_stacks_on_both_sides() -> None:
    with pytest.raises(BoardrulesError, match="the defender has no stacks"):
        start_battle([("melee", [card("wolf")])], [], aggressor_player=0, defender_player=1)
    assert isinstance(card("wolf"), Fighter)


def test_tactical_setup_default_groups_cards_and_keeps_three_stacks_in_front() -> None:
    cards = [card("knight"), card("halfling"), card("gold-golem"), card("halfling"), card("crossbowman"),
             card("gold-golem")]
    setup = tactical_setup(cards)
    assert [(line, [c.card for c in s]) for line, s in setup] == [
        ("melee", ["knight"]), ("melee", ["halfling", "halfling"]), ("melee", ["gold-golem", "gold-golem"]),
        ("ranged", ["crossbowman"]),
    ]
    assert {line for line, _ in tactical_setup(cards, in_town=True)} == {"ranged"}
    b = start_battle(setup, tactical_setup([card("wolf")] * 2), aggressor_player=0, defender_player=1)
    assert battle_decision(b) is not None


def test_describe_shows_the_battle_line_by_line() -> None:
    f = battle("melee gold-golem*2; melee squire", "ranged halfling*2", town=True)
    f.play("protect a2")  # the Squire (phase 4) turns to Protect
    lines = describe(f.b)
    assert lines[1] == "defender ranged line: d1: Halfling + Halfling"
    assert lines[2] == "defender melee line: Town card (Intact, Defense 10)"
    assert lines[3] == "aggressor melee line: a1: Gold Golem + Gold Golem, a2: Squire [Protect]"
    assert lines[4] == "aggressor ranged line: -"


def test_melee_attack_kills_the_top_card_a_hero_on_top_falls_first() -> None:
    """Melee attack: a hit kills the top card of the stack; a Hero leads its stack (facts 5.4),
    so it is the first to fall, and the map game reads it back for the dead-heroes rules."""
    f = battle("melee hydra", "melee knight + squire*2", dice="1")
    f.skip_to(8)
    f.play("attack a1 d1")  # 7 + 1 = 8 against the Hero's Defense 9: a miss
    assert f.cards("d1") == ["knight", "squire", "squire"]
    f.dice(2)
    f.skip_to(11)
    f.play("fight-on", "fight-on")
    f.skip_to(8)
    f.play("attack a1 d1")
    assert f.cards("d1") == ["squire", "squire"]
    assert outcome(f.b)["fallen_heroes"] == [[], ["knight"]]


def test_morale_the_opening_events_carry_round_1s_morale_number() -> None:
    events: list[Event] = []
    start_battle([("melee", [card("wolf", morale=2)])], [("melee", [card("squire")])], aggressor_player=0,
                 defender_player=1, morale=True, rng=LoadedDice([1]), events=events)
    assert [(e.kind, e.data["number"]) for e in events] == [("morale", 1)]
    assert events[0].text == "round 1: Morale Number 1; attack twice: a1"


def test_fighter_from_a_content_card_keeps_its_printed_scores() -> None:
    from types import SimpleNamespace

    hydra = SimpleNamespace(id="hydra", name="Hydra", alignment="chaos", level=4, attack=7, defense=12, ranged=0,
                            phase=8, speed=1, abilities=("ignores-distance-penalty",), targets=3)
    f = fighter_from(hydra, is_hero=False)  # type: ignore[arg-type]
    assert (f.card, f.level, f.attack, f.defense, f.phase, f.targets) == ("hydra", 4, 7, 12, 8, 3)
    assert f.abilities == frozenset({"ignores-distance-penalty"}) and f.alive and not f.is_hero
    hero = SimpleNamespace(id="sandro", name="Sandro", alignment="death", level=1, attack=3, defense=9, ranged=2,
                           phase=5, speed=3, abilities=())
    assert fighter_from(hero, is_hero=True).targets == 1  # type: ignore[arg-type]


def test_battles_in_towns_the_town_cards_defense_comes_from_its_card() -> None:
    f = battle("melee hydra", "ranged squire", town=True, town_defense=12, dice="4")
    f.skip_to(8)
    f.play("attack a1 town")  # 7 + 4 = 11 < 12
    assert f.b.sides[1].town == "intact" and f.attacks()[-1]["defense"] == 12
