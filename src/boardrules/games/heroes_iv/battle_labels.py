"""What the player deciding in a battle is shown of each answer: an attack with its score, the
Defense it must reach and the die it needs to hit (after the Ranged distance penalty, with the
chance of it), a Swarm with the score it doubles, a sacrifice with the levels it gives, a
shield with the Defense that takes the blow, a Tactical Setup choice with the cards it places,
a stack to choose with how it attacks and its likeliest hit.
Nothing in a battle is hidden but the dice to come (battle.md), so every label reads the battle
as it stands."""

from __future__ import annotations

from ...engine import Action
from .battle_actions import attack_actions
from .battle_attack import attack_score
from .battle_rules import DIE, DISTANCE_PENALTY, TOWN
from .battle_state import SIDE_NAMES, Battle, Stack, side_of


def battle_label(b: Battle, a: Action) -> str:
    """The label of one of the battle decision's actions."""
    name, args = a.name, a.args
    if name in ("deploy", "spread", "stack"):
        return f"{a.text}: {_setup_text(b, a)}"
    if name == "act":
        s = b.stack(args[0])
        assert s is not None
        return f"{a.text}: {who(s)} acts next ({reach_on(s, s.line)}){_best_text(b, s)}"
    if name == "attack":
        s = b.stack(args[0])
        assert s is not None
        return f"{a.text}: {who(s)} " + "; ".join(hit_text(b, s, word) for word in args[1:])
    if name == "swarm":
        s = b.stack(args[0])
        assert s is not None
        score = _top_score(s)
        return f"{a.text}: {who(s)} skips its attack; its next one is doubled ({score} → {2 * score} before the die)"
    if name == "protect":
        s = b.stack(args[0])
        assert s is not None
        return f"{a.text}: {who(s)} skips its attack to shield a stack of its side (Defense {_defense(s)})"
    if name == "support":
        s, r = b.stack(args[0]), b.stack(args[1])
        assert s is not None and r is not None
        levels = sum(c.level for c in s.cards)
        return f"{a.text}: {who(s)} gives up its attack: +{levels} to the next attack of {who(r)}"
    if name == "shield":
        p, t = b.stack(args[0]), b.stack(args[1])
        assert p is not None and t is not None
        return (f"{a.text}: {who(p)} takes the attack aimed at {who(t)} "
                f"(Defense {_defense(p)} instead of {_defense(t)})")
    if name == "no-shield":
        assert b.pending is not None
        return f"{a.text}: the attack goes on at " + ", ".join(_target_name(b, t) for t, _ in b.pending[1])
    if name == "advance":
        s = b.stack(args[0])
        assert s is not None
        return f"{a.text}: {who(s)} moves up to the Melee Line"
    side = SIDE_NAMES[b.acting]
    if name == "fight-on":
        return f"{a.text}: the {side} fights round {b.round + 1}"
    # withdraw or surrender: the battle is lost (what follows on the map: fight.py)
    after = ("back to the hex it came from, its move over" if b.acting == 0
             else "its Army Stack leaves the map, its cards to the discard stack")
    verb = "withdraws" if name == "withdraw" else "surrenders"
    return f"{a.text}: the {side} {verb} and loses the battle: {after}"


def who(s: Stack) -> str:
    """A stack by its top card and its label: ``Pikeman (d2)``, ``Pikeman +2 (d2)``."""
    more = f" +{len(s.cards) - 1}" if len(s.cards) > 1 else ""
    return f"{s.top.name}{more} ({s.label})"


def _defense(s: Stack) -> int:
    return s.top.defense


def _top_score(s: Stack) -> int:
    top = s.top
    return (top.ranged if s.line == "ranged" else top.attack) + sum(c.level for c in s.cards[1:])


def _target_name(b: Battle, label: str) -> str:
    if label == TOWN:
        return "the Town card"
    t = b.stack(label)
    return who(t) if t is not None else label


