"""What each viewer is shown of the decider's action: a card of the decider's hand or deck that
the action names is shown only if the action puts it where every player sees it (played,
discarded, thrown away, or in the play being put together); else it reads "a card"."""

from __future__ import annotations

from ....engine import Action, IllegalActionError
from ..content import Tables
from ..game_state import MKState
from .turn import apply_turn_action, decider

HAND_WORDS = ("play", "power", "throw", "discard", "rest", "rethink", "prepare", "meditate", "offer", "shed",
              "return", "harvest", "return-discard")  # name a card of the hand or deck


def _seen(m: MKState, player: int, card: str) -> int:
    """How many copies of ``card`` of the player's lie where every player sees them: the play
    area, the discard pile, thrown away, or the play being put together."""
    p = m.g.players[player]
    pending = sum(1 for step in m.play[:1] + m.play[2:] if card in step) if m.play else 0
    banners = sum(1 for b in p.banners.values() if b.partition(":")[0] == card)  # under a Unit, face up
    return p.play_area.count(card) + p.discard.count(card) + p.thrown.count(card) + pending + banners


def action_text(t: Tables, m: MKState, a: Action, viewer: int | None) -> str:
    """What ``viewer`` is shown of the decider's action ``a``: a card of the decider's hand that
    the action names is shown only if the action puts it where everyone sees it (played,
    discarded, thrown away, or in the play being put together); else it reads "a card"."""
    player = decider(t, m)
    p = m.g.players[player]
    if viewer == player or a.name not in HAND_WORDS or not any(w in p.hand or w in p.deck for w in a.args):
        return a.text
    after = m.clone()
    try:
        apply_turn_action(t, after, a, [])
    except (IllegalActionError, IndexError, KeyError, ValueError):  # not an answer of now
        return a.text
    words = [w if not (w in p.hand or w in p.deck) or _seen(after, player, w) > _seen(m, player, w) else "a-card"
             for w in a.args]
    return " ".join((a.name, *words))


__all__ = ["action_text"]
