"""The server under test, for real: uvicorn on a free loopback port, in a thread of the test
process (``ThreadServer``) or as a ``boardrules serve`` subprocess that a test may kill with
SIGKILL (``ProcessServer``), over SQLite or over a PostgreSQL server the tests start
(``PostgresServer``), and a small HTTP client that plays seats (``Api``)."""

from __future__ import annotations

import glob
import json
import os
import pwd
import queue
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from boardrules.web import PostgresStore, SQLiteStore, Store, create_app

WAIT = 30.0  # seconds: the most any test waits for something to happen


def wait_for(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    """Poll ``condition`` until it gives something true, and return it; fail naming ``what``."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.01)


Where = Path | str  # an SQLite file, or a PostgreSQL database's address


def open_store(db: Where) -> Store:
    return PostgresStore(db) if isinstance(db, str) else SQLiteStore(db)


def store_option(db: Where) -> list[str]:
    """How ``boardrules serve`` is told of the database."""
    return ["--database", db] if isinstance(db, str) else ["--db", str(db)]


class ThreadServer:
    """The app over a database (an SQLite file or a PostgreSQL address), served by uvicorn in a
    thread."""

    def __init__(self, db: Where) -> None:
        self.db = db

    def __enter__(self) -> ThreadServer:
        self.store = open_store(self.db)
        self.app = create_app(self.store)
        config = uvicorn.Config(self.app, log_level="warning", access_log=False, timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        # IPPROTO_TCP named, or asyncio leaves Nagle on for the connections (40 ms a keep-alive request)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        wait_for(lambda: self.server.started, "the server to start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(WAIT)
        self.store.close()


class ProcessServer:
    """``boardrules serve --port 0 --db DB`` (or ``--database URL``) in a subprocess; ``url`` is
    what it printed."""

    def __init__(self, db: Where) -> None:
        self.db = db
        self.lines: queue.Queue[str] = queue.Queue()

    def start(self) -> ProcessServer:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([sys.executable, "-m", "boardrules.cli", "serve", "--port", "0",
                                      *store_option(self.db)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        threading.Thread(target=self._read, daemon=True).start()
        first = self.lines.get(timeout=WAIT)
        assert first.startswith("boardrules serve: http://127.0.0.1:"), first
        self.url = first.split()[2]
        self.said = [first] + [self.lines.get(timeout=WAIT) for _ in range(2)]
        with httpx.Client(base_url=self.url) as client:
            wait_for(lambda: _answers(client), "the server to answer")
        return self

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def kill(self) -> None:
        """SIGKILL: no shutdown, nothing flushed, as a power cut would leave it."""
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(WAIT)
        self._close()

    def stop(self) -> str:
        """SIGTERM, as a service manager stops it; returns what it wrote to stderr."""
        self.proc.terminate()
        self.proc.wait(WAIT)
        err = self.proc.stderr.read() if self.proc.stderr else ""
        self._close()
        return err

    def _close(self) -> None:
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


# -- PostgreSQL ---------------------------------------------------------------------------------
def find_initdb() -> Path | None:
    """Debian's initdb: on the PATH, or in /usr/lib/postgresql/VERSION/bin (the newest)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve()
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]) if versions else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """A PostgreSQL server of the tests' own: ``initdb`` into a temporary folder, started on a
    free loopback port, stopped and removed after. initdb and postgres refuse to run as root:
    a root test process runs them as the ``postgres`` user that Debian's package makes."""

    USER = "boardrules"  # the database superuser initdb makes (trusted on loopback: a test's own)

    def __enter__(self) -> PostgresServer:
        initdb = find_initdb()
        if initdb is None:
            if os.environ.get("CI"):
                pytest.fail("PostgreSQL's initdb is not installed: .ci/run installs postgresql with apt-get")
            pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
        self.bin = initdb.parent
        root = os.geteuid() == 0  # then the folder is the postgres user's, in /tmp (which it can reach)
        self.dir = Path(tempfile.mkdtemp(prefix="boardrules-pg-", dir="/tmp" if root else None))
        self.as_user: list[str] = []
        if root:
            owner = pwd.getpwnam("postgres")
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.data = self.dir / "data"
        self.port = free_port()
        self._run("initdb", "-D", str(self.data), "-U", self.USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w", "-t", "60", "-o", options,
                  "start")
        self.count = 0
        return self

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run([*self.as_user, str(self.bin / tool), *args], capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 0, f"{tool} failed: {done.stderr or done.stdout}"

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://{self.USER}@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        """The address of a new, empty database on this server."""
        import psycopg

        self.count += 1
        name = f"test_{self.count}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def __exit__(self, *exc: object) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


STORES = ["sqlite", "postgresql"]


def new_database(kind: str, folder: Path, request: pytest.FixtureRequest) -> Where:
    """A new database of ``kind``: a file in ``folder``, or one on the session's PostgreSQL
    server (the ``postgres`` fixture, started when first asked for)."""
    if kind == "sqlite":
        return folder / "boardrules.db"
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


def sql(db: Where, query: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """Run ``query`` on the database with its own driver, from outside the server (another
    connection), and return its rows; the driver's error is raised as it is."""
    if isinstance(db, str):
        import psycopg

        with psycopg.connect(db, autocommit=True) as conn:
            cursor = conn.execute(query.replace("?", "%s"), params)
            return [tuple(row) for row in cursor.fetchall()] if cursor.description else []
    conn3 = sqlite3.connect(db, isolation_level=None)
    try:
        return conn3.execute(query, params).fetchall()
    finally:
        conn3.close()


def _answers(client: httpx.Client) -> bool:
    try:
        return client.get("/api/games").status_code == 200
    except httpx.TransportError:
        return False


class Api:
    """An HTTP client of the server, with the calls a player makes."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=WAIT)

    def close(self) -> None:
        self.http.close()

    def create(self, game: str, seats: list[str], seed: int | None = None,
               options: dict[str, str] | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "seats": seats}
        if seed is not None:
            body["seed"] = seed
        if options is not None:
            body["options"] = options
        r = self.http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]

    def look(self, gid: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.http.get(f"/api/games/{gid}", headers=headers)
        assert r.status_code == 200, r.text
        return r.json()  # type: ignore[no-any-return]

    def post(self, gid: str, what: str, token: str | None, body: dict[str, Any]) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        # json.dumps escapes what httpx's json= cannot send (a lone surrogate)
        return self.http.post(f"/api/games/{gid}/{what}", headers=headers, content=json.dumps(body))

    def act(self, gid: str, token: str, move: int, action: str) -> httpx.Response:
        return self.post(gid, "actions", token, {"move": move, "action": action})

    def asked(self, gid: str, token: str, seat: int) -> dict[str, Any]:
        """The seat's payload once it is asked (or the game is over)."""
        def ready() -> dict[str, Any] | None:
            got = self.look(gid, token)
            return got if got["over"] or got["decision"]["player"] == seat else None
        return wait_for(ready, f"seat {seat} to be asked")  # type: ignore[no-any-return]


def choice(payload: dict[str, Any]) -> str:
    """The test's human: a legal action picked by the move number, the same in every run."""
    actions = payload["decision"]["actions"]
    return actions[payload["move"] * 7 % len(actions)]["text"]  # type: ignore[no-any-return]


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"]}


def play_humans(api: Api, gid: str, tokens: dict[int, str], moves: int | None = None) -> list[tuple[int, int, str]]:
    """Play the human seats by ``choice`` (the agents play theirs) for ``moves`` of their
    decisions, or to the end; returns each acknowledged (move, seat, action)."""
    played: list[tuple[int, int, str]] = []
    while moves is None or len(played) < moves:
        def humans_turn() -> dict[str, Any] | None:
            for seat, token in tokens.items():
                got = api.look(gid, token)
                if got["over"] or got["decision"]["player"] == seat:
                    return got
            return None
        got = wait_for(humans_turn, "a human seat to be asked")
        if got["over"]:
            break
        seat, text = got["seat"], choice(got)
        r = api.act(gid, tokens[seat], got["move"], text)
        assert r.status_code == 200, r.text
        played.append((got["move"], seat, text))
    return played


# -- the browser --------------------------------------------------------------------------------
def chromium() -> str:
    """Debian's Chromium (``.ci/run`` installs it when it is missing); no browser is downloaded."""
    import pytest

    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("chromium is not installed: .ci/run installs it with apt-get")
    pytest.skip("chromium is not installed (apt-get install chromium)")


def launched_chromium() -> Iterator[Any]:
    """A headless Debian Chromium for a module's tests (a fixture's body: ``yield from``)."""
    import pytest

    playwright_api = pytest.importorskip("playwright.sync_api")
    path = chromium()
    with playwright_api.sync_playwright() as p:
        # the sandbox needs user namespaces, which a root session in a container does not have
        launched = p.chromium.launch(executable_path=path, args=["--no-sandbox"] if os.geteuid() == 0 else [])
        yield launched
        launched.close()
