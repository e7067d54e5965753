"""The boardrules command line: ``list``, ``play``, ``simulate``, ``tournament`` and ``replay``.

Every error a user can cause (unknown game, bad option or seat list, malformed or illegal
action, broken replay) is a BoardrulesError: it is printed as one line, never a traceback
(exit code 2 for a bad option or seat list, 1 otherwise).
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import io
import json
import os
import secrets
import shlex
import signal
import stat
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import click
from rich.columns import Columns
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

from . import __version__
from .agents import HUMAN, check_seat, make_agent, split_seats
from .engine import (
    Action,
    ActionParseError,
    BoardrulesError,
    Decision,
    Event,
    Game,
    IllegalActionError,
    OptionError,
    ReplayError,
    ReplayVersionError,
    Session,
    check_seed,
    load_replay,
    replay_from_data,
    set_up,
)
from .engine.session import Step
from .games import GAMES, load_game
from .sim.simulate import (
    MAX_DECISIONS,
    GameRecord,
    InOrder,
    TagSummary,
    agent_seed,
    balance,
    check_seats,
    count_summary,
    game_seed,
    iter_finished,
    summarize,
)

DEFAULT_GAME = "meeples-and-monsters"
MAX_GAMES = 10_000_000  # a run keeps every game's record in memory for its report
MAX_WORKERS = 256  # each is a process: a mistyped count must not fork thousands
MAX_TYPED = 200  # characters of an action typed at the prompt
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")

HELP_TEXT = """\
Type the number of an action, or its text (e.g. {example}).
Commands:
  help        this help, and the actions again
  board       show the board again
  undo        take back your last decision and the others' made since (not
              when one of them drew randomness or revealed something hidden)
  save FILE   save the game to FILE (resume it: boardrules play --load FILE);
              quote a name with spaces: save "my game.json"
  quit        stop playing; the game is saved to
              {autosave}
"""


class _Whole(click.ParamType):
    """A whole number; one too long to be meant is refused without echoing all its digits."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        digits = text.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()):
            self.fail(f"{_cut(text)!r} is not a whole number", param, ctx)
        if len(digits) > 40:
            self.fail(f"{_cut(text)} ({len(digits)} digits) is too long a number", param, ctx)
        return int(text)


WHOLE = _Whole()


