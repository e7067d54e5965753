"""The command line, driven through click's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.agents import RandomAgent
from boardrules.cli import AUTOSAVE, main
from boardrules.engine import Session, load_replay, replay_from_data
from boardrules.games import load_game

GAME = "meeples-and-monsters"


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
    assert AUTOSAVE in out
    data = load_replay(tmp_path / AUTOSAVE)
    assert data["seats"] == ["human", "random"] and not data["over"] and len(data["actions"]) > 5
    replay_from_data(load_game(GAME), data, check_hash=False)
    assert load_replay(tmp_path / "mine.json")["seed"] == 5

    # resume the autosave; end of input saves again
    result = run(["play", "--load", AUTOSAVE], input="1\n")
    assert result.exit_code == 0, result.output
    assert "Resumed" in result.output and "End of input" in result.output
    again = load_replay(tmp_path / AUTOSAVE)
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
    assert load_replay(tmp_path / AUTOSAVE)["seats"] == ["human", "greedy", "greedy", "greedy"]


def test_end_of_input_autosaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(["play", "--seats", "human,greedy", "--seed", "8"], input="1\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / AUTOSAVE).exists()


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
        (["simulate", GAME, "-n", "0"], ("at least 1",)),
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
