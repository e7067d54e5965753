"""Battles (facts 5.6, rules16-18 and 22-24; the excerpt's Flipping for Guards for who runs a
Guard Stack), as small decisions for both sides. docs/heroes-iv/battle.md lists every value and
reading, and which come from the facts.

A round runs phases 1 to 10. In each phase the aggressor's stacks whose top card has that Phase
number act one at a time, then the defender's. A stack acting may:

- ``attack a1 d2`` (the top card of d2), ``attack a1 d2:3`` (swatting the top 3 cards of d2),
  ``attack a1 d2 d3`` (a multi-target creature: one card of each), ``attack a1 town``;
- ``swarm a1`` (skip; the next attack is doubled), ``protect a1`` (skip; shield others);
- ``support a1 a2`` (sacrifice for support: a1's levels are added to a2's next attack).

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

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from ...engine import (
    Action,
    BoardrulesError,
    Decision,
    Event,
    IllegalActionError,
    Rng,
    shared_action,
)
from .battle_state import (
    LINES,
    MAX_STACKS,
    PHASES,
    SIDE_LETTERS,
    SIDE_NAMES,
    TOWN_DEFENSE,
    Battle,
    Fighter,
    Side,
    Stack,
    side_of,
)

DIE = 10  # the one ten-sided die, read 1 to 10 (ours: the "0" face counts 10)
DISTANCE_PENALTY = 2  # facts 5.6 Ranged distance penalty
MELEE_LINE_MINIMUM = 3  # ours, from the rules17 Protect example (facts A)
TOWN_LINE_MINIMUM = {"intact": 0, "breached": 1, "sacked": 2}  # facts 5.6 Battles in towns
MAX_ROUNDS = 12  # ours: then the aggressor is driven off
TOWN = "town"

R_ROUND = "Battles: Combat round (rules16)"
R_LINES = "Battles: Lines (rules16)"
R_MELEE = "Battles: Melee attack (rules16)"
R_STACK = "Battles: Stack attack (rules16)"
R_SWAT = "Battles: Swatting (rules17)"
R_SWARM = "Battles: Swarm (rules17)"
R_PROTECT = "Battles: Protect (rules17)"
R_SUPPORT = "Battles: Sacrifice for support (errata, rules24)"
R_DISTANCE = "Battles: Ranged distance penalty (rules23)"
R_TOWN = "Battles: Battles in towns (rules18)"
R_MORALE = "Battles: Morale (rules22)"
R_LUCK = "Battles: Luck (rules22)"
R_MULTI = "Battles: Multi-target creatures (errata, rules24)"
R_FLYING = "Battles: Flying armies (rules22)"
R_SETUP = "Battles: Tactical Setup (rules15, not found: our reading)"
R_GUARD = "Flipping for Guards: Reinforcing the Guard"

NO_SHIELD = shared_action("no-shield")
FIGHT_ON, WITHDRAW, SURRENDER = shared_action("fight-on"), shared_action("withdraw"), shared_action("surrender")


# ---- set-up -----------------------------------------------------------------------------

StackSpec = tuple[str, Sequence[Fighter]]  # (line, cards from the top down)


def guard_controller(guarding_player: int, aggressor: int, num_players: int) -> int:
    """Flipping for Guards, Reinforcing the Guard: the Guarding Player runs the Guard Stack,
    unless he attacks it himself: then the first enemy to his left (the next seat clockwise)
    runs it until the battle is over."""
    for seat, name in ((guarding_player, "guarding player"), (aggressor, "aggressor")):
        if not 0 <= seat < num_players:
            raise BoardrulesError(f"the {name} must be a seat from 0 to {num_players - 1}, not {seat}")
    if num_players < 2:
        raise BoardrulesError("a battle needs at least 2 players")
    return (guarding_player + 1) % num_players if aggressor == guarding_player else guarding_player


def start_battle(
    aggressor: Sequence[StackSpec],
    defender: Sequence[StackSpec],
    *,
    aggressor_player: int,
    defender_player: int,
    town: bool = False,
    town_defense: int = TOWN_DEFENSE,
    guard: bool = False,
    rng: Rng | int = 0,
    morale: bool = False,
    luck: bool = False,
    distance_penalty: bool = True,
    max_rounds: int = MAX_ROUNDS,
    events: list[Event] | None = None,
    setup: bool = False,
) -> Battle:
    """A battle at the start of round 1, phase 1. Each side is its Creature Stacks as (line,
    cards from the top down); the stacks are named a1, a2... and d1, d2... in that order.
    ``town``: the defender fights in its Town (the Town card stands in for its Melee Line;
    ``town_defense`` is its Defense, 10 in the facts).
    ``guard``: the defender is a Guard Stack run by ``defender_player`` (see
    ``guard_controller``). ``morale`` and ``luck`` are the advanced options (off by default).
    ``events`` receives the opening ones (round 1, its Morale Number).
    ``setup``: each side's player may then change the set-up given (Tactical Setup), which
    serves as the default, before round 1."""
    if aggressor_player == defender_player:
        hint = (" (a Guarding Player attacking his guards hands them to the first enemy to his left: "
                f"guard_controller) [{R_GUARD}]")
        raise BoardrulesError(f"seat {aggressor_player} cannot run both sides of a battle" + (hint if guard else ""))
    if guard and town:
        raise BoardrulesError("a Guard Stack is not a Town's defender: give town or guard, not both")
    if not 1 <= town_defense <= 99:
        raise BoardrulesError(f"town_defense must be from 1 to 99, not {town_defense}")
    if not 1 <= max_rounds <= 99:
        raise BoardrulesError(f"max_rounds must be from 1 to 99, not {max_rounds}")
    sides = (_side(aggressor, 0, aggressor_player, "", False),
             _side(defender, 1, defender_player, "intact" if town else "", guard))
    sides[1].town_defense = town_defense
    b = Battle(sides, rng if isinstance(rng, Rng) else Rng(rng))
    b.morale, b.luck, b.distance_penalty, b.max_rounds = morale, luck, distance_penalty, max_rounds
    for i, side in enumerate(sides):
        need = line_minimum(side)
        melee = sum(1 for s in side.stacks if s.line == "melee")
        if melee < need:
            where = "outside its Town" if i == 0 or not side.town else "in its Town"
            raise BoardrulesError(f"the {SIDE_NAMES[i]} must put at least {need} of its {len(side.stacks)} "
                                  f"stacks on its Melee Line {where}, not {melee} [{R_SETUP}]")
    if events is None:
        events = []
    if setup:
        b.step, b.acting = "setup", 0
        _setup_next(b, events)
        return b
    _start_round(b, events)
    _advance(b, events)
    return b


def _side(specs: Sequence[StackSpec], i: int, player: int, town: str, guard: bool) -> Side:
    name = SIDE_NAMES[i]
    if not specs:
        raise BoardrulesError(f"the {name} has no stacks: a battle needs Creature Stacks on both sides")
    if len(specs) > MAX_STACKS:
        raise BoardrulesError(f"the {name} sets up {len(specs)} Creature Stacks: a side has at most {MAX_STACKS} "
                              f"[{R_SETUP}]")
    if guard and len(specs) != 1:
        raise BoardrulesError(f"a Guard Stack is one stack, not {len(specs)} [Flipping for Guards: Establishing the Guard]")
    stacks = []
    for n, spec in enumerate(specs, start=1):
        label = f"{SIDE_LETTERS[i]}{n}"
        if not isinstance(spec, tuple) or len(spec) != 2:
            raise BoardrulesError(f"{name} stack {label}: give (line, cards), not {spec!r}")
        line, cards = spec
        if line not in LINES:
            raise BoardrulesError(f"{name} stack {label}: the line must be 'melee' or 'ranged', not {line!r}")
        if not cards or not all(isinstance(c, Fighter) for c in cards):
            raise BoardrulesError(f"{name} stack {label}: a stack holds one or more Fighter cards")
        if any(not c.alive for c in cards):
            raise BoardrulesError(f"{name} stack {label}: a dead card cannot fight")
        if guard and any(c.is_hero for c in cards):
            hero = next(c.name for c in cards if c.is_hero)
            raise BoardrulesError(f"a Guard Stack holds Unit cards only, not the Hero {hero} "
                                  "[Flipping for Guards: Establishing the Guard]")
        if any(c.is_hero for c in cards) and not cards[0].is_hero:
            raise BoardrulesError(f"{name} stack {label}: the Hero must be the top card of its stack "
                                  "[Army Stacks (rules12)]")
        stacks.append(Stack(label, list(cards), line))
    return Side(player, stacks, town, guard)


def tactical_setup(cards: Sequence[Fighter], in_town: bool = False) -> list[StackSpec]:
    """A default Tactical Setup (rules15 was not found: ours) for an army's cards: each Hero a
    stack of its own, the Units of one card in one stack (as the rules17 example stacks its
    Golems and Halflings); stacks whose top card has a Ranged Attack on the Ranged Line, the
    others on the Melee Line, moving the sturdiest ranged stacks up until the Melee Line holds 3.
    A Town's defender puts every stack on the Ranged Line behind the walls."""
    if not cards:
        raise BoardrulesError("an army with no cards cannot be set up for battle")
    groups: dict[str, list[Fighter]] = {}
    stacks: list[list[Fighter]] = []
    for c in cards:
        if c.is_hero:
            stacks.append([c])
        elif c.card in groups:
            groups[c.card].append(c)
        else:
            groups[c.card] = [c]
            stacks.append(groups[c.card])
    if in_town:
        return [("ranged", s) for s in stacks]
    lines = ["ranged" if s[0].ranged > 0 else "melee" for s in stacks]
    short = min(MELEE_LINE_MINIMUM, len(stacks)) - lines.count("melee")
    sturdy = sorted((i for i, line in enumerate(lines) if line == "ranged"),
                    key=lambda i: -sum(c.defense for c in stacks[i]))
    for i in sturdy[:max(0, short)]:
        lines[i] = "melee"
    return list(zip(lines, stacks, strict=True))


