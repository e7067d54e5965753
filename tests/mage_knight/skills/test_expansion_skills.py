"""Mage Knight expansion skills with their own mechanisms (facts 3.5, `special:skill`):
Wolfhawk's, Krang's and Braevalar's (Battle Hardened, Elemental Resistance, Spirit Guides,
Puppet Master's kept tokens among them), each from a hand-set position through the decisions
(`skill ID`, then its steps), and refused outside its time with the rule named."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from mk_positions import (
    GAME,
    _on_village,
    check_state,
    combat,
    do,
    legal,
    me,
    refusal,
    taken,
    turn,
)

from boardrules.engine import Action
from boardrules.games.mage_knight.combat.choices import counting_points
from boardrules.games.mage_knight.combat.enemies import armor, attack, attack_value, has
from boardrules.games.mage_knight.game_state import add
from boardrules.games.mage_knight.map.movement import lasting_cost
from boardrules.games.mage_knight.rounds.answers import answer_skills
from boardrules.games.mage_knight.rounds.new_round import begin_round
from boardrules.games.mage_knight.skills.consulted import arcane_flipped
from boardrules.games.mage_knight.skills.using import motivation_waits, turn_skills_face_up

T = GAME.t


def _refused(s, text: str) -> str:  # type: ignore[no-untyped-def]
    assert text not in legal(s)
    reason, rule = refusal(s, text)
    assert rule in ("Using Skills", "Playing cards") and reason  # the skill's own rule, or its @when
    return reason


# ---- Taunt (facts 3.5 Wolfhawk: "Block phase: one enemy attack -1, or +2 attack and Armor -2 (min 1)")

def test_skills_taunt_second_choice_attack_plus_2_and_armor_minus_2_in_the_block_phase() -> None:
    s = turn("march", skills="taunt", fight="prowlers")
    do(s, "next")  # to the Block phase
    c = s.g.combat
    assert c is not None
    before, value = armor(c, T, c.enemies[0]), attack_value(T, c.enemies[0], 0)
    do(s, "skill taunt", "choose 2", "enemy 1")
    c = s.g.combat
    assert c is not None
    assert attack_value(T, c.enemies[0], 0) == value + 2
    assert armor(c, T, c.enemies[0]) == max(1, before - 2)
    assert "skill taunt" not in legal(s)  # once a turn


def test_skills_taunt_is_refused_outside_the_block_phase() -> None:
    s = turn("march", skills="taunt", fight="prowlers")  # the Ranged and Siege phase
    assert "block phase" in _refused(s, "skill taunt").lower()


# ---- Forked Lightning (facts 3.5 Braevalar: "Cold Fire Rng 1 against each of up to 3 different enemies")

def test_skills_forked_lightning_cold_fire_ranged_1_counts_once_per_enemy_attacked() -> None:
    s = turn("march", skills="forked-lightning", fight="prowlers, prowlers")
    do(s, "skill forked-lightning")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "cold-fire", 1)] * 2  # 2 enemies: 2, not 3
    do(s, "target 1")
    c = s.g.combat
    assert c is not None and len(counting_points(c, T)) == 1  # one enemy attacked: one point of it
    do(s, "target 2")
    c = s.g.combat
    assert c is not None and len(counting_points(c, T)) == 2


def test_skills_forked_lightning_is_refused_outside_a_combat() -> None:
    s = turn("march", skills="forked-lightning")
    assert "Ranged" in _refused(s, "skill forked-lightning")


# ---- Deadly Aim (facts 3.5 Wolfhawk: "+1 to an Attack card in the Ranged/Siege phase, +2 in the Attack phase")

def test_skills_deadly_aim_plus_2_to_an_attack_card_in_the_attack_phase() -> None:
    s = turn("march rage", skills="deadly-aim", fight="prowlers")
    do(s, "next", "next", "assign 1 hero")  # to the Attack phase (the Prowlers' damage taken)
    assert "skill deadly-aim" not in legal(s)  # no Attack card played yet
    do(s, "play march attack", "skill deadly-aim")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("attack", "physical", 1), ("attack", "physical", 2)]


def test_skills_deadly_aim_plus_1_in_the_ranged_phase_refused_outside_combat() -> None:
    s = turn("swiftness", skills="deadly-aim", fight="prowlers")
    do(s, "play swiftness powered", "pay white die-4", "skill deadly-aim")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "physical", 3), ("ranged", "physical", 1)]
    assert "Ranged and Siege or Attack phase" in _refused(turn("march", skills="deadly-aim"), "skill deadly-aim")


# ---- Secret Ways (facts 3.5 Braevalar: "Move 1; mountains 5 Move (safe); pay blue: lakes 2 Move")

def test_skills_secret_ways_move_1_mountains_for_5_and_with_a_blue_mana_lakes_for_2() -> None:
    s = turn("march", skills="secret-ways")
    do(s, "skill secret-ways", "choose 1")
    p = me(s)
    assert p.move_points == 1 and lasting_cost("mountain", None, p.lasting) == 5
    assert lasting_cost("lake", None, p.lasting) is None
    s = turn("march", skills="secret-ways")
    do(s, "skill secret-ways", "choose 2", "pay blue die-2")
    p = me(s)
    assert p.move_points == 1 and lasting_cost("lake", None, p.lasting) == 2 and s.g.source_used == [1]


def test_skills_secret_ways_lakes_need_the_blue_mana() -> None:
    s = turn("march", faces="red green white red", skills="secret-ways")
    do(s, "skill secret-ways")
    assert "choose 1" in taken(s)  # no blue mana: only the mountains


# ---- On Her Own (facts 3.5 Wolfhawk: "Influence 1, or 3 if you recruit no unit with Influence this turn")

def test_skills_on_her_own_influence_3_and_a_unit_recruited_later_costs_2_more() -> None:
    s = turn("march", skills="on-her-own")
    _on_village(s)
    s.g.unit_offer = ["peasants"]
    me(s).influence_points = 2
    do(s, "skill on-her-own")
    assert me(s).influence_points == 5
    assert "recruit peasants" not in legal(s)  # 4 + 2: the bonus was given on condition


def test_skills_on_her_own_influence_1_after_a_unit_recruited() -> None:
    s = turn("march", skills="on-her-own")
    _on_village(s)
    s.g.unit_offer = ["peasants"]
    me(s).influence_points = 4
    do(s, "recruit peasants", "skill on-her-own")
    assert me(s).influence_points == 1


# ---- Motivation (facts 3.5: "you cannot use another Motivation until the end of your next turn")

def test_skills_motivation_no_other_motivation_until_the_end_of_your_next_turn() -> None:
    s = turn("march", skills="tovak-motivation goldyx-motivation")
    p = me(s)
    p.deck = ["rage"] * 6
    do(s, "skill tovak-motivation")
    assert "skill goldyx-motivation" not in legal(s)
    assert "end of your next turn" in _refused(s, "skill goldyx-motivation")
    turn_skills_face_up(GAME.t, s.g, s.g.current)  # the end of this turn
    assert motivation_waits(me(s)) and answer_skills(GAME.t, s.g, s.g.current) == []  # nor on others' turns
    begin_round(GAME.t, s.g, [])  # a new round between: the tokens face up, the wait goes on
    assert motivation_waits(me(s)) and "tovak-motivation" not in me(s).skills_used
    turn_skills_face_up(GAME.t, s.g, s.g.current)  # the end of the next one
    assert not motivation_waits(me(s))


# ---- Shapeshift (facts 3.5 Braevalar: a Basic Action's fixed Move, Attack or Block as one of the others)

def test_skills_shapeshift_the_next_basic_actions_attack_given_as_move() -> None:
    s = turn("rage march", skills="shapeshift")
    do(s, "skill shapeshift", "choose 1")  # into Move
    do(s, "play march basic")  # Move 2 already: unchanged, the change still waits
    assert me(s).move_points == 2
    do(s, "play rage basic", "choose 1")  # Attack 2 -> Move 2
    assert me(s).move_points == 4 and not me(s).lasting


def test_skills_shapeshift_move_given_as_fire_keeping_block_in_a_combat() -> None:
    s = turn("march", skills="shapeshift", fight="prowlers")
    do(s, "next", "skill shapeshift", "choose 3", "play march basic")  # Block phase: Move 2 -> Block 2
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 2)]


# ---- Arcane Disguise (facts 3.5 Krang: "Influence 2, or flip to ignore reputation effects this turn")

def test_skills_arcane_disguise_reputation_ignored_this_turn_then_flipped_back_with_green_mana() -> None:
    s = turn("march", skills="arcane-disguise")
    _on_village(s)
    s.g.unit_offer = ["peasants"]
    p = me(s)
    p.reputation, p.influence_points = -5, 4  # Influence -3: the Peasants (4) out of reach
    s.cached = None
    assert "recruit peasants" not in legal(s)
    do(s, "skill arcane-disguise", "choose 2")
    assert "recruit peasants" in legal(s)
    assert legal(s).count("skill arcane-disguise") == 1  # flipped back up by paying green
    do(s, "skill arcane-disguise", "pay green die-3")
    assert not arcane_flipped(me(s)) and "arcane-disguise" in me(s).skills_used  # used this turn still


def test_skills_arcane_disguise_the_x_space_ignored_and_face_down_past_the_turn() -> None:
    s = turn("march", faces="red blue red white", skills="arcane-disguise")
    _on_village(s)
    s.g.unit_offer = ["peasants"]
    p = me(s)
    p.reputation, p.influence_points = -7, 4  # the X space: nobody deals with you
    s.cached = None
    assert "recruit peasants" not in legal(s)
    do(s, "skill arcane-disguise", "choose 2", "recruit peasants")
    turn_skills_face_up(GAME.t, s.g, s.g.current)
    assert arcane_flipped(me(s))
    assert "green mana is paid" in _refused(s, "skill arcane-disguise")  # no green mana to flip it back


# ---- Know Your Prey (facts 3.5 Wolfhawk: "one enemy ignores one ability, or loses one element")

def test_skills_know_your_prey_an_enemy_loses_an_ability_a_resistance_or_an_element() -> None:
    s = turn("march", skills="know-your-prey", fight="air-elemental")
    do(s, "skill know-your-prey", "enemy 1")
    assert legal(s) == [f"choose {k}" for k in range(1, 6)]  # swift, fire and ice resistance, Cold Fire to Fire or Ice
    do(s, "choose 1")
    c = s.g.combat
    assert c is not None and not has(T, c.enemies[0], "swift")
    assert "skill know-your-prey" not in legal(s)  # once a round
    s = turn("march", skills="know-your-prey", fight="air-elemental")
    do(s, "skill know-your-prey", "enemy 1", "choose 5")
    c = s.g.combat
    assert c is not None and attack(T, c.enemies[0], 0).element == "ice"  # Cold Fire lost its fire


def test_skills_know_your_prey_not_against_arcane_immunity_nor_outside_combat() -> None:
    s = turn("march", skills="know-your-prey", fight="shadow")
    assert "skill know-your-prey" not in legal(s)
    assert "combat" in _refused(turn("march", skills="know-your-prey"), "skill know-your-prey")


# ---- Dueling (facts 3.5 Wolfhawk: "Blk 1 and Atk 1 vs the same enemy; Fame +1 without unit abilities")

def test_skills_dueling_block_1_then_attack_1_against_that_enemy_and_fame_plus_1() -> None:
    s = turn("rage", skills="dueling", fight="prowlers, diggers")
    do(s, "next", "skill dueling", "enemy 1")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 1)]
    do(s, "next", "confirm", "assign 1 hero", "assign 2 hero")  # to the Attack phase
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("attack", "physical", 1)]
    do(s, "target 2")
    assert counting_points(c, T) == []  # the duel's Attack 1 is for the Prowlers only
    s.g.combat.targets = []  # type: ignore[union-attr]
    s.cached = None
    do(s, "play rage basic", "choose 1", "target 1", "resolve")  # 2 + 1 against Armor 3
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.fame == 2 + 1


def test_skills_dueling_is_refused_outside_the_block_phase() -> None:
    s = turn("march", skills="dueling", fight="prowlers")
    assert "block phase" in _refused(s, "skill dueling").lower()


# ---- random combats and turns through these skills (properties) ---------------------------------

COMBAT_SKILLS = "taunt forked-lightning deadly-aim know-your-prey dueling shapeshift on-her-own master-of-chaos puppet-master"
FOES = ("prowlers", "wolf-riders", "air-elemental", "shadow", "ironclads", "orc-skirmishers", "diggers",
        "elemental-priests", "crystal-sprites", "manticore", "corrupted-priests", "zombie-horde")


@pytest.mark.parametrize("seed", range(3))
def test_random_combats_with_the_expansion_skills_keep_the_invariants(seed: int) -> None:
    """Combats against random enemies, the hero holding the expansions' combat skills and a hand
    of Basic Actions, every action taken at random among the legal ones until the combat is over:
    every decision has a legal action whose text reads back, the state keeps its invariants, and
    the skills are used."""
    rng = random.Random(seed)
    used: set[str] = set()
    steps = 0
    for _ in range(25):
        hand = " ".join(rng.choice(("march", "rage", "swiftness", "stamina", "determination", "tranquility"))
                        for _ in range(5))
        foes = ", ".join(rng.sample(FOES, rng.randint(1, 3)))
        s = turn(hand, skills=COMBAT_SKILLS, fight=foes, night=rng.random() < 0.5)
        s.g.combat_site = {"kind": "rampaging", "at": list(me(s).position), "homes": []}  # where it ends
        me(s).puppets = tuple(rng.sample(FOES, rng.randint(0, 2)))  # Puppet Master's tokens kept before
        while s.g.combat is not None and steps < 20000:
            d = GAME.decision(s)
            assert d is not None and d.actions
            a = rng.choice(d.actions)
            assert Action.parse(a.text) == a
            if a.name == "skill":
                used.add(a.args[0])
            GAME.apply(s, a)
            check_state(s)
            steps += 1
            if d.actions == (a,) and a.name == "end-turn":
                break
            if s.g.combat is None:
                break
    assert steps > 300 and {"taunt", "forked-lightning", "know-your-prey", "dueling", "master-of-chaos",
                            "puppet-master"} <= used, used


# ---- Master of Chaos (facts 3.5 Krang: "rotate the token one step: blue Blk 3, green Move 1, ...")

def test_skills_master_of_chaos_turns_a_step_and_gives_that_colours_effect() -> None:
    s = turn("march", skills="master-of-chaos")
    me(s).chaos = "blue"
    s.cached = None
    do(s, "skill master-of-chaos")  # blue -> green: Move 1
    assert me(s).chaos == "green" and me(s).move_points == 1
    s = turn("march", skills="master-of-chaos", fight="prowlers")
    me(s).chaos = "red"  # -> gold: any of the others, here black's Cold Fire Ranged 1
    s.cached = None
    do(s, "skill master-of-chaos")
    assert legal(s) == ["colour blue", "colour green", "colour black", "colour white", "colour red"]
    do(s, "colour black")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "cold-fire", 1)] and me(s).chaos == "gold"


def test_skills_master_of_chaos_a_block_outside_combat_is_lost_but_the_token_turns() -> None:
    s = turn("march", skills="master-of-chaos")  # never turned: at gold, so blue next
    do(s, "skill master-of-chaos")
    assert me(s).chaos == "blue" and "skill master-of-chaos" not in legal(s)  # once a turn
    assert "already used this turn" in _refused(s, "skill master-of-chaos")


# ---- Puppet Master (facts 3.5 Krang: "keep one defeated enemy token, or discard one for half its attack or armor")

def test_skills_puppet_master_keeps_a_token_defeated_this_turn_then_blocks_with_half_its_armor() -> None:
    s = turn("march", skills="puppet-master")
    p = me(s)
    add(p, "defeated:", "prowlers")
    s.g.enemy_discards["green"].append("prowlers")
    s.cached = None
    do(s, "skill puppet-master", "choose 1")
    assert me(s).puppets == ("prowlers",) and "prowlers" not in s.g.enemy_discards["green"]
    s = turn("march", skills="puppet-master", fight="wolf-riders")
    me(s).puppets = ("prowlers",)
    do(s, "next", "skill puppet-master", "choose 1")  # the Block phase: Block half of Armor 3, rounded up
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 2)] and me(s).puppets == ()
    assert s.g.enemy_discards["green"][-1] == "prowlers"


def test_skills_puppet_master_attack_half_of_each_attack_with_its_element_and_nothing_to_do_refused() -> None:
    s = turn("march", skills="puppet-master", fight="prowlers")
    me(s).puppets = ("elemental-priests",)
    do(s, "next", "next", "assign 1 hero", "skill puppet-master", "choose 1")  # the Attack phase
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("attack", "fire", 2), ("attack", "ice", 2)]
    assert "no enemy token" in _refused(turn("march", skills="puppet-master"), "skill puppet-master")


def test_skills_puppet_master_the_token_defeated_in_this_turns_combat_may_be_kept() -> None:
    s = turn("rage rage", skills="puppet-master", fight="prowlers")
    s.g.combat_site = {"kind": "rampaging", "at": list(me(s).position), "homes": []}
    do(s, "next", "next", "assign 1 hero", "play rage basic", "choose 1", "play rage basic", "choose 1",
       "target 1", "resolve")  # Attack 4 against Armor 3: defeated, the combat is over
    assert s.g.combat is None and "prowlers" in s.g.enemy_discards["green"]
    do(s, "skill puppet-master", "choose 1")
    assert me(s).puppets == ("prowlers",) and "prowlers" not in s.g.enemy_discards["green"]


def test_skills_only_the_cooperative_ones_are_not_offered() -> None:
    """docs/mage-knight/coverage.md "Also not offered yet": every `special:skill` has its code but
    the cooperative interactive skills (removed in competitive scenarios) and the passive Bonds of
    Loyalty (always in effect, never used)."""

    from boardrules.games.mage_knight.cards.skill_mechanisms import skill_played

    waiting = {k.id for k in T.skills if any(e.type == "special" and e.name == "skill" for o in k.effect for e in o)
               and not skill_played(k.id)}
    cooperative = {k.id for k in T.skills if k.mode == "cooperative"}
    assert waiting == cooperative | {"bonds-of-loyalty"}
    doc = (Path(__file__).parents[3] / "docs" / "mage-knight" / "coverage.md").read_text(encoding="utf-8")
    paragraph = " ".join(doc[doc.index("Also not offered yet:"):doc.index("- Units: the Scouts'")].split())
    assert all(T.skill[k].name in paragraph for k in waiting)


def test_skills_know_your_prey_used_through_the_circlet_of_proficiency() -> None:
    """Facts 3.3 Circlet of Proficiency (basic): a skill of the Common Skill offer used as yours;
    Know Your Prey's `choose N` is what the enemy loses, not an option of the skill."""
    s = turn("circlet-of-proficiency", fight="wolf-riders")
    s.g.common_skills = ["know-your-prey"]
    s.cached = None
    do(s, "play circlet-of-proficiency basic", "skill know-your-prey", "enemy 1", "choose 1")
    c = s.g.combat
    assert c is not None and not has(T, c.enemies[0], "swift")


