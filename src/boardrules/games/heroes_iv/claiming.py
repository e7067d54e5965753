"""Entering spaces and claiming them (rulebook excerpt: Defining Locations, Conquering Enemy
Locations): a stack entering a space must first defeat the enemy stacks and Guards there; only a
stack with a Hero claims a Location or an Artifact (any stack claims a Town or a Creature
Dwelling); a claimed Location is turned upright and gets its claimer's marker, a claimed
Artifact goes under the Hero who claimed it."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Content
from .queries import has_hero, is_artifact, is_hero, is_location, marker_word, pname
from .state import NOBODY, Army, H4State


def claim_refusal(c: Content, s: H4State, army: Army, hero: str = "") -> tuple[str, str] | None:
    """Why this stack cannot claim the space it stands on (reason, rule), or None. A space an
    opponent holds is conquered (Conquering Enemy Locations); one nobody holds yet is claimed as
    Defining Locations says."""
    sp = s.spaces.get(army.hex)
    if sp is None:
        return (f"hex {army.hex} holds no Town, Creature Dwelling or Location Space", "Defining Locations")
    if not sp.card:
        what = "its Artifact has been claimed" if sp.emptied else "it has not been defined"
        return (f"there is nothing to claim at hex {army.hex}: {what}", "Defining Locations")
    if sp.owner == army.owner:
        return (f"you already hold the space at hex {army.hex}", "Conquering Enemy Locations")
    rule = "Defining Locations" if sp.owner == NOBODY else "Conquering Enemy Locations"
    if sp.guards:
        return ("they must defeat whatever guards are present before they can claim", rule)
    if any(a.owner != army.owner for a in s.armies_at(army.hex)):
        return ("enemy Army Stacks are present: you must defeat them in battle before you may claim",
                "Conquering Enemy Locations")
    card = sp.card
    if (is_location(c, card) or is_artifact(c, card)) and not has_hero(c, army.cards):
        kind = "a Location" if is_location(c, card) else "an Artifact"
        return (f"only an Army Stack with a Hero can claim {kind}: Army Stack {army.marker} has none", rule)
    if is_artifact(c, card):
        if not hero:
            return ("name the Hero who claims the Artifact: it goes underneath his card", rule)
        if hero not in army.cards or not is_hero(c, hero):
            return (f"{hero} is not a Hero in Army Stack {army.marker}", rule)
    elif hero:
        return (f"only an Artifact goes under a Hero; claim the {sp.kind} without naming one", rule)
    return None


def claim(c: Content, s: H4State, army: Army, hero: str, events: list[Event]) -> None:
    """Claiming the space the stack stands on. A Location: turned upright, moved to the
    claimer's side, the claimer's Location Marker on it and its twin on the map (for a first claim
    as for a conquest: the marker shows who holds it). An Artifact: under the Hero, the space left
    empty. A Town or Creature Dwelling: its claimer's, with his marker."""
    refusal = claim_refusal(c, s, army, hero)
    if refusal is not None:
        raise IllegalActionError(*refusal)
    sp = s.spaces[army.hex]
    seat = army.owner
    before = sp.owner
    if is_artifact(c, sp.card):
        s.players[seat].artifacts.setdefault(hero, []).append(sp.card)
        events.append(Event("claim", f"{pname(seat)} claims {sp.card} at hex {sp.hex}: it goes under {hero}", None,
                            {"hex": sp.hex, "card": sp.card, "hero": hero}))
        sp.card = ""
        sp.emptied = True
        sp.marker = -1
        sp.marker_seat = NOBODY
        return
    if sp.under and before != NOBODY:  # cards waiting under a conquered Town are lost (ours)
        s.players[before].discard += sp.under
        sp.under = []
    sp.owner = seat
    sp.marker = s.take_marker()
    sp.marker_seat = seat
    taken = f" from {pname(before)}" if before != NOBODY else ""
    events.append(Event("claim", f"{pname(seat)} claims {sp.card} at hex {sp.hex}{taken}; {marker_word(sp.kind)} {sp.marker}",
                        None, {"hex": sp.hex, "card": sp.card, "from": before}))
