"""A server for each test module: the real app on uvicorn in a thread, over its own database;
a PostgreSQL server for the session, started when a test first needs it, and ``database``: a
new database of each kind (SQLite, PostgreSQL) for the tests that run on both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from web_support import STORES, Api, PostgresServer, ThreadServer, Where, new_database


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    with PostgresServer() as running:
        yield running


@pytest.fixture(params=STORES)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Where:
    return new_database(request.param, tmp_path, request)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    with ThreadServer(tmp_path_factory.mktemp("server") / "boardrules.db") as running:
        yield running


@pytest.fixture(scope="module")
def api(server: ThreadServer) -> Iterator[Api]:
    """One client for the module (making one costs a tenth of a second: httpx's TLS context)."""
    client = Api(server.url)
    yield client
    client.close()
