"""Rule tests for the excerpt's UNIT RESISTANCES and WALLS "Combat" paragraphs, the site rules
that set up combats (DUNGEON, TOMB, MONASTERY "Burning a Monastery", MAZE, LABYRINTH, KEEP,
MAGE TOWER), and every Unit's combat abilities (facts 3.4)."""

from __future__ import annotations

import pytest
from mk_positions import EAST, Fight, combat, east_board, orcs_board, settle, tables

from boardrules.engine import BoardrulesError
from boardrules.games.mage_knight.combat.damage import (
    pvp_damage_to_wound,
    unit_ignores_opponent_effect,
)
from boardrules.games.mage_knight.combat.enemies import armor, fortification
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.sites.site_combats import challenge
from boardrules.games.mage_knight.units.in_combat import EFFECT_PHASES, targets_enemy

# ---- UNIT RESISTANCES: Combat with enemies --------------------------------------------------


def test_unit_resistances_combat_with_enemies_resisted_damage_reduced_by_armor_without_wound() -> None:
    f = combat("diggers", units="guardian-golems")  # Attack 3 physical; Golems Armor 3, Physical Resistance
    f.play("next", "next", "assign 1 unit guardian-golems-1")
    assert f.unit("guardian-golems-1").wounds == 0 and f.phase == "attack"


def test_unit_resistances_combat_with_enemies_remaining_damage_wounds_and_is_reduced_again() -> None:
    f = combat("swordsmen", units="guardian-golems")  # 6 - 3 = 3 left: wounded, 3 - 3 = 0
    f.play("next", "next", "assign 1 unit guardian-golems-1")
    assert f.unit("guardian-golems-1").wounds == 1 and f.phase == "attack"
    f2 = combat("swordsmen", units="peasants")  # no resistance: wounded, 6 - 3 = 3 to the hero
    f2.play("next", "next", "assign 1 unit peasants-1")
    assert f2.unit("peasants-1").wounds == 1 and f2.legal() == ["assign 1 hero"]


def test_unit_resistances_resisted_but_unwounded_unit_cannot_be_assigned_damage_again() -> None:
    f = combat("orc-skirmishers", units="guardian-golems")
    f.play("next", "next", "assign 1.1 unit guardian-golems-1")
    assert f.unit("guardian-golems-1").resisted and not f.unit("guardian-golems-1").wounds
    assert f.legal() == ["assign 1.2 hero"]
    reason, rule = f.refused("assign 1.2 unit guardian-golems-1")
    assert "cannot be assigned damage again" in reason and rule == "UNIT RESISTANCES: Combat with enemies"


def test_unit_resistances_physical_resistance_only_against_physical_attacks() -> None:
    f = combat("fire-golems", units="guardian-golems")  # Fire 3 against a Physical-resistant Unit
    f.play("next", "next", "assign 1 unit guardian-golems-1")
    assert f.unit("guardian-golems-1").wounds == 1


def test_unit_resistances_fire_resistance_against_fire_attacks() -> None:
    f = combat("fire-golems", units="fire-mages")  # Fire 3 (Brutal: 6) against Armor 3, Fire Resistance
    f.play("next", "next", "assign 1 unit fire-mages-1")
    assert f.unit("fire-mages-1").wounds == 1 and f.phase == "attack"  # 6 - 3, wound, 3 - 3


def test_unit_resistances_ice_resistance_against_ice_attacks() -> None:
    f = combat("ice-golems", units="ice-mages")  # Ice 2, Paralyze; Armor 4, Ice Resistance
    f.play("next", "next", "assign 1 unit ice-mages-1")
    assert not f.unit("ice-mages-1").destroyed and f.unit("ice-mages-1").resisted


def test_unit_resistances_both_fire_and_ice_resistance_count_against_cold_fire() -> None:
    f = combat("corrupted-priests", units="altem-mages, fire-mages")
    f.play("next", "next", "assign 1 unit altem-mages-1")
    assert f.unit("altem-mages-1").resisted and not f.unit("altem-mages-1").wounds
    f2 = combat("corrupted-priests", units="fire-mages")  # Fire Resistance alone does not
    f2.play("next", "next", "assign 1 unit fire-mages-1")
    assert f2.unit("fire-mages-1").wounds == 1 and f2.legal() == ["assign 1 hero"]


