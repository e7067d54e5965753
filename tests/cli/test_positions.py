"""``boardrules play GAME --position FILE`` (cli/play.py): the game goes on from the position; a
bad file exits 2 with one line naming the file and the field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs" / "positions"
SRC = Path(__file__).resolve().parents[2] / "src"


def boardrules(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-m", "boardrules.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=300)


def test_a_bad_position_file_exits_2_naming_file_and_field(tmp_path: Path) -> None:
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"game": "meeples-and-monsters", "players": 2, "seats": [{"tavern": {"knigth": 2}}, {}]}))
    r = boardrules("play", "--position", str(p), cwd=tmp_path)
    assert r.returncode == 2
    assert f"{p}: seats[0].tavern.knigth: 'knigth' is not a meeple kind" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("text, message", [
    ("not json", "invalid JSON"),
    (json.dumps({"game": "small-world", "players": 2, "seats": [{}]}), "seats: a game of 2 players has 2 seats"),
    (json.dumps({"game": "chess", "players": 2}), "game: "),
])
def test_other_bad_files(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "bad.json"
    p.write_text(text)
    r = boardrules("play", "--position", str(p), cwd=tmp_path)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_the_game_named_must_be_the_positions(tmp_path: Path) -> None:
    r = boardrules("play", "meeples-and-monsters", "--position", str(DOCS / "heroscape.json"), cwd=tmp_path)
    assert r.returncode == 2 and "a position of 'heroscape', not 'meeples-and-monsters'" in r.stderr


def test_a_position_is_played_on_with_the_seats_given(tmp_path: Path) -> None:
    r = boardrules("play", "heroscape", "--position", str(DOCS / "heroscape.json"), "--seats", "greedy,random",
                   cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Heroscape from the position" in r.stdout and "Winner" in r.stdout