def line_minimum(side: Side) -> int:
    """How many stacks must stand on the side's Melee Line: 3 (ours, from the rules17 Protect
    example), in a Town 0 while intact, 1 once Breached, 2 once Sacked (rules18); never more
    than the side has."""
    need = TOWN_LINE_MINIMUM[side.town] if side.town else MELEE_LINE_MINIMUM
    return min(need, len(side.alive()))


# ---- Tactical Setup as a decision --------------------------------------------------------

SETUP_ACTIONS = ("deploy", "spread", "stack")


def _melee_need(side: Side, stacks: int) -> int:
    need = TOWN_LINE_MINIMUM[side.town] if side.town else MELEE_LINE_MINIMUM
    return min(need, stacks)


def setup_refusal(b: Battle, action: Action) -> tuple[str, str] | None:
    """Why a Tactical Setup choice is refused now (reason, rule), or None. Stacks are set up in
    the order of the default set-up; the Melee Line must still be able to hold its minimum
    once every stack is set up (the stacks left can all go there), and a side holds at most
    MAX_STACKS stacks."""
    side = b.sides[b.acting]
    here = side.stacks[b.plan_at]
    name, args = action.name, action.args
    if name not in SETUP_ACTIONS or len(args) != (1 if name == "stack" else 2):
        return (f"set up your stacks first: deploy {here.label} LINE, spread {here.label} LINE or stack "
                f"{here.label}", R_SETUP)
    if args[0] != here.label:
        return (f"the stacks are set up in order: {here.label} now, not {args[0]}", R_SETUP)
    if name != "stack" and args[1] not in LINES:
        return f"the line is melee or ranged, not {args[1]!r}", R_LINES
    left = len(side.stacks) - b.plan_at - 1  # default stacks after this one
    melee = sum(1 for line, _ in b.plan if line == "melee")
    stacks = len(b.plan)
    if name == "stack":
        if not b.plan:
            return f"{here.label} is the first stack set up: there is no stack to put it under", R_SETUP
        if any(c.is_hero for c in here.cards) and any(c.is_hero for c in b.plan[-1][1]):
            return "a stack has one Hero, its top card [Army Stacks (rules12)]", R_SETUP
    else:
        added = len(here.cards) if name == "spread" else 1
        if name == "spread" and len(here.cards) < 2:
            return f"{here.label} is one card: there is nothing to spread", R_SETUP
        stacks += added
        melee += added if args[1] == "melee" else 0
        if stacks + left > MAX_STACKS:
            return (f"that makes {stacks + left} Creature Stacks: a side has at most {MAX_STACKS}", R_SETUP)
    need = _melee_need(side, stacks + left)
    if melee + left < need:
        return (f"the {SIDE_NAMES[b.acting]} must put at least {need} of its {stacks + left} stacks on its Melee "
                f"Line, and only {melee + left} could stand there", R_SETUP)
    return None


