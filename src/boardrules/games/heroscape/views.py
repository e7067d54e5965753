"""What each player may see: the battlefield, every figure, wounds, every army card, and the
order markers already revealed. Secret: where other players put their unrevealed markers."""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .figures import Figures
from .state import MARKERS, NO_CARD, REMOVED, SHState


def view(q: Figures, s: SHState, player: int | None) -> dict[str, Any]:
    bf = q.bf(s)
    figures = []
    for i, f in enumerate(s.figures):
        figures.append({
            "figure": q.fig_name(s, i), "owner": f.owner, "card": q.card(s, f.card).id,
            "at": q.place_name(s, f.spaces) if f.spaces else None, "wounds": f.wounds, "alive": f.alive,
        })
    markers = []
    for p in range(s.num_players):
        row: dict[str, str | None] = {}
        for k, m in enumerate(MARKERS):
            card = s.markers[p][k]
            if card == NO_CARD:
                row[m] = None
            elif p != player and not s.revealed[p][k]:
                row[m] = "hidden"  # face down (even once Mind Shackle has taken it off its card)
            else:
                row[m] = q.card(s, card).id if card != REMOVED else "removed"
        markers.append(row)
    return {
        "game": "heroscape",
        "battlefield": bf.name,
        "round": s.round,
        "rounds": s.max_rounds,
        "stage": s.stage,
        "you": player,
        "order": list(s.order),
        "turn": s.turn_index,
        "active_card": q.card(s, s.active_card).id if s.active_card != NO_CARD else None,
        "armies": [[q.card(s, c).id for c in s.cards_of(p)] for p in range(s.num_players)],
        "cards": [{"card": q.card(s, c).id, "controller": owner, "drafted_by": s.first_owner[c],
                   "attack_spirits": s.spirit_attack[c], "armor_spirits": s.spirit_defense[c],
                   "grenade_used": c in s.grenades} for c, (_, owner) in enumerate(s.cards)],
        "asking": ({"question": s.pending[0][0], "player": s.pending[0][1]} if s.pending else None),
        "pool": [q.c.cards[c].id for c in s.pool] if s.stage == "army" else [],
        "figures": figures,
        "markers": markers,
        "over": s.over,
    }


def determinize(q: Figures, s: SHState, player: int, rng: Rng) -> SHState:
    """Other players' unrevealed markers are dealt again, at random, on their living cards (as
    many of them as Mind Shackle took off cards stay off, at random); the dice to come are
    reseeded from ``rng`` (the draw count is kept)."""
    out = s.clone()
    out.cached = None
    out.rng = Rng(rng.next64(), draws=s.rng.draws)
    for p in range(s.num_players):
        if p == player:
            continue
        # on the living cards; a player with none left still has their hidden markers dealt again
        cards = q.living_cards(out, p) or s.cards_of(p)
        hidden = [k for k in range(len(MARKERS)) if out.markers[p][k] != NO_CARD and not out.revealed[p][k]]
        if not cards or not hidden:
            continue
        removed = sum(out.markers[p][k] == REMOVED for k in hidden)
        for k in hidden:
            out.markers[p][k] = cards[rng.below(len(cards))]
        for _ in range(removed):
            still = [k for k in hidden if out.markers[p][k] != REMOVED]
            out.markers[p][still[rng.below(len(still))]] = REMOVED
    return out
