"""The decisions of a game of Heroes IV, each a small question with text actions that read back
through ``Action.parse``:

- set-up: ``attach A:B`` (a map section at a slot), ``start HEX`` (your Army Stack on an edge space)
- Purchase Sequence: ``buy CARD hand|adventure HEX``, then ``pay CARD`` for each card of the cost; ``done``
- Movement Sequence: ``move MARKER HEX``, ``split MARKER CARD``, ``join MARKER MARKER``,
  ``give MARKER MARKER CARD``, ``formup HEX``, ``claim MARKER [HERO]``, ``end``
- discovery (any player may be asked): ``define HEX CARD hand|adventure|aside`` or ``pass``
- a Guarding Player: ``reinforce CARD hand|adventure`` or ``done``
"""

from __future__ import annotations

from ...engine import Action, Decision, Event, shared_action
from . import armies, claiming, discovery, fight, guards, turn
from .battle import battle_decision
from .board import open_slots, slot_word
from .content import Content
from .queries import is_hero, pname, section_words
from .state import H4State

DONE, END, PASS = shared_action("done"), shared_action("end"), shared_action("pass")


def decider(s: H4State) -> int:
    if s.battle is not None:
        d = battle_decision(s.battle)
        assert d is not None
        return d.player
    if s.pending:
        top = s.pending[-1]
        return int(top[3] if top[0] == "discover" else top[2])
    if s.stage == "build":
        return turn.builder(s)
    return s.current


def actions(c: Content, s: H4State) -> list[Action]:
    if s.battle is not None:
        d = battle_decision(s.battle)
        assert d is not None
        return list(d.actions)
    if s.pending:
        top = s.pending[-1]
        if top[0] == "discover":
            _, hex, _, asker = top
            kind = s.spaces[hex].kind
            out = [Action("define", (str(hex), k, src)) for k, src in discovery.defining_cards(c, s, asker, kind)]
            return out + [PASS]
        sp = s.spaces[top[1]]
        return [Action("reinforce", (k, src)) for k, src in guards.reinforcements(c, s, sp)] + [DONE]
    stage = s.stage
    if stage == "build":
        return [Action("attach", (slot_word(x),)) for x in open_slots([(a, b) for _, a, b in s.placed])]
    if stage == "start":
        return [Action("start", (str(h),)) for h in turn.starting_hexes(s)]
    if stage == "purchase":
        return buy_actions(c, s) + [DONE]
    if stage == "pay":
        return [Action("pay", (k,)) for k in sorted(set(s.players[s.current].hand))]
    if stage == "move":
        return move_actions(c, s)
    raise AssertionError(f"no decision in stage {stage}")


def markets(s: H4State) -> list[int]:
    """The Towns and Creature Dwellings the current player holds: where he may buy."""
    return sorted(h for h, sp in s.spaces.items() if sp.owner == s.current and sp.kind in ("town", "dwelling"))


def buy_actions(c: Content, s: H4State) -> list[Action]:
    p = s.players[s.current]
    out: list[Action] = []
    markets_held = markets(s)
    if not markets_held:
        return out
    for source, pile in (("hand", p.hand), ("adventure", p.adventure)):
        for k in sorted(set(pile)):
            for h in markets_held:
                if turn.purchase_refusal(c, s, k, source, h) is None:
                    out.append(Action("buy", (k, source, str(h))))
    return out


def move_actions(c: Content, s: H4State) -> list[Action]:
    seat = s.current
    assert s.board is not None
    words = s.board.words
    own = sorted(s.armies_of(seat), key=lambda a: a.marker)
    room = len(own) < c.rules.max_army_stacks
    out: list[Action] = []
    for a in own:
        m = str(a.marker)
        out += [shared_action("move", m, words[h]) for h in armies.moves(c, s, a)]
        if claiming.claim_refusal(c, s, a) is None:
            out.append(Action("claim", (m,)))
        if a.hex in s.spaces:  # an Artifact is claimed by a Hero of the stack
            out += [Action("claim", (m, k)) for k in sorted(set(a.cards)) if is_hero(c, k)
                    and claiming.claim_refusal(c, s, a, k) is None]
        if not a.moved and len(a.cards) > 1 and room:
            out += [Action("split", (m, k)) for k in sorted(set(a.cards))]
        for b in own:
            if b is not a and b.hex == a.hex:
                if a.marker < b.marker:
                    out.append(Action("join", (m, str(b.marker))))
                if not a.moved and not b.moved and len(a.cards) > 1:
                    out += [Action("give", (m, str(b.marker), k)) for k in sorted(set(a.cards))]
    if room:
        out += [Action("formup", (str(h),)) for h, sp in sorted(s.spaces.items())
                if sp.owner == seat and sp.under and all(a.owner == seat for a in s.armies_at(h))]
    out.append(END)
    return out


