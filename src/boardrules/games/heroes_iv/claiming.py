"""Entering spaces and claiming them (rulebook excerpt: Defining Locations, Conquering Enemy
Locations): a stack entering a space must first defeat the enemy stacks and Guards there; only a
stack with a Hero claims a Location or an Artifact (any stack claims a Town or a Creature
Dwelling); a claimed Location is turned upright and gets its claimer's marker, a claimed
Artifact goes under the Hero who claimed it."""

from __future__ import annotations

from ...engine import Event, IllegalActionError
from .content import Content
from .fight import Side, fight
from .guards import guard_controller
from .queries import has_hero, is_artifact, is_hero, is_location, pname
from .state import NOBODY, Army, H4State


def bury(c: Content, s: H4State, seat: int, cards: list[str]) -> None:
    """Cards killed in battle go to their owner's discard stack, with the Artifacts of a killed
    Hero (ours)."""
    p = s.players[seat]
    for k in cards:
        p.discard.append(k)
        if is_hero(c, k):
            p.discard += p.artifacts.pop(k, [])


def _casualties(before: tuple[str, ...], left: tuple[str, ...]) -> list[str]:
    out = list(before)
    for k in left:
        out.remove(k)
    return out


def enter(c: Content, s: H4State, army: Army, events: list[Event]) -> None:
    """An Army Stack entering a hex fights the enemy Army Stacks there, then the Guards."""
    hex = army.hex
    for enemy in [a for a in s.armies_at(hex) if a.owner != army.owner]:
        sp = s.spaces.get(hex)
        town = sp.card if sp is not None and sp.kind == "town" and sp.owner == enemy.owner else ""
        out = fight(c, Side(army.owner, army.owner, tuple(army.cards)), Side(enemy.owner, enemy.owner,
                                                                              tuple(enemy.cards)), town)
        _settle(c, s, army, out.aggressor_left, events)
        bury(c, s, enemy.owner, _casualties(tuple(enemy.cards), out.defender_left))
        enemy.cards = list(out.defender_left)
        if not enemy.cards:
            s.armies.remove(enemy)
        events.append(Event("battle", f"{pname(army.owner)}'s Army Stack {army.marker} "
                            f"{'defeats' if out.aggressor_won else 'is beaten by'} {pname(enemy.owner)}'s Army Stack "
                            f"{enemy.marker} at hex {hex}", None, {"hex": hex, "won": out.aggressor_won}))
        if not out.aggressor_won:
            return
    sp = s.spaces.get(hex)
    if sp is not None and sp.guards:
        controller = guard_controller(s, sp, army.owner)
        out = fight(c, Side(army.owner, army.owner, tuple(army.cards)), Side(controller, NOBODY, tuple(sp.guards)))
        _settle(c, s, army, out.aggressor_left, events)
        s.players[sp.guarding].discard += _casualties(tuple(sp.guards), out.defender_left)
        sp.guards = list(out.defender_left)
        if not sp.guards:
            sp.guarding = NOBODY
        events.append(Event("battle", f"{pname(army.owner)}'s Army Stack {army.marker} "
                            f"{'defeats' if out.aggressor_won else 'is beaten by'} the Guards at hex {hex} "
                            f"(controlled by {pname(controller)})", None,
                            {"hex": hex, "won": out.aggressor_won, "controller": controller}))


def _settle(c: Content, s: H4State, army: Army, left: tuple[str, ...], events: list[Event]) -> None:
    bury(c, s, army.owner, _casualties(tuple(army.cards), left))
    army.cards = list(left)
    if not army.cards:
        s.armies.remove(army)


def claim_refusal(c: Content, s: H4State, army: Army, hero: str = "") -> tuple[str, str] | None:
    """Why this stack cannot claim the space it stands on (reason, rule), or None."""
    sp = s.spaces.get(army.hex)
    if sp is None:
        return (f"hex {army.hex} holds no Town, Creature Dwelling or Location Space", "Defining Locations")
    if not sp.card:
        what = "its Artifact has been claimed" if sp.emptied else "it has not been defined"
        return (f"there is nothing to claim at hex {army.hex}: {what}", "Defining Locations")
    if sp.owner == army.owner:
        return (f"you already hold the space at hex {army.hex}", "Conquering Enemy Locations")
    if sp.guards:
        return ("they must defeat whatever guards are present before they can claim", "Defining Locations")
    if any(a.owner != army.owner for a in s.armies_at(army.hex)):
        return ("enemy Army Stacks are present: you must defeat them in battle before you may claim",
                "Conquering Enemy Locations")
    card = sp.card
    if (is_location(c, card) or is_artifact(c, card)) and not has_hero(c, army.cards):
        kind = "a Location" if is_location(c, card) else "an Artifact"
        return (f"only an Army Stack with a Hero can claim {kind}: Army Stack {army.marker} has none",
                "Defining Locations")
    if is_artifact(c, card):
        if not hero:
            return ("name the Hero who claims the Artifact: it goes underneath his card", "Defining Locations")
        if hero not in army.cards or not is_hero(c, hero):
            return (f"{hero} is not a Hero in Army Stack {army.marker}", "Defining Locations")
    elif hero:
        return (f"only an Artifact goes under a Hero; claim the {sp.kind} without naming one", "Defining Locations")
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
    events.append(Event("claim", f"{pname(seat)} claims {sp.card} at hex {sp.hex}{taken}; Location Marker {sp.marker}",
                        None, {"hex": sp.hex, "card": sp.card, "from": before}))
