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


class PositionError(BoardrulesError):
    """A position (``engine/positions.py``) that cannot be set up: ``field`` is the JSON path
    of the wrong value (``seats[1].tavern.knigth``), ``message`` says what is wrong with it;
    ``file``, when the position was read from one, is named first."""

    def __init__(self, field: str, message: str, file: str = "") -> None:
        self.field, self.message, self.file = field, message, file
        where = f"{file}: " if file else ""
        super().__init__(f"{where}{field}: {message}" if field else f"{where}{message}")

    def in_file(self, file: str) -> PositionError:
        """This error, naming the file it was read from."""
        return PositionError(self.field, self.message, file)
