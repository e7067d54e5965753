"""The tables ``boardrules simulate`` prints: by seat, by agent (with a warning when the seats'
agents differ), by place in the turn order, score margins and game lengths, and the balance of
what the seats played, split by agent, without the tags that tell nothing (sim/analysis.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine import Game
from ..sim import analysis as an
from ..sim.analysis import BALANCE_TITLES, category_title
from ..sim.simulate import GameRecord, Spread, TagSummary, count_summary, summarize
from ..sim.sweep import Run, lengths, side_by_side

COUNT_TITLES = {"site": "Sites conquered by type (a seat's Shields on the map at the end)"}
MANY = ("combo", "pairing")  # categories with too many entries: show the best-attested top ten
MIXED = ("The seats play different agents ({agents}): a win rate by seat, turn order or tag holds the "
         "agent's skill, so the tables below are split by agent; compare rows of one agent.")


def _pct(rate: an.Rate) -> tuple[str, str]:
    lo, hi = rate.ci
    return f"{rate.win_rate:.1%}", f"{lo:.1%} - {hi:.1%}"


def print_summary(console: Console, game: Game[Any], records: Sequence[GameRecord], elapsed: float,
                  seed: int, where: str, options: Mapping[str, str]) -> None:
    s = summarize(records, elapsed)
    opts = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    table = Table(title=f"{game.title}: {s.games} games, seed {seed}" + (f" ({opts})" if opts else ""),
                  title_justify="left")
    for col in ("Seat", "Agent", "Wins", "Win rate", "95% CI", "Mean score", "SD"):
        table.add_column(col, justify="left" if col == "Agent" else "right")
    for seat in s.seats:
        table.add_row(str(seat.seat + 1), seat.agent, str(seat.wins), f"{seat.win_rate:.1%}",
                      f"{seat.ci_low:.1%} - {seat.ci_high:.1%}", f"{seat.score_mean:.1f}", f"{seat.score_sd:.1f}")
    console.print(table)
    console.print(f"Rules {game.rules_version}, content {game.content_version}")
    console.print(f"Finished games: {s.finished} of {s.games}; shared victories: {s.shared_victories} "
                  "(a shared victory counts as a win for each winner)")
    console.print(f"Turns per game: {s.turns}")
    console.print(f"Decisions per game: {s.decisions}")
    margins = an.margins(records)
    if margins:
        console.print(f"Score margin (the winner's score less the best other): {Spread.of(margins)}")
    gps = s.games_per_second
    console.print(f"Time: {elapsed:.2f} s with {where}" + (f", {gps:.1f} games/s" if gps else ""))
    if s.unfinished:
        reasons = "; ".join(s.errors[:3]) + ("; ..." if len(s.errors) > 3 else "")
        console.print(Text(f"Unfinished games: {s.unfinished} ({reasons})", style="bold yellow"))
    if an.mixed_agents(records):
        console.print(Text(MIXED.format(agents=", ".join(an.agents_of(records))), style="bold yellow"))
        print_rates(console, "By agent (every seat it played)", "Agent", an.by_agent(records))
    print_turn_order(console, records)


def print_rates(console: Console, title: str, first: str, rates: Sequence[an.Rate]) -> None:
    table = Table(title=title, title_justify="left")
    for col in (first, "Seats", "Wins", "Win rate", "95% CI", "Mean score"):
        table.add_column(col, justify="left" if col == first else "right")
    for r in rates:
        table.add_row(r.label, str(r.games), str(r.wins), *_pct(r), f"{r.score_mean:.1f}")
    console.print(table)


def print_turn_order(console: Console, records: Sequence[GameRecord]) -> None:
    """Win rate by place in the first round's turn order, for every game (split by agent)."""
    groups = an.agents_of(records) if an.mixed_agents(records) else [None]
    for agent in groups:
        rates = [r for r in an.by_turn_order(records, agent) if r.games]
        if rates:
            who = f" ({agent} seats)" if agent else ""
            print_rates(console, f"Turn order: win rate by place in the first round{who}", "Place", rates)