def test_unit_resistances_wounded_units_cannot_take_damage_or_be_activated() -> None:
    f = combat("prowlers", units="peasants:wounded, peasants")
    f.play("next")
    assert "activate peasants-1 block" not in f.legal() and "activate peasants-2 block" in f.legal()
    reason, rule = f.refused("activate peasants-1 block")
    assert "wounded Units cannot be activated" in reason and rule == "UNIT RESISTANCES"
    f.play("next")
    assert "assign 1 unit peasants-1" not in f.legal()
    assert "wounded Units cannot be assigned damage" in f.refused("assign 1 unit peasants-1")[0]


def test_spent_units_can_still_take_damage() -> None:
    f = combat("prowlers", units="peasants:spent")
    f.play("next", "next")
    assert "assign 1 unit peasants-1" in f.legal()


def test_poison_and_paralyze_do_not_touch_a_unit_that_resists_unwounded() -> None:
    f = combat("cursed-hags", units="guardian-golems")  # Poison, Attack 3 physical
    f.play("next", "next", "assign 1 unit guardian-golems-1")
    assert f.unit("guardian-golems-1").wounds == 0


# ---- UNIT RESISTANCES: Player vs. Player ---------------------------------------------------


def test_unit_resistances_player_vs_player_twice_as_much_damage_to_wound_a_resistant_unit() -> None:
    assert pvp_damage_to_wound(3, ("physical",), ("physical",)) == 6
    assert pvp_damage_to_wound(3, ("physical",), ("fire",)) == 3
    assert pvp_damage_to_wound(4, ("fire",), ("physical", "fire")) == 8  # one element is enough
    assert pvp_damage_to_wound(4, ("fire",), ("cold-fire",)) == 4
    assert pvp_damage_to_wound(4, ("fire", "ice"), ("cold-fire",)) == 8


def test_unit_resistances_fire_and_ice_resistant_units_ignore_opponents_red_and_blue_effects() -> None:
    assert unit_ignores_opponent_effect(("fire",), ("red",))
    assert not unit_ignores_opponent_effect(("fire",), ("blue",))
    assert unit_ignores_opponent_effect(("physical", "ice"), ("blue",))
    assert not unit_ignores_opponent_effect(("physical",), ("red", "blue"))


# ---- WALLS: Combat ---------------------------------------------------------------------------


def test_walls_combat_rampaging_enemies_across_a_wall_are_fortified() -> None:
    f = combat("prowlers", rampaging=True, across_wall=True)
    assert fortification(f.c, f.t, f.enemy(1)) == 1
    f.add("ranged 5")
    f.play("target 1")
    assert "resolve" not in f.legal()
    assert f.refused("resolve") == ("the Prowlers are fortified (across a wall): only Siege attacks count against "
                                    "them in the Ranged and Siege phase", "WALLS: Combat")
    f2 = combat("prowlers", rampaging=True)
    assert fortification(f2.c, f2.t, f2.enemy(1)) == 0


def test_walls_combat_fortified_rampaging_enemy_across_a_wall_is_double_fortified() -> None:
    f = combat("diggers", rampaging=True, across_wall=True)
    assert "target 1" not in f.legal()


def test_walls_combat_fortified_site_across_a_wall_garrison_double_fortified() -> None:
    f = combat("swordsmen", site="keep", across_wall=True)
    assert fortification(f.c, f.t, f.enemy(1)) == 2
    f.add("siege 9")
    reason, rule = f.refused("target 1")
    assert "double fortified" in reason and "WALLS" in rule


def test_walls_combat_unfortified_enemy_ignores_the_wall() -> None:
    f = combat("orc-war-beasts", rampaging=True, across_wall=True)
    f.add("ranged 5")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


# ---- the site rules that set up combats ------------------------------------------------------


