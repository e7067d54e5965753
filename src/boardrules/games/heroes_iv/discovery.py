"""Discovery (rulebook excerpt: Defining Locations, Stolen Discovery; facts: Towns and Creature
Dwellings are defined the same way). A stack coming within its Scouting Radius of an undefined
space is offered to define it; if its owner passes, each opponent from the left, clockwise, may
define it with a card of their own; then the opponents flip for guards."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Content
from .guards import flip_for_guards
from .queries import is_artifact, is_location, is_town, is_unit, marker_word, pname
from .state import H4State

SOURCES = ("hand", "adventure", "aside")
SOURCE_NAMES = {"hand": "hand", "adventure": "Adventure Stack", "aside": "Town card kept aside"}
# what each kind of space is defined with, in the rules' words
DEFINED_WITH = {
    "location": "a Location Card or an Artifact Card",
    "town": "a Town Card",
    "dwelling": "a Unit Card",
}


def fits(c: Content, kind: str, card: str) -> bool:
    if kind == "location":
        return is_location(c, card) or is_artifact(c, card)
    if kind == "town":
        return is_town(c, card)
    return is_unit(c, card)


def defining_cards(c: Content, s: H4State, seat: int, kind: str) -> list[tuple[str, str]]:
    """(card, source) a player may define a space of this kind with: from the hand or the
    Adventure Stack (and for a Town, the Town card kept aside at set-up)."""
    p = s.players[seat]
    out = []
    piles = (("hand", p.hand), ("adventure", p.adventure)) + ((("aside", p.aside),) if kind == "town" else ())
    for source, cards in piles:
        for k in sorted(set(cards)):
            if fits(c, kind, k):
                out.append((k, source))
    return out


def scouted(c: Content, s: H4State, came_from: int, to: int) -> list[int]:
    """The undefined spaces a stack moving from ``came_from`` to ``to`` comes within its Scouting
    Radius of (within it now, not before the step)."""
    b = s.board
    assert b is not None
    r = c.rules.scouting_radius
    return [h for h, sp in s.spaces.items()
            if not sp.defined and b.distance(to, h) <= r and (came_from < 0 or b.distance(came_from, h) > r)]


def offer_discoveries(c: Content, s: H4State, seat: int, came_from: int, to: int) -> None:
    """Each space discovered is offered to the discoverer first (the nearest first: pushed last)."""
    assert s.board is not None
    found = scouted(c, s, came_from, to)
    found.sort(key=lambda h: (s.board.distance(to, h), h), reverse=True)  # type: ignore[union-attr]
    for h in found:
        s.pending.append(("discover", h, seat, seat))


def define(c: Content, s: H4State, card: str, source: str, events: list[Event]) -> None:
    """Defining a space (the frame on top of the stack): the card asked for goes face up (a
    Location sideways, "Unclaimed"); a Location Marker goes on it and its twin on the space; the
    opponents flip for guards. A card played by an opponent who steals the discovery is played "as
    if ... by the player who discovered it": the discoverer is the Defining Player, and the markers
    are his."""
    _, hex, discoverer, asker = s.pending[-1]
    sp = s.spaces[hex]
    rule = "Stolen Discovery" if asker != discoverer else "Defining Locations"
    if source not in SOURCES or (source == "aside" and sp.kind != "town"):
        raise IllegalActionError(
            f"a space is defined with a card from your hand or your Adventure Stack, not {source!r}", rule)
    p = s.players[asker]
    pile = {"hand": p.hand, "adventure": p.adventure, "aside": p.aside}[source]
    if card not in pile:
        raise IllegalActionError(f"there is no {card} in your {SOURCE_NAMES[source]}", rule)
    if not fits(c, sp.kind, card):
        raise IllegalActionError(f"a {sp.kind} space is defined with {DEFINED_WITH[sp.kind]}, not {card}", rule)
    pile.remove(card)
    s.pending.pop()
    sp.card = card
    sp.marker = s.take_marker()
    sp.marker_seat = discoverer
    how = " (Unclaimed)" if is_location(c, card) else ""
    thief = "" if asker == discoverer else f", stealing {pname(discoverer)}'s discovery"
    events.append(Event("define", f"{pname(asker)} defines hex {hex} with {card}{how}{thief}; "
                        f"{marker_word(sp.kind)} {sp.marker}", None, {"hex": hex, "card": card, "seat": asker, "marker": sp.marker}))
    flip_for_guards(c, s, sp, discoverer, events)


def pass_discovery(s: H4State, events: list[Event]) -> None:
    """Passing: the discovery goes to the next player clockwise; once it is back at the discoverer
    the space stays undefined."""
    _, hex, discoverer, asker = s.pending.pop()
    nxt = s.left_of(asker)
    events.append(Event("pass", f"{pname(asker)} does not define hex {hex}", None, {"hex": hex, "seat": asker}))
    if nxt != discoverer:
        s.pending.append(("discover", hex, discoverer, nxt))
