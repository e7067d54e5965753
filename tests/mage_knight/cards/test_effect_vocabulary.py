"""Mage Knight: the effects of the card vocabulary that cards, skills and tactics share and that
were not played before (docs/mage-knight/content.md): ``hand-limit``, ``unit-bonus``,
``lose-attack-abilities`` and the ``+N/per`` counts ``enemy-defeated``, ``unit-recruited`` and
``card-discarded``; each from a hand-set position, through the decisions where a card that holds
only them is offered."""

from __future__ import annotations

from mk_positions import GAME, combat, do, legal, me, refusal, taken, turn

from boardrules.engine import Action, Event
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.effects import resolve_effects
from boardrules.games.mage_knight.cards.played import SkillPlay
from boardrules.games.mage_knight.cards_model import CardEffect
from boardrules.games.mage_knight.rounds.turn import end_turn


def effect(text: str) -> tuple[CardEffect, ...]:
    from boardrules.games.mage_knight.cards_model import decode_effect

    return (CardEffect.model_validate(decode_effect(text)),)


def test_hand_limit_effect_raises_the_next_end_of_turn_draw_once() -> None:
    """Meditation, Temporal Portal: "Hand limit +N at next draw"; two such effects add up."""
    s = turn("march rage")
    g, p = s.g, me(s)
    p.deck = ["stamina"] * 10
    p.hand_limit = 5
    events: list[Event] = []
    resolve_effects(GAME.t, g, g.current, SkillPlay("Meditation"), effect("hand-limit 2"), events)
    resolve_effects(GAME.t, g, g.current, SkillPlay("Temporal Portal"), effect("hand-limit 1"), events)
    p.play_area.append("march")  # the turn played a card
    p.hand.remove("march")
    end_turn(GAME.t, g, g.current, events)
    p = me(s)  # the turn's end is applied to a copy that takes over
    assert len(p.hand) == 8 and s.g.hand_bonus == 0  # 5 + 2 + 1, then the bonus is used up
    p.hand, p.must_play = p.hand[:3], False
    end_turn(GAME.t, g, g.current, events)
    assert len(me(s).hand) == 5


def test_unit_bonus_your_units_attacks_and_blocks_this_combat() -> None:
    """Into the Heat: "all your units +2 to Attack and Block values this combat": a Unit's block
    already played and a Unit's attack played later; the hero's own points are not raised."""
    s = turn("march")
    g = s.g
    c = g.combat = combat("prowlers, ironclads", units="utem-guardsmen, peasants").c
    do(s, "next")  # to the Block phase
    do(s, "block 1", "activate utem-guardsmen-1 block")
    before = [item[2] for item in c.pool]
    resolve_effects(GAME.t, g, g.current, SkillPlay("Into the Heat"), effect("unit-bonus 2 @combat"), [])
    assert [item[2] for item in c.pool] == [v + 2 for v in before]
    c.pool.append(("block", "physical", 1, False, -1))  # the hero's sideways Block 1 stays 1
    resolve_effects(GAME.t, g, g.current, SkillPlay("Banner of Glory"), effect("unit-bonus 1"), [])
    assert c.pool[-1][2] == 1 and c.unit_bonus == 3


def test_unit_bonus_is_played_in_a_combat_only() -> None:
    s = turn("march")
    try:
        resolve_effects(GAME.t, s.g, s.g.current, SkillPlay("Banner of Glory"), effect("unit-bonus 1"), [])
    except Exception as e:  # noqa: BLE001 - the refusal's words are what is checked
        assert "in a combat" in str(e)
    else:
        raise AssertionError("unit-bonus outside combat was not refused")


