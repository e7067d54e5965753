"""What the server refuses, and how it says so: an HTTP status and one line for the client."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A request the server will not carry out: ``status`` (4xx, or 503 for a game that cannot
    go on), ``message`` (one line, for a player), and ``extra`` fields of the JSON answer (the
    current move of a stale request, the rule an illegal action breaks)."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {"error": self.message, **self.extra}


def cut(text: str, limit: int = 40) -> str:
    """A text from a client, shortened for a message (it is shown with repr: odd characters
    escaped)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."
