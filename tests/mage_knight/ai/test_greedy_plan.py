"""Mage Knight's greedy, its turn plan (ai/turn_plan.py, round 3 of issue 27): the hand split
between the Move to a fight and the fight, the Move cards played on the way and the fight's
cards kept; and the level-up's skill chosen by value (ai/policy.py)."""

from __future__ import annotations

from mk_positions import GAME, T, combat, me, turn

from boardrules.games.mage_knight.ai.fight_estimate import Foe, plan
from boardrules.games.mage_knight.ai.policy import _block_choice, skill_value
from boardrules.games.mage_knight.ai.turn_plan import card_move, fight_ways, turn_plan
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.hexes import Hex, neighbours
from boardrules.games.mage_knight.map.movement import move_cost

from .test_greedy_turn import greedy, on_site


def keep_two_steps_away(hand: str, guard: str = "diggers") -> tuple[MKState, Hex, int]:
    """A keep held by ``guard``, the only fight on the map, two steps from the hero with no Move
    points gathered: the state, the keep, the Move points to step onto it."""
    s = turn(hand, faces="green green green")
    keep = on_site(s, "keep")
    g = s.g
    g.enemies = {keep: [Token(guard, True)]}
    here = me(s).position
    back = next(x for x in neighbours(here) if x in g.spaces and x != keep and keep not in neighbours(x)
                and move_cost(T, g, x, here) is not None)
    me(s).position, me(s).move_points = back, 0
    s.cached = None
    return s, keep, move_cost(T, g, back, here) + move_cost(T, g, here, keep)


def test_turn_plan_pays_the_way_with_move_cards_and_keeps_the_fights_cards() -> None:
    """KEEP "Assault" two steps away: Diggers (Armor 3, Attack 3). The plan pays the way with
    Move cards (March, Stamina, Swiftness: Move 2 each) and keeps Rage and Determination
    (Attack 2 each) for the fight."""
    s, keep, way = keep_two_steps_away("rage determination march swiftness stamina")
    assert fight_ways(T, s.g, s.g.current)[keep] == way
    aim = turn_plan(T, s.g, s.g.current)
    assert aim is not None and aim.target == keep and aim.way == way and aim.fame == 2
    assert sum(card_move(T, c) for c in aim.move_cards) >= way
    assert not {"rage", "determination"} & set(aim.move_cards)


def test_greedy_walks_to_the_keep_with_the_plans_move_cards_and_conquers_it() -> None:
    """The same position played by greedy: it plays only Move cards until it steps onto the
    keep, starts the assault with Rage and Determination in hand, and conquers the keep."""
    s, keep, _ = keep_two_steps_away("rage determination march swiftness stamina")
    for _ in range(12):
        if s.g.combat is not None:
            break
        a = greedy(s)
        assert a.name in ("play", "move", "pay"), a.text
        if a.name == "play":
            assert a.args[0] in ("march", "swiftness", "stamina"), a.text
        GAME.apply(s, a)
    assert s.g.combat is not None and me(s).position == keep
    assert {"rage", "determination"} <= set(me(s).hand)
    while s.g.combat is not None:
        GAME.apply(s, greedy(s))
    assert keep in s.g.conquered


def test_turn_plan_none_when_the_cards_left_after_the_way_cannot_win() -> None:
    """Rage, Determination and March: the way (4 Move points or more) takes March and a card
    played sideways, and one Attack 2 card does not defeat Armor 3: no plan."""
    s, _, way = keep_two_steps_away("rage determination march")
    assert way >= 4
    me(s).move_points = way - 4
    assert turn_plan(T, s.g, s.g.current) is None
    me(s).move_points = way - 2  # March alone pays: Rage and Determination are left
    aim = turn_plan(T, s.g, s.g.current)
    assert aim is not None and aim.move_cards == ("march",)


def test_turn_plan_none_against_a_keep_the_hand_cannot_take() -> None:
    """Fire Golems in the keep: no split of the hand wins, there is no plan."""
    s, _, _ = keep_two_steps_away("rage determination march swiftness stamina", guard="fire-golems")
    assert turn_plan(T, s.g, s.g.current) is None


def test_a_paralyze_attack_must_be_blocked() -> None:
    """PARALYZE: a Wound from it discards the hero's hand, so the estimate never takes it. With
    Attack 4 and Block 4 against Armor 3 and Attack 2, the attack is blocked; without the Block
    no split wins (the same foe without Paralyze is taken: 1 Wound)."""
    medusa = Foe(3, [(2, "physical", False, False)], 2, False, paralyze=True)
    best = plan([(4.0, 0.0), (0.0, 4.0)], [medusa], 2, 0)
    assert best is not None and best == (0, {(0, 0)})
    assert plan([(4.0, 0.0)], [medusa], 2, 0) is None
    assert plan([(4.0, 0.0)], [Foe(3, [(2, "physical", False, False)], 2, False)], 2, 0) == (1, set())


def test_level_up_skill_chosen_by_value() -> None:
    """LEVEL UP (facts 6.2): Hot Swordsmanship (Attack 2 every turn) is worth more than Dark
    Paths (Move 1 by Day, 2 at Night); greedy keeps it at the level-up."""
    assert skill_value(T, "hot-swordsmanship") > skill_value(T, "dark-paths")
    s = turn("march", faces="green green green")
    p = me(s)
    p.pending = ["skill-and-advanced-action"]
    p.skill_pile = [*p.skill_pile[:-2], "hot-swordsmanship", "dark-paths"]
    s.cached = None
    for _ in range(6):
        d = GAME.decision(s)
        assert d is not None
        if any(a.name == "level-up" for a in d.actions):
            break
        GAME.apply(s, next(a for a in d.actions if a.text in ("play march basic", "end-turn")))
    a = greedy(s)
    assert a.text == "level-up hot-swordsmanship", a.text


def test_block_phase_blocks_a_summoned_medusa_rather_than_let_a_unit_take_it() -> None:
    """ENEMY TOKEN ABILITIES "Summon Attack" and "Paralyze": Orc Summoners summon a Medusa
    (Attack 6, Paralyze). Its attack on a Unit destroys it, on the hero discards the hand, so the
    block plan blocks it (before, the plan let the Peasants take it and kept every card for the
    attack; the damage then went on the hero and the hand was lost)."""
    f = combat("orc-summoners", units="peasants", summons="medusa")
    f.play("next")
    assert f.enemy(2).token == "medusa"
    assert _block_choice(T, f.c, ["rage", "cold-toughness", "swiftness"], ["peasants"], []) == "2"
