"""What the player deciding is shown of each answer (``Game.action_labels``): the action's text,
then what it does in the game's words with the numbers that decide: a card's cost and scores, a
move's terrain and movement points and what waits in the hex, a section's spaces and
neighbours, a claim's card; the battle's answers are in ``battle_labels``.

Labels are worked out only for a screen (the terminal, the browser), never in simulation, and
only from what the decider may know: the map, the spaces and stacks, their own hand and
Adventure Stack.
"""

from __future__ import annotations

from collections import Counter

from ...engine import Action, Decision
from .armies import move_cost
from .battle_labels import battle_label
from .board import Board
from .content import Content
from .content_model import Artifact, Hero, Location, Town, Unit
from .discovery import scouted
from .queries import pname, shown_name
from .state import NOBODY, H4State

SOURCES = {"hand": "from your hand", "adventure": "from your Adventure Stack", "aside": "the Town card kept aside"}


def action_labels(c: Content, s: H4State, d: Decision) -> tuple[str, ...]:
    if s.battle is not None:
        return tuple(battle_label(s.battle, a) for a in d.actions)
    return tuple(label(c, s, d.player, a) for a in d.actions)


def card_text(c: Content, card: str) -> str:
    """A card in a few words with its numbers: ``Pikeman (Life Unit L2): cost 2, Attack 3,
    Defense 8, Speed 3, Phase 7``."""
    x = c.card(card)
    if isinstance(x, Hero | Unit):
        kind = "Hero" if isinstance(x, Hero) else "Unit"
        nums = [f"cost {x.cost}", f"Attack {x.attack}", f"Defense {x.defense}"]
        if x.ranged:
            nums.append(f"Ranged {x.ranged}")
        nums += [f"Speed {x.speed}", f"Phase {x.phase}"]
        extra: list[str] = list(x.abilities)
        if isinstance(x, Unit) and x.targets > 1:
            extra.append(f"{x.targets} targets")
        if isinstance(x, Unit) and x.requires is not None:
            extra.append(f"needs a {c.card(x.requires).name}")
        more = f" [{', '.join(extra)}]" if extra else ""
        return f"{x.name} ({x.alignment.capitalize()} {kind} L{x.level}): {', '.join(nums)}{more}"
    if isinstance(x, Town):
        return f"{x.name} ({x.alignment.capitalize()} Town): Defense {x.defense}, income {x.income}"
    if isinstance(x, Location):
        return f"{x.name} (mine): income {x.income}" if x.mine else f"{x.name} (Location)"
    assert isinstance(x, Artifact)
    bonus = ", ".join(f"+{v} {k}" for k, v in (("Attack", x.attack), ("Defense", x.defense), ("Speed", x.speed)) if v)
    return f"{x.name} (Artifact): {bonus or 'no bonus'}"


