"""The draws a position scripts (docs/positions.md, ``positions/``): a position's ``draws`` are
named draws of the engine's ``ScriptedRng``, each taken by the first draw of the game that can
draw it (``ScriptedRng.named_first``): a mana die rolled takes the first colour, a token drawn
from the green enemy pile the first green token still in it, and so on for the ruins tokens, a
tile from the unused ones and the Dummy player's Tactic; an entry waits for a draw of its own.
Legal actions are found by trying them on copies of the state: a copy's draws take entries of
the copy's script only. In a game not started from a position the generator is a plain ``Rng``
and every draw goes on as before: the check below is all it costs.
"""

from __future__ import annotations

from collections.abc import Collection

from ...engine import Rng, ScriptedRng


def scripted(rng: Rng, fits: Collection[str]) -> str | None:
    """The next scripted draw among ``fits`` (what can be drawn now), if a position scripted
    one; None: the draw is random, as always."""
    return rng.named_first(fits) if isinstance(rng, ScriptedRng) else None


def draw_from(rng: Rng, pile: list[str]) -> str:
    """An entry of ``pile`` taken at random (or the one a position scripted: the topmost of
    that name)."""
    name = scripted(rng, pile)
    if name is None:
        return pile.pop(rng.below(len(pile)))
    return pile.pop(len(pile) - 1 - pile[::-1].index(name))


__all__ = ["draw_from", "scripted"]
