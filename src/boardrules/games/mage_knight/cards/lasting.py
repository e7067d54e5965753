"""What the Hero and Advanced Action cards leave for later (facts 2.3, 3.1): a card's change that
lasts the turn is an entry (kind, detail, N) of ``PlayerState.lasting``, added by ``_last``; the
kinds are named by the modules of their families (``terrain_cards``, ``end_of_turn_cards``,
``combat_cards``, ``ambush``, ``influence_cards``, ``savage_harvesting``...), read where the rule
applies. Played cards are in sight of everyone, so nothing there is hidden. Also the rule the
Action cards' refusals name.
"""

from __future__ import annotations

from ..game_state import GameState
from .played import Played

RULE = "Advanced Actions"


def _last(s: GameState, player: int, *entries: tuple[str, str, int]) -> None:
    p = s.players[player]
    p.lasting = (*p.lasting, *entries)


def _card_id(card: Played) -> str:
    return getattr(card, "id", "")
