"""Tournament ratings for any player count (issue 28): each game's ranking of its seats, the
Plackett-Luce ratings fitted to them, and the output saying how draws are counted."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from boardrules.cli import main
from boardrules.sim import GameRecord
from boardrules.sim.ratings import ranks, skill_ratings


def game(index: int, seats: tuple[str, ...], winners: tuple[int, ...], scores: tuple[int, ...]) -> GameRecord:
    return GameRecord(index, index, seats, winners, scores, 5, 50)


def test_a_game_ranks_its_winners_first_then_the_others_by_score() -> None:
    assert ranks(game(0, ("a", "b", "c", "d"), (1,), (3, 9, 5, 5))) == [3, 1, 2, 2]
    assert ranks(game(0, ("a", "b", "c"), (0, 2), (7, 1, 7))) == [1, 2, 1]  # a shared victory: tied first


def test_the_agent_that_always_wins_rates_best_and_one_that_never_played_keeps_the_prior() -> None:
    seats = [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    records = [game(k, seats[k % 3], (seats[k % 3].index("a"),), tuple(10 if s == "a" else 5 if s == "b" else 0
                                                                        for s in seats[k % 3])) for k in range(9)]
    out = skill_ratings(records, ["a", "b", "c", "idle"], per_table=9)
    # ranked by mu - 3 sigma: the prior's is 0, above that of c, which lost every game
    assert [r.agent for r in out] == ["a", "b", "idle", "c"]
    assert out[0].mu > out[1].mu > out[3].mu and [r.games for r in out] == [9, 9, 0, 9]
    assert out[3].ordinal < 0 < out[1].ordinal
    idle = out[2]
    assert idle.mu == pytest.approx(25.0) and idle.sigma == pytest.approx(25 / 3)
    assert skill_ratings(records, ["a", "b", "c", "idle"], per_table=9) == out  # deterministic
    unfinished = GameRecord(9, 9, ("c", "b", "a"), (), (), 1, 1, finished=False)
    assert skill_ratings([*records, unfinished], ["a", "b", "c", "idle"], per_table=9) == out


def test_the_games_are_rated_deal_by_deal_across_the_tables() -> None:
    """Table 1 (a, b) then table 2 (a, c), 2 deals each: the update order is deal 1 of both
    tables, then deal 2 (indexes 0, 2, 1, 3), whatever order the records come in."""
    records = [game(0, ("a", "b"), (0,), (1, 0)), game(1, ("b", "a"), (0,), (1, 0)),
               game(2, ("a", "c"), (1,), (0, 1)), game(3, ("c", "a"), (1,), (0, 1))]
    interleaved = [records[0], records[2], records[1], records[3]]
    relabelled = [GameRecord(i, r.seed, r.seats, r.winners, r.scores, 5, 50) for i, r in enumerate(interleaved)]
    assert skill_ratings(records, ["a", "b", "c"], per_table=2) == skill_ratings(relabelled, ["a", "b", "c"], per_table=4)


def test_the_tournament_output_says_how_draws_are_counted() -> None:
    result = CliRunner().invoke(main, ["tournament", "small-world", "--agents", "random,greedy,random:x", "-n", "1"])
    assert result.exit_code == 2  # a bad agent: refused before any game
    result = CliRunner().invoke(main, ["tournament", "small-world", "--agents", "random,greedy,mcts:iterations=5",
                                       "-n", "2", "--players", "3"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "every two agents that met also share one virtual draw" in text
    assert "a draw when both won (a shared victory) or neither did" in text
    assert "Plackett-Luce ratings (openskill; 3-player games ranked whole)" in text
    assert "a shared victory is a tie for first, the other seats rank by final score" in text
    assert "With more than 2 players these pairwise results approximate the game" in text
