"""The database (docs/server.md, "The database"): SQLite in WAL with synchronous=FULL, or
PostgreSQL; an append-only log with one entry per (game, n), and a move written before it is
applied. The tests taking ``database`` run on both stores."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest
from web_support import Api, PostgresServer, ThreadServer, Where, open_store, sql, tokens_of

from boardrules.web import GameRecord, PostgresStore, SQLiteStore, StoreError, default_db_path
from boardrules.web.store import MoveTaken


def record(gid: str = "g1", seed: int = 7) -> GameRecord:
    return GameRecord(gid, "small-world", "sw-2", "c", seed, 2, ({"agent": "human", "token": None},) * 2, {}, "t0")


def test_the_database_is_in_wal_mode_with_full_synchronous(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "b.db")
    assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()
    other = sqlite3.connect(tmp_path / "b.db")
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # kept in the file
    other.close()


def test_the_database_is_made_private_in_a_new_folder(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "b.db"
    SQLiteStore(path).close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # it holds every seed and hidden choice


def test_an_entry_is_written_once_per_game_and_number(database: Where) -> None:
    store = open_store(database)
    store.create_game(record())
    store.append("g1", 0, 0, "pick orcs")
    store.append("g1", 1, 0, "conquer 1")
    with pytest.raises(MoveTaken, match="entry 1 of game g1 is already written"):
        store.append("g1", 1, 1, "done")
    assert [(e.n, e.seat, e.text) for e in store.entries("g1")] == [(0, 0, "pick orcs"), (1, 0, "conquer 1")]
    assert all(e.time.endswith("+00:00") for e in store.entries("g1"))


def test_the_log_is_append_only(database: Where) -> None:
    store = open_store(database)
    store.create_game(record())
    store.append("g1", 0, 0, "pick orcs")
    store.close()
    changes = ["UPDATE actions SET text = 'pick elves'", "DELETE FROM actions"]
    if isinstance(database, str):
        changes.append("TRUNCATE actions")  # PostgreSQL's, which row triggers do not see
    for change in changes:
        with pytest.raises(Exception, match="append-only"):
            sql(database, change)
    assert sql(database, "SELECT text FROM actions") == [("pick orcs",)]
    store = open_store(database)  # opened again: the schema is there, nothing changes
    assert [e.text for e in store.entries("g1")] == ["pick orcs"]
    store.close()


def test_a_record_reads_back_whole_with_a_64_bit_seed(database: Where) -> None:
    store = open_store(database)
    store.create_game(record("big", (1 << 64) - 1))
    store.create_game(record("other"))
    assert store.game("big") == record("big", (1 << 64) - 1)
    assert store.game("none") is None
    store.finish("big")
    finished = store.game("big")
    assert finished is not None and finished.finished is not None
    store.finish("big")  # once
    assert store.game("big") == finished
    assert [r.id for r in store.games(unfinished=True)] == ["other"]
    assert sorted(r.id for r in store.games()) == ["big", "other"]


def test_the_default_database_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "boardrules" / "boardrules.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # the XDG spec: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "boardrules" / "boardrules.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "boardrules" / "boardrules.db"


def test_a_file_that_is_no_database_is_refused_with_its_name(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, not a database\n" * 100)
    with pytest.raises(StoreError, match=r"notes.txt: cannot be used as the database: file is not a database"):
        SQLiteStore(notes)
    assert notes.read_text().startswith("my notes")
    with pytest.raises(StoreError, match="cannot be used as the database"):
        SQLiteStore(tmp_path)  # a folder


def test_a_move_is_in_the_database_when_its_post_returns_and_no_token_is(database: Where) -> None:
    with ThreadServer(database) as server:
        api = Api(server.url)
        made = api.create("small-world", ["human", "greedy"], seed=5)
        gid, tokens = made["id"], tokens_of(made)
        looked = api.look(gid, tokens[0])
        action = looked["decision"]["actions"][0]["text"]
        assert api.act(gid, tokens[0], 0, action).status_code == 200
        # another connection sees it at once
        assert sql(database, "SELECT seat, text FROM actions WHERE game = ? AND n = 0", (gid,)) == [(0, action)]
        api.close()
    seats = sql(database, "SELECT seats FROM games WHERE id = ?", (gid,))[0][0]
    assert tokens[0] not in seats and '"token": "' in seats  # the store keeps its digest
    if isinstance(database, Path):
        raw = b"".join(p.read_bytes() for p in database.parent.iterdir() if p.name.startswith(database.name))
        assert tokens[0].encode() not in raw


def test_a_move_another_writer_wrote_first_is_409_and_changes_nothing(database: Where) -> None:
    """The entry is written before the move is applied: when the write fails, the game in
    memory is as it was and no one is told of a move."""
    with ThreadServer(database) as server:
        api = Api(server.url)
        made = api.create("small-world", ["human", "human"], seed=5)
        gid, tokens = made["id"], tokens_of(made)
        before = api.look(gid, tokens[0])
        other = open_store(database)  # another writer, first
        other.append(gid, 0, 0, "pick elves")
        other.close()
        r = api.act(gid, tokens[0], 0, before["decision"]["actions"][0]["text"])
        assert r.status_code == 409 and r.json() == {"error": "another server wrote this move of the game first",
                                                     "move": 0}
        assert api.look(gid, tokens[0]) == before
        api.close()


# -- PostgreSQL's own -----------------------------------------------------------------------------
def test_a_postgresql_store_connects_again_after_the_server_dropped_it(postgres: PostgresServer) -> None:
    url = postgres.new_database()
    store = PostgresStore(url)
    store.create_game(record())
    pid = sql(url, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
    for (backend,) in pid:
        sql(url, "SELECT pg_terminate_backend(?)", (backend,))
    with pytest.raises(StoreError):  # the write under way fails, and says so
        store.append("g1", 0, 0, "pick orcs")
    store.append("g1", 0, 0, "pick orcs")  # the next one opens a new connection
    assert [e.text for e in store.entries("g1")] == ["pick orcs"]
    store.close()
