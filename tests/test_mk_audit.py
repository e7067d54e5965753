"""An outside auditor's check of combat: each rule of the excerpt's ENEMY TOKEN ABILITIES,
UNIT RESISTANCES, MULTIPLE ATTACKS and WALLS "Combat" probed at its edges (two abilities at
once, several hits, the sites that set a combat up), from hand-set combats
(tests/mk_positions.py)."""

from __future__ import annotations

import pytest
from mk_positions import EAST, Fight, combat, east_board, settle, tables

from boardrules.engine import Action, BoardrulesError
from boardrules.games.mage_knight.combat.actions import apply_combat
from boardrules.games.mage_knight.combat.damage import (
    pvp_damage_to_wound,
    unit_ignores_opponent_effect,
)
from boardrules.games.mage_knight.combat.defeat import outcome
from boardrules.games.mage_knight.combat.enemies import armor, fortification
from boardrules.games.mage_knight.combat.phases import start_combat
from boardrules.games.mage_knight.combat.state import Hero
from boardrules.games.mage_knight.sites.site_combats import challenge

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
    f.play("target 1", "resolve")
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
    g.play("target 1", "target 2", "resolve")
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
    f.play("block 1", "resolve", "next")
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


# ---- bad set-ups are clear errors, not tracebacks later ------------------------------------------


@pytest.mark.parametrize(("kw", "words"), [
    ({"enemies": []}, "one or more enemy token ids"),
    ({"enemies": "prowlers"}, "one or more enemy token ids"),
    ({"hero": Hero(0, 5, 5)}, "got Armor 0"),  # would divide by zero when the hero takes damage
    ({"hero": Hero(2, 0, 5)}, "Hand limit 0"),
    ({"hero": Hero(2, 5, -1)}, "-1 cards"),
    ({"units": [("peasants", -1, False)]}, "the peasants need a number of Wounds"),
    ({"units": [("peasants", 0, "yes")]}, "spent True/False"),
    ({"units": [("peasants",)]}, "give (unit id, wounds, spent[, mana token])"),
])
def test_bad_combat_set_up_names_what_is_wrong(kw: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"enemies": ["prowlers"], **kw}
    with pytest.raises(BoardrulesError) as info:
        start_combat(tables(), **args)  # type: ignore[arg-type]
    assert words in str(info.value)


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
