"""Heroes IV through the command line: play with a human seat, replays, save and load,
simulate with the balance report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.cli import main
from boardrules.engine import load_replay, replay_from_data
from boardrules.games import load_game

GAME = "heroes-iv"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_list_shows_heroes_iv() -> None:
    result = run(["list"])
    assert result.exit_code == 0 and GAME in result.output and "2-6" in result.output


def test_play_with_a_human_seat_numbered_actions_refusals_and_a_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "1\nmove 999 1\n" + "1\n" * 12 + "quit\n"
    result = run(["play", GAME, "--seats", "human,greedy,greedy", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Heroes IV · " in out and "plays first" in out and "Army Stacks" in out  # the frame when asked
    assert re.search(r"\b1\. attach -?\d+:-?\d+", out)  # numbered legal actions
    assert "Illegal: stacks move in your Movement Sequence" in out  # said plainly, no traceback
    assert "Traceback" not in out
    data = load_replay(tmp_path / f"boardrules-{GAME}-4.json")
    assert data["game"] == GAME and data["seats"] == ["human", "greedy", "greedy"]
    replay_from_data(load_game(GAME), data, check_hash=False)
    # the saved game resumes where it stopped
    again = run(["play", "--load", str(tmp_path / f"boardrules-{GAME}-4.json")], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Heroes IV · " in again.output


def test_play_between_ais_finishes_with_battles() -> None:
    result = run(["play", GAME, "--seats", "greedy,greedy,greedy", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "attacks the Guards" in result.output and "the battle is over" in result.output
    assert "Winner" in result.output


def test_simulate_prints_the_balance_report_by_alignment_and_hero(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(["simulate", GAME, "-n", "4", "--seats", "greedy,random", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Balance: Alignment" in text and "Balance: Heroes" in text and "95% CI" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 4
    for line in lines:
        assert all(any(t.startswith("alignment:") for t in seat) and any(t.startswith("hero:") for t in seat)
                   for seat in line["tags"])


JUNK = ("move 1 99999999999999999999", "define 18 windmill hand extra", "define 18 \u00e9 hand", "claim \u0663",
        "reinforce squire pocket", "buy knight hand 9", "pay nothing", "split 1 knight", "give 1 2 x", "join 1 1",
        "formup -3", "attach 0:0", "start 1", "done", "pass", "9" * 300, "move 1 \u00b2", "\U0001f642", "attack 1 2",
        "define 18 windmill hand;rm", "\x00")


def test_play_bad_input_at_every_moment_is_refused_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    lines = []
    for i in range(160):  # junk between legal choices: set-up, discoveries, battles, movement
        lines.append(JUNK[i % len(JUNK)] if i % 2 else "1")
    result = run(["play", GAME, "--seats", "human,random", "--seed", "6"], input="\n".join(lines) + "\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Traceback" not in out and out.count("Illegal: ") >= 10 and "malformed action" in out
    assert "'99999999999999999999' is not a hex of the map" in out


@pytest.mark.parametrize("broken", [
    '{"game": "heroes-iv"',  # cut short
    '{"format": 1, "game": "heroes-iv", "players": 2, "seats": ["human", "random"], "seed": 5, "options": {},'
    ' "actions": ["attach 999:999"]}',
    '{"format": 1, "game": "heroes-iv", "players": 2, "seats": ["human", "random"], "seed": 5,'
    ' "options": {"alignments": "life,dragons"}, "actions": []}',
])
def test_play_a_corrupt_save_is_a_clear_error(tmp_path: Path, broken: str) -> None:
    save = tmp_path / "save.json"
    save.write_text(broken)
    result = run(["play", "--load", str(save)], input="quit\n")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "save.json" in result.output and "Error" in result.output


@pytest.mark.parametrize("old", ["h4-1", "h4-2", "h4-3", "h4-4"])
def test_play_a_save_of_the_rules_before_the_audit_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, old: str) -> None:
    # h4-1 let the Defining Player flip for guards and offered no discovery to a stack placed at
    # set-up; h4-2 always had seat 1 play first; h4-4 asked the Tactical Setup less and a battle's
    # actions in one list: their saves would not play back the same
    monkeypatch.chdir(tmp_path)
    assert run(["play", GAME, "--seats", "human,greedy", "--seed", "2"], input="1\nquit\n").exit_code == 0
    save = tmp_path / f"boardrules-{GAME}-2.json"
    data = json.loads(save.read_text())
    assert data["rules_version"] == "h4-5"
    data["rules_version"] = old
    save.write_text(json.dumps(data))
    result = run(["play", "--load", str(save)], input="quit\n")
    assert result.exit_code != 0 and f"rules version {old}" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", [["simulate", "--seats", "random,random,random"], ["tournament", "--players", "3",
                                                                                        "--agents", "random,greedy,mcts"]])
def test_simulate_and_tournament_refuse_alignments_for_another_number_of_players(command: list[str]) -> None:
    result = run([command[0], GAME, "-n", "1", *command[1:], "--option", "alignments=life,death"])
    assert result.exit_code == 2, result.output
    assert "one alignment per player (3), not 2" in result.output and "Traceback" not in result.output
