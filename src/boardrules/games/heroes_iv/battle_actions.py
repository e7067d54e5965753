"""What a stack may do now (facts 5.6 Lines, Melee attack, Flying armies, Multi-target creatures,
Sacrifice for support, Protect): how it reaches, whom it may target, and the legal attack,
support and shield actions; with how many stacks a side must keep on its Melee Line. The
decision offers these and the refusals (``battle_explain``) read the same predicates."""

from __future__ import annotations

from itertools import combinations

from ...engine import Action, shared_action
from .battle_rules import MELEE_LINE_MINIMUM, TOWN, TOWN_LINE_MINIMUM
from .battle_state import Battle, Fighter, Side, Stack, side_of


def line_minimum(side: Side) -> int:
    """How many stacks must stand on the side's Melee Line: 3 (ours, from the rules17 Protect
    example), in a Town 0 while intact, 1 once Breached, 2 once Sacked (rules18); never more
    than the side has."""
    need = TOWN_LINE_MINIMUM[side.town] if side.town else MELEE_LINE_MINIMUM
    return min(need, len(side.alive()))


def reach(stack: Stack) -> str:
    """How the stack attacks from where it stands: "melee", "flying" (a melee attack that may
    also reach the enemy Ranged Line: every card has Flight), "ranged" (its top card's Ranged
    Attack from the Ranged Line) or "" (on the Ranged Line without a Ranged Attack)."""
    if stack.line == "ranged":
        return "ranged" if stack.top.ranged > 0 else ""
    return "flying" if all(c.flying for c in stack.cards) else "melee"


def can_reach(b: Battle, side: int, how: str, target: str) -> bool:
    """Whether an attack made ``how`` by ``side`` may target ``target`` (a label or "town")."""
    enemy = b.sides[1 - side]
    if target == TOWN:
        # the Town card is hit by melee only, until it is Sacked
        return how in ("melee", "flying") and enemy.town in ("intact", "breached")
    s = b.stack(target)
    if s is None or side_of(target) == side or not s.cards:
        return False
    if how == "ranged" or how == "flying":
        return True
    return how == "melee" and s.line == "melee"


def max_targets(f: Fighter) -> int:
    """Multi-target creatures (errata): Cerberi hit up to 2 stacks, Hydras up to 3."""
    return f.targets


def ready(b: Battle, side: int) -> list[Stack]:
    """The side's stacks that act in this phase: their top card's Phase number, an attack left."""
    return [s for s in b.sides[side].stacks if s.cards and s.attacks_left > 0 and s.top.phase == b.phase]


def will_attack(b: Battle, side: int, s: Stack) -> bool:
    """Whether the stack may still attack this round (to be given support)."""
    if not s.cards or s.attacks_left <= 0 or not reach(s):
        return False
    return s.top.phase > b.phase or (s.top.phase == b.phase and side == b.acting)


def attack_actions(b: Battle, side: int, s: Stack) -> list[Action]:
    how = reach(s)
    if not how:
        return []
    targets = [t.label for t in b.sides[1 - side].stacks if can_reach(b, side, how, t.label)]
    out: list[Action] = []
    for t in targets:
        out.append(shared_action("attack", s.label, t))
        size = len(b.stack(t).cards)  # type: ignore[union-attr]
        out.extend(shared_action("attack", s.label, f"{t}:{n}") for n in range(2, size + 1))
    if can_reach(b, side, how, TOWN):
        targets.append(TOWN)
        out.append(shared_action("attack", s.label, TOWN))
    for k in range(2, min(max_targets(s.top), len(targets)) + 1):
        out.extend(shared_action("attack", s.label, *combo) for combo in combinations(targets, k))
    return out


def support_actions(b: Battle, side: int, s: Stack) -> list[Action]:
    if not reach(s):
        return []  # it could attack nothing, so its support could count against nothing
    out = []
    for r in b.sides[side].stacks:
        if r is s and s.attacks_left < 2:
            continue  # only a second attack (morale) can be boosted by the first
        if will_attack(b, side, r):
            out.append(shared_action("support", s.label, r.label))
    return out


def shield_actions(b: Battle) -> list[Action]:
    """Protect: each Protecting stack of the attacked side that the attack could reach may
    take it in the place of one of the stacks it targets."""
    assert b.pending is not None
    attacker = b.stack(b.pending[0])
    assert attacker is not None
    side = side_of(attacker.label)
    how = reach(attacker)
    aimed = [t for t, _ in b.pending[1]]
    out: list[Action] = []
    for p in b.sides[1 - side].stacks:
        if p.cards and p.status == "protect" and p.label not in aimed and can_reach(b, side, how, p.label):
            out.extend(shared_action("shield", p.label, t) for t in aimed if t != TOWN)
    return out
