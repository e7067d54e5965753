"""Mage Knight skills of specials_skills_2.py (facts 3.5, `special:skill`): Battle Hardened and
Elemental Resistance, each from a hand-set position through the decisions (`skill ID` and its steps)."""

from __future__ import annotations

from mk_positions import combat
from test_mk_decisions import do, legal, me, refusal, turn


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
