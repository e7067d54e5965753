"""Tournaments (boardrules.sim.tournament and the ``tournament`` command): tables, rotated seats,
win rates, Elo by maximum likelihood, determinism and clear refusals. Tiny budgets only."""

from __future__ import annotations

import math
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.cli import main
from boardrules.engine import OptionError
from boardrules.sim.simulate import GameRecord, game_seed
from boardrules.sim.tournament import (
    ELO_MEAN,
    elo,
    iter_tournament,
    pairwise,
    parse_agents,
    report,
    seating,
    tables,
    tournament,
)

GAME = "small-world"  # the quickest game to play out
SEARCH = "ismcts:iterations=3,depth=1"


def run(args: list[str]) -> Result:
    return CliRunner().invoke(main, args)


def record(seats: tuple[str, ...], winners: tuple[int, ...], finished: bool = True) -> GameRecord:
    return GameRecord(0, 1, seats, winners if finished else (), (0,) * len(seats), 1, 1, finished)


def test_every_pairing_plays_each_deal_from_every_seat() -> None:
    agents = ["random", "greedy", SEARCH]
    assert tables(agents, 2) == [("random", "greedy"), ("random", SEARCH), ("greedy", SEARCH)]
    assert tables(agents, 3) == [tuple(agents)]
    assert [seating(("a", "b", "c"), k) for k in range(4)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"), ("a", "b", "c")]
    records = list(iter_tournament(GAME, agents, 4, seed=5))
    assert len(records) == 12
    first = records[:4]  # random v greedy: deals 0, 0, 1, 1, the seats swapped within a deal
    assert [r.seats for r in first] == [("random", "greedy"), ("greedy", "random")] * 2
    assert [r.seed for r in first] == [game_seed(5, 0)] * 2 + [game_seed(5, 1)] * 2
    assert [r.seed for r in records[4:8]] == [r.seed for r in first]  # every table plays the same deals


def test_the_report_is_the_same_for_any_number_of_workers() -> None:
    agents = ["random", "greedy", SEARCH]
    one = tournament(GAME, agents, 2, seed=3, workers=1)
    two = tournament(GAME, agents, 2, seed=3, workers=2)
    assert one == two
    assert one.games == 6 and len(one.standings) == 6 and {r.agent for r in one.ratings} == set(agents)


def test_win_rates_count_a_shared_victory_for_each_winner() -> None:
    records = [record(("a", "b"), (0,)), record(("b", "a"), (1,)), record(("a", "b"), (0, 1)),
               record(("b", "a"), (), finished=False)]
    rep = report(records, ["a", "b"], 2)
    a, b = rep.standings
    assert (a.agent, a.wins, a.games, b.wins) == ("a", 3, 3, 1)
    assert rep.unfinished == 1 and rep.ratings[0].agent == "a"
    assert rep.ratings[0].score == 2.5 and rep.ratings[0].games == 3  # the shared victory is a draw


def test_pairwise_results_of_a_three_player_game() -> None:
    scores = pairwise([record(("a", "b", "c"), (0,))])
    assert scores == {("a", "b"): 1.0, ("a", "c"): 1.0, ("b", "a"): 0.0, ("c", "a"): 0.0,
                      ("b", "c"): 0.5, ("c", "b"): 0.5}


def test_elo_is_the_maximum_likelihood_fit_with_one_virtual_draw_per_pair() -> None:
    # a beats b 3 times in 4: with the virtual draw, odds (3 + 1/2) / (1 + 1/2)
    ratings = elo(["a", "b"], {("a", "b"): 3.0, ("b", "a"): 1.0})
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3.5 / 1.5))
    assert sum(ratings) / 2 == pytest.approx(ELO_MEAN)
    # an agent that won every game has a finite rating; an agent that played no one sits at the mean
    swept = elo(["a", "b", "c"], {("a", "b"): 10.0, ("b", "a"): 0.0})
    assert all(math.isfinite(x) for x in swept) and swept[0] > swept[2] > swept[1]
    assert swept[2] == pytest.approx(ELO_MEAN)


def test_elo_ranks_a_chain_of_results_in_order() -> None:
    scores = {("a", "b"): 8.0, ("b", "a"): 2.0, ("b", "c"): 8.0, ("c", "b"): 2.0}
    a, b, c = elo(["a", "b", "c"], scores)
    assert a > b > c and a - b == pytest.approx(b - c)


def test_the_tournament_command_prints_win_rates_and_elo() -> None:
    result = run(["tournament", GAME, "--agents", f"random,greedy,{SEARCH}", "-n", "2", "--seed", "4"])
    assert result.exit_code == 0, result.output
    for words in ("Small World tournament: 2 games at each of 3 table(s) of 2", "95% CI", "Elo", "Against"):
        assert words in result.output
    again = run(["tournament", GAME, "--agents", f"random,greedy,{SEARCH}", "-n", "2", "--seed", "4",
                 "--workers", "2"])
    assert again.output.split("Time:")[0] == result.output.split("Time:")[0]


