"""Heroscape through the command line: play with a human seat, simulate with the balance report
by army card and pairing, replays."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.cli import main
from boardrules.engine import OptionError, Session, load_replay, replay_from_data
from boardrules.games import load_game

GAME = "heroscape"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_list_shows_heroscape() -> None:
    result = run(["list"])
    assert result.exit_code == 0 and "heroscape" in result.output


def test_play_shows_the_battlefield_and_numbered_actions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "take mimring\ntake nobody\nboard\n" + "1\n" * 20 + "quit\n"
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Army building" in out and "Battlefield: Valkyrie Highlands" in out  # the frame of the draft
    assert "Heroscape, Valkyrie Highlands" in out and "Figures" in out  # the full tables (board)
    assert re.search(r"\b1\. take [a-z-]+", out)  # numbered legal actions
    assert "Illegal:" in out and "no army card 'nobody'" in out
    data = load_replay(tmp_path / f"boardrules-{GAME}-4.json")
    assert data["game"] == GAME and data["seats"] == ["human", "greedy"]
    replay_from_data(load_game(GAME), data, check_hash=False)


def test_play_between_ais_finishes() -> None:
    result = run(["play", GAME, "--seats", "greedy,random", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "The game ends" in result.output


def test_unknown_option_is_refused_plainly() -> None:
    result = run(["play", GAME, "--seats", "greedy,random", "--option", "battlefield=moon"])
    assert result.exit_code != 0 and "unknown battlefield 'moon'" in result.output
    assert "Traceback" not in result.output


def test_simulate_prints_the_balance_report_by_card_and_pairing(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(["simulate", GAME, "-n", "8", "--seats", "greedy,random", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Balance: Army cards" in text and "95% CI" in text and "pairings" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 8
    for line in lines:
        assert len(line["tags"]) == 2
        assert all(any(t.startswith("army:") for t in seat) for seat in line["tags"])
        assert all(any(t.startswith("pairing:") for t in seat) for seat in line["tags"])


def test_simulate_full_report_lists_every_pairing() -> None:
    short = run(["simulate", GAME, "-n", "6", "--seats", "greedy,random", "--seed", "5"])
    full = run(["simulate", GAME, "-n", "6", "--seats", "greedy,random", "--seed", "5", "--full-report"])
    assert short.exit_code == 0 and full.exit_code == 0, full.output
    assert "Balance: Army pairings" in full.output and "Top" not in full.output.split("Army pairings")[0][-40:]
    assert full.output.count(" vs ") > short.output.count(" vs ")


BAD_NUMBERS = ["²", "0", "-3", "1e3", "9" * 5000, "100000"]


@pytest.mark.parametrize("value", BAD_NUMBERS)
@pytest.mark.parametrize("key", ["points", "rounds"])
def test_numeric_options_are_refused_plainly_everywhere(key: str, value: str, tmp_path: Path) -> None:
    game = load_game(GAME)
    with pytest.raises(OptionError, match=f"option '{key}' must be"):
        game.check_options(2, {key: value})
    for args in (["play", GAME, "--seats", "greedy,random"], ["simulate", GAME, "-n", "2", "--seats", "random,random"]):
        result = run([*args, "--option", f"{key}={value}"])
        assert result.exit_code != 0, result.output
        assert "Traceback" not in result.output
        # the command line refuses a 5,000-digit value before the game sees it
        assert f"option '{key}' must be" in result.output or "characters long" in result.output, result.output
    saved = tmp_path / "bad.json"
    data = Session(game, 1, 2, {}, ["greedy", "random"]).replay_data()
    data["options"] = {key: value}
    saved.write_text(json.dumps(data))
    for args in (["replay", str(saved)], ["play", "--load", str(saved)]):
        result = run(args)
        assert result.exit_code != 0 and "Traceback" not in result.output, result.output
        assert f"option '{key}' must be" in result.output, result.output


def test_numeric_options_keep_their_value_without_leading_zeros() -> None:
    game = load_game(GAME)
    opts = game.check_options(2, {"rounds": "0" * 5000 + "5", "points": "300"})
    assert opts["rounds"] == "5" and opts["points"] == "300"
    assert game.new_state(2, 1, opts).max_rounds == 5


def test_undo_takes_back_the_ai_moves_made_since(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One keypress is followed by the AI's pick; 'undo' then took back nothing ("the last
    decision was not yours"). Now it takes back the human's pick and the AI's since."""
    monkeypatch.chdir(tmp_path)
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "4", "--option", "army=points"],
                 input="take izumi-samurai\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    ai_pick = re.findall(r"Player 2 \(greedy\): (takes [^\n]+ points\))", out)[1]  # the pick after the human's
    assert "Took back: takes Izumi Samurai (" in out and f"and: Player 2 (greedy): {ai_pick}" in out
    data = load_replay(tmp_path / f"boardrules-{GAME}-4.json")
    assert data["actions"] == ["take mimring"]  # the AI's first pick, before the human's


def test_order_markers_are_not_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI's order marker is placed face down: the terminal's log must not name its army card
    (what it prints comes from Game.action_text, which Heroscape overrides for markers)."""
    monkeypatch.chdir(tmp_path)
    cards = {c.id for c in load_game(GAME).c.cards}  # type: ignore[attr-defined]
    result = run(["play", GAME, "--seats", "human,greedy", "--seed", "4"], input="1\n" * 400 + "quit\n")
    assert result.exit_code == 0, result.output
    # the others' actions are told as seen at the table: which figure is placed, which step ends
    assert re.search(r"Player 2 \(greedy\): places [A-Z][^\n]* on [a-z]+[0-9]+", result.output)
    assert re.search(r"Player 2 \(greedy\): chooses [A-Z][^\n]* to move", result.output)
    assert not re.search(r"Player 2 \(greedy\): (place|done)\b", result.output)
    marks = re.findall(r"Player 2 \(greedy\): (.*marker.*|mark .*)", result.output)
    assert marks and all(m == "places an order marker" for m in marks), marks
    assert not [m for m in marks if any(card in m.split() for card in cards)], marks
