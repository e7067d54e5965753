"""Actions: small immutable values with a canonical text form that round-trips.

An action is a name followed by zero or more arguments, separated by single spaces:
``assign knight villages-2``, ``conquer -1`` or ``done``. ``Action.parse(str(a)) == a`` always holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .errors import ActionParseError

# a word may open with a minus sign, so that a negative number typed as an argument parses and
# the game can say there is no such thing, rather than the word being refused as malformed
_TOKEN = re.compile(r"-?[A-Za-z0-9][A-Za-z0-9_:.+\-]*\Z", re.ASCII)


def is_action_word(text: str) -> bool:
    """Whether ``text`` can stand as one word of an action's text form."""
    return isinstance(text, str) and _TOKEN.match(text) is not None


def _cut(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, slots=True, order=True)
class Action:
    name: str
    args: tuple[str, ...] = ()

    @classmethod
    def of(cls, name: str, *args: object) -> Action:
        """Build an action from a name and arguments (numbers become their text)."""
        return cls(name, tuple(str(a) for a in args))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text form; raises ActionParseError on malformed text."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action must be text, not {type(text).__name__}")
        tokens = text.split()
        if not tokens:
            raise ActionParseError("empty action: type an action's text or its number")
        for tok in tokens:
            if not _TOKEN.match(tok):
                raise ActionParseError(
                    f"malformed action {_cut(text)!r}: {_cut(tok)!r} is not a valid word "
                    "(letters, digits and - _ : . + only, opening with a letter, a digit or -)"
                )
        return cls(tokens[0].lower(), tuple(tokens[1:]))

    @property
    def text(self) -> str:
        return " ".join((self.name, *self.args)) if self.args else self.name

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"


@lru_cache(maxsize=8192)
def shared_action(name: str, *args: str) -> Action:
    """The Action ``name args``, made once and shared: actions are immutable values, and a game
    that offers the same ones turn after turn need not build them again."""
    return Action(name, args)
