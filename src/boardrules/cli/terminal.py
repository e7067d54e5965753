"""What the commands share at the terminal: the console, whole-number options, the limits of
a run, seats named and coloured, the final result, and the command that resumes a save."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ..engine import Event, Game
from ..engine.frames import SEAT_STYLES

DEFAULT_GAME = "meeples-and-monsters"
MAX_GAMES = 10_000_000  # a run keeps every game's record in memory for its report
MAX_WORKERS = 256  # each is a process: a mistyped count must not fork thousands


class _Whole(click.ParamType):
    """A whole number; one too long to be meant is refused without echoing all its digits."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        digits = text.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()):
            self.fail(f"{cut(text)!r} is not a whole number", param, ctx)
        if len(digits) > 40:
            self.fail(f"{cut(text)} ({len(digits)} digits) is too long a number", param, ctx)
        return int(text)


WHOLE = _Whole()


def cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short_number(n: int) -> str:
    return cut(str(n))  # at most 40 digits (WHOLE)


def new_console() -> Console:
    # made per command, so that it writes to whatever stdout is now (tests swap it)
    return Console(highlight=False)


def progress_bar(console: Console) -> Progress:
    """The bar of a long run (simulate, tournament): its name, done of total, time spent and
    left; drawn only on a terminal, and refreshed by the caller (no refresh thread while worker
    processes are forked)."""
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                    disable=not console.is_terminal, auto_refresh=False)


def seat_names(game: Game[Any], state: Any, n: int) -> list[str]:
    names = list(game.player_names(state))
    return names if len(names) == n else [f"Player {i + 1}" for i in range(n)]


def label(names: Sequence[str], seats: Sequence[str], player: int | None) -> Text:
    if player is None:
        return Text("Game", style="bold")
    return Text(f"{names[player]} ({seats[player]})", style=SEAT_STYLES[player % len(SEAT_STYLES)])


def print_events(console: Console, events: Sequence[Event]) -> None:
    for ev in events:
        style = "bold" if ev.kind in ("game-over", "turn") else ""
        console.print(Text("  · ", style="dim") + Text(ev.text, style=style))


def print_result(console: Console, game: Game[Any], state: Any, names: Sequence[str], seats: Sequence[str]) -> None:
    result = game.result(state)
    if result is None:
        return
    table = Table(title="Final scores", title_justify="left")
    table.add_column("Player")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    table.add_column("")
    for i, score in enumerate(result.scores):
        table.add_row(label(names, seats, i), seats[i], str(score), "winner" if i in result.winners else "")
    console.print(table)
    who = " and ".join(f"{names[w]} ({seats[w]})" for w in result.winners)
    if not result.winners:  # e.g. a Mage Knight Solo Conquest lost: the game itself won
        console.print(Text(f"No winner after {result.turns} turns", style="bold"))
        return
    word = "Winner" if len(result.winners) == 1 else "Winners (shared victory)"
    console.print(Text(f"{word}: {who} after {result.turns} turns", style="bold"))


def resume_command(path: Path) -> str:
    """The command that resumes the save at ``path``, quoted as a shell reads it."""
    shown = path.name if path.parent == Path.cwd() else str(path)
    return f"boardrules play --load {shlex.quote(shown)}"
