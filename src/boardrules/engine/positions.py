"""Positions: a game set up by hand, as a JSON document that says what is where, whose turn it
is, which decision is asked, and what the dice and draws to come will give (docs/positions.md).

Every position has the same envelope, read by ``Game.load_position``::

    {"game": NAME, "players": N, "seed": S, "options": {...}, "rng": [STATE, DRAWS], ...}

A position starts from ``new_state(players, seed, options)``; the game's own fields (checked
by its ``PositionFormat``, a pydantic model) say what differs. Every refusal is one
``PositionError`` whose text names the JSON path of the wrong value.
"""

from __future__ import annotations

import json
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import PositionError
from .files import read_limited

S = TypeVar("S")
M = TypeVar("M", bound=BaseModel)

ENVELOPE = ("game", "players", "seed", "options", "rng")
MAX_POSITION_BYTES = 1 << 20  # a position of the largest game is a few kB
MAX_SCRIPT = 10_000  # scripted dice or draws: far more than any game uses


class Fields(BaseModel):
    """The base of a game's position model: unknown fields are refused, none is coerced from
    another type (a count is a JSON number, not the text "2")."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PositionFormat(ABC, Generic[S]):
    """One game's position format: the model of its fields and how they change a new state.

    ``model`` validates the game's fields (everything but the envelope); ``apply`` sets them on
    a state fresh from ``new_state`` and checks what a model cannot (ids of the content, counts
    that must add up), raising PositionError naming the field; ``dump`` writes a state's fields
    back (a dumped position loads to the same state hash)."""

    model: ClassVar[type[Fields]]

    def __init__(self, game: Any, content: Any) -> None:
        self.game = game  # the game class, which runs the automatic steps once a position is set
        self.content = content  # the game's content tables (a subclass names their type)

    @abstractmethod
    def apply(self, state: S, fields: Any) -> None:
        """Set ``fields`` (an instance of ``model``) on ``state``."""

    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """The game's fields of ``state``, as ``model`` reads them."""

    @abstractmethod
    def example(self) -> dict[str, Any]:
        """A small example position (the envelope included) that loads and plays on."""


def json_path(loc: Iterable[int | str]) -> str:
    """A pydantic location as a JSON path: ``("seats", 1, "tavern")`` -> ``seats[1].tavern``
    (a key of the file's own escaped, as ``shown`` does)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{escaped(part)}" if out else escaped(str(part))
    return out


def escaped(text: str) -> str:
    """``text`` with every control or bidirectional character written as its escape."""
    return "".join(c if unicodedata.category(c)[0] != "C" else c.encode("unicode_escape").decode() for c in text)


def shown(value: object, limit: int = 40) -> str:
    """A value as an error shows it: quoted and escaped (no control or bidirectional character
    reaches the terminal), cut short, and a huge number described rather than printed."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {round(value.bit_length() * 0.30103)} digits"
    text = escaped(repr(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def validate_fields(model: type[M], raw: Mapping[str, Any]) -> M:
    """``raw`` checked by ``model``; PositionError names the first wrong field."""
    try:
        return model.model_validate(dict(raw))
    except ValidationError as exc:
        err = exc.errors()[0]
        path = json_path(err["loc"])
        if err["type"] == "extra_forbidden":
            known = ", ".join(sorted(set(model.model_fields) | set(ENVELOPE)))
            raise PositionError(path, f"no such field (known: {known})") from None
        msg = err["msg"]
        if "input" in err and err["type"] not in ("missing",):
            msg = f"{msg}, not {shown(err['input'])}"
        raise PositionError(path, msg) from None


def check_seats(players: int, seats: Sequence[Any] | None, **named: int | None) -> None:
    """The seats a position names (``current=2``) exist in a game of ``players``, and its list of
    ``seats`` has one entry per player; PositionError naming the field otherwise."""
    for name, seat in named.items():
        if seat is not None and seat >= players:
            raise PositionError(name, f"there is no seat {seat} in a game of {players} (seats 0 to {players - 1})")
    if seats is not None and len(seats) != players:
        raise PositionError("seats", f"a game of {players} players has {players} seats, not {len(seats)}")


def one_of(field: str, value: str, known: Sequence[str], what: str) -> int:
    """The index of ``value`` among ``known``; PositionError naming ``field`` otherwise."""
    try:
        return list(known).index(value)
    except ValueError:
        listed = ", ".join(known[:8]) + (", ..." if len(known) > 8 else "")
        raise PositionError(field, f"{shown(value)} is not {what} ({listed})") from None


def read_position(path: str | Path) -> dict[str, Any]:
    """A position file's JSON object; PositionError naming the file when it is not one."""
    p = Path(path)
    name = str(path)
    try:
        data = json.loads(read_limited(p, MAX_POSITION_BYTES).decode("utf-8"))
    except FileNotFoundError:
        raise PositionError("", "no such file", name) from None
    except UnicodeDecodeError as exc:
        raise PositionError("", f"not UTF-8 text (byte {exc.start}: {exc.reason})", name) from None
    except OSError as exc:
        raise PositionError("", f"cannot be read: {exc.strerror or exc}", name) from None
    except json.JSONDecodeError as exc:
        raise PositionError("", f"not a position (invalid JSON at line {exc.lineno}: {exc.msg})", name) from None
    except RecursionError:
        raise PositionError("", "not a position (nested too deeply)", name) from None
    except ValueError:  # json refuses a number of more than 4,300 digits
        raise PositionError("", "not a position (a number in it is too long to read)", name) from None
    if not isinstance(data, dict):
        raise PositionError("", "not a position (expected a JSON object)", name)
    return data