def setup_actions(b: Battle) -> list[Action]:
    """The choices for the stack set up now, the default set-up's first."""
    here = b.sides[b.acting].stacks[b.plan_at]
    lines = (here.line, "ranged" if here.line == "melee" else "melee")
    wanted = [shared_action("deploy", here.label, lines[0]), shared_action("deploy", here.label, lines[1]),
              shared_action("spread", here.label, lines[0]), shared_action("spread", here.label, lines[1]),
              shared_action("stack", here.label)]
    return [a for a in wanted if setup_refusal(b, a) is None]


def _setup_step(b: Battle, action: Action, events: list[Event]) -> None:
    side = b.sides[b.acting]
    here = side.stacks[b.plan_at]
    name, args = action.name, action.args
    if name == "deploy":
        b.plan.append((args[1], here.cards[:]))
    elif name == "spread":
        b.plan.extend((args[1], [c]) for c in here.cards)
    else:
        line, cards = b.plan[-1]
        b.plan[-1] = (line, sorted(cards + here.cards, key=lambda c: not c.is_hero))
    b.plan_at += 1
    _setup_next(b, events)


def _setup_next(b: Battle, events: list[Event]) -> None:
    """After a choice: the next stack, the next side, or round 1. A choice with one option is
    taken at once."""
    while b.step == "setup":
        side = b.sides[b.acting]
        if b.plan_at == len(side.stacks) or side.guard:
            if not side.guard:
                letter = SIDE_LETTERS[b.acting]
                side.stacks = [Stack(f"{letter}{n}", cards, line) for n, (line, cards) in enumerate(b.plan, start=1)]
                events.append(Event("setup", f"the {SIDE_NAMES[b.acting]} sets up: " + "; ".join(
                    f"{s.label} {s.line} " + "+".join(c.name for c in s.cards) for s in side.stacks),
                    data={"side": SIDE_NAMES[b.acting]}))
            b.plan, b.plan_at = [], 0
            if b.acting == 0:
                b.acting = 1
                continue
            _start_round(b, events)
            _advance(b, events)
            return
        options = setup_actions(b)
        if len(options) != 1:
            return
        _setup_step(b, options[0], events)