def test_chilling_stare_basic_one_enemy_loses_its_attack_abilities_as_decisions() -> None:
    """Chilling Stare basic: one enemy without Ice resistance loses Swift, Brutal, Poison,
    Paralyze, Vampiric, Assassination and Cumbersome this combat: the Wolf Riders (Swift) need
    only their attack's value in Block afterwards."""
    s = turn("chilling-stare", fight="wolf-riders, mummy")
    do(s, "play chilling-stare basic", "choose 2")
    assert "enemy 1" in taken(s)  # the Mummy resists Ice: a blue card's effect is ignored
    do(s, "enemy 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].lost_abilities and not c.enemies[1].lost_abilities
    do(s, "next", "block 1")
    c.pool.append(("block", "physical", 3, False, -1))
    s.cached = c.cached = None  # (the questions asked before the Block was set by hand)
    do(s, "resolve")
    assert all(c.enemies[0].blocked)  # Block 3 against Attack 3, no longer doubled for Swift


def test_chilling_stare_basic_arcane_immunity_does_not_stop_it() -> None:
    """The effect changes the enemy's attacks (ENEMY TOKEN ABILITIES "Arcane Immunity": effects
    that directly affect enemy attacks still apply): the Blood Demons lose Brutal and
    Assassination, so their damage may go to a Unit and is not doubled."""
    s = turn("chilling-stare")
    s.g.combat = combat("blood-demon", units="peasants").c
    do(s, "play chilling-stare basic", "choose 2", "enemy 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].lost_abilities
    do(s, "next", "next")  # no block: the Assign Damage phase
    assert "assign 1 unit peasants-1" in legal(s)
    do(s, "assign 1 hero")
    assert c.hero.wounds_hand == 3  # 6 damage, not 12, at Armor 2


def test_sword_of_justice_basic_attack_3_per_card_discarded_fame_per_enemy_defeated_as_decisions() -> None:
    """Sword of Justice basic: "discard any number of cards: Attack 3 per card; Fame +1 per enemy
    defeated this turn" (`attack +3/card-discarded; fame +1/enemy-defeated`): the Wound cannot be
    discarded; the enemy defeated in the Ranged phase counts at once, the one defeated by this
    attack when it falls."""
    s = turn("sword-of-justice march rage wound", fight="prowlers, wolf-riders, diggers")
    c = s.g.combat
    assert c is not None
    from boardrules.games.mage_knight.combat.defeat import defeat

    defeat(c, GAME.t, [0], [])  # the Prowlers fell to a ranged attack
    c.phase = "attack"
    c.cached = None
    do(s, "play sword-of-justice basic")
    assert legal(s) == ["shed march", "shed rage"]  # none discarded: Attack 0 adds nothing
    do(s, "shed march", "shed rage", "shed done")
    assert sorted(me(s).discard) == ["march", "rage"] and me(s).hand == ["wound"]
    c = s.g.combat  # the play was applied to a copy that took over
    assert c is not None
    assert [x[:3] for x in c.pool] == [("attack", "physical", 6)]
    fame = me(s).fame
    assert me(s).fame == fame and c.fame_per_defeat == ((1, ""),)
    do(s, "target 2", "resolve")
    assert c.enemies[1].defeated
    assert c.fame == GAME.t.enemy["prowlers"].fame + GAME.t.enemy["wolf-riders"].fame + 1


def test_sword_of_justice_basic_counts_an_enemy_defeated_before_it_at_once() -> None:
    s = turn("sword-of-justice march", fight="prowlers, wolf-riders")
    c = s.g.combat
    assert c is not None
    from boardrules.games.mage_knight.combat.defeat import defeat

    defeat(c, GAME.t, [0], [])
    c.phase, c.cached = "attack", None
    fame = me(s).fame
    do(s, "play sword-of-justice basic", "shed march", "shed done")
    assert me(s).fame == fame + 1


def test_sword_of_justice_basic_with_nothing_discarded_adds_nothing() -> None:
    s = turn("sword-of-justice", fight="prowlers")
    c = s.g.combat
    assert c is not None
    c.phase, c.cached = "attack", None
    assert "play sword-of-justice basic" not in legal(s)


def test_bow_of_starsdawn_basic_fame_only_for_enemies_defeated_in_this_combat_phase() -> None:
    """Bow of Starsdawn basic: Ranged 2 per card discarded; Fame +1 per enemy defeated in this
    combat phase (`enemy-defeated-phase`): an enemy defeated in the Attack phase gives none."""
    s = turn("bow-of-starsdawn march rage", fight="prowlers, wolf-riders, diggers")
    c = s.g.combat
    assert c is not None
    do(s, "play bow-of-starsdawn basic", "shed march", "shed rage", "shed done")
    c = s.g.combat
    assert c is not None
    assert [x[:3] for x in c.pool] == [("ranged", "physical", 4)]
    do(s, "target 1", "resolve")
    assert c.fame == GAME.t.enemy["prowlers"].fame + 1
    from boardrules.games.mage_knight.combat.defeat import defeat

    c.phase = "attack"
    defeat(c, GAME.t, [1], [])
    assert c.fame == GAME.t.enemy["prowlers"].fame + 1 + GAME.t.enemy["wolf-riders"].fame


def test_unit_recruited_counts_the_units_recruited_this_turn() -> None:
    """Heroic Tale: "Reputation +1 per unit recruited this turn" (`reputation +1/unit-recruited`);
    the count starts again each turn."""
    from boardrules.games.mage_knight.rounds.turn import start_turn

    s = turn("march")
    g, p = s.g, me(s)
    g.recruited = 2
    p.reputation = 0
    resolve_effects(GAME.t, g, g.current, SkillPlay("Heroic Tale"), effect("reputation +1/unit-recruited"), [])
    assert p.reputation == 2
    start_turn(GAME.t, g, g.current, [])
    assert g.recruited == 0


def test_healing_heal_points_left_heal_a_wounded_unit_for_its_level() -> None:
    """Facts 4.3 "unit heal costs its level": Tranquility's Heal 2 heals the Wound in hand, the
    point left is kept for the turn; a level I Unit costs 1 (Peasants), a level II one 2."""
    s = turn(f"tranquility {WOUND}", units="peasants:wounded utem-guardsmen:wounded")
    do(s, "play tranquility powered", "choose 1", "pay green die-3")
    assert WOUND not in me(s).hand and s.g.heal_points == 1
    assert "heal-unit peasants-1" in legal(s) and "heal-unit utem-guardsmen-1" not in legal(s)
    do(s, "heal-unit peasants-1")
    assert me(s).units[0][1] == 0 and me(s).units[1][1] == 1 and s.g.heal_points == 0
    assert not any(a.startswith("heal-unit") for a in legal(s))


def test_healing_points_are_not_kept_without_a_wounded_unit_and_not_past_the_turn() -> None:
    from boardrules.games.mage_knight.rounds.turn import start_turn

    s = turn("tranquility", units="peasants")
    do(s, "play tranquility powered", "choose 1", "pay green die-3")
    assert s.g.heal_points == 0
    s.g.heal_points = 3
    start_turn(GAME.t, s.g, s.g.current, [])
    assert s.g.heal_points == 0


def test_healing_a_unit_without_heal_points_is_refused_with_the_rule() -> None:

    s = turn("march", units="peasants:wounded")
    reason, rule = refusal(s, "heal-unit peasants-1")
    assert "Heal points" in reason and rule == "Healing"
    reason, rule = refusal(s, "heal-unit nobody-1")
    assert "no Unit nobody-1" in reason
    reason, rule = GAME.explain_illegal(s, Action.parse("heal-unit"))  # malformed: a clear refusal
    assert reason and rule


def test_units_influence_in_a_combat_only_when_a_unit_asks_for_it() -> None:
    """A Unit's Influence in a combat goes to the combat's Influence, which pays for the Thugs
    (2 Influence before damage may be assigned to them, UNITS "Thugs"): offered only while such a
    Unit is unpaid for."""
    from mk_positions import combat as fight

    f = fight("prowlers", units="peasants")
    assert "activate peasants-1 influence" not in f.legal()
    f = fight("prowlers", units="peasants, thugs")
    assert "activate peasants-1 influence" in f.legal()
    f.play("activate peasants-1 influence")
    assert f.c.influence == 2


def test_combat_ends_when_an_effect_defeats_the_last_enemy() -> None:
    """Facts 4.1: the combat is over once every enemy is defeated, also when an effect defeats
    the last one (Destroy if blocked on a blocked enemy), not only an attack."""
    from mk_positions import combat as fight

    f = fight("prowlers")
    f.play("next")  # the Block phase
    f.c.enemies[0].blocked = [True]
    f.add("destroy-if-blocked", target=1)
    assert f.c.enemies[0].defeated and f.c.phase == "over" and f.legal() == []
