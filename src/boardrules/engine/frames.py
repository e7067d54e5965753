"""What a player is shown when asked, laid out once (issue 24, "a compact frame"): the standing
under the board, then the question and its numbered, labelled answers. The terminal prints
these renderables (``cli/table.py``); a game's ``frame`` measures them to fit its board into the
lines they leave (``room``, ``Fitted``), so that board, standing and question share
``FRAME_LINES`` rows at the terminal's width.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.columns import Columns
from rich.console import Console, ConsoleOptions, RenderableType
from rich.table import Table
from rich.text import Text

from .game import Standing

FRAME_LINES = 45  # the rows the frame, the standing and the question share
SHORT_LABEL = 32  # answers whose numbered labels are all this short are listed in columns
MANY, RUN = 40, 8  # more answers than MANY: runs of RUN or more alike listed as ranges
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")


def labelled(text: str, label: str) -> Text:
    """An answer as listed: its label, with the typed text in bold where the label opens with it
    (``choose 1: Move 4``), or the text then the label when the label says it otherwise."""
    if label == text or not label:
        return Text(text)
    if label.startswith(text):
        return Text(text, style="bold") + Text(label[len(text):])
    return Text(text, style="bold") + Text(f": {label}")


def answers(items: Sequence[Text], texts: Sequence[str] = ()) -> RenderableType:
    """The numbered answers: in columns when all are short, else a row each, a long label
    wrapping under itself with its number alone at the left. More than ``MANY`` answers (a
    flier's every destination): each run of ``RUN`` or more that differ only in their last word
    is one numbered range of those words (``12-80. to a1 a2 ...``; the board marks them)."""
    if len(texts) > MANY:
        return _runs(items, texts)
    return _numbered(items, 0)


def _numbered(items: Sequence[Text], first: int) -> RenderableType:
    """``items`` numbered from ``first`` + 1: in columns when all are short, else a row each."""
    width = len(str(first + len(items)))
    if items and max(len(t) for t in items) + width + 2 <= SHORT_LABEL:
        return Columns([Text(f"{i:>{width}}. ", style="cyan") + t for i, t in enumerate(items, start=first + 1)],
                       padding=(0, 3))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="cyan", justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    for i, t in enumerate(items, start=first + 1):
        grid.add_row(f"{i}.", t)
    return grid


def _runs(items: Sequence[Text], texts: Sequence[str]) -> RenderableType:
    from rich.console import Group

    rows: list[RenderableType] = []
    singles: list[Text] = []
    first = 0  # the number of the first single held

    def flush() -> None:
        if singles:
            rows.append(_numbered(singles, first))
            singles.clear()

    i = 0
    while i < len(texts):
        head = texts[i].rpartition(" ")[0]
        j = i
        while head and j + 1 < len(texts) and texts[j + 1].rpartition(" ")[0] == head:
            j += 1
        if j - i + 1 >= RUN:
            flush()
            words = " ".join(t.rpartition(" ")[2] for t in texts[i:j + 1])
            rows.append(Text(f"{i + 1}-{j + 1}. ", style="cyan") + Text(f"{head} ", style="bold") + Text(words))
            i = j + 1
            continue
        if not singles:
            first = i
        singles.append(items[i])
        i += 1
    flush()
    return Group(*rows)


def standing_text(standing: Standing, names: Sequence[str], viewer: int | None) -> Text:
    """The race to win under a board: the goal on one line, then the clock and each seat's score."""
    scores = Text(" · ").join(Text(f"{names[i]}{' (you)' if i == viewer else ''} {score}",
                                   style=SEAT_STYLES[i % len(SEAT_STYLES)])
                              for i, score in enumerate(standing.scores))
    return (Text("Goal: ", style="bold") + Text(standing.goal) + Text("\n")
            + Text(standing.clock[:1].upper() + standing.clock[1:], style="bold") + Text(" · Scores: ") + scores)


class Question:
    """The question a frame is shown with: the line that asks it and its answers' (text, label)."""

    def __init__(self, asking: str, texts_and_labels: Sequence[tuple[str, str]]) -> None:
        self.asking = asking
        self.texts = [text for text, _ in texts_and_labels]
        self.items = [labelled(text, label) for text, label in texts_and_labels]

    def renderable(self) -> RenderableType:
        from rich.console import Group

        return Group(Text(self.asking), answers(self.items, self.texts)) if self.items else Text(self.asking)


def room(console: Console, options: ConsoleOptions, standing: Standing | None = None,
         names: Sequence[str] = (), viewer: int | None = None, question: Question | None = None) -> int:
    """The lines left for the board at this width once the standing and the question are printed."""
    left = FRAME_LINES
    if standing is not None:
        left -= len(console.render_lines(standing_text(standing, names, viewer), options, pad=False))
    if question is not None:
        left -= len(console.render_lines(question.renderable(), options, pad=False))
    return left


class Fitted:
    """A board whose parts each come in variants, fullest first (None: left out), stepped down
    at render time, knowing the width, until the board fits the room the standing and the
    question leave. ``order``: the parts to step down, in turn (a part named twice steps down
    twice)."""

    def __init__(self, parts: Sequence[Sequence[RenderableType | None]], order: Sequence[int],
                 standing: Standing | None = None, names: Sequence[str] = (), viewer: int | None = None,
                 question: Question | None = None) -> None:
        self.parts, self.order = parts, order
        self.standing, self.names, self.viewer, self.question = standing, names, viewer, question

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        options = options.update(height=None)
        budget = room(console, options, self.standing, self.names, self.viewer, self.question)
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
