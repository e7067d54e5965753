"""A server for each test module: the real app on uvicorn in a thread, over its own database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from web_support import Api, ThreadServer


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
