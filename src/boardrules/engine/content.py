"""Reading validated content data files (TOML tables of entries checked by pydantic models).

Every failure is a ``ContentError`` naming the file, the entry and the field.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ValidationError

from .actions import is_action_word
from .errors import ContentError
from .files import MAX_CONTENT_BYTES, read_limited

M = TypeVar("M", bound=BaseModel)


def _check_word(value: str) -> str:
    if not (is_action_word(value) and value[0].isascii() and value[0].isalnum()):
        raise ValueError(
            f"{value!r} cannot be typed as a word of an action: use ASCII letters, digits "
            "and - _ : . + only, starting with a letter or digit (e.g. 'giant-rat')"
        )
    return value


# An id that players and replays type as a word of an action (``fight giant-rat``): content
# models use it for every id that appears in an action, so a bad one is refused at load.
ContentId = Annotated[str, AfterValidator(_check_word)]


def read_text(file: Path) -> str:
    """A content file's text: a regular file of at most MAX_CONTENT_BYTES (a device such as
    /dev/zero, a pipe, or a file of gigabytes is refused, naming it); ContentError otherwise."""
    try:
        raw = read_limited(file, MAX_CONTENT_BYTES)
    except FileNotFoundError:
        raise ContentError(file.name, "-", "", "the file is missing") from None
    except OSError as exc:
        raise ContentError(file.name, "-", "", f"cannot be read ({file}): {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(file.name, "-", "", f"not UTF-8 text (byte {exc.start}: {exc.reason})") from None


def read_toml(file: Path, text: str | None = None) -> dict[str, Any]:
    """A TOML file's data (of ``text``, its content already read, when given); ContentError
    when it is missing, unreadable or malformed."""
    if text is None:
        text = read_text(file)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file.name, "-", "", f"not valid TOML: {exc}") from None
    except ValueError:  # tomllib reads no integer of over 4300 digits (Python's int() limit)
        raise ContentError(file.name, "-", "", f"a number too long to read{_long_number(text)}") from None


def _long_number(text: str) -> str:
    """Where the first number of thousands of digits stands in ``text`` (" at line N"), if found."""
    for n, line in enumerate(text.splitlines(), start=1):
        if re.search(r"[0-9_]{4000}", line):
            return f" at line {n}"
    return ""


def read_entries(file: Path, table: str, text: str | None = None) -> list[dict[str, Any]]:
    """The ``[[table]]`` entries of a TOML file (or of its ``text``)."""
    entries = read_toml(file, text).get(table)
    if not isinstance(entries, list):
        raise ContentError(file.name, "-", table, f"expected a list of [[{table}]] tables")
    return entries


def entry_name(raw: Any, index: int, keys: Iterable[str] = ("id",)) -> str:
    """How an entry is named in errors: its first present key, else its position (#1, #2...)."""
    if not isinstance(raw, dict):
        return f"#{index}"
    for key in keys:
        value = raw.get(key)
        if value is not None and str(value).strip():
            return str(value) if str(value) == str(value).strip() else repr(value)
    return f"#{index}"


def validate(model: type[M], raw: Any, file: str, entry: str, table: str = "") -> M:
    """``model`` validated from ``raw``; ContentError names the first wrong field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or table
        raise ContentError(file, entry, field, err["msg"]) from None


def parse_entries(file: Path, table: str, model: type[M], keys: Iterable[str] = ("id",),
                  text: str | None = None) -> tuple[M, ...]:
    """Every ``[[table]]`` entry of ``file`` (or of its ``text``) validated as ``model``."""
    keys = tuple(keys)
    return tuple(
        validate(model, raw, file.name, entry_name(raw, i, keys), table)
        for i, raw in enumerate(read_entries(file, table, text), start=1)
    )


def check_unique(file: str, items: Iterable[Any], attr: str = "id") -> None:
    """No two entries share ``attr``."""
    seen: set[str] = set()
    for item in items:
        key = getattr(item, attr)
        if key in seen:
            raise ContentError(file, str(key), attr, "this id is used twice")
        seen.add(key)


def digest_files(files: Iterable[Path]) -> str:
    """A short digest of the content files that exist (the content version in replays)."""
    h = hashlib.sha256()
    for p in files:
        if p.exists():
            h.update(read_limited(p, MAX_CONTENT_BYTES))
    return h.hexdigest()[:12]


def digest_text(text: str) -> str:
    """The digest ``digest_files`` gives a file holding ``text``."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