def test_dungeon_night_rules_apply_and_units_cannot_be_used() -> None:
    f = combat("minotaur", site="dungeon", units="peasants", mana="gold black")
    assert f.c.night
    assert not [a for a in f.legal() if a.startswith("activate")]
    reason, rule = f.refused("activate peasants-1 attack")
    assert reason == "Units cannot be used in this combat (dungeon)" and rule == "DUNGEON"
    f.play("next", "next")
    assert f.legal() == ["assign 1 hero"]


def test_dungeon_night_rules_gold_mana_cannot_power_units_black_can() -> None:
    f = combat("prowlers", units="guardian-golems", mana="gold", night=True)
    f.play("next")
    assert "activate guardian-golems-1 fire-block" not in f.legal()
    day = combat("prowlers", units="guardian-golems", mana="gold")
    day.play("next")
    assert "activate guardian-golems-1 fire-block" in day.legal()
    assert day.c.mana["gold"] == 1


def test_tomb_units_cannot_be_used() -> None:
    f = combat("high-dragon", site="tomb", units="catapults")
    assert f.c.night and not [a for a in f.legal() if a.startswith("activate")]
    assert f.refused("activate catapults-1 siege")[1] == "TOMB"


def test_burning_a_monastery_your_units_cannot_be_used() -> None:
    f = combat("monks", site="monastery", units="peasants")
    assert not f.c.night
    assert f.refused("activate peasants-1 attack") == ("Units cannot be used in this combat (monastery)",
                                                      "MONASTERY: Burning a Monastery")


def test_maze_only_the_chosen_unit_can_be_used() -> None:
    f = combat("prowlers", site="maze", units="peasants, utem-crossbowmen", chosen="utem-crossbowmen-1")
    assert [a for a in f.legal() if a.startswith("activate")] == ["activate utem-crossbowmen-1 ranged"]
    assert f.refused("activate peasants-1 attack")[1] == "MAZE"
    f.play("next", "next")
    assert set(f.legal()) == {"assign 1 unit utem-crossbowmen-1", "assign 1 hero"}


def test_labyrinth_no_unit_chosen_means_none_can_be_used() -> None:
    f = combat("swamp-dragon", site="labyrinth", units="peasants")
    assert not [a for a in f.legal() if a.startswith("activate")]
    assert f.refused("activate peasants-1 attack")[1] == "LABYRINTH"


def test_keep_and_mage_tower_defenders_are_fortified() -> None:
    for site in ("keep", "mage-tower"):
        f = combat("monks", site=site)
        assert fortification(f.c, f.t, f.enemy(1)) == 1


# ---- every Unit's combat abilities (facts 3.4) ---------------------------------------------

POOL = ("attack", "ranged", "siege", "block")


def _pool_abilities() -> list[tuple[str, str]]:
    t = tables()
    return [(u.id, a.key) for u in t.units for a in u.abilities
            if any(e.type in POOL for e in a.effects)]


@pytest.mark.parametrize(("unit_id", "key"), _pool_abilities())
def test_units_every_attack_and_block_ability_adds_its_points(unit_id: str, key: str) -> None:
    t = tables()
    ability = next(a for a in t.unit[unit_id].abilities if a.key == key)
    effect = next(e for e in ability.effects if e.type in POOL)
    phase = EFFECT_PHASES[effect.type][-1]
    f = combat("prowlers", units=unit_id, mana="red blue green white black", night="black" in ability.mana)
    if phase != "ranged":
        f.play("next")
    if phase == "attack":
        f.play("next", "assign 1 hero")
    label = f"{unit_id}-1"
    target = " 1" if targets_enemy(ability) else ""
    f.play(f"activate {label} {key}{target}")
    assert (effect.type, effect.element, effect.value, effect.swift_double, 0) in f.c.pool
    assert f.unit(label).spent
    assert all(f.c.mana[m] == 0 for m in ability.mana)
    assert f"activate {label} {key}{target}" not in f.legal()  # once per round


def test_units_abilities_outside_combat_are_not_offered() -> None:
    f = combat("prowlers", units="herbalists")
    for _ in range(2):
        assert not [a for a in f.legal() if a.startswith("activate")]
        f.play("next")


