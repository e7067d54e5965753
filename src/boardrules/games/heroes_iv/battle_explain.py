"""Why a battle action is refused: the reason in a player's words and the rule it breaks."""

from __future__ import annotations

from ...engine import Action
from .battle_actions import can_reach, max_targets, reach, ready, will_attack
from .battle_rules import (
    R_FLYING,
    R_LINES,
    R_MELEE,
    R_MORALE,
    R_MULTI,
    R_PROTECT,
    R_ROUND,
    R_SETUP,
    R_SUPPORT,
    R_SWAT,
    R_TOWN,
    TOWN,
)
from .battle_setup import SETUP_ACTIONS, setup_refusal
from .battle_state import SIDE_NAMES, Battle, Stack, side_of

ACTING = ("attack", "swarm", "protect", "support")
CHOOSING = "act"
KNOWN = (*ACTING, CHOOSING, "shield", "no-shield", "advance", "fight-on", "withdraw", "surrender", *SETUP_ACTIONS)
ARITY = {"act": (1, 1), "deploy": (2, 2), "spread": (2, 2), "stack": (1, 1), "swarm": (1, 1), "protect": (1, 1), "support": (2, 2), "shield": (2, 2), "no-shield": (0, 0),
         "advance": (1, 1), "fight-on": (0, 0), "withdraw": (0, 0), "surrender": (0, 0), "attack": (2, 4)}


def explain(b: Battle, action: Action) -> tuple[str, str]:
    if b.step == "over":
        return "the battle is over", R_ROUND
    name, args = action.name, action.args
    if name not in KNOWN:
        return f"{name!r} is not a battle action (one of: {', '.join(KNOWN)})", R_ROUND
    if b.step == "setup":
        return setup_refusal(b, action) or (f"{action} is not legal now", R_SETUP)
    if name in SETUP_ACTIONS:
        return "the Tactical Setup is over: the battle has begun", R_SETUP
    low, high = ARITY[name]
    if not low <= len(args) <= high:
        return f"{name} takes {low if low == high else f'{low} to {high}'} word(s), not {len(args)}", R_ROUND
    wrong_step = _step_refusal(b, name)
    if wrong_step:
        return wrong_step
    if name == CHOOSING:
        _, refusal = _own_ready(b, args[0])
        if refusal:
            return refusal
        return f"{b.chosen} acts now: choose what it does" if b.chosen else f"act {args[0]} is not legal now", R_ROUND
    if name in ACTING:
        _, refusal = _own_ready(b, args[0])
        if refusal:
            return refusal
        if b.chosen and args[0] != b.chosen:
            return f"{b.chosen} was chosen to act now, not {args[0]}", R_ROUND
        now = ready(b, b.acting)
        if not b.chosen and len(now) > 1:
            return (f"first choose which stack acts ({', '.join('act ' + x.label for x in now)}), then what it "
                    "does", R_ROUND)
        return _acting(b, name, args)
    if name == "shield":
        return _shield(b, args)
    if name == "advance":
        s = b.stack(args[0])
        if s is None or side_of(s.label) != b.advancing or not s.cards:
            return f"{args[0]} is not one of the {SIDE_NAMES[b.advancing]}'s stacks in the battle", R_SETUP
        return f"{args[0]} already stands on the Melee Line", R_SETUP
    return f"{action} is not legal now", R_ROUND


def _step_refusal(b: Battle, name: str) -> tuple[str, str] | None:
    if b.step == "shield" and name not in ("shield", "no-shield"):
        return ("the defending side must first answer the attack declared: shield with a Protecting stack "
                "or no-shield", R_PROTECT)
    if b.step == "advance" and name != "advance":
        return (f"the {SIDE_NAMES[b.advancing]} must first move a stack up to its Melee Line", R_SETUP)
    if b.step == "round-end" and name not in ("fight-on", "withdraw", "surrender"):
        return (f"round {b.round} is over: the {SIDE_NAMES[b.acting]} fights on, withdraws or surrenders", R_ROUND)
    if b.step == "attack" and name not in (*ACTING, CHOOSING):
        if name in ("withdraw", "surrender", "fight-on"):
            return "a side withdraws or surrenders only at the end of a round, after phase 10", R_ROUND
        if name == "advance":
            return "no Melee Line is short of stacks now", R_SETUP
        return "no attack is waiting for an answer", R_PROTECT
    if b.step == "round-end" and b.sides[b.acting].guard:
        return "a Guard Stack belongs to nobody: it neither withdraws nor surrenders", R_ROUND
    return None


