"""``boardrules serve``: one authoritative server for games played at a distance (docs/server.md).

A module per role: ``store`` (the database: a game is its record and its append-only log),
``tokens`` (seat tokens), ``table`` (one game in memory: session, seats, move number, listeners),
``bots`` (agents playing seats, off the request path, deterministic), ``registry`` (the games:
new, resumed on start, found by id), ``payloads`` (what a viewer is sent, from what they may
know), ``inputs`` (reading and checking requests), ``app`` (the HTTP API), ``pages`` (the lobby
and the game page, from ``templates/`` and ``static/``), ``render`` (the generic renderer: any
view as panels), ``postgres`` (the store in PostgreSQL).
"""

from .app import create_app
from .postgres import PostgresStore
from .store import GameRecord, SQLiteStore, Store, StoreError, default_db_path

__all__ = ["GameRecord", "PostgresStore", "SQLiteStore", "Store", "StoreError", "create_app", "default_db_path"]
