"""The layout of a question (engine/frames.py): answers in columns when short, a row each when
long, and a very long list (a flier's every destination) as numbered ranges of the words that
differ, each answer keeping its number."""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from boardrules.engine.frames import MANY, answers, labelled


def _printed(renderable: object, width: int = 120) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def test_short_answers_in_columns_long_ones_a_row_each() -> None:
    assert len(_printed(answers([Text("done"), Text("pass")]))) == 1
    rows = _printed(answers([labelled("choose 1", "choose 1: Move 4 " + "x" * 40), labelled("choose 2", "Block 3")]))
    assert rows == ["1. choose 1: Move 4 " + "x" * 40, "2. choose 2: Block 3"]


def test_a_very_long_list_is_ranges_of_the_words_that_differ_numbers_kept() -> None:
    texts = ["done"] + [f"to a{i}" for i in range(1, 301)] + ["attack x y", "end"]
    items = [labelled(t, t) for t in texts]
    assert len(texts) > MANY
    lines = _printed(answers(items, texts))
    assert lines[0] == "1. done"
    assert lines[1].startswith("2-301. to a1 a2 a3 ") and "a300" in " ".join(lines)
    assert "302. attack x y" in lines[-1] and "303. end" in lines[-1]  # the short ones in columns
    assert len(lines) < 20  # 300 destinations in a few lines, not 60 rows of columns


def test_a_list_just_long_enough_keeps_its_labels() -> None:
    texts = [f"to a{i}" for i in range(MANY)]
    lines = _printed(answers([labelled(t, t + ": 2 spaces") for t in texts], texts))
    assert "to a0: 2 spaces" in lines[0]
