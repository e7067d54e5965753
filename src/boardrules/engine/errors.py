"""Errors raised by the engine and the games. Each says what is wrong and where."""

from __future__ import annotations


class BoardrulesError(Exception):
    """Base class: every error boardrules raises on bad input is one of these."""


class ActionParseError(BoardrulesError):
    """The text of an action is malformed."""


class IllegalActionError(BoardrulesError):
    """A well-formed action that the rules do not allow now.

    ``rule`` names the rulebook section broken; ``reason`` says why in a player's words.
    """

    def __init__(self, reason: str, rule: str = "") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} [{rule}]" if rule else reason)


class ContentError(BoardrulesError):
    """A content data file is invalid: names the file, the entry and the field."""

    def __init__(self, file: str, entry: str, field: str, message: str) -> None:
        self.file, self.entry, self.field = file, entry, field
        where = f"{file}: entry {entry!r}" + (f", field {field!r}" if field else "")
        super().__init__(f"{where}: {message}")


class ReplayError(BoardrulesError):
    """A replay file is unreadable, of another version, or does not reproduce."""


class ReplayVersionError(ReplayError):
    """A replay recorded under other rules or content versions than this boardrules has."""


class UnknownGameError(BoardrulesError):
    """No game of that name is installed."""


class OptionError(BoardrulesError):
    """A game option, seat list or player count is not valid."""
