"""``boardrules serve`` (docs/server.md, "Running it"): what it says when it cannot start, and
whether it says it listens on loopback only. (Starting it for real: ``ProcessServer`` in the
other tests, which read the URL it prints.)"""

from __future__ import annotations

import socket
from pathlib import Path

from click.testing import CliRunner
from web_support import PostgresServer, ProcessServer

from boardrules.cli import main
from boardrules.cli.serve import _is_loopback, _url


def test_a_database_that_cannot_be_used_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 50)
    result = CliRunner().invoke(main, ["serve", "--db", str(notes), "--port", "0"])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {notes}: cannot be used as the database: file is not a database"


def test_a_port_in_use_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "b.db"), "--port", str(port)])
    taken.close()
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: cannot listen on '127.0.0.1' port {port}: Address already in use"


def test_a_bad_port_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "b.db"), "--port", "70000"])
    assert result.exit_code == 2 and "70000 is not in the range 0<=x<=65535" in result.output


def test_loopback_is_told_from_other_addresses() -> None:
    assert all(_is_loopback(h) for h in ("127.0.0.1", "127.0.0.2", "::1", "localhost"))
    assert not any(_is_loopback(h) for h in ("0.0.0.0", "::", "192.168.1.5", "example.org"))
    assert _url("::1", 8000) == "http://[::1]:8000" and _url("127.0.0.1", 80) == "http://127.0.0.1:80"


def test_db_and_database_are_one_or_the_other(tmp_path: Path) -> None:
    both = CliRunner().invoke(main, ["serve", "--db", str(tmp_path / "b.db"), "--database", "postgresql://x/y"])
    assert both.exit_code == 2 and "give --db (SQLite) or --database (PostgreSQL), not both" in both.output
    other = CliRunner().invoke(main, ["serve", "--database", str(tmp_path / "b.db")])
    assert other.exit_code == 2 and "--database takes a PostgreSQL address" in other.output


def test_a_postgresql_database_that_cannot_be_reached_is_one_line_without_its_password() -> None:
    from web_support import free_port

    port = free_port()
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--database",
                                       f"postgresql://ann:s3cret@127.0.0.1:{port}/games"])
    assert result.exit_code == 1 and "s3cret" not in result.output
    assert result.output.startswith(f"Error: postgresql://ann@127.0.0.1:{port}/games: cannot be used as the database:")
    assert len(result.output.strip().splitlines()) == 1


def test_the_server_on_postgresql_says_which_database_without_its_password(postgres: PostgresServer) -> None:
    url = postgres.new_database().replace("boardrules@", "boardrules:unused@")
    server = ProcessServer(url).start()
    try:
        assert server.said[0].endswith(f"(database {url.replace(':unused', '')})")
        assert "unused" not in " ".join(server.said)
    finally:
        server.stop()
