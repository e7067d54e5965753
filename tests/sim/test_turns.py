"""What a simulation notes of each game as it goes (issue 28): the turn order of the first round
(``Game.turn_order``) and every seat's score as each turn ends (``Game.round_scores``)."""

from __future__ import annotations

from typing import Any

import pytest
from race_game import RaceGame

from boardrules.games import load_game
from boardrules.sim import play_one
from boardrules.sim.simulate import TurnWatch


def _always(points: dict[int, int]) -> Any:
    class Fixed:
        name = "fixed"

        def act(self, game: Any, state: Any, decision: Any) -> Any:
            return decision.actions[points.get(decision.player, 1) - 1]
    return Fixed()


def test_the_score_by_round_is_read_as_each_round_ends() -> None:
    game = RaceGame()
    state = game.new_state(3, seed=4)  # the first player is seat 4 % 3 = 1
    watch = TurnWatch(game, state, 3)
    assert watch.order == (1, 2, 0)
    agent = _always({0: 2})
    while (d := game.decision(state)) is not None:
        game.apply(state, agent.act(game, state, d))
        watch.step(state)
    assert watch.finish(state, 3) == ((2, 1, 1), (4, 2, 2), (6, 3, 3))


def test_a_game_without_a_turn_order_plays_in_seat_order() -> None:
    game = RaceGame()
    game.announce_order = False
    rec = play_one(game, ["random", "random", "random"], seed=5)
    assert rec.finished and rec.order == (0, 1, 2)
    assert len(rec.rounds) == 3 and rec.rounds[-1] == rec.scores


def test_a_record_carries_the_order_and_the_rounds_in_its_row() -> None:
    rec = play_one(RaceGame(), ["random", "greedy"], seed=7, options={"rounds": "2"})
    row = rec.to_json()
    assert row["order"] == [1, 0]
    assert len(row["rounds"]) == 2 and row["rounds"][-1] == row["scores"]
    assert all(a <= b for r1, r2 in zip(row["rounds"], row["rounds"][1:], strict=False) for a, b in zip(r1, r2, strict=True))


def test_meeples_and_monsters_plays_from_its_first_player() -> None:
    game = load_game("meeples-and-monsters")
    state = game.new_state(4, 3)
    state.first_player = 2
    assert game.turn_order(state) == (2, 3, 0, 1)
    state.players[1].vp = 9
    assert game.round_scores(state) == (0, 9, 0, 0)


def test_heroscape_has_no_order_before_the_first_initiative_roll() -> None:
    game = load_game("heroscape")
    state = game.new_state(2, 3)
    assert game.turn_order(state) == ()
    state.round, state.order = 1, [1, 0]
    assert game.turn_order(state) == (1, 0)


def test_mage_knight_has_no_order_until_every_tactic_is_taken() -> None:
    game = load_game("mage-knight")
    state = game.new_state(2, 3)
    assert game.turn_order(state) == ()


@pytest.mark.parametrize(("name", "seats"), [
    ("meeples-and-monsters", ["greedy", "random", "random"]),
    ("small-world", ["random", "random", "random"]),
    ("heroscape", ["greedy", "random"]),
    ("heroes-iv", ["random", "random", "random"]),
])
def test_every_game_gives_an_order_and_a_score_for_every_turn(name: str, seats: list[str]) -> None:
    rec = play_one(load_game(name), seats, seed=11)
    assert rec.finished, rec.error
    assert sorted(rec.order) == list(range(len(seats)))
    assert len(rec.rounds) == rec.turns and all(len(x) == len(seats) for x in rec.rounds)
