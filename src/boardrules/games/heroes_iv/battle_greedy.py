"""A one-step greedy choice for battles, for the greedy agent of the map game: set up a Hero on the
Ranged Line when the Melee Line can do without him, attack where the expected value killed is highest, shield with the sturdiest Protecting stack, move the sturdiest
stack up, and withdraw when the enemy is far stronger."""

from __future__ import annotations

from ...engine import Action
from .battle import battle_decision
from .battle_actions import attack_actions
from .battle_attack import attack_score
from .battle_rules import DIE, DISTANCE_PENALTY
from .battle_state import Battle, Fighter, Stack, side_of

WITHDRAW_BELOW = 0.4  # withdraw when our strength is under this share of the enemy's


def card_value(c: Fighter) -> int:
    """What a card is worth in a fight: its scores and its level."""
    return c.attack + c.ranged + c.defense + 2 * c.level


def side_strength(b: Battle, side: int) -> int:
    """The worth of a side's cards still standing (its Town card counts while it stands)."""
    s = b.sides[side]
    town = s.town_defense if s.town in ("intact", "breached") else 0
    return town + sum(card_value(c) for st in s.stacks for c in st.cards)


def hit_chance(score: int, defense: int, penalty: int = 0) -> float:
    """The chance that score + the die (1 to 10, less ``penalty``, at least 0) reaches defense."""
    if score >= defense:
        return 1.0
    hits = sum(1 for die in range(1, DIE + 1) if score + max(0, die - penalty) >= defense)
    return hits / DIE


def expected_value(b: Battle, action: Action) -> float:
    """The expected worth of the cards (or Town damage) an attack action takes."""
    s = b.stack(action.args[0])
    assert s is not None
    total = 0.0
    for word in action.args[1:]:
        label, _, count = word.partition(":")
        n = int(count) if count else 1
        score = attack_score(b, s, label)
        t = b.stack(label)
        if t is None:  # the Town card: a breach opens the defenders to melee
            total += hit_chance(score, b.sides[1 - side_of(s.label)].town_defense) * 8
            continue
        cards = t.cards[:n]
        penalty = DISTANCE_PENALTY if (b.distance_penalty and s.line == "ranged" and t.line == "ranged"
                                       and "ignores-distance-penalty" not in s.top.abilities) else 0
        total += hit_chance(score, sum(c.defense for c in cards), penalty) * sum(card_value(c) for c in cards)
    return total


def best_attack(b: Battle, side: int, s: Stack) -> float:
    """The expected worth of the best attack a stack could make now (0 with none that can hit)."""
    return max((expected_value(b, a) for a in attack_actions(b, side, s)), default=0.0)


def _sturdiness(st: Stack | None) -> int:
    return sum(c.defense for c in st.cards) if st is not None else 0


def greedy_battle_action(b: Battle) -> Action:
    """The greedy choice for the question now (the battle must not be over)."""
    d = battle_decision(b)
    assert d is not None, "the battle is over"
    acts = d.actions
    if b.step == "setup":  # the default Tactical Setup, but a Hero behind the Melee Line when he may be
        here = b.sides[b.acting].stacks[b.plan_at]
        if any(c.is_hero for c in here.cards):
            back = next((a for a in acts if a.name == "deploy" and a.args[1] == "ranged"), None)
            if back is not None:
                return back  # only ranged and flying attacks reach him there (issue 27: Heroes lost)
        return acts[0]
    if b.step == "attack" and acts[0].name == "act":  # the stack with the best attack acts first
        side = b.acting
        return max(acts, key=lambda a: best_attack(b, side, b.stack(a.args[0])))  # type: ignore[arg-type]
    if b.step == "attack":
        attacks = [a for a in acts if a.name == "attack"]
        if attacks:
            best = max(attacks, key=lambda a: expected_value(b, a))
            if expected_value(b, best) > 0:
                return best
        return next(a for a in acts if a.name == "swarm")  # a hopeless attack: double the next one
    if b.step == "shield":
        shields = [a for a in acts if a.name == "shield"]
        return max(shields, key=lambda a: _sturdiness(b.stack(a.args[0]))) if shields else acts[-1]
    if b.step == "advance":
        return max(acts, key=lambda a: _sturdiness(b.stack(a.args[0])))
    mine, theirs = side_strength(b, b.acting), side_strength(b, 1 - b.acting)
    return acts[1] if mine < WITHDRAW_BELOW * theirs else acts[0]  # withdraw or fight on
