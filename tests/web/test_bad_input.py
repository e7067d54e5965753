"""Bad input of every kind gets a 4xx with a one-line JSON message: never a 500, never a
traceback (docs/server.md, "Limits and refusals")."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from web_support import Api, tokens_of


def refused(r: httpx.Response, status: int, words: str = "") -> str:
    """Check a refusal: the status, a JSON object whose error is one line (and ``words`` in it)."""
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    message = body["error"]
    assert isinstance(message, str) and message and "\n" not in message and "Traceback" not in r.text
    assert words in message, message
    return message  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def game(api: Api) -> tuple[str, dict[int, str]]:
    made = api.create("small-world", ["human", "human"], seed=1)
    return made["id"], tokens_of(made)


def create(api: Api, body: object) -> httpx.Response:
    return api.http.post("/api/games", content=json.dumps(body))


# -- the body -------------------------------------------------------------------------------
def test_a_body_over_16_kb_is_413(api: Api) -> None:
    big = {"game": "small-world", "seats": ["human"], "options": {"x": "y" * 17_000}}
    refused(create(api, big), 413, "at most 16,384 bytes")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "'
        for _ in range(40):
            yield b"x" * 1000
    refused(api.http.post("/api/games", content=chunks()), 413)


@pytest.mark.parametrize("raw, words", [
    (b"", "empty"), (b"{", "not JSON"), (b"[1, 2]", "a JSON object"), (b'"text"', "a JSON object"),
    (b"\xff\xfe{}", "not UTF-8"), (b'{"seed": NaN}', "NaN is not a JSON number"),
    (b'{"seed": Infinity}', "Infinity"), (b'{"seed": 1' + b"0" * 5000 + b"}", "not JSON we read"),
    (b"[" * 8000 + b"]" * 8000, "nested too deeply"), (b"\xef\xbb\xbf{}", "not JSON"),
])
def test_a_body_that_is_no_json_object_is_400(api: Api, raw: bytes, words: str) -> None:
    refused(api.http.post("/api/games", content=raw), 400, words)


def test_an_unknown_field_is_422(api: Api) -> None:
    refused(create(api, {"game": "small-world", "seats": ["human", "human"], "seets": []}), 422,
            "unknown field 'seets'")


# -- making a game ----------------------------------------------------------------------------
@pytest.mark.parametrize("body, words", [
    ({"seats": ["human", "human"]}, "'game' is text, not null"),
    ({"game": 5, "seats": ["human", "human"]}, "'game' is text, not a number"),
    ({"game": "chess", "seats": ["human", "human"]}, "unknown game 'chess'; installed games:"),
    ({"game": "small\u200bworld", "seats": ["human", "human"]}, "unknown game"),
    ({"game": "\u202esmall-world", "seats": ["human", "human"]}, "unknown game"),
    ({"game": "\ud800", "seats": ["human", "human"]}, "not valid Unicode"),
    ({"game": "small-world\x00", "seats": ["human", "human"]}, "control character"),
    ({"game": "small-world"}, "'seats' is a list"),
    ({"game": "small-world", "seats": []}, "'seats' is a list"),
    ({"game": "small-world", "seats": "human,greedy"}, "'seats' is a list"),
    ({"game": "small-world", "seats": ["human"] * 17}, "no game has that many"),
    ({"game": "small-world", "seats": ["human"] * 6}, "2 to 5 players, not 6"),
    ({"game": "small-world", "seats": ["human", "nobody"]}, "seat 1: unknown agent 'nobody'"),
    ({"game": "small-world", "seats": ["human", 3]}, "seat 1: a seat is an agent's name as text"),
    ({"game": "small-world", "seats": ["human", "human,greedy"]}, "one agent per seat"),
    ({"game": "small-world", "seats": ["human", "gr\u0435edy"]}, "unknown agent"),  # a Cyrillic e
    ({"game": "small-world", "seats": ["human", "ismcts:iterations=abc"]}, "must be a whole number"),
    ({"game": "small-world", "seats": ["human", "ismcts:seconds=1"]}, "a time budget (seconds=) is refused"),
    ({"game": "small-world", "seats": ["human", "ismcts:iterations=99999"]}, "at most 5,000 iterations"),
    ({"game": "small-world", "seats": ["human", "ismcts:depth=999"]}, "a depth of at most 200"),
    ({"game": "small-world", "seats": ["human", "g" * 300]}, "at most 200 characters"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": 1 << 64}, "a seed is a whole number from 0"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": -1}, "a seed is a whole number from 0"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": 10**4000}, "a seed is a whole number from 0"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": "7"}, "'seed' is a whole number, not text"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": True}, "not true or false"),
    ({"game": "small-world", "seats": ["human", "human"], "seed": 1.5}, "not a number"),
    ({"game": "small-world", "seats": ["human", "human"], "options": ["map=a"]}, "'options' is an object"),
    ({"game": "small-world", "seats": ["human", "human"], "options": {"map": "x"}}, "unknown option 'map'"),
    ({"game": "heroscape", "seats": ["human", "human"], "options": {"points": 400}}, "is text, not a number"),
    ({"game": "heroscape", "seats": ["human", "human"], "options": {"points": "9" * 150}}, "points"),
    ({"game": "heroscape", "seats": ["human", "human"], "options": {"army": "\ud83d"}}, "not valid Unicode"),
    ({"game": "heroes-iv", "seats": ["human", "human"], "options": {"decks": "/etc/passwd"}},
     "the option 'decks' names a file on the server's disk"),
    ({"game": "meeples-and-monsters", "seats": ["human", "human"], "options": {"expansion": "x" * 201}},
     "at most 200 bytes"),
])
def test_a_game_that_cannot_be_made_is_422(api: Api, body: dict, words: str) -> None:
    refused(create(api, body), 422, words)


# -- acting ----------------------------------------------------------------------------------
@pytest.mark.parametrize("body, status, words", [
    ({"move": 0, "action": "pick " + "x" * 1100}, 422, "'action' is at most 1,024 bytes"),
    ({"move": 0, "action": "é" * 600}, 422, "at most 1,024 bytes, not 1,200"),
    ({"move": 0}, 422, "'action' is text, not null"),
    ({"action": "pick orcs"}, 422, "'move' is missing"),
    ({"move": "0", "action": "pick orcs"}, 422, "'move' is a whole number, not text"),
    ({"move": 0.0, "action": "pick orcs"}, 422, "'move' is a whole number, not a number"),
    ({"move": 10**4000, "action": "pick orcs"}, 409, "the game is at move 0"),
    ({"move": 0, "action": ["pick", "orcs"]}, 422, "'action' is text, not a list"),
    ({"move": 0, "action": ""}, 422, "empty action"),
    ({"move": 0, "action": "pick\x85orcs"}, 422, "control character"),
    ({"move": 0, "action": "pick\u00a0nobody"}, 422, "there is no Race 'nobody'"),  # split as a space is
    ({"move": 0, "action": "ｐｉｃｋ orcs"}, 422, "is not a valid word"),
    ({"move": 0, "action": "pick \U0001f600"}, 422, "is not a valid word"),
    ({"move": 0, "action": "pick \ud83d"}, 422, "not valid Unicode"),
    ({"move": 0, "action": "pick\u200borcs"}, 422, "is not a valid word"),
    ({"move": 0, "action": "pick <script>alert(1)</script>"}, 422, "is not a valid word"),
    ({"move": 0, "action": "pick 99999999999999999999999999"}, 422, "there is no Race"),
    ({"move": 0, "action": "pick orcs", "as": 1}, 422, "unknown field 'as'"),
])
def test_a_bad_action_is_refused(api: Api, game: tuple[str, dict[int, str]], body: dict, status: int,
                                 words: str) -> None:
    gid, tokens = game
    refused(api.post(gid, "actions", tokens[0], body), status, words)
    assert api.look(gid)["move"] == 0


def test_a_request_without_a_good_token_is_refused(api: Api, game: tuple[str, dict[int, str]]) -> None:
    gid, tokens = game
    body = {"move": 0, "action": "pick orcs"}
    refused(api.http.post(f"/api/games/{gid}/actions", json=body), 401, "this needs the seat's token")
    for header in ("Basic abc", "Bearer", "token"):
        refused(api.http.post(f"/api/games/{gid}/actions", json=body, headers={"Authorization": header}), 401,
                "Bearer TOKEN")
    for token in ("nope", tokens[0][:-1], tokens[0] + "x", tokens[0].upper(), "x" * 5000, "\u00e9" * 30):
        refused(api.http.post(f"/api/games/{gid}/actions", json=body, params={"token": token}), 403,
                "holds no seat of this game")
    refused(api.http.get(f"/api/games/{gid}", params={"token": ""}), 403)
    refused(api.http.get(f"/api/games/{gid}", headers={"Authorization": "Bearer wrong"}), 403)
    refused(api.post(gid, "undo", "wrong", {"move": 0}), 403)
    refused(api.post(gid, "seat", None, {"agent": "greedy"}), 401)
    assert api.look(gid)["move"] == 0


def test_undo_and_seat_changes_check_their_bodies(api: Api, game: tuple[str, dict[int, str]]) -> None:
    gid, tokens = game
    refused(api.post(gid, "undo", tokens[0], {}), 422, "'move' is missing")
    refused(api.post(gid, "undo", tokens[0], {"move": 0}), 422, "cannot undo: nothing has been played yet")
    refused(api.post(gid, "seat", tokens[0], {}), 422, "'agent' is text, not null")
    refused(api.post(gid, "seat", tokens[0], {"agent": "wizard"}), 422, "seat 0: unknown agent 'wizard'")
    refused(api.post(gid, "seat", tokens[0], {"agent": "mcts:seconds=0.5"}), 422, "seconds=")
    refused(api.post(gid, "seat", tokens[0], {"agent": "human"}), 409, "yours already")


# -- addresses -------------------------------------------------------------------------------
@pytest.mark.parametrize("gid", ["nope", "a" * 500, "..", "%00", "%ED%A0%80", "%E2%80%AE", "1e999999"])
def test_an_unknown_game_id_is_404(api: Api, gid: str) -> None:
    for r in (api.http.get(f"/api/games/{gid}"), api.http.get(f"/api/games/{gid}/replay"),
              api.http.get(f"/api/games/{gid}/events"),
              api.http.post(f"/api/games/{gid}/actions", json={"move": 0, "action": "done"},
                            headers={"Authorization": "Bearer x"})):
        refused(r, 404)


def test_an_unknown_address_or_method_is_a_json_4xx(api: Api) -> None:
    refused(api.http.get("/api/nothing"), 404, "there is no such address")
    refused(api.http.get("/api"), 404)
    refused(api.http.delete("/api/games"), 405, "does not take this method")
    refused(api.http.put("/api/games/x/actions"), 405)


# -- anything at all -------------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
FIELDS = st.dictionaries(st.sampled_from(["game", "seats", "seed", "options", "move", "action", "agent"]), JSON,
                         max_size=4)


@pytest.fixture(scope="module")
def fuzzed(api: Api) -> tuple[Api, str, str]:
    """A game of its own: a body that happens to be valid may change it."""
    made = api.create("small-world", ["human", "human"], seed=1)
    return api, made["id"], made["seats"][1]["token"]


@settings(max_examples=80, deadline=None)
@given(body=FIELDS | JSON, what=st.sampled_from(["", "/actions", "/undo", "/seat"]))
def test_no_body_gets_a_500(fuzzed: tuple[Api, str, str], body: object, what: str) -> None:
    api, gid, token = fuzzed
    path = f"/api/games/{gid}{what}" if what else "/api/games"
    r = api.http.post(path, content=json.dumps(body), headers={"Authorization": f"Bearer {token}"})
    assert r.status_code < 500 and "Traceback" not in r.text, r.text
    if r.status_code >= 400:
        assert "\n" not in r.json()["error"]
