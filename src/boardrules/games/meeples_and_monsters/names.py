"""Words shared by the sections, the refusals and the terminal: player names (the engine's,
shared by every game) and the article before a card's printed name."""

from __future__ import annotations

from ...engine.naming import pname as pname


def the(name: str) -> str:
    """``name`` after "the" in running text: a printed name that has its own article ("The
    Hollow King") keeps it, in lower case, instead of gaining a second one."""
    if name.startswith("The "):
        return "the " + name[4:]
    return "the " + name


def The(name: str) -> str:  # noqa: N802 (the capitalised form, at the start of a sentence)
    """``the(name)`` at the start of a sentence."""
    return "T" + the(name)[1:]
