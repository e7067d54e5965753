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
    assert "Heroes IV: round" in out and "Army Stacks (top card first)" in out
    assert re.search(r"\b1\. attach -?\d+:-?\d+", out)  # numbered legal actions
    assert "Illegal: stacks move in your Movement Sequence" in out  # said plainly, no traceback
    assert "Traceback" not in out
    data = load_replay(tmp_path / f"boardrules-{GAME}-4.json")
    assert data["game"] == GAME and data["seats"] == ["human", "greedy", "greedy"]
    replay_from_data(load_game(GAME), data, check_hash=False)
    # the saved game resumes where it stopped
    again = run(["play", "--load", str(tmp_path / f"boardrules-{GAME}-4.json")], input="quit\n")
    assert again.exit_code == 0, again.output
    assert "Heroes IV: round" in again.output


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