# ---- what a stack may do ----------------------------------------------------------------

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
        for s in ready(b, decider):
            acts += attack_actions(b, decider, s)
            acts.append(shared_action("swarm", s.label))
            acts.append(shared_action("protect", s.label))
            acts += support_actions(b, decider, s)
        prompt = f"round {b.round}, phase {b.phase}: the {SIDE_NAMES[decider]}'s stacks of phase {b.phase} act"
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
        from .battle_explain import explain  # explain reads the rules above

        raise IllegalActionError(*explain(b, action))
    b.cached = None
    name, args = action.name, action.args
    if b.step == "setup":
        _setup_step(b, action, events)
        return
    if name == "attack":
        s = b.stack(args[0])
        assert s is not None
        targets = tuple(_target(word) for word in args[1:])
        b.pending = (s.label, targets)
        if shield_actions(b):
            b.step = "shield"
            return
        _resolve(b, events)
    elif name == "shield":
        assert b.pending is not None
        protector, shielded = args
        p = b.stack(protector)
        assert p is not None
        b.pending = (b.pending[0], tuple((protector, min(n, len(p.cards))) if t == shielded else (t, n)
                                         for t, n in b.pending[1]))
        events.append(Event("shield", f"{_who(b, protector)} protects {_who(b, shielded)} and takes the attack",
                            data={"protector": protector, "shielded": shielded}))
        _resolve(b, events)
    elif name == "no-shield":
        _resolve(b, events)
    elif name in ("swarm", "protect"):
        s = b.stack(args[0])
        assert s is not None
        s.attacks_left -= 1
        s.status = name
        what = "swarms: its next attack is doubled" if name == "swarm" else "turns to Protect"
        events.append(Event(name, f"{_who(b, s.label)} {what}", data={"stack": s.label}))
    elif name == "support":
        s, r = b.stack(args[0]), b.stack(args[1])
        assert s is not None and r is not None
        levels = sum(c.level for c in s.cards)
        r.support.append((levels, reach(s), s.label))
        s.attacks_left -= 1
        s.status = ""
        events.append(Event("support", f"{_who(b, s.label)} gives up its attack: +{levels} to {_who(b, r.label)}"
                            "'s next attack", data={"stack": s.label, "to": r.label, "levels": levels}))
    elif name == "advance":
        s = b.stack(args[0])
        assert s is not None
        s.line = "melee"
        events.append(Event("advance", f"{_who(b, s.label)} moves up to the Melee Line", data={"stack": s.label}))
    elif name == "fight-on":
        if b.acting == 0 and _may_choose(b, 1):
            b.acting = 1
        else:
            _start_round(b, events, new=True)
    else:  # withdraw or surrender
        loser = b.acting
        verb = "withdraws" if name == "withdraw" else "surrenders"
        events.append(Event(name, f"the {SIDE_NAMES[loser]} {verb}", data={"side": SIDE_NAMES[loser]}))
        _end(b, 1 - loser, "withdrew" if name == "withdraw" else "surrendered", events)
    _advance(b, events)


