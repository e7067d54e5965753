"""Mage Knight through the command line: play with a human seat against greedy, AI games,
options, save and load, replays, and simulate with its balance report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.agents import RandomAgent
from boardrules.cli import main
from boardrules.engine import Session, load_replay, replay_from_data
from boardrules.games import load_game

GAME = "mage-knight"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_list_shows_mage_knight() -> None:
    result = run(["list"])
    assert result.exit_code == 0 and GAME in result.output and "Mage Knight" in result.output


def test_play_human_against_greedy_shows_the_map_the_hand_and_numbered_actions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "help\nfly away\n1\n" + "1\n" * 6 + "save mine.json\nquit\n"
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands:" in out and "Illegal:" in out
    assert re.search(r"\b1\. tactic [a-z-]+", out)  # numbered legal actions
    assert "The map around" in out and "Your hand:" in out and "Source: die-1" in out
    assert "(greedy): tactic" in out  # the AI's choice is printed
    for name in ("mine.json", f"boardrules-{GAME}-4.json"):
        data = load_replay(tmp_path / name)
        assert data["game"] == GAME and data["seats"] == ["human", "greedy"]
        replay_from_data(load_game(GAME), data, check_hash=False)
    resumed = run(["play", "--load", "mine.json"], input="1\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Your hand:" in resumed.output


def test_play_between_ais_finishes_with_the_options_given() -> None:
    result = run(["play", GAME, "--seats", "random,random", "--seed", "2", "--option", "heroes=tovak,goldyx"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output and "Tovak (random)" in result.output and "Goldyx" in result.output


def test_a_bad_option_is_refused_plainly() -> None:
    result = run(["play", GAME, "--seats", "greedy,random", "--option", "scenario=moon"])
    assert result.exit_code != 0 and "scenario" in result.output and "moon" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_finished_game_reproduces_it(tmp_path: Path) -> None:
    game = load_game(GAME)
    session = Session(game, 11, 2, {}, ["random", "random"])
    agents = [RandomAgent(1), RandomAgent(2)]
    while (d := session.decision) is not None:
        session.play(agents[d.player].act(game, session.state, d))
    path = tmp_path / "game.json"
    session.save(path)
    result = run(["replay", str(path), "--show"])
    assert result.exit_code == 0, result.output
    assert "Replay OK: Mage Knight" in result.output and "Final scores" in result.output


def test_simulate_prints_the_balance_report_by_hero_tactic_and_scenario(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(["simulate", GAME, "-n", "3", "--seats", "random,random", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    for title in ("Balance: Heroes", "Balance: Tactics", "Balance: Scenarios", "95% CI", "First Reconnaissance"):
        assert title in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 3
    for line in lines:
        assert all(sum(t.startswith("tactic:") for t in seat) >= 1 for seat in line["tags"])
        assert all(any(t.startswith("hero:") for t in seat) for seat in line["tags"])


@pytest.mark.parametrize(("command", "option", "words"), [
    (["simulate", "--seats", "random,random"], "scenario=solo-conquest", "Solo Conquest is for 1 player, not 2"),
    (["simulate", "--seats", "random,random"], "heroes=tovak", "name 2 different heroes"),
    (["simulate", "--seats", "random"], "scenario=full-conquest", "Full Conquest is for 2 to 4 players, not 1"),
    (["tournament", "--agents", "random,greedy"], "heroes=tovak", "name 2 different heroes"),
])
def test_simulate_and_tournament_refuse_what_the_set_up_refuses(command: list[str], option: str, words: str) -> None:
    """They checked the options without the seat count, then ran games that made no decision
    and exited 0; the check is now the one play makes (set_up), before the first game."""
    result = run([command[0], "mage-knight", "-n", "2", *command[1:], "--option", option])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output and "Turns per game" not in result.output
