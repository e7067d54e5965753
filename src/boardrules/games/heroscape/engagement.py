"""Adjacency and engagement (facts 3.6): two figures on adjacent spaces are adjacent unless one
figure's base is at a level equal to or above the other figure's Height above it; enemy figures
that are adjacent are engaged. Double-space figures count adjacency from both spaces."""

from __future__ import annotations

from collections.abc import Sequence

from .battlefield import Battlefield


def adjacent(bf: Battlefield, a: Sequence[int], ha: int, b: Sequence[int], hb: int) -> bool:
    """Are figures on spaces ``a`` (Height ``ha``) and ``b`` (Height ``hb``) adjacent?"""
    level = bf.level
    for x in a:
        adj = bf.adjacent[x]
        for y in b:
            if y in adj:
                diff = level[x] - level[y]
                if diff < hb and -diff < ha:
                    return True
    return False
