"""Flipping for Guards (rulebook excerpt): determine the Guarding Player, establish the Guard
Stack, reinforce it, and who controls it in a battle."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Content
from .queries import alignment_of, is_unit, pname
from .state import H4State, Space


def flip(s: H4State, seat: int, face_up: bool = True) -> str | None:
    """The top card of a player's deck, flipped face up (the caller puts it in the discard stack
    or aside), or drawn unseen (``face_up=False``). An empty deck is made again from the shuffled
    discard stack (ours: the rule for an empty deck is not in the facts); None when both are empty.
    Everyone saw the discard stack, so what the new deck holds is known (``Player.known``) until
    cards are drawn from it unseen."""
    p = s.players[seat]
    if not p.deck:
        if not p.discard:
            return None
        p.deck, p.discard = p.discard, []
        p.deck.sort()  # shuffled from a known order: the discard stack is public
        p.known = p.deck[:]
        s.rng.shuffle(p.deck)
    card = p.deck.pop()
    if face_up and p.known is not None:
        p.known.remove(card)
    return card


def determine_guarding_player(c: Content, s: H4State, defining: int, events: list[Event]) -> tuple[int, str] | None:
    """Determine the Guarding Player: "Starting with the player to the left of the Defining Player,
    each player flips a card from his deck into his discard stack ... until one of these flipped
    cards is a Unit Card." The flippers are the Defining Player's opponents ("Your opponents will now
    flip for guards", Defining Locations): the flipping goes round them, clockwise, the Defining
    Player left out. Returns the Guarding Player and the Unit Card set aside, or None when no
    opponent's deck or discard stack holds a Unit: then each of them has flipped his whole deck
    into his discard stack without finding one, and the space has no Guards."""
    flippers = [s.left_of(defining)]
    while len(flippers) < s.num_players - 1:
        flippers.append(s.left_of(flippers[-1]))
    if not any(is_unit(c, k) for seat in flippers for k in s.players[seat].deck + s.players[seat].discard):
        for seat in flippers:  # every card is flipped (and so seen) before the search is given up
            p = s.players[seat]
            while p.deck:
                seen = p.deck.pop()
                if p.known is not None:
                    p.known.remove(seen)
                p.discard.append(seen)
                events.append(Event("flip", f"{pname(seat)} flips {seen} into the discard stack", None,
                                    {"seat": seat, "card": seen}))
        events.append(Event("no-guards", "No opponent's deck holds a Unit: the space has no Guards", None))
        return None
    i = 0
    while True:
        seat = flippers[i]
        card = flip(s, seat)
        if card is not None:
            if is_unit(c, card):
                events.append(Event("flip", f"{pname(seat)} flips {card}: the Guarding Player", None,
                                    {"seat": seat, "card": card}))
                return seat, card
            s.players[seat].discard.append(card)
            events.append(Event("flip", f"{pname(seat)} flips {card} into the discard stack", None,
                                {"seat": seat, "card": card}))
        i = (i + 1) % len(flippers)


def establish_guard(c: Content, s: H4State, sp: Space, guarding: int, first: str, events: list[Event]) -> None:
    """Establishing the Guard: 3 more flips; Units of the first one's alignment go under it; the
    Guard Stack is turned sideways to read "Protect"."""
    sp.guards = [first]
    sp.guarding = guarding
    alignment = alignment_of(c, first)
    for _ in range(c.rules.guard_flips):
        card = flip(s, guarding)
        if card is None:
            break
        if is_unit(c, card) and alignment_of(c, card) == alignment:
            sp.guards.append(card)
            events.append(Event("flip", f"{pname(guarding)} flips {card}: it joins the Guard Stack", None,
                                {"seat": guarding, "card": card}))
        else:
            s.players[guarding].discard.append(card)
            events.append(Event("flip", f"{pname(guarding)} flips {card} into the discard stack", None,
                                {"seat": guarding, "card": card}))
    events.append(Event("guards", f"A Guard Stack of {len(sp.guards)} ({', '.join(sp.guards)}) guards hex {sp.hex}",
                        None, {"hex": sp.hex, "guards": list(sp.guards)}))


def flip_for_guards(c: Content, s: H4State, sp: Space, defining: int, events: list[Event]) -> None:
    """Flipping for Guards once a space has been defined: the Guarding Player is found, the Guard
    established, and the Guarding Player offered to reinforce it (a decision pushed on the stack,
    asked even when he holds nothing to add: skipping it would tell the others so)."""
    found = determine_guarding_player(c, s, defining, events)
    if found is None:
        return
    guarding, first = found
    establish_guard(c, s, sp, guarding, first, events)
    s.pending.append(("reinforce", sp.hex, guarding))


def reinforcements(c: Content, s: H4State, sp: Space) -> list[tuple[str, str]]:
    """(card, "hand" or "adventure") the Guarding Player may add: Units of the Guard Stack's
    alignment from the hand or the Adventure Stack."""
    p = s.players[sp.guarding]
    alignment = alignment_of(c, sp.guards[0])
    out = []
    for source, cards in (("hand", p.hand), ("adventure", p.adventure)):
        for k in sorted(set(cards)):
            if is_unit(c, k) and alignment_of(c, k) == alignment:
                out.append((k, source))
    return out


def reinforce(c: Content, s: H4State, sp: Space, card: str, source: str, events: list[Event]) -> None:
    """Reinforcing the Guard: a Unit from the hand or Adventure Stack joins the Guard Stack; it must
    share the Guard Stack's alignment."""
    p = s.players[sp.guarding]
    pile = p.hand if source == "hand" else p.adventure if source == "adventure" else None
    if pile is None:
        raise IllegalActionError(f"reinforcements come from your hand or your Adventure Stack, not {source!r}",
                                 "Reinforcing the Guard")
    if card not in pile:
        raise IllegalActionError(f"there is no {card} in your {'hand' if source == 'hand' else 'Adventure Stack'}",
                                 "Reinforcing the Guard")
    if not is_unit(c, card):
        raise IllegalActionError(f"{card} is not a Unit Card: only Unit Cards reinforce a Guard Stack",
                                 "Reinforcing the Guard")
    want = alignment_of(c, sp.guards[0])
    if alignment_of(c, card) != want:
        raise IllegalActionError(
            f"{card} is a {alignment_of(c, card)} Unit: every Unit added must share the Guard Stack's alignment "
            f"({want})", "Reinforcing the Guard")
    pile.remove(card)
    sp.guards.append(card)
    events.append(Event("reinforce", f"{pname(sp.guarding)} reinforces the Guard Stack at hex {sp.hex} with {card}",
                        None, {"hex": sp.hex, "card": card}))
