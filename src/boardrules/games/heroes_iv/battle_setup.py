"""Setting up a battle: the sides and their Creature Stacks (facts 5.6; the excerpt's Flipping for
Guards for who runs a Guard Stack), a default Tactical Setup (rules15 not found: ours), and the
Tactical Setup as a decision, stack by stack, before round 1."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, BoardrulesError, Event, Rng, shared_action
from .battle_actions import line_minimum
from .battle_rounds import advance_to_choice, start_round
from .battle_rules import (
    MAX_ROUNDS,
    MELEE_LINE_MINIMUM,
    R_GUARD,
    R_LINES,
    R_SETUP,
    TOWN_LINE_MINIMUM,
)
from .battle_state import (
    LINES,
    MAX_STACKS,
    SIDE_LETTERS,
    SIDE_NAMES,
    TOWN_DEFENSE,
    Battle,
    Fighter,
    Side,
    Stack,
)

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
    start_round(b, events)
    advance_to_choice(b, events)
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


# ---- Tactical Setup as a decision --------------------------------------------------------

SETUP_ACTIONS = ("deploy", "spread", "stack")


def _melee_need(side: Side, stacks: int) -> int:
    need = TOWN_LINE_MINIMUM[side.town] if side.town else MELEE_LINE_MINIMUM
    return min(need, stacks)


def setup_refusal(b: Battle, action: Action) -> tuple[str, str] | None:
    """Why a Tactical Setup choice is refused now (reason, rule), or None. Stacks are set up in
    the order of the default set-up; the Melee Line must still be able to hold its minimum
    once every stack is set up (the stacks left, each deployed or spread there, could make it),
    and a side holds at most MAX_STACKS stacks."""
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
    rest = side.stacks[b.plan_at + 1:]  # default stacks after this one
    left = len(rest)
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
    more = _most_stacks(rest, MAX_STACKS - stacks)  # the stacks left, all on the Melee Line
    need = _melee_need(side, stacks + more)
    if melee + more < need:
        return (f"the {SIDE_NAMES[b.acting]} must put at least {need} of its {stacks + more} stacks on its Melee "
                f"Line, and only {melee + more} could stand there", R_SETUP)
    return None


def _most_stacks(rest: Sequence[Stack], room: int) -> int:
    """The most stacks the default stacks ``rest`` can make within ``room``, each deployed as one
    or spread into one a card. Putting them all on the Melee Line is the best a side can do for
    its minimum: the more stacks there, the nearer it is met (the minimum grows only up to 3)."""
    sums = {0}
    for st in rest:
        sums = {x + n for x in sums for n in {1, len(st.cards)} if x + n <= room}
    return max(sums, default=0)


def setup_actions(b: Battle) -> list[Action]:
    """The choices for the stack set up now, the default set-up's first."""
    here = b.sides[b.acting].stacks[b.plan_at]
    lines = (here.line, "ranged" if here.line == "melee" else "melee")
    wanted = [shared_action("deploy", here.label, lines[0]), shared_action("deploy", here.label, lines[1]),
              shared_action("spread", here.label, lines[0]), shared_action("spread", here.label, lines[1]),
              shared_action("stack", here.label)]
    return [a for a in wanted if setup_refusal(b, a) is None]


def setup_step(b: Battle, action: Action, events: list[Event]) -> None:
    side = b.sides[b.acting]
    here = side.stacks[b.plan_at]
    name, args = action.name, action.args
    if name == "deploy":
        b.plan.append((args[1], here.cards[:]))
        b.plan_labels.append(here.label)
    elif name == "spread":  # the top card keeps the stack's label, the others take new ones
        b.plan.extend((args[1], [c]) for c in here.cards)
        b.plan_labels += [here.label, *_new_labels(b, len(here.cards) - 1)]
    else:
        line, cards = b.plan[-1]
        b.plan[-1] = (line, sorted(cards + here.cards, key=lambda c: not c.is_hero))
    b.plan_at += 1
    _setup_next(b, events)


def _new_labels(b: Battle, n: int) -> list[str]:
    """Labels for the stacks a spread makes (stack names stay stable: the default stacks keep
    theirs): the numbers after the default stacks first, then those of stacks put under others;
    never one a default stack still to be set up holds, and never above MAX_STACKS (a side never
    has more stacks)."""
    side = b.sides[b.acting]
    letter = SIDE_LETTERS[b.acting]
    taken = set(b.plan_labels) | {st.label for st in side.stacks[b.plan_at:]}
    free = [f"{letter}{k}" for k in range(1, MAX_STACKS + 1) if f"{letter}{k}" not in taken]
    later = [x for x in free if int(x[1:]) > len(side.stacks)]
    return (later + [x for x in free if x not in later])[:n]


def _stacks_by_label(b: Battle) -> list[Stack]:
    """The stacks set up, each at the place of its label (``Battle.stack`` finds ``a3`` third);
    a label no stack keeps (one put under another) holds an empty stack, as a destroyed one does."""
    by_label = dict(zip(b.plan_labels, b.plan, strict=True))
    letter = SIDE_LETTERS[b.acting]
    most = max(int(label[1:]) for label in by_label)
    out = []
    for k in range(1, most + 1):
        line, cards = by_label.get(f"{letter}{k}", ("melee", []))
        out.append(Stack(f"{letter}{k}", cards, line))
    return out


def _setup_next(b: Battle, events: list[Event]) -> None:
    """After a choice: the next stack, the next side, or round 1. A choice with one option is
    taken at once."""
    while b.step == "setup":
        side = b.sides[b.acting]
        if b.plan_at == len(side.stacks) or side.guard:
            if not side.guard:
                side.stacks = _stacks_by_label(b)
                events.append(Event("setup", f"the {SIDE_NAMES[b.acting]} sets up: " + "; ".join(
                    f"{s.label} {s.line} " + "+".join(c.name for c in s.cards) for s in side.alive()),
                    data={"side": SIDE_NAMES[b.acting]}))
            b.plan, b.plan_at, b.plan_labels = [], 0, []
            if b.acting == 0:
                b.acting = 1
                continue
            start_round(b, events)
            advance_to_choice(b, events)
            return
        options = setup_actions(b)
        if len(options) != 1:
            return
        setup_step(b, options[0], events)
