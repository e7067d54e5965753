"""The event stream (docs/server.md, "Events"): server-sent events, the current move number
first on every connection, then every new one in order."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
from web_support import Api, ThreadServer, choice, tokens_of, wait_for


def events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The stream's events, each as its fields (comments skipped)."""
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if fields:
                yield fields
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(": ")
            fields[name] = value


def test_every_connection_first_gets_the_current_move(api: Api, server: ThreadServer) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    for move in (0, 1):
        looked = api.look(gid, tokens[0])
        api.act(gid, tokens[0], move, looked["decision"]["actions"][0]["text"])
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for _ in range(2):  # a client that comes back is told at once
            with client.stream("GET", f"/api/games/{gid}/events") as r:
                assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
                assert next(events(r.iter_lines())) == {"id": "2", "event": "move", "data": "2"}


def test_the_stream_tells_every_move_number_in_order(api: Api, server: ThreadServer) -> None:
    made = api.create("small-world", ["human", "greedy"], seed=6)
    gid, tokens = made["id"], tokens_of(made)
    with httpx.Client(base_url=server.url, timeout=30) as client, \
            client.stream("GET", f"/api/games/{gid}/events") as r:
        stream = events(r.iter_lines())
        assert next(stream)["data"] == "0"
        seen, now = [0], 0
        while now < 30:  # the human's decisions, and the agent's turns between
            looked = api.asked(gid, tokens[0], 0)
            assert api.act(gid, tokens[0], looked["move"], choice(looked)).status_code == 200
            now = api.asked(gid, tokens[0], 0)["move"]
            while seen[-1] < now:
                seen.append(int(next(stream)["data"]))
        assert seen == list(range(now + 1))
        assert {e["seat"] for e in api.look(gid)["log"]} == {0, 1}


def test_a_finished_game_tells_its_last_move(api: Api, server: ThreadServer) -> None:
    gid = api.create("small-world", ["random", "random"], seed=2)["id"]
    last = wait_for(lambda: (got := api.look(gid))["over"] and got["move"], "the agents to finish the game")
    with httpx.Client(base_url=server.url, timeout=30) as client, \
            client.stream("GET", f"/api/games/{gid}/events") as r:
        assert next(events(r.iter_lines())) == {"id": str(last), "event": "move", "data": str(last)}
