"""Resuming on start (docs/server.md, "Restarts"): after a SIGKILL every move whose POST
returned is there and play goes on, on SQLite and on PostgreSQL; a resumed game plays exactly the
moves an uninterrupted one plays; a game recorded under other rules or content is listed with
what it needs, never replayed."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from web_support import (
    STORES,
    Api,
    ProcessServer,
    ThreadServer,
    choice,
    new_database,
    play_humans,
    tokens_of,
    wait_for,
)

from boardrules.games import load_game
from boardrules.web import GameRecord, SQLiteStore

SEEDED = ("small-world", ["human", "greedy", "random"], 21)  # the game played through and killed


@dataclass
class Killed:
    """A server killed with SIGKILL in the middle of two games, and started again on its database:
    one whose humans were posting as fast as they could (``acked``: each move whose POST
    returned), one whose agents were playing after its humans' 20th move."""

    server: ProcessServer
    api: Api
    racing: str
    racing_tokens: dict[int, str]
    acked: list[tuple[int, int, str]]
    seeded: str
    seeded_tokens: dict[int, str]


def post_until_gone(url: str, gid: str, tokens: dict[int, str], acked: list[tuple[int, int, str]],
                    stop: threading.Event) -> None:
    client = Api(url)
    try:
        while not stop.is_set():
            for seat, token in tokens.items():
                got = client.look(gid, token)
                if got["decision"]["player"] == seat and client.act(gid, token, got["move"], choice(got)).status_code == 200:
                    acked.append((got["move"], seat, choice(got)))
    except (httpx.TransportError, AssertionError):  # the server is gone
        pass
    finally:
        client.close()


@pytest.fixture(scope="module", params=STORES)
def killed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Killed]:
    db = new_database(request.param, tmp_path_factory.mktemp("killed"), request)
    server = ProcessServer(db).start()
    assert server.said[1].startswith("Listening on loopback only")
    api = Api(server.url)
    seeded = api.create(*SEEDED[:2], seed=SEEDED[2])
    play_humans(api, seeded["id"], tokens_of(seeded), moves=20)
    racing = api.create("small-world", ["human", "human", "greedy"], seed=11)
    acked: list[tuple[int, int, str]] = []
    stop = threading.Event()
    thread = threading.Thread(target=post_until_gone, args=(server.url, racing["id"], tokens_of(racing), acked, stop))
    thread.start()
    wait_for(lambda: len(acked) >= 15, "15 moves of the humans")
    server.kill()
    stop.set()
    thread.join()
    api.close()
    again = ProcessServer(db).start()
    api = Api(again.url)
    yield Killed(again, api, racing["id"], tokens_of(racing), acked, seeded["id"], tokens_of(seeded))
    api.close()
    assert "Traceback" not in again.stop()


def test_after_a_sigkill_every_acknowledged_move_is_there_and_play_goes_on(killed: Killed) -> None:
    assert killed.server.said[2] == "2 unfinished game(s) resumed."
    api, gid = killed.api, killed.racing
    log = api.look(gid, killed.racing_tokens[0])["log"]
    for move, seat, text in killed.acked:  # no undo or seat change here: entry n is decision n
        assert log[move] == {"seat": seat, "text": text}
    assert any(e["seat"] == 2 for e in log)
    assert len(play_humans(api, gid, killed.racing_tokens, moves=10)) == 10
    after = api.look(gid)
    assert any(e["seat"] == 2 for e in after["log"][len(log) + 10:])  # the agent plays on too


def test_a_resumed_game_with_agents_plays_exactly_the_moves_of_an_uninterrupted_one(killed: Killed,
                                                                                    tmp_path: Path) -> None:
    with ThreadServer(tmp_path / "straight.db") as straight:
        api = Api(straight.url)
        made = api.create(*SEEDED[:2], seed=SEEDED[2])
        play_humans(api, made["id"], tokens_of(made))
        uninterrupted = api.http.get(f"/api/games/{made['id']}/replay").json()
        api.close()
    play_humans(killed.api, killed.seeded, killed.seeded_tokens)
    resumed = killed.api.http.get(f"/api/games/{killed.seeded}/replay").json()
    assert resumed["actions"] == uninterrupted["actions"]
    assert resumed["final_hash"] == uninterrupted["final_hash"] and resumed["over"]


