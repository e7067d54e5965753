"""Rule tests for the rulebook excerpt's ENEMY TOKEN ABILITIES (one test per sentence) and
MULTIPLE ATTACKS, with the combat sequence of facts 4.1, each also tried by another path (two
abilities at once, a summoner across a wall or at the edge of its pile, in the played game).
Most tests start from a hand-set combat (tests/mk_positions.py)."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    PLAINS,
    SW,
    Fight,
    combat,
    do,
    east_board,
    in_phase,
    legal,
    orcs_board,
    refusal,
    settle,
    tables,
    taken,
    turn,
)

from boardrules.engine import Action, BoardrulesError, IllegalActionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.decision import combat_decision
from boardrules.games.mage_knight.combat.defeat import outcome
from boardrules.games.mage_knight.combat.enemies import armor, fortification
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.sites.site_combats import challenge

# ---- DEFENSIVE: Fortified --------------------------------------------------------------


def test_fortified_only_siege_attacks_in_the_ranged_and_siege_phase() -> None:
    f = combat("diggers")
    f.add("ranged 5")
    f.play("target 1")
    reason, rule = f.refused("resolve")
    assert reason == "the Diggers are fortified: only Siege attacks count against them in the Ranged and Siege phase"
    assert rule == "ENEMY TOKEN ABILITIES: Fortified"
    f.add("siege 3")
    f.play("resolve")
    assert f.enemy(1).defeated and f.c.fame == 2
    assert f.c.pool == []  # the Ranged points were not used and are lost at the end of combat


def test_fortified_one_fortified_target_makes_a_group_attack_siege_only() -> None:
    f = combat("prowlers, diggers")
    f.add("ranged 6")
    f.add("siege 5")
    f.play("target 1", "target 2", "resolve", "confirm")
    assert not f.enemy(1).defeated  # Siege 5 against Armor 3 + 3: the Ranged 6 does not count
    assert [item[0] for item in f.c.pool] == ["ranged"]


def test_fortified_ranged_points_played_with_siege_ones_the_player_is_told_they_do_not_count() -> None:
    """Fortified, with Siege 15 Ice and Ranged 1 played against the Crossbowmen and a Gargoyle
    defending a keep: the Siege points alone count (the result is legal), and the player is told
    so before resolving (the decision's prompt) and when resolving (an event)."""
    f = combat("crossbowmen, gargoyle", site="keep")
    f.add("siege 15 ice")
    f.add("ranged 1")
    f.play("target 1")
    notice = "1 Ranged point does not count against a fortified enemy (the Crossbowmen): only Siege does"
    assert combat_decision(f.t, f.c).prompt == ("Ranged and Siege Attacks phase: attacking the Crossbowmen: play "
                                                "attacks, resolve; " + notice)
    f.play("target 2")
    events = f.play("resolve")
    assert [(e.kind, e.text, e.data) for e in events[:1]] == [("not-counted", notice, {"ranged": 1})]
    assert f.enemy(1).defeated and f.enemy(2).defeated  # Siege 15 Ice against Armor 4 + 4


def test_fortified_across_a_wall_ranged_points_that_do_not_count_are_named_with_the_wall() -> None:
    """WALLS "Combat": a rampaging enemy challenged across a wall is fortified; Ranged 3 played
    with Siege 2 is said not to count, naming the wall; against an enemy not fortified it does."""
    f = combat("prowlers", rampaging=True, across_wall=True)
    f.add("ranged 3")
    f.add("siege 2")
    f.play("target 1")
    assert combat_decision(f.t, f.c).prompt.endswith(
        "; 3 Ranged points do not count against a fortified enemy (the Prowlers (across a wall)): only Siege does")
    g = combat("prowlers")
    g.add("ranged 3")
    g.add("siege 2")
    g.play("target 1")
    assert combat_decision(g.t, g.c).prompt == "Ranged and Siege Attacks phase: attacking the Prowlers: play attacks, resolve"


def test_fortified_no_attacks_at_all_if_it_also_defends_a_fortified_site() -> None:
    f = combat("guardsmen", site="keep")
    f.add("siege 10")
    assert "target 1" not in f.legal()
    reason, rule = f.refused("target 1")
    assert "no attacks at all" in reason and rule.startswith("ENEMY TOKEN ABILITIES: Fortified")


def test_fortified_site_defenders_are_fortified() -> None:
    """KEEP / MAGE TOWER: "The defending enemies are fortified"."""
    f = combat("swordsmen", site="keep")
    assert fortification(f.c, f.t, f.enemy(1)) == 1
    f.add("ranged 9")
    f.play("target 1")
    assert "resolve" not in f.legal()
    f.add("siege 5")
    f.play("resolve")
    assert f.enemy(1).defeated


def test_fortified_does_not_matter_in_the_attack_phase() -> None:
    f = combat("guardsmen", site="keep")
    f.play("next", "next", "assign 1 hero")
    f.add("attack 7")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated and f.phase == "over"


# ---- DEFENSIVE: Physical, Fire, Ice Resistance -------------------------------------------


def test_physical_resistance_halves_physical_attacks() -> None:
    f = combat("golems, golems")
    f.play("next", "next", "assign 1 hero", "assign 2 hero")
    f.add("attack 9")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 9 halved = 4 < 5
    f.add("attack 10")
    f.play("target 2", "resolve")
    assert f.enemy(2).defeated


def test_physical_resistance_includes_cards_played_sideways() -> None:
    """Sideways cards are Attack 1 physical: halved as one sum with the other physical points."""
    f = combat("golems")
    f.play("next", "next", "assign 1 hero")
    for _ in range(3):
        f.add("attack 1")  # three cards played sideways
    f.add("attack 3 fire")
    f.play("target 1", "resolve", "confirm")  # 3 // 2 + 3 = 4 < 5
    assert not f.enemy(1).defeated


def test_fire_resistance_halves_fire_attacks() -> None:
    f = combat("skeletal-warriors")
    f.add("ranged 7 fire")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 3 < 4
    f2 = combat("skeletal-warriors")
    f2.add("ranged 4 fire")
    f2.add("ranged 2")
    f2.play("target 1", "resolve")  # 2 + 2 = 4
    assert f2.enemy(1).defeated


def test_fire_resistance_ignores_non_attack_effects_of_red_cards_or_units() -> None:
    f = combat("skeletal-warriors, prowlers")
    f.add("armor-reduction 2", target=1, mana=("red",))
    f.add("armor-reduction 2", target=2, mana=("red",))
    assert armor(f.c, f.t, f.enemy(1)) == 4
    assert armor(f.c, f.t, f.enemy(2)) == 1
    assert any("Fire Resistance" in e.text for e in f.events)


def test_ice_resistance_halves_ice_attacks() -> None:
    f = combat("hydra")
    f.add("siege 11 ice")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 5 < 6
    f.add("siege 12 ice")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_ice_resistance_ignores_non_attack_effects_of_blue_cards_or_units() -> None:
    f = combat("hydra, prowlers")
    f.add("prevent-attack", target=1, mana=("blue",))
    f.add("prevent-attack", target=2, mana=("blue",))
    assert not f.enemy(1).prevented and f.enemy(2).prevented


def test_both_fire_and_ice_resistance_also_halve_cold_fire_attacks() -> None:
    f = combat("elemental-priests, skeletal-warriors")
    f.add("ranged 7 cold-fire")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 3 < 4: both resistances
    f.add("ranged 4 cold-fire")
    f.play("target 2", "resolve")
    assert f.enemy(2).defeated  # Fire Resistance alone does not halve Cold Fire


def test_fire_and_ice_resistance_together_halve_all_elements_in_one_sum() -> None:
    """Inefficient values are summed, halved once, rounded down, then efficient ones added."""
    f = combat("elemental-priests")
    f.add("ranged 3 fire")
    f.add("ranged 3 ice")
    f.add("ranged 3 cold-fire")
    f.play("target 1", "resolve")  # 9 // 2 = 4 (halving each would give 1 + 1 + 1)
    assert f.enemy(1).defeated


def test_resistance_of_one_target_halves_the_whole_group_attack() -> None:
    f = combat("prowlers, skeletal-warriors")
    f.add("ranged 13 fire")
    f.play("target 1", "target 2", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 6 < 3 + 4
    f.add("ranged 14 fire")
    f.play("target 1", "target 2", "resolve")
    assert f.enemy(1).defeated and f.enemy(2).defeated


# ---- DEFENSIVE: Elusive ------------------------------------------------------------------


def test_elusive_increased_armor_in_the_ranged_phase() -> None:
    f = combat("orc-tracker")
    f.add("ranged 5")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated
    f.add("ranged 6")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_elusive_lower_value_only_in_the_attack_phase_if_all_attacks_blocked() -> None:
    f = combat("orc-tracker")
    f.play("next", "block 1")
    f.add("block 4")
    f.play("resolve", "next")
    assert f.phase == "attack" and armor(f.c, f.t, f.enemy(1)) == 3
    f.add("attack 3")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_elusive_higher_value_in_the_attack_phase_if_not_blocked() -> None:
    f = combat("orc-tracker")
    f.play("next", "next", "assign 1 hero")
    assert armor(f.c, f.t, f.enemy(1)) == 6
    f.add("attack 5")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated


def test_elusive_with_partial_blocks_keeps_the_higher_value() -> None:
    f = combat("crystal-sprites")  # Ice 1 + Ice 1, Armor 1 / elusive 2
    f.play("next", "block 1.1")
    f.add("block 1 fire")
    f.play("resolve", "next", "assign 1.2 hero")
    assert armor(f.c, f.t, f.enemy(1)) == 2
    f2 = combat("crystal-sprites")
    f2.play("next", "block 1.1")
    f2.add("block 1 fire")
    f2.play("resolve", "block 1.2")
    f2.add("block 1 fire")
    f2.play("resolve", "next")
    assert f2.phase == "attack" and armor(f2.c, f2.t, f2.enemy(1)) == 1


def test_elusive_armor_modifications_apply_to_both_values() -> None:
    f = combat("orc-tracker")
    f.add("armor-reduction 2", target=1)
    assert armor(f.c, f.t, f.enemy(1)) == 4
    f.play("next", "block 1")
    f.add("block 4")
    f.play("resolve", "next")
    assert armor(f.c, f.t, f.enemy(1)) == 1  # 3 - 2


# ---- DEFENSIVE: Unfortified, Arcane Immunity, Defense -----------------------------------


def test_unfortified_ignores_all_site_fortifications() -> None:
    f = combat("grey-shocktroops, swordsmen", site="keep", across_wall=True)
    assert fortification(f.c, f.t, f.enemy(1)) == 0
    assert fortification(f.c, f.t, f.enemy(2)) == 2
    f.add("ranged 6")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_summoned_enemies_are_unfortified() -> None:
    f = combat("orc-summoners", site="keep", summons="crypt-worm")
    f.play("next")
    assert f.enemy(2).token == "crypt-worm" and fortification(f.c, f.t, f.enemy(2)) == 0


def test_arcane_immunity_not_affected_by_non_attack_block_effects() -> None:
    f = combat("shadow")
    f.add("armor-reduction 3", target=1)
    f.add("prevent-attack", target=1)
    f.add("remove-resistances", target=1)
    assert armor(f.c, f.t, f.enemy(1)) == 8 and not f.enemy(1).prevented
    assert sum("Arcane Immunity" in e.text for e in f.events) == 3


def test_arcane_immunity_effects_that_directly_affect_enemy_attacks_still_apply() -> None:
    f = combat("sorcerers")
    f.play("next")
    f.add("attack-reduction 2", target=1)
    f.play("block 1")
    f.add("block 4")
    f.play("resolve")
    assert f.enemy(1).blocked == [True]


def test_arcane_immunity_attacks_and_blocks_work_as_usual() -> None:
    f = combat("sorcerers")
    f.add("ranged 6")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_defense_first_enemy_attacked_gets_armor_bonus_until_end_of_combat() -> None:
    f = combat("elven-protectors, prowlers")
    f.play("next", "next", "assign 1 hero", "assign 2 hero")
    f.add("attack 4")
    f.play("target 2", "resolve", "confirm")
    assert not f.enemy(2).defeated  # 3 + Defend 2
    assert armor(f.c, f.t, f.enemy(2)) == 5
    f.add("attack 4")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated  # their Defend went to the Prowlers: none left for themselves
    f.add("attack 5")
    f.play("target 2", "resolve")
    assert f.enemy(2).defeated


def test_defense_with_the_ranged_phase_first_attack_counts() -> None:
    f = combat("elven-protectors, prowlers")
    f.add("ranged 3")
    f.play("target 2", "resolve", "confirm")
    assert not f.enemy(2).defeated
    f.play("next", "next", "assign 1 hero", "assign 2 hero")
    assert armor(f.c, f.t, f.enemy(2)) == 5 and armor(f.c, f.t, f.enemy(1)) == 4


def test_defense_applies_to_the_defender_itself_when_attacked_first() -> None:
    f = combat("corrupted-priests")
    f.add("ranged 5")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 5 + Defend 1
    f.add("ranged 6")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_defense_several_defend_enemies_each_gives_its_bonus_to_a_different_enemy() -> None:
    """Defense with two Defend enemies (Crystal Sprites 1, Elven Protectors 2): Defend enemies
    "defend themselves or other enemies" (rules-choices "Defense"): the first enemy attacked, a
    third one, gets one bonus (the Sprites', first in the combat), the next one attacked the
    other (the Protectors' own), the last none."""
    f = combat("crystal-sprites, elven-protectors, prowlers")
    f.add("ranged 4")
    f.play("target 3", "resolve")
    assert f.enemy(3).defeated  # Armor 3 + 1 (not + 1 + 2)
    defended = [e for e in f.events if e.kind == "defend"]
    assert [e.data for e in defended] == [{"enemy": 3, "armor": 1, "by": 1}]
    assert defended[0].text == "Defense: the Prowlers get Armor +1 for this combat (the Defend of the Crystal Sprites)"
    f.add("ranged 5")
    f.play("target 2", "resolve", "confirm")
    assert not f.enemy(2).defeated and armor(f.c, f.t, f.enemy(2)) == 4 + 2
    f.add("ranged 2")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated  # elusive 2, no Defend left to give


def test_defense_an_enemy_gets_one_defend_bonus_however_often_it_is_attacked() -> None:
    """Corrupted Priests (Armor 5, Defend 1) with Elven Protectors (Defend 2): the Priests
    attacked get the Protectors' bonus only; attacked again, none more; the Protectors, whose
    bonus is given and the Priests' gone with them, get none."""
    f = combat("elven-protectors, corrupted-priests")
    f.add("ranged 4")
    f.play("target 2", "resolve", "confirm")
    assert armor(f.c, f.t, f.enemy(2)) == 5 + 2
    f.add("ranged 7")
    f.play("target 2", "resolve")
    assert f.enemy(2).defeated
    assert armor(f.c, f.t, f.enemy(1)) == 4


def test_defense_a_group_attack_each_target_gets_a_bonus_from_a_different_defend_enemy() -> None:
    """One attack on two enemies with two Defend enemies in the combat: each target, in the
    order named, gets one Defend bonus, from the Defend enemies in the combat's order."""
    f = combat("elven-protectors, crystal-sprites, prowlers, prowlers")
    f.add("ranged 8")
    f.play("target 3", "target 4", "resolve", "confirm")
    assert not f.enemy(3).defeated  # 3 + 2 and 3 + 1: Ranged 8 against Armor 9
    assert (armor(f.c, f.t, f.enemy(3)), armor(f.c, f.t, f.enemy(4))) == (5, 4)
    assert [f.enemy(i).defended_by for i in (3, 4)] == [0, 1]


# ---- OFFENSIVE ----------------------------------------------------------------------------


def _block(enemy: str, *points: str) -> bool:
    f = combat(enemy)
    f.play("next", "block 1")
    for p in points:
        f.add(p)
    f.play("resolve")
    if f.c.asking:  # a block that fails asks to be confirmed first
        f.play("confirm")
    return f.enemy(1).blocked == [True]


def test_fire_attack_only_ice_and_cold_fire_blocks_efficient() -> None:
    assert not _block("fire-mages", "block 6")
    assert not _block("fire-mages", "block 6 fire")
    assert _block("fire-mages", "block 6 ice")
    assert _block("fire-mages", "block 6 cold-fire")
    assert _block("fire-mages", "block 4 ice", "block 2", "block 2 fire")  # 4 + (4 // 2)


def test_ice_attack_only_fire_and_cold_fire_blocks_efficient() -> None:
    assert _block("ice-mages", "block 5 fire")
    assert _block("ice-mages", "block 5 cold-fire")
    assert not _block("ice-mages", "block 5 ice")
    assert not _block("ice-mages", "block 9")


def test_cold_fire_attack_only_cold_fire_blocks_efficient() -> None:
    assert _block("corrupted-priests", "block 4 cold-fire")
    assert not _block("corrupted-priests", "block 4 fire", "block 3 ice")
    assert _block("corrupted-priests", "block 8")


def test_summon_attack_draws_a_random_brown_token_at_the_start_of_the_block_phase() -> None:
    f = combat("orc-summoners", seed=3)
    assert len(f.c.enemies) == 1
    f.play("next")
    summoned = f.enemy(2)
    assert f.t.enemy[summoned.token].colour == "brown" and summoned.summoner == 0


def test_summon_attack_replaces_the_enemy_in_block_and_assign_damage_then_discarded() -> None:
    f = combat("orc-summoners", summons="prowlers".replace("prowlers", "minotaur"))
    f.play("next")
    assert [a for a in f.legal() if a.startswith("block")] == ["block 2"]
    f.play("next")
    assert f.legal() == ["assign 2 hero"]
    f.play("assign 2 hero")
    assert f.c.hero.wounds_hand == 5  # Minotaur 5, Brutal: 10 damage
    assert f.enemy(2).gone and f.legal() == ["target 1", "next"]
    f.add("attack 4")
    f.play("target 1", "resolve")
    assert f.c.fame == 4  # the summoned Minotaur gives no Fame


def test_summon_with_swift_summoned_token_needs_twice_the_block() -> None:
    f = combat("illusionists", summons="werewolf")
    f.play("next", "block 2")
    f.add("block 13")
    f.play("resolve", "confirm")
    assert not f.enemy(2).blocked[0]
    f.play("block 2")
    f.add("block 14")
    f.play("resolve")
    assert f.enemy(2).blocked[0]


def test_summon_dragon_summoner_draws_one_token_per_summon_attack() -> None:
    f = combat("dragon-summoner", summons="minotaur, gargoyle")
    f.play("next")
    assert sorted(e.token for e in f.c.enemies[1:]) == ["gargoyle", "minotaur"]


def test_summon_shrouded_necromancers_draw_a_green_token() -> None:
    f = combat("shrouded-necromancers", seed=5)
    f.play("next")
    assert f.t.enemy[f.enemy(2).token].colour == "green"


def test_summon_nothing_if_the_summoner_is_defeated_or_prevented_first() -> None:
    f = combat("orc-summoners, illusionists")
    f.add("ranged 4")
    f.play("target 1", "resolve")
    f.add("prevent-attack", target=2)
    f.play("next")
    assert len(f.c.enemies) == 2


def test_swift_needs_twice_as_much_block_as_its_attack() -> None:
    assert not _block("wolf-riders", "block 5")
    assert _block("wolf-riders", "block 6")


def test_brutal_if_unblocked_deals_twice_as_much_damage() -> None:
    f = combat("ironclads, prowlers")
    f.play("next", "next", "assign 1 hero")
    assert f.c.hero.wounds_hand == 4  # 8 damage, Armor 2
    f.play("assign 2 hero")
    assert f.c.hero.wounds_hand == 6  # 4 damage


def test_poison_unit_wounded_gets_two_wound_cards() -> None:
    f = combat("cursed-hags", units="peasants")
    f.play("next", "next", "assign 1 unit peasants-1")
    assert f.unit("peasants-1").wounds == 2


def test_poison_hero_puts_one_wound_into_the_discard_pile_per_wound_to_hand() -> None:
    f = combat("cursed-hags")
    f.play("next", "next", "assign 1 hero")
    assert (f.c.hero.wounds_hand, f.c.hero.wounds_discard) == (2, 2)


def test_paralyze_wounded_unit_is_destroyed() -> None:
    f = combat("medusa", units="peasants")
    f.play("next", "next", "assign 1 unit peasants-1")
    assert f.unit("peasants-1").destroyed
    assert f.legal() == ["assign 1 hero"]  # 3 damage left after its Armor


def test_paralyze_hero_discards_non_wound_cards() -> None:
    f = combat("ice-golems", hand=4)
    f.play("next", "next", "assign 1 hero")
    assert (f.c.hero.wounds_hand, f.c.hero.hand, f.c.hero.discarded) == (1, 0, 4)


def test_assassination_damage_cannot_be_assigned_to_units() -> None:
    f = combat("orc-tracker", units="peasants, utem-guardsmen")
    f.play("next", "next")
    assert f.legal() == ["assign 1 hero"]
    reason, rule = f.refused("assign 1 unit peasants-1")
    assert "Assassination" in reason and rule == "ENEMY TOKEN ABILITIES: Assassination"


def test_assassination_with_units_present_other_attacks_may_go_to_units() -> None:
    f = combat("orc-tracker, prowlers", units="peasants")
    f.play("next", "next")
    assert "assign 2 unit peasants-1" in f.legal() and "assign 1 unit peasants-1" not in f.legal()


def test_cumbersome_spend_move_points_in_the_block_phase() -> None:
    f = combat("orc-stonethrowers", move=3)
    assert "spend-move 1" not in f.legal()  # Block phase only
    f.play("next", "spend-move 1", "spend-move 1", "spend-move 1", "block 1")
    f.add("block 4")
    f.play("resolve")
    assert f.enemy(1).blocked == [True] and f.c.move_points == 0


def test_cumbersome_reduced_for_the_rest_of_the_turn() -> None:
    f = combat("orc-stonethrowers", move=2)
    f.play("next", "spend-move 1", "spend-move 1", "next", "assign 1 hero")
    assert f.c.hero.wounds_hand == 3  # 5 damage, Armor 2


def test_cumbersome_attack_reduced_to_0_is_successfully_blocked() -> None:
    f = combat("zombie-horde", move=3)
    f.play("next", "spend-move 1.1", "spend-move 1.2", "spend-move 1.3")
    assert f.enemy(1).blocked == [True, True, True]
    f.play("next")
    assert f.phase == "attack" and f.c.hero.wounds_hand == 0


def test_vampiric_armor_plus_one_per_unit_wounded_and_per_wound_to_hand() -> None:
    f = combat("gibbering-ghouls", units="peasants")
    f.play("next", "next", "assign 1 unit peasants-1", "assign 1 hero")
    assert f.unit("peasants-1").wounds == 1 and f.c.hero.wounds_hand == 1
    assert armor(f.c, f.t, f.enemy(1)) == 4 + 2
    f.add("attack 5")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated


def test_vampiric_counts_only_wounds_added_to_a_hand() -> None:
    f = combat("gibbering-ghouls", armor=1)
    f.play("next", "next", "assign 1 hero")
    assert armor(f.c, f.t, f.enemy(1)) == 4 + 4


# ---- MULTIPLE ATTACKS ---------------------------------------------------------------------


def test_multiple_attacks_each_blocked_separately() -> None:
    f = combat("heroes")
    f.play("next", "block 1.1")
    f.add("block 8")
    f.play("resolve")
    assert f.enemy(1).blocked == [True, False]  # the extra points do not block the second attack
    assert "block 1.2" in f.legal()


def test_multiple_attacks_damage_assigned_separately() -> None:
    f = combat("orc-skirmishers", units="peasants")
    f.play("next", "next")
    assert set(f.legal()) == {"assign 1.1 unit peasants-1", "assign 1.1 hero", "assign 1.2 unit peasants-1",
                              "assign 1.2 hero"}
    f.play("assign 1.1 unit peasants-1")
    assert f.legal() == ["assign 1.2 hero"]
    f.play("assign 1.2 hero")
    assert f.c.hero.wounds_hand == 1 and f.phase == "attack"


def test_multiple_attacks_prevent_prevents_all_attacks() -> None:
    f = combat("hydra")
    f.add("prevent-attack", target=1)
    f.play("next")
    assert f.legal() == ["next"]
    f.play("next")
    assert f.phase == "attack" and f.c.hero.wounds_hand == 0


def test_multiple_attacks_successfully_blocked_only_if_all_blocked() -> None:
    f = combat("heroes")
    f.add("destroy-if-blocked", target=1)
    f.play("next", "block 1.1")
    f.add("block 5")
    f.play("resolve")
    assert not f.enemy(1).defeated
    f.play("block 1.2")
    f.add("block 3")
    f.play("resolve")
    assert f.enemy(1).defeated and f.c.fame == 5 and f.c.reputation == -1


# ---- wounds, knock-out, Fame (facts 4.3) ---------------------------------------------------


def test_hero_takes_one_wound_per_armor_point_rounded_up() -> None:
    f = combat("prowlers", armor=3)
    f.play("next", "next", "assign 1 hero")
    assert f.c.hero.wounds_hand == 2


def test_knock_out_when_wounds_this_combat_reach_the_unmodified_hand_limit() -> None:
    f = combat("prowlers, prowlers", hand_limit=4, hand=5)
    f.play("next", "next", "assign 1 hero")
    assert not f.c.hero.knocked_out and f.c.hero.hand == 5
    f.play("assign 2 hero")
    assert f.c.hero.knocked_out and f.c.hero.hand == 0 and f.c.hero.discarded == 5


def test_fame_and_reputation_on_defeat() -> None:
    f = combat("heroes, grey-thugs, prowlers")
    f.play("next", "next", "assign 1.1 hero", "assign 1.2 hero", "assign 2 hero", "assign 3 hero")
    f.add("attack 20")
    f.play("target 1", "target 2", "target 3", "resolve")
    assert f.c.fame == 5 + 2 + 2 and f.c.reputation == -1 + 1 and f.phase == "over"
    assert f.events[-1].data["won"] and f.events[-1].data["defeated"] == ["heroes", "grey-thugs", "prowlers"]


def test_combat_outcome_names_the_undefeated_enemies() -> None:
    """MONSTER DEN / SPAWNING GROUNDS / ANCIENT RUINS: undefeated enemies remain on the space."""
    f = combat("orc-summoners, prowlers", summons="minotaur")
    f.add("ranged 3")
    f.play("target 2", "resolve", "next", "next", "assign 3 hero", "next")
    result = f.events[-1].data
    assert result["won"] is False and result["defeated"] == ["prowlers"] and result["undefeated"] == ["orc-summoners"]
    assert result["fame"] == 2 and result["wounds_hand"] == 5 and result["knocked_out"]


def test_poison_on_a_unit_and_the_hero_from_one_attack() -> None:
    f = combat("monks", units="peasants")  # Attack 5, Poison
    f.play("next", "next", "assign 1 unit peasants-1")
    assert f.unit("peasants-1").wounds == 2
    f.play("assign 1 hero")  # 2 left, Armor 2
    assert (f.c.hero.wounds_hand, f.c.hero.wounds_discard) == (1, 1)


# ---- the combat sequence (facts 4.1) --------------------------------------------------------


def test_combat_ranged_phase_takes_only_ranged_and_siege_points() -> None:
    f = combat("prowlers")
    with pytest.raises(IllegalActionError, match="attack effect cannot be used in the Ranged and Siege"):
        f.add("attack 1")  # no cards sideways in this phase
    with pytest.raises(IllegalActionError, match="block effect cannot be used"):
        f.add("block 3")


def test_combat_points_cannot_be_banked_for_later() -> None:
    f = combat("prowlers")
    f.play("next")
    f.add("block 9")
    f.play("next", "confirm")
    assert f.c.pool == [] and f.legal() == ["assign 1 hero"]


def test_combat_failed_attack_has_no_effect_and_nothing_carries_over() -> None:
    f = combat("prowlers")
    f.add("ranged 2")
    f.play("target 1", "resolve", "confirm")
    f.add("ranged 1")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated and f.c.pool == []


def test_combat_ends_when_every_enemy_is_defeated_in_the_ranged_phase() -> None:
    f = combat("prowlers, diggers")
    f.add("siege 6")
    f.play("target 1", "target 2", "resolve")
    assert f.phase == "over" and f.legal() == [] and f.c.fame == 4


def test_combat_a_partial_block_does_nothing() -> None:
    f = combat("swordsmen")
    f.play("next", "block 1")
    f.add("block 5")
    f.play("resolve", "confirm", "next", "assign 1 hero")
    assert f.c.hero.wounds_hand == 3  # the full 6 damage


def test_summon_never_draws_a_summoner() -> None:
    for seed in range(40):
        f = combat("shrouded-necromancers", seed=seed)
        f.play("next")
        assert f.enemy(2).token not in ("orc-summoners", "shrouded-necromancers")
    assert "orc-summoners" not in combat("shrouded-necromancers").c.summon_piles["green"]


# ---- Summon Attack: the token drawn comes from the game's brown pile ---------------------------


def test_summon_attack_draws_from_the_given_pile_and_the_outcome_names_it() -> None:
    """"Draw a random brown token for this enemy ... then it is discarded": the game's pile
    is the one drawn from, and the game discards what was drawn."""
    t = tables()
    c = start_combat(t, ["orc-summoners"], summon_piles={"brown": ["gargoyle"]})
    f = Fight(c)
    f.play("next")
    assert [e.token for e in f.c.enemies] == ["orc-summoners", "gargoyle"]
    f.play("next", "assign 2 hero")
    assert outcome(f.c)["summoned"] == ["gargoyle"]
    with pytest.raises(BoardrulesError, match="summon_piles: give the brown pile"):
        start_combat(t, ["orc-summoners"], summon_piles={"green": []})


def test_summon_attack_in_the_game_draws_from_the_brown_pile_and_discards_the_token() -> None:
    words = ["plains"] * 7
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=EAST["SW"])
    b.tokens(EAST["SE"], "orc-summoners")
    b.s.enemy_piles["brown"] = ["gargoyle"]
    challenge(b.t, b.s, 0, [EAST["SE"]], [])
    c = b.s.combat
    assert c is not None
    apply_combat(b.t, c, Action.parse("next"), [], b.s.rng)
    assert [e.token for e in c.enemies] == ["orc-summoners", "gargoyle"]
    settle(b, defeated=())
    assert b.s.enemy_piles["brown"] == [] and b.s.enemy_discards["brown"] == ["gargoyle"]


# ---- two abilities at once -------------------------------------------------------------------


def test_elusive_and_defend_the_defense_bonus_raises_both_armor_values() -> None:
    """Crystal Sprites: Armor 1, elusive 2, Defend 1. Attacked first in the Ranged phase they
    need 3; blocked, in the Attack phase 1 + 1 ("Any Armor modifications apply to both")."""
    f = combat("crystal-sprites")
    f.add("ranged 2")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated and armor(f.c, f.t, f.enemy(1)) == 3
    f.play("next")
    f.add("block 2 fire")
    f.play("block 1.1", "resolve")
    f.add("block 2 fire")
    f.play("block 1.2", "resolve", "next")
    assert f.phase == "attack" and armor(f.c, f.t, f.enemy(1)) == 2
    f.add("attack 2")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_fire_and_ice_resistance_cold_fire_halved_only_by_a_target_with_both() -> None:
    """"Both Fire and Ice Resistance — Also all Cold Fire Attacks are inefficient": two targets
    with one resistance each do not make a group's Cold Fire attack inefficient."""
    f = combat("skeletal-warriors, water-elemental")  # Fire res. Armor 4, Ice res. Armor 7
    f.add("ranged 11 cold-fire")
    f.play("target 1", "target 2", "resolve")
    assert f.enemy(1).defeated and f.enemy(2).defeated
    g = combat("skeletal-warriors, high-dragon")  # High Dragon: Fire and Ice, Armor 9
    g.add("ranged 25 cold-fire")
    g.play("target 1", "target 2", "resolve", "confirm")
    assert not g.enemy(1).defeated  # 25 // 2 = 12 < 13
    g.add("ranged 26 cold-fire")
    g.play("target 1", "target 2", "resolve")
    assert g.enemy(1).defeated and g.enemy(2).defeated


def test_brutal_and_poison_on_a_resistant_unit_and_on_the_hero() -> None:
    """Altem Mages: Cold Fire 4, Brutal, Poison. Unblocked: 8 damage. The Altem Mages Unit
    (Fire and Ice resistant, Armor 5) absorbs 5 unwounded, then takes two Wounds for the 3
    left; on the hero (Armor 2) 4 Wounds into the hand and 4 into the discard pile."""
    f = combat("altem-mages", units="altem-mages")
    f.to_damage()
    f.play("assign 1 unit altem-mages-1")
    assert f.unit("altem-mages-1").wounds == 2 and f.phase == "attack"
    g = combat("altem-mages", armor=2, hand_limit=5)
    g.to_damage()
    g.play("assign 1 hero")
    h = g.c.hero
    assert (h.wounds_hand, h.wounds_discard, h.knocked_out) == (4, 4, False)


def test_paralyze_with_units_the_unit_is_destroyed_and_the_rest_paralyzes_the_hero() -> None:
    """Medusa 6: the Peasants (Armor 3) are destroyed, 3 damage is left; the hero (Armor 2)
    takes 2 Wounds into the hand and discards every non-Wound card."""
    f = combat("medusa", units="peasants, peasants", armor=2, hand=4)
    f.to_damage()
    f.play("assign 1 unit peasants-1")
    assert f.unit("peasants-1").destroyed and f.enemy(1).left == [3]
    assert f.legal() == ["assign 1 unit peasants-2", "assign 1 hero"]
    f.play("assign 1 hero")
    assert f.c.hero.wounds_hand == 2 and f.c.hero.hand == 0
    assert not f.unit("peasants-2").destroyed


def test_assassination_swift_and_poison_with_units_present() -> None:
    """Manticore: Swift (Block 8 needed), Assassination (no Unit, even with Units present),
    Poison (a Wound into the discard pile per Wound into the hand)."""
    f = combat("manticore", units="peasants, utem-guardsmen", armor=2)
    f.play("next")
    f.add("block 7")
    f.play("block 1", "resolve", "confirm", "next")
    assert f.legal() == ["assign 1 hero"]
    f.play("assign 1 hero")
    assert (f.c.hero.wounds_hand, f.c.hero.wounds_discard) == (2, 2)
    assert all(u.wounds == 0 for u in f.c.units)


def test_cumbersome_move_points_then_brutal_doubles_what_is_left() -> None:
    """Earth Elemental: Attack 4, Cumbersome, Brutal. 2 Move spent: Attack 2, unblocked 4."""
    f = combat("earth-elemental", move=2)
    f.play("next", "spend-move 1", "spend-move 1", "next")
    assert f.enemy(1).left == [4]


def test_vampiric_growth_over_several_hits() -> None:
    """Vampire (Armor 5, elusive 10): each Unit its attack wounds and each Wound into the hand
    adds 1 Armor for the rest of the combat, on both values."""
    f = combat("vampire", units="peasants, herbalists", armor=1)
    f.to_damage()
    f.play("assign 1 unit herbalists-1")  # 5 - 2 = 3 left, +1
    assert f.enemy(1).armor_bonus == 1 and f.enemy(1).left == [3]
    f.play("assign 1 hero")  # 3 Wounds into the hand, +3
    assert f.enemy(1).armor_bonus == 4 and f.phase == "attack"
    assert armor(f.c, f.t, f.enemy(1)) == 14  # not blocked: the elusive value 10 + 4


def test_knock_out_counts_only_wounds_taken_into_the_hand_this_combat() -> None:
    """Wounds already in the hand and Poison's Wounds into the discard pile do not count."""
    f = combat("cursed-hags", armor=1, hand_limit=5)  # Attack 3, Poison
    f.c.hero.wounds_hand = 4
    f.to_damage()
    f.play("assign 1 hero")
    h = f.c.hero
    assert (h.wounds_hand, h.wounds_discard, h.knocked_out, h.hand) == (7, 3, False, 5)
    g = combat("swordsmen", armor=1, hand_limit=5)  # Attack 6: 6 Wounds into the hand
    g.to_damage()
    g.play("assign 1 hero")
    assert g.c.hero.knocked_out and g.c.hero.hand == 0


def test_multiple_attacks_damage_assigned_in_the_order_the_player_chooses() -> None:
    """Hydra 2 + 2 + 2: any unblocked attack may be assigned first; the Unit wounded by one
    cannot take another."""
    f = combat("hydra", units="peasants")
    f.play("next")
    f.add("block 2")
    f.play("block 1.2", "resolve", "next")
    assert f.legal() == ["assign 1.1 unit peasants-1", "assign 1.1 hero",
                         "assign 1.3 unit peasants-1", "assign 1.3 hero"]
    f.play("assign 1.3 unit peasants-1")
    assert f.legal() == ["assign 1.1 hero"]
    f.play("assign 1.1 hero")
    assert f.phase == "attack" and f.c.hero.wounds_hand == 1


def test_city_bonus_goes_to_the_defenders_not_to_a_summoned_token() -> None:
    """Facts 4.6: a Green city's defenders with a physical attack gain Poison. The brown token
    an Illusionists defender summons is not one of the city's defenders (our reading)."""
    f = combat("illusionists", city="green", summons="gargoyle", armor=2)
    f.play("next")
    assert f.enemy(2).token == "gargoyle" and f.enemy(2).gained == []
    f.play("next", "assign 2 hero")
    assert (f.c.hero.wounds_hand, f.c.hero.wounds_discard) == (3, 0)
    g = combat("swordsmen", city="green", armor=2)
    g.to_damage()
    g.play("assign 1 hero")
    assert (g.c.hero.wounds_hand, g.c.hero.wounds_discard) == (3, 3)


def step(b, *texts: str) -> None:  # type: ignore[no-untyped-def]
    c = b.s.combat
    assert c is not None
    for text in texts:
        apply_combat(b.t, c, Action.parse(text), b.events, b.s.rng)


def test_knock_out_with_only_wounds_in_hand_a_card_drawn_later_is_discarded_too() -> None:
    """Facts 4.3 knock-out: "discard all non-Wound cards". A hero whose hand held only Wounds
    when knocked out still discards a card that came into the hand later in that combat (the
    discard was counted as 0 cards and so was forgotten)."""
    b = orcs_board("prowlers")  # Attack 4
    p = b.p
    p.hand, p.hand_limit, p.armor = [WOUND], 1, 2
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    step(b, "next", "next", "assign 1 hero")
    c = b.s.combat
    assert c is not None and c.hero.knocked_out and c.hero.hand_discarded
    p.hand.append("march")  # drawn by an effect later in the combat
    settle(b, defeated=())
    assert "march" not in p.hand and "march" in p.discard


def test_paralyze_hero_with_only_wounds_in_hand_a_card_drawn_later_is_discarded_too() -> None:
    """ENEMY TOKEN ABILITIES "Paralyze": a hero wounded by it discards all non-Wound cards from
    the hand; with none there at that moment, one drawn later in the combat goes too."""
    b = orcs_board("medusa")  # Attack 6, Paralyze
    p = b.p
    p.hand, p.hand_limit, p.armor = [WOUND], 5, 2
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    step(b, "next", "next", "assign 1 hero")
    c = b.s.combat
    assert c is not None and not c.hero.knocked_out and c.hero.hand_discarded
    p.hand.append("rage")
    settle(b, defeated=())
    assert "rage" not in p.hand and "rage" in p.discard


# ---- ENEMY TOKEN ABILITIES by two paths at once (checks that held) -------------------------------

def test_summon_attack_a_summoner_challenged_across_a_wall_is_fortified_its_summoned_token_is_not() -> None:
    """WALLS "Combat" with Summon Attack: Orc Summoners challenged across a wall are fortified
    (only Siege counts in the Ranged phase); the brown token they summon ignores the wall, and it
    alone blocks and deals damage."""
    from mk_positions import combat

    from boardrules.games.mage_knight.combat.enemies import fortification

    f = combat("orc-summoners", rampaging=True, across_wall=True, summons="minotaur")
    assert fortification(f.c, f.t, f.enemy(1)) == 1
    f.add("ranged 9")
    f.play("target 1")
    assert "resolve" not in f.legal()  # a Ranged Attack does not count against a fortified enemy
    f.play("next", "confirm")
    assert f.c.enemies[1].token == "minotaur" and fortification(f.c, f.t, f.c.enemies[1]) == 0
    assert [x for x in f.legal() if x.startswith("block")] == ["block 2"]


# ---- ENEMY TOKEN ABILITIES: Arcane Immunity against an Artifact's non-Attack effect ------------


def test_arcane_immunity_keeps_its_physical_resistance_when_the_sword_of_justice_is_thrown_away() -> None:
    """Arcane Immunity: "The enemy is not affected by any non-Attack/Block effects." The Sword of
    Justice thrown away makes the enemies lose Physical Resistance (facts 3.3): a non-Attack
    effect, so the Dragon Summoner (Arcane Immunity, Physical Resistance) keeps it; its physical
    attacks still count double, halved by the resistance."""
    s = turn("sword-of-justice rage march")
    s.g.combat = combat("dragon-summoner, golems").c
    in_phase(s, "attack")
    do(s, "play sword-of-justice powered")
    c = s.g.combat
    assert c is not None
    assert c.enemies[0].resistances_lost == [] and c.enemies[1].resistances_lost == ["physical"]
    do(s, "play rage basic", "choose 1", "target 1", "resolve")  # Attack 2, doubled 4, halved 2 < Armor 8
    assert not c.enemies[0].defeated


def test_elusive_and_defend_crystal_sprites_one_attack_of_two_blocked_keeps_the_higher_armor() -> None:
    """Elusive "only if all of the enemy attacks are successfully Blocked", MULTIPLE ATTACKS "An
    enemy is considered successfully blocked if all its Attacks are blocked", Defense: the
    Crystal Sprites (Armor 1, elusive 2, Defend 1, two Ice attacks) with one attack blocked keep
    Armor 2, plus 1 once attacked first; the other attack's damage is still assigned."""
    f = combat("crystal-sprites")
    f.play("next")
    f.add("block 1 fire")
    f.play("block 1.1", "resolve", "next")
    assert f.enemy(1).blocked == [True, False] and f.legal() == ["assign 1.2 hero"]
    f.play("assign 1.2 hero")
    assert armor(f.c, f.t, f.enemy(1)) == 2
    f.add("attack 2")
    f.play("target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated and armor(f.c, f.t, f.enemy(1)) == 3


# ---- Fire / Ice Resistance against Unit abilities powered by red / blue mana -------------------


def test_fire_resistance_ignores_a_unit_ability_powered_by_red_mana() -> None:
    """Fire Resistance: "The enemy ignores any non-Attack effects of red cards or Unit abilities
    powered by red mana": the Delphana Masters' red ability (destroy the enemy if blocked) does
    nothing to the Skeletal Warriors (Fire Resistance), blocked, while it destroys the Prowlers."""
    f = combat("skeletal-warriors, prowlers", units="delphana-masters", mana="red red")
    f.play("next", "activate delphana-masters-1 destroy 1")
    assert not f.enemy(1).destroy_if_blocked and any("Fire Resistance" in e.text for e in f.events)
    f.add("block 3")
    f.play("block 1", "resolve")
    assert f.enemy(1).blocked == [True] and not f.enemy(1).defeated
    g = combat("prowlers", units="delphana-masters", mana="red")
    g.play("next", "activate delphana-masters-1 destroy 1")
    g.add("block 4")
    g.play("block 1", "resolve")
    assert g.enemy(1).defeated


def test_ice_resistance_ignores_a_unit_ability_powered_by_blue_mana() -> None:
    """Ice Resistance: "... or Unit abilities powered by blue mana": the Delphana Masters' blue
    ability (the enemy does not attack) is ignored by the Hydra (Ice Resistance, three attacks),
    which then attacks three times."""
    f = combat("hydra", units="delphana-masters", mana="blue")
    f.play("activate delphana-masters-1 prevent 1")
    assert not f.enemy(1).prevented and any("Ice Resistance" in e.text for e in f.events)
    f.play("next")
    assert [a for a in f.legal() if a.startswith("block")] == ["block 1.1", "block 1.2", "block 1.3"]


# ---- Paralyze in the game: the Unit is removed from the game -----------------------------------


def test_paralyze_the_unit_destroyed_is_removed_from_the_game_not_returned_to_the_offer() -> None:
    """Paralyze: "If a Unit gets wounded because of an attack from an enemy with Paralyze, it is
    immediately destroyed (removed from the game)": after the combat the player no longer has
    it, and neither the Unit offer nor the Unit decks get it back; the other Unit stays."""
    from boardrules.games.mage_knight.combat.actions import apply_combat
    from boardrules.games.mage_knight.sites.site_combats import challenge, finish_combat

    words = PLAINS.split()
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "ice-golems")  # Ice 2, Paralyze
    b.p.units, b.p.command = [["peasants", 0, False], ["herbalists", 0, False]], 2
    offer, decks = list(b.s.unit_offer), (list(b.s.regular_units), list(b.s.elite_units))
    challenge(b.t, b.s, 0, [se], [])
    c = b.s.combat
    assert c is not None
    events: list = []
    for text in ("next", "next", "assign 1 unit peasants-1", "next"):
        apply_combat(b.t, c, Action.parse(text), events, b.s.rng)
    finish_combat(b.t, b.s, events)
    assert b.p.units == [["herbalists", 0, False]] and b.p.hand.count("wound") == 0
    assert b.s.unit_offer == offer and (b.s.regular_units, b.s.elite_units) == decks


# ---- Summon Attack at the edge of supply ---------------------------------------------------------


def test_summon_attack_a_pile_running_out_between_two_summons_is_renewed_from_its_discards() -> None:
    """Summon Attack: "At the start of the Block phase, draw a random brown token for this enemy",
    for each summon (the Dragon Summoner has two); facts 5.1: an exhausted pile is reshuffled from
    its discards. With one brown token left in the pile, the second summon draws from the
    discards (it summoned nothing), and both tokens are discarded after the combat."""
    from boardrules.games.mage_knight.combat.actions import apply_combat
    from boardrules.games.mage_knight.sites.site_combats import challenge, finish_combat

    words = PLAINS.split()
    words[3] = "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "dragon-summoner")
    b.s.enemy_piles["brown"], b.s.enemy_discards["brown"] = ["minotaur"], ["gargoyle"]
    challenge(b.t, b.s, 0, [se], [])
    c = b.s.combat
    assert c is not None
    events: list = []
    apply_combat(b.t, c, Action.parse("next"), events, b.s.rng)
    assert [e.token for e in c.enemies] == ["dragon-summoner", "minotaur", "gargoyle"]
    assert [e.data["token"] for e in events if e.kind == "summon"] == ["minotaur", None, "gargoyle"]
    for text in ("next", "assign 2 hero", "assign 3 hero", "next"):
        apply_combat(b.t, c, Action.parse(text), events, b.s.rng)
    finish_combat(b.t, b.s, events)
    assert b.s.enemy_piles["brown"] == [] and sorted(b.s.enemy_discards["brown"]) == ["gargoyle", "minotaur"]


# ---- Summon Attack: the summoner replaced in the Block and Assign Damage phases -----------------

SUMMON_RULE = "ENEMY TOKEN ABILITIES: Summon Attack"
REPLACED = "the Orc Summoners are replaced by the Minotaur they summoned until the end of the Assign Damage phase"


def test_summon_attack_the_summoner_is_replaced_no_unit_ability_or_effect_names_it_until_discarded() -> None:
    """Summon Attack: "It replaces the enemy in the Block and Assign Damage phases, then it is
    discarded." From the start of the Block phase the Orc Summoners are out of play: the
    Illusionists' "prevent" names only the Minotaur they summoned (and the Prowlers), a prevent
    on them is refused naming the rule; in the Attack phase they are back and the Minotaur gone.
    A summoner that summoned nothing (an empty pile) stays as itself."""
    f = combat("orc-summoners, prowlers", units="illusionists", summons="minotaur", mana="white")
    assert "activate illusionists-1 prevent 1" in f.legal()  # Ranged phase: nothing summoned yet
    f.play("next")
    assert [e.token for e in f.c.enemies] == ["orc-summoners", "prowlers", "minotaur"]
    assert [a for a in f.legal() if a.startswith("activate")] == [
        "activate illusionists-1 prevent 2", "activate illusionists-1 prevent 3"]
    reason, rule = f.refused("activate illusionists-1 prevent 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    with pytest.raises(IllegalActionError, match="replaced by the Minotaur"):
        f.add("prevent-attack", target=1)
    assert not f.enemy(1).prevented
    from boardrules.games.mage_knight.combat.enemies import replaced

    f.play("block 3", "next")  # nothing blocked: the Assign Damage phase
    assert f.phase == "damage" and replaced(f.c, 0)
    f.play("assign 2 hero", "assign 3 hero")
    assert f.phase == "attack" and f.enemy(3).gone and not replaced(f.c, 0)
    assert "target 1" in f.legal() and "target 3" not in f.legal()
    f.add("armor-reduction 1", target=1)  # back in play: an effect names it again
    assert f.enemy(1).armor_cut == 1

    g = combat("orc-summoners", summons="minotaur")
    g.c.summon_piles["brown"] = []  # the pile is empty: nothing is summoned
    g.play("next")
    assert [e.token for e in g.c.enemies] == ["orc-summoners"] and not replaced(g.c, 0)
    g.add("armor-reduction 2", target=1)
    assert g.enemy(1).armor_cut == 2


def test_summon_attack_the_replaced_summoner_is_no_target_of_cards_skills_or_units_in_the_game() -> None:
    """Summon Attack, in a turn: in the Block phase the enemy answers of Whirlwind (a spell) and
    of Know Your Prey (a skill) leave out the Orc Summoners, the Minotaur they summoned replaces
    them; naming them is refused with the rule, as is the Illusionists' prevent; Tremor's "Armor
    -2 to all enemies" and the Sword of Justice's lost Physical Resistance reach the Prowlers and
    the Minotaur, not the Orc Summoners."""
    s = turn("tremor whirlwind march", faces="green white white", units="illusionists",
             skills="know-your-prey")
    s.g.combat = combat("orc-summoners, prowlers", units="illusionists", summons="minotaur").c
    s.g.players[s.g.current].crystals["white"] = 1
    s.cached = None
    do(s, "next")
    reason, rule = refusal(s, "activate illusionists-1 prevent 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    do(s, "play tremor basic", "choose 2", "pay green die-1")
    c = s.g.combat
    assert c is not None
    assert [e.armor_cut for e in c.enemies] == [0, 2, 2]
    do(s, "play whirlwind basic")
    assert legal(s) == ["enemy 2", "enemy 3"]
    reason, rule = refusal(s, "enemy 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    do(s, "enemy 3", "pay white crystal")
    c = s.g.combat
    assert c is not None and c.enemies[2].prevented and not c.enemies[0].prevented
    asked = s.clone()  # the skill's enemy step, set by hand (in play it has one answer, taken at once)
    asked.play, asked.cached = ["know-your-prey", "skill"], None
    reason, rule = refusal(asked, "enemy 1")
    assert REPLACED in reason and rule == SUMMON_RULE
    do(s, "skill know-your-prey")
    assert taken(s)[:1] == ["enemy 3"]  # the Minotaur (the Prowlers have nothing to lose)
    s = turn("sword-of-justice march")  # "every enemy loses Physical Resistance": not the replaced one
    s.g.combat = combat("orc-summoners, prowlers", summons="minotaur").c
    s.cached = None
    do(s, "next", "play sword-of-justice powered")
    assert s.g.combat is not None and [e.resistances_lost for e in s.g.combat.enemies] == [[], ["physical"], ["physical"]]
