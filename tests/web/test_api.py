"""The JSON API, endpoint by endpoint, against the real server (docs/server.md, "The API")."""

from __future__ import annotations

import threading

import httpx
from web_support import Api, ThreadServer, choice, play_humans, tokens_of, wait_for

from boardrules.engine import replay_from_data
from boardrules.games import load_game


def first(payload: dict) -> str:
    return payload["decision"]["actions"][0]["text"]  # type: ignore[no-any-return]


def test_creating_a_game_gives_a_link_per_human_seat_and_a_spectator_link(api: Api) -> None:
    made = api.create("small-world", ["human", "greedy", "human"], seed=3)
    assert [s["seat"] for s in made["seats"]] == [0, 2]  # the agent's seat has no holder
    tokens = [s["token"] for s in made["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 22 for t in tokens)  # 128 bits are 22 URL-safe characters
    for s in made["seats"]:  # the links are the game's page; its JSON is under /api/
        assert s["url"].endswith(f"/games/{made['id']}?token={s['token']}") and "/api/" not in s["url"]
        assert api.http.get(s["url"]).headers["content-type"].startswith("text/html")
        assert api.look(made["id"], s["token"])["seat"] == s["seat"]
    assert made["spectator"].endswith(f"/games/{made['id']}") and "token" not in made["spectator"]
    assert api.http.get(made["spectator"]).status_code == 200 and api.look(made["id"])["seat"] is None


def test_only_the_seat_asked_is_shown_the_prompt_and_the_actions(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    spectator = api.look(gid)
    asked = spectator["decision"]["player"]
    mine, theirs = api.look(gid, tokens[asked]), api.look(gid, tokens[1 - asked])
    assert mine["seat"] == asked and mine["move"] == 0 and not mine["over"]
    assert mine["decision"]["prompt"]
    assert all(a["text"] and a["label"] for a in mine["decision"]["actions"])
    assert theirs["decision"] == {"player": asked} and spectator["decision"] == {"player": asked}
    assert mine["standing"]["clock"] == "turn 1 of 10" and len(mine["standing"]["scores"]) == 2
    assert [s["player"] for s in mine["seats"]] == ["human", "human"]


def test_a_move_is_played_and_the_new_move_number_returned(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    looked = api.look(gid, tokens[0])
    r = api.act(gid, tokens[0], 0, first(looked))
    assert r.status_code == 200 and r.json() == {"move": 1}
    after = api.look(gid, tokens[0])
    assert after["move"] == 1 and after["log"] == [{"seat": 0, "text": first(looked)}]


def test_a_stale_move_is_409_with_the_current_move(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    api.act(gid, tokens[0], 0, first(api.look(gid, tokens[0])))
    for stale in (0, 2, -1, 10**40):
        r = api.act(gid, tokens[0], stale, "done")
        assert r.status_code == 409 and r.json()["move"] == 1, (stale, r.text)
        assert "move 1" in r.json()["error"]


def test_a_seat_not_asked_is_403(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    r = api.act(gid, tokens[1], 0, "pick orcs")
    assert r.status_code == 403 and r.json()["error"] == "seat 0 is being asked, not seat 1"


def test_an_illegal_action_is_422_with_the_rules_refusal(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    r = api.act(gid, tokens[0], 0, "pick 1")
    assert r.status_code == 422
    assert r.json()["error"].startswith("there is no Race '1'") and r.json()["rule"] == "Picking a Combo"
    malformed = api.act(gid, tokens[0], 0, "pick <script>")
    assert malformed.status_code == 422 and "is not a valid word" in malformed.json()["error"]
    assert api.look(gid)["move"] == 0  # nothing was played


def at_once(clients: list[httpx.Client], path: str, body: dict, token: str) -> list[int]:
    """The same request from each client, released together; the statuses, sorted."""
    gate = threading.Barrier(len(clients))
    answers: list[int] = []

    def post(client: httpx.Client) -> None:
        gate.wait()
        answers.append(client.post(path, json=body, headers={"Authorization": f"Bearer {token}"}).status_code)

    threads = [threading.Thread(target=post, args=(client,)) for client in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(answers)


def test_two_clients_posting_the_same_move_at_once_one_is_applied_the_other_409(api: Api, server: ThreadServer) -> None:
    made = api.create("small-world", ["human", "human"], seed=2)
    gid, tokens = made["id"], tokens_of(made)
    clients = [httpx.Client(base_url=server.url) for _ in range(2)]
    for _ in range(6):
        seat = api.look(gid)["decision"]["player"]
        payload = api.look(gid, tokens[seat])
        body = {"move": payload["move"], "action": choice(payload)}
        assert at_once(clients, f"/api/games/{gid}/actions", body, tokens[seat]) == [200, 409]
        assert api.look(gid)["move"] == payload["move"] + 1
    for client in clients:
        client.close()


def test_the_list_of_games_shows_each_with_its_move(api: Api) -> None:
    made = api.create("heroscape", ["human", "greedy"], seed=5)
    listed = {g["id"]: g for g in api.http.get("/api/games").json()["games"]}
    row = listed[made["id"]]
    assert row["game"] == "heroscape" and row["seats"] == ["human", "greedy"] and row["finished"] is None
    assert isinstance(row["move"], int) and "needs" not in row


def test_the_replay_is_refused_while_the_game_goes_on_and_public_once_over(api: Api) -> None:
    made = api.create("small-world", ["human", "random"], seed=8)
    gid = made["id"]
    r = api.http.get(f"/api/games/{gid}/replay")
    assert r.status_code == 403 and "once the game is over" in r.json()["error"]
    assert "seed" not in api.look(gid) and "seed" not in api.look(gid, made["seats"][0]["token"])
    play_humans(api, gid, tokens_of(made))
    over = api.look(gid)
    assert over["over"] and over["decision"] is None and set(over["result"]) == {"scores", "winners"}
    replay = api.http.get(f"/api/games/{gid}/replay").json()
    assert replay["seed"] == 8 and replay["over"] and len(replay["actions"]) == len(over["log"])
    session = replay_from_data(load_game("small-world"), replay)  # it reproduces its final state hash
    assert session.game.is_over(session.state)
    assert api.http.get("/api/games").json()["games"][-1]["finished"] is not None


def test_undo_takes_back_the_seats_last_decision(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    api.act(gid, tokens[0], 0, first(api.look(gid, tokens[0])))  # picking draws a new combo
    r = api.post(gid, "undo", tokens[0], {"move": 1})
    assert r.status_code == 422 and "randomness drawn" in r.json()["error"]
    before = api.look(gid, tokens[0])
    api.act(gid, tokens[0], 1, first(before))  # a conquest: nothing hidden, no die
    r = api.post(gid, "undo", tokens[0], {"move": 2})
    assert r.status_code == 200 and r.json() == {"move": 3}
    after = api.look(gid, tokens[0])
    assert after["move"] == 3 and after["log"] == before["log"] and after["decision"] == before["decision"]
    stale = api.post(gid, "undo", tokens[0], {"move": 2})
    assert stale.status_code == 409 and stale.json()["move"] == 3


def test_undo_is_refused_once_another_player_decided_since(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=1)
    gid, tokens = made["id"], tokens_of(made)
    while api.look(gid)["decision"]["player"] == 0:
        looked = api.look(gid, tokens[0])
        assert api.act(gid, tokens[0], looked["move"], first(looked)).status_code == 200
    looked = api.look(gid, tokens[1])
    api.act(gid, tokens[1], looked["move"], first(looked))
    r = api.post(gid, "undo", tokens[0], {"move": looked["move"] + 1})
    assert r.status_code == 422 and r.json()["error"] == "cannot undo: seat 1 has decided since"
    nothing = api.post(gid, "undo", api.create("small-world", ["human", "human"])["seats"][0]["token"], {"move": 0})
    assert nothing.status_code == 403  # a token of another game holds no seat of this one


def test_a_seat_left_to_an_agent_is_played_by_it_until_taken_back(api: Api) -> None:
    made = api.create("small-world", ["human", "human", "greedy"], seed=4)
    gid, tokens = made["id"], tokens_of(made)
    r = api.post(gid, "seat", tokens[0], {"agent": "greedy"})
    assert r.status_code == 200 and r.json() == {"move": 1}
    assert [s["player"] for s in api.look(gid)["seats"]] == ["greedy", "human", "greedy"]
    asked = api.asked(gid, tokens[1], 1)  # the agent played seat 0's turn
    assert {e["seat"] for e in asked["log"]} == {0} and asked["move"] > 1
    mine = api.look(gid, tokens[0])
    assert mine["decision"] == {"player": 1}
    again = api.post(gid, "seat", tokens[0], {"agent": "random"})
    assert again.status_code == 409 and "played by greedy" in again.json()["error"]
    r = api.post(gid, "seat", tokens[0], {"agent": "human"})
    assert r.status_code == 200 and r.json()["move"] == asked["move"] + 1
    assert api.look(gid)["seats"][0]["player"] == "human"
    twice = api.post(gid, "seat", tokens[0], {"agent": "human"})
    assert twice.status_code == 409 and twice.json()["error"] == "your seat is yours already"
    def human_asked() -> dict | None:
        got = api.look(gid, tokens[1])
        return got if got["decision"]["player"] != 2 else None
    while (looked := wait_for(human_asked, "a human seat to be asked"))["decision"]["player"] == 1:
        assert api.act(gid, tokens[1], looked["move"], choice(looked)).status_code == 200  # seat 1's turn, then 2's
    assert "actions" in api.look(gid, tokens[0])["decision"]  # its holder plays it again


def test_a_seat_left_to_an_agent_cannot_act_for_itself(api: Api) -> None:
    made = api.create("small-world", ["human", "human"], seed=4)
    gid, tokens = made["id"], tokens_of(made)
    api.post(gid, "seat", tokens[1], {"agent": "greedy"})
    r = api.act(gid, tokens[1], 1, "done")
    assert r.status_code == 409 and r.json()["error"] == "your seat is played by greedy now: take it back first"
    assert api.post(gid, "undo", tokens[1], {"move": 1}).status_code == 409