def _cut(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Cli(click.Group):
    """Turns any BoardrulesError into a one-line message and exit code 1; a bad option, seat
    list or player count (OptionError) is a usage error, exit code 2, as click's own are."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardrulesError as exc:
            raise (_UsageError if isinstance(exc, OptionError) else click.ClickException)(str(exc)) from None


class _UsageError(click.ClickException):
    """A one-line error for a bad option, without click's usage lines."""

    exit_code = 2


def _console() -> Console:
    # made per command, so that it writes to whatever stdout is now (tests swap it)
    return Console(highlight=False)


@click.group(cls=_Cli, invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="boardrules")
@click.pass_context
def main(ctx: click.Context) -> None:
    """boardrules: play fantasy strategy board games by their exact rules, against AI
    opponents, or simulate thousands of seeded games."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


# -- shared helpers ------------------------------------------------------------------------------
def _game_class(name: str) -> type[Game[Any]]:
    module, cls, _title = GAMES[name]
    return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]


def _parse_options(pairs: Sequence[str], expansion: str | None) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise OptionError(f"an option is written name=value, not {_cut(pair)!r}")
        if len(pair) > 200:  # no option's name or value is this long; do not echo it all back
            raise OptionError(f"the option {_cut(pair)!r} is {len(pair):,} characters long")
        options[key.strip()] = value.strip()
    if expansion is not None:
        options["expansion"] = expansion
    return options


def _parse_seats(text: str) -> list[str]:
    seats = split_seats(text)
    if not seats or any(not s for s in seats):
        raise OptionError(f"a seat list is agent names separated by commas (e.g. human,greedy or "
                          f"ismcts:iterations=400,depth=30,human), not {_cut(text)!r}")
    return seats


def _check_seat_names(seats: Sequence[str]) -> None:
    for i, spec in enumerate(seats):
        check_seat(spec, i)


def _default_players(cls: type[Game[Any]]) -> int:
    return max(cls.min_players, min(4, cls.max_players))


def _names(game: Game[Any], state: Any, n: int) -> list[str]:
    names = list(game.player_names(state))
    return names if len(names) == n else [f"Player {i + 1}" for i in range(n)]


def _label(names: Sequence[str], seats: Sequence[str], player: int | None) -> Text:
    if player is None:
        return Text("Game", style="bold")
    return Text(f"{names[player]} ({seats[player]})", style=SEAT_STYLES[player % len(SEAT_STYLES)])


def _print_events(console: Console, events: Sequence[Event]) -> None:
    for ev in events:
        style = "bold" if ev.kind in ("game-over", "turn") else ""
        console.print(Text("  · ", style="dim") + Text(ev.text, style=style))


def _print_result(console: Console, game: Game[Any], state: Any, names: Sequence[str], seats: Sequence[str]) -> None:
    result = game.result(state)
    if result is None:
        return
    table = Table(title="Final scores", title_justify="left")
    table.add_column("Player")
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    table.add_column("")
    for i, score in enumerate(result.scores):
        table.add_row(_label(names, seats, i), seats[i], str(score), "winner" if i in result.winners else "")
    console.print(table)
    who = " and ".join(f"{names[w]} ({seats[w]})" for w in result.winners)
    if not result.winners:  # e.g. a Mage Knight Solo Conquest lost: the game itself won
        console.print(Text(f"No winner after {result.turns} turns", style="bold"))
        return
    word = "Winner" if len(result.winners) == 1 else "Winners (shared victory)"
    console.print(Text(f"{word}: {who} after {result.turns} turns", style="bold"))


# -- list ----------------------------------------------------------------------------------------
@main.command("list")
def list_games() -> None:
    """List the installed games."""
    console = _console()
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


# -- play ----------------------------------------------------------------------------------------
@main.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--seats", help="One per player, comma-separated: human, greedy, random, ismcts or mcts, "
              "a search agent with parameters as ismcts:iterations=400,depth=30,c=0.7,seconds=2 "
              "(default: human,greedy,greedy,greedy).")
@click.option("--seed", type=WHOLE, help="Seed of the game, 0 to 2**64-1 (default: a random one, printed).")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), help="Resume a saved game.")
@click.option("--try-older", is_flag=True, help="With --load: resume a game saved under older rules or content "
              "when its actions reproduce its recorded final state under these.")
def play(game_name: str | None, seats: str | None, seed: int | None, expansion: str | None,
         option_pairs: tuple[str, ...], load_path: str | None, try_older: bool) -> None:
    """Play GAME in the terminal (default: meeples-and-monsters, you against 3 greedy AIs).

    In the game, type an action's number or text, or: help, board, undo, save FILE, quit.
    Quitting (or end of input, Ctrl-C, or closing the terminal) saves the game to
    boardrules-GAME-SEED.json in the current directory (printed at the start).
    """
    console = _console()
    options = _parse_options(option_pairs, expansion)
    if try_older and load_path is None:
        raise OptionError("--try-older resumes a saved game: give it with --load FILE")
    if load_path is not None:
        session = _resume(console, load_path, game_name, seats, seed, options, try_older)
    else:
        game = load_game(game_name or DEFAULT_GAME)
        seat_list = _parse_seats(seats) if seats is not None else (
            [HUMAN] + ["greedy"] * (_default_players(type(game)) - 1))
        _check_seat_names(seat_list)
        seed = secrets.randbelow(1 << 31) if seed is None else check_seed(seed)
        session = Session(game, seed, len(seat_list), options, seat_list, track_undo=True)
        console.print(Text(f"{game.title}, seed {seed}", style="bold"))
    table = _Table(console, session, _autosave_path(session, load_path))
    with _closing_saves():
        try:
            table.introduce()
            finished = table.run()
            saved = finished or table.save()  # saved first, said after: the terminal may be gone
        except KeyboardInterrupt:
            table.stop("Interrupted.")
            raise click.exceptions.Exit(130) from None
        except _Closed as closed:
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
    _print_result(console, game, session.state, table.names, session.seats)


def _resume(console: Console, load_path: str, game_name: str | None, seats: str | None, seed: int | None,
            options: Mapping[str, str], try_older: bool = False) -> Session[Any]:
    """The saved game in ``load_path``, replayed, with its seats (or ``seats``); ``try_older``:
    one saved under other rules or content, if it reproduces."""
    if options:
        raise OptionError("--option and --expansion cannot change a saved game; leave them out with --load")
    if seed is not None:
        raise OptionError("--seed cannot change a saved game; leave it out with --load")
    data = load_replay(load_path)
    name = data.get("game")
    if not isinstance(name, str):
        raise ReplayError(f"{load_path}: the field 'game' is missing")
    if game_name is not None and game_name != name:
        raise OptionError(f"{load_path} is a game of {name!r}, not {game_name!r}")
    game = load_game(name)
    try:
        session = replay_from_data(game, data, where=load_path, check_hash=bool(data.get("over")), older=try_older)
    except ReplayVersionError as exc:
        raise ReplayVersionError(f"{exc}. To try it anyway: {_resume_command(Path(load_path).absolute())} "
                                 "--try-older (resumed only if its actions reproduce the recorded game)") from None
    if try_older and (data.get("rules_version"), data.get("content_version")) != (game.rules_version,
                                                                                   session.game.content_version):
        console.print(Text(f"{load_path} was saved under rules {_cut(str(data.get('rules_version')))} and content "
                           f"{_cut(str(data.get('content_version')))}; its {session.loaded} actions reproduce the "
                           "recorded game under these, so it is resumed (and saved under these).", style="yellow"),
                      soft_wrap=True)
    session.adopt(load_path, data)  # saving over it later is refused if another session changed it
    session.track_undo = True
    if session.files:
        try:
            now: dict[str, str] | None = game.option_files(session.options)
        except BoardrulesError:
            now = None
        if now != session.files:
            names = ", ".join(f"{k}={session.options.get(k, '?')}" for k in sorted(session.files))
            console.print(Text(f"Note: the save keeps the content of {names}, which is not what that file holds "
                               "here now (changed, or not here): the game resumes on the saved content.",
                               style="yellow"), soft_wrap=True)
    recorded = data.get("final_hash")
    if isinstance(recorded, str) and recorded != game.state_hash(session.state):
        # an unfinished game is still resumed (it is never lost), from the replayed actions
        console.print(Text(f"Warning: {load_path} records another state hash than its actions give: the "
                           "file was edited or saved by another version. Resuming from the replayed "
                           "actions.", style="yellow"))
    if seats is not None:
        seat_list = _parse_seats(seats)
        if len(seat_list) != session.num_players:
            raise OptionError(f"the saved game has {session.num_players} players, "
                              f"but --seats lists {len(seat_list)}")
    else:
        seat_list = list(session.seats)
        if "?" in seat_list:
            raise OptionError(f"{load_path} does not record who sits where; give --seats")
    _check_seat_names(seat_list)
    session.seats = seat_list
    console.print(Text(f"Resumed {game.title} from {load_path}: {session.loaded} decisions replayed "
                       f"(seed {session.seed}).", style="bold"))
    return session


def _autosave_path(session: Session[Any], loaded: str | None, folder: Path | None = None) -> Path:
    """One autosave per game: boardrules-GAME-SEED.json in ``folder`` (the current directory),
    numbered -2, -3... when that name holds another game (a resumed game keeps the file it
    came from)."""
    folder = Path.cwd() if folder is None else folder
    stem = f"boardrules-{session.game.name}-{session.seed}"
    source = Path(loaded).resolve() if loaded is not None else None
    path = folder / f"{stem}.json"
    n = 1
    while path.exists() and path.resolve() != source and not session.is_own_save(path):
        n += 1
        path = folder / f"{stem}-{n}.json"
    return path


def _fallback_folders() -> list[Path]:
    """Where a game is saved when the current directory cannot be written: the user's state
    folder ($XDG_STATE_HOME, else ~/.local/state), then the temporary folder."""
    state = os.environ.get("XDG_STATE_HOME", "")
    folders = []
    if os.path.isabs(state):  # the XDG spec: a relative value is ignored
        folders.append(Path(state) / "boardrules")
    with contextlib.suppress(RuntimeError, KeyError):  # no home directory known
        folders.append(Path.home() / ".local" / "state" / "boardrules")
    folders.append(Path(tempfile.gettempdir()) / "boardrules")
    return list(dict.fromkeys(folders))


def _resume_command(path: Path) -> str:
    """The command that resumes the save at ``path``, quoted as a shell reads it."""
    shown = path.name if path.parent == Path.cwd() else str(path)
    return f"boardrules play --load {shlex.quote(shown)}"


class _Closed(BaseException):
    """The terminal was closed (SIGHUP) or the program asked to stop (SIGTERM). Like
    KeyboardInterrupt, not an Exception: no ``except Exception`` on the way may swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _raise_closed(signum: int, frame: object) -> None:
    for sig in _CLOSING:  # a second signal must not interrupt the save
        signal.signal(sig, signal.SIG_IGN)
    raise _Closed(signum)


_CLOSING = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
SIGHUP = getattr(signal, "SIGHUP", 1)
TERMINAL_GONE = (errno.EIO, errno.EPIPE)  # writing to a closed terminal, or to a pipe nobody reads


@contextlib.contextmanager
def _closing_saves() -> Iterator[None]:
    """While a game is played, SIGTERM and SIGHUP unwind it like Ctrl-C, so that it is saved."""
    previous = {}
    try:
        for sig in _CLOSING:
            previous[sig] = signal.signal(sig, _raise_closed)
    except ValueError:  # not the main thread: signals cannot be caught here
        pass
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class _Table:
    """A game at the terminal: AI seats play in turn; a human is shown the board when they are
    asked a new question (once, not again for each sub-step of their own), and between, a short
    log of what the others did: each action as the terminal's viewer may see it
    (``Game.action_text``) and its events.

    The viewer is the one human seat; with several humans at one terminal (hot-seat) or none,
    the log shows what an observer sees, so no human reads another's secret choice in it."""

    def __init__(self, console: Console, session: Session[Any], autosave: Path) -> None:
        self.console, self.session, self.game, self.autosave = console, session, session.game, autosave
        self.seats = session.seats
        self.names = _names(self.game, session.state, session.num_players)
        self.agents = [None if s == HUMAN else make_agent(s, agent_seed(session.seed, i))
                       for i, s in enumerate(self.seats)]
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.board_for: int | None = None  # the human whose board on screen is current
        self.ended = "End of input."  # why the game stopped, said after it is saved
        self.notes: list[Text] = []  # what the last save() has to say, said after it
        self.gone = False  # the terminal is closed: nothing more is printed

    def introduce(self) -> None:
        console, n = self.console, self.session.num_players
        console.print(Text("Seats: ") + Text(", ").join(_label(self.names, self.seats, i) for i in range(n)))
        if HUMAN in self.seats:
            console.print(Text("Type 'help' at a prompt for the commands.", style="dim"))
            console.print(Text(f"If you quit, the game is saved to {self.autosave.name}", style="dim"), soft_wrap=True)

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits or input ends (False)."""
        session = self.session
        while True:
            d = session.decision
            if d is None:
                return True
            agent = self.agents[d.player]
            if agent is None:
                if not self.ask(d):
                    return False
                continue
            events = session.play(agent.act(self.game, session.state, d))
            self.log(session.history[-1], events)
            self.board_for = None

    def log(self, step: Step[Any], events: Sequence[Event]) -> None:
        """One line for a decision just made, as the viewer may see it, then its events."""
        text = self.game.action_text(step.before, step.action, self.viewer)
        self.console.print(_label(self.names, self.seats, step.player) + Text(": ") + Text(text, style="bold"))
        _print_events(self.console, events)

    def show(self, d: Decision) -> None:
        console = self.console
        console.print(_label(self.names, self.seats, d.player) + Text(": ") + Text(d.prompt, style="bold"))
        width = len(str(len(d.actions)))
        console.print(Columns([Text(f"{i:>{width}}. ", style="cyan") + Text(a.text)
                               for i, a in enumerate(d.actions, start=1)], padding=(0, 3)))

    def board(self, player: int) -> None:
        self.console.print(self.game.render(self.session.state, player))
        self.board_for = player

    def ask(self, d: Decision) -> bool:
        """Ask a human for one decision; False when they quit or the input ends."""
        console, session = self.console, self.session
        if self.board_for != d.player:
            self.board(d.player)
        self.show(d)
        while True:
            try:
                line = console.input(Text(f"{self.names[d.player]}> ", style="bold"))
            except EOFError:  # saved, then said (the terminal closing ends the input too)
                self.ended = "\nEnd of input."
                return False
            text = line.strip()
            if not text:
                console.print(Text("Type an action's number or text, or 'help'.", style="dim"))
                continue
            word, _, rest = text.partition(" ")
            command, rest = word.lower(), rest.strip()
            if command in ("help", "?"):
                example = ", ".join(dict.fromkeys(a.text for a in (d.actions[0], d.actions[-1])))
                console.print(Text(HELP_TEXT.format(example=example, autosave=self.autosave.name)), soft_wrap=True)
                self.show(d)
                continue
            if command in ("board", "show"):
                self.board(d.player)
                self.show(d)
                continue
            if command in ("quit", "exit"):
                self.ended = ""
                return False
            if command == "undo":
                if self.undo(d.player):
                    return True
                continue
            if command == "save":
                self.save_as(rest)
                continue
            choice = _choice(text, d.actions)
            if isinstance(choice, str):
                console.print(Text(choice, style="red"), soft_wrap=True)
                continue
            try:
                events = session.play(choice)
            except IllegalActionError as exc:
                console.print(Text(f"Illegal: {exc}", style="red"))
                continue
            self.log(session.history[-1], events)
            return True

    def undo(self, player: int) -> bool:
        ok, why = self.session.can_undo(player)
        if not ok:
            self.console.print(Text(f"Cannot undo: {why}.", style="red"))
            return False
        undone = self.session.undo(player)
        mine = self.game.action_text(undone[0].before, undone[0].action, self.viewer)
        self.console.print(Text(f"Took back: {mine}", style="yellow"))
        for step in undone[1:]:  # the others' decisions since, to be made again
            text = self.game.action_text(step.before, step.action, self.viewer)
            self.console.print(Text("  and: ", style="yellow") + _label(self.names, self.seats, step.player)
                               + Text(f": {text}", style="yellow"))
        self.board_for = None
        return True

    def save_as(self, rest: str) -> None:
        """``save FILE``: the name is read like one shell word, so quotes may hold spaces."""
        console = self.console
        try:
            words = shlex.split(rest)
        except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
            console.print(Text(f"Cannot read the file name {_cut(rest, 40)!r}: {str(exc).lower()}; "
                               "quote a name with spaces like save \"my game.json\"", style="red"))
            return
        if len(words) != 1 or not words[0]:
            console.print(Text("Usage: save FILE (one file name; quote a name with spaces, "
                               "like save \"my game.json\")", style="red"))
            return
        name = os.path.expanduser(words[0])  # as a shell would read ~/game.json
        try:
            written = self.session.save(name)
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
            console.print(Text(f"Could not save to {name!r}: {_os_reason(exc)}", style="red"), soft_wrap=True)
            return
        if written != Path(name):
            console.print(Text(f"{name} was changed by another session since this one read or wrote it: "
                               f"saved beside it.", style="yellow"), soft_wrap=True)
        console.print(Text(f"Saved to {written}; resume with: {_resume_command(written.absolute())}",
                           style="green"), soft_wrap=True)

    def save(self) -> bool:
        """Save the game in progress to its autosave file, or, when that cannot be written, in
        the user's state folder or the temporary folder; False when nowhere could. Nothing is
        printed: what to say is kept for ``say_saved``, once the game is safe."""
        session, self.notes = self.session, []
        if session.game.is_over(session.state):
            return True
        places = [self.autosave] + [_autosave_path(session, None, folder) for folder in _fallback_folders()]
        for path in places:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                written = session.save(path)
            except (OSError, ValueError) as exc:
                self.notes.append(Text(f"Could not save the game to {path}: {_os_reason(exc)}", style="bold red"))
                continue
            if written != path:
                self.notes.append(Text(f"{path} was changed by another session since this one read or wrote it: "
                                       "this game is saved beside it.", style="bold yellow"))
            self.autosave = written
            self.notes.append(Text(f"The game is saved to {written}", style="bold"))
            self.notes.append(Text(f"Resume it with: {_resume_command(written)}", style="bold"))
            return True
        self.notes.append(Text("The game could not be saved anywhere.", style="bold red"))
        return False

    def say_saved(self) -> None:
        for note in self.notes:
            self.say(note, soft_wrap=True)

    def say(self, *objects: Any, **kwargs: Any) -> None:
        """Print, unless the terminal is gone (then printing fails: errno 5, EIO)."""
        if self.gone:
            return
        try:
            self.console.print(*objects, **kwargs)
        except OSError:
            self.hang_up()

    def hang_up(self) -> None:
        """The terminal is gone: print nothing more, and point standard output at the null
        device, so that Python's flush on exit does not fail on it."""
        self.gone = True
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            fd = sys.stdout.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)

    def stop(self, why: str) -> None:
        """The program is ending (a signal, the terminal closed): no further signal may
        interrupt the save; then say why, if the terminal is still there."""
        for sig in (*_CLOSING, signal.SIGINT):
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                signal.signal(sig, signal.SIG_IGN)
        self.save()
        self.say(Text(why, style="bold"))
        self.say_saved()


