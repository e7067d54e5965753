"""The command line, driven through click's CliRunner."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.agents import RandomAgent
from boardrules.cli import main
from boardrules.engine import Session, load_replay, replay_from_data
from boardrules.games import load_game
from boardrules.sim import game_seed

GAME = "meeples-and-monsters"


def autosave(seed: int, game: str = GAME) -> str:
    """The autosave file of a game: one per game and seed."""
    return f"boardrules-{game}-{seed}.json"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def assert_clean_failure(result: Result, *words: str) -> None:
    """Exit code non-zero, a message naming the problem, and no traceback."""
    assert result.exit_code != 0, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


@pytest.fixture(scope="module")
def finished_replay(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A complete 2-player game between random agents, saved as a replay."""
    game = load_game(GAME)
    session = Session(game, 11, 2, {}, ["random", "random"])
    agents = [RandomAgent(1), RandomAgent(2)]
    while (d := session.decision) is not None:
        session.play(agents[d.player].act(game, session.state, d))
    path = tmp_path_factory.mktemp("replays") / "game.json"
    session.save(path)
    return path


def test_no_subcommand_prints_help() -> None:
    result = run([])
    assert result.exit_code == 0
    assert "simulate" in result.output and "replay" in result.output


def test_list_shows_the_game() -> None:
    result = run(["list"])
    assert result.exit_code == 0, result.output
    assert GAME in result.output and "Meeples & Monsters" in result.output and "2-4" in result.output


