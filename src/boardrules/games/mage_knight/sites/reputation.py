"""The Reputation track (facts 5.6): from -7 (the X space) to +7, and the Influence modifier of
each space (the X space: no interaction at all, ``interaction.interaction_site``). Arcane Disguise
ignores Reputation effects for a turn (facts 3.5)."""

from __future__ import annotations

from ..game_state import REPUTATION_MAX, REPUTATION_MIN, PlayerState, has
from ..skills.consulted import DISGUISED

# Reputation -7..+7 -> Influence modifier; None is the X space (facts 5.6)
INFLUENCE_MODIFIER: dict[int, int | None] = {
    -7: None, -6: -5, -5: -3, -4: -2, -3: -1, -2: -1, -1: 0, 0: 0, 1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 5,
}


def reputation_modifier(p: PlayerState) -> int:
    """The Influence modifier of the player's Reputation (facts 5.6; the X space: no interaction,
    refused apart); 0 while Arcane Disguise ignores Reputation effects this turn (facts 3.5)."""
    if p.lasting and has(p, DISGUISED):
        return 0
    return INFLUENCE_MODIFIER[p.reputation] or 0


def change_reputation(p: PlayerState, delta: int) -> None:
    """The Reputation track runs from -7 (the X space) to +7."""
    p.reputation = max(REPUTATION_MIN, min(REPUTATION_MAX, p.reputation + delta))
