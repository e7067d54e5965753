"""Property tests: seeded random games of 2, 3 and 4 players with invariants checked after
every action (components conserved, no negative counts, VP only by the rules' amounts, every
decision has a legal action, every event carries data, every game ends), views hiding secrets, determinization, and
replays. The big run (2,000+ games) is `python benchmarks/property_run.py`."""

from __future__ import annotations

import os

import pytest
from mm_invariants import run_game

from boardrules.engine import Session, replay_from_data
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> MeeplesAndMonsters:
    return MeeplesAndMonsters()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(GAMES // 3):
        run_game(game, players, 1000 * players + seed, views_every=0)


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_secrets_and_determinize_agrees(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(4):
        run_game(game, players, 50 + seed, views_every=7)


def test_replay_reproduces_the_final_hash(game: MeeplesAndMonsters) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {"expansion": "none"})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]


def test_same_seed_same_game(game: MeeplesAndMonsters) -> None:
    a, acts_a = run_game(game, 4, 12345)
    b, acts_b = run_game(game, 4, 12345)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)