def _target(word: str) -> tuple[str, int]:
    label, _, n = word.partition(":")
    return label, int(n) if n else 1


def _who(b: Battle, label: str) -> str:
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
    dice = [b.rng.below(DIE) + 1 for _ in range(1 + abs(luck))]
    return (max(dice) if luck >= 0 else min(dice)), dice


def _resolve(b: Battle, events: list[Event]) -> None:
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
        what = _who(b, target) if n == 1 else f"{n} cards of {_who(b, target)}"
        head = f"phase {b.phase}: {_who(b, s.label)} attacks {what}: score {score}"
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


def _may_choose(b: Battle, side: int) -> bool:
    """A Guard Stack belongs to nobody: it neither withdraws nor surrenders (ours)."""
    return not b.sides[side].guard


def _start_round(b: Battle, events: list[Event], new: bool = False) -> None:
    """A new round from phase 1. Support not used lapses. Morale (option): if any card in the
    battle has a Morale other than 0, the die rolled now is the Morale Number; a top card with
    a higher Morale attacks twice this round, one whose negative Morale is larger in size does
    not attack."""
    if new:
        b.round += 1
    b.phase, b.acting, b.step = 1, 0, "attack"
    stacks = [s for side in b.sides for s in side.stacks if s.cards]
    for s in stacks:
        s.attacks_left, s.support = 1, []
    if b.morale and any(c.morale for s in stacks for c in s.cards):
        b.morale_number = b.rng.below(DIE) + 1
        twice, none = [], []
        for s in stacks:
            m = s.top.morale
            if m > b.morale_number:
                s.attacks_left = 2
                twice.append(s.label)
            elif m < 0 and -m > b.morale_number:
                s.attacks_left = 0
                none.append(s.label)
        events.append(Event("morale", f"round {b.round}: Morale Number {b.morale_number}"
                            + (f"; attack twice: {' '.join(twice)}" if twice else "")
                            + (f"; no attack: {' '.join(none)}" if none else ""),
                            data={"number": b.morale_number, "twice": twice, "none": none}))
    else:
        events.append(Event("round", f"round {b.round}", data={"round": b.round}))


def _advance(b: Battle, events: list[Event]) -> None:
    """The steps with nothing to choose: the next phase, the next side, the end of a round."""
    while b.step != "over":
        for i in (0, 1):
            if not b.sides[i].alive():
                _end(b, 1 - i, "destroyed", events)
                return
        if b.step in ("shield", "round-end"):
            return
        for i in (0, 1):
            side = b.sides[i]
            if sum(1 for s in side.alive() if s.line == "melee") < line_minimum(side):
                b.step, b.advancing = "advance", i
                return
        b.step, b.advancing = "attack", -1
        if ready(b, b.acting):
            return
        if b.acting == 0:
            b.acting = 1
        elif b.phase < PHASES:
            b.phase, b.acting = b.phase + 1, 0
        elif b.round >= b.max_rounds:
            events.append(Event("round-limit", f"after {b.round} rounds the aggressor is driven off",
                                data={"rounds": b.round}))
            _end(b, 1, "round-limit", events)
        else:
            chooser = next((i for i in (0, 1) if _may_choose(b, i)), -1)
            if chooser < 0:
                _start_round(b, events, new=True)
            else:
                b.step, b.acting = "round-end", chooser
                return


def _end(b: Battle, winner: int, ending: str, events: list[Event]) -> None:
    b.step, b.winner, b.ending = "over", winner, ending
    b.pending, b.cached = None, None
    events.append(Event("battle-over", f"the battle is over: the {SIDE_NAMES[winner]} wins ({ending})",
                        data={"winner": SIDE_NAMES[winner], "ending": ending}))


def outcome(b: Battle) -> dict[str, Any]:
    """What the map game reads back: the winner, how it ended, the survivors (by stack, from
    the top down), the dead cards and the Town's state."""
    return {
        "over": b.step == "over",
        "winner": SIDE_NAMES[b.winner] if b.winner >= 0 else None,
        "ending": b.ending,
        "rounds": b.round,
        "survivors": [[[c.card for c in s.cards] for s in side.alive()] for side in b.sides],
        "fallen": [[c.card for c in side.fallen] for side in b.sides],
        # Letting Dead Heroes Lie (facts 5.6) is the map game's: it reads the killed Heroes here
        "fallen_heroes": [[c.card for c in side.fallen if c.is_hero] for side in b.sides],
        "town": b.sides[1].town,
    }


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
