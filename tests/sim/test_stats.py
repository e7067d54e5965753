"""Statistics for simulation reports, and the summary of simulated games."""

from __future__ import annotations

import math

import pytest

from boardrules.games import load_game
from boardrules.sim import GameRecord, game_seed, mean, play_one, sd, summarize, wilson


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (50, 100, 0.4038, 0.5962),
        (1, 10, 0.0179, 0.4042),
        (8, 10, 0.4902, 0.9433),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (0, 1, 0.0, 0.7935),
    ],
)
def test_wilson_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-4)
    assert got[1] == pytest.approx(hi, abs=5e-4)


def test_wilson_edges_are_exact_and_inside_unit_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 25)[0] == 0.0
    assert wilson(25, 25)[1] == 1.0
    for n in (1, 2, 7, 100):
        for k in range(n + 1):
            lo, hi = wilson(k, n)
            assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson(5, 4)
    with pytest.raises(ValueError):
        wilson(-1, 4)


def test_mean_and_sample_sd() -> None:
    assert mean([]) == 0.0 and sd([]) == 0.0 and sd([3]) == 0.0
    assert mean([2, 4, 4, 4, 5, 5, 7, 9]) == 5.0
    assert sd([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(math.sqrt(32 / 7))


def _rec(i: int, winners: tuple[int, ...], scores: tuple[int, ...], finished: bool = True) -> GameRecord:
    return GameRecord(i, i, ("greedy", "random"), winners if finished else (), scores if finished else (),
                      10 + i, 100 + i, finished, None if finished else "no end")


def test_summary_counts_shared_victories_for_each_winner_and_skips_unfinished() -> None:
    records = [
        _rec(0, (0,), (10, 5)),
        _rec(1, (0, 1), (7, 7)),
        _rec(2, (1,), (3, 9)),
        _rec(3, (), (), finished=False),
    ]
    s = summarize(records, elapsed=2.0)
    assert (s.games, s.finished, s.unfinished, s.shared_victories) == (4, 3, 1, 1)
    assert [seat.wins for seat in s.seats] == [2, 2]
    assert s.seats[0].win_rate == pytest.approx(2 / 3)
    assert (s.seats[0].ci_low, s.seats[0].ci_high) == wilson(2, 3)
    assert s.seats[1].score_mean == pytest.approx(7.0)
    assert (s.turns.min, s.turns.max, s.turns.mean) == (10, 12, 11.0)
    assert s.games_per_second == 2.0
    assert s.errors == ("no end",)
    assert any("3 of 4 games finished" in line for line in s.lines())


def test_summary_of_nothing() -> None:
    s = summarize([])
    assert s.games == 0 and s.seats == () and s.games_per_second is None


def test_game_seeds_depend_on_master_and_index_only() -> None:
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(m, i) for m in range(3) for i in range(50)}) == 150


def test_a_game_over_the_decision_cap_is_unfinished_not_an_error() -> None:
    game = load_game("meeples-and-monsters")
    rec = play_one(game, ["random", "random"], 42, None, max_decisions=10)
    assert not rec.finished and rec.decisions == 10 and rec.winners == ()
    assert "10 decisions" in (rec.error or "")
    assert rec.to_json()["finished"] is False
