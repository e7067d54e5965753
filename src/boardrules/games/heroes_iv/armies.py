"""Army Stacks and the Movement Sequence (rules12): at most 4 Army Stacks a player, the top card
rule, movement points from the top card's Hex Speed Score spent on the terrain of each hex
entered, and organizing at the start of movement: splitting, forming up from under a Town card,
joining (merging or swapping cards, which ends movement for both)."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .board import Board
from .content import Content
from .queries import flies, order_stack, pname, stack_speed
from .state import Army, H4State


def move_cost(c: Content, board: Board, cards: list[str], to: int) -> int | None:
    """Movement points to enter hex ``to`` (None: impassable). A flying army pays 1 a hex (ours:
    the flying rules are cut off in the facts)."""
    if board.impassable[to]:
        return None
    return 1 if flies(c, cards) else board.cost[to]


def movement_points(c: Content, s: H4State, seat: int, cards: list[str]) -> int:
    """Facts 5.4: the top card's Hex Speed Score; Artifacts under the top card, a Hero, add their
    speed (ours). The same whenever a stack's points are set: a turn's start, a split."""
    if not cards:
        return 0
    bonus = sum(getattr(c.card(x), "speed", 0) for x in s.players[seat].artifacts.get(cards[0], []))
    return stack_speed(c, cards) + bonus


def moves(c: Content, s: H4State, army: Army) -> list[int]:
    """Facts 5.4: the hexes next to the army that it has the movement points to enter (the
    same as ``move_cost`` per neighbour, read from the board's table of passable steps: this
    runs for every stack at every Movement decision)."""
    assert s.board is not None
    mp = army.mp
    if mp <= 0:
        return []
    steps = s.board.steps[army.hex]
    if flies(c, army.cards):
        return [to for to, _ in steps]
    return [to for to, cost in steps if cost <= mp]


def move(c: Content, s: H4State, army: Army, to: int, events: list[Event]) -> None:
    """Facts 5.4 "Movement": spend the terrain cost of the hex entered."""
    assert s.board is not None
    if to not in s.board.neighbours[army.hex]:
        raise IllegalActionError(f"hex {to} is not next to Army Stack {army.marker}", "Movement")
    cost = move_cost(c, s.board, army.cards, to)
    if cost is None:
        raise IllegalActionError(f"hex {to} is {s.board.terrain[to]}, impassable terrain", "Movement")
    if cost > army.mp:
        raise IllegalActionError(
            f"entering {s.board.terrain[to]} costs {cost} movement points; Army Stack {army.marker} has {army.mp} left",
            "Movement")
    army.mp -= cost
    army.hex = to
    army.moved = True
    events.append(Event("move", f"{pname(army.owner)} moves Army Stack {army.marker} to hex {to}", None,
                        {"marker": army.marker, "hex": to}))


def restack(c: Content, army: Army) -> None:
    army.cards = order_stack(c, army.cards)


def check_room(c: Content, s: H4State, seat: int, what: str) -> None:
    if len(s.armies_of(seat)) >= c.rules.max_army_stacks:
        raise IllegalActionError(
            f"{what} would make a {c.rules.max_army_stacks + 1}th Army Stack: a player has at most "
            f"{c.rules.max_army_stacks}", "Army Stacks")


def split(c: Content, s: H4State, army: Army, card: str, events: list[Event]) -> Army:
    """Splitting: a card leaves its stack to form a new one, with a new marker, in the same space."""
    if army.moved:
        raise IllegalActionError(f"Army Stack {army.marker} has moved this turn: stacks split at the start of movement",
                                 "Splitting")
    if card not in army.cards:
        raise IllegalActionError(f"Army Stack {army.marker} holds no {card}", "Splitting")
    if len(army.cards) < 2:
        raise IllegalActionError(f"Army Stack {army.marker} is a single card", "Splitting")
    check_room(c, s, army.owner, "splitting")
    army.cards.remove(card)
    restack(c, army)
    army.mp = movement_points(c, s, army.owner, army.cards)  # a Hero's Artifacts go with him
    new = Army(army.owner, s.take_army_marker(), army.hex, [card], movement_points(c, s, army.owner, [card]))
    s.armies.append(new)
    events.append(Event("split", f"{pname(army.owner)} splits {card} from Army Stack {army.marker} as Army Stack "
                        f"{new.marker}", None))
    return new


def join(c: Content, s: H4State, keep: Army, other: Army, events: list[Event]) -> None:
    """Joining: two of your stacks in the same space merge; that ends movement for both."""
    if keep.hex != other.hex or keep.owner != other.owner or keep is other:
        raise IllegalActionError("only two of your own Army Stacks in the same space can join", "Joining")
    keep.cards += other.cards
    restack(c, keep)
    keep.mp = 0
    keep.moved = True
    s.armies.remove(other)
    events.append(Event("join", f"{pname(keep.owner)} joins Army Stack {other.marker} into {keep.marker}", None))


def give(c: Content, s: H4State, src: Army, dst: Army, card: str, events: list[Event]) -> None:
    """Joining: two of your stacks in the same space swap cards; that ends movement for both."""
    if src.hex != dst.hex or src.owner != dst.owner or src is dst:
        raise IllegalActionError("only two of your own Army Stacks in the same space can swap cards", "Joining")
    if src.moved or dst.moved:
        raise IllegalActionError("stacks swap cards at the start of movement, before either moves or joins", "Joining")
    if card not in src.cards or len(src.cards) < 2:
        raise IllegalActionError(f"Army Stack {src.marker} cannot give {card} (it must hold it and keep a card)",
                                 "Joining")
    src.cards.remove(card)
    dst.cards.append(card)
    restack(c, src)
    restack(c, dst)
    for a in (src, dst):
        a.mp = 0
        a.moved = True
    events.append(Event("give", f"{pname(src.owner)} moves {card} from Army Stack {src.marker} to {dst.marker}", None))


def form_up(c: Content, s: H4State, seat: int, town_hex: int, events: list[Event]) -> Army:
    """Forming Up: the cards stored under a Town card you control form a new stack in its space
    (and, ours, the cards bought at a Creature Dwelling you control, which wait under it); not
    while an enemy Army Stack stands there (ours: two enemies never share a space outside a battle)."""
    sp = s.spaces.get(town_hex)
    if sp is None or sp.kind not in ("town", "dwelling") or sp.owner != seat:
        raise IllegalActionError(f"hex {town_hex} is not a Town or Creature Dwelling you control", "Forming Up")
    if not sp.under:
        raise IllegalActionError(f"no cards wait under the card at hex {town_hex}", "Forming Up")
    enemy = next((a for a in s.armies_at(town_hex) if a.owner != seat), None)
    if enemy is not None:  # ours: a new stack would share the space with an enemy, and no battle
        raise IllegalActionError(
            f"{pname(enemy.owner)}'s Army Stack {enemy.marker} stands at hex {town_hex}: the cards under the card "
            "cannot form up while an enemy holds the space", "Forming Up")
    check_room(c, s, seat, "forming up")
    cards = order_stack(c, sp.under)
    sp.under = []
    army = Army(seat, s.take_army_marker(), town_hex, cards, stack_speed(c, cards))
    s.armies.append(army)
    events.append(Event("form-up", f"{pname(seat)} forms up Army Stack {army.marker} at hex {town_hex}", None))
    return army