def _own_ready(b: Battle, label: str) -> tuple[Stack | None, tuple[str, str] | None]:
    s = b.stack(label)
    if s is None:
        return None, (f"there is no stack {label!r} (stacks are a1, a2... and d1, d2...)", R_LINES)
    if not s.cards:
        return None, (f"{label} has been destroyed", R_ROUND)
    if side_of(label) != b.acting:
        return None, (f"{label} is the {SIDE_NAMES[1 - b.acting]}'s: now the {SIDE_NAMES[b.acting]}'s "
                      f"stacks of phase {b.phase} act", R_ROUND)
    if s.top.phase != b.phase:
        return None, (f"{s.top.name} ({label}) attacks in phase {s.top.phase}; this is phase {b.phase}", R_ROUND)
    if s.attacks_left <= 0:
        if b.morale and s.top.morale < 0 and -s.top.morale > b.morale_number:
            return None, (f"{s.top.name} ({label}) does not attack this round: Morale {s.top.morale} against "
                          f"Morale Number {b.morale_number}", R_MORALE)
        return None, (f"{s.top.name} ({label}) has already attacked this round", R_ROUND)
    return s, None


def _acting(b: Battle, name: str, args: tuple[str, ...]) -> tuple[str, str]:
    s, refusal = _own_ready(b, args[0])
    if refusal:
        return refusal
    assert s is not None
    side = b.acting
    if name == "support":
        r = b.stack(args[1])
        if r is None or side_of(r.label) != side or not r.cards:
            return f"{args[1]} is not one of your stacks in the battle: support goes to a friendly stack", R_SUPPORT
        if not reach(s):
            return (f"{s.top.name} ({s.label}) could attack nothing from the Ranged Line, so its support "
                    "could count against nothing", R_SUPPORT)
        if r is s:
            return "a stack can boost only its own second attack (Morale) with its first", R_SUPPORT
        if not will_attack(b, side, r):
            return f"{r.top.name} ({r.label}) will not attack again this round", R_SUPPORT
        return f"{name} {' '.join(args)} is not legal now", R_SUPPORT
    if name != "attack":
        return f"{name} {' '.join(args)} is not legal now", R_ROUND
    how = reach(s)
    if not how:
        return (f"{s.top.name} ({s.label}) has no Ranged Attack: it cannot attack from the Ranged Line", R_LINES)
    words = args[1:]
    if len(words) > max_targets(s.top):
        return (f"{s.top.name} attacks one stack; only multi-target creatures (Cerberi 2, Hydras 3) attack more",
                R_MULTI)
    labels = [w.partition(":")[0] for w in words]
    if len(set(labels)) != len(labels):
        return "a multi-target attack hits different stacks", R_MULTI
    for word, label in zip(words, labels, strict=True):
        count = word.partition(":")[2]
        if label == TOWN:
            enemy = b.sides[1 - side]
            if not enemy.town:
                return "there is no Town card in this battle", R_TOWN
            if enemy.town == "sacked":
                return "the Town is Sacked: its card can no longer be attacked", R_TOWN
            if how == "ranged":
                return "the Town card can only be hit by melee attacks", R_TOWN
            if count:
                return "the Town card is one card: it cannot be swatted", R_SWAT
            continue
        t = b.stack(label)
        if t is None or side_of(label) == side or not t.cards:
            return f"{label} is not an enemy stack in the battle", R_LINES
        if count:
            if not count.isascii() or not count.isdigit() or not count.strip("0"):
                return f"{word}: give the number of cards swatted after the colon (d2:3)", R_SWAT
            if len(count) > 4 or int(count) > len(t.cards):  # thousands of digits are no count
                count = count if len(count) <= 12 else count[:12] + "..."
                return f"{label} holds only {len(t.cards)} card(s): you cannot swat {count}", R_SWAT
            if len(words) > 1:
                return "a multi-target attack hits the top card of each stack: no swatting", R_MULTI
        if not can_reach(b, side, how, label):
            return (f"a melee attack must target a stack on the enemy Melee Line; {label} stands on the Ranged "
                    f"Line (only a Flying stack reaches it) [{R_FLYING}]", R_MELEE)
    return f"{name} {' '.join(args)} is not legal now", R_ROUND


def _shield(b: Battle, args: tuple[str, ...]) -> tuple[str, str]:
    assert b.pending is not None
    attacker = b.stack(b.pending[0])
    assert attacker is not None
    defending = 1 - side_of(attacker.label)
    p = b.stack(args[0])
    if p is None or side_of(p.label) != defending or not p.cards:
        return f"{args[0]} is not one of the {SIDE_NAMES[defending]}'s stacks in the battle", R_PROTECT
    if p.status != "protect":
        return f"{p.top.name} ({p.label}) is not turned to Protect", R_PROTECT
    aimed = [t for t, _ in b.pending[1]]
    if args[1] not in aimed or args[1] == TOWN:
        return f"{args[1]} is not a stack this attack targets", R_PROTECT
    if p.label in aimed:
        return f"{p.label} is already a target of this attack", R_PROTECT
    return (f"{attacker.top.name} ({attacker.label}) could not attack {p.label} where it stands, so it cannot "
            "take the attack", R_PROTECT)
