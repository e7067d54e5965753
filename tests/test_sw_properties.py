"""Small World property tests: seeded random games of 2 to 5 players with invariants checked
after every action (Race tokens conserved between tray, hand and map up to each Race's box;
coins conserved between bank, players and combos; no Region holds two Races; every decision
has a legal action; every game ends after its map's number of turns), views hiding coins,
determinization, and replays. The big run is `python benchmarks/sw_property_run.py`."""

from __future__ import annotations

import os

import pytest
from sw_invariants import run_game

from boardrules.engine import Session, replay_from_data
from boardrules.games.small_world import SmallWorld

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> SmallWorld:
    return SmallWorld()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(game: SmallWorld, players: int) -> None:
    for seed in range(GAMES // 3):
        run_game(game, players, 1000 * players + seed, views_every=0)


@pytest.mark.parametrize("players", [2, 5])
def test_views_hide_coins_and_determinize_agrees(game: SmallWorld, players: int) -> None:
    for seed in range(4):
        run_game(game, players, 50 + seed, views_every=5)


def test_replay_reproduces_the_final_hash(game: SmallWorld) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]


def test_same_seed_same_game(game: SmallWorld) -> None:
    a, acts_a = run_game(game, 5, 12345)
    b, acts_b = run_game(game, 5, 12345)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)
