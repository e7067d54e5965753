"""Resolving an attack (facts 5.6 Melee attack, Stack attack, Swatting, Swarm, Sacrifice for
support, Ranged distance penalty, Battles in towns, Luck): the attack score, the die, hits and
kills, a Town Breached and Sacked."""

from __future__ import annotations

from typing import Any

from ...engine import Event
from .battle_actions import can_reach
from .battle_rules import DISTANCE_PENALTY, TOWN, TOWN_LINE_MINIMUM, roll_die
from .battle_state import SIDE_NAMES, Battle, Fighter, Stack, side_of


def named(b: Battle, label: str) -> str:
    if label == TOWN:
        return "the Town card"
    s = b.stack(label)
    assert s is not None
    return f"{s.top.name} ({label})" if s.cards else label


def attack_score(b: Battle, s: Stack, target: str) -> int:
    """The attack score before the die. Stack attack: the top card's Melee Attack (Ranged Attack
    from the Ranged Line), plus the Level of each card under it, plus the levels sacrificed for
    support by stacks that could have attacked this target; doubled after a Swarm; halved
    (rounded up) for a shot at a Town's Ranged Line while its walls are intact."""
    side = side_of(s.label)
    top = s.top
    score = top.ranged if s.line == "ranged" else top.attack
    score += sum(c.level for c in s.cards[1:])
    score += sum(levels for levels, how, _ in s.support if can_reach(b, side, how, target))
    if s.status == "swarm":
        score *= 2
    enemy = b.sides[1 - side]
    t = b.stack(target) if target != TOWN else None
    if s.line == "ranged" and enemy.town == "intact" and t is not None and t.line == "ranged":
        score = (score + 1) // 2
    return score


def roll(b: Battle, f: Fighter) -> tuple[int, list[int]]:
    """The die for ``f``'s attack. Luck (option): roll 1 + |Luck| dice and keep the highest
    (positive Luck) or the lowest (negative)."""
    luck = f.luck if b.luck else 0
    dice = [roll_die(b.rng) for _ in range(1 + abs(luck))]
    return (max(dice) if luck >= 0 else min(dice)), dice


def resolve_attack(b: Battle, events: list[Event]) -> None:
    """Roll and resolve the pending attack against each target in turn: a hit when the score
    plus the die reaches the Defense of the cards attacked (no roll when the score alone does);
    a hit kills them all, a miss does nothing."""
    assert b.pending is not None
    s = b.stack(b.pending[0])
    assert s is not None
    side = side_of(s.label)
    for target, n in b.pending[1]:
        t = b.stack(target) if target != TOWN else None
        if t is not None and not t.cards:
            continue  # destroyed by an earlier head of the same attack
        score = attack_score(b, s, target)
        defense = b.sides[1 - side].town_defense if t is None else sum(c.defense for c in t.cards[:n])
        what = named(b, target) if n == 1 else f"{n} cards of {named(b, target)}"
        head = f"phase {b.phase}: {named(b, s.label)} attacks {what}: score {score}"
        data: dict[str, Any] = {"stack": s.label, "target": target, "cards": n, "score": score, "defense": defense}
        if score >= defense:
            hit = True
            text = f"{head} against Defense {defense}: a hit without rolling"
        else:
            die, dice = roll(b, s.top)
            data["dice"] = dice
            penalty = (b.distance_penalty and s.line == "ranged" and t is not None and t.line == "ranged"
                       and "ignores-distance-penalty" not in s.top.abilities)
            if penalty:
                die = max(0, die - DISTANCE_PENALTY)
            data["die"] = die
            hit = score + die >= defense
            rolled = f"die {die}" + (f" (-{DISTANCE_PENALTY} distance)" if penalty else "")
            text = f"{head} + {rolled} = {score + die} against Defense {defense}: {'a hit' if hit else 'no effect'}"
        data["hit"] = hit
        events.append(Event("attack", text, data=data))
        if hit:
            if t is None:
                _hit_town(b, 1 - side, events)
            else:
                _kill(b, 1 - side, t, n, events)
    s.attacks_left -= 1
    s.status = ""
    s.support = []
    b.pending = None
    b.step = "attack"


def _kill(b: Battle, side: int, t: Stack, n: int, events: list[Event]) -> None:
    dead, t.cards = t.cards[:n], t.cards[n:]
    b.sides[side].fallen.extend(c.killed() for c in dead)
    names = ", ".join(c.name for c in dead)
    gone = "; the stack is destroyed" if not t.cards else ""
    events.append(Event("killed", f"the {SIDE_NAMES[side]}'s {names} killed{gone}",
                        data={"stack": t.label, "cards": [c.card for c in dead], "destroyed": not t.cards}))


def _hit_town(b: Battle, side: int, events: list[Event]) -> None:
    """Battles in towns: the first hit Breaches the Town, the second Sacks it."""
    town = b.sides[side]
    town.town = "breached" if town.town == "intact" else "sacked"
    need = TOWN_LINE_MINIMUM[town.town]
    events.append(Event("town", f"the Town is {town.town.capitalize()}: the defender must keep {need} stack(s) "
                        "on its Melee Line", data={"town": town.town}))
