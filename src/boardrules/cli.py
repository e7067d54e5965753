"""The boardrules command line: ``list``, ``play``, ``simulate`` and ``replay``.

Every error a user can cause (unknown game, bad option or seat list, malformed or illegal
action, broken replay) is a BoardrulesError: it is printed as one line, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import secrets
import time
from collections.abc import Mapping, Sequence
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
from .agents import AGENTS, make_agent
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
    Session,
    load_replay,
    replay_from_data,
)
from .games import GAMES, load_game
from .sim.simulate import (
    MAX_DECISIONS,
    GameRecord,
    agent_seed,
    balance,
    check_seats,
    iter_games,
    summarize,
)

DEFAULT_GAME = "meeples-and-monsters"
AUTOSAVE = "boardrules-autosave.json"
HUMAN = "human"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")

HELP_TEXT = """\
Type the number of an action, or its text (e.g. {example}).
Commands:
  help        this help, and the actions again
  board       show the board again
  undo        take back your last decision (not when it drew randomness or
              revealed something hidden, nor when the last decision was not yours)
  save FILE   save the game to FILE; resume it with: boardrules play --load FILE
  quit        stop playing; the game is saved to {autosave}
"""


class _Cli(click.Group):
    """Turns any BoardrulesError into a one-line message and exit code 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BoardrulesError as exc:
            raise click.ClickException(str(exc)) from None


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
            raise OptionError(f"an option is written name=value, not {pair!r}")
        options[key.strip()] = value.strip()
    if expansion is not None:
        options["expansion"] = expansion
    return options


def _parse_seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",")]
    if not seats or any(not s for s in seats):
        raise OptionError(f"a seat list is agent names separated by commas (e.g. human,greedy), not {text!r}")
    return seats


def _check_seat_names(seats: Sequence[str]) -> None:
    for name in seats:
        if name != HUMAN and name not in AGENTS:
            raise OptionError(
                f"unknown agent {name!r} in the seat list; choose from: {', '.join(sorted(AGENTS))}, {HUMAN}"
            )


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
@click.option("--seats", help="One per player, comma-separated: human, greedy or random "
              "(default: human,greedy,greedy,greedy).")
@click.option("--seed", type=int, help="Seed of the game (default: a random one, printed).")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), help="Resume a saved game.")
def play(game_name: str | None, seats: str | None, seed: int | None, expansion: str | None,
         option_pairs: tuple[str, ...], load_path: str | None) -> None:
    """Play GAME in the terminal (default: meeples-and-monsters, you against 3 greedy AIs).

    In the game, type an action's number or text, or: help, board, undo, save FILE, quit.
    Quitting (or end of input, or Ctrl-C) saves the game to boardrules-autosave.json.
    """
    console = _console()
    options = _parse_options(option_pairs, expansion)
    base = 0
    if load_path is not None:
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
        session = replay_from_data(game, data, where=load_path, check_hash=bool(data.get("over")))
        session.track_undo = True
        base = len(session.history)
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
        console.print(Text(f"Resumed {game.title} from {load_path}: {base} decisions replayed "
                           f"(seed {session.seed}).", style="bold"))
    else:
        name = game_name or DEFAULT_GAME
        game = load_game(name)
        seat_list = _parse_seats(seats) if seats is not None else (
            [HUMAN] + ["greedy"] * (_default_players(type(game)) - 1))
        _check_seat_names(seat_list)
        if seed is None:
            seed = secrets.randbelow(1 << 31)
        session = Session(game, seed, len(seat_list), options, seat_list, track_undo=True)
        console.print(Text(f"{game.title}, seed {seed}", style="bold"))
    agents = [None if s == HUMAN else make_agent(s, agent_seed(session.seed, i)) for i, s in enumerate(seat_list)]
    names = _names(game, session.state, session.num_players)
    console.print(Text("Seats: ") + Text(", ").join(
        _label(names, seat_list, i) for i in range(session.num_players)))
    if HUMAN in seat_list:
        console.print(Text("Type 'help' at a prompt for the commands.", style="dim"))
    try:
        finished = _play_loop(console, session, agents, names, base)
    except KeyboardInterrupt:
        console.print()
        console.print(Text("Interrupted.", style="bold"))
        _autosave(console, session)
        raise click.exceptions.Exit(130) from None
    except Exception:
        _autosave(console, session)  # whatever went wrong, the game in progress is kept
        raise
    if not finished:
        _autosave(console, session)
        return
    console.print(game.render(session.state, None))
    _print_result(console, game, session.state, names, seat_list)


