"""The replay viewer, the upload of a replay file, and a catalogue entry's text on a tap
(docs/server.md, "The replay viewer").

- ``GET /games/{id}/replay?move=N&seat=K``: the game after N decisions, as seat K (from 0) or a
  spectator (no seat) sees it: the board, the panels and the log up to that move, with a slider
  and previous/next links (every position has its own address). While the game goes on, only
  the spectator's view, up to the current move.
- ``GET /replays``: the upload form; ``POST /replays`` checks the file as ``boardrules replay``
  does and answers 303 to ``/replays/{digest}``, the same viewer over that replay. Uploaded
  replays are kept in memory (the latest ``KEPT_UPLOADS``), by a digest of their content:
  uploading the file again gives the same address back.
- ``GET /games/{id}/entry?ref=KIND:ID`` (and ``/replays/{digest}/entry``): the text of one entry of
  the game's catalogue, what a tap on a board element with that ref shows in ``#entry``.

An htmx request (the slider, a tap) gets the part that changes; any other the whole page.
"""

from __future__ import annotations

import email.parser
import email.policy
import logging
import urllib.parse
from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import RedirectResponse, Response

from ..engine import Entry
from .board_svg import Marks
from .errors import Refused, cut
from .pages import HEADERS, LOG_SHOWN, Pages, is_htmx, page
from .reels import (
    KEPT,
    KEPT_UPLOADS,
    MAX_UPLOAD,
    Reel,
    Reels,
    read_replay,
    reel_of_replay,
    reel_of_table,
    replay_key,
)

log = logging.getLogger("boardrules.web")

MAX_REF = 200  # characters of a ref asked for
SLACK = 64 * 1024  # bytes of a form's body besides its file


def whole_param(raw: str, what: str, top: int, hint: str) -> int:
    """A query's number from 0 to ``top``; Refused 422 (not a number) or 404 (out of range)."""
    raw = raw.strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 12):
        raise Refused(422, f"the {what} is a whole number from 0 to {top} ({hint}), not {cut(raw)!r}")
    value = int(raw)
    if value > top:
        raise Refused(404, f"there is no {what} {value} here: it goes from 0 to {top} ({hint})")
    return value


def address(base: str, move: int, seat: int | None) -> str:
    return f"{base}?move={move}" + ("" if seat is None else f"&seat={seat}")


def view_at(pages: Pages, reel: Reel, base: str, entry: str, query: Mapping[str, str], running: bool) -> dict[str, Any]:
    """What the viewer draws for the query's move and seat (the last move and a spectator when
    not given)."""
    moves = reel.moves
    raw_move = query.get("move", "")
    move = moves if raw_move == "" else whole_param(raw_move, "move", moves, "the decisions played so far")
    raw_seat = query.get("seat", "")
    seat: int | None = None
    if raw_seat != "":
        if not reel.open:
            raise Refused(403, "while the game goes on its replay shows only the spectator's view: a seat's "
                          "view would show that seat's hidden cards to anyone; leave out 'seat'")
        seat = whole_param(raw_seat, "seat", len(reel.seats) - 1, "seat 0 is Player 1; no seat: a spectator")
    game = reel.game
    state = reel.state_at(move)
    view = game.view(state, seat)
    svg = None
    try:
        scene = game.scene(view, seat)
        if scene is not None:
            svg = pages.drawer(game).draw(scene, Marks(), entry)
    except Exception:  # a board that fails to draw: the panels and the log stay
        log.exception("the board of %s at move %s could not be drawn", base, move)
    texts = reel.texts[seat]
    first = max(0, move - LOG_SHOWN)
    entries = [{"n": i, "seat": reel.steps[i][0], "text": texts[i], "href": address(base, i + 1, seat)}
               for i in range(move - 1, first - 1, -1)]  # the newest first
    standing = game.standing(state, seat)
    result = game.result(state) if game.decision(state) is None else None
    return {"r": {
        "title": reel.title, "base": base, "move": move, "moves": moves, "seat": seat, "open": reel.open,
        "running": running, "over": reel.over,
        "seats": [{"seat": i, "player": p, "name": n} for i, (p, n) in enumerate(zip(reel.seats, reel.names, strict=True))],
        "prev": address(base, move - 1, seat) if move > 0 else None,
        "next": address(base, move + 1, seat) if move < moves else None,
        "here": address(base, move, seat),
        "standing": standing, "result": result, "log": entries, "log_hidden": first,
    }, "svg": svg, "board": pages.renderer(game).board(view), "entry": None}


def entry_answer(request: Request, pages: Pages, reel_game: Any, raw: str) -> Response:
    """The text of the catalogue entry ``raw`` names: the part for ``#entry`` (an htmx tap,
    answered 200 even when there is none: a 4xx would be a console error), or a page."""
    entry: Entry | None = None
    message = ""
    if not raw or len(raw) > MAX_REF:
        message = f"a ref names one entry of the catalogue, as kind:id, in at most {MAX_REF} characters"
    else:
        entry = pages.drawer(reel_game).entry_of(raw)
        if entry is None:
            message = f"{reel_game.title} has no catalogue entry {cut(raw)!r}"
    if is_htmx(request):
        return page("entry.html", entry=entry, message=message)
    if entry is None:
        raise Refused(404, message)
    return page("entry_page.html", entry=entry, message="", title=reel_game.title)


