"""The pages: the lobby and the generic game page, server-rendered (Jinja2, autoescaped) with
htmx and its SSE extension from ``static/vendor`` (no CDN, no build step).

- ``GET /``: the lobby; ``GET /setup?game=NAME`` is its part for one game (options, seats);
  ``POST /games`` makes the game and shows one invitation link per human seat and the
  spectator's.
- ``GET /games/{id}`` (``?token=``): the game as that seat (or a spectator) may see it;
  ``GET /games/{id}/board`` is the part that changes, fetched again on each ``move`` event of
  the game's stream (204, nothing to swap, when the page already shows that move).
- ``POST /games/{id}/act``, ``/undo``, ``/seat``: a form of the page (an action's button, the
  typed action, undo, leaving the seat to an agent and taking it back); answered with the board,
  a refusal's reason shown in it.
- ``POST /games/{id}/click``: a click on the drawn board (``path``: the board keys clicked so far,
  the last one new; see ``clicks.py``): plays the action that path chooses, or answers with the
  board showing the next keys to click, or a menu of the actions the path leaves open.

A page is built from the viewer's payload (``payloads.game_payload``) and the game's catalogue
alone, and holds no token but its viewer's own. An htmx request is answered 200 even when refused
(the reason is in the board: a 4xx would be a console error in the browser); a plain form post
is answered with the whole page and the refusal's status.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.staticfiles import StaticFiles

from ..agents import AGENTS, HUMAN
from ..engine import Game
from ..games import GAMES, load_game
from .board_svg import SvgDrawer, ref_of
from .bots import check_agent
from .clicks import MAX_KEYS, action_paths, marks, read_path, refusal, step_at
from .errors import Refused
from .inputs import MAX_ACTION, MAX_NAME, MAX_TEXT, read_form, text
from .payloads import game_payload
from .registry import Registry, file_options
from .render import Renderer
from .table import Table

logger = logging.getLogger("boardrules.web")

HERE = Path(__file__).parent
MAX_LISTED = 30  # games the lobby lists, the newest first
LOG_SHOWN = 200  # log entries a page shows, the newest first
# every page: its own scripts and styles only; the referrer never carries a seat's link
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

templates = jinja2.Environment(
    loader=jinja2.PackageLoader("boardrules.web", "templates"),
    autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def page(name: str, code: int = 200, **context: Any) -> HTMLResponse:
    """The template ``name`` rendered, answered with status ``code``. A lone surrogate a client
    sent (``"\\ud800"`` in an uploaded file) is written as its escape, not a 500."""
    text = templates.get_template(name).render(**context)
    return HTMLResponse(text.encode("utf-8", "backslashreplace"), status_code=code, headers=HEADERS)


def error_page(status: int, message: str) -> HTMLResponse:
    """A refusal as a page: the status and one line."""
    return page("error.html", status, status=status, message=message)


def seat_label(seat: int, name: str = "") -> str:
    """A seat as the pages call it: numbered from 1, as the games' own texts number players."""
    return f"Player {seat + 1}" + (f" ({name})" if name else "")


templates.globals["seat_label"] = seat_label