def _autosave(console: Console, session: Session[Any]) -> None:
    if session.game.is_over(session.state):
        return
    path = Path.cwd() / AUTOSAVE
    try:
        session.save(path)
    except OSError as exc:
        console.print(Text(f"Could not save the game to {path}: {exc}", style="bold red"))
        return
    console.print(Text(f"The game is saved to {path}; resume it with: boardrules play --load {AUTOSAVE}",
                       style="bold"))


def _play_loop(console: Console, session: Session[Any], agents: Sequence[Any], names: Sequence[str],
               base: int) -> bool:
    """Play until the game ends (True) or a human quits or input ends (False)."""
    game, seats = session.game, session.seats
    last_prompt = ""
    while True:
        d = session.decision
        if d is None:
            return True
        agent = agents[d.player]
        if agent is None:
            # the whole board when someone else has played or a new question starts; while
            # a player builds one assignment step by step, just the question ('board' shows all)
            same_step = bool(session.history) and session.history[-1].player == d.player and d.prompt == last_prompt
            last_prompt = d.prompt
            if not _human_decision(console, session, d, names, base, show_board=not same_step):
                return False
            continue
        action = agent.act(game, session.state, d)
        events = session.play(action)
        console.print(_label(names, seats, d.player) + Text(": ") + Text(action.text, style="bold"))
        _print_events(console, events)


def _show_decision(console: Console, session: Session[Any], d: Decision, names: Sequence[str]) -> None:
    console.print(_label(names, session.seats, d.player) + Text(": ") + Text(d.prompt, style="bold"))
    width = len(str(len(d.actions)))
    console.print(Columns([Text(f"{i:>{width}}. ", style="cyan") + Text(a.text)
                           for i, a in enumerate(d.actions, start=1)], padding=(0, 3)))


def _human_decision(console: Console, session: Session[Any], d: Decision, names: Sequence[str],
                    base: int, show_board: bool = True) -> bool:
    """Ask a human for one decision; False when they quit or the input ends."""
    game = session.game
    if show_board:
        console.print(game.render(session.state, d.player))
    _show_decision(console, session, d, names)
    while True:
        try:
            line = console.input(Text(f"{names[d.player]}> ", style="bold"))
        except EOFError:
            console.print()
            console.print(Text("End of input.", style="bold"))
            return False
        text = line.strip()
        if not text:
            console.print(Text("Type an action's number or text, or 'help'.", style="dim"))
            continue
        word, _, rest = text.partition(" ")
        command, rest = word.lower(), rest.strip()
        if command in ("help", "?"):
            example = ", ".join(dict.fromkeys(a.text for a in (d.actions[0], d.actions[-1])))
            console.print(Text(HELP_TEXT.format(example=example, autosave=AUTOSAVE)))
            _show_decision(console, session, d, names)
            continue
        if command in ("board", "show"):
            console.print(game.render(session.state, d.player))
            _show_decision(console, session, d, names)
            continue
        if command in ("quit", "exit"):
            return False
        if command == "undo":
            ok, why = session.can_undo(d.player)
            if ok and len(session.history) <= base:
                ok, why = False, "the decisions before the game was loaded cannot be taken back"
            if not ok:
                console.print(Text(f"Cannot undo: {why}.", style="red"))
                continue
            undone = session.undo(d.player)
            console.print(Text(f"Took back: {undone.text}", style="yellow"))
            return True
        if command == "save":
            if not rest:
                console.print(Text("Usage: save FILE", style="red"))
                continue
            try:
                session.save(rest)
            except OSError as exc:
                console.print(Text(f"Could not save to {rest}: {exc}", style="red"))
                continue
            console.print(Text(f"Saved to {rest}; resume with: boardrules play --load {rest}", style="green"))
            continue
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(d.actions):
                console.print(Text(f"There is no action {number}: choose 1 to {len(d.actions)}.", style="red"))
                continue
            action = d.actions[number - 1]
        else:
            try:
                action = Action.parse(text)
            except ActionParseError as exc:
                console.print(Text(str(exc), style="red"))
                continue
        try:
            events = session.play(action)
        except IllegalActionError as exc:
            console.print(Text(f"Illegal: {exc}", style="red"))
            continue
        console.print(_label(names, session.seats, d.player) + Text(": ") + Text(action.text, style="bold"))
        _print_events(console, events)
        return True


