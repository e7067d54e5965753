"""A frame that fits under its question (issue 24, "a compact frame"): what the human is asked
fits FRAME_LINES at the terminal's width, with the standing (2 lines) and the question with its
labelled answers under the frame. The frame's parts each come in variants, from the fullest to
the smallest (None: left out); at render time, knowing the width, the parts are stepped down in
a given order until everything fits, so a question with many answers gets a smaller board."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator, Sequence

from rich.console import Console, ConsoleOptions, RenderableType

from ...engine import Standing

FRAME_LINES = 45  # rows of the terminal the frame, the standing and the question share
SHORT_LABEL = 32  # the terminal lists answers in columns when every numbered label is this short


def _lines(text: str, width: int) -> int:
    return max(1, len(textwrap.wrap(text, max(1, width), break_long_words=True)))


def question_lines(prompt: str, items: Sequence[str], width: int) -> int:
    """How many lines the terminal takes for the question and its numbered answers (as
    ``cli/table.py`` lays them out: in columns when all are short, else one under the other,
    each wrapped beside its number)."""
    lines = _lines(prompt, width)
    if not items:
        return lines
    number = len(str(len(items)))
    longest = max(len(t) for t in items) + number + 2
    if longest <= SHORT_LABEL:
        per_row = max(1, (width + 3) // (longest + 3))
        return lines + -(-len(items) // per_row)
    return lines + sum(_lines(t, width - number - 2) for t in items)


def standing_lines(standing: Standing | None, names: Sequence[str], viewer: int) -> tuple[str, ...]:
    """The standing as the terminal prints it under the frame (cli/terminal.py standing_text)."""
    if standing is None:
        return ()
    scores = " · ".join(f"{name}{' (you)' if i == viewer else ''} {score}"
                        for i, (name, score) in enumerate(zip(names, standing.scores, strict=False)))
    return f"Goal: {standing.goal}", f"{standing.clock} · Scores: {scores}"


def shown_item(text: str, label: str) -> str:
    """An answer as the terminal lists it: the label, or the text then the label."""
    if label == text or not label or label.startswith(text):
        return label or text
    return f"{text}: {label}"


class Fitted:
    """``parts``: per part, its variants (renderables, or None for none), fullest first;
    ``order``: the parts to step down, in turn (a part named twice steps down twice);
    ``below``: the lines printed under the frame (the standing: its goal line, then its clock
    and scores line), ``prompt`` and ``items``: the question's prompt line and its answers as
    listed."""

    def __init__(self, parts: Sequence[Sequence[RenderableType | None]], order: Sequence[int],
                 below: Sequence[str] = (), prompt: str = "", items: Sequence[str] = ()) -> None:
        self.parts, self.order, self.below, self.prompt, self.items = parts, order, below, prompt, items

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        width = options.max_width
        budget = FRAME_LINES - sum(_lines(line, width) for line in self.below)
        if self.prompt:
            budget -= question_lines(self.prompt, self.items, width)
        heights: dict[tuple[int, int], int] = {}

        def height(part: int, variant: int) -> int:
            if (part, variant) not in heights:
                shown = self.parts[part][variant]
                heights[part, variant] = 0 if shown is None else len(console.render_lines(shown, options, pad=False))
            return heights[part, variant]

        chosen = [0] * len(self.parts)
        total = sum(height(p, 0) for p in range(len(self.parts)))
        for p in self.order:
            if total <= budget:
                break
            if chosen[p] + 1 < len(self.parts[p]):
                total += height(p, chosen[p] + 1) - height(p, chosen[p])
                chosen[p] += 1
        for p, v in enumerate(chosen):
            shown = self.parts[p][v]
            if shown is not None:
                yield shown
