"""Reading what a client sends: a JSON body of at most 16 KB, its fields checked one by one, and
the seat token from the Authorization header or the query. Whatever is wrong is a Refused with
one line saying what (never an exception from deeper down)."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Collection
from typing import Any

from starlette.requests import ClientDisconnect, Request

from .errors import Refused, cut

MAX_BODY = 16 * 1024  # bytes of a request's body
MAX_ACTION = 1024  # bytes of an action's text
MAX_TEXT = 200  # characters of a seat's agent, an option's name or value
MAX_NAME = 40  # bytes of a seat's name


async def read_raw(request: Request) -> bytes:
    """The body, refused when it is longer than MAX_BODY (counted as it arrives: a client
    saying less than it sends gains nothing)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and (len(declared) > 9 or int(declared) > MAX_BODY):
        raise Refused(413, f"a request's body is at most {MAX_BODY:,} bytes")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise Refused(413, f"a request's body is at most {MAX_BODY:,} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # the answer goes nowhere; nothing failed here
        raise Refused(400, "the client went away before sending its body") from None
    return b"".join(chunks)


async def read_body(request: Request, fields: Collection[str]) -> dict[str, Any]:
    """The body as a JSON object holding no fields but ``fields``."""
    data = parse_json(await read_raw(request))
    odd = [key for key in data if key not in fields]
    if odd:
        raise Refused(422, f"unknown field {cut(odd[0])!r} (the fields are: {', '.join(sorted(fields))})")
    return data


async def read_form(request: Request) -> dict[str, str]:
    """A page's form (``application/x-www-form-urlencoded``, as browsers send it), as its
    fields (the last value of a field given twice)."""
    kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if kind != "application/x-www-form-urlencoded":
        raise Refused(415, "a page's form is sent as application/x-www-form-urlencoded")
    raw = await read_raw(request)
    try:
        pairs = urllib.parse.parse_qsl(raw.decode("utf-8"), keep_blank_values=True, max_num_fields=200,
                                       errors="strict")
    except UnicodeDecodeError:
        raise Refused(400, "the form is not UTF-8 text") from None
    except ValueError:
        raise Refused(400, "the form has more than 200 fields") from None
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        raise Refused(400, "the body is empty: send a JSON object")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise Refused(400, f"the body is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise Refused(400, "the body is not JSON we read: it is nested too deeply") from None
    except ValueError as exc:  # a number of more than 4,300 digits, NaN, Infinity
        raise Refused(400, f"the body is not JSON we read: {cut(str(exc), 80)}") from None
    if not isinstance(data, dict):
        raise Refused(400, "the body is a JSON object ({...})")
    return data


def whole(data: dict[str, Any], key: str) -> int | None:
    """The field ``key`` as a whole number, or None when it is absent."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(422, f"{key!r} is a whole number, not {_kind(value)}")
    return value


def text(value: Any, what: str, limit: int = MAX_TEXT) -> str:
    """``value`` as text of at most ``limit`` bytes of UTF-8, valid Unicode, with no control
    characters."""
    if not isinstance(value, str):
        raise Refused(422, f"{what} is text, not {_kind(value)}")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate ("\ud800")
        raise Refused(422, f"{what} is not valid Unicode text") from None
    if size > limit:
        raise Refused(422, f"{what} is at most {limit:,} bytes, not {size:,}")
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise Refused(422, f"{what} holds a control character")
    return value


def seat_names(value: Any) -> list[str]:
    """``names``: what each seat is called on the pages, in seat order, each a text or null
    (none); shown as given, escaped."""
    if not isinstance(value, list):
        raise Refused(422, f"'names' is a list of texts (or null), one per seat, not {_kind(value)}")
    return ["" if name is None else text(name, f"the name of seat {i}", MAX_NAME).strip()
            for i, name in enumerate(value)]


def _kind(value: Any) -> str:
    names = {bool: "true or false", int: "a number", float: "a number", str: "text", list: "a list",
             dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def token_of(request: Request) -> str | None:
    """The seat token: ``Authorization: Bearer TOKEN``, else ``?token=``; None for a spectator."""
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, value = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise Refused(401, "the Authorization header is written Bearer TOKEN")
        return value.strip()
    return request.query_params.get("token")
