"""Seeded randomness that lives in the game state.

A SplitMix64 generator: its whole state is one integer, so cloning a game state costs nothing
for its randomness, and the same seed gives the same game on every machine and Python version.
``draws`` counts the numbers drawn, which the engine uses to tell whether an action drew
randomness (such an action cannot be undone).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & _MASK
        self.draws = draws

    def copy(self) -> Rng:
        return Rng(self.state, self.draws)

    def next64(self) -> int:
        self.draws += 1
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64() inlined: this is the hottest call of every game
        self.draws += 1
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def weighted_index(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to its (non-negative int) weight."""
        total = sum(weights)
        r = self.below(total)
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w
        raise AssertionError("unreachable")

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def to_json(self) -> list[int]:
        return [self.state, self.draws]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))