@pytest.mark.parametrize(("args", "words"), [
    (["--agents", "random,robot"], "agent 2 ('robot'): unknown agent 'robot'"),
    (["--agents", "random,ismcts:iterations=0"], "agent 2 ('ismcts:iterations=0'): ismcts parameter 'iterations'"),
    (["--agents", "random,ismcts:width=3"], "ismcts has no parameter 'width'"),
    (["--agents", "random,ismcts:seconds=1"], "give the search agent iterations, not seconds"),
    (["--agents", "random,greedy:depth=2"], "the agent 'greedy' takes no parameters"),
    (["--agents", "random,greedy,random"], "agent 3 ('random') is listed twice"),
    (["--agents", "random"], "a tournament needs at least 2 agents"),
    (["--agents", "random,human"], "a tournament has no human players"),
    (["--agents", "random,greedy", "--players", "3"], "3-player games need 3 different agents; 2 are listed"),
    (["--agents", "random,greedy", "--players", "1"], "--players must be from 2 to 8"),
    (["--agents", "random,greedy,ismcts,mcts,random:x"], "agent 5"),
    (["-n", "0"], "-n must be from 1"),
    (["-n", "x"], "'x' is not a whole number"),
    (["--workers", "0"], "--workers must be from 1 to 256"),
])
def test_bad_agents_players_and_counts_are_clear_errors(args: list[str], words: str) -> None:
    result = run(["tournament", GAME, *args])
    assert result.exit_code != 0, result.output
    assert words in result.output, result.output
    assert "Traceback" not in result.output


def test_a_game_for_fewer_players_refuses_the_player_count() -> None:
    agents = ["random", "greedy", "ismcts", "mcts", SEARCH, "ismcts:iterations=4"]
    result = run(["tournament", GAME, "--agents", ",".join(agents), "--players", "6"])
    assert result.exit_code != 0 and "Small World is for 2 to 5 players" in result.output, result.output


def test_parse_agents_keeps_parameters_with_their_agent() -> None:
    assert parse_agents("Random, ismcts:iterations=3,depth=1,greedy") == ["random", SEARCH, "greedy"]
    with pytest.raises(OptionError, match="at least 1"):
        list(iter_tournament(GAME, ["random", "greedy"], 0, seed=1))


def _interrupted_tournament(tmp_path: Path, quick: int) -> tuple[int, str, str]:
    """``tournament --workers 2`` of 40 games where only the first ``quick`` can finish (the
    others never end), sent Ctrl-C once the parent has their records: exit code, output, errors."""
    marks = tmp_path / "done"
    marks.mkdir()
    script = tmp_path / "run.py"
    script.write_text(
        "import importlib, pathlib, time\n"
        "import signal  # started from a shell's background job, Ctrl-C would be ignored: as in a terminal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "tm = importlib.import_module('boardrules.sim.tournament')\n"
        f"marks = pathlib.Path({str(marks)!r})\n"
        "play, games = tm.play_one, tm.iter_tournament\n"
        "def play_one(*args):\n"
        f"    if args[-1] >= {quick}:  # the game's index\n"
        "        time.sleep(600)\n"
        "    return play(*args)\n"
        "def iter_tournament(*args):\n"
        "    (marks / 'start').touch()\n"
        "    for rec in games(*args):\n"
        "        (marks / str(rec.index)).touch()  # the parent has it\n"
        "        yield rec\n"
        "tm.play_one, tm.iter_tournament = play_one, iter_tournament\n"
        "from boardrules.cli import main\n"
        "main()\n")
    proc = subprocess.Popen(
        [sys.executable, str(script), "tournament", GAME, "--agents", "random,greedy", "-n", "40", "--workers", "2"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(1200):
            if proc.poll() is not None or len(list(marks.iterdir())) >= 1 + quick:
                break
            time.sleep(0.1)
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, out, err


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a POSIX signal here")
def test_ctrl_c_on_two_workers_reports_every_game_finished_in_order(tmp_path: Path) -> None:
    """Ctrl-C during ``tournament --workers 2`` when the first three games have finished (the
    others never end): the report covers those three (games came back in chunks of two, and
    the third waited for the fourth)."""
    code, out, err = _interrupted_tournament(tmp_path, quick=3)
    assert code == 130 and "Traceback" not in err, (out, err)
    assert "the report covers the first 3 of 40 games" in out, out


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a POSIX signal here")
def test_ctrl_c_before_any_game_finished_ends_cleanly(tmp_path: Path) -> None:
    """It ended as an error (exit code 1)."""
    code, out, err = _interrupted_tournament(tmp_path, quick=0)
    assert code == 130 and "Traceback" not in err and "Error" not in err, (out, err)
    assert "Interrupted before any game finished." in out
