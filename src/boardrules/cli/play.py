"""``boardrules play``: a game at the terminal, new, resumed from a save, or from a position."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from ..agents import HUMAN, check_seat_names, parse_seats
from ..engine import (
    OptionError,
    PositionError,
    ReplayVersionError,
    Session,
    check_seed,
    default_players,
    parse_options,
    read_position,
)
from ..engine.errors import UnknownGameError
from ..games import load_game
from ..saves import Note, autosave_path, resume
from .signals import SIGHUP, TERMINAL_GONE, Closed, closing_saves
from .table import PlayTable
from .terminal import DEFAULT_GAME, WHOLE, new_console, print_result, resume_command


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--seats", help="One per player, comma-separated: human, greedy, random, ismcts or mcts, "
              "a search agent with parameters as ismcts:iterations=400,depth=30,c=0.7,seconds=2 "
              "(default: human,greedy,greedy,greedy).")
@click.option("--seed", type=WHOLE, help="Seed of the game, 0 to 2**64-1 (default: a random one, printed).")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), help="Resume a saved game.")
@click.option("--position", "position_path", type=click.Path(dir_okay=False),
              help="Start from a position file (docs/positions.md) instead of the set-up.")
@click.option("--try-older", is_flag=True, help="With --load: resume a game saved under older rules or content "
              "when its actions reproduce its recorded final state under these.")
def play(game_name: str | None, seats: str | None, seed: int | None, expansion: str | None,
         option_pairs: tuple[str, ...], load_path: str | None, position_path: str | None, try_older: bool) -> None:
    """Play GAME in the terminal (default: meeples-and-monsters, you against 3 greedy AIs).

    In the game, type an action's number or text, or: help, board, info NAME, undo, save FILE, quit.
    Quitting (or end of input, Ctrl-C, or closing the terminal) saves the game to
    boardrules-GAME-SEED.json in the current directory (printed at the start).
    """
    console = new_console()
    options = parse_options(option_pairs, expansion)
    if try_older and load_path is None:
        raise OptionError("--try-older resumes a saved game: give it with --load FILE")
    if load_path is not None:
        if position_path is not None:
            raise OptionError("--position starts a new game from a position: leave out --load")
        session = _resume(console, load_path, game_name, seats, seed, options, try_older)
    elif position_path is not None:
        session = _from_position(console, position_path, game_name, seats, seed, options)
    else:
        game = load_game(game_name or DEFAULT_GAME)
        seat_list = parse_seats(seats) if seats is not None else (
            [HUMAN] + ["greedy"] * (default_players(type(game)) - 1))
        check_seat_names(seat_list)
        seed = secrets.randbelow(1 << 31) if seed is None else check_seed(seed)
        session = Session(game, seed, len(seat_list), options, seat_list, track_undo=True)
        console.print(Text(f"{game.title}, seed {seed}", style="bold"))
    table = PlayTable(console, session, autosave_path(session, load_path))
    with closing_saves():
        try:
            table.introduce()
            finished = table.run()
            saved = finished or table.save()  # saved first, said after: the terminal may be gone
        except KeyboardInterrupt:
            table.stop("Interrupted.")
            raise click.exceptions.Exit(130) from None
        except Closed as closed:
            table.stop(f"The terminal was closed ({closed.name}).")
            raise click.exceptions.Exit(128 + closed.signum) from None
        except OSError as exc:
            if exc.errno not in TERMINAL_GONE:
                table.save()
                table.say_saved()
                raise
            table.hang_up()  # printing failed: the terminal is gone, its SIGHUP may follow
            table.stop("The terminal was closed.")
            raise click.exceptions.Exit(128 + SIGHUP) from None
        except Exception:
            table.save()  # whatever went wrong, the game in progress is kept
            table.say_saved()
            raise
    if not finished:
        if table.ended:
            table.say(Text(table.ended, style="bold"))
        table.say_saved()
        if not saved:
            raise click.exceptions.Exit(1)
        return
    game = session.game
    console.print(game.render(session.state, None))
    print_result(console, game, session.state, table.names, session.seats)


def _resume(console: Console, load_path: str, game_name: str | None, seats: str | None, seed: int | None,
            options: Mapping[str, str], try_older: bool = False) -> Session[Any]:
    """The saved game in ``load_path``, replayed, with its seats (or ``seats``); ``try_older``:
    one saved under other rules or content, if it reproduces."""
    if options:
        raise OptionError("--option and --expansion cannot change a saved game; leave them out with --load")
    if seed is not None:
        raise OptionError("--seed cannot change a saved game; leave it out with --load")
    try:
        session = resume(load_path, game_name, try_older, lambda note: _say(console, note))
    except ReplayVersionError as exc:
        raise ReplayVersionError(f"{exc}. To try it anyway: {resume_command(Path(load_path).absolute())} "
                                 "--try-older (resumed only if its actions reproduce the recorded game)") from None
    if seats is not None:
        seat_list = parse_seats(seats)
        if len(seat_list) != session.num_players:
            raise OptionError(f"the saved game has {session.num_players} players, "
                              f"but --seats lists {len(seat_list)}")
    else:
        seat_list = list(session.seats)
        if "?" in seat_list:
            raise OptionError(f"{load_path} does not record who sits where; give --seats")
    check_seat_names(seat_list)
    session.seats = seat_list
    console.print(Text(f"Resumed {session.game.title} from {load_path}: {session.loaded} decisions replayed "
                       f"(seed {session.seed}).", style="bold"))
    return session


def _from_position(console: Console, path: str, game_name: str | None, seats: str | None, seed: int | None,
                   options: Mapping[str, str]) -> Session[Any]:
    """A new game from the position in ``path``, with ``seats`` (default: you against greedy
    AIs); a bad file is a PositionError naming the file and the field."""
    if options or seed is not None:
        raise OptionError("the position file gives the seed and options: leave out --seed, --option and --expansion")
    data = read_position(path)
    name = data.get("game")
    if not isinstance(name, str):
        raise PositionError("game", "the game is missing (a position names its game)", path)
    if game_name is not None and game_name != name:
        raise PositionError("game", f"this is a position of {name!r}, not {game_name!r}", path)
    try:
        game = load_game(name)
    except UnknownGameError as exc:
        raise PositionError("game", str(exc), path) from None
    try:
        game.load_position(data)  # every field checked, with the file named, before a session starts
        players = data["players"]
        seat_list = parse_seats(seats) if seats is not None else [HUMAN] + ["greedy"] * (players - 1)
        if len(seat_list) != players:
            raise OptionError(f"the position has {players} players, but --seats lists {len(seat_list)}")
        check_seat_names(seat_list)
        session = Session(game, data.get("seed", 0), players, data.get("options", {}), seat_list,
                          track_undo=True, position=data)
    except PositionError as exc:
        raise exc.in_file(path) from None
    console.print(Text(f"{game.title} from the position {path}", style="bold"))
    return session


def _say(console: Console, note: Note) -> None:
    """A note on the save being resumed, as soon as it is known (before any later refusal)."""
    console.print(Text(note.text, style="yellow"), soft_wrap=note.kind != "hash")
