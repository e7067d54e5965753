"""The frame at the terminal (cli/table.py): the board is drawn again after the human's own
action when it changed, and not when it reads the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from boardrules.cli import main
from boardrules.games import load_game

GAME = "meeples-and-monsters"


def _play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, board: str) -> list[str]:
    """A whole game, the human answering 1, with ``board`` (formatted with the player and the
    decisions made) as the game's render and frame."""
    monkeypatch.chdir(tmp_path)
    cls = type(load_game(GAME))
    fake = lambda self, state, player: board.format(p=player, n=state.decisions)  # noqa: E731
    monkeypatch.setattr(cls, "render", fake)
    monkeypatch.setattr(cls, "frame", fake)  # the game's compact board, drawn when asked
    monkeypatch.setattr(cls, "standing", lambda self, state, player: None)  # the scores change with the moves
    result = CliRunner().invoke(main, ["play", GAME, "--seats", "human,greedy", "--seed", "3"], input="1\n" * 3000)
    assert result.exit_code == 0 and "Winner" in result.output, result.output
    return [line.removeprefix("Player 1> ") for line in result.output.splitlines()]  # the prompt, unechoed


def _prompts(lines: list[str]) -> list[int]:
    """The lines asking the human a question (its numbered answers follow it)."""
    return [i for i, line in enumerate(lines[:-1])
            if line.startswith("Player 1 (human): ") and lines[i + 1].lstrip().startswith("1.")]


def _after_own_action(lines: list[str], i: int) -> bool:
    """Whether the question at ``i`` follows the human's own action (and its events) directly."""
    j = i - 1
    while j > 0 and lines[j].startswith(("  · ", "BOARD")):
        j -= 1
    return lines[j].startswith("Player 1 (human): ") and j not in _prompts(lines)


def test_a_board_that_changed_with_the_humans_own_action_is_drawn_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _play(tmp_path, monkeypatch, "BOARD {p} after {n}")
    own = [i for i in _prompts(lines) if _after_own_action(lines, i)]
    assert len(own) > 10
    for i in own:
        assert lines[i - 1].startswith("BOARD 0 after "), f"question at line {i} asked under an old board"


def test_a_board_that_reads_the_same_is_not_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _play(tmp_path, monkeypatch, "BOARD {p}")
    own = [i for i in _prompts(lines) if _after_own_action(lines, i)]
    assert len(own) > 10
    assert not [i for i in own if lines[i - 1] == "BOARD 0"], "the same board drawn again after the human's action"
