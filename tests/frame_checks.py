"""Shared by the games' frame tests (tests/<game>/test_frame.py): the frames of scripted games
(``boardrules.cli.frames.frames``) fit the screen at 120 columns, and at 80 columns nothing is
cut or lost."""

from __future__ import annotations

from boardrules.engine.frames import FRAME_LINES

Frames = list[list[list[str]]]  # per game, per question, its lines


def check_fit(games: Frames, columns: int = 120) -> None:
    """Every frame is at most FRAME_LINES lines and ``columns`` wide; each game asks enough."""
    for game in games:
        assert len(game) > 50
        for f in game:
            assert len(f) <= FRAME_LINES, "\n".join(f)
            assert max(len(line) for line in f) <= columns, "\n".join(f)


def check_nothing_cut(wide_games: Frames, narrow_games: Frames, columns: int = 80) -> None:
    """The same frames narrower: no line wider, no text cut short with "…", and every word
    shown wide is there."""
    for wide_game, narrow_game in zip(wide_games, narrow_games, strict=True):
        assert len(wide_game) == len(narrow_game)
        for wide, narrow in zip(wide_game, narrow_game, strict=True):
            assert max(len(line) for line in narrow) <= columns, "\n".join(narrow)
            assert "…" not in "".join(narrow), "\n".join(narrow)
            lost = {w for line in wide for w in line.split()} - {w for line in narrow for w in line.split()}
            assert not lost, f"{lost} lost at {columns} columns:\n" + "\n".join(narrow)
