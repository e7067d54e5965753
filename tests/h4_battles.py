"""Hand-set Heroes IV battles for the rule tests, from a small position description::

    f = battle("melee gold-golem*3", "melee behemoth", dice="6")
    f.play("attack a1 d1")
    assert f.killed("behemoth")

A side is stacks separated by ``;``, each ``line card*count + card ...`` from the top card down
(``melee knight + squire*2; ranged halfling*6``). Cards come from ``ROSTER`` (test values; the
facts give only the Gold Golem's Attack 3, Level 2 and Phase 7 and the Behemoth's Defense 13);
``card(id, **changes)`` makes a variant. ``dice`` fixes the die results in order (1 to 10);
with none given, the seeded generator rolls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from boardrules.engine import Action, Event, IllegalActionError, Rng
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision
from boardrules.games.heroes_iv.battle_setup import start_battle
from boardrules.games.heroes_iv.battle_state import Battle, Fighter, Stack

F = Fighter
ACTING = ("attack", "swarm", "protect", "support")  # a stack's actions, once it is chosen to act
ROSTER: dict[str, Fighter] = {f.card: f for f in (
    F("gold-golem", "Gold Golem", "order", 2, 3, 8, phase=7, speed=2),
    F("behemoth", "Behemoth", "might", 4, 9, 13, phase=3, speed=3),
    F("halfling", "Halfling", "order", 1, 1, 4, ranged=3, phase=5, speed=2),
    F("crossbowman", "Crossbowman", "life", 1, 1, 4, ranged=3, phase=5, speed=2,
      abilities=frozenset({"ignores-distance-penalty"})),
    F("squire", "Squire", "life", 1, 2, 5, phase=4, speed=2),
    F("wolf", "Wolf", "nature", 1, 2, 4, phase=2, speed=3),
    F("cerberus", "Cerberus", "death", 2, 4, 6, phase=6, speed=3, targets=2),
    F("hydra", "Hydra", "chaos", 4, 7, 12, phase=8, speed=1, targets=3),
    F("griffin", "Griffin", "nature", 3, 5, 7, phase=4, speed=4, abilities=frozenset({"flight"})),
    F("knight", "Sir Christian", "life", 1, 4, 9, phase=5, speed=3, is_hero=True),
)}


def card(card_id: str, **changes: Any) -> Fighter:
    return replace(ROSTER[card_id], **changes) if changes else ROSTER[card_id]


def side(text: str) -> list[tuple[str, Sequence[Fighter]]]:
    stacks: list[tuple[str, Sequence[Fighter]]] = []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        line, _, rest = part.partition(" ")
        cards: list[Fighter] = []
        for word in (w.strip() for w in rest.split("+")):
            name, _, count = word.partition("*")
            cards += [card(name)] * int(count or 1)
        stacks.append((line, cards))
    return stacks


class LoadedDice(Rng):
    """A die that shows the given results in order (then falls back to rolling)."""

    __slots__ = ("results",)

    def __init__(self, results: Sequence[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.results = list(results)

    def below(self, n: int) -> int:
        if self.results:
            self.draws += 1
            return self.results.pop(0) - 1
        return super().below(n)


class Fight:
    """A battle under test."""

    def __init__(self, b: Battle) -> None:
        self.b = b
        self.events: list[Event] = []

    def play(self, *actions: str) -> list[Event]:
        """Apply the actions; a stack's action (``attack a1 d1``) first chooses that stack (``act
        a1``) when the question asks which stack acts."""
        events: list[Event] = []
        for text in actions:
            action = Action.parse(text)
            choose = Action.parse(f"act {action.args[0]}") if action.name in ACTING else None
            if choose is not None and choose in self._offered():
                apply_battle(self.b, choose, events)
            apply_battle(self.b, action, events)
        self.events += events
        return events

    def _offered(self) -> tuple[Action, ...]:
        d = battle_decision(self.b)
        return d.actions if d else ()

    def dice(self, *results: int) -> None:
        self.b.rng = LoadedDice(results)

    def legal(self, of: str = "") -> list[str]:
        """The actions offered now; ``of``: those of that stack, once chosen to act (if the
        question asks which stack acts)."""
        b = self.b
        if of and Action.parse(f"act {of}") in self._offered():
            b = b.clone()
            apply_battle(b, Action.parse(f"act {of}"), [])
        d = battle_decision(b)
        return [a.text for a in d.actions] if d else []

    @property
    def decider(self) -> int:
        d = battle_decision(self.b)
        assert d is not None
        return d.player

    def refused(self, text: str) -> tuple[str, str]:
        with pytest.raises(IllegalActionError) as info:
            self.play(text)
        return info.value.reason, info.value.rule

    def stack(self, label: str) -> Stack:
        s = self.b.stack(label)
        assert s is not None
        return s

    def cards(self, label: str) -> list[str]:
        return [c.card for c in self.stack(label).cards]

    def fallen(self, side: int) -> list[str]:
        return [c.card for c in self.b.sides[side].fallen]

    def attacks(self) -> list[dict[str, Any]]:
        return [dict(e.data) for e in self.events if e.kind == "attack"]

    def skip_to(self, phase: int, acting: int = 0) -> None:
        """Let every stack before ``phase`` (and the aggressor's in it, for ``acting`` 1) swarm."""
        while (self.b.step == "attack" and (self.b.phase, self.b.acting) < (phase, acting)):
            d = battle_decision(self.b)
            assert d is not None
            self.play(next(a.text for a in d.actions if a.name in ("swarm", "act")))


def battle(
    aggressor: str | list[tuple[str, Sequence[Fighter]]],
    defender: str | list[tuple[str, Sequence[Fighter]]],
    *,
    dice: str = "",
    seed: int = 0,
    players: tuple[int, int] = (0, 1),
    **options: Any,
) -> Fight:
    a = side(aggressor) if isinstance(aggressor, str) else aggressor
    d = side(defender) if isinstance(defender, str) else defender
    rng: Rng = LoadedDice([int(x) for x in dice.split()], seed) if dice else Rng(seed)
    b = start_battle(a, d, aggressor_player=players[0], defender_player=players[1], rng=rng, **options)
    return Fight(b)


# Random battles for the property tests and the greedy choice's seeded battles
ABILITY_CHOICES = ((), ("flight",), ("ignores-distance-penalty",))


def random_fighter(rng: Rng, n: int) -> Fighter:
    ranged = rng.below(5) if rng.below(3) == 0 else 0
    return Fighter(
        f"card-{n}", f"Card {n}", "order", 1 + rng.below(4), rng.below(8), 1 + rng.below(14), ranged=ranged,
        phase=1 + rng.below(10), abilities=frozenset(rng.choice(ABILITY_CHOICES)), is_hero=rng.below(8) == 0,
        targets=1 + rng.below(3) if rng.below(4) == 0 else 1, morale=rng.below(11) - 5, luck=rng.below(7) - 3,
    )


def random_side(rng: Rng, town: bool) -> list[tuple[str, list[Fighter]]]:
    stacks = [sorted((random_fighter(rng, rng.below(1000)) for _ in range(1 + rng.below(3))),
                     key=lambda c: not c.is_hero)  # a Hero leads its stack
              for _ in range(1 + rng.below(5))]
    need = 0 if town else min(3, len(stacks))
    return [("melee" if i < need or rng.below(2) == 0 else "ranged", cards) for i, cards in enumerate(stacks)]


def random_battle(seed: int) -> Battle:
    rng = Rng(seed)
    town = rng.below(4) == 0
    return start_battle(
        random_side(rng, False), random_side(rng, town), aggressor_player=rng.below(3), defender_player=3,
        town=town, rng=rng.below(1 << 62),
        morale=rng.below(2) == 0, luck=rng.below(2) == 0, distance_penalty=rng.below(2) == 0,
    )
