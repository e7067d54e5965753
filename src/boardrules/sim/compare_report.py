"""The HTML report of ``boardrules compare BASE NEW --report FILE.html``: the two runs (versions,
seats, options), what moved beyond noise, and every group of rows as a table with a forest
plot of the differences around zero and one of the two runs' rates side by side."""

from __future__ import annotations

from html import escape

from . import svg
from .compare import ALPHA, Change, Comparison
from .report import ci_text, page, pct, table


def _diff(c: Change) -> str:
    return f"{c.diff * 100:+.1f} pts ({c.low * 100:+.1f} to {c.high * 100:+.1f})"


def change_rows(changes: list[Change]) -> list[list[object]]:
    return [[c.label, f"{pct(c.base.win_rate)} ({ci_text(*c.base.ci)}) n={c.base.games}",
             f"{pct(c.new.win_rate)} ({ci_text(*c.new.ci)}) n={c.new.games}", _diff(c), f"{c.p:.3g}",
             f"{c.adjusted:.3g}", "moved" if c.moved else ""] for c in changes]


HEADERS = ("Row", "Base win rate (95% CI)", "New win rate (95% CI)", "Difference (95% CI)", "p", "p adjusted", "")


def compare_report(cmp: Comparison) -> str:
    base, new = cmp.base, cmp.new
    body = [f"<h1>Compare: {escape(base.game)}</h1>",
            table(("", "File", "Games", "Versions", "Seats", "Options"), [
                ["Base", base.path, len(base.records), base.versions, ", ".join(base.seats),
                 ", ".join(f"{k}={v}" for k, v in base.options) or "none"],
                ["New", new.path, len(new.records), new.versions, ", ".join(new.seats),
                 ", ".join(f"{k}={v}" for k, v in new.options) or "none"]])]
    body += [f'<p class="note">{escape(n[0].upper() + n[1:])}.</p>' for n in cmp.notes]
    body.append(f'<p class="note">A row moved beyond noise when its two-proportion test gives p &lt; {ALPHA:g} after '
                "the Benjamini-Hochberg correction over all the rows compared. The difference is the new win rate "
                "less the base one, in percentage points, with its 95% interval (Newcombe).</p>")
    moved = cmp.moved
    body.append("<h2>What moved beyond noise</h2>")
    if moved:
        body.append(table(("Group", *HEADERS), [[c.group, *row] for c, row in zip(moved, change_rows(moved),
                                                                                      strict=True)], "moved"))
    else:
        body.append(f"<p>Nothing: no row's difference passes the test ({len(cmp.changes)} rows compared).</p>")
    for group in cmp.groups():
        rows = [c for c in cmp.changes if c.group == group]
        body += [f"<h2>{escape(group)}</h2>", table(HEADERS, change_rows(rows))]
        span = max(0.1, *(max(abs(c.low), abs(c.high)) for c in rows))
        body.append(svg.forest(f"{group}: new less base", [
            svg.Interval(c.label, c.diff, c.low, c.high, svg.COLOURS[1] if c.moved else svg.COLOURS[0]) for c in rows],
            reference=0.0, lo=-span, hi=span, kind="difference"))
        pairs = []
        for c in rows:
            pairs.append(svg.Interval(f"{c.label} (base)", c.base.win_rate, *c.base.ci, svg.COLOURS[0]))
            pairs.append(svg.Interval(f"{c.label} (new)", c.new.win_rate, *c.new.ci, svg.COLOURS[2]))
        body.append(svg.forest(f"{group}: base and new win rates", pairs))
    for name, only in (("base", cmp.only_base), ("new", cmp.only_new)):
        if only:
            body.append(f'<p class="note">In the {name} run only: {escape("; ".join(only[:40]))}'
                        + (f" and {len(only) - 40} more" if len(only) > 40 else "") + ".</p>")
    return page(f"Compare: {base.game}", body)


__all__ = ["compare_report"]
