"""``boardrules simulate``: many seeded games between AI agents, their results written as JSON
lines, and the report: win rates and scores by seat, and the balance of what the seats played."""

from __future__ import annotations

import json
import stat
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

import click
from rich.text import Text

from ..agents import parse_seats
from ..engine import OptionError, check_seed, default_players, parse_options
from ..engine.files import os_reason
from ..games import load_game
from ..sim.backends import BACKENDS, make_backend
from ..sim.report import is_report, simulate_report, write_report
from ..sim.rows import CSV_FIXED, CsvRows, RunInfo
from ..sim.simulate import (
    MAX_DECISIONS,
    GameRecord,
    InOrder,
    check_seats,
    game_seed,
    iter_finished,
)
from ..sim.sweep import Run, parse_sweep
from ..sim.sweep_report import sweep_report
from .sim_tables import print_balance, print_replay, print_summary, print_sweep
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
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write the same rows as a CSV table.")
@click.option("--expansion", help="Shorthand for --option expansion=NAME (e.g. four-towers).")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A game option (repeatable).")
@click.option("--max-decisions", type=WHOLE, default=MAX_DECISIONS, show_default=True,
              help="A game still running after this many decisions is reported unfinished.")
@click.option("--full-report", is_flag=True,
              help="Every combo or pairing in the balance report, not only the best-attested ten.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              help="Write the report as one self-contained HTML file (charts inline, nothing fetched).")
@click.option("--sweep", metavar="OPTION=A,B,C", help="One run per value of a game option, on the same seeds, "
              "reported side by side.")
@click.option("--force", is_flag=True, help="Let --out (--csv, --report) replace a file that is not an output of "
              "this same run (a table of rows, a report).")
def simulate(game_name: str | None, n: int, seats: str | None, seed: int, workers: int, backend_name: str,
             address: str | None, out_path: str | None, csv_path: str | None, expansion: str | None, option_pairs: tuple[str, ...], max_decisions: int,
             full_report: bool, report_path: str | None, sweep: str | None, force: bool) -> None:
    """Simulate many seeded games between AI agents and report win rates and scores.

    The same --seed gives the same games whatever --workers or --backend is. --out replaces only an empty
    file or the output of the same run (its first game of the same game, seats, seed and
    options), unless --force. --sweep OPTION=A,B,C plays one run per value, each on the same
    seeds, and reports them side by side.
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
    swept, values = parse_sweep(sweep, options) if sweep is not None else ("", [""])
    runs = [check_seats(game, seat_list, {**options, swept: v} if swept else options) for v in values]
    if swept and n * len(runs) > MAX_GAMES:
        raise OptionError(f"-n times the {len(runs)} values of --sweep must be at most {MAX_GAMES:,}")
    options = runs[0]
    backend = make_backend(backend_name, workers, address)
    out: IO[str] | None = None
    table: IO[str] | None = None
    if out_path is not None and not force:
        _check_out(Path(out_path), {"game": name, "seed": game_seed(seed, 0), "seats": seat_list, "options": options})
    if csv_path is not None and not force:
        _check_csv(Path(csv_path))
    if report_path is not None and not force and not is_report(Path(report_path)):
        raise OptionError(f"{report_path} already exists and is not a report; choose another file, or give --force "
                          "to replace it")
    if out_path is not None:
        out = _open(out_path)
    if csv_path is not None:
        table = _open(csv_path)
    csv_rows = CsvRows(table, len(seat_list)) if table is not None else None
    results: list[Run] = []
    write_error: OSError | None = None  # a full or failing device: the run goes on, the results still print
    interrupted = False
    started = time.perf_counter()

    def keep(info: RunInfo, records: list[GameRecord], finished: list[GameRecord]) -> None:
        """Record and write each game at once, so a run stopped early keeps every finished game."""
        nonlocal write_error
        for rec in finished:
            records.append(rec)
            if write_error is None:
                row = info.row(rec)
                try:
                    if out is not None:
                        out.write(json.dumps(row) + "\n")
                        out.flush()
                    if csv_rows is not None and table is not None:
                        csv_rows.write(row)
                        table.flush()
                except OSError as exc:
                    write_error = exc

    try:
        progress = progress_bar(console)
        with progress:
            for value, run_options in zip(values, runs, strict=True):
                info = RunInfo.of(game, seat_list, run_options)
                records: list[GameRecord] = []
                results.append(Run(value, run_options, records))
                task = progress.add_task(f"{game.title}" + (f" {swept}={value}" if swept else ""), total=n)
                order = InOrder()  # several workers finish out of order: the file is in game order
                try:
                    for rec in iter_finished(name, n, seat_list, seed, workers, run_options, max_decisions,
                                             backend):
                        keep(info, records, order.put(rec))
                        progress.advance(task)
                        progress.refresh()
                except KeyboardInterrupt:  # Ctrl-C: the games finished so far are written and reported
                    interrupted = True
                    keep(info, records, order.rest())
                    break
    finally:
        for f in (out, table):
            if f is not None:
                try:
                    f.close()
                except OSError as exc:
                    write_error = write_error or exc
    elapsed = time.perf_counter() - started
    results = [r for r in results if r.records]
    played = sum(len(r.records) for r in results)
    if not played:
        where = "".join(f" to {p}" for p in (out_path, csv_path) if p is not None)
        console.print(Text(f"Interrupted before any game finished: no games written{where}.", style="bold"))
        raise click.exceptions.Exit(130)
    if swept:
        print_sweep(console, game, swept, results, seed)
    else:
        records = list(results[0].records)
        where = f"{workers} worker(s)" if backend_name == "local" else f"the {backend_name} backend"
        print_summary(console, game, records, elapsed, seed, where, options)
        print_balance(console, records, full=full_report)
        print_replay(console, name, records, options)
    if report_path is not None:
        html = (sweep_report(game.title, swept, [(RunInfo.of(game, seat_list, r.options), r) for r in results], seed)
                if swept else simulate_report(game.title, RunInfo.of(game, seat_list, options), results[0].records, seed))
        try:
            write_report(report_path, html)
        except OSError as exc:
            raise click.ClickException(f"cannot write the report to {report_path}: {os_reason(exc)}") from None
    if write_error is not None:
        files = " and ".join(p for p in (out_path, csv_path) if p is not None)
        raise click.ClickException(f"could not write the games to {files}: {os_reason(write_error)}")
    for path in (out_path, csv_path):
        if path is not None:
            console.print(Text(f"Wrote {played} games to {path}"))
    if report_path is not None:
        console.print(Text(f"Wrote the report to {report_path}"))
    if interrupted:
        console.print(Text(f"Interrupted: the report covers the {played} of {n * len(runs)} games finished.",
                           style="bold"))
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


def _open(path: str) -> IO[str]:
    try:
        return open(path, "w", newline="", encoding="utf-8")  # noqa: SIM115 (closed after the run)
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {os_reason(exc)}") from None


def _check_csv(path: Path) -> None:
    """``--csv`` replaces nothing but an empty file or a table of simulation rows (its header)."""
    try:
        if not path.exists() or not stat.S_ISREG(path.stat().st_mode) or path.stat().st_size == 0:
            return
        with open(path, "rb") as f:
            head = f.readline(4096).decode("utf-8", "replace")
    except OSError:
        head = ""
    if head.startswith(",".join(CSV_FIXED) + ","):
        return
    raise OptionError(f"{path} already exists and is not a table of simulation rows; choose another file, or "
                      "give --force to replace it")
