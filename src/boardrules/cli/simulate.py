"""``boardrules simulate``: many seeded games between AI agents, their results written as JSON
lines, and the report: win rates and scores by seat, and the balance of what the seats played."""

from __future__ import annotations

import json
import stat
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..agents import parse_seats
from ..engine import Game, OptionError, check_seed, default_players, parse_options
from ..engine.files import os_reason
from ..games import load_game
from ..sim.backends import BACKENDS, make_backend
from ..sim.simulate import (
    MAX_DECISIONS,
    GameRecord,
    InOrder,
    TagSummary,
    balance,
    check_seats,
    count_summary,
    game_seed,
    iter_finished,
    summarize,
)
from .terminal import (
    DEFAULT_GAME,
    MAX_GAMES,
    MAX_WORKERS,
    WHOLE,
    new_console,
    progress_bar,
    short_number,
)


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("-n", "--games", "n", type=WHOLE, default=100, show_default=True, help="Number of games.")
@click.option("--seats", help="One AI per player, comma-separated: greedy, random, ismcts or mcts, with "
              "parameters as ismcts:iterations=400,depth=30 (default: greedy,random,random,random).")
@click.option("--seed", type=WHOLE, default=1, show_default=True, help="Master seed of the run, 0 to 2**64-1.")
@click.option("--workers", type=WHOLE, default=1, show_default=True, help="Worker processes.")
@click.option("--backend", "backend_name", type=click.Choice(BACKENDS), default="local", show_default=True,
              help="Where the games are played: this machine, or a Ray cluster (the same games either way).")
@click.option("--address", help="With --backend ray: the cluster's address, HOST:PORT (default: the cluster "
              "of RAY_ADDRESS or 'ray start' here, else Ray started for the run).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), help="Write one JSON line per game.")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=WHOLE, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is reported unfinished.")
@click.option("--full-report", is_flag=True,
              help="Every combo or pairing in the balance report, not only the best-attested ten.")
@click.option("--force", is_flag=True, help="Let --out replace a file that is not an output of this same run.")
def simulate(game_name: str | None, n: int, seats: str | None, seed: int, workers: int, backend_name: str,
             address: str | None, out_path: str | None, expansion: str | None, option_pairs: tuple[str, ...],
             max_decisions: int, full_report: bool, force: bool) -> None:
    """Simulate many seeded games between AI agents and report win rates and scores.

    The same --seed gives the same games whatever --workers or --backend is. --out replaces only an empty
    file or the output of the same run (its first game of the same game, seats, seed and
    options), unless --force.
    """
    console = new_console()
    name = game_name or DEFAULT_GAME
    game = load_game(name)
    options = parse_options(option_pairs, expansion)
    seat_list = parse_seats(seats) if seats is not None else (
        ["greedy"] + ["random"] * (default_players(type(game)) - 1))
    check_seed(seed)
    if not 1 <= n <= MAX_GAMES:
        raise OptionError(f"-n must be from 1 to {MAX_GAMES:,} (not {short_number(n)})")
    if not 1 <= workers <= MAX_WORKERS:
        raise OptionError(f"--workers must be from 1 to {MAX_WORKERS} (not {short_number(workers)})")
    if max_decisions < 1:
        raise OptionError(f"--max-decisions must be at least 1 (not {short_number(max_decisions)})")
    options = check_seats(game, seat_list, options)
    backend = make_backend(backend_name, workers, address)
    out: IO[str] | None = None
    if out_path is not None:
        if not force:
            _check_out(Path(out_path), {"game": name, "seed": game_seed(seed, 0), "seats": seat_list,
                                        "options": options})
        try:
            out = open(out_path, "w")  # noqa: SIM115 (closed below, after the run)
        except OSError as exc:
            raise click.ClickException(f"cannot write {out_path}: {os_reason(exc)}") from None
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
        progress = progress_bar(console)
        with progress:
            task = progress.add_task(f"{game.title}", total=n)
            order = InOrder()  # several workers finish out of order: the file is in game order
            try:
                for rec in iter_finished(name, n, seat_list, seed, workers, options, max_decisions, backend):
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
    where = f"{workers} worker(s)" if backend_name == "local" else f"the {backend_name} backend"
    _print_summary(console, game, records, elapsed, seed, where, options)
    _print_balance(console, records, full=full_report)
    if write_error is not None:
        raise click.ClickException(f"could not write the games to {out_path}: {os_reason(write_error)}")
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


def _print_summary(console: Console, game: Game[Any], records: Sequence[GameRecord], elapsed: float,
                   seed: int, where: str, options: Mapping[str, str]) -> None:
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
    console.print(f"Time: {elapsed:.2f} s with {where}" + (f", {gps:.1f} games/s" if gps else ""))
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

