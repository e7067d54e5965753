"""A turn's obligation (facts 5.4 "A turn"): any turn must play or discard at least one card,
unless it started with an empty hand. A hero holding only Wounds who has played nothing can
never play a card this turn, so the only turn left is a Rest (Slow Recovery, which discards a
Wound) or, with an empty deck, announcing the End of the Round: no movement and no action.
"""

from __future__ import annotations

from ..cards.deck import WOUND
from ..game_state import PlayerState

RULE = "A turn"
ONLY_REST = "with only Wounds in hand and no card played, this turn can only be a Rest (Slow Recovery): " \
            "a turn must play or discard at least one card"


def only_rest_left(p: PlayerState) -> bool:
    """Facts 5.4 "A turn" (a turn must play or discard a card): whether this turn can no longer be
    a regular turn (no movement, no action), the hand being only Wounds."""
    return p.must_play and not p.play_area and not p.rested and bool(p.hand) and all(c == WOUND for c in p.hand)


__all__ = ["ONLY_REST", "RULE", "only_rest_left"]