# -- simulate ------------------------------------------------------------------------------------
@main.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("-n", "--games", "n", type=int, default=100, show_default=True, help="Number of games.")
@click.option("--seats", help="One AI per player, comma-separated (default: greedy,random,random,random).")
@click.option("--seed", type=int, default=1, show_default=True, help="Master seed of the run.")
@click.option("--workers", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), help="Write one JSON line per game.")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=int, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is reported unfinished.")
@click.option("--full-report", is_flag=True,
              help="Every combo or pairing in the balance report, not only the best-attested ten.")
def simulate(game_name: str | None, n: int, seats: str | None, seed: int, workers: int, out_path: str | None,
             expansion: str | None, option_pairs: tuple[str, ...], max_decisions: int, full_report: bool) -> None:
    """Simulate many seeded games between AI agents and report win rates and scores.

    The same --seed gives the same games whatever --workers is.
    """
    console = _console()
    name = game_name or DEFAULT_GAME
    game = load_game(name)
    options = _parse_options(option_pairs, expansion)
    seat_list = _parse_seats(seats) if seats is not None else (
        ["greedy"] + ["random"] * (_default_players(type(game)) - 1))
    if n < 1:
        raise OptionError(f"-n must be at least 1 (not {n})")
    if workers < 1:
        raise OptionError(f"--workers must be at least 1 (not {workers})")
    if max_decisions < 1:
        raise OptionError(f"--max-decisions must be at least 1 (not {max_decisions})")
    options = check_seats(game, seat_list, options)
    out: IO[str] | None = None
    if out_path is not None:
        try:
            out = open(out_path, "w")  # noqa: SIM115 (closed below, after the run)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out_path}: {exc}") from None
    records: list[GameRecord] = []
    started = time.perf_counter()
    try:
        progress = Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(), console=console, disable=not console.is_terminal,
            auto_refresh=False,  # no refresh thread while worker processes are forked
        )
        with progress:
            task = progress.add_task(f"{game.title}", total=n)
            for rec in iter_games(name, n, seat_list, seed, workers, options, max_decisions):
                records.append(rec)
                if out is not None:
                    out.write(json.dumps(rec.to_json()) + "\n")
                progress.advance(task)
                progress.refresh()
    finally:
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - started
    _print_summary(console, game, records, elapsed, seed, workers, options)
    _print_balance(console, records, full=full_report)
    if out_path is not None:
        console.print(Text(f"Wrote {len(records)} games to {out_path}"))


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
                  "general": "Generals", "pairing": "Army pairings"}
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


# -- replay --------------------------------------------------------------------------------------
@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--show", is_flag=True, help="Print the actions and the event log.")
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
            console.print(Text(f"{i:>5}. ", style="dim") + _label(names, seats, player) + Text(": ")
                          + Text(action.text, style="bold"))
            _print_events(console, events)
    console.print(Text(f"Replay OK: {game.title}, seed {session.seed}, {len(session.actions)} actions; "
                       f"the final state hash {game.state_hash(session.state)} matches.", style="bold green"))
    if game.is_over(session.state):
        _print_result(console, game, session.state, names, seats)
    else:
        console.print(f"The game is not over (saved in progress at turn {game.turn_number(session.state)}).")


if __name__ == "__main__":  # pragma: no cover
    main()
