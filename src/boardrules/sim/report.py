"""``simulate --report FILE.html``: one self-contained HTML file a designer opens. Inline CSS
and inline SVG charts (sim/svg.py), no script, no font, no link to anything: a Content
Security Policy in the page forbids every request, so it reads the same offline.

It holds: the run (game, rules and content versions, the agents with their parameters, the
options, the seed), a warning when the seats play different agents, win rates by seat, by
agent and by place in the turn order, the balance tags (split by agent, the tags that tell
nothing left out) as tables and forest plots with 95% Wilson intervals, score, margin and
game-length distributions, the score by turn, and for every row the seed of a game of it with
the command that replays it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from . import analysis as an
from . import svg
from .analysis import BALANCE_TITLES, category_title
from .rows import RunInfo
from .simulate import GameRecord, Spread, TagSummary, count_summary, summarize

CSS = """
body { font-family: sans-serif; margin: 2em auto; max-width: 1000px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: .6em 0; font-size: .9em; }
th, td { padding: .2em .6em; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; }
td.seed { font-family: monospace; font-size: .85em; color: #444; }
.warning { background: #fff4d6; border-left: 4px solid #e0a800; padding: .6em 1em; }
.note { color: #555; font-size: .9em; }
code { background: #f4f4f4; padding: 0 .2em; }
.moved { background: #ffe3e3; }
svg { display: block; margin: .6em 0; max-width: 100%; height: auto; }
"""
GENERATOR = '<meta name="generator" content="boardrules report">'  # what --report may replace
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
MANY_ROWS = 15  # a category with more rows (combos, pairings): the best-attested this many


class Raw(str):
    """A table cell that is HTML already (escaped where it was made)."""


@dataclass(frozen=True)
class Cell:
    """A cell with a tooltip: a replay seed, its command on hover."""

    text: str
    title: str = ""
    cls: str = ""


def page(title: str, body: Sequence[str]) -> str:
    """A whole HTML document: nothing in it asks for anything outside it."""
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">" + GENERATOR +
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{escape(title)}</title>"
            f"<style>{CSS}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], cls: str = "") -> str:
    out = [f'<table class="{cls}">' if cls else "<table>", "<tr>"]
    out += [f"<th>{escape(h)}</th>" for h in headers]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        for cell in row:
            if isinstance(cell, Cell):
                title = f' title="{escape(cell.title)}"' if cell.title else ""
                cls_ = f' class="{cell.cls}"' if cell.cls else ""
                out.append(f"<td{cls_}{title}>{escape(cell.text)}</td>")
            elif isinstance(cell, Raw):
                out.append(f"<td>{cell}</td>")
            else:
                out.append(f"<td>{escape(str(cell))}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def pct(x: float) -> str:
    return f"{x:.1%}"


def ci_text(lo: float, hi: float) -> str:
    return f"{lo:.1%} - {hi:.1%}"


class Replays:
    """The replay command of a run's games: a seed cell carries it as its tooltip."""

    def __init__(self, game: str, seats: Sequence[str], options: Mapping[str, str]) -> None:
        self.game, self.seats, self.options = game, tuple(seats), dict(options)

    def command(self, seed: int | str) -> str:
        return an.replay_command(self.game, self.seats, int(seed), self.options) if str(seed).isdigit() else ""

    def cell(self, seed: int | None) -> Cell:
        return Cell("" if seed is None else str(seed), "" if seed is None else self.command(seed), "seed")


def rate_rows(rates: Sequence[an.Rate], replays: Replays) -> list[list[object]]:
    return [[r.label, r.games, r.wins, pct(r.win_rate), ci_text(*r.ci), f"{r.score_mean:.1f}", replays.cell(r.seed)]
            for r in rates]


RATE_HEADERS = ("Row", "Seats", "Wins", "Win rate", "95% CI", "Mean score", "Replay seed")


def rate_forest(title: str, rates: Sequence[an.Rate], reference: float | None, colour: str = svg.COLOURS[0]) -> str:
    return svg.forest(title, [svg.Interval(r.label, r.win_rate, *r.ci, colour=colour) for r in rates], reference)


def run_header(title: str, info: RunInfo, seed: int | None, records: Sequence[GameRecord]) -> list[str]:
    s = summarize(records)
    out = [f"<h1>{escape(title)}</h1>",
           f"<p>{s.games} games ({s.finished} finished" + (f", {s.unfinished} unfinished" if s.unfinished else "")
           + f"), {escape(info.versions)}" + (f", master seed {seed}" if seed is not None else "") + ".</p>"]
    agents = [[a["seat"], a["spec"], a["agent"], ", ".join(f"{k}={v}" for k, v in a["params"].items()) or "-"]
              for a in info.agents]
    out.append(table(("Seat", "As given", "Agent", "Parameters given"), agents))
    out.append(f"<p>Options: <code>{escape(info.option_text() or 'none')}</code></p>")
    if s.unfinished:
        out.append(f'<p class="warning">{s.unfinished} games did not finish ({escape("; ".join(s.errors[:3]))}): '
                   "they are left out of every figure.</p>")
    return out


def run_sections(info: RunInfo, records: Sequence[GameRecord], heading: str = "h2") -> list[str]:
    """Every figure of one run's records, as HTML sections."""
    h = heading
    sub = "h3" if h == "h2" else "h4"
    replays = Replays(info.game, info.seats, dict(info.options))
    players = len(info.seats)
    even = 1 / players if players else None
    out = [f'<p class="note">Every row\'s <em>replay seed</em> is a game of it (one the row won, when there is '
           f"one): <code>{escape(replays.command(0).replace('--seed 0', '--seed SEED'))}</code> plays it again move "
           "for move (hover over a seed for its command). A shared victory counts as a win for each winner.</p>"]
    mixed = an.mixed_agents(records)
    if mixed:
        out.append(f'<p class="warning">The seats play different agents ({escape(", ".join(an.agents_of(records)))}): '
                   "a win rate by seat, by turn order or by tag holds the agent's skill as much as the game's "
                   "balance, so the tables are split by agent. Compare the rows of one agent.</p>")
    seats = an.by_seat(records)
    out += [f"<{h}>Win rate by seat (seat order)</{h}>",
            table(RATE_HEADERS, rate_rows(seats, replays)),
            rate_forest("Win rate by seat", seats, even)]
    if mixed:
        agents = an.by_agent(records)
        out += [f"<{h}>By agent</{h}>", table(RATE_HEADERS, rate_rows(agents, replays)),
                rate_forest("Win rate by agent", agents, even)]
    out += [f"<{h}>Turn order (first-player advantage)</{h}>",
            '<p class="note">By place in the first round\'s order of play (1st: the first player), whatever '
            "the seat; the dashed line is an even share.</p>"]
    for k, agent in enumerate(an.agents_of(records) if mixed else [None]):
        rates = [r for r in an.by_turn_order(records, agent) if r.games]
        if rates:
            who = f" ({agent} seats)" if agent else ""
            out += [f"<{sub}>Turn order{escape(who)}</{sub}>", table(RATE_HEADERS, rate_rows(rates, replays)),
                    rate_forest(f"Win rate by place in the turn order{who}", rates, even,
                                svg.COLOURS[k % len(svg.COLOURS)])]
    out += balance_sections(records, replays, h, sub)
    out += distribution_sections(records, info, h)
    return out


def _top(items: Sequence[TagSummary], finished: int) -> tuple[list[TagSummary], str]:
    if len(items) <= MANY_ROWS:
        return list(items), ""
    floor = max(5, finished // 100)
    shown = sorted([x for x in items if x.games >= floor], key=lambda x: (-x.win_rate, -x.games, x.tag))[:MANY_ROWS]
    if not shown:  # a short run: the most played
        shown = sorted(items, key=lambda x: (-x.games, -x.win_rate, x.tag))[:MANY_ROWS]
        return shown, f"The {len(shown)} most played of the {len(items)} rows (the JSON rows or the CSV hold them all)."
    return shown, (f"The {len(shown)} best win rates of the {len(items)} rows played in at least {floor} seats "
                   "(the JSON rows or the CSV hold them all).")


def balance_sections(records: Sequence[GameRecord], replays: Replays, h: str, sub: str) -> list[str]:
    done = an.finished(records)
    split = an.balance_by_agent(records)
    if not any(split.values()):
        return []
    out = [f"<{h}>Balance by tag</{h}>"]
    left: list[an.LeftOut] = []
    for k, (agent, every) in enumerate(split.items()):
        rows, gone = an.informative(every, records, mirrors=not agent)
        left += [x for x in gone if x.tag not in {y.tag for y in left}]
        who = f" ({agent} seats)" if agent else ""
        found = {x.category for x in rows}
        categories = [c for c in BALANCE_TITLES if c in found] + sorted(found - set(BALANCE_TITLES))
        for category in categories:
            items, note = _top([x for x in rows if x.category == category], len(done))
            title = f"{category_title(category)}{who}"
            keys = sorted({k for x in items for k, _ in x.means})  # a game's mean:NAME counts (Fame)
            cells = [[x.name, x.games, x.wins, pct(x.win_rate), ci_text(x.ci_low, x.ci_high), f"{x.score_mean:.1f}",
                      *[f"{dict(x.means).get(k, 0.0):.1f}" for k in keys], replays.cell(an.tag_seed(records, x.tag, agent))]
                     for x in items]
            means = [f"Mean {k}" for k in keys]
            out += [f"<{sub}>{escape(title)}</{sub}>"] + ([f'<p class="note">{escape(note)}</p>'] if note else [])
            out.append(table(("Name", "Seats", "Wins", "Win rate", "95% CI", "Mean score", *means, "Replay seed"), cells))
            even = 1 / len(records[0].seats) if records else None
            out.append(svg.forest(f"Win rate by {title.lower()}",
                                  [svg.Interval(x.name, x.win_rate, x.ci_low, x.ci_high,
                                                svg.COLOURS[k % len(svg.COLOURS)]) for x in items], even))
    for line in an.left_out_lines(left, limit=30):
        out.append(f'<p class="note">Left out: {escape(line)}.</p>')
    counts = count_summary(records)
    if counts:
        out.append(f"<{sub}>Counted (a seat's figures at the end)</{sub}>")
        out.append(table(("Name", "Total", "Mean per seat and game", "Seats with at least one"),
                         [[x.key, x.total, f"{x.mean:.2f}", pct(x.share)] for x in counts]))
    return out


def distribution_sections(records: Sequence[GameRecord], info: RunInfo, h: str) -> list[str]:
    done = an.finished(records)
    if not done:
        return []
    out = [f"<{h}>Scores</{h}>"]
    for i, agent in enumerate(info.seats):
        xs = [r.scores[i] for r in done]
        out.append(svg.histogram(f"Final score, seat {i + 1} ({agent}): {Spread.of(xs)}", an.histogram(xs),
                                 "final score", svg.COLOURS[i % len(svg.COLOURS)]))
    margins = an.margins(done)
    if margins:
        out += [f"<{h}>Score margins</{h}>",
                '<p class="note">The winner\'s score less the best score of a seat that did not win (0 for a '
                "victory every seat shares).</p>",
                svg.histogram(f"Score margin: {Spread.of(margins)}", an.histogram(margins), "margin")]
    by_turn = an.score_by_turn(done)
    if by_turn:
        out += [f"<{h}>Score by turn</{h}>",
                '<p class="note">Each seat\'s mean running score as each turn of the game\'s clock ends, over the '
                "games that reached it.</p>",
                svg.lines("Mean score by turn", [(f"seat {i + 1} ({a})", by_turn[i]) for i, a in enumerate(info.seats)
                                                 if i < len(by_turn)], "turn")]
    turns = [r.turns for r in done]
    decisions = [r.decisions for r in done]
    out += [f"<{h}>Game length</{h}>",
            svg.histogram(f"Turns per game: {Spread.of(turns)}", an.histogram(turns), "turns"),
            svg.histogram(f"Decisions per game: {Spread.of(decisions)}", an.histogram(decisions), "decisions")]
    return out


def simulate_report(title: str, info: RunInfo, records: Sequence[GameRecord], seed: int | None) -> str:
    """The report of one run."""
    return page(f"{title}: simulation report", [*run_header(title, info, seed, records), *run_sections(info, records)])


def is_report(path: Path) -> bool:
    """True for a file this module wrote (or an empty one, or none): what --report replaces."""
    try:
        if not path.exists() or not path.is_file() or path.stat().st_size == 0:
            return not path.exists() or path.is_file() or not path.is_dir()
        with open(path, "rb") as f:
            return GENERATOR.encode() in f.read(1024)
    except OSError:
        return False


def write_report(path: str | Path, html: str) -> None:
    Path(path).write_text(html, encoding="utf-8")


__all__ = ["Cell", "Raw", "Replays", "is_report", "page", "run_header", "run_sections", "simulate_report", "table", "write_report"]
