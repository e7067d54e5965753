"""The turn (facts, manual index and review): Income Sequence (a card drawn for each Town and
mine you control), Purchase Sequence (cards are money: pay a card's cost by discarding cards from
your hand; the Adventure Stack cannot pay), Movement Sequence (organize and move Army Stacks,
discovery, battles, claiming); the end of the game and the scores (ours: see rules-choices.md)."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .armies import movement_points
from .board import board_for, open_slots
from .content import Content
from .content_model import Hero, Location, Town, Unit
from .discovery import offer_discoveries
from .guards import flip
from .queries import alignment_of, pname
from .setup import make_spaces
from .state import H4State

# points at the end of the game (ours)
TOWN_POINTS, DWELLING_POINTS, LOCATION_POINTS, ARTIFACT_POINTS = 3, 2, 1, 1


# -- set-up decisions ------------------------------------------------------------------------------
def builder(s: H4State) -> int:
    """Who attaches the next map section: the youngest player first, then clockwise. The youngest
    is the first player, drawn at random (setup.first_player: a program knows no ages)."""
    return (s.first + len(s.placed)) % s.num_players


def attach(c: Content, s: H4State, slot: tuple[int, int], events: list[Event]) -> None:
    """A player flips the top map section and attaches it where the interlocks fit (rules10)."""
    if slot not in open_slots([(a, b) for _, a, b in s.placed]):
        raise IllegalActionError(f"a section is attached next to one already placed, not at {slot[0]}:{slot[1]}",
                                 "Setting Up")
    seat = builder(s)
    sid = s.sections_left.pop()
    s.placed.append((sid, slot[0], slot[1]))
    s.board = board_for(c, tuple(s.placed))
    events.append(Event("attach", f"{pname(seat)} attaches {sid} at {slot[0]}:{slot[1]}", None,
                        {"section": sid, "slot": list(slot)}))
    if not s.sections_left:
        make_spaces(s)
        s.stage = "start"
        s.current = s.first


def starting_hexes(s: H4State) -> list[int]:
    """Facts 5.2 step 4: the edge spaces, not impassable, where no Army Marker stands yet."""
    assert s.board is not None
    taken = {a.hex for a in s.armies}
    return [h for h in s.board.starting_spaces() if h not in taken]


def place_start(c: Content, s: H4State, hex: int, events: list[Event]) -> None:
    """Facts 5.2 step 4: put your Army Marker on your stack and its twin on an edge space that is
    not impassable terrain. A stack arriving on the map comes within its Scouting Radius of the
    spaces around it (Defining Locations): they are offered at once, before the next player places.
    The first player places first, then clockwise; then he begins round 1."""
    if hex not in starting_hexes(s):
        raise IllegalActionError(f"hex {hex} is not a free edge space off impassable terrain", "Setting Up")
    army = s.armies_of(s.current)[0]
    army.hex = hex
    events.append(Event("start", f"{pname(s.current)} places Army Stack {army.marker} at hex {hex}", None))
    offer_discoveries(c, s, s.current, -1, hex)
    s.current = s.left_of(s.current)
    if s.current == s.first:
        s.stage = "income"


# -- the Income Sequence ---------------------------------------------------------------------------
def draw(s: H4State, seat: int) -> bool:
    """Facts 5.2 step 3 / 5.3: gaining a card is drawing one into the hand; False when the deck is out."""
    card = flip(s, seat, face_up=False)
    if card is None:
        return False
    s.players[seat].hand.append(card)
    return True


def income(c: Content, s: H4State) -> int:
    """Facts 5.3 "Income": cards the current player draws, one for each Town and mine (a Location
    giving income) held."""
    n = 0
    for sp in s.spaces.values():
        if sp.owner == s.current and sp.card:
            card = c.card(sp.card)
            if isinstance(card, Town | Location):
                n += card.income
    return n


def income_sequence(c: Content, s: H4State, events: list[Event]) -> None:
    """Facts 5.3 "Income Sequence": the current player draws his income."""
    n = income(c, s)
    drawn = sum(draw(s, s.current) for _ in range(n))
    if drawn:
        events.append(Event("income", f"{pname(s.current)} draws {drawn} card{'s' if drawn > 1 else ''} of income",
                            None, {"seat": s.current, "cards": drawn}))
    for a in s.armies_of(s.current):
        a.mp = movement_points(c, s, a.owner, a.cards)
        a.moved = False
    s.stage = "purchase"


# -- the Purchase Sequence -------------------------------------------------------------------------
def purchase_refusal(c: Content, s: H4State, card: str, source: str, hex: int) -> tuple[str, str] | None:
    """Why the current player cannot buy ``card`` from ``source`` at the space ``hex``, or None."""
    p = s.players[s.current]
    pile = {"hand": p.hand, "adventure": p.adventure}.get(source)
    if pile is None:
        return (f"cards are played from your hand or your Adventure Stack, not {source!r}", "Purchase Sequence")
    if card not in pile:
        return (f"there is no {card} in your {'hand' if source == 'hand' else 'Adventure Stack'}", "Purchase Sequence")
    x = c.card(card)
    if not isinstance(x, Hero | Unit):
        return (f"{card} is not a Hero or a Unit: only they are bought", "Purchase Sequence")
    sp = s.spaces.get(hex)
    if sp is None or sp.owner != s.current:
        return (f"hex {hex} is not a Town or Creature Dwelling you control", "Purchase Sequence")
    if sp.kind == "town":
        if alignment_of(c, sp.card) != x.alignment:
            return (f"a {sp.card} sells {alignment_of(c, sp.card)} cards, and {card} is {x.alignment}",
                    "Purchase Sequence")
    elif sp.kind != "dwelling" or sp.card != card:
        return (f"hex {hex} does not sell {card}: buy at a Town of its alignment or its own Creature Dwelling",
                "Purchase Sequence")
    if isinstance(x, Unit) and x.requires is not None and not any(
            o.owner == s.current and o.card == x.requires for o in s.spaces.values()):
        return (f"{card} can only be bought by a player who controls a {x.requires}", "Purchase Sequence")
    money = len(p.hand) - (1 if source == "hand" else 0)
    if money < x.cost:
        return (f"{card} costs {x.cost} cards from your hand and you have {money} to pay with (the Adventure "
                "Stack cannot pay)", "Purchase Sequence")
    return None


def buy(c: Content, s: H4State, card: str, source: str, hex: int, events: list[Event]) -> None:
    """Facts 5.3 "Purchase Sequence": buying ``card`` at a Town or Creature Dwelling; paying follows."""
    refusal = purchase_refusal(c, s, card, source, hex)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    p = s.players[s.current]
    (p.hand if source == "hand" else p.adventure).remove(card)
    cost = c.card(card).cost  # type: ignore[union-attr]
    s.buying = [card, hex, cost]
    events.append(Event("buy", f"{pname(s.current)} buys {card} at hex {hex} for {cost} cards", None,
                        {"card": card, "hex": hex}))
    if cost == 0:
        finish_buying(s)


def pay(s: H4State, card: str, events: list[Event]) -> None:
    """Facts 5.2 step 3 "Hand cards are money": paying is a card from the hand to the discard stack."""
    p = s.players[s.current]
    if card not in p.hand:
        raise IllegalActionError(f"there is no {card} in your hand to pay with (the Adventure Stack cannot pay)",
                                 "Purchase Sequence")
    p.hand.remove(card)
    p.discard.append(card)
    s.buying[2] -= 1
    events.append(Event("pay", f"{pname(s.current)} discards {card} to pay", None, {"card": card}))
    if s.buying[2] == 0:
        finish_buying(s)


def finish_buying(s: H4State) -> None:
    """A bought card waits under the Town card (or Creature Dwelling) to form up."""
    card, hex, _ = s.buying
    s.spaces[hex].under.append(card)
    s.buying = []


# -- the end of a turn, the end of the game --------------------------------------------------------
def end_turn(s: H4State, events: list[Event]) -> None:
    """Facts 5.3: the turn passes clockwise; a round ends when it comes back to the first player."""
    s.current = s.left_of(s.current)
    if s.current == s.first:
        s.turn += 1
        if s.turn > s.rounds:
            s.over = True
            return
    s.stage = "income"


def scores(c: Content, s: H4State) -> list[int]:
    """Ours: 3 points a Town, 2 a Creature Dwelling, 1 a Location, 1 an Artifact under a Hero."""
    out = [0] * s.num_players
    for sp in s.spaces.values():
        if sp.owner >= 0 and sp.card:
            out[sp.owner] += {"town": TOWN_POINTS, "dwelling": DWELLING_POINTS}.get(sp.kind, LOCATION_POINTS)
    for seat, p in enumerate(s.players):
        out[seat] += ARTIFACT_POINTS * sum(len(a) for a in p.artifacts.values())
    return out
