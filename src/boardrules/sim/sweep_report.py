"""The HTML report of ``simulate --sweep OPTION=A,B,C --report FILE.html``: the values side by
side (tables, and forest plots with every value's interval on each row), then each value's
run as a report of its own (sim/report.py)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from . import analysis as an
from . import svg
from .report import page, run_header, run_sections, table
from .rows import RunInfo
from .sweep import Run, lengths, side_by_side


def _cell(rate: an.Rate | None) -> str:
    if rate is None or not rate.games:
        return "-"
    lo, hi = rate.ci
    return f"{rate.win_rate:.1%} ({lo:.1%} - {hi:.1%}), n={rate.games}"


def sweep_report(title: str, option: str, runs: Sequence[tuple[RunInfo, Run]], seed: int) -> str:
    values = [r.value for _, r in runs]
    first_info, first = runs[0]
    body = [f"<h1>{escape(title)}: sweep over {escape(option)}</h1>",
            f"<p>One run per value of <code>{escape(option)}</code> ({escape(', '.join(values))}), "
            f"{len(first.records)} games each, on the same seeds (master seed {seed}); {escape(first_info.versions)}."
            "</p>"]
    body += run_header(f"The runs' seats and options ({option}={values[0]} shown)", first_info, None, first.records)[1:]
    if an.mixed_agents(first.records):
        body.append('<p class="warning">The seats play different agents: the rates below hold the agents\' skill; '
                    "compare a row across values, not rows with each other.</p>")
    players = len(first_info.seats)
    for block in side_by_side([r for _, r in runs]):
        body.append(f"<h2>{escape(block.title)}, by {escape(option)}</h2>")
        body.append(table(("Row", *(f"{option}={v}" for v in values)),
                          [[label, *(_cell(x) for x in rates)] for label, rates in block.rows]))
        rows = []
        for label, rates in block.rows:
            for k, (value, x) in enumerate(zip(values, rates, strict=True)):
                if x is not None and x.games:
                    rows.append(svg.Interval(f"{label}, {option}={value}", x.win_rate, *x.ci,
                                             colour=svg.COLOURS[k % len(svg.COLOURS)]))
        body.append(svg.forest(f"{block.title}, by {option}", rows, 1 / players if players else None))
    body.append(f"<h2>Game length and score margin, by {escape(option)}</h2>")
    body.append(table((option, "Turns per game", "Score margin", "Unfinished"), [list(x) for x in lengths([r for _, r in runs])]))
    for info, run in runs:
        body.append(f"<h2>The run with {escape(option)}={escape(run.value)}</h2>")
        body += run_sections(info, run.records, heading="h3")
    return page(f"{title}: sweep over {option}", body)


__all__ = ["sweep_report"]