def test_units_mana_powered_ability_needs_its_mana() -> None:
    f = combat("prowlers", units="guardian-golems")
    f.play("next")
    assert "activate guardian-golems-1 fire-block" not in f.legal()
    reason, _ = f.refused("activate guardian-golems-1 fire-block")
    assert "powered by red mana" in reason


def test_units_ranged_phase_only_ranged_and_siege() -> None:
    f = combat("prowlers", units="peasants")
    assert f.refused("activate peasants-1 attack") == (
        "only Ranged and Siege Attacks can be used in the Ranged and Siege Attacks phase",
        "COMBAT: Ranged and Siege Attacks phase")


def test_units_utem_guardsmen_block_counts_twice_against_swift() -> None:
    f = combat("wolf-riders", units="utem-guardsmen")
    f.play("next", "block 1", "activate utem-guardsmen-1 block", "resolve")
    assert f.enemy(1).blocked == [True]  # 4 doubled = 8 >= 3 x 2


def test_units_altem_guardians_block_8_counts_twice_against_swift() -> None:
    f = combat("werewolf", units="altem-guardians")
    f.play("next", "block 1", "activate altem-guardians-1 block", "resolve")
    assert f.enemy(1).blocked == [True]  # 16 >= 14


def test_units_utem_swordsmen_strong_ability_wounds_the_unit() -> None:
    f = combat("swordsmen", units="utem-swordsmen")
    f.play("next", "block 1", "activate utem-swordsmen-1 block-6", "resolve")
    assert f.enemy(1).blocked == [True] and f.unit("utem-swordsmen-1").wounds == 1


def test_units_thugs_attack_costs_reputation() -> None:
    f = combat("prowlers", units="thugs")
    f.play("next", "next", "assign 1 hero", "activate thugs-1 attack", "target 1", "resolve")
    assert f.enemy(1).defeated and f.c.reputation == -1


def test_units_illusionists_prevent_only_an_unfortified_enemy_not_arcane_immune() -> None:
    f = combat("prowlers, diggers, shadow", units="illusionists, illusionists, illusionists", mana="white white white")
    f.play("activate illusionists-1 prevent 1", "activate illusionists-2 prevent 2",
           "activate illusionists-3 prevent 3")
    assert [e.prevented for e in f.c.enemies] == [True, False, False]


def test_units_amotep_freezers_do_not_attack_and_armor_minus_3_not_on_ice_resistant() -> None:
    f = combat("prowlers, hydra", units="amotep-freezers, amotep-freezers", mana="blue blue")
    f.play("activate amotep-freezers-1 freeze 1", "activate amotep-freezers-2 freeze 2")
    assert f.enemy(1).prevented and armor(f.c, f.t, f.enemy(1)) == 1  # 3 - 3, minimum 1
    assert not f.enemy(2).prevented and armor(f.c, f.t, f.enemy(2)) == 6


def test_units_shocktroops_weaken_armor_and_attack() -> None:
    f = combat("swordsmen", units="shocktroops")
    f.play("activate shocktroops-1 weaken 1")
    assert armor(f.c, f.t, f.enemy(1)) == 4
    f.play("next", "next", "assign 1 hero")
    assert f.c.hero.wounds_hand == 3  # 5 damage


def test_units_shocktroops_taunt_damage_to_this_unit_first_even_against_assassination() -> None:
    f = combat("orc-tracker", units="shocktroops, peasants")
    f.play("next", "activate shocktroops-1 taunt 1", "next")
    assert f.legal() == ["assign 1 unit shocktroops-1"]  # 4 - 3 = 1 damage
    f.play("assign 1 unit shocktroops-1")
    assert f.unit("shocktroops-1").wounds == 1 and f.phase == "attack"


def test_units_sorcerers_remove_fortification_then_ranged_counts() -> None:
    f = combat("guardsmen", site="keep", units="sorcerers, utem-crossbowmen", mana="white")
    f.play("activate sorcerers-1 unfortify 1")
    assert fortification(f.c, f.t, f.enemy(1)) == 0
    f.add("ranged 2")
    f.play("activate utem-crossbowmen-1 ranged", "target 1", "resolve")
    assert f.enemy(1).defeated  # Ranged 3 + 2 + 2 against Armor 7, no longer double fortified


