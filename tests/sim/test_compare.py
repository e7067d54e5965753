"""``compare``'s figures (issue 28) from hand-set runs: the difference with Newcombe's interval,
the two-proportion test, the false-discovery correction, and runs that cannot be compared."""

from __future__ import annotations

import math

import pytest

from boardrules.sim import GameRecord
from boardrules.sim.compare import benjamini_hochberg, compare, two_proportions
from boardrules.sim.rows import RowError, RunFile


def test_the_difference_and_its_interval_match_newcombes_worked_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17, example (a): 56/70 against 48/80, method 10
    d, lo, hi, _ = two_proportions(48, 80, 56, 70)
    assert d == pytest.approx(0.2)
    assert lo == pytest.approx(0.0524, abs=5e-4) and hi == pytest.approx(0.3339, abs=5e-4)


def test_the_two_proportion_test() -> None:
    _, _, _, p = two_proportions(40, 100, 60, 100)
    z = 0.2 / math.sqrt(0.5 * 0.5 * (2 / 100))
    assert p == pytest.approx(math.erfc(z / math.sqrt(2))) and p == pytest.approx(0.00468, abs=1e-4)
    assert two_proportions(5, 10, 5, 10)[3] == pytest.approx(1.0)
    assert two_proportions(10, 10, 10, 10)[3] == 1.0  # every game alike: nothing to tell
    assert two_proportions(0, 0, 3, 5) == (0.0, -1.0, 1.0, 1.0)


def test_benjamini_hochberg() -> None:
    # sorted 0.01, 0.03, 0.04, 0.5: times 4/1, 4/2, 4/3, 4/4, then the running minimum from the top
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.5])
    assert benjamini_hochberg([]) == []


def run(path: str, seat_one_wins: int, games: int = 100, game: str = "race", rules: str = "race-1",
        seats: tuple[str, ...] = ("random", "random"), tag: str = "race:Orcs",
        options: tuple[tuple[str, str], ...] = ()) -> RunFile:
    """``games`` games where seat 1 wins the first ``seat_one_wins``; seat 1 plays ``tag`` in the
    even games and Elves in the odd ones, seat 2 the other; every seat has Flying."""
    records = tuple(GameRecord(i, i, seats, (0,) if i < seat_one_wins else (1,), (1, 0) if i < seat_one_wins else (0, 1),
                               5, 50, tags=(((tag, "race:Elves")[i % 2], "power:Flying"),
                                            (("race:Elves", tag)[i % 2], "power:Flying")), order=(0, 1))
                    for i in range(games))
    return RunFile(path, game, rules, "c1", records, options)


def test_what_moved_beyond_noise() -> None:
    cmp = compare(run("a", 50, rules="race-1"), run("b", 75, rules="race-2"))
    assert "the versions differ: base rules race-1, content c1, new rules race-2, content c1" in cmp.notes
    by = {(c.group, c.label): c for c in cmp.changes}
    seat = by[("Seats", "seat 1 (random)")]
    assert (seat.base.wins, seat.new.wins) == (50, 75) and seat.diff == pytest.approx(0.25) and seat.moved
    assert by[("Turn order", "1st to play")].moved
    # Orcs: seat 1's in the even games, seat 2's in the odd ones: in the base run seat 1 wins the 25 even
    # games of 0-49 and seat 2 the 25 odd ones of 50-99; in the new one 38 of 0-74 and 13 of 75-99
    orcs = by[("Races", "Orcs")]
    assert (orcs.base.wins, orcs.base.games, orcs.new.wins, orcs.new.games) == (50, 100, 51, 100)
    assert orcs.diff == pytest.approx(0.01) and not orcs.moved
    assert ("Special Powers", "Flying") not in by  # every seat's: left out
    same = compare(run("a", 50), run("b", 53))
    assert not same.moved and same.notes[0].startswith("the two runs have the same versions")


def test_runs_that_cannot_be_compared_are_refused() -> None:
    with pytest.raises(RowError, match="a holds games of 'race' and b of 'small-world'"):
        compare(run("a", 5), run("b", 5, game="small-world"))
    with pytest.raises(RowError, match="2 seats and b 3"):
        compare(run("a", 5), RunFile("b", "race", "r", "c", (GameRecord(0, 0, ("random",) * 3, (0,), (1, 0, 0), 1, 1),)))
    sweep = RunFile("s", "race", "r", "c", run("s", 5).records, (("rounds", "2"),), other_options=4)
    with pytest.raises(RowError, match="s line 4: other options than line 1"):
        compare(run("a", 5), sweep)
    notes = compare(run("a", 5, seats=("greedy", "random")), run("b", 5, options=(("rounds", "3"),))).notes
    assert any(n.startswith("the seats differ") for n in notes) and any("options differ" in n for n in notes)
