"""``boardrules compare BASE.jsonl NEW.jsonl``: two runs of one game (``simulate --out``) side by
side: per seat, agent, place in the turn order and balance tag, the two win rates with their
intervals, the difference with its interval and a two-proportion test, and what moved beyond
noise (sim/compare.py); ``--report FILE.html`` writes the same as a page."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from ..engine import OptionError
from ..engine.files import os_reason
from ..sim.compare import ALPHA, Change, compare
from ..sim.compare_report import compare_report
from ..sim.report import is_report, write_report
from ..sim.rows import read_rows
from .terminal import new_console


def _cell(c: Change, which: str) -> str:
    r = c.base if which == "base" else c.new
    lo, hi = r.ci
    return f"{r.win_rate:.1%} ({lo:.1%}-{hi:.1%}) n={r.games}"


@click.command(name="compare")
@click.argument("base", type=click.Path(dir_okay=False))
@click.argument("new", type=click.Path(dir_okay=False))
@click.option("--report", "report_path", type=click.Path(dir_okay=False), help="Write the comparison as one "
              "self-contained HTML file.")
@click.option("--all", "show_all", is_flag=True, help="Every balance tag, not only those that moved.")
@click.option("--force", is_flag=True, help="Let --report replace a file that is not a report.")
def compare_runs(base: str, new: str, report_path: str | None, show_all: bool, force: bool) -> None:
    """Compare two runs of one game (files of simulate --out): what moved beyond noise.

    A row moved when its two-proportion test gives p < 0.05 after the Benjamini-Hochberg
    correction over all the rows compared.
    """
    console = new_console()
    if report_path is not None and not force and not is_report(Path(report_path)):
        raise OptionError(f"{report_path} already exists and is not a report; choose another file, or give --force "
                          "to replace it")
    cmp = compare(read_rows(base), read_rows(new))
    b, n = cmp.base, cmp.new
    console.print(Text(f"Compare {b.game}: base {b.path} ({len(b.records)} games, {b.versions}); "
                       f"new {n.path} ({len(n.records)} games, {n.versions})", style="bold"))
    for note in cmp.notes:
        console.print(Text(note[0].upper() + note[1:] + ".", style="yellow" if "differ" in note else ""))
    for group in cmp.groups():
        rows = [c for c in cmp.changes if c.group == group]
        tags = group not in ("Seats", "Agents", "Turn order")
        shown = rows if show_all or not tags else [c for c in rows if c.moved]
        if not shown:
            continue
        table = Table(title=f"{group}: base and new" + (" (the rows that moved)" if tags and not show_all else ""),
                      title_justify="left")
        for col in ("Row", "Base", "New", "Difference (95% CI)", "p adj.", ""):
            table.add_column(col, justify="left" if col == "Row" else "right", overflow="fold")
        for c in shown:
            table.add_row(c.label, _cell(c, "base"), _cell(c, "new"),
                          f"{c.diff * 100:+.1f} pts ({c.low * 100:+.1f} to {c.high * 100:+.1f})", f"{c.adjusted:.3g}",
                          Text("moved", style="bold red") if c.moved else "")
        console.print(table)
    moved = cmp.moved
    console.print(Text(f"{len(moved)} of {len(cmp.changes)} rows moved beyond noise (two-proportion test, p < "
                       f"{ALPHA:g} after the Benjamini-Hochberg correction)"
                       + (": " + "; ".join(f"{c.group}: {c.label} {c.diff * 100:+.1f} pts" for c in moved[:8])
                          if moved else ""), style="bold"))
    if report_path is not None:
        try:
            write_report(report_path, compare_report(cmp))
        except OSError as exc:
            raise click.ClickException(f"cannot write the report to {report_path}: {os_reason(exc)}") from None
        console.print(Text(f"Wrote the report to {report_path}"))