def test_units_altem_guardians_all_units_gain_all_resistances() -> None:
    f = combat("swordsmen", units="altem-guardians, peasants", mana="green")
    f.play("activate altem-guardians-1 resist", "next", "next", "assign 1 unit peasants-1")
    # Peasants (Armor 3) now resist: 6 - 3 unwounded, 3 left: wounded, 3 - 3 = 0
    assert f.unit("peasants-1").wounds == 1 and f.phase == "attack" and f.c.hero.wounds_hand == 0


def test_units_peasants_move_points_against_cumbersome() -> None:
    f = combat("orc-stonethrowers", units="peasants, utem-crossbowmen")
    f.play("next", "activate peasants-1 move", "spend-move 1", "spend-move 1", "block 1",
           "activate utem-crossbowmen-1 block")
    f.add("block 2")
    f.play("resolve")
    assert f.enemy(1).blocked == [True]  # 7 - 2 = 5 = Block 3 + 2


def test_units_peasants_move_not_offered_without_a_cumbersome_enemy() -> None:
    f = combat("prowlers", units="peasants")
    f.play("next")
    assert "activate peasants-1 move" not in f.legal()


def test_units_delphana_masters_each_ability() -> None:
    f = combat("prowlers, swordsmen, golems, guardsmen", site="keep",
               units="delphana-masters, delphana-masters, delphana-masters, delphana-masters",
               mana="blue red green white")
    f.play("activate delphana-masters-1 prevent 1", "activate delphana-masters-3 weaken 3",
           "activate delphana-masters-4 strip 4")
    assert f.enemy(1).prevented
    assert armor(f.c, f.t, f.enemy(3)) == 1 and f.enemy(4).no_resistances
    assert fortification(f.c, f.t, f.enemy(4)) == 0
    f.play("next", "activate delphana-masters-2 destroy 2", "block 2")
    f.add("block 6")
    f.play("resolve")
    assert f.enemy(2).defeated and f.c.fame == 4


def test_units_altem_mages_cold_fire_attack_9_with_blue_and_red_mana() -> None:
    f = combat("high-dragon", units="altem-mages", mana="blue red")
    f.play("next", "next", "assign 1 hero", "activate altem-mages-1 cold-fire-attack-9", "target 1", "resolve", "confirm")
    assert not f.enemy(1).defeated  # 9 halved by Fire and Ice Resistance
    f2 = combat("swamp-dragon", units="altem-mages", mana="blue red", armor=9)
    f2.play("next", "next", "assign 1 hero", "activate altem-mages-1 cold-fire-attack-9", "target 1", "resolve")
    assert f2.enemy(1).defeated


def test_units_thugs_take_damage_only_once_2_influence_is_paid() -> None:
    f = combat("orc-skirmishers", units="thugs")
    f.play("next", "next")
    assert "assign 1.1 unit thugs-1" not in f.legal()
    assert f.refused("assign 1.1 unit thugs-1") == (
        "you pay 2 Influence in a combat before damage can be assigned to the Thugs: you have 0", "Units: Thugs")
    f2 = combat("orc-skirmishers", units="thugs", influence=3)
    f2.play("next", "next", "assign 1.1 unit thugs-1")
    assert f2.c.influence == 1 and f2.unit("thugs-1").paid and f2.unit("thugs-1").wounds == 1


def test_units_heroes_cost_2_influence_to_use_in_an_assault() -> None:
    f = combat("swordsmen", site="keep", units="hero-white", mana="white")
    assert "activate hero-white-1 ranged" not in f.legal()
    assert f.refused("activate hero-white-1 ranged")[1] == "Units: Heroes"
    f2 = combat("swordsmen", site="keep", units="hero-white", mana="white", influence=2)
    f2.play("activate hero-white-1 ranged")
    assert f2.c.influence == 0
    f3 = combat("prowlers", units="hero-white", mana="white")  # not an assault: free
    f3.play("activate hero-white-1 ranged")