def test_skills_forked_lightning_one_point_per_enemy_even_after_a_failed_attack() -> None:
    s = turn("march", skills="forked-lightning", fight="prowlers, prowlers")
    do(s, "skill forked-lightning", "target 1", "resolve", "confirm")  # 1 against Armor 3: no effect
    c = s.g.combat
    assert c is not None and not c.enemies[0].defeated and len(c.pool) == 1
    do(s, "target 1")
    c = s.g.combat
    assert c is not None and counting_points(c, T) == []  # the Prowlers had their point
    assert "resolve" not in legal(s)


# ---- Puppet Master's kept tokens (facts 3.5 Krang) -------------------------------------------

def test_puppet_master_kept_tokens_count_for_nothing_at_the_final_scoring() -> None:
    # facts 3.5 "keep one defeated enemy token": the Fame came when it was defeated; facts 5.8's
    # scoring and achievements name no kept token (rules-choices.md "Puppet Master")
    from boardrules.games.mage_knight.rounds.scoring import final_scores

    s = turn("march", skills="puppet-master")
    g = s.g
    g.players[0].fame, g.players[1].fame = 12, 9
    before = final_scores(GAME.t, g, titles=True)
    g.players[0].puppets = ("prowlers", "diggers", "cursed-hags")
    assert final_scores(GAME.t, g, titles=True) == before
    assert GAME.result(s) is None  # (a game not over has no result to change)


