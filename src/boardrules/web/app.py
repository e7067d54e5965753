"""The HTTP side of the server: the JSON API (docs/server.md) over the registry of games.

Every answer is JSON; every refusal is a 4xx (or 503 for a game that cannot go on) with one
line, ``{"error": "..."}``, and never a traceback. Work on a game runs in a thread of the pool
(a view, an undo's check, a move written to disk), never on the event loop; the event streams
wait on the loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ..agents import HUMAN
from .bots import check_agent
from .errors import Refused
from .inputs import MAX_ACTION, MAX_TEXT, read_body, seat_names, text, token_of, whole
from .pages import add_pages, error_page
from .payloads import game_payload, replay_payload
from .registry import Registry
from .store import Store
from .table import Table
from .viewer import add_viewer

log = logging.getLogger("boardrules.web")

KEEP_ALIVE = 15.0  # seconds between the comments that keep an idle event stream open


class Json(Response):
    media_type = "application/json"

    def render(self, content: Any) -> bytes:
        try:
            return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate somewhere: escaped, still JSON
            return json.dumps(content, separators=(",", ":")).encode("ascii")


def create_app(store: Store) -> FastAPI:
    """The server over ``store``: the unfinished games are resumed now; the bot worker runs
    while the app does (its lifespan)."""
    registry = Registry(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        registry.start()
        try:
            yield
        finally:
            registry.stop()

    app = FastAPI(title="boardrules", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                  default_response_class=Json)
    app.state.registry = registry

    def refusal(request: Request, status: int, body: dict[str, Any], headers: Any = None) -> Response:
        """A refusal as JSON under /api/, as a page with its one line elsewhere."""
        path = request.url.path
        if path == "/api" or path.startswith("/api/"):
            return Json(body, status_code=status, headers=headers)
        return error_page(status, body["error"])

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        return refusal(request, exc.status, exc.body())

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        words = {404: "there is no such address", 405: "this address does not take this method"}
        return refusal(request, exc.status_code, {"error": words.get(exc.status_code, str(exc.detail).lower())},
                       exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        return refusal(request, 422, {"error": "the request is not valid"})

    @app.exception_handler(Exception)
    async def failed(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return refusal(request, 500, {"error": "the server failed on this request (see its log)"})

    async def seat_table(game_id: str, request: Request) -> tuple[Table, int | None]:
        """The game and the seat whose token the request holds (None: no token)."""
        table = await run_in_threadpool(registry.get, game_id)
        token = token_of(request)
        return table, None if token is None else table.seat_of(token)

    async def holder(game_id: str, request: Request) -> tuple[Table, int]:
        table, seat = await seat_table(game_id, request)
        if seat is None:
            raise Refused(401, "this needs the seat's token: Authorization: Bearer TOKEN, or ?token=TOKEN")
        return table, seat

    @app.get("/api/games")
    async def list_games() -> Response:
        return Json({"games": await run_in_threadpool(registry.listing)})

    @app.post("/api/games")
    async def create(request: Request) -> Response:
        data = await read_body(request, ("game", "seats", "seed", "options", "names"))
        name = text(data.get("game"), "'game'")
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refused(422, "'seats' is a list of seats: human, or an agent (greedy, ismcts:iterations=400)")
        if len(seats) > 16:
            raise Refused(422, f"'seats' lists {len(seats)} seats; no game has that many")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise Refused(422, "'options' is an object of texts, as --option name=value gives")
        options = {text(k, "an option's name"): text(v, f"the option {k!r}") for k, v in options.items()}
        seed = whole(data, "seed")
        names = seat_names(data.get("names", []))
        table, tokens = await run_in_threadpool(registry.create, name, seats, seed, options, names)
        base = str(request.base_url).rstrip("/")
        page = f"{base}/games/{table.id}"  # the game's page; its JSON is at /api/games/{id}
        return Json({"id": table.id,
                     "seats": [{"seat": i, "token": t, "url": f"{page}?token={t}"}
                               for i, t in enumerate(tokens) if t is not None],
                     "spectator": page}, status_code=201)

    @app.get("/api/games/{game_id}")
    async def show(game_id: str, request: Request) -> Response:
        table, seat = await seat_table(game_id, request)
        return Json(await run_in_threadpool(game_payload, table, seat))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, request: Request) -> Response:
        table, seat = await holder(game_id, request)
        data = await read_body(request, ("move", "action"))
        move = _move(data)
        action = text(data.get("action"), "'action'", MAX_ACTION)
        return Json({"move": await run_in_threadpool(table.act, seat, move, action)})

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> Response:
        table, seat = await holder(game_id, request)
        move = _move(await read_body(request, ("move",)))
        return Json({"move": await run_in_threadpool(table.undo, seat, move)})

    @app.post("/api/games/{game_id}/seat")
    async def seat_to(game_id: str, request: Request) -> Response:
        table, seat = await holder(game_id, request)
        data = await read_body(request, ("agent",))
        agent = check_agent(text(data.get("agent"), "'agent'", MAX_TEXT), seat)
        if agent == HUMAN:
            return Json({"move": await run_in_threadpool(table.take_back, seat)})
        return Json({"move": await run_in_threadpool(table.leave, seat, agent)})

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str) -> Response:
        table = await run_in_threadpool(registry.get, game_id)
        return Json(await run_in_threadpool(replay_payload, table))

    @app.get("/api/games/{game_id}/events")
    async def events(game_id: str) -> Response:
        table = await run_in_threadpool(registry.get, game_id)
        return StreamingResponse(_stream(table), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    add_viewer(app, add_pages(app, registry))
    return app


def _move(data: dict[str, Any]) -> int:
    move = whole(data, "move")
    if move is None:
        raise Refused(422, "'move' is missing: the move number the game was at when you looked")
    return move


async def _stream(table: Table) -> AsyncIterator[str]:
    """Server-sent events: the current move number first, then each new one, as ``event:
    move``; a comment now and then while nothing happens. Ends when the server stops. (It
    listens from its first step, so that a connection gone before it began leaves nothing.)"""
    moves: asyncio.Queue[int | None] = asyncio.Queue()
    current = table.listen(asyncio.get_running_loop(), moves)
    try:
        yield f"id: {current}\nevent: move\ndata: {current}\n\n"
        while True:
            try:
                move = await asyncio.wait_for(moves.get(), KEEP_ALIVE)
            except TimeoutError:
                yield ": waiting\n\n"
                continue
            if move is None:
                return
            yield f"id: {move}\nevent: move\ndata: {move}\n\n"
    finally:
        table.unlisten(moves)
