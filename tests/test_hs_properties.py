"""Heroscape property tests: seeded random games of 2 and 4 players with invariants after every
action (no figure on an occupied space, double-space figures on two same-level spaces, wounds
below life while on the map, armies within their point limit, every decision has a legal
action, every game ends), views hiding unrevealed order markers, determinization, replays."""

from __future__ import annotations

import os

import pytest
from hs_invariants import run_game

from boardrules.engine import Session, replay_from_data
from boardrules.games.heroscape.game import Heroscape

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90")) // 6


@pytest.fixture(scope="module")
def game() -> Heroscape:
    return Heroscape()


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_the_invariants(game: Heroscape, players: int) -> None:
    for seed in range(GAMES):
        run_game(game, players, 1000 * players + seed)


def test_views_hide_markers_and_determinize_agrees(game: Heroscape) -> None:
    run_game(game, 2, 5, views_every=7)


def test_replay_reproduces_the_final_hash(game: Heroscape) -> None:
    state, actions = run_game(game, 2, 77)
    session = Session(game, 77, 2, {"army": "draft"})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    assert game.state_hash(replay_from_data(game, data).state) == data["final_hash"]
