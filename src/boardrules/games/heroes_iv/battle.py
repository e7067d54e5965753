"""Battles (facts 5.6, rules16-18 and 22-24; the excerpt's Flipping for Guards for who runs a
Guard Stack), as small decisions for both sides. docs/heroes-iv/battle.md lists every value and
reading, and which come from the facts. This module asks the question and applies the answer;
the rules are in the modules it wires, one per section: ``battle_setup`` (set-up and the
Tactical Setup), ``battle_actions`` (what a stack may do), ``battle_attack`` (resolving an
attack), ``battle_rounds`` (the combat round and the end), ``battle_rules`` (values and rule
names), with the refusals in ``battle_explain``.

A round runs phases 1 to 10. In each phase the aggressor's stacks whose top card has that Phase
number act one at a time, then the defender's. A stack acting may:

- ``attack a1 d2`` (the top card of d2), ``attack a1 d2:3`` (swatting the top 3 cards of d2),
  ``attack a1 d2 d3`` (a multi-target creature: one card of each), ``attack a1 town``;
- ``swarm a1`` (skip; the next attack is doubled), ``protect a1`` (skip; shield others);
- ``support a1 a2`` (sacrifice for support: a1's levels are added to a2's next attack).

With several stacks ready, their player first chooses the one that acts (``act a1``; ours: the
side chooses the order of its stacks, so naming the stack first changes no outcome and keeps
each list short), then what it does; with one ready, only the second question is asked.

Before round 1 (when the map game asks for it: ``setup=True``), each side's player sets up its
stacks (Tactical Setup), taking the stacks of the default set-up one at a time: ``deploy a2
melee`` (on a line), ``spread a2 ranged`` (each card its own stack, on a line) or ``stack a2``
(under the stack set up just before). The default comes first. The aggressor, then the defender
(a Guard Stack belongs to nobody: it is set up as it stands).

The other side answers during the attacker's turn: ``shield d3 d1`` (the Protecting d3 takes the
attack aimed at d1) or ``no-shield``; ``advance d2`` when its Melee Line is short. After phase
10 the aggressor, then the defender, chooses ``fight-on``, ``withdraw`` or ``surrender``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import Action, Decision, Event, IllegalActionError, shared_action
from .battle_actions import (
    attack_actions,
    line_minimum,
    reach,
    ready,
    shield_actions,
    support_actions,
)
from .battle_attack import named, resolve_attack
from .battle_explain import explain
from .battle_rounds import advance_to_choice, end_battle, may_choose, start_round
from .battle_setup import setup_actions, setup_step
from .battle_state import SIDE_NAMES, Battle, Fighter, side_of

NO_SHIELD = shared_action("no-shield")
FIGHT_ON, WITHDRAW, SURRENDER = shared_action("fight-on"), shared_action("withdraw"), shared_action("surrender")


# ---- the question now -------------------------------------------------------------------

def battle_decision(b: Battle) -> Decision | None:
    """The question now, or None once the battle is over."""
    if b.step == "over":
        return None
    if b.cached is not None:
        return b.cached  # type: ignore[no-any-return]
    acts: list[Action] = []
    if b.step == "setup":
        decider = b.acting
        here = b.sides[decider].stacks[b.plan_at]
        acts = setup_actions(b)
        prompt = (f"Tactical Setup: the {SIDE_NAMES[decider]}'s {here.label} ("
                  + " + ".join(c.name for c in here.cards) + f", by default on the {here.line.capitalize()} Line): "
                  "deploy it on a line, spread it into one-card stacks, or stack it under the one before")
    elif b.step == "attack":
        decider = b.acting
        stacks = ready(b, decider)
        chosen = next((s for s in stacks if s.label == b.chosen), None)
        who = SIDE_NAMES[decider]
        if chosen is None and len(stacks) > 1:  # first which stack acts, then what it does
            acts = [shared_action("act", s.label) for s in stacks]
            prompt = f"round {b.round}, phase {b.phase}: which of the {who}'s stacks of phase {b.phase} acts next?"
        else:
            s = chosen or stacks[0]
            acts = attack_actions(b, decider, s)
            acts += [shared_action("swarm", s.label), shared_action("protect", s.label)]
            acts += support_actions(b, decider, s)
            prompt = f"round {b.round}, phase {b.phase}: the {who}'s {s.label} ({s.top.name}) acts"
    elif b.step == "shield":
        assert b.pending is not None
        decider = 1 - side_of(b.pending[0])
        acts = [*shield_actions(b), NO_SHIELD]
        aimed = " ".join(t if n == 1 else f"{t}:{n}" for t, n in b.pending[1])
        prompt = f"{b.pending[0]} attacks {aimed}: shield with a Protecting stack?"
    elif b.step == "advance":
        decider = b.advancing
        side = b.sides[decider]
        acts = [shared_action("advance", s.label) for s in side.alive() if s.line == "ranged"]
        prompt = (f"the {SIDE_NAMES[decider]} must have {line_minimum(side)} stack(s) on its Melee Line: "
                  "move one up")
    else:  # round-end
        decider = b.acting
        acts = [FIGHT_ON, WITHDRAW, SURRENDER]
        prompt = f"end of round {b.round}: the {SIDE_NAMES[decider]} fights on, withdraws or surrenders"
    b.cached = Decision(b.sides[decider].player, prompt, tuple(acts))
    return b.cached


# ---- doing it ---------------------------------------------------------------------------

def apply_battle(b: Battle, action: Action, events: list[Event]) -> None:
    """Apply a legal action; refuse any other with the rule it breaks."""
    d = battle_decision(b)
    if d is None or action not in d.actions:
        raise IllegalActionError(*explain(b, action))
    b.cached = None
    name, args = action.name, action.args
    if b.step == "setup":
        setup_step(b, action, events)
        return
    if name == "act":  # the stack chosen acts next: its actions are the next question
        b.chosen = args[0]
        return
    b.chosen = ""
    if name == "attack":
        s = b.stack(args[0])
        assert s is not None
        targets = tuple(_target(word) for word in args[1:])
        b.pending = (s.label, targets)
        if shield_actions(b):
            b.step = "shield"
            return
        resolve_attack(b, events)
    elif name == "shield":
        assert b.pending is not None
        protector, shielded = args
        p = b.stack(protector)
        assert p is not None
        b.pending = (b.pending[0], tuple((protector, min(n, len(p.cards))) if t == shielded else (t, n)
                                         for t, n in b.pending[1]))
        events.append(Event("shield", f"{named(b, protector)} protects {named(b, shielded)} and takes the attack",
                            data={"protector": protector, "shielded": shielded}))
        resolve_attack(b, events)
    elif name == "no-shield":
        resolve_attack(b, events)
    elif name in ("swarm", "protect"):
        s = b.stack(args[0])
        assert s is not None
        s.attacks_left -= 1
        s.status = name
        what = "swarms: its next attack is doubled" if name == "swarm" else "turns to Protect"
        events.append(Event(name, f"{named(b, s.label)} {what}", data={"stack": s.label}))
    elif name == "support":
        s, r = b.stack(args[0]), b.stack(args[1])
        assert s is not None and r is not None
        levels = sum(c.level for c in s.cards)
        r.support.append((levels, reach(s), s.label))
        s.attacks_left -= 1
        s.status = ""
        events.append(Event("support", f"{named(b, s.label)} gives up its attack: +{levels} to {named(b, r.label)}"
                            "'s next attack", data={"stack": s.label, "to": r.label, "levels": levels}))
    elif name == "advance":
        s = b.stack(args[0])
        assert s is not None
        s.line = "melee"
        events.append(Event("advance", f"{named(b, s.label)} moves up to the Melee Line", data={"stack": s.label}))
    elif name == "fight-on":
        if b.acting == 0 and may_choose(b, 1):
            b.acting = 1
        else:
            start_round(b, events, new=True)
    else:  # withdraw or surrender
        loser = b.acting
        verb = "withdraws" if name == "withdraw" else "surrenders"
        events.append(Event(name, f"the {SIDE_NAMES[loser]} {verb}", data={"side": SIDE_NAMES[loser]}))
        end_battle(b, 1 - loser, "withdrew" if name == "withdraw" else "surrendered", events)
    advance_to_choice(b, events)


def _target(word: str) -> tuple[str, int]:
    label, _, n = word.partition(":")
    return label, int(n) if n else 1


def describe(b: Battle) -> list[str]:
    """The battle line by line, for the terminal: each side's Ranged Line and Melee Line (the
    Town card standing in front of a Town's defenders), its stacks from the top card down."""
    out = [f"round {b.round}, phase {b.phase}" + (f", Morale Number {b.morale_number}" if b.morale else "")]
    for i in (1, 0):
        side = b.sides[i]
        marks = {"swarm": " [Swarm]", "protect": " [Protect]"}
        for line in (("ranged", "melee") if i == 1 else ("melee", "ranged")):
            stacks = [f"{s.label}: " + " + ".join(c.name for c in s.cards) + marks.get(s.status, "")
                      for s in side.alive() if s.line == line]
            if line == "melee" and side.town and side.town != "sacked":
                stacks.insert(0, f"Town card ({side.town.capitalize()}, Defense {side.town_defense})")
            out.append(f"{SIDE_NAMES[i]} {line} line: " + (", ".join(stacks) or "-"))
    if b.step == "setup":  # the default stacks above; the choices made so far
        done = "; ".join(f"{line} " + " + ".join(c.name for c in cards) for line, cards in b.plan) or "-"
        out.append(f"Tactical Setup of the {SIDE_NAMES[b.acting]}: set up so far: {done}; next: "
                   f"{b.sides[b.acting].stacks[b.plan_at].label}")
    return out


def all_cards(b: Battle) -> Iterable[Fighter]:
    for side in b.sides:
        for s in side.stacks:
            yield from s.cards
        yield from side.fallen