def _os_reason(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return "a file name cannot hold a NUL character" if "null" in str(exc) else str(exc)


def _choice(text: str, actions: Sequence[Action]) -> Action | str:
    """The action that typed text names (its number or its text), or what is wrong with it."""
    n = len(actions)
    sign, digits = (text[0], text[1:]) if text[0] in "+-" else ("", text)
    if digits.isnumeric():  # a number: any script's decimal digits (Nd) choose; other numerals do not
        odd = next((c for c in digits if not c.isdecimal()), None)
        if odd is not None:
            what = unicodedata.name(odd, f"U+{ord(odd):04X}").lower()
            return (f"{text if len(text) <= 12 else text[:9] + '...'!r} is not a number to choose by: "
                    f"{odd!r} ({what}) is not a decimal digit; type 1 to {n}.")
        zeros = next((k for k, c in enumerate(digits) if unicodedata.digit(c) != 0), len(digits))
        if len(digits) - zeros > len(str(n)) or sign == "-":
            shown = text if len(text) <= 12 else text[:9] + "..."
            return f"There is no action {shown}: choose 1 to {n}."
        number = int(digits)
        if not 1 <= number <= n:
            return f"There is no action {number}: choose 1 to {n}."
        return actions[number - 1]
    if len(text) > MAX_TYPED:  # the game would echo it back whole in its refusal
        return f"That is {len(text):,} characters: no action is that long."
    try:
        return Action.parse(text)
    except ActionParseError as exc:
        return str(exc)


# -- simulate ------------------------------------------------------------------------------------
@main.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("-n", "--games", "n", type=WHOLE, default=100, show_default=True, help="Number of games.")
@click.option("--seats", help="One AI per player, comma-separated: greedy, random, ismcts or mcts, with "
              "parameters as ismcts:iterations=400,depth=30 (default: greedy,random,random,random).")
@click.option("--seed", type=WHOLE, default=1, show_default=True, help="Master seed of the run, 0 to 2**64-1.")
@click.option("--workers", type=WHOLE, default=1, show_default=True, help="Worker processes.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), help="Write one JSON line per game.")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=WHOLE, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is reported unfinished.")
@click.option("--full-report", is_flag=True,
              help="Every combo or pairing in the balance report, not only the best-attested ten.")
@click.option("--force", is_flag=True, help="Let --out replace a file that is not an output of this same run.")
def simulate(game_name: str | None, n: int, seats: str | None, seed: int, workers: int, out_path: str | None,
             expansion: str | None, option_pairs: tuple[str, ...], max_decisions: int, full_report: bool,
             force: bool) -> None:
    """Simulate many seeded games between AI agents and report win rates and scores.

    The same --seed gives the same games whatever --workers is. --out replaces only an empty
    file or the output of the same run (its first game of the same game, seats, seed and
    options), unless --force.
    """
    console = _console()
    name = game_name or DEFAULT_GAME
    game = load_game(name)
    options = _parse_options(option_pairs, expansion)
    seat_list = _parse_seats(seats) if seats is not None else (
        ["greedy"] + ["random"] * (_default_players(type(game)) - 1))
    check_seed(seed)
    if not 1 <= n <= MAX_GAMES:
        raise OptionError(f"-n must be from 1 to {MAX_GAMES:,} (not {_short_number(n)})")
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be from 1 to {MAX_WORKERS} (not {_short_number(workers)})")
    if max_decisions < 1:
        raise OptionError(f"--max-decisions must be at least 1 (not {_short_number(max_decisions)})")
    options = check_seats(game, seat_list, options)
    out: IO[str] | None = None
    if out_path is not None:
        if not force:
            _check_out(Path(out_path), {"game": name, "seed": game_seed(seed, 0), "seats": seat_list,
                                        "options": options})
        try:
            out = open(out_path, "w")  # noqa: SIM115 (closed below, after the run)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out_path}: {_os_reason(exc)}") from None
    records: list[GameRecord] = []
    write_error: OSError | None = None  # a full or failing device: the run goes on, the results still print
    interrupted = False
    started = time.perf_counter()

    def keep(finished: list[GameRecord]) -> None:
        """Record and write each game at once, so a run stopped early keeps every finished game."""
        nonlocal write_error
        for rec in finished:
            records.append(rec)
            if out is not None and write_error is None:
                try:
                    out.write(json.dumps({"game": name, **rec.to_json(), "options": options}) + "\n")
                    out.flush()
                except OSError as exc:
                    write_error = exc

    try:
        progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console, disable=not console.is_terminal,
            auto_refresh=False,  # no refresh thread while worker processes are forked
        )
        with progress:
            task = progress.add_task(f"{game.title}", total=n)
            order = InOrder()  # several workers finish out of order: the file is in game order
            try:
                for rec in iter_finished(name, n, seat_list, seed, workers, options, max_decisions):
                    keep(order.put(rec))
                    progress.advance(task)
                    progress.refresh()
            except KeyboardInterrupt:  # Ctrl-C: the games finished so far are written and reported
                interrupted = True
                keep(order.rest())
    finally:
        if out is not None:
            try:
                out.close()
            except OSError as exc:
                write_error = write_error or exc
    elapsed = time.perf_counter() - started
    if not records:
        where = f" to {out_path}" if out_path is not None else ""
        console.print(Text(f"Interrupted before any game finished: no games written{where}.", style="bold"))
        raise click.exceptions.Exit(130)
    _print_summary(console, game, records, elapsed, seed, workers, options)
    _print_balance(console, records, full=full_report)
    if write_error is not None:
        raise click.ClickException(f"could not write the games to {out_path}: {_os_reason(write_error)}")
    if out_path is not None:
        console.print(Text(f"Wrote {len(records)} games to {out_path}"))
    if interrupted:
        console.print(Text(f"Interrupted: the report covers the {len(records)} of {n} games finished.", style="bold"))
        raise click.exceptions.Exit(130)


