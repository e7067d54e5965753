"""One game on the server, the authoritative copy: its session, who plays each seat, the
holders' tokens, the move number, and the connections waiting to hear of the next move.

Everything that changes a game is an entry of its log (``Store.append``): an action's text, or
one of the server's commands, which open with ``#`` (no action's text can):

- ``#undo``: the seat takes back its last decision, as at the terminal (``Session.undo``);
- ``#bot AGENT``: the seat is left to that agent (``greedy``, ``ismcts:iterations=400``);
- ``#human``: the seat's holder takes it back.

An entry is written before it is applied here, and applied before anyone is told; resuming a
game replays its entries through the same ``_apply``. The move number is the number of entries
so far: a client sends the number it saw, and a stale one is refused. Every method that reads
or changes the game runs under ``lock`` (requests and the bot worker come from several threads).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from ..agents import HUMAN
from ..engine import Action, ActionParseError, IllegalActionError, Session
from .errors import Refused, cut
from .store import Entry, GameRecord, MoveTaken, Store, StoreError
from .tokens import seat_of

UNDO = "#undo"
BOT = "#bot "
TAKE_BACK = "#human"

log = logging.getLogger("boardrules.web")

Listener = tuple[asyncio.AbstractEventLoop, "asyncio.Queue[int | None]"]


class Table:
    """A game being played (or finished, kept to be looked at)."""

    def __init__(self, record: GameRecord, session: Session[Any], store: Store) -> None:
        self.id = record.id
        self.session = session
        self.game = session.game
        self.store = store
        self.seats: list[str] = [str(s["agent"]) for s in record.seats]  # what plays each seat now
        self.tokens: list[str | None] = [s.get("token") for s in record.seats]
        self.names: list[str] = [str(s.get("name") or "") for s in record.seats]  # as the pages call them
        self.lock = threading.RLock()
        self.move = 0
        self.by_bot: list[bool] = []  # per decision of the session's history: made by an agent
        self.texts: dict[int | None, list[str]] = {}  # per viewer: the history as they were shown it
        self.listeners: list[Listener] = []
        self.hearing = threading.Lock()  # guards ``listeners`` alone
        self.stopped = ""  # why this game cannot go on (the rules failed on an entry), or ""
        self.finished = record.finished is not None
        self.wake: Callable[[Table], None] = lambda table: None  # a bot may have to move

    # -- the log --------------------------------------------------------------------------
    def replay(self, entries: Sequence[Entry]) -> None:
        """Apply a resumed game's log; raises ValueError naming the entry that does not apply."""
        for entry in entries:
            if entry.n != self.move:
                raise ValueError(f"entry {self.move} is missing from the log")
            if not 0 <= entry.seat < len(self.seats):
                raise ValueError(f"entry {entry.n} is of seat {entry.seat}, which the game does not have")
            try:
                self._apply(entry.seat, entry.text)
            except Exception as exc:  # any failure: the game cannot be rebuilt from this log
                raise ValueError(f"entry {entry.n} ({cut(entry.text, 60)!r}) cannot be applied: {exc}") from exc
            self.move += 1
        self._finish()  # it may have ended on its last entry, and not been marked

    def _apply(self, seat: int, text: str) -> None:
        session = self.session
        if text == UNDO:
            session.undo(seat)
            kept = len(session.history)
            del self.by_bot[kept:]
            for shown in self.texts.values():
                del shown[kept:]
        elif text.startswith(BOT):
            self.seats[seat] = text[len(BOT):]
        elif text == TAKE_BACK:
            if self.tokens[seat] is None:
                raise ValueError(f"seat {seat} has no holder to take it back")
            self.seats[seat] = HUMAN
        else:
            by_bot = self.seats[seat] != HUMAN
            session.play(text)
            self.by_bot.append(by_bot)

    def _commit(self, seat: int, text: str) -> int:
        """Write the entry, then apply it, then tell the listeners; returns the new move."""
        n = self.move
        try:
            self.store.append(self.id, n, seat, text)
        except MoveTaken:
            raise Refused(409, "another server wrote this move of the game first", move=n) from None
        except StoreError as exc:
            raise Refused(503, f"the move could not be saved: {exc}", move=n) from None
        try:
            self._apply(seat, text)
        except Exception as exc:  # a failure of the rules: the entry is written, the game stops here
            self.stopped = f"the game stopped at move {n}: the rules failed on {cut(text, 60)!r} ({exc})"
            raise Refused(503, self.stopped) from None
        self.move = n + 1
        self._finish()
        self._tell(self.move)
        self.wake(self)
        return self.move

    def _finish(self) -> None:
        """Mark the game finished in the store once it is over (if that fails, the next start
        marks it: the log says it is over)."""
        if self.over and not self.finished:
            try:
                self.store.finish(self.id)
            except StoreError as exc:
                log.error("game %s: could not be marked finished: %s", self.id, exc)
                return
            self.finished = True

    # -- what the state is ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.session.decision is None

    def seat_of(self, token: str) -> int:
        seat = seat_of(token, self.tokens)
        if seat is None:
            raise Refused(403, "this token holds no seat of this game")
        return seat

    def texts_for(self, viewer: int | None) -> list[str]:
        """Each decision of the history as ``viewer`` (None: a spectator) is shown it
        (``Game.action_text`` on the state it was made in), worked out once."""
        shown = self.texts.setdefault(viewer, [])
        history = self.session.history
        for step in history[len(shown):]:
            shown.append(self.game.action_text(step.before, step.action, viewer))
        return shown

    def _check(self, move: int | None, seat: int) -> None:
        """Refuse a change to a game that cannot change now, or asked of a stale move, or by a
        seat its holder has left to an agent."""
        if self.stopped:
            raise Refused(503, self.stopped)
        if move is not None and move != self.move:
            raise Refused(409, f"the game is at move {self.move}, not the move given: fetch it again",
                          move=self.move)
        if self.over:
            raise Refused(409, "the game is over", move=self.move)
        if self.seats[seat] != HUMAN:
            raise Refused(409, f"your seat is played by {self.seats[seat]} now: take it back first",
                          move=self.move)

    # -- what a seat's holder may do ------------------------------------------------------
    def act(self, seat: int, move: int, text: str) -> int:
        """Play ``text`` for ``seat`` at ``move``; returns the new move number."""
        with self.lock:
            self._check(move, seat)
            asked = self.session.decision
            if asked is not None and asked.player != seat:
                raise Refused(403, f"seat {asked.player} is being asked, not seat {seat}", move=self.move)
            return self._play(seat, text)

    def _play(self, seat: int, text: str) -> int:
        try:
            action = Action.parse(text)
            self.game.check_legal(self.session.state, action)
        except ActionParseError as exc:
            raise Refused(422, str(exc), move=self.move) from None
        except IllegalActionError as exc:
            raise Refused(422, exc.reason, rule=exc.rule, move=self.move) from None
        return self._commit(seat, action.text)

    def undo(self, seat: int, move: int) -> int:
        """Take back ``seat``'s last decision and the agents' made since, as at the terminal;
        not once another player has decided since, or anything was revealed."""
        with self.lock:
            self._check(move, seat)
            history = self.session.history
            mine = next((i for i in range(len(history) - 1, -1, -1) if history[i].player == seat), len(history))
            for i in range(mine + 1, len(history)):  # the cheap check first; then the session's own
                if history[i].player != seat and not self.by_bot[i]:
                    raise Refused(422, f"cannot undo: seat {history[i].player} has decided since", move=self.move)
            point, why = self.session.undo_point(seat)
            if point < 0:
                raise Refused(422, f"cannot undo: {why}", move=self.move)
            return self._commit(seat, UNDO)

    def leave(self, seat: int, agent: str) -> int:
        """Leave ``seat`` to ``agent`` (checked by the caller) until its holder takes it back."""
        with self.lock:
            self._check(None, seat)
            return self._commit(seat, BOT + agent)

    def take_back(self, seat: int) -> int:
        with self.lock:
            if self.stopped:
                raise Refused(503, self.stopped)
            if self.over:
                raise Refused(409, "the game is over", move=self.move)
            if self.seats[seat] == HUMAN:
                raise Refused(409, "your seat is yours already", move=self.move)
            return self._commit(seat, TAKE_BACK)

    def play_for_bot(self, move: int, seat: int, action: Action) -> bool:
        """Play an agent's choice for ``seat``, made at ``move``; False (nothing played) when
        the game has moved on since (an undo, the seat taken back)."""
        with self.lock:
            if self.stopped or move != self.move or self.over or self.seats[seat] == HUMAN:
                return False
            self._play(seat, action.text)
            return True

    # -- waiting for moves ----------------------------------------------------------------
    def listen(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[int | None]) -> int:
        """Tell ``queue`` (on ``loop``) every new move number; returns the current one. Never
        waits for the game's lock (it runs on the event loop): the listener is added before the
        move is read, and a move is counted before it is told, so none is missed between."""
        with self.hearing:
            self.listeners.append((loop, queue))
        return self.move

    def unlisten(self, queue: asyncio.Queue[int | None]) -> None:
        with self.hearing:
            self.listeners = [(lp, q) for lp, q in self.listeners if q is not queue]

    def hang_up(self) -> None:
        """The server stops: every stream ends."""
        self._tell(None)

    def _tell(self, move: int | None) -> None:
        with self.hearing:
            listeners = list(self.listeners)
        for loop, queue in listeners:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, move)
            except RuntimeError:  # that connection's loop is closed
                self.unlisten(queue)
