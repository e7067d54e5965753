"""A game's positions, move by move, for the replay viewer (docs/server.md, "The replay viewer").

A ``Reel`` holds one game's decisions (who made each, the action) and, every ``EVERY``
decisions, a copy of the state before it: the position at move N is the nearest copy at or
before N with the few actions after it applied again, so a step of the slider costs at most
``EVERY - 1`` actions whatever the game's length. A reel is made from a game of the server
(the states its session kept) or from an uploaded replay file (played again, checked as
``boardrules replay`` checks it). ``Reels`` keeps the latest few in memory, by key.

A move here counts decisions (the replay's actions); the server's own commands (an undo, a seat
left to an agent) are not moves of the game, and what an undo took back is not in the replay.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Action, BoardrulesError, Game, UnknownGameError, replay_from_data
from ..games import load_game
from .errors import Refused, cut
from .registry import _names_a_file
from .table import Table

EVERY = 16  # decisions between two kept states
MAX_UPLOAD = 5 * 1024 * 1024  # bytes of an uploaded replay file
MAX_ACTIONS = 20_000  # decisions of an uploaded replay
KEPT = 16  # reels of the server's games kept in memory
KEPT_UPLOADS = 32  # uploaded replays kept in memory


@dataclass(slots=True)
class Reel:
    """One game's positions: ``steps`` (seat, action) in order, ``kept`` the state before every
    ``EVERY``-th (and the last one), ``texts`` the log as each viewer may read it (only the
    spectator's while the game goes on), and whether seats' views may be shown (``open``)."""

    game: Game[Any]
    title: str
    seats: list[str]
    names: list[str]
    steps: list[tuple[int, Action]]
    kept: dict[int, Any]
    texts: dict[int | None, list[str]]
    over: bool
    open: bool

    @property
    def moves(self) -> int:
        return len(self.steps)

    def state_at(self, move: int) -> Any:
        """A fresh copy of the position after ``move`` decisions (0: the set-up)."""
        base = max(k for k in self.kept if k <= move)
        state = self.game.clone(self.kept[base])  # the kept states are shared: copied, never changed
        for _, action in self.steps[base:move]:
            self.game.apply(state, action)
        return state


def _kept(game: Game[Any], befores: Sequence[Any], final: Any) -> dict[int, Any]:
    kept = {i: game.clone(befores[i]) for i in range(0, len(befores), EVERY)}
    kept[len(befores)] = game.clone(final)
    return kept


def reel_of_table(table: Table) -> Reel:
    """The reel of a game of the server, as its session stands now (under the game's lock)."""
    with table.lock:
        session, game = table.session, table.game
        history = session.history
        over = table.over
        viewers: list[int | None] = [None, *range(session.num_players)] if over else [None]
        return Reel(game=game, title=game.title, seats=list(table.seats), names=list(table.names),
                    steps=[(s.player, s.action) for s in history],
                    kept=_kept(game, [s.before for s in history], session.state),
                    texts={v: list(table.texts_for(v)) for v in viewers}, over=over, open=over)


def replay_key(data: Mapping[str, Any]) -> str:
    """The address of an uploaded replay: a digest of its content (the same file, the same
    address, however it is laid out)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:32]


def read_replay(raw: bytes, where: str) -> dict[str, Any]:
    """An uploaded file as a replay's JSON object; Refused 422 naming the file and what is wrong."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise Refused(422, f"{where}: not a replay (not UTF-8 text: byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise Refused(422, f"{where}: not a replay (invalid JSON at line {exc.lineno}, column {exc.colno}: "
                      f"{exc.msg})") from None
    except (RecursionError, ValueError):  # nested too deeply, or a number of thousands of digits
        raise Refused(422, f"{where}: not a replay (it cannot be read as JSON)") from None
    if not isinstance(data, dict):
        raise Refused(422, f"{where}: not a replay (expected a JSON object, as `boardrules replay` reads)")
    return data


def reel_of_replay(data: Mapping[str, Any], where: str) -> Reel:
    """The reel of an uploaded replay, checked as ``boardrules replay`` checks a file: the game,
    its rules and content versions, every field's type, every action legal, the final state's
    hash. Refused 422 with the message naming the file and the field or action."""
    name = data.get("game")
    if not isinstance(name, str):
        raise Refused(422, f"{where}: the field 'game' is missing or not text")
    try:
        game = load_game(name)
    except UnknownGameError as exc:
        raise Refused(422, f"{where}: {exc}") from None
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise Refused(422, f"{where}: the replay holds {len(actions):,} actions; at most {MAX_ACTIONS:,} are opened here")
    options, files = data.get("options"), data.get("files")
    if isinstance(options, dict):
        given = files if isinstance(files, dict) else {}
        for key in options:  # the file's text must come with the replay: the server's disk is not read
            if isinstance(key, str) and key not in given and _names_a_file(game, key):
                raise Refused(422, f"{where}: the option {cut(key)!r} names a file, and the replay does not carry "
                              "its text (in 'files'); a file on the server's disk is never read")
    try:
        session = replay_from_data(game, data, where=where)
    except BoardrulesError as exc:
        raise Refused(422, str(exc)) from None
    game = session.game  # played on the replay's own files, when it has any
    history = session.history
    viewers: list[int | None] = [None, *range(session.num_players)]
    texts = {v: [game.action_text(s.before, s.action, v) for s in history] for v in viewers}
    over = session.decision is None
    return Reel(game=game, title=game.title, seats=list(session.seats), names=[""] * session.num_players,
                steps=[(s.player, s.action) for s in history],
                kept=_kept(game, [s.before for s in history], session.state), texts=texts, over=over, open=True)


class Reels:
    """The latest reels, by key, at most ``size`` of them (the oldest used goes first)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.reels: OrderedDict[str, tuple[object, Reel]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str, stamp: object, make: Callable[[], Reel] | None) -> Reel | None:
        """The reel kept under ``key`` when it was made at ``stamp``; else the one ``make``
        gives (kept), or None when there is none and no ``make``."""
        with self.lock:
            found = self.reels.get(key)
            if found is not None and (make is None or found[0] == stamp):
                self.reels.move_to_end(key)
                return found[1]
        if make is None:
            return None
        reel = make()
        self.put(key, stamp, reel)
        return reel

    def put(self, key: str, stamp: object, reel: Reel) -> None:
        with self.lock:
            self.reels[key] = (stamp, reel)
            self.reels.move_to_end(key)
            while len(self.reels) > self.size:
                self.reels.popitem(last=False)
