"""``boardrules compare BASE.jsonl NEW.jsonl``: what moved between two runs of one game (a rule
or a card changed, another rules version), beyond noise.

For every row the two runs share (a seat, an agent, a place in the turn order, a balance tag
split by agent as in the report), the two win rates with their 95% Wilson intervals, the
difference (new less base) with its 95% interval (Newcombe's method from the two Wilson
intervals) and a two-proportion z-test. A row *moved* when its p-value stays under 5% after
the Benjamini-Hochberg correction over all rows compared: with a hundred tags, five would
pass an uncorrected 5% test by chance alone. Runs on the same seeds are not independent; the
test then errs on the side of calling a move noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from . import analysis as an
from .rows import RowError, RunFile
from .stats import wilson

ALPHA = 0.05


def two_proportions(w1: int, n1: int, w2: int, n2: int) -> tuple[float, float, float, float]:
    """p2 - p1 with its 95% interval (Newcombe's hybrid score interval) and the two-sided
    p-value of the pooled two-proportion z-test (1.0 when it cannot be told: no games, or
    every game alike)."""
    if n1 <= 0 or n2 <= 0:
        return 0.0, -1.0, 1.0, 1.0
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1)
    l2, u2 = wilson(w2, n2)
    d = p2 - p1
    lo = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    hi = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = 1.0 if se == 0 else math.erfc(abs(d) / se / math.sqrt(2))
    return d, max(-1.0, lo), min(1.0, hi), p


def benjamini_hochberg(ps: Sequence[float]) -> list[float]:
    """The p-values adjusted for the false discovery rate (Benjamini-Hochberg), in order."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    out = [1.0] * m
    best = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        best = min(best, ps[i] * m / rank)
        out[i] = min(1.0, best)
    return out


@dataclass(frozen=True)
class Change:
    """One row in both runs: its group (seats, agents, turn order, a tag category), the two
    rates, the difference and the test."""

    group: str
    label: str
    base: an.Rate
    new: an.Rate
    diff: float
    low: float
    high: float
    p: float
    adjusted: float = 1.0

    @property
    def moved(self) -> bool:
        return self.adjusted < ALPHA


@dataclass(frozen=True)
class Comparison:
    base: RunFile
    new: RunFile
    changes: tuple[Change, ...]
    only_base: tuple[str, ...]  # rows in one run only (a tag played in one only), "group: label"
    only_new: tuple[str, ...]
    notes: tuple[str, ...]  # what differs between the runs besides the results

    @property
    def moved(self) -> list[Change]:
        return [c for c in self.changes if c.moved]

    def groups(self) -> list[str]:
        return list(dict.fromkeys(c.group for c in self.changes))


def _rows(run: RunFile) -> dict[tuple[str, str], an.Rate]:
    recs = run.records
    out = {("Seats", f"seat {i + 1}"): r for i, r in enumerate(an.by_seat(recs))}  # matched by seat number
    if an.mixed_agents(recs):
        out.update({("Agents", r.label): r for r in an.by_agent(recs)})
    out.update({("Turn order", r.label): r for r in an.by_turn_order(recs) if r.games})
    for agent, every in an.balance_by_agent(recs).items():
        kept, _ = an.informative(every, recs, mirrors=not agent)
        for x in kept:
            label = x.name + (f" ({agent} seats)" if agent else "")
            out[(an.category_title(x.category), label)] = an.Rate(label, x.wins, x.games, x.score_mean,
                                                                 an.tag_seed(recs, x.tag, agent))
    return out


def compare(base: RunFile, new: RunFile) -> Comparison:
    """The rows of two runs of one game compared; RowError when they cannot be (two games,
    another number of seats)."""
    if base.game != new.game:
        raise RowError(f"{base.path} holds games of {base.game!r} and {new.path} of {new.game!r}: compare two runs "
                       "of one game")
    for run in (base, new):
        if run.other_options:
            raise RowError(f"{run.path} line {run.other_options}: other options than line 1 (the file of a sweep?): "
                           "compare files of one run each")
    if len(base.seats) != len(new.seats):
        raise RowError(f"{base.path} has {len(base.seats)} seats and {new.path} {len(new.seats)}: compare runs with "
                       "the same number of players")
    notes = []
    if (base.rules_version, base.content_version) != (new.rules_version, new.content_version):
        notes.append(f"the versions differ: base {base.versions}, new {new.versions}")
    if base.seats != new.seats:
        notes.append(f"the seats differ: base {', '.join(base.seats)}; new {', '.join(new.seats)} (a seat's rate then "
                     "holds the change of agent)")
    if base.options != new.options:
        notes.append(f"the options differ: base {_opts(base)}; new {_opts(new)}")
    if not notes:
        notes.append("the two runs have the same versions, seats and options: whatever moved is chance or the seeds")
    a, b = _rows(base), _rows(new)
    both = [k for k in a if k in b]
    raw = []
    for key in both:
        x, y = a[key], b[key]
        label = key[1]
        if key[0] == "Seats":
            i = int(label.split()[1]) - 1
            label += f" ({base.seats[i]})" if base.seats[i] == new.seats[i] else f" ({base.seats[i]}; new: {new.seats[i]})"
        raw.append(Change(key[0], label, x, y, *two_proportions(x.wins, x.games, y.wins, y.games)))
    adjusted = benjamini_hochberg([c.p for c in raw])
    changes = tuple(Change(c.group, c.label, c.base, c.new, c.diff, c.low, c.high, c.p, q)
                    for c, q in zip(raw, adjusted, strict=True))
    return Comparison(base, new, changes, tuple(f"{g}: {label}" for g, label in a if (g, label) not in b),
                      tuple(f"{g}: {label}" for g, label in b if (g, label) not in a), tuple(notes))


def _opts(run: RunFile) -> str:
    return ", ".join(f"{k}={v}" for k, v in run.options) or "none"


__all__ = ["ALPHA", "Change", "Comparison", "benjamini_hochberg", "compare", "two_proportions"]
