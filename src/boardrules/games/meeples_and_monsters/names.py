"""Words shared by the sections, the refusals and the terminal: player names and the article
before a card's printed name."""

from __future__ import annotations

from collections.abc import Callable

PLAYER_NAMES = tuple(f"Player {i + 1}" for i in range(8))
pname: Callable[[int], str] = PLAYER_NAMES.__getitem__  # "Player 1" for seat 0 (a C call: events are many)


def the(name: str) -> str:
    """``name`` after "the" in running text: a printed name that has its own article ("The
    Hollow King") keeps it, in lower case, instead of gaining a second one."""
    if name.startswith("The "):
        return "the " + name[4:]
    return "the " + name


def The(name: str) -> str:  # noqa: N802 (the capitalised form, at the start of a sentence)
    """``the(name)`` at the start of a sentence."""
    return "T" + the(name)[1:]
