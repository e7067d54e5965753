"""``info NAME`` at the prompt of ``boardrules play`` (the catalogue, engine/catalogue.py), driven
through click's CliRunner: an entry shown with its numbers and text, an unknown name refused with
the closest names, and ``help`` listing the command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from boardrules.cli import main

GAME = "meeples-and-monsters"


def play(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> Result:
    monkeypatch.chdir(tmp_path)  # the autosave goes there
    result = CliRunner().invoke(main, ["play", GAME, "--seats", "human,random", "--seed", "5"], input=script)
    assert result.exit_code == 0, result.output
    assert result.exception is None
    return result


def test_info_shows_an_entry_with_its_numbers_and_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(tmp_path, monkeypatch, "info Tree Beast\ninfo guild-hall\nquit\n").output
    assert "Tree Beast (monster, tree-beast)" in out
    assert "Strength 5 · VP 2 · Level 2 · Type beast · District Villages" in out
    assert "Guild Hall (location, guild-hall)" in out
    assert "1) peasant → +1 peasant; 2) 2 peasant → construct a Location." in out


def test_info_refuses_an_unknown_name_with_the_closest_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(tmp_path, monkeypatch, "info Tree Baest\ninfo zzzz\nquit\n").output
    assert "The catalogue has nothing named 'Tree Baest'; the closest: Tree Beast" in out
    assert "The catalogue has nothing named 'zzzz'." in out
    assert "Traceback" not in out


def test_help_lists_info(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(tmp_path, monkeypatch, "help\nquit\n").output
    assert "info NAME   a card's, Unit's, skill's... numbers and text (e.g. info Peasant)" in out
