"""``simulate --sweep OPTION=A,B,C``: one run per value of one option, on the same seeds (each
value plays the same deals, so what differs is the option), reported side by side: win rate
by seat, by place in the turn order and by balance tag, game length and score margin."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..engine import OptionError
from . import analysis as an
from .simulate import GameRecord, Spread

MAX_VALUES = 12


def parse_sweep(text: str, given: Mapping[str, str]) -> tuple[str, list[str]]:
    """``OPTION=A,B,C`` as the option and its values, each once; OptionError says what is wrong."""
    name, eq, values = (x.strip() for x in text.partition("="))
    if not eq or not name:
        raise OptionError(f"--sweep is written OPTION=A,B,C (e.g. rounds=8,10,12), not {text[:40]!r}")
    if name in given:
        raise OptionError(f"--sweep sets the option {name!r}; leave it out of --option")
    out = [v.strip() for v in values.split(",")]
    if any(not v for v in out):
        raise OptionError(f"--sweep {name}=...: a value is empty in {values[:40]!r}")
    if len(set(out)) != len(out):
        raise OptionError(f"--sweep {name}=...: a value is listed twice in {values[:40]!r}")
    if not 2 <= len(out) <= MAX_VALUES:
        raise OptionError(f"--sweep {name}=... takes 2 to {MAX_VALUES} values, not {len(out)}")
    return name, out


@dataclass(frozen=True)
class Run:
    """One value's run: its options and records."""

    value: str
    options: Mapping[str, str]
    records: Sequence[GameRecord]


@dataclass(frozen=True)
class SideBySide:
    """A table with one column per value: each row's rate under each value (None: not played)."""

    title: str
    rows: tuple[tuple[str, tuple[an.Rate | None, ...]], ...]


def _table(title: str, per_run: Sequence[Sequence[an.Rate]]) -> SideBySide:
    labels = list(dict.fromkeys(r.label for rates in per_run for r in rates))
    found = [{r.label: r for r in rates} for rates in per_run]
    return SideBySide(title, tuple((label, tuple(f.get(label) for f in found)) for label in labels))


def side_by_side(runs: Sequence[Run], limit: int = 12) -> list[SideBySide]:
    """The tables of a sweep: by seat, by agent (seats of different agents), by place in the
    turn order, and by balance tag (those that tell something, the best-attested ``limit`` of
    each category)."""
    out = [_table("Win rate by seat", [an.by_seat(r.records) for r in runs])]
    mixed = bool(runs) and an.mixed_agents(runs[0].records)
    if mixed:
        out.append(_table("Win rate by agent", [an.by_agent(r.records) for r in runs]))
    out.append(_table("Win rate by place in the turn order", [an.by_turn_order(r.records) for r in runs]))
    per_run: list[dict[str, list[an.Rate]]] = []
    for r in runs:
        cats: dict[str, list[an.Rate]] = {}
        for agent, rows in an.balance_by_agent(r.records).items():
            kept, _ = an.informative(rows, r.records, mirrors=not agent)
            for x in kept:
                label = x.name + (f" ({agent})" if agent else "")
                cats.setdefault(an.category_title(x.category), []).append(
                    an.Rate(label, x.wins, x.games, x.score_mean, an.tag_seed(r.records, x.tag, agent)))
        per_run.append(cats)
    for cat in dict.fromkeys(c for cats in per_run for c in cats):
        rates = [cats.get(cat, []) for cats in per_run]
        best = sorted({r.label: sum(x.games for rs in rates for x in rs if x.label == r.label)
                       for rs in rates for r in rs}.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
        keep = {label for label, _ in best}
        out.append(_table(f"Balance: {cat}", [[x for x in rs if x.label in keep] for rs in rates]))
    return out


def lengths(runs: Sequence[Run]) -> list[tuple[str, str, str, int]]:
    """Per value: turns per game, score margin, unfinished games."""
    return [(r.value, str(Spread.of([g.turns for g in an.finished(r.records)])), str(Spread.of(an.margins(r.records))),
             sum(1 for g in r.records if not g.finished)) for r in runs]


__all__ = ["MAX_VALUES", "Run", "SideBySide", "lengths", "parse_sweep", "side_by_side"]