def hit_text(b: Battle, s: Stack, word: str) -> str:
    """One target of an attack: the score against the Defense, and the die that hits."""
    label, _, n_text = word.partition(":")
    n = int(n_text) if n_text else 1
    side = side_of(s.label)
    score = attack_score(b, s, label)
    if label == TOWN:
        target, defense, far = "the Town card", b.sides[1 - side].town_defense, False
    else:
        t = b.stack(label)
        assert t is not None
        cards = t.cards[:n]
        defense = sum(c.defense for c in cards)
        target = who(t) if n == 1 else f"{n} cards of {who(t)}"
        far = (b.distance_penalty and s.line == "ranged" and t.line == "ranged"
               and "ignores-distance-penalty" not in s.top.abilities)
    return f"at {target}: score {score} against Defense {defense}, {need_text(b, s, score, defense, far)}"


def _best_text(b: Battle, s: Stack) -> str:
    """A stack about to be chosen: its likeliest hit on one enemy stack (or the Town card)."""
    best: tuple[float, str] | None = None
    for act in attack_actions(b, side_of(s.label), s):
        if len(act.args) != 2 or ":" in act.args[1]:
            continue  # one target, its top card: swatting and multi-target attacks come after choosing
        chance = _chance(b, s, act.args[1])
        if best is None or chance > best[0]:
            best = (chance, act.args[1])
    return "" if best is None else f"; its likeliest hit: {hit_text(b, s, best[1]).removeprefix('at ')}"


def _chance(b: Battle, s: Stack, label: str) -> float:
    score = attack_score(b, s, label)
    if label == TOWN:
        defense, far = b.sides[1 - side_of(s.label)].town_defense, False
    else:
        t = b.stack(label)
        assert t is not None
        defense = t.cards[0].defense
        far = (b.distance_penalty and s.line == "ranged" and t.line == "ranged"
               and "ignores-distance-penalty" not in s.top.abilities)
    face = defense - score + (DISTANCE_PENALTY if far else 0)
    return 1.0 if score >= defense else max(0, DIE - max(1, face) + 1) / DIE


def need_text(b: Battle, s: Stack, score: int, defense: int, far: bool) -> str:
    """What the die must show: none when the score alone reaches the Defense, else the lowest
    face that hits (2 more at distance), with the chance, Luck counted."""
    if score >= defense:
        return "a sure hit (no roll)"
    face = max(1, defense - score + (DISTANCE_PENALTY if far else 0))
    penalty = f" with the -{DISTANCE_PENALTY} distance penalty" if far else ""
    if face > DIE:
        return f"cannot hit{penalty}"
    chance = (DIE - face + 1) / DIE
    luck = s.top.luck if b.luck else 0
    chance = 1 - (1 - chance) ** (1 + luck) if luck >= 0 else chance ** (1 - luck)
    roll = "any roll" if face == 1 else f"{face}+"
    lucky = f", Luck {luck:+d}" if luck else ""
    return f"hits on {roll}{penalty} ({round(100 * chance)}%{lucky})"


def _setup_text(b: Battle, a: Action) -> str:
    """A Tactical Setup choice: the cards it places and where."""
    here = b.sides[b.acting].stacks[b.plan_at]
    cards = " + ".join(c.name for c in here.cards)
    if a.name == "stack":
        under = " + ".join(c.name for c in b.plan[-1][1])
        return f"{cards} under the stack set up before ({under}, {b.plan[-1][0]} line)"
    line = a.args[1].capitalize()
    if a.name == "spread":
        return f"{cards}, each card a stack of its own, on the {line} Line"
    how = reach_on(here, a.args[1])
    return f"{cards} as one stack on the {line} Line ({how})"


def reach_on(s: Stack, line: str) -> str:
    """How a stack would attack from ``line``: its top card's score there."""
    top = s.top
    under = sum(c.level for c in s.cards[1:])
    if line == "ranged":
        return f"shoots with {top.ranged + under}" if top.ranged else "cannot attack from there"
    how = "flies at either line" if all(c.flying for c in s.cards) else "melee"
    return f"{how} with {top.attack + under}"