def test_play_between_ais_finishes_with_a_winner() -> None:
    result = run(["play", GAME, "--seats", "greedy,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output and "Final scores" in result.output
    assert "Player 1 (greedy):" in result.output  # the AI's actions are printed


def test_play_with_a_human_survives_bad_input_and_quit_autosaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "help\nfly away\nfight sk@leton\n99\n\n1\nundo\nsave mine.json\n" + "1\n" * 25 + "quit\n"
    result = run(["play", GAME, "--seats", "human,random", "--seed", "5"], input=script)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    out = result.output
    assert "Commands:" in out  # help
    assert "Illegal:" in out  # fly away: a well-formed action that is not legal, with the reason
    assert "malformed action" in out
    assert "There is no action 99" in out
    assert "Took back:" in out or "Cannot undo:" in out
    assert "Player 2 (random):" in out
    assert autosave(5) in out
    data = load_replay(tmp_path / autosave(5))
    assert data["seats"] == ["human", "random"] and not data["over"] and len(data["actions"]) > 5
    replay_from_data(load_game(GAME), data, check_hash=False)
    assert load_replay(tmp_path / "mine.json")["seed"] == 5

    # resume the autosave; end of input saves again
    result = run(["play", "--load", autosave(5)], input="1\n")
    assert result.exit_code == 0, result.output
    assert "Resumed" in result.output and "End of input" in result.output
    again = load_replay(tmp_path / autosave(5))
    assert again["actions"][: len(data["actions"])] == data["actions"]
    assert len(again["actions"]) > len(data["actions"])
    assert "Warning" not in result.output

    # a save whose recorded hash was edited is still resumed, with a warning
    (tmp_path / "edited.json").write_text(json.dumps(dict(data, final_hash="0" * 32)))
    result = run(["play", "--load", "edited.json"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Warning: edited.json records another state hash" in result.output and "Resumed" in result.output


def test_bare_play_is_meeples_against_three_greedy_ais(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", "--seed", "2"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Meeples & Monsters" in result.output
    assert "Player 1 (human)" in result.output and "Player 4 (greedy)" in result.output
    assert load_replay(tmp_path / autosave(2))["seats"] == ["human", "greedy", "greedy", "greedy"]


def test_end_of_input_autosaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", "--seats", "human,greedy", "--seed", "8"], input="1\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / autosave(8)).exists()


def test_simulate_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.jsonl"
        result = run(["simulate", GAME, "-n", "4", "--seats", "greedy,random,random,random", "--seed", "1",
                      "--workers", str(workers), "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "Win rate" in result.output and "95% CI" in result.output and "games/s" in result.output
        outs.append(out.read_text())
    assert outs[0] == outs[1]
    lines = [json.loads(line) for line in outs[0].splitlines()]
    assert len(lines) == 4 and len({line["seed"] for line in lines}) == 4
    for line in lines:
        assert {"seed", "seats", "winners", "scores", "turns", "decisions"} <= set(line)
        assert line["seats"] == ["greedy", "random", "random", "random"] and len(line["scores"]) == 4


def test_replay_of_a_saved_game_passes(finished_replay: Path) -> None:
    result = run(["replay", str(finished_replay)])
    assert result.exit_code == 0, result.output
    assert "Replay OK" in result.output and "Winner" in result.output
    shown = run(["replay", str(finished_replay), "--show"])
    assert shown.exit_code == 0
    assert "Turn 2" in shown.output and "The game ends" in shown.output


def test_replay_show_prints_the_actions_as_an_observer_sees_them(finished_replay: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A secret choice in a saved game is not printed by --show: it goes through action_text."""
    monkeypatch.setattr(type(load_game(GAME)), "action_text",
                        lambda self, state, action, viewer: f"{action.name} as seen by {viewer}")
    shown = run(["replay", str(finished_replay), "--show"])
    assert shown.exit_code == 0, shown.output
    assert "Player 1 (random): done as seen by None" in shown.output


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("final_hash", "0" * 32, ("final state hash does not match",)),
        ("rules_version", "mm-0", ("rules version mm-0",)),
        ("format", 99, ("format 99",)),
        ("actions", ["done", "fly away"], ("cannot be played",)),
    ],
)
def test_a_tampered_replay_exits_1(finished_replay: Path, tmp_path: Path, field: str, value: object,
                                   words: tuple[str, ...]) -> None:
    data = json.loads(finished_replay.read_text())
    data[field] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run(["replay", str(bad)])
    assert result.exit_code == 1
    assert_clean_failure(result, *words)


def test_a_corrupt_or_missing_replay_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert_clean_failure(run(["replay", str(bad)]), "not a replay")
    assert_clean_failure(run(["replay", str(tmp_path / "missing.json")]), "no such file")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "chess"], ("unknown game 'chess'", GAME)),
        (["simulate", "chess", "-n", "1"], ("unknown game 'chess'",)),
        (["play", GAME, "--seats", "greedy,greedy,greedy,greedy,greedy"], ("2 to 4 players",)),
        (["play", GAME, "--seats", "human"], ("2 to 4 players",)),
        (["play", GAME, "--seats", "human,wizard"], ("unknown agent 'wizard'",)),
        (["play", GAME, "--seats", "human,,greedy"], ("seat list",)),
        (["simulate", GAME, "-n", "2", "--seats", "human,greedy"], ("no human seats",)),
        (["simulate", GAME, "-n", "2", "--seats", "greedy,robot"], ("unknown agent 'robot'",)),
        (["play", GAME, "--seats", "greedy,greedy", "--option", "colour=red"], ("unknown option 'colour'",)),
        (["play", GAME, "--seats", "greedy,greedy", "--option", "expansion"], ("name=value",)),
        (["simulate", GAME, "-n", "1", "--expansion", "five-towers"], ("cannot be 'five-towers'",)),
        (["simulate", GAME, "-n", "0"], ("-n must be from 1",)),
        (["play", "--load", "nowhere.json"], ("no such file",)),
    ],
)
def test_bad_input_gives_a_one_line_error(args: list[str], words: tuple[str, ...]) -> None:
    result = run(args)
    assert_clean_failure(result, *words)
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1


def test_render_shows_each_player_their_own_hand_and_fits_100_columns() -> None:
    import io

    from rich.console import Console

    game = load_game(GAME)
    state = game.new_state(4, 21, {"expansion": "four-towers"})
    agents = [RandomAgent(k) for k in range(4)]
    step = 0
    while (d := game.decision(state)) is not None:
        if step % 150 == 0:
            hands = [[game.t.quests[q].name for q in p.quests] for p in state.players]
            for viewer in (None, 0, 1, 2, 3):
                buf = io.StringIO()
                Console(file=buf, width=100, color_system=None).print(game.render(state, viewer))
                text = buf.getvalue()
                assert max(len(line) for line in text.splitlines()) <= 100
                assert "The City" in text and "Dark Council" in text and "Players" in text
                for seat, hand in enumerate(hands):
                    for name in hand:
                        assert (name in text) == (seat == viewer), (viewer, seat, name)
        game.apply(state, agents[d.player].act(game, state, d))
        step += 1
    buf = io.StringIO()
    Console(file=buf, width=100).print(game.render(state, None))
    assert "Game over" in buf.getvalue()


# -- the terminal as a player finds it -----------------------------------------------------------
def _fake_board(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """Every board drawn is one line, BOARD FOR n, so that a test can follow when it is drawn
    (with no goal and scores under it: those change with the player's own moves)."""
    cls = type(load_game(game))
    monkeypatch.setattr(cls, "render", lambda self, state, player: f"BOARD FOR {player}")
    monkeypatch.setattr(cls, "frame", lambda self, state, player: f"BOARD FOR {player}")  # the compact board
    monkeypatch.setattr(cls, "standing", lambda self, state, player: None)


def test_the_board_is_drawn_once_per_question_and_the_others_moves_are_a_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game, one human and three AIs: the board is drawn when the human is asked after
    the others have played (not again for each step of their own), and the others' decisions
    are one line each, with their events."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    result = run(["play", GAME, "--seats", "human,greedy,greedy,greedy", "--seed", "7"], input="1\n" * 5000)
    assert result.exit_code == 0 and "Winner" in result.output, result.output
    lines = result.output.splitlines()
    others_since_board = True  # the start counts as news
    boards = questions = 0
    for i, line in enumerate(lines):
        if line == "BOARD FOR 0":
            assert others_since_board, f"the board drawn again with no one else having played (line {i})"
            boards += 1
            others_since_board = False
        elif line.startswith("Player 1 (human): ") and lines[i - 1] == "BOARD FOR 0":
            questions += 1
        elif "(greedy): " in line:
            others_since_board = True
    assert lines[-1].startswith("Winner") and "BOARD FOR None" in lines  # the final board, for everyone
    assert boards == questions > 10  # each drawing is followed by the question it is drawn for
    assert len(lines) < 3000  # 16,199 lines of scrollback before, with the real board


def test_the_log_shows_the_others_actions_as_the_human_may_see_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the terminal prints of a seat's action comes from Game.action_text, for the one
    human seat; with several humans at one terminal (hot-seat), for an observer."""
    monkeypatch.chdir(tmp_path)
    cls = type(load_game(GAME))
    viewers: set[int | None] = set()

    def action_text(self: object, state: object, action: object, viewer: int | None) -> str:
        viewers.add(viewer)
        return f"SHOWN TO {viewer}"

    monkeypatch.setattr(cls, "action_text", action_text)
    result = run(["play", GAME, "--seats", "greedy,human,greedy", "--seed", "3"], input="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    assert viewers == {1}
    assert "Player 1 (greedy): SHOWN TO 1" in result.output and "Player 2 (human): SHOWN TO 1" in result.output
    viewers.clear()
    result = run(["play", GAME, "--seats", "human,human", "--seed", "3"], input="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    assert viewers == {None} and "Player 2 (human): SHOWN TO None" in result.output


def _save_where_the_last_decision_is_the_askers_and_drew(game_name: str, path: Path) -> int:
    """Play random moves until the player asked now also made the last decision, and it drew
    randomness; save the game there. The player asked."""
    game = load_game(game_name)
    s = Session(game, 9, 2, {}, ["random", "random"])
    agents = [RandomAgent(1), RandomAgent(2)]
    while (d := s.decision) is not None:
        if s.history and s.history[-1].player == d.player and \
                game.rng(s.history[-1].before).draws != game.rng(s.state).draws:
            s.seats = ["human" if i == d.player else "greedy" for i in range(2)]
            s.save(path)
            return d.player
        s.play(agents[d.player].act(game, s.state, d))
    raise AssertionError("no such moment")


def test_undo_after_load_says_the_decision_was_made_before_the_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It said the decision revealed hidden information (checked first): the reason that holds
    whatever the decision was is that it is from before the load."""
    monkeypatch.chdir(tmp_path)
    _save_where_the_last_decision_is_the_askers_and_drew(GAME, tmp_path / "saved.json")
    result = run(["play", "--load", "saved.json"], input="undo\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Cannot undo: your last decision was made before the game was loaded" in result.output
    assert "revealed" not in result.output


@pytest.mark.parametrize(("typed", "words"), [
    ("\u00b2", "is not a number to choose by"),  # a superscript two
    ("\u2460", "is not a number to choose by"),  # a circled one
    ("9" * 5000, "There is no action 999999999..."),
    ("-1", "There is no action -1"),
    ("0", "There is no action 0"),
    ("save a\x00b", "a file name cannot hold a NUL character"),
    ("save .", "Could not save to '.'"),
    ("fight sk\u00e9leton", "not a valid word"),
    ("fight " + "x" * 5000, "That is 5,006 characters: no action is that long."),
    ("fight " + "\u00e9" * 5000, "That is 5,006 characters"),
])
def test_bad_input_at_the_prompt_is_answered_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     typed: str, words: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input=typed + "\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.exception
    assert words in result.output
    assert max(len(line) for line in result.output.splitlines()) < 200  # no 5,000-digit echo


def test_a_number_in_another_script_chooses_that_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="\u0661\nquit\n")  # Arabic-Indic 1
    assert result.exit_code == 0, result.output
    first = load_game(GAME).decision(load_game(GAME).new_state(2, 5))
    assert first is not None and f"Player 1 (human): {first.actions[0].text}" in result.output


def test_each_game_keeps_its_own_autosave_and_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next game started in the same directory no longer overwrites the last one's autosave."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    first = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="help\n1\n1\nquit\n")
    assert f"If you quit, the game is saved to {autosave(5)}" in first.output
    assert f"the game is saved to\n              {autosave(5)}\n" in first.output  # in the help
    assert f"The game is saved to {tmp_path / autosave(5)}" in first.output
    saved = load_replay(tmp_path / autosave(5))
    second = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="quit\n")
    assert "boardrules-meeples-and-monsters-5-2.json" in second.output
    assert load_replay(tmp_path / autosave(5)) == saved
    assert load_replay(tmp_path / "boardrules-meeples-and-monsters-5-2.json")["actions"] != saved["actions"]
    other = run(["play", GAME, "--seats", "human,greedy", "--seed", "6"], input="quit\n")
    assert autosave(6) in other.output
    resumed = run(["play", "--load", autosave(5)], input="1\nquit\n")  # a resumed game keeps its file
    assert f"saved to {autosave(5)}" in resumed.output and "5-3" not in resumed.output
    assert len(load_replay(tmp_path / autosave(5))["actions"]) > len(saved["actions"])


def _interrupted_simulate(tmp_path: Path, quick: int, lines: int) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """``simulate --workers 2`` where only the first ``quick`` games can finish (the others
    never end), sent Ctrl-C once ``lines`` games are in --out (or after two minutes): the
    run, and the lines written."""
    script = tmp_path / "run.py"
    script.write_text(
        "import importlib, time\n"
        "import signal  # started from a shell's background job, Ctrl-C would be ignored: as in a terminal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "sim = importlib.import_module('boardrules.sim.simulate')\n"
        "play = sim.play_one\n"
        "def play_one(game, seats, seed, options=None, max_decisions=sim.MAX_DECISIONS, index=0):\n"
        f"    if index >= {quick}:\n"
        "        time.sleep(600)\n"
        "    return play(game, seats, seed, options, max_decisions, index)\n"
        "sim.play_one = play_one\n"
        "from boardrules.cli import main\n"
        "main()\n")
    out = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [sys.executable, str(script), "simulate", GAME, "-n", "40", "--seats", "random,random", "--workers", "2",
         "--out", str(out)], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(1200):
            if proc.poll() is not None or out.exists() and len(out.read_text().splitlines()) >= lines:
                break
            time.sleep(0.1)
        time.sleep(0.5)  # the workers are started (they leave Ctrl-C to the parent)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr), out.read_text().splitlines()


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a POSIX signal here")
def test_simulate_interrupted_on_two_workers_keeps_every_finished_game(tmp_path: Path) -> None:
    """Ctrl-C during ``simulate --workers 2``: each game was written as it finished, so the
    three that finished are in --out, and the run ends cleanly saying so (the results came
    back in chunks and were written at the end: an early Ctrl-C kept none and exited 1)."""
    done, lines = _interrupted_simulate(tmp_path, quick=3, lines=3)
    assert done.returncode == 130, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert [json.loads(line)["seed"] for line in lines] == [game_seed(1, i) for i in range(3)]
    assert "Wrote 3 games to" in done.stdout and "the report covers the 3 of 40 games finished" in done.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a POSIX signal here")
def test_simulate_interrupted_before_any_game_finished_says_none_was_written(tmp_path: Path) -> None:
    done, lines = _interrupted_simulate(tmp_path, quick=0, lines=0)
    assert done.returncode == 130 and not lines, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert "Interrupted before any game finished: no games written to" in done.stdout


def test_simulate_to_a_full_device_still_prints_the_results(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    result = run(["simulate", GAME, "-n", "2", "--seats", "greedy,random", "--out", "/dev/full"])
    assert_clean_failure(result, "Win rate", "could not write the games to /dev/full: No space left on device")
    assert len([line for line in result.output.splitlines() if line.startswith("Error:")]) == 1


@pytest.mark.parametrize(("args", "words"), [
    (["play", GAME, "--seed", "-1"], ("a seed is a whole number from 0 to 18446744073709551615, not -1",)),
    (["play", GAME, "--seed", str(2**64)], ("not 18446744073709551616",)),
    (["simulate", GAME, "-n", "1", "--seed", "9" * 5000], ("(5000 digits) is too long a number",)),
    (["simulate", GAME, "-n", "1", "--seed", "\u0663"], ("is not a whole number",)),
    (["simulate", GAME, "-n", "9" * 30], ("-n must be from 1 to 10,000,000",)),
    (["simulate", GAME, "-n", "2", "--workers", "100000"], ("--workers must be from 1 to 256",)),
    (["play", GAME, "--seats", "\uff48\uff55\uff4d\uff41\uff4e,greedy"], ("unknown agent",)),
    (["play", GAME, "--seats", "greedy,greedy", "--option", "expansion=f\u00f6ur-towers"], ("cannot be",)),
    (["play", GAME, "--seats", "human," + "x" * 100_000], ("unknown agent 'xxxx",)),
    (["play", GAME, "--seats", "greedy,greedy", "--option", "expansion=" + "x" * 100_000], ("100,010 characters",)),
    (["play", "--load", "."], ("is a directory",)),
    (["replay", "."], ("is a directory",)),
])
def test_odd_arguments_give_a_one_line_error(args: list[str], words: tuple[str, ...]) -> None:
    result = run(args)
    assert_clean_failure(result, *words)
    assert max(len(line) for line in result.output.splitlines()) < 200


@pytest.mark.parametrize(("text", "words"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": 1, "seed": ' + "9" * 5000 + "}", "a number in it is too long to read"),
])
def test_a_hostile_replay_is_refused_plainly(tmp_path: Path, text: str, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    for args in (["replay", str(bad)], ["play", "--load", str(bad)]):
        assert_clean_failure(run(args), words)


@pytest.mark.parametrize("seed", [-1, 2**64, 10**4000])
def test_a_replay_with_a_seed_out_of_range_is_refused(finished_replay: Path, tmp_path: Path, seed: int) -> None:
    data = json.loads(finished_replay.read_text())
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(data, seed=seed)))
    result = run(["replay", str(bad)])
    assert_clean_failure(result, "a seed is a whole number from 0 to")
    assert max(len(line) for line in result.output.splitlines()) < 200


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP on this platform")
@pytest.mark.parametrize("signum", [getattr(signal, "SIGTERM", 15), getattr(signal, "SIGHUP", 1)])
def test_closing_the_terminal_saves_the_game(tmp_path: Path, signum: int) -> None:
    """SIGTERM or SIGHUP (the terminal closed) while a human is asked: the game is saved, as
    Ctrl-C saves it, and can be resumed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardrules.cli", "play", GAME, "--seats", "human,greedy", "--seed", "5"],
        cwd=tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "COLUMNS": "100"})
    assert proc.stdin is not None and proc.stdout is not None
    try:
        while "If you quit" not in (line := proc.stdout.readline()):
            assert line, proc.stderr.read() if proc.stderr else "no output"
        proc.stdin.write("1\n")
        proc.stdin.flush()
        while "Player 1 (human): " not in (line := proc.stdout.readline()) or "> " not in line:
            assert line, "the move was not played"  # the log line of the move follows the prompt
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum, (out, err)
    assert "Traceback" not in err and "The terminal was closed" in out, (out, err)
    data = load_replay(tmp_path / autosave(5))
    assert len(data["actions"]) >= 1 and data["seats"] == ["human", "greedy"]
    assert replay_from_data(load_game(GAME), data, check_hash=True).actions


def test_save_refuses_to_overwrite_a_file_that_is_not_this_games_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It replaced a notes file, and another unfinished game's autosave, which was then lost."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    (tmp_path / "notes.txt").write_text("my notes\n")
    first = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    other = load_replay(tmp_path / autosave(5))
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "6"],
                 input=f"save notes.txt\nsave {autosave(5)}\nsave mine.json\n1\nsave mine.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"
    assert load_replay(tmp_path / autosave(5)) == other
    assert "Could not save to 'notes.txt': notes.txt already exists and is not a save of this game" in result.output
    assert f"Could not save to '{autosave(5)}'" in result.output
    # this game's own save is overwritten as the game goes on
    assert result.output.count("Saved to mine.json") == 2
    assert len(load_replay(tmp_path / "mine.json")["actions"]) == len(load_replay(tmp_path / autosave(6))["actions"])


def test_save_reads_the_file_name_like_a_shell_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``save "q w.json"`` kept the quotes in the name and printed a resume command that a shell
    reads as other words."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"],
                 input='save "q w.json"\nsave "open.json\nsave a.json b.json\nquit\n')
    assert result.exit_code == 0, result.output
    assert (tmp_path / "q w.json").exists() and not list(tmp_path.glob('"*'))
    assert "resume with: boardrules play --load 'q w.json'" in result.output
    assert "Cannot read the file name '\"open.json': no closing quotation" in result.output
    assert "Usage: save FILE (one file name" in result.output
    assert not (tmp_path / "open.json").exists() and not (tmp_path / "a.json").exists()
    resumed = run(["play", "--load", "q w.json"], input="quit\n")
    assert resumed.exit_code == 0 and "Resumed" in resumed.output
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    home = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="save ~/g.json\nquit\n")
    assert (tmp_path / "home" / "g.json").exists(), home.output  # ~ read as a shell reads it


def test_quitting_where_nothing_can_be_written_saves_in_the_state_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In /proc it printed "Could not save..." and exited 0 with the game lost."""
    monkeypatch.chdir("/proc")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="quit\n")
    assert result.exit_code == 0, result.output
    saved = tmp_path / "state" / "boardrules" / autosave(5)
    assert f"Could not save the game to /proc/{autosave(5)}" in result.output
    assert f"The game is saved to {saved}" in result.output
    assert f"boardrules play --load {saved}" in result.output
    assert load_replay(saved)["seed"] == 5


def test_quitting_when_every_place_fails_exits_non_zero(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    monkeypatch.chdir("/proc")
    monkeypatch.setenv("XDG_STATE_HOME", "/proc/state")
    monkeypatch.setenv("HOME", "/proc/home")
    monkeypatch.setattr(tempfile, "tempdir", "/proc/tmp")
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="quit\n")
    assert result.exit_code == 1, result.output
    assert "/proc/home/.local/state/boardrules" in result.output
    assert "The game could not be saved anywhere." in result.output


@pytest.mark.parametrize(("typed", "chosen"), [
    ("\u0663", 3),  # Arabic-Indic three: a decimal digit (Nd)
    ("\uff13", 3),  # fullwidth three
    ("\u0967", 1),  # Devanagari one
    ("\u0660\u0662", 2),  # a leading zero in another script
])
def test_decimal_digits_of_any_script_choose_an_action(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       typed: str, chosen: int) -> None:
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output
    first = load_game(GAME).decision(load_game(GAME).new_state(2, 5))
    assert first is not None and f"Player 1 (human): {first.actions[chosen - 1].text}" in result.output


@pytest.mark.parametrize(("typed", "named"), [
    ("\u00b2", "'\u00b2' (superscript two) is not a decimal digit"),
    ("\u2460", "'\u2460' (circled digit one) is not a decimal digit"),
    ("1\u00b2", "'\u00b2' (superscript two)"),
    ("\u00bd", "'\u00bd' (vulgar fraction one half)"),
    ("\u216b", "'\u216b' (roman numeral twelve)"),
])
def test_other_numeric_characters_are_refused_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      typed: str, named: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input=f"{typed}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "is not a number to choose by: " + named in result.output


def _play_on_a_pty(cwd: Path, *args: str, controlling: bool, hang_up: int | None = None) -> tuple[int, str]:
    """Run ``boardrules play ARGS`` on a pseudo-terminal, wait for the human's prompt, then
    close the terminal (its master side, as a terminal window or ``tmux kill-session`` does),
    and, when ``hang_up`` is given, send that signal too. ``controlling``: the terminal is the
    program's controlling terminal, so that closing it sends SIGHUP. Returns the exit code and
    what was written on standard error."""
    import pty
    import select

    master, slave = pty.openpty()
    err = cwd / "stderr.txt"
    with open(err, "w") as errors:
        proc = subprocess.Popen([sys.executable, "-m", "boardrules.cli", "play", *args], cwd=cwd, stdin=slave,
                                stdout=slave, stderr=errors, start_new_session=True,
                                env={**os.environ, "COLUMNS": "100", "TERM": "xterm"},
                                preexec_fn=(lambda: __import__("fcntl").ioctl(0, __import__("termios").TIOCSCTTY, 0))
                                if controlling else None)
    os.close(slave)
    seen = b""
    try:
        while b"Player 1> " not in seen:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, seen[-500:]
            chunk = os.read(master, 65536)
            assert chunk, seen[-500:]
            seen += chunk
    finally:
        os.close(master)
    if hang_up is not None:
        proc.send_signal(hang_up)
    try:
        code = proc.wait(timeout=60)
    finally:
        proc.kill()
    return code, err.read_text()


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP or pseudo-terminals on this platform")
@pytest.mark.parametrize("controlling", [False, True])
@pytest.mark.parametrize("seed", [1, 2])
def test_closing_the_terminal_at_the_prompt_saves_before_printing(tmp_path: Path, seed: int, controlling: bool) -> None:
    """Closing the terminal ends the input (EOFError) and makes every print fail (OSError,
    errno 5), before or after its SIGHUP: "End of input." was printed before the save, so the
    save was cut short by the failing print, a traceback followed, and the SIGHUP could
    interrupt the save itself. Saved first, said after, nothing printed on a dead terminal."""
    code, err = _play_on_a_pty(tmp_path, GAME, "--seats", "human,greedy", "--seed", str(seed),
                               controlling=controlling, hang_up=None if controlling else signal.SIGHUP)
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert code in (0, 128 + signal.SIGHUP), (code, err)
    data = load_replay(tmp_path / autosave(seed))
    assert data["seats"] == ["human", "greedy"]
    assert replay_from_data(load_game(GAME), data, check_hash=True) is not None


def _resume_in(cwd: Path, save: str, script: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "boardrules.cli", "play", "--load", save], cwd=cwd,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "COLUMNS": "200", "XDG_STATE_HOME": str(cwd / "state")})


def test_one_save_resumed_in_two_terminals_keeps_both_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading one save in two terminals, choosing differently and quitting both kept only one
    game, and both said "saved": the second replaced the first (or, quitting one after the
    other, went to the state folder as if the save were another game's). Now the file is
    written under a lock, and the session that finds it changed since it read it saves beside
    it, and says where."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    assert run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="quit\n").exit_code == 0
    save = autosave(5)
    start = load_replay(tmp_path / save)["actions"]
    first, second = (_resume_in(tmp_path, save, "") for _ in range(2))
    # both terminals have read the save before either answers (on a loaded machine the second
    # could otherwise start after the first had quit, and simply resume its game)
    read = [proc.stdout.readline() for proc in (first, second) if proc.stdout]
    assert all(line.startswith("Resumed") for line in read), read
    outs = [line + proc.communicate(f"{choice}\nquit\n", timeout=120)[0]
            for line, (proc, choice) in zip(read, ((first, 1), (second, 2)), strict=True)]
    assert first.returncode == second.returncode == 0, outs
    beside = save.replace(".json", "-2.json")
    games = {tuple(load_replay(tmp_path / name)["actions"]) for name in (save, beside)}
    assert len(games) == 2 and all(list(g[: len(start)]) == start and len(g) > len(start) for g in games)
    assert sum(f"The game is saved to {tmp_path / beside}" in out for out in outs) == 1, outs
    assert sum("was changed by another session since this one read or wrote it" in out for out in outs) == 1
    assert not (tmp_path / "state").exists()


def test_a_save_read_while_it_is_written_is_always_whole(tmp_path: Path) -> None:
    """Half the reads taken during repeated saves were invalid JSON (the file was truncated,
    then written): a save is now written beside and renamed over the old one."""
    path = tmp_path / "game.json"
    writer = subprocess.Popen([sys.executable, "-c", f"""
from boardrules.agents import RandomAgent
from boardrules.engine import Session
from boardrules.games import load_game
game = load_game({GAME!r})
s = Session(game, 3, 2, {{}}, ["random", "random"])
agent = RandomAgent(1)
for _ in range(300):
    d = s.decision
    if d is None:
        break
    s.play(agent.act(game, s.state, d))
    s.save({str(path)!r})
"""], env=dict(os.environ))
    bad = reads = 0
    while writer.poll() is None:
        try:
            text = path.read_text()
        except FileNotFoundError:
            continue
        reads += 1
        try:
            json.loads(text)
        except ValueError:
            bad += 1
    assert writer.returncode == 0 and reads > 0
    assert bad == 0, f"{bad} of {reads} reads were not whole"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
@pytest.mark.parametrize("command", [["replay"], ["play", "--load"]])
def test_a_save_that_is_a_device_is_refused_by_name(command: list[str]) -> None:
    """``play --load /dev/zero`` read until memory ran out."""
    result = run([*command, "/dev/zero"])
    assert_clean_failure(result, "/dev/zero", "not a regular file")


def test_simulate_out_replaces_only_an_output_of_the_same_run(tmp_path: Path, finished_replay: Path) -> None:
    """``simulate --out FILE`` replaced any file, a saved game included (``save FILE`` refuses
    that). It replaces an empty file or the output of the same run (first row: same game,
    seed, seats and options); anything else needs --force."""
    save = tmp_path / "game.json"
    save.write_text(finished_replay.read_text())
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    args = ["simulate", GAME, "-n", "2", "--seats", "greedy,random", "--seed", "4"]
    for kept in (save, notes):
        result = run([*args, "--out", str(kept)])
        assert result.exit_code == 2 and "is not the output of this run" in result.output and "--force" in result.output
    assert save.read_text() == finished_replay.read_text() and notes.read_text() == "my notes\n"
    out = tmp_path / "run.jsonl"
    out.touch()
    assert run([*args, "--out", str(out)]).exit_code == 0  # an empty file
    first = out.read_text()
    assert json.loads(first.splitlines()[0])["game"] == GAME
    assert run([*args, "--out", str(out)]).exit_code == 0 and out.read_text() == first  # the same run again
    for other in (["--seed", "5"], ["--seats", "random,greedy"], ["--option", "expansion=four-towers"]):
        changed = [*args[:4], *(other if other[0] == "--seats" else ["--seats", "greedy,random"]),
                   *(other if other[0] == "--seed" else ["--seed", "4"]),
                   *(other if other[0] == "--option" else [])]
        assert run([*changed, "-n", "1", "--out", str(out)]).exit_code == 2, changed
    assert run([*args, "--out", str(notes), "--force"]).exit_code == 0
    assert notes.read_text() == first
    if os.path.exists("/dev/null"):
        assert run([*args, "--out", "/dev/null"]).exit_code == 0


def test_a_save_under_older_rules_is_resumed_with_try_older_when_it_reproduces(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game saved under an older rules version was refused, though half such saves replay
    exactly: ``--try-older`` resumes one whose actions reproduce its recorded final state,
    and says where one diverges; the refusal names the flag."""
    monkeypatch.chdir(tmp_path)
    _fake_board(monkeypatch, GAME)
    assert run(["play", GAME, "--seats", "human,greedy", "--seed", "5"], input="1\n1\nquit\n").exit_code == 0
    data = load_replay(tmp_path / autosave(5))
    older = dict(data, rules_version="mm-1")
    (tmp_path / "older.json").write_text(json.dumps(older))
    refused = run(["play", "--load", "older.json"], input="quit\n")
    assert_clean_failure(refused, "rules version mm-1", "--try-older")
    resumed = run(["play", "--load", "older.json", "--try-older"], input="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "reproduce the recorded game under these, so it is resumed" in resumed.output
    assert "The game is saved to" in resumed.output
    (tmp_path / "moved.json").write_text(json.dumps(dict(older, final_hash="0" * 32)))
    assert_clean_failure(run(["play", "--load", "moved.json", "--try-older"], input="quit\n"),
                         "differs from the recorded one", "not resumed")
    (tmp_path / "broken.json").write_text(json.dumps(dict(older, actions=[*data["actions"][:1], "fly away"])))
    assert_clean_failure(run(["play", "--load", "broken.json", "--try-older"], input="quit\n"),
                         "diverges at action 2 of 2 ('fly away')")
    assert_clean_failure(run(["play", "--try-older"]), "--try-older resumes a saved game")