def test_undo_seat_changes_and_finished_games_come_back_on_start(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    with ThreadServer(db) as first:
        api = Api(first.url)
        made = api.create("small-world", ["human", "human"], seed=1)
        gid, tokens = made["id"], tokens_of(made)
        for move in (0, 1, 2):
            looked = api.look(gid, tokens[0])
            assert api.act(gid, tokens[0], move, looked["decision"]["actions"][0]["text"]).status_code == 200
        assert api.post(gid, "undo", tokens[0], {"move": 3}).status_code == 200
        assert api.post(gid, "seat", tokens[1], {"agent": "greedy"}).status_code == 200
        before = [api.look(gid, token) for token in (tokens[0], tokens[1], None)]
        done = api.create("small-world", ["random", "random"], seed=3)["id"]
        wait_for(lambda: api.look(done)["over"], "the agents to finish their game")
        replay = api.http.get(f"/api/games/{done}/replay").json()
        api.close()
    with ThreadServer(db) as second:
        assert set(second.app.state.registry.tables) == {gid}  # a finished game is rebuilt when asked for
        api = Api(second.url)
        after = [api.look(gid, token) for token in (tokens[0], tokens[1], None)]
        assert api.http.get(f"/api/games/{done}/replay").json() == replay
        assert api.look(done)["over"]
        api.close()
    assert after == before and after[0]["move"] == 5 and len(after[0]["log"]) == 2
    assert [s["player"] for s in after[2]["seats"]] == ["human", "greedy"]


def test_a_game_under_other_rules_or_content_is_listed_with_what_it_needs_and_not_replayed(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    store = SQLiteStore(db)
    seats = ({"agent": "human", "token": None}, {"agent": "greedy", "token": None})
    game = load_game("small-world")
    rows = {
        "old-rules": GameRecord("old-rules", "small-world", "sw-0", game.content_version, 3, 2, seats, {}, "t1"),
        "old-content": GameRecord("old-content", "small-world", game.rules_version, "0123", 3, 2, seats, {}, "t2"),
        "no-such-game": GameRecord("no-such-game", "chess", "c-1", "x", 3, 2, seats, {}, "t3"),
        "broken-log": GameRecord("broken-log", "small-world", game.rules_version, game.content_version, 3, 2,
                                 seats, {}, "t4"),
    }
    for row in rows.values():
        store.create_game(row)
        store.append(row.id, 0, 0, "pick nobody")
    store.close()
    with ThreadServer(db) as server:
        api = Api(server.url)
        listed = {g["id"]: g for g in api.http.get("/api/games").json()["games"]}
        assert "rules version sw-0" in listed["old-rules"]["needs"]
        assert f"this server has rules {game.rules_version}" in listed["old-rules"]["needs"]
        assert "content version 0123" in listed["old-content"]["needs"]
        assert "is not replayed into a different game" in listed["old-content"]["needs"]
        assert listed["no-such-game"]["needs"] == "this is a game of 'chess', which this boardrules does not have"
        assert "cannot be rebuilt from its log: entry 0 ('pick nobody')" in listed["broken-log"]["needs"]
        for gid, row in listed.items():
            r = api.http.get(f"/api/games/{gid}")
            assert r.status_code == 409 and r.json()["error"] == row["needs"]
            assert api.http.get(f"/api/games/{gid}/events").status_code == 409
        assert "move" not in listed["old-rules"]
        api.close()
    store = SQLiteStore(db)
    assert all([e.text for e in store.entries(gid)] == ["pick nobody"] for gid in rows)  # left as they were
    store.close()