def test_units_delphana_masters_one_activation_several_different_abilities() -> None:
    f = combat("prowlers, swordsmen", units="delphana-masters", mana="blue green")
    f.play("activate delphana-masters-1 prevent 1", "activate delphana-masters-1 weaken 2")
    assert f.enemy(1).prevented and armor(f.c, f.t, f.enemy(2)) == 1
    assert "already used prevent in this activation" in f.refused("activate delphana-masters-1 prevent 2")[0]
    f.play("next")  # the activation is over with the phase
    assert f.refused("activate delphana-masters-1 destroy 2")[0].startswith("the delphana-masters-1 are spent")


def test_units_other_units_can_use_one_ability_per_activation() -> None:
    f = combat("prowlers", units="utem-crossbowmen")
    f.play("activate utem-crossbowmen-1 ranged")
    assert not [a for a in f.legal() if a.startswith("activate")]


def test_units_altem_mages_black_all_attacks_become_cold_fire() -> None:
    f = combat("golems", units="altem-mages, peasants", mana="black", night=True)
    f.play("next", "next", "assign 1 hero", "activate peasants-1 attack")
    f.play("activate altem-mages-1 cold-fire-all")
    f.add("attack 3")
    assert [(k, el) for k, el, *_ in f.c.pool] == [("attack", "cold-fire"), ("attack", "cold-fire")]
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated  # 5 Cold Fire: the Golems resist only physical attacks


def test_units_altem_mages_black_all_attacks_become_siege_as_well() -> None:
    f = combat("swordsmen", site="keep", units="altem-mages", mana="black", night=True)
    f.play("activate altem-mages-1 siege-all")
    f.add("attack 5")  # an Attack card, now a Siege Attack: playable in the Ranged and Siege phase
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


def test_units_shocktroops_other_units_get_plus_1_to_all_attacks() -> None:
    f = combat("swordsmen", units="shocktroops, utem-crossbowmen, catapults")
    f.play("activate catapults-1 siege", "activate shocktroops-1 ranged", "activate utem-crossbowmen-1 ranged")
    f.add("ranged 1")
    assert sorted(v for _, _, v, *_ in f.c.pool) == [1, 1, 3, 4]  # Catapults 3+1, Crossbowmen 2+1, itself 1, a card 1


def test_units_magic_familiars_bracketed_values_with_the_matching_mana_token() -> None:
    f = combat("swordsmen", units="magic-familiars:red, magic-familiars:blue")
    f.play("next", "block 1", "activate magic-familiars-2 block")
    assert f.c.pool[0][2] == 7  # blue token: Block 7
    f.play("resolve", "next", "activate magic-familiars-1 attack")
    assert f.c.pool[0][2] == 5  # red token: Attack 5
    f2 = combat("swordsmen", units="magic-familiars:green")
    f2.play("next", "next", "assign 1 hero", "activate magic-familiars-1 attack")
    assert f2.c.pool[0][2] == 3


def test_units_only_magic_familiars_keep_a_mana_token() -> None:
    with pytest.raises(BoardrulesError, match="cannot keep a 'red' mana token"):
        combat("prowlers", units="peasants:red")


# ---- city assaults (facts 4.6): the defenders' bonus ------------------------------------------


def test_city_white_all_defenders_plus_1_armor() -> None:
    f = combat("freezers, prowlers", city="white", rampaging=[False, True])
    assert armor(f.c, f.t, f.enemy(1)) == 8 and armor(f.c, f.t, f.enemy(2)) == 3
    assert fortification(f.c, f.t, f.enemy(1)) == 1  # a city is a fortified site


def test_city_blue_fire_and_ice_attackers_plus_2_cold_fire_plus_1() -> None:
    f = combat("gunners, freezers, altem-mages, altem-guardsmen", city="blue")
    f.play("next", "next", "assign 1 hero", "assign 2 hero", "assign 3 hero", "assign 4 hero")
    # Gunners Fire 6+2 Brutal = 16; Freezers Ice 3+2 = 5; Altem Mages Cold Fire 4+1 Brutal = 10; physical 5
    assert f.c.hero.wounds_hand == 8 + 3 + 5 + 3


def test_city_red_physical_attackers_gain_brutal() -> None:
    f = combat("altem-guardsmen, freezers", city="red")
    f.play("next", "next", "assign 1 hero", "assign 2 hero")
    assert f.c.hero.wounds_hand == 5 + 2  # 10 damage; Ice 3 unchanged


