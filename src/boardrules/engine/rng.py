"""Seeded randomness that lives in the game state.

A SplitMix64 generator: its whole state is one integer, so cloning a game state costs nothing
for its randomness, and the same seed gives the same game on every machine and Python version.
``draws`` counts the numbers drawn, which the engine uses to tell whether an action drew
randomness (such an action cannot be undone).
"""

from __future__ import annotations

from collections.abc import Container, MutableSequence, Sequence
from typing import Any, TypeVar

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
    def from_json(cls, data: Sequence[Any]) -> Rng:
        if len(data) > 2:  # a ScriptedRng with a script left
            return ScriptedRng(int(data[0]), int(data[1]), data[2], str(data[3]), int(data[4]))
        return cls(int(data[0]), int(data[1]))


class ScriptedRng(Rng):
    """A generator that answers from a script first, then as the seeded ``Rng`` it is: what a
    position (``engine/positions.py``) uses to force the dice and draws to come.

    An int in the script is the next result of ``below`` (and so of ``choice``, ``shuffle``
    and the dice built on them); a str is a named draw that a game's rule asks for with
    ``named`` (the kind of meeple drawn from a bag), and ``below`` passes it by. ``field``
    names the script in a position, for the error raised when a scripted value does not fit
    the draw it meets; ``used`` counts the entries consumed (that error gives its index).
    """

    __slots__ = ("script", "field", "used")

    def __init__(self, seed: int = 0, draws: int = 0, script: Sequence[int | str] = (), field: str = "script",
                 used: int = 0) -> None:
        super().__init__(seed, draws)
        self.script: tuple[int | str, ...] = tuple(script)
        self.field = field
        self.used = used

    def copy(self) -> ScriptedRng:
        return ScriptedRng(self.state, self.draws, self.script, self.field, self.used)

    def below(self, n: int) -> int:
        script = self.script
        if script and isinstance(script[0], int):
            value = script[0]
            if not 0 <= value < n:
                from .errors import PositionError

                raise PositionError(f"{self.field}[{self.used}]",
                                    f"the scripted {value} does not fit the draw it meets (0 to {n - 1})")
            self.script = script[1:]
            self.used += 1
            self.draws += 1
            return value
        return super().below(n)

    def named(self) -> str | None:
        """The next scripted named draw (consumed), or None when the script holds none now."""
        script = self.script
        if script and isinstance(script[0], str):
            self.script = script[1:]
            self.used += 1
            self.draws += 1
            return script[0]
        return None

    def named_first(self, fits: Container[str]) -> str | None:
        """The first scripted named draw that is one of ``fits``, taken out of the script (the
        entries before it wait for their own draws), or None when the script holds none: for a
        game whose named draws are of several kinds (a die's colour, a token of a pile), each
        draw taking the first entry it can draw."""
        script = self.script
        for k, x in enumerate(script):
            if isinstance(x, str) and x in fits:
                self.script = script[:k] + script[k + 1:]
                self.used += 1
                self.draws += 1
                return x
        return None

    def refuse(self, message: str) -> None:
        """Raise the position error for the named draw just consumed (it cannot be drawn)."""
        from .errors import PositionError

        raise PositionError(f"{self.field}[{self.used - 1}]", message)

    def to_json(self) -> list[Any]:  # type: ignore[override]
        # once the script is spent, the generator is the plain Rng it now is (same hash)
        if not self.script:
            return [self.state, self.draws]
        return [self.state, self.draws, list(self.script), self.field, self.used]