async def read_upload(request: Request) -> tuple[str, bytes]:
    """The file of the upload form (``multipart/form-data``, field ``replay``): its name and bytes."""
    kind = request.headers.get("content-type", "")
    if kind.partition(";")[0].strip().lower() != "multipart/form-data":
        raise Refused(415, "a replay is sent as the upload form sends it (multipart/form-data, the field 'replay')")
    declared = request.headers.get("content-length", "")
    limit = MAX_UPLOAD + SLACK
    too_big = Refused(413, f"the file is larger than {MAX_UPLOAD // (1024 * 1024)} MB, the most a replay may be here")
    if declared.isdigit() and (len(declared) > 12 or int(declared) > limit):
        raise too_big
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_big
            chunks.append(chunk)
    except ClientDisconnect:
        raise Refused(400, "the client went away before sending the file") from None
    head = f"Content-Type: {kind}\r\n\r\n".encode("latin-1", "replace")
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + b"".join(chunks))
    if not message.is_multipart():
        raise Refused(400, "the form could not be read: it is not multipart/form-data as it says")
    for part in message.iter_parts():  # type: ignore[attr-defined]
        if part.get_param("name", header="content-disposition") == "replay":
            name = str(part.get_filename() or "the file")
            data = part.get_payload(decode=True)
            if isinstance(data, bytes) and len(data) > MAX_UPLOAD:
                raise too_big
            if not isinstance(data, bytes) or not data.strip():
                raise Refused(422, f"{cut(name)}: the file is empty; choose a replay file")
            return cut(name, 60), data
    raise Refused(422, "choose a replay file (the field 'replay' of the form)")


def add_viewer(app: Any, pages: Pages) -> None:
    """The viewer's pages, on ``app``, drawing with ``pages``."""
    registry = pages.registry
    games = Reels(KEPT)  # the server's games, each as it stood at a move of its log
    uploads = Reels(KEPT_UPLOADS)

    def table_reel(game_id: str) -> tuple[Reel, bool]:
        table = registry.get(game_id)
        stamp = (table.move, table.over)  # a game that moved on (or was undone) is made again
        reel = games.get(game_id, stamp, lambda: reel_of_table(table))
        assert reel is not None
        return reel, not reel.over

    def upload_reel(key: str) -> Reel:
        reel = uploads.get(key, None, None)
        if reel is None:
            raise Refused(404, "there is no uploaded replay at this address (they are kept in memory, the latest "
                          f"{KEPT_UPLOADS}, until the server restarts): upload the file again at /replays")
        return reel

    def answer(request: Request, drawn: dict[str, Any]) -> Response:
        return page("reel.html" if is_htmx(request) else "replay.html", **drawn)

    @app.get("/games/{game_id}/replay")
    async def game_replay(game_id: str, request: Request) -> Response:
        def draw() -> dict[str, Any]:
            reel, running = table_reel(game_id)
            return view_at(pages, reel, f"/games/{game_id}/replay", f"/games/{game_id}/entry",
                           request.query_params, running)
        return answer(request, await run_in_threadpool(draw))

    @app.get("/games/{game_id}/entry")
    async def game_entry(game_id: str, request: Request) -> Response:
        table = await run_in_threadpool(registry.get, game_id)
        return entry_answer(request, pages, table.game, request.query_params.get("ref", ""))

    @app.get("/replays")
    async def upload_form() -> Response:
        return page("upload.html", error="", limit=MAX_UPLOAD // (1024 * 1024))

    @app.post("/replays")
    async def upload(request: Request) -> Response:
        try:
            name, raw = await read_upload(request)
            data = read_replay(raw, name)
            key = replay_key(data)
            if uploads.get(key, None, None) is None:
                uploads.put(key, None, await run_in_threadpool(reel_of_replay, data, name))
        except Refused as exc:
            return page("upload.html", exc.status, error=exc.message, limit=MAX_UPLOAD // (1024 * 1024))
        return RedirectResponse(f"/replays/{key}", status_code=303, headers=HEADERS)

    @app.get("/replays/{key}")
    async def uploaded(key: str, request: Request) -> Response:
        def draw() -> dict[str, Any]:
            reel = upload_reel(key)
            quoted = urllib.parse.quote(key, safe="")
            return view_at(pages, reel, f"/replays/{quoted}", f"/replays/{quoted}/entry", request.query_params, False)
        return answer(request, await run_in_threadpool(draw))

    @app.get("/replays/{key}/entry")
    async def uploaded_entry(key: str, request: Request) -> Response:
        reel = upload_reel(key)
        return entry_answer(request, pages, reel.game, request.query_params.get("ref", ""))