def test_puppet_master_kept_tokens_stay_out_of_a_pile_shuffled_again_from_its_discards() -> None:
    # facts 5.1: an exhausted pile is made again from its discards; a kept token is not there
    from boardrules.games.mage_knight.map.exploring import draw_enemy

    s = turn("march", skills="puppet-master")
    g = s.g
    kept = "prowlers"
    green = g.enemy_piles["green"] + g.enemy_discards["green"]
    green.remove(kept)
    g.players[0].puppets = (kept,)
    g.enemy_piles["green"], g.enemy_discards["green"] = [], green
    drawn = [draw_enemy(g, "green") for _ in range(len(green))]
    copies = next(e.count for e in GAME.t.enemies if e.id == kept)
    assert drawn.count(kept) == copies - 1 and sorted(drawn) == sorted(green) and g.players[0].puppets == (kept,)


def _at_damage(skill: str, enemies: str):  # type: ignore[no-untyped-def]
    s = turn("march", skills=skill)
    s.g.combat = combat(enemies).c
    s.cached = None
    assert f"skill {skill}" not in legal(s)  # only in the Assign Damage phase
    do(s, "next", "next")  # no Ranged attack, no Block: the damage is to be assigned
    c = s.g.combat
    assert c is not None and c.phase == "damage"
    return s