def prompt(c: Content, s: H4State) -> str:
    if s.battle is not None:
        d = battle_decision(s.battle)
        assert d is not None
        return f"Battle at hex {s.pending[-1][1]}: {d.prompt}"
    if s.pending:
        top = s.pending[-1]
        if top[0] == "discover":
            _, hex, discoverer, asker = top
            kind = s.spaces[hex].kind
            whose = "" if asker == discoverer else f" ({pname(discoverer)} did not: steal the discovery?)"
            return f"Define the undefined {kind} space at hex {hex} with {discovery.DEFINED_WITH[kind]}, or pass{whose}"
        return f"Reinforce the Guard Stack at hex {top[1]} with Units of its alignment, or done"
    if s.stage == "build":
        left = len(s.sections_left) - 1
        return (f"Attach the map section {section_words(c, s.sections_left[-1])} at a free slot ([a:b] on the "
                f"map); {left} more to place after it")
    return {
        "start": (f"Place your Army Stack on an edge hex (+ on the map); nearby: the spaces within your Scouting "
                  f"Radius ({c.rules.scouting_radius} hexes)"),
        "purchase": "Buy a Hero or a Unit at a Town or Creature Dwelling you control, or done",
        "pay": f"Pay for {s.buying[0] if s.buying else ''}: discard a card from your hand "
               f"({s.buying[2] if s.buying else 0} to go)",
        "move": "Move, organize or claim with your Army Stacks, or end your turn",
    }[s.stage]


def decide(c: Content, s: H4State) -> Decision:
    return Decision(decider(s), prompt(c, s), tuple(actions(c, s)))


def apply(c: Content, s: H4State, a: Action, events: list[Event]) -> None:
    """Apply a legal action."""
    name, args = a.name, a.args
    if s.battle is not None:
        fight.battle_step(c, s, a, events)
    elif name == "define":
        discovery.define(c, s, args[1], args[2], events)
    elif name == "pass":
        discovery.pass_discovery(s, events)
    elif name == "reinforce":
        guards.reinforce(c, s, s.spaces[s.pending[-1][1]], args[0], args[1], events)
    elif name == "done" and s.pending:
        s.pending.pop()
    elif name == "attach":
        x, y = args[0].split(":")
        turn.attach(c, s, (int(x), int(y)), events)
    elif name == "start":
        turn.place_start(c, s, int(args[0]), events)
    elif name == "buy":
        turn.buy(c, s, args[0], args[1], int(args[2]), events)
        s.stage = "pay" if s.buying else "purchase"
    elif name == "pay":
        turn.pay(s, args[0], events)
        if not s.buying:
            s.stage = "purchase"
    elif name == "done":
        s.stage = "move"
    elif name == "end":
        turn.end_turn(s, events)
    else:
        _movement(c, s, name, args, events)


def _movement(c: Content, s: H4State, name: str, args: tuple[str, ...], events: list[Event]) -> None:
    if name == "formup":
        armies.form_up(c, s, s.current, int(args[0]), events)
        # a stack that forms up arrives on the map: within its Scouting Radius of what is around
        discovery.offer_discoveries(c, s, s.current, -1, int(args[0]))
        return
    army = s.army(int(args[0]))
    assert army is not None
    if name == "move":
        came_from = army.hex
        armies.move(c, s, army, int(args[1]), events)
        fight.enter(c, s, army, came_from, events)
    elif name == "claim":
        claiming.claim(c, s, army, args[1] if len(args) > 1 else "", events)
    elif name == "split":
        armies.split(c, s, army, args[1], events)
    elif name == "join":
        other = s.army(int(args[1]))
        assert other is not None
        armies.join(c, s, army, other, events)
    elif name == "give":
        other = s.army(int(args[1]))
        assert other is not None
        armies.give(c, s, army, other, args[2], events)
