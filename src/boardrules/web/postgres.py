"""The store in PostgreSQL (``boardrules serve --database postgresql://...``), through psycopg 3.

The same two tables as SQLite's (``store.py``), with the same texts in them; the log is kept
append-only by triggers (an UPDATE, a DELETE or a TRUNCATE of ``actions`` is refused), and
``(game, n)`` is its primary key, so that two servers writing the same move cannot both succeed.
Every entry is its own transaction, committed with ``synchronous_commit = on`` (on the server's
disk when ``append`` returns, whatever the server's default). One connection, used under a lock
(the server writes one entry at a time anyway), opened again if the database server dropped it.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any

from .store import (
    SCHEMA_VERSION,
    TABLES,
    Entry,
    GameRecord,
    MoveTaken,
    Store,
    StoreError,
    now,
    record_of,
)

_COLUMNS = "id, game, rules_version, content_version, seed, players, seats, options, created, finished"

_SCHEMA = TABLES + """
CREATE TABLE IF NOT EXISTS boardrules_schema (version INTEGER NOT NULL);
CREATE OR REPLACE FUNCTION boardrules_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the actions of a game are append-only'; END $$;
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'actions_never_changed') THEN
        CREATE TRIGGER actions_never_changed BEFORE UPDATE OR DELETE ON actions
            FOR EACH ROW EXECUTE FUNCTION boardrules_append_only();
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'actions_never_truncated') THEN
        CREATE TRIGGER actions_never_truncated BEFORE TRUNCATE ON actions
            FOR EACH STATEMENT EXECUTE FUNCTION boardrules_append_only();
    END IF;
END $$;
"""
_SCHEMA_LOCK = 0x626F61726472  # an advisory lock: two servers starting at once set the schema up in turn


def shown_address(url: str) -> str:
    """``url`` as messages show it: without its password."""
    from psycopg.conninfo import conninfo_to_dict

    try:
        parts = conninfo_to_dict(url)
    except Exception:  # psycopg.ProgrammingError: not a connection string at all
        return "the PostgreSQL address given"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "")
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


def _line(exc: Exception) -> str:
    """The first line of a database error (psycopg's run over several, with hints)."""
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0].removeprefix("connection failed: ")


class PostgresStore(Store):
    """The store in a PostgreSQL database given by its address (``postgresql://user:password@
    host:port/database``, or any libpq connection string)."""

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("PostgreSQL needs psycopg: pip install 'boardrules[postgresql]'") from None
        self.psycopg = psycopg
        self.url = url
        self.shown = shown_address(url)
        self._lock = threading.Lock()
        self.db: Any = None
        with self._using() as db, db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            db.execute(_SCHEMA)
            row = db.execute("SELECT max(version) FROM boardrules_schema").fetchone()
            version = row[0] if row else None
            if version is None:
                db.execute("INSERT INTO boardrules_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
            elif version > SCHEMA_VERSION:
                raise StoreError(f"{self.shown}: written by a newer boardrules (database version {version}, "
                                 f"this one knows {SCHEMA_VERSION})")

    def _connect(self) -> Any:
        try:
            db = self.psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self.psycopg.Error as exc:
            raise StoreError(f"{self.shown}: cannot be used as the database: {_line(exc)}") from None
        except Exception as exc:  # a malformed address: psycopg.ProgrammingError, or a ValueError from libpq
            raise StoreError(f"{self.shown}: cannot be used as the database: {_line(exc)}") from None
        db.execute("SET synchronous_commit = on")
        return db

    @contextlib.contextmanager
    def _using(self) -> Iterator[Any]:
        with self._lock:
            if self.db is None or self.db.closed or self.db.broken:
                self.db = self._connect()
            try:
                yield self.db
            except StoreError:
                raise
            except self.psycopg.errors.UniqueViolation:
                raise
            except self.psycopg.Error as exc:
                raise StoreError(f"{self.shown}: {_line(exc)}") from None

    def create_game(self, record: GameRecord) -> None:
        with self._using() as db:
            db.execute(
                f"INSERT INTO games ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (record.id, record.game, record.rules_version, record.content_version, str(record.seed),
                 record.players, json.dumps(list(record.seats)), json.dumps(record.options), record.created,
                 record.finished))

    def append(self, game_id: str, n: int, seat: int, text: str) -> None:
        try:
            with self._using() as db:
                db.execute("INSERT INTO actions (game, n, seat, text, time) VALUES (%s, %s, %s, %s, %s)",
                           (game_id, n, seat, text, now()))
        except self.psycopg.errors.UniqueViolation:
            raise MoveTaken(f"entry {n} of game {game_id} is already written") from None

    def finish(self, game_id: str) -> None:
        with self._using() as db:
            db.execute("UPDATE games SET finished = %s WHERE id = %s AND finished IS NULL", (now(), game_id))

    def games(self, unfinished: bool = False) -> list[GameRecord]:
        where = " WHERE finished IS NULL" if unfinished else ""
        with self._using() as db:
            rows = db.execute(f"SELECT {_COLUMNS} FROM games{where} ORDER BY created, id").fetchall()
        return [record_of(tuple(row)) for row in rows]

    def game(self, game_id: str) -> GameRecord | None:
        with self._using() as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = %s", (game_id,)).fetchone()
        return None if row is None else record_of(tuple(row))

    def entries(self, game_id: str) -> list[Entry]:
        with self._using() as db:
            rows = db.execute("SELECT n, seat, text, time FROM actions WHERE game = %s ORDER BY n",
                              (game_id,)).fetchall()
        return [Entry(n, seat, text, time) for n, seat, text, time in rows]

    def close(self) -> None:
        with self._lock:
            if self.db is not None:
                self.db.close()
