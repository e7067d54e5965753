"""Agents as seats (docs/server.md, "Agents"): played by the worker off the request path,
committed like a human's moves, each decision seeded from the game's seed, the seat and the
move number, with the turn's counts worked out from the history."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from web_support import Api, ThreadServer, choice, tokens_of, wait_for

from boardrules.agents import GreedyAgent
from boardrules.engine import replay_from_data
from boardrules.games import load_game
from boardrules.web import SQLiteStore
from boardrules.web.bots import bot_seed, job_for
from boardrules.web.registry import Registry


def finished(api: Api, gid: str) -> dict:
    wait_for(lambda: api.look(gid)["over"], "the agents to finish the game")
    return api.http.get(f"/api/games/{gid}/replay").json()  # type: ignore[no-any-return]


def test_a_game_of_agents_alone_plays_to_the_end(api: Api) -> None:
    replay = finished(api, api.create("small-world", ["greedy", "random"], seed=3)["id"])
    session = replay_from_data(load_game("small-world"), replay)  # reproduces its final state hash
    assert session.game.is_over(session.state) and len(replay["actions"]) > 50


def test_the_same_seed_plays_the_same_game_and_another_seed_another(api: Api) -> None:
    games = [api.create("small-world", ["greedy", "random", "greedy"], seed=seed)["id"] for seed in (9, 9, 10)]
    one, same, other = (finished(api, gid) for gid in games)
    assert one["actions"] == same["actions"] and one["final_hash"] == same["final_hash"]
    assert one["actions"] != other["actions"]


def test_an_agents_moves_are_written_to_the_log_like_a_humans(api: Api, server: ThreadServer) -> None:
    gid = api.create("heroes-iv", ["random", "greedy"], seed=4)["id"]
    replay = finished(api, gid)
    db = sqlite3.connect(server.db)
    rows = db.execute("SELECT n, seat, text FROM actions WHERE game = ? ORDER BY n", (gid,)).fetchall()
    db.close()
    assert [text for _, _, text in rows] == replay["actions"]
    assert [n for n, _, _ in rows] == list(range(len(rows))) and {seat for _, seat, _ in rows} == {0, 1}


def test_a_search_agent_plays_its_seat(api: Api) -> None:
    made = api.create("small-world", ["human", "ismcts:iterations=20,depth=4"], seed=5)
    gid, tokens = made["id"], tokens_of(made)
    looked = api.asked(gid, tokens[0], 0)
    while not any(e["seat"] == 1 for e in looked["log"]):
        assert api.act(gid, tokens[0], looked["move"], choice(looked)).status_code == 200
        looked = api.asked(gid, tokens[0], 0)
    assert [s["player"] for s in looked["seats"]] == ["human", "ismcts:iterations=20,depth=4"]


def test_each_decision_has_its_own_seed_from_the_game_seat_and_move() -> None:
    assert bot_seed(7, 1, 40) == bot_seed(7, 1, 40)
    seeds = {bot_seed(seed, seat, move) for seed in (7, 8) for seat in range(3) for move in range(50)}
    assert len(seeds) == 2 * 3 * 50 and all(0 <= s < 1 << 64 for s in seeds)


def test_the_turns_counts_worked_out_from_the_history_are_the_agents_own(tmp_path: Path) -> None:
    """What a greedy agent that played every decision of its seat has counted this turn (the
    counts that stop it going round for ever, REPEATS) is what the server works out afresh
    for each decision."""
    store = SQLiteStore(tmp_path / "b.db")
    registry = Registry(store)  # not started: this test plays the agents' decisions itself
    table, _ = registry.create("small-world", ["greedy", "greedy"], 12, {})
    agents = [GreedyAgent(seat) for seat in range(2)]
    compared = 0
    for _ in range(150):
        job = job_for(table)
        if job is None:
            break
        agent = agents[job.seat]
        expected = agent.taken if agent.turn == (job.turn, job.seat) else {}
        assert job.taken == expected
        compared += bool(expected)
        decision = table.game.decision(job.state)
        assert table.play_for_bot(job.move, job.seat, agent.act(table.game, job.state, decision))
    assert compared > 20
    store.close()
