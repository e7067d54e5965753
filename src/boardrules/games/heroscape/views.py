"""What each player may see: the battlefield, every figure, wounds, every army card, and the
order markers as they lie on the table: face down on army cards, so everyone sees how many sit on
each card (and how many Mind Shackle took off), never their numbers until revealed. While the
markers are being placed (secretly, simultaneously) another seat's placement is not shown: the
engine asks for them in the order 1, 2, 3, X, so a card seen under a new marker would tell its
number."""

from __future__ import annotations

from typing import Any

from ...engine import Rng
from .figures import Figures
from .state import MARKERS, NO_CARD, REMOVED, SHState


def face_down(s: SHState, ids: list[str], p: int) -> dict[str, Any]:
    """A seat's face-down order markers as the table sees them: how many on each of its army
    cards (``ids``: each army card's id), and how many Mind Shackle took off."""
    on = {ids[c]: 0 for c, (_, owner) in enumerate(s.cards) if owner == p}
    removed = 0
    revealed = s.revealed[p]
    for k, card in enumerate(s.markers[p]):
        if card == NO_CARD or revealed[k]:
            continue
        if card == REMOVED:
            removed += 1
        else:
            on[ids[card]] = on.get(ids[card], 0) + 1
    return {"on": on, "removed": removed}


def view(q: Figures, s: SHState, player: int | None) -> dict[str, Any]:
    bf = q.bf(s)
    ids = [q.c.cards[content].id for content, _ in s.cards]  # each army card's id
    figures = []
    for i, f in enumerate(s.figures):
        figures.append({
            "figure": q.fig_name(s, i), "owner": f.owner, "card": ids[f.card],
            "at": q.place_name(s, f.spaces) if f.spaces else None, "wounds": f.wounds, "alive": f.alive,
        })
    markers = []
    placing = s.stage == "markers"
    for p in range(s.num_players):
        row: dict[str, str | None] = {}
        for k, m in enumerate(MARKERS):
            card = s.markers[p][k]
            if card == NO_CARD:
                row[m] = None
            elif p != player and not s.revealed[p][k]:
                row[m] = "hidden"  # face down: its number is secret (where it lies is in face_down)
            else:
                row[m] = ids[card] if card != REMOVED else "removed"
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
        "active_card": ids[s.active_card] if s.active_card != NO_CARD else None,
        "armies": [[ids[c] for c in s.cards_of(p)] for p in range(s.num_players)],
        "cards": [{"card": ids[c], "controller": owner, "drafted_by": s.first_owner[c],
                   "attack_spirits": s.spirit_attack[c], "armor_spirits": s.spirit_defense[c],
                   "grenade_used": c in s.grenades} for c, (_, owner) in enumerate(s.cards)],
        "asking": ({"question": s.pending[0][0], "player": s.pending[0][1]} if s.pending else None),
        "pool": [q.c.cards[c].id for c in s.pool] if s.stage == "army" else [],
        "first_pick_rolls": [[list(roll) for roll in rolls] for rolls in s.pick_rolls],
        "figures": figures,
        "markers": markers,
        "face_down": [face_down(s, ids, p) if p == player or not placing else None
                      for p in range(s.num_players)],
        "over": s.over,
    }


def determinize(q: Figures, s: SHState, player: int, rng: Rng) -> SHState:
    """Every face-down marker of another player stays where it lies (on its card, or taken off
    by Mind Shackle): only which of the unrevealed numbers is which is drawn again, a random
    permutation of them among those places. While markers are being placed, where another
    seat's placed ones lie is unseen too: they are dealt again on the cards it may mark. The
    dice to come are reseeded from ``rng`` (the draw count is kept)."""
    out = s.clone()
    out.cached = None
    out.rng = Rng(rng.next64(), draws=s.rng.draws)
    placing = s.stage == "markers"
    for p in range(s.num_players):
        if p == player:
            continue
        hidden = [k for k in range(len(MARKERS)) if out.markers[p][k] != NO_CARD and not out.revealed[p][k]]
        if not hidden:
            continue
        if placing:  # unseen yet: any card the seat could have marked
            cards = q.living_cards(out, p) or s.cards_of(p)
            places = [cards[rng.below(len(cards))] for _ in hidden]
        else:  # the places are public; sorted, so the real order of the numbers leaves no trace
            places = sorted(out.markers[p][k] for k in hidden)
            rng.shuffle(places)
        for k, card in zip(hidden, places, strict=True):
            out.markers[p][k] = card
    return out