def print_balance(console: Console, records: Sequence[GameRecord], full: bool = False) -> None:
    """The balance report: win rate (95% CI) and mean score for each Race, Power, combo or army
    a seat played (a seat that played it counts once per game), split by agent, the tags that
    tell nothing left out (and named)."""
    finished = sum(1 for r in records if r.finished)
    split = an.balance_by_agent(records)
    left: list[an.LeftOut] = []
    for agent, every in split.items():
        rows, out = an.informative(every, records, mirrors=not agent)
        left += [x for x in out if x.tag not in {y.tag for y in left}]
        who = f" ({agent} seats)" if agent else ""
        order = [*BALANCE_TITLES, *sorted({x.category for x in rows} - set(BALANCE_TITLES))]
        for category in [c for c in order if any(x.category == c for x in rows)]:
            items = [x for x in rows if x.category == category]
            title = category_title(category)
            if category in MANY and not full:
                floor = max(5, finished // 100)
                items = [x for x in items if x.games >= floor][:10]
                title = f"Top {len(items)} {title.lower()} by win rate (played in at least {floor} seats)"
                if not items:
                    continue
            table = Table(title=f"Balance: {title}{who}", title_justify="left")
            for col in ("Name", "Seats", "Wins", "Win rate", "95% CI", "Mean score"):
                table.add_column(col, justify="left" if col == "Name" else "right")
            for x in items:
                table.add_row(x.name, str(x.games), str(x.wins), f"{x.win_rate:.1%}",
                              f"{x.ci_low:.1%} - {x.ci_high:.1%}", f"{x.score_mean:.1f}")
            console.print(table)
        _print_means(console, rows, order, full, who)
    for line in an.left_out_lines(left):
        console.print(Text(f"Left out of the balance tables: {line}", style="dim"))
    _print_counts(console, records)


def _print_means(console: Console, rows: Sequence[TagSummary], order: Sequence[str], full: bool, who: str) -> None:
    """A game's own means by tag (``mean:NAME`` counts; Mage Knight's Fame), one table for every
    category, so the tables above keep to 80 columns."""
    for key in sorted({k for x in rows for k, _ in x.means}):
        cats = [c for c in order if any(x.category == c for x in rows) and (full or c not in MANY)]
        table = Table(title=f"Balance: mean {key} by {', '.join(category_title(c).lower() for c in cats)}{who}",
                      title_justify="left")
        for col in ("Name", "Seats", f"Mean {key}"):
            table.add_column(col, justify="left" if col == "Name" else "right")
        for category in cats:
            for x in rows:
                if x.category == category:
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


def print_replay(console: Console, game: str, records: Sequence[GameRecord], options: Mapping[str, str]) -> None:
    done = an.finished(records)
    if done:
        console.print(f"Replay a game of this run: {an.replay_command(game, done[0].seats, done[0].seed, options)}")


def _rate_cell(rate: an.Rate | None) -> str:
    if rate is None or not rate.games:
        return "-"
    lo, hi = rate.ci
    return f"{rate.win_rate:.1%} ({lo:.1%}-{hi:.1%}) n={rate.games}"


def print_sweep(console: Console, game: Game[Any], option: str, runs: Sequence[Run], seed: int) -> None:
    """A sweep's runs side by side: a column per value, win rates with their 95% intervals."""
    console.print(Text(f"{game.title}: --sweep {option} over {', '.join(r.value for r in runs)}, "
                       f"{len(runs[0].records)} games each on the same seeds (master seed {seed}); "
                       f"rules {game.rules_version}, content {game.content_version}", style="bold"))
    if an.mixed_agents(runs[0].records):
        console.print(Text(MIXED.format(agents=", ".join(an.agents_of(runs[0].records))), style="bold yellow"))
    for block in side_by_side(runs):
        table = Table(title=f"{block.title}, by {option}", title_justify="left")
        table.add_column("Row", overflow="fold")
        for r in runs:
            table.add_column(f"{option}={r.value}", justify="right")
        for label, rates in block.rows:
            table.add_row(label, *(_rate_cell(x) for x in rates))
        console.print(table)
    table = Table(title=f"Game length and score margin, by {option}", title_justify="left")
    for col in (option, "Turns per game", "Score margin", "Unfinished"):
        table.add_column(col, justify="left" if col == option else "right")
    for value, turns, margin, unfinished in lengths(runs):
        table.add_row(value, turns, margin, str(unfinished))
    console.print(table)
