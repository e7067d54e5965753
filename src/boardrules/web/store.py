"""Where the server's games are kept: a game is its record and its log.

``Store`` is the small interface the server needs (create a game, append one entry to its log,
mark it finished, read them back); ``SQLiteStore`` is the default. A game's ``actions`` are
append-only: an entry, once written, is never changed or removed (undo is an entry of its own),
and ``(game, n)`` is unique, so two writers of the same move cannot both succeed. ``append``
returns only once the entry is durable; the server applies a move in memory and tells anyone
only after that.

The store knows nothing of games or rules: it keeps texts and numbers. A seed is kept as
decimal text (a seed is up to 2**64 - 1, more than a signed 64-bit column holds).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

# the two tables, in SQL that SQLite and PostgreSQL both read (postgres.py adds its own triggers)
TABLES = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    content_version TEXT NOT NULL,
    seed TEXT NOT NULL,
    players INTEGER NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,
    time TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""
_SCHEMA = TABLES + """
CREATE TRIGGER IF NOT EXISTS actions_never_updated BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the actions of a game are append-only'); END;
CREATE TRIGGER IF NOT EXISTS actions_never_deleted BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the actions of a game are append-only'); END;
"""


class StoreError(Exception):
    """The database cannot be opened or used; says which and why."""


class MoveTaken(StoreError):
    """An entry with this game and number is already in the log: another writer was first."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as created: what it needs to be set up again. ``seats`` holds, per seat, what
    played it at the start (``agent``: ``human`` or an agent's text) and the digest of its
    holder's token (``token``, None for a bot seat nobody holds); ``finished`` is when it
    ended (None while it goes on)."""

    id: str
    game: str
    rules_version: str
    content_version: str
    seed: int
    players: int
    seats: tuple[dict[str, Any], ...]
    options: dict[str, str]
    created: str
    finished: str | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game's log: number ``n`` (from 0, no gaps), the seat it came from, its
    text (an action's text form, or a command of the server's, opening with ``#``), and when
    it was written."""

    n: int
    seat: int
    text: str
    time: str


def now() -> str:
    """The time, as the store writes it: UTC, ISO 8601, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Store(ABC):
    """The server's database. Every method is safe to call from several threads."""

    @abstractmethod
    def create_game(self, record: GameRecord) -> None:
        """Record a new game (its id is new)."""

    @abstractmethod
    def append(self, game_id: str, n: int, seat: int, text: str) -> None:
        """Append entry ``n`` to the game's log, durably, before returning; raises MoveTaken
        when that number is already written."""

    @abstractmethod
    def finish(self, game_id: str) -> None:
        """Note that the game ended (now)."""

    @abstractmethod
    def games(self, unfinished: bool = False) -> list[GameRecord]:
        """Every game (``unfinished``: only those not finished), oldest first."""

    @abstractmethod
    def game(self, game_id: str) -> GameRecord | None:
        """One game, or None."""

    @abstractmethod
    def entries(self, game_id: str) -> list[Entry]:
        """The game's log, in order."""

    @abstractmethod
    def close(self) -> None:
        """Release the database."""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/boardrules/boardrules.db``, or ``~/.local/share/boardrules/...``
    when that is unset or not absolute (as the XDG spec says)."""
    data = os.environ.get("XDG_DATA_HOME", "")
    base = Path(data) if os.path.isabs(data) else Path.home() / ".local" / "share"
    return base / "boardrules" / "boardrules.db"


class SQLiteStore(Store):
    """The store in one SQLite file: WAL (readers never wait for the writer), synchronous=FULL
    (an entry is on disk when ``append`` returns, through a power cut too). One connection,
    used under a lock: the server writes one entry at a time anyway."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        on_disk = str(path) != ":memory:"
        try:
            fresh = on_disk and not self.path.exists()
            if fresh:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            if fresh:  # the database holds every game's seed and hidden choices
                os.chmod(self.path, 0o600)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            version = self.db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(f"{path}: written by a newer boardrules (database version {version}, "
                                 f"this one knows {SCHEMA_VERSION})")
            self.db.executescript(_SCHEMA)
            self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot be used as the database: {exc}") from None
        except OSError as exc:
            raise StoreError(f"{path}: cannot be used as the database: {exc.strerror or exc}") from None

    @contextlib.contextmanager
    def _using(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self.db
            except sqlite3.Error as exc:
                raise StoreError(f"{self.path}: {exc}") from None

    def create_game(self, record: GameRecord) -> None:
        with self._using() as db:
            db.execute(
                "INSERT INTO games (id, game, rules_version, content_version, seed, players, seats, options, "
                "created, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.id, record.game, record.rules_version, record.content_version, str(record.seed),
                 record.players, json.dumps(list(record.seats)), json.dumps(record.options), record.created,
                 record.finished))

    def append(self, game_id: str, n: int, seat: int, text: str) -> None:
        with self._using() as db:
            try:
                db.execute("INSERT INTO actions (game, n, seat, text, time) VALUES (?, ?, ?, ?, ?)",
                           (game_id, n, seat, text, now()))
            except sqlite3.IntegrityError as exc:
                if "UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc):
                    raise MoveTaken(f"entry {n} of game {game_id} is already written") from None
                raise StoreError(f"{self.path}: {exc}") from None

    def finish(self, game_id: str) -> None:
        with self._using() as db:
            db.execute("UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL", (now(), game_id))

    def games(self, unfinished: bool = False) -> list[GameRecord]:
        where = " WHERE finished IS NULL" if unfinished else ""
        with self._using() as db:
            rows = db.execute(f"SELECT * FROM games{where} ORDER BY created, id").fetchall()
        return [record_of(row) for row in rows]

    def game(self, game_id: str) -> GameRecord | None:
        with self._using() as db:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else record_of(row)

    def entries(self, game_id: str) -> list[Entry]:
        with self._using() as db:
            rows = db.execute("SELECT n, seat, text, time FROM actions WHERE game = ? ORDER BY n",
                              (game_id,)).fetchall()
        return [Entry(n, seat, text, time) for n, seat, text, time in rows]

    def close(self) -> None:
        with self._lock:
            self.db.close()


def record_of(row: tuple[Any, ...]) -> GameRecord:
    gid, game, rules, content, seed, players, seats, options, created, finished = row
    try:
        return GameRecord(gid, game, rules, content, int(seed), players, tuple(json.loads(seats)),
                          json.loads(options), created, finished)
    except (ValueError, TypeError) as exc:  # the database was edited by hand
        raise StoreError(f"the record of game {gid!r} is damaged: {exc}") from None