class Pages:
    """The pages over a registry: a renderer per game (its catalogue built once)."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self.renderers: dict[str, Renderer] = {}
        self.drawers: dict[str, SvgDrawer] = {}
        self.games: dict[str, Game[Any]] = {}

    def game(self, name: str) -> Game[Any]:
        if name not in self.games:
            self.games[name] = load_game(name)
        return self.games[name]

    def renderer(self, game: Game[Any]) -> Renderer:
        if game.name not in self.renderers:
            self.renderers[game.name] = Renderer(game.catalogue())
        return self.renderers[game.name]

    def drawer(self, game: Game[Any]) -> SvgDrawer:
        if game.name not in self.drawers:
            self.drawers[game.name] = SvgDrawer(game.catalogue())
        return self.drawers[game.name]

    # -- the lobby ------------------------------------------------------------------------
    def setup(self, name: str) -> dict[str, Any]:
        """What the lobby asks for ``name``: its options (those a client may choose) and seats."""
        if name not in GAMES:
            raise Refused(404, f"there is no game {name!r} here")
        game = self.game(name)
        files = file_options(game)
        seats = []
        for i in range(game.max_players):
            filled = i < max(game.min_players, 2)
            seats.append({"seat": i, "default": (HUMAN if i < 2 else "greedy") if filled else "",
                          "optional": i >= game.min_players})
        return {"game": game, "options": [o for o in game.options_spec if o.name not in files],
                "seats": seats, "agents": [HUMAN, *AGENTS]}

    def lobby(self, name: str = "", error: str = "", status: int = 200) -> HTMLResponse:
        chosen = name if name in GAMES else next(iter(GAMES))
        listed = self.registry.listing()[::-1][:MAX_LISTED]
        return page("lobby.html", status, games=[(n, GAMES[n][2]) for n in GAMES], chosen=chosen,
                    setup=self.setup(chosen), error=error, listed=listed)

    def create(self, form: Mapping[str, str], base: str) -> HTMLResponse:
        name = text(form.get("game", ""), "the game")
        seats: list[str] = []
        names: list[str] = []
        for i in range(16):
            agent = text(form.get(f"seat{i}", ""), f"who plays {seat_label(i)}").strip()
            if not agent:
                continue
            params = text(form.get(f"params{i}", ""), f"the parameters of {seat_label(i)}").strip()
            spec = f"{agent}:{params}" if params else agent
            try:
                seats.append(check_agent(spec, len(seats)))
            except Refused as exc:  # named as the lobby names the seat (the API numbers seats from 0)
                raise Refused(exc.status, f"{seat_label(i)}: {exc.message.split(': ', 1)[-1]}") from None
            names.append(text(form.get(f"name{i}", ""), f"the name of {seat_label(i)}", MAX_NAME).strip())
        if not seats:
            raise Refused(422, "choose who plays at least one seat")
        options = {key[len("option."):]: text(value, f"the option {key[len('option.'):]!r}").strip()
                   for key, value in form.items() if key.startswith("option.") and value.strip()}
        raw_seed = text(form.get("seed", ""), "the seed").strip()
        if raw_seed and not (raw_seed.isascii() and raw_seed.isdigit() and len(raw_seed) <= 20):
            raise Refused(422, f"a seed is a whole number from 0 to {(1 << 64) - 1}, or left empty for a random one")
        seed = int(raw_seed) if raw_seed else None
        table, tokens = self.registry.create(name, seats, seed, options, names)
        links = [{"seat": i, "name": table.names[i], "url": f"{base}/games/{table.id}?token={t}"}
                 for i, t in enumerate(tokens) if t is not None]
        return page("created.html", 201, title=table.game.title, id=table.id, links=links,
                    seats=list(zip(table.seats, table.names, strict=True)), spectator=f"{base}/games/{table.id}")

    # -- a game -------------------------------------------------------------------------------
    def board(self, table: Table, seat: int | None, token: str | None, refusal: str = "",
              path: tuple[str, ...] = ()) -> dict[str, Any]:
        """What the game page draws for ``seat``: its payload, the view as panels and, for a game
        with a drawn board, the board with the clicks made so far (``path``), the refusal."""
        with table.lock:  # the payload and the board's marks from one moment of the game
            payload = game_payload(table, seat)
            try:
                drawn_scene = self.scene(table, seat, payload, path)
            except Exception:  # a game's board that fails to draw: the page and its action list stay
                logger.exception("game %s: the board of seat %s could not be drawn", table.id, seat)
                drawn_scene = {"svg": None, "path": (), "menu": [], "entry": None}
        drawn = self.renderer(table.game).board(payload["view"])
        log = [{"n": n, **entry} for n, entry in enumerate(payload["log"])][::-1]
        return {"p": payload, "board": drawn, "token": token or "", "refusal": refusal, "shown": shown(payload["move"], "stopped" in payload),
                "log": log[:LOG_SHOWN], "log_hidden": max(0, len(log) - LOG_SHOWN), "agents": list(AGENTS),
                **drawn_scene}

    def scene(self, table: Table, seat: int | None, payload: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
        """The drawn board of ``seat`` (None when the game draws none), the path it stands at,
        and the menu of the actions that path leaves open (text, label)."""
        game = table.game
        scene = game.scene(payload["view"], seat)
        if scene is None:
            return {"svg": None, "path": (), "menu": [], "entry": None}
        decision = payload["decision"]
        asked = decision["player"] if decision is not None else None
        paths: tuple[tuple[str, ...], ...] = ()
        if decision is not None and "actions" in decision:
            paths = tuple(tuple(a.get("keys", ())) for a in decision["actions"])
            if not any(paths):
                paths = ()
        name = seat_label(asked, table.names[asked]) if asked is not None else ""
        board_marks, step = marks(game, table.session.state, seat, scene, decision, paths, path,
                                  f"/games/{table.id}/click", name)
        menu = []
        drawer = self.drawer(game)
        entry = None
        if step is not None and step.path:
            menu = [decision["actions"][i] for i in step.complete]  # type: ignore[index]
            # the element just chosen: its text beside the board, as a tap on it would show
            ref = ref_of(scene.shapes, step.path[-1])
            entry = drawer.entry_of(ref) if ref else None
        return {"svg": drawer.draw(scene, board_marks, f"/games/{table.id}/entry"),
                "path": step.path if step else (), "menu": menu, "entry": entry}

    def click(self, table: Table, seat: int, move: int, path: tuple[str, ...]) -> tuple[str, ...]:
        """A click on ``seat``'s board at ``move``: plays the action ``path`` chooses and returns
        (); or returns the path, for the board to show what comes next."""
        with table.lock:
            if move != table.move:
                raise Refused(409, f"the game is at move {table.move}, not the move given: fetch it again",
                              move=table.move)
            decision = table.session.decision
            if decision is None:
                raise Refused(409, "the game is over", move=table.move)
            if decision.player != seat:
                raise Refused(403, f"seat {decision.player} is being asked, not seat {seat}", move=table.move)
            state = table.session.state
            paths = action_paths(table.game, state, decision)
            if not any(paths):
                raise Refused(422, "this decision is not made on the board: choose from the list of actions",
                              move=table.move)
            step = step_at(paths, path)
            if step is None:
                scene = table.game.scene(table.game.view(state, seat), seat)
                raise Refused(422, refusal(table.game, state, seat, path, scene), move=table.move)
            if not step.next and len(step.complete) == 1:
                table.act(seat, move, decision.actions[step.complete[0]].text)
                return ()
            return path

def shown(move: int, stopped: bool) -> str:
    """What a page shows, in a word: its move, and whether the game stopped (the board is
    fetched again only when that changes)."""
    return f"{move}{'-stopped' if stopped else ''}"


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def form_text(form: Mapping[str, str], key: str, limit: int = MAX_TEXT) -> str:
    return text(form.get(key, ""), f"'{key}'", limit)


def form_move(form: Mapping[str, str]) -> int:
    raw = form_text(form, "move").strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 12):
        raise Refused(422, "the form's move number is missing or not a number: load the page again")
    return int(raw)


def add_pages(app: Any, registry: Registry) -> Pages:
    """The pages and their static files, on ``app``; returns them (the viewer draws with them)."""
    pages = Pages(registry)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    async def viewer(game_id: str, token: str) -> tuple[Table, int | None]:
        table = await run_in_threadpool(registry.get, game_id)
        return table, (table.seat_of(token) if token else None)

    @app.get("/")
    async def lobby(request: Request) -> Response:
        return await run_in_threadpool(pages.lobby, request.query_params.get("game", ""))

    @app.get("/setup")
    async def setup(request: Request) -> Response:
        chosen = await run_in_threadpool(pages.setup, request.query_params.get("game", ""))
        return page("setup.html", setup=chosen)

    @app.post("/games")
    async def create(request: Request) -> Response:
        form = await read_form(request)
        base = str(request.base_url).rstrip("/")
        try:
            return await run_in_threadpool(pages.create, form, base)
        except Refused as exc:
            return await run_in_threadpool(pages.lobby, str(form.get("game", "")), exc.message, exc.status)

    @app.get("/games/{game_id}")
    async def game_page(game_id: str, request: Request) -> Response:
        token = request.query_params.get("token", "")
        table, seat = await viewer(game_id, token)
        return page("game.html", **await run_in_threadpool(pages.board, table, seat, token))

    @app.get("/games/{game_id}/board")
    async def board(game_id: str, request: Request) -> Response:
        token = request.query_params.get("token", "")
        table, seat = await viewer(game_id, token)
        if request.headers.get("x-shown") == shown(table.move, bool(table.stopped)):
            return Response(status_code=204, headers=HEADERS)  # the page shows this move already
        return page("board.html", **await run_in_threadpool(pages.board, table, seat, token))

    async def change(game_id: str, request: Request, do: Callable[[Table, int, Mapping[str, str]], int]) -> Response:
        form = await read_form(request)
        token = form_text(form, "token")
        table, seat = await viewer(game_id, token)
        if seat is None:
            raise Refused(401, "this needs the seat's link: open the page from your invitation")
        refusal, status = "", 200
        try:
            await run_in_threadpool(do, table, seat, form)
        except Refused as exc:
            refusal, status = exc.message, exc.status
        if not is_htmx(request) and not refusal:  # a plain form: back to the page, as a GET
            return RedirectResponse(f"/games/{table.id}?token={token}", status_code=303, headers=HEADERS)
        drawn = await run_in_threadpool(pages.board, table, seat, token, refusal)
        if is_htmx(request):
            return page("board.html", **drawn)
        return page("game.html", status, **drawn)

    def act(table: Table, seat: int, form: Mapping[str, str]) -> int:
        return table.act(seat, form_move(form), form_text(form, "action", MAX_ACTION).strip())

    def undo(table: Table, seat: int, form: Mapping[str, str]) -> int:
        return table.undo(seat, form_move(form))

    def leave(table: Table, seat: int, form: Mapping[str, str]) -> int:
        agent = check_agent(form_text(form, "agent").strip(), seat)
        return table.take_back(seat) if agent == HUMAN else table.leave(seat, agent)

    @app.post("/games/{game_id}/click")
    async def click_page(game_id: str, request: Request) -> Response:
        form = await read_form(request)
        token = form_text(form, "token")
        table, seat = await viewer(game_id, token)
        if seat is None:
            raise Refused(401, "this needs the seat's link: open the page from your invitation")
        path: tuple[str, ...] = ()
        message, status = "", 200
        try:
            keys = read_path(form_text(form, "path", MAX_KEYS * 120))
            path = await run_in_threadpool(pages.click, table, seat, form_move(form), keys)
        except Refused as exc:
            message, status = exc.message, exc.status
        if not is_htmx(request) and not message and not path:  # played, from a plain form
            return RedirectResponse(f"/games/{table.id}?token={token}", status_code=303, headers=HEADERS)
        drawn = await run_in_threadpool(pages.board, table, seat, token, message, path)
        if is_htmx(request):
            return page("board.html", **drawn)
        return page("game.html", status, **drawn)

    @app.post("/games/{game_id}/act")
    async def act_page(game_id: str, request: Request) -> Response:
        return await change(game_id, request, act)

    @app.post("/games/{game_id}/undo")
    async def undo_page(game_id: str, request: Request) -> Response:
        return await change(game_id, request, undo)

    @app.post("/games/{game_id}/seat")
    async def seat_page(game_id: str, request: Request) -> Response:
        return await change(game_id, request, leave)

    return pages
