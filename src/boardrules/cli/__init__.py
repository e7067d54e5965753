"""The boardrules command line: ``list``, ``play``, ``simulate``, ``compare``, ``tournament``,
``replay`` and ``serve``, a module each, over the terminal helpers they share (``terminal``, ``table``, ``signals``).
What is not about the terminal (saves, seats, options) is outside this package: ``saves``,
``agents``, ``engine``.

Every error a user can cause (unknown game, bad option or seat list, malformed or illegal
action, broken replay) is a BoardrulesError: it is printed as one line, never a traceback
(exit code 2 for a bad option, seat list or position file, 1 otherwise).
"""

from __future__ import annotations

from typing import Any

import click

from .. import __version__
from ..engine import BoardrulesError, OptionError, PositionError
from .compare import compare_runs
from .list_games import list_games
from .play import play
from .replay import replay
from .serve import serve
from .simulate import simulate
from .tournament import tournament


class _Cli(click.Group):
    """Turns any BoardrulesError into a one-line message and exit code 1; a bad option, seat
    list or player count (OptionError), or a bad position file (PositionError), is a usage
    error, exit code 2, as click's own are."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardrulesError as exc:
            usage = isinstance(exc, (OptionError, PositionError))
            raise (_UsageError if usage else click.ClickException)(str(exc)) from None


class _UsageError(click.ClickException):
    """A one-line error for a bad option, without click's usage lines."""

    exit_code = 2


@click.group(cls=_Cli, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardrules")
@click.pass_context
def main(ctx: click.Context) -> None:
    """boardrules: play fantasy strategy board games by their exact rules, against AI
    opponents, or simulate thousands of seeded games."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


for _command in (list_games, play, simulate, compare_runs, tournament, replay, serve):
    main.add_command(_command)

__all__ = ["main"]
