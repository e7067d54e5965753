"""Property test: thousands of seeded random battles (random fighters, lines, options and
choices) always end, keep every card, never count below zero, and always offer a legal action."""

from __future__ import annotations

from dataclasses import replace

from h4_battles import random_battle, random_fighter, random_side

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision
from boardrules.games.heroes_iv.battle_actions import line_minimum
from boardrules.games.heroes_iv.battle_rounds import outcome
from boardrules.games.heroes_iv.battle_setup import start_battle
from boardrules.games.heroes_iv.battle_state import Battle

BATTLES = 2000


def check(b: Battle, total: int) -> None:
    cards = sum(len(s.cards) for side in b.sides for s in side.stacks) + sum(len(side.fallen) for side in b.sides)
    assert cards == total, "a card appeared or vanished"
    for i, side in enumerate(b.sides):
        for s in side.stacks:
            assert 0 <= s.attacks_left <= 2 and all(levels >= 0 for levels, _, _ in s.support)
        if b.step != "over":
            assert sum(1 for s in side.alive() if s.line == "melee") >= line_minimum(side) or (
                b.step == "advance" and b.advancing == i)
    assert 1 <= b.phase <= 10 and b.round >= 1


def test_random_battles_end_keep_their_cards_and_always_offer_an_action() -> None:
    pick = Rng(2026)
    endings: set[str] = set()
    decisions = 0
    for seed in range(BATTLES):
        b = random_battle(seed)
        total = sum(len(s.cards) for side in b.sides for s in side.stacks)
        for _ in range(2000):
            d = battle_decision(b)
            if d is None:
                break
            assert d.actions, f"battle {seed}: no legal action at {d.prompt!r}"
            assert d.player in (b.sides[0].player, b.sides[1].player)
            decisions += 1
            if decisions % 37 == 0:
                assert all(Action.parse(a.text) == a for a in d.actions)
                assert Battle.from_json(b.to_json()).to_json() == b.clone().to_json()
            events: list[Event] = []
            # fight on most of the time, so that battles run long enough to reach every rule
            choice = d.actions[0] if b.step == "round-end" and pick.below(6) else d.actions[pick.below(len(d.actions))]
            apply_battle(b, choice, events)
            check(b, total)
        else:
            raise AssertionError(f"battle {seed} did not end")
        result = outcome(b)
        assert result["over"] and result["winner"] in ("aggressor", "defender")
        endings.add(b.ending)
    assert {"destroyed", "withdrew", "surrendered"} <= endings
    assert decisions > 15 * BATTLES


def test_random_guard_battles_end_without_withdrawals_by_the_guards() -> None:
    pick = Rng(7)
    for seed in range(300):
        rng = Rng(seed)
        guard = [("melee", [replace(random_fighter(rng, k), is_hero=False) for k in range(1 + rng.below(4))])]
        b = start_battle(random_side(rng, False), guard, aggressor_player=0, defender_player=1, guard=True,
                         rng=seed, max_rounds=6)
        while (d := battle_decision(b)) is not None:
            if b.step == "round-end":
                assert b.acting == 0  # the guards never choose
            apply_battle(b, d.actions[pick.below(len(d.actions))], [])
        assert b.ending in ("destroyed", "withdrew", "surrendered", "round-limit")
        assert not (b.ending in ("withdrew", "surrendered") and b.winner == 0)


WORDS = ("a1", "a2", "a3", "d1", "d2", "d9", "town", "d1:2", "d1:0", "a1:3", "x", "d2:x", "-1", "a0", "d")
NAMES = ("attack", "swarm", "protect", "support", "shield", "no-shield", "advance", "fight-on", "withdraw",
         "surrender", "charge")


def test_random_actions_are_refused_with_a_reason_and_a_rule_never_a_crash() -> None:
    pick = Rng(99)
    tried = 0
    for seed in range(300):
        b = random_battle(seed)
        while (d := battle_decision(b)) is not None:
            for _ in range(3):
                action = Action(NAMES[pick.below(len(NAMES))],
                                tuple(WORDS[pick.below(len(WORDS))] for _ in range(pick.below(4))))
                if action in d.actions:
                    continue
                copy = b.clone()
                try:
                    apply_battle(copy, action, [])
                except IllegalActionError as refusal:
                    assert refusal.reason and refusal.rule, action
                    tried += 1
                else:
                    raise AssertionError(f"{action} was applied but is not legal")
            apply_battle(b, d.actions[pick.below(len(d.actions))], [])
    assert tried > 1000
