"""``boardrules list``: the installed games, their player counts and options."""

from __future__ import annotations

import importlib
from typing import Any

import click
from rich.table import Table

from ..engine import Game
from ..games import GAMES
from .terminal import new_console


def _game_class(name: str) -> type[Game[Any]]:
    module, cls, _title = GAMES[name]
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


@click.command("list")
def list_games() -> None:
    """List the installed games."""
    console = new_console()
    table = Table(title="Installed games", title_justify="left")
    table.add_column("Name", style="bold")
    table.add_column("Title")
    table.add_column("Players", justify="center")
    table.add_column("Options")
    for name in sorted(GAMES):
        cls = _game_class(name)
        opts = "; ".join(
            f"{o.name}: {'|'.join(o.choices)}" if o.choices else o.name for o in cls.options_spec
        )
        players = f"{cls.min_players}-{cls.max_players}" if cls.min_players != cls.max_players else str(cls.min_players)
        table.add_row(name, cls.title, players, opts or "-")
    console.print(table)