def _check_out(path: Path, run: Mapping[str, Any]) -> None:
    """``simulate --out`` replaces nothing but an empty file or an output of the same run: its
    first line is a game of the same game, seed (the run's first game seed), seats and options
    (an output written before rows named the game and options is matched on seed and seats).
    Anything else, a saved game or notes, is refused, naming it; --force replaces it."""
    try:
        if not path.exists() or not stat.S_ISREG(path.stat().st_mode) or path.stat().st_size == 0:
            return  # nothing there, or a device such as /dev/null
        with open(path, "rb") as f:
            first = json.loads(f.readline(1 << 20).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        first = None
    if isinstance(first, dict) and all(first.get(k, v) == v for k, v in run.items()) \
            and first.get("seed") == run["seed"] and first.get("seats") == list(run["seats"]):
        return
    raise OptionError(f"{path} already exists and is not the output of this run (the first game of the same "
                      "game, seed, seats and options); choose another file, or give --force to replace it")


def _short_number(n: int) -> str:
    return _cut(str(n))  # at most 40 digits (WHOLE)


def _print_summary(console: Console, game: Game[Any], records: Sequence[GameRecord], elapsed: float,
                   seed: int, workers: int, options: Mapping[str, str]) -> None:
    s = summarize(records, elapsed)
    opts = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    table = Table(title=f"{game.title}: {s.games} games, seed {seed}" + (f" ({opts})" if opts else ""),
                  title_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Agent")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("Mean score", justify="right")
    table.add_column("SD", justify="right")
    for seat in s.seats:
        table.add_row(str(seat.seat + 1), seat.agent, str(seat.wins), f"{seat.win_rate:.1%}",
                      f"{seat.ci_low:.1%} - {seat.ci_high:.1%}", f"{seat.score_mean:.1f}", f"{seat.score_sd:.1f}")
    console.print(table)
    console.print(f"Finished games: {s.finished} of {s.games}; shared victories: {s.shared_victories} "
                  "(a shared victory counts as a win for each winner)")
    console.print(f"Turns per game: {s.turns}")
    console.print(f"Decisions per game: {s.decisions}")
    gps = s.games_per_second
    console.print(f"Time: {elapsed:.2f} s with {workers} worker(s)" + (f", {gps:.1f} games/s" if gps else ""))
    if s.unfinished:
        reasons = "; ".join(s.errors[:3]) + ("; ..." if len(s.errors) > 3 else "")
        console.print(Text(f"Unfinished games: {s.unfinished} ({reasons})", style="bold yellow"))


BALANCE_TITLES = {"race": "Races", "power": "Special Powers", "combo": "Combos", "army": "Army cards",
                  "general": "Generals", "pairing": "Army pairings", "hero": "Heroes", "tactic": "Tactics",
                  "scenario": "Scenarios"}
COUNT_TITLES = {"site": "Sites conquered by type (a seat's Shields on the map at the end)"}
MANY = ("combo", "pairing")  # categories with too many entries: show the best-attested top ten


def _print_balance(console: Console, records: Sequence[GameRecord], full: bool = False) -> None:
    """The balance report: win rate (95% CI) and mean score for each Race, Power, combo or army
    a seat played (a seat that played it counts once per game)."""
    rows = balance(records)
    if not rows:
        return
    finished = sum(1 for r in records if r.finished)
    order = [*BALANCE_TITLES, *sorted({x.category for x in rows} - set(BALANCE_TITLES))]
    for category in [c for c in order if any(x.category == c for x in rows)]:
        items = [x for x in rows if x.category == category]
        title = BALANCE_TITLES.get(category, category.title())
        if category in MANY and not full:
            floor = max(5, finished // 100)
            items = [x for x in items if x.games >= floor][:10]
            title = f"Top {len(items)} {title.lower()} by win rate (played in at least {floor} seats)"
            if not items:
                continue
        table = Table(title=f"Balance: {title}", title_justify="left")
        for col in ("Name", "Seats", "Wins", "Win rate", "95% CI", "Mean score"):
            table.add_column(col, justify="left" if col == "Name" else "right")
        for x in items:
            table.add_row(x.name, str(x.games), str(x.wins), f"{x.win_rate:.1%}", f"{x.ci_low:.1%} - {x.ci_high:.1%}",
                          f"{x.score_mean:.1f}")
        console.print(table)
    _print_means(console, rows, order, full)
    _print_counts(console, records)


def _print_means(console: Console, rows: Sequence[TagSummary], order: Sequence[str], full: bool) -> None:
    """A game's own means by tag (``mean:NAME`` counts; Mage Knight's Fame), one table for every
    category, so the tables above keep to 80 columns."""
    for key in sorted({k for x in rows for k, _ in x.means}):
        table = Table(title=f"Balance: mean {key} by {', '.join(BALANCE_TITLES.get(c, c).lower() for c in order if any(x.category == c for x in rows) and (full or c not in MANY))}", title_justify="left")
        for col in ("Name", "Seats", f"Mean {key}"):
            table.add_column(col, justify="left" if col == "Name" else "right")
        for category in order:
            for x in rows:
                if x.category == category and (full or category not in MANY):
                    table.add_row(f"{category}: {x.name}", str(x.games), f"{dict(x.means).get(key, 0.0):.1f}")
        console.print(table)


def _print_counts(console: Console, records: Sequence[GameRecord]) -> None:
    """What the seats did, counted (a game's ``balance_counts``: sites conquered by type...)."""
    rows = count_summary(records)
    if any(r.finished and r.counts for r in records):  # the game counts: say so when nothing was counted
        for category in sorted(set(COUNT_TITLES) - {x.category for x in rows}):
            console.print(f"Balance: {COUNT_TITLES[category]}: none in these games")
    for category in sorted({x.category for x in rows}):
        items = [x for x in rows if x.category == category]
        table = Table(title=f"Balance: {COUNT_TITLES.get(category, category.title())}", title_justify="left")
        for col in ("Name", "Total", "Mean per seat and game", "Seats with at least one"):
            table.add_column(col, justify="left" if col == "Name" else "right")
        for x in items:
            table.add_row(x.name, str(x.total), f"{x.mean:.2f}", f"{x.share:.1%}")
        console.print(table)


# -- tournament ----------------------------------------------------------------------------------
@main.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--agents", "agent_list", default="random,greedy,ismcts", show_default=True,
              help="The agents, comma-separated, with parameters as on seats (e.g. ismcts:iterations=100,depth=5).")
@click.option("-n", "--games", "n", type=WHOLE, default=20, show_default=True,
              help="Games per table (every combination of --players agents).")
@click.option("--players", type=WHOLE, default=2, show_default=True, help="Players per game.")
@click.option("--seed", type=WHOLE, default=1, show_default=True, help="Master seed of the run, 0 to 2**64-1.")
@click.option("--workers", type=WHOLE, default=1, show_default=True, help="Worker processes.")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=WHOLE, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is left out of the results.")
def tournament(game_name: str | None, agent_list: str, n: int, players: int, seed: int, workers: int,
               expansion: str | None, option_pairs: tuple[str, ...], max_decisions: int) -> None:
    """Play every pairing of AI agents over the same seeded deals, seats rotated, and report
    win rates (95% CIs) and an Elo rating per agent.

    The same --seed gives the same games whatever --workers is.
    """
    from .sim import tournament as tm

    console = _console()
    name = game_name or DEFAULT_GAME
    game = load_game(name)
    options = _parse_options(option_pairs, expansion)
    agents = tm.parse_agents(agent_list)
    check_seed(seed)
    if not 2 <= players <= 8:
        raise OptionError(f"--players must be from 2 to 8 (not {_short_number(players)})")
    tables = tm.tables(agents, players)
    if not 1 <= n <= MAX_GAMES // len(tables):
        raise OptionError(f"-n must be from 1 to {MAX_GAMES // len(tables):,} games per table (not {_short_number(n)})")
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be from 1 to {MAX_WORKERS} (not {_short_number(workers)})")
    if max_decisions < 1:
        raise OptionError(f"--max-decisions must be at least 1 (not {_short_number(max_decisions)})")
    options, _ = set_up(game, players, 0, options)  # as play and simulate check them
    records: list[GameRecord] = []
    total = n * len(tables)
    started = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                        disable=not console.is_terminal, auto_refresh=False)
    with progress:
        task = progress.add_task(f"{game.title} tournament", total=total)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the games played so far are reported
            for rec in tm.iter_tournament(name, agents, n, seed, players, workers, options, max_decisions):
                records.append(rec)
                progress.advance(task)
                progress.refresh()
    elapsed = time.perf_counter() - started
    if not records:
        console.print(Text("Interrupted before any game finished.", style="bold"))
        raise click.exceptions.Exit(130)
    rep = tm.report(records, agents, players)
    opts = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    table = Table(title=f"{game.title} tournament: {n} games at each of {len(tables)} table(s) of {players}, seed {seed}"
                  + (f" ({opts})" if opts else ""), title_justify="left")
    for col in ("Agent", "Against", "Wins", "Games", "Win rate", "95% CI"):
        table.add_column(col, justify="left" if col in ("Agent", "Against") else "right",
                         overflow="fold" if col in ("Agent", "Against") else "ellipsis")
    for st in rep.standings:
        table.add_row(st.agent, ", ".join(a for a in st.table if a != st.agent), str(st.wins), str(st.games),
                      f"{st.win_rate:.1%}", f"{st.ci_low:.1%} - {st.ci_high:.1%}", end_section=st.agent == st.table[-1])
    console.print(table)
    ratings = Table(title="Elo (maximum likelihood over every two agents in each game; mean 1500)",
                    title_justify="left")
    for col in ("Agent", "Elo", "Score", "Results"):
        ratings.add_column(col, justify="left" if col == "Agent" else "right",
                           overflow="fold" if col == "Agent" else "ellipsis")
    for r in rep.ratings:
        ratings.add_row(r.agent, f"{r.elo:.0f}", f"{r.score_rate:.1%}", str(r.games))
    console.print(ratings)
    console.print("A shared victory is a win for each winner in the win rates, and a draw in the Elo fit.")
    console.print(f"Time: {elapsed:.2f} s with {workers} worker(s)")
    if rep.unfinished:
        reasons = "; ".join(rep.errors[:3]) + ("; ..." if len(rep.errors) > 3 else "")
        console.print(Text(f"Unfinished games (left out): {rep.unfinished} ({reasons})", style="bold yellow"))
    if len(records) < total:
        console.print(Text(f"Interrupted: the report covers the first {len(records)} of {total} games.", style="bold"))
        raise click.exceptions.Exit(130)


# -- replay --------------------------------------------------------------------------------------
@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--show", is_flag=True, help="Print the actions (as an observer sees them) and the event log.")
def replay(file: str, show: bool) -> None:
    """Re-run a saved game or replay FILE and check that it reproduces its final state."""
    console = _console()
    data = load_replay(file)
    name = data.get("game")
    if not isinstance(name, str):
        raise ReplayError(f"{file}: the field 'game' is missing")
    game = load_game(name)
    session = replay_from_data(game, data, where=file)
    names = _names(game, session.state, session.num_players)
    seats = list(session.seats)
    if show:
        log = Session(game, session.seed, session.num_players, dict(session.options), seats)
        for i, action in enumerate(session.actions, start=1):
            d = log.decision
            player = d.player if d is not None else None
            events = log.play(action)
            text = game.action_text(log.history[-1].before, action, None)  # a secret choice stays secret
            console.print(Text(f"{i:>5}. ", style="dim") + _label(names, seats, player) + Text(": ")
                          + Text(text, style="bold"))
            _print_events(console, events)
    console.print(Text(f"Replay OK: {game.title}, seed {session.seed}, {len(session.actions)} actions; "
                       f"the final state hash {game.state_hash(session.state)} matches.", style="bold green"))
    if game.is_over(session.state):
        _print_result(console, game, session.state, names, seats)
    else:
        console.print(f"The game is not over (saved in progress at turn {game.turn_number(session.state)}).")


if __name__ == "__main__":  # pragma: no cover
    main()
