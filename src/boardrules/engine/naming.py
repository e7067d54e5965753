"""Words every game uses to name things to a player: seats, and words the player typed."""

from __future__ import annotations

from collections.abc import Callable

MAX_SEATS = 16  # far more than any game seats
PLAYER_NAMES = tuple(f"Player {i + 1}" for i in range(MAX_SEATS))
pname: Callable[[int], str] = PLAYER_NAMES.__getitem__  # "Player 1" for seat 0 (a C call: events are many)


def quoted(text: str, limit: int = 24) -> str:
    """A word the player typed, quoted, and cut short when it is long (a 5,000-character word
    echoed back helps nobody)."""
    return repr(text if len(text) <= limit else text[:limit - 4] + "...")