def test_city_green_physical_attackers_gain_poison() -> None:
    f = combat("swordsmen", city="green", units="peasants")
    f.play("next", "next", "assign 1 unit peasants-1")
    assert f.unit("peasants-1").wounds == 2


# ---- WALLS: Combat ---------------------------------------------------------------------------


def test_walls_combat_rampaging_enemies_joining_an_assault_across_a_wall_are_not_fortified() -> None:
    """Only the garrison is double fortified: the wall of the assault is not between the hero
    and the provoked rampaging enemies (facts: rampaging enemies that join an assault are not
    fortified; a move never provokes enemies across a wall)."""
    f = combat("prowlers, swordsmen", site="keep", across_wall=True, rampaging=[True, False])
    assert fortification(f.c, f.t, f.enemy(1)) == 0
    assert fortification(f.c, f.t, f.enemy(2)) == 2
    f.add("ranged 3")
    f.play("target 1", "resolve")
    assert f.enemy(1).defeated


# ---- UNIT RESISTANCES: Player vs. Player --------------------------------------------------------


def test_unit_resistances_player_vs_player_bad_input_is_a_clear_error() -> None:
    with pytest.raises(BoardrulesError, match="unknown attack element 'frost'"):
        pvp_damage_to_wound(3, ("fire",), ("frost",))
    with pytest.raises(BoardrulesError, match="unknown Unit resistance 'cold-fire'"):
        pvp_damage_to_wound(3, ("cold-fire",), ("fire",))
    with pytest.raises(BoardrulesError, match="Armor is at least 1"):
        pvp_damage_to_wound(0, (), ("fire",))
    with pytest.raises(BoardrulesError, match="unknown mana colour 'pink'"):
        unit_ignores_opponent_effect(("fire",), ("pink",))
    assert pvp_damage_to_wound(5, ("physical",), ("physical", "cold-fire")) == 10


# ---- WALLS: Combat, each rampaging enemy by its own wall ----------------------------------------


def test_walls_combat_each_challenged_rampaging_enemy_is_fortified_by_its_own_wall() -> None:
    """"When challenging rampaging enemies across a wall, consider the enemies to be fortified":
    challenged together, the one across a wall is fortified, the other is not."""
    c = start_combat(tables(), ["prowlers", "wolf-riders"], rampaging=True, across_wall=[True, False])
    f = Fight(c)
    assert [fortification(f.c, f.t, e) for e in f.c.enemies] == [1, 0]
    f.add("ranged 4")
    f.play("target 2", "resolve")
    assert f.enemy(2).defeated
    f.add("ranged 3")
    f.play("target 1")
    assert "resolve" not in f.legal()
    with pytest.raises(BoardrulesError, match="one True/False per enemy"):
        start_combat(tables(), ["prowlers"], across_wall=[True, False])


def test_walls_combat_challenging_two_spaces_one_across_a_wall_in_the_game() -> None:
    b = east_board("plains+orcs plains plains plains plains plains plains+orcs", walls=(("W", "NE"),), at=EAST["W"])
    b.tokens(EAST["NW"], "prowlers")
    b.tokens(EAST["C"], "wolf-riders")
    challenge(b.t, b.s, 0, [EAST["NW"], EAST["C"]], [])
    c = b.s.combat
    assert c is not None and [e.token for e in c.enemies] == ["prowlers", "wolf-riders"]
    assert [fortification(c, b.t, e) for e in c.enemies] == [1, 0]


def test_magic_familiars_keep_their_mana_token_through_a_combat_in_the_game() -> None:
    """Facts 3.4 Magic Familiars: the mana token kept on the card makes the bracketed values
    apply; the Unit the game hands to a combat carries it, and keeps it afterwards."""
    b = orcs_board("prowlers")
    b.p.units = [["magic-familiars", 0, False, "red"]]
    challenge(b.t, b.s, b.s.current, [EAST["SE"]], [])
    c = b.s.combat
    assert c is not None and c.units[0].token == "red"
    settle(b)
    assert b.p.units == [["magic-familiars", 0, False, "red"]]