def label(c: Content, s: H4State, seat: int, a: Action) -> str:
    name, args = a.name, a.args
    if name == "attach":
        return f"{a.text}: {_section_text(c, s, args[0])}"
    if name == "start":
        return f"{a.text}: {_start_text(c, s, int(args[0]))}"
    if name == "buy":
        card, source, hex = args
        money = len(s.players[seat].hand) - (source == "hand")
        return (f"{a.text}: {card_text(c, card)}; {SOURCES[source]}, at {space_name(c, s, int(hex))} "
                f"({money} card{'s' if money != 1 else ''} in hand to pay with)")
    if name == "pay":
        return f"{a.text}: discard {card_text(c, args[0])} ({s.buying[2]} to pay)"
    if name == "define":
        hex, card, source = args
        return f"{a.text}: {card_text(c, card)} on the {s.spaces[int(hex)].kind} space at hex {hex}, {SOURCES[source]}"
    if name == "reinforce":
        return f"{a.text}: {card_text(c, args[0])} joins the Guard Stack, {SOURCES[args[1]]}"
    if name == "pass":  # Stolen Discovery: offered clockwise until it is back at the discoverer
        _, hex, discoverer, asker = s.pending[-1]
        nxt = s.left_of(asker)
        then = f"{pname(nxt)} may define it" if nxt != discoverer else "it stays undefined"
        return f"{a.text}: leave hex {hex} undefined ({then})"
    if name == "done":
        if s.pending:
            return f"{a.text}: add no more Units to the Guard Stack at hex {s.pending[-1][1]}"
        return f"{a.text}: buy nothing more: on to the Movement Sequence"
    if name == "end":
        return f"{a.text}: end your turn (round {s.turn} of {s.rounds})"
    if name == "formup":
        sp = s.spaces[int(args[0])]
        return f"{a.text}: a new Army Stack from under the {c.card(sp.card).name}: " + _cards(c, sp.under)
    army = s.army(int(args[0]))
    assert army is not None
    if name == "move":
        to = int(args[1])
        text = _move_text(c, s, army.cards, army.mp, to, seat)
        found = len(scouted(c, s, army.hex, to))  # Defining Locations: within the Scouting Radius
        if not found:
            return f"{a.text}: {text}"
        there = s.spaces.get(to)
        fights = (there is not None and bool(there.guards)) or any(x.owner != seat for x in s.armies_at(to))
        won = "once the battle is won, " if fights else ""  # fight.enter: discoveries after the battles
        return f"{a.text}: {text}; {won}scouts {found} undefined space{'s' if found > 1 else ''}"
    if name == "claim":
        sp = s.spaces[army.hex]
        if len(args) > 1:
            return f"{a.text}: {shown_name(c, args[1])} takes {card_text(c, sp.card)} (it goes under his card)"
        held = f" from {pname(sp.owner)}" if sp.owner != NOBODY else ""
        return f"{a.text}: claim {card_text(c, sp.card)} at hex {army.hex}{held}"
    if name == "split":
        return (f"{a.text}: {shown_name(c, args[1])} leaves Army Stack {army.marker} for a new stack "
                f"({len(s.armies_of(seat)) + 1} of {c.rules.max_army_stacks})")
    other = s.army(int(args[1]))
    assert other is not None
    if name == "join":
        return (f"{a.text}: merge Army Stacks {army.marker} and {other.marker} ({_cards(c, army.cards + other.cards)}); "
                "both end their movement")
    # give
    return (f"{a.text}: {shown_name(c, args[2])} moves from Army Stack {army.marker} to {other.marker}; "
            "both end their movement")


def _cards(c: Content, cards: list[str]) -> str:
    counts = Counter(cards)
    return ", ".join(shown_name(c, k) + (f" x{n}" if n > 1 else "") for k, n in counts.items())


def space_name(c: Content, s: H4State, hex: int) -> str:
    sp = s.spaces[hex]
    what = c.card(sp.card).name if sp.card else f"undefined {sp.kind}"
    return f"the {what} at hex {hex}"


def _move_text(c: Content, s: H4State, cards: list[str], mp: int, to: int, seat: int) -> str:
    """A step: the terrain and its cost, the points left, and what the hex holds (a battle, a
    space to claim or define)."""
    board = s.board
    assert board is not None
    cost = move_cost(c, board, cards, to) or 0
    text = f"to hex {to}, {board.terrain[to]} ({cost} MP, {mp - cost} left)"
    there = []
    enemies = [x for x in s.armies_at(to) if x.owner != seat]
    for x in enemies:
        there.append(f"battle: {pname(x.owner)}'s Army Stack {x.marker} ({_cards(c, x.cards)})")
    sp = s.spaces.get(to)
    if sp is not None:
        if sp.guards:
            there.append(f"battle: a Guard Stack ({_cards(c, sp.guards)})")
        if sp.card:
            whose = "yours" if sp.owner == seat else "unclaimed" if sp.owner == NOBODY else pname(sp.owner) + "'s"
            there.append(f"{card_text(c, sp.card)}, {whose}")
        elif not sp.emptied:
            there.append(f"an undefined {sp.kind} space")
    return text + (f"; {'; '.join(there)}" if there else "")


def _section_text(c: Content, s: H4State, slot_word: str) -> str:
    """A slot for the flipped section (the prompt names the section and its spaces, the map the
    slot): the sections it would touch."""
    a, b = (int(x) for x in slot_word.split(":"))
    beside = [pid for pid, pa, pb in s.placed if (pa - a, pb - b) in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))]
    return f"beside {', '.join(beside)}" if beside else "the first section"


def _start_text(c: Content, s: H4State, hex: int) -> str:
    """An edge hex in a few words, short enough for the answers to go in columns under the map
    (which marks it): its terrain and the spaces within the Scouting Radius (the prompt says so)."""
    board: Board = s.board  # type: ignore[assignment]
    r = c.rules.scouting_radius
    near = sum(1 for h in s.spaces if board.distance(hex, h) <= r)
    return f"{board.terrain[hex]}, {near} nearby"
