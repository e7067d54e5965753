"""Small World through the command line: play with a human seat, simulate with the balance
report, replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.cli import main
from boardrules.engine import load_replay, replay_from_data
from boardrules.games import load_game

GAME = "small-world"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_list_shows_small_world() -> None:
    result = run(["list"])
    assert result.exit_code == 0 and "small-world" in result.output and "2-5" in result.output


def test_play_shows_the_map_the_market_and_numbered_actions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "1\nconquer 99\nboard\n" + "1\n" * 12 + "quit\n"
    result = run(["play", GAME, "--seats", "human,greedy,greedy", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Borders" in out and "Combos on offer" in out  # the frame: the map as text, the combos to take
    assert "Small World, 3 players map" in out and "Terrain" in out  # the full tables (board)
    assert re.search(r"\b1\. pick [a-z]+", out)  # numbered legal actions
    assert "Illegal:" in out  # conquer 99: no such Region, said plainly
    assert "Player 2 (greedy):" in out
    data = load_replay(tmp_path / f"boardrules-{GAME}-4.json")
    assert data["game"] == GAME and data["seats"] == ["human", "greedy", "greedy"]
    replay_from_data(load_game(GAME), data, check_hash=False)


def test_play_between_ais_finishes() -> None:
    result = run(["play", GAME, "--seats", "greedy,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output


def test_simulate_prints_the_balance_report(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(["simulate", GAME, "-n", "6", "--seats", "greedy,random,random", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Balance: Races" in text and "Balance: Special Powers" in text and "95% CI" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 6
    for line in lines:
        assert len(line["tags"]) == 3
        assert all(any(t.startswith("race:") for t in seat) for seat in line["tags"])


def test_simulate_five_players_with_two_workers_is_reproducible(tmp_path: Path) -> None:
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.jsonl"
        result = run(["simulate", GAME, "-n", "4", "--seats", "random,random,random,random,random", "--seed", "9",
                      "--workers", str(workers), "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_text())
    assert outs[0] == outs[1]


def test_simulate_six_players_is_refused_plainly() -> None:
    result = run(["simulate", GAME, "-n", "1", "--seats", "random,random,random,random,random,random"])
    assert result.exit_code != 0 and "2 to 5 players" in result.output and "Traceback" not in result.output


def test_a_negative_region_number_is_explained_not_refused_as_malformed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'conquer -1' was refused as a bad character; now Small World says there is no such Region."""
    monkeypatch.chdir(tmp_path)
    result = run(["play", GAME, "--seats", "human,greedy,greedy", "--seed", "4"], input="1\nconquer -1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Illegal: there is no Region '-1' on this map" in result.output
    assert "not a valid word" not in result.output
