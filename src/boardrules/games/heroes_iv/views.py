"""What each player sees, and determinization. Public: the map, the spaces with their cards,
markers and Guard Stacks, every Army Stack, the discard stacks, the cards kept aside, the
Artifacts under the Heroes, how many cards each deck, hand and Adventure Stack holds, what a
deck made again from its discard stack can hold (``deck_from``), and while the map is built the
section flipped to be attached (``section_flipped``). Hidden: the other players' hands and
Adventure Stacks, every deck's order, the map sections still face down."""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .battle import describe
from .state import H4State, Space


def turned(sp: Space, is_location: bool) -> str:
    """How a space's card lies: a Location sideways to read "Unclaimed" until claimed, then
    upright; an Artifact any way (Defining Locations); a Guard Stack sideways to read "Protect"."""
    if not sp.card or not is_location:
        return ""
    return "upright" if sp.owner >= 0 else "Unclaimed"


def flipped_section(s: H4State) -> str | None:
    """Setting Up (facts 5.2 step 2: "each flips one and attaches it"): the section on top of the
    face-down ones lies face up while its builder chooses where it goes."""
    return s.sections_left[-1] if s.stage == "build" and s.sections_left else None


def view(s: H4State, viewer: int | None, locations: frozenset[str] = frozenset()) -> dict[str, Any]:
    players = []
    for seat, p in enumerate(s.players):
        mine = seat == viewer
        players.append({
            "alignment": p.alignment,
            "decklist": [list(e) for e in s.decklists[seat]] if s.decklists else [],
            "deck": len(p.deck),
            "hand": sorted(p.hand) if mine else len(p.hand),
            "adventure": sorted(p.adventure) if mine else len(p.adventure),
            "discard": list(p.discard),
            "aside": list(p.aside),
            "deck_from": None if p.known is None else list(p.known),
            "artifacts": {h: list(a) for h, a in sorted(p.artifacts.items())},
        })
    return {
        "round": s.turn, "rounds": s.rounds, "stage": s.stage, "current": s.current, "first": s.first, "over": s.over,
        "map": [list(x) for x in s.placed], "section_flipped": flipped_section(s),
        "sections_face_down": len(s.sections_left) - (flipped_section(s) is not None),
        "spaces": {str(h): {"kind": sp.kind, "card": sp.card, "owner": sp.owner, "marker": sp.marker,
                            "marker_of": sp.marker_seat, "guards": list(sp.guards), "guarding": sp.guarding,
                            "turned": turned(sp, sp.card in locations),
                            "protect": bool(sp.guards), "under": list(sp.under), "emptied": sp.emptied}
                   for h, sp in sorted(s.spaces.items())},
        "armies": [{"owner": a.owner, "marker": a.marker, "hex": a.hex, "cards": list(a.cards), "mp": a.mp,
                    "moved": a.moved} for a in s.armies],
        "pending": [list(f) for f in s.pending],
        "buying": list(s.buying),
        "players": players,
        "draws": s.rng.draws,
        "battle": battle_view(s),
    }


def battle_view(s: H4State) -> dict[str, Any] | None:
    """Nothing in a battle is hidden but the dice to come (battle.md)."""
    if s.battle is None:
        return None
    out = s.battle.to_json()
    del out["rng"]
    out["lines"] = describe(s.battle)
    return out


def _common(a: list[str], b: list[str]) -> list[str]:
    """The cards of ``a`` that ``b`` holds too, as many times as both hold them (sorted)."""
    rest = b[:]
    out = []
    for k in a:
        if k in rest:
            rest.remove(k)
            out.append(k)
    return out


def determinize(s: H4State, viewer: int, rng: Rng) -> H4State:
    """A state agreeing with what ``viewer`` knows: each other player's unseen cards (deck, hand,
    Adventure Stack) dealt again from their pool (a deck made again from the discard stack only from
    the cards that stack showed), the viewer's own deck reshuffled, the face-down
    map sections reshuffled under the one flipped to be attached, and the future randomness
    reseeded (keeping the draw count)."""
    out = s.clone()
    for seat, p in enumerate(out.players):
        if seat == viewer:
            p.deck.sort()
            rng.shuffle(p.deck)
            continue
        pool = sorted(p.deck + p.hand + p.adventure)
        nd, nh = len(p.deck), len(p.hand)
        if p.known is not None:  # the deck is drawn from what its discard stack showed
            candidates = _common(pool, p.known)
            rng.shuffle(candidates)
            p.deck = candidates[:nd]
            for k in p.deck:
                pool.remove(k)
            rng.shuffle(pool)
            p.hand, p.adventure = pool[:nh], pool[nh:]
            continue
        rng.shuffle(pool)
        p.hand, p.adventure, p.deck = pool[:nh], pool[nh:len(pool) - nd], pool[len(pool) - nd:]
    flipped = flipped_section(out)
    down = out.sections_left[:-1] if flipped is not None else out.sections_left
    down.sort()
    rng.shuffle(down)
    out.sections_left = down + ([flipped] if flipped is not None else [])
    out.rng = Rng(rng.next64(), s.rng.draws)
    out.cached = None
    if out.battle is not None:
        out.battle.rng = out.rng
        out.battle.cached = None
    return out