def test_skills_battle_hardened_ignores_2_damage_of_a_physical_attack() -> None:
    s = _at_damage("battle-hardened", "prowlers")
    do(s, "skill battle-hardened", "enemy 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].left == [2]  # Prowlers' physical 4, less 2
    assert "skill battle-hardened" not in legal(s)  # once a turn


def test_skills_battle_hardened_ignores_1_of_another_attack() -> None:
    s = _at_damage("battle-hardened", "fire-mages")
    left = s.g.combat.enemies[0].left[0]  # type: ignore[union-attr]
    do(s, "skill battle-hardened", "enemy 1")
    assert s.g.combat.enemies[0].left == [left - 1]  # type: ignore[union-attr]


def test_skills_elemental_resistance_ignores_2_of_a_fire_attack_1_of_a_physical_one() -> None:
    s = _at_damage("elemental-resistance", "fire-mages")
    left = s.g.combat.enemies[0].left[0]  # type: ignore[union-attr]
    do(s, "skill elemental-resistance", "enemy 1")
    assert s.g.combat.enemies[0].left == [left - 2]  # type: ignore[union-attr]
    s = _at_damage("elemental-resistance", "prowlers")
    do(s, "skill elemental-resistance", "enemy 1")
    assert s.g.combat.enemies[0].left == [3]  # type: ignore[union-attr]


def test_skills_battle_hardened_refused_outside_the_assign_damage_phase() -> None:
    s = turn("march", skills="battle-hardened")
    reason, rule = refusal(s, "skill battle-hardened")
    assert rule in ("Using Skills", "Skills") and reason


def test_skills_battle_hardened_all_damage_ignored_goes_on_to_the_attack_phase() -> None:
    s = _at_damage("battle-hardened", "prowlers")
    c = s.g.combat
    assert c is not None
    c.enemies[0].left[0] = 2  # a 2-damage physical attack left to assign
    s.cached = None
    do(s, "skill battle-hardened", "enemy 1")
    c = s.g.combat
    assert c is not None and c.phase == "attack" and c.enemies[0].left == [0]


def test_skills_spirit_guides_move_1_and_block_plus_1_in_the_block_phase() -> None:
    s = turn("march", skills="spirit-guides")
    do(s, "skill spirit-guides")
    assert me(s).move_points == 1
    s = turn("march", skills="spirit-guides")
    s.g.combat = combat("prowlers").c
    s.cached = None
    do(s, "next", "block 1", "skill spirit-guides")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 1)]
