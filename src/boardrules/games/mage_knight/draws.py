"""The draws a position scripts (docs/positions.md, ``positions/``): a position's ``draws`` are
named draws of the engine's ``ScriptedRng``, each answering the next draw of the game that asks
for one by name: a mana die rolled (its colour), an enemy token, a ruins token, a tile from the
unused ones, the Dummy player's Tactic. In a game not started from a position the generator is
a plain ``Rng`` and every draw goes on as before: the check below is all it costs.
"""

from __future__ import annotations

from collections.abc import Collection

from ...engine import Rng, ScriptedRng
from ...engine.positions import shown


def scripted(rng: Rng, fits: Collection[str], what: str) -> str | None:
    """The next scripted draw, if a position scripted one (``ScriptedRng.named``), checked to
    be one of ``fits`` (what can be drawn now); None: the draw is random, as always. A scripted
    name that cannot be drawn here stops the game with a PositionError naming the entry."""
    if not isinstance(rng, ScriptedRng):
        return None
    name = rng.named()
    if name is not None and name not in fits:
        left = sorted(set(fits))
        rng.refuse(f"{shown(name)} cannot answer the draw it meets: {what} (one of "
                   f"{', '.join(left[:8])}{', ...' if len(left) > 8 else ''})")
    return name


def draw_from(rng: Rng, pile: list[str], what: str) -> str:
    """An entry of ``pile`` taken at random (or the one a position scripted: the topmost of
    that name)."""
    name = scripted(rng, pile, what)
    if name is None:
        return pile.pop(rng.below(len(pile)))
    return pile.pop(len(pile) - 1 - pile[::-1].index(name))


__all__ = ["draw_from", "scripted"]
