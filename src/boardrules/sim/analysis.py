"""What a designer reads from a run's records, beyond the per-seat summary: win rates by agent,
by place in the turn order and by balance tag, split by agent when the seats' agents differ (a
greedy seat's Race wins for the agent's skill, not the Race's), the tags that tell nothing left
out (a tag every seat has; a tag one seat has in every game), each pairing once, score margins,
game lengths and the score by turn. Every row names a game of it to replay.

All figures are over the finished games; a shared victory is a win for each winner.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from .simulate import GameRecord, TagSummary, balance
from .stats import mean, wilson

BALANCE_TITLES = {"race": "Races", "power": "Special Powers", "combo": "Combos", "army": "Army cards",
                  "general": "Generals", "pairing": "Army pairings", "hero": "Heroes", "tactic": "Tactics",
                  "scenario": "Scenarios"}  # the games' tag categories by name; any other is title-cased


def category_title(category: str) -> str:
    return BALANCE_TITLES.get(category, category.replace("-", " ").title())


@dataclass(frozen=True)
class Rate:
    """``wins`` of ``games`` (seat-games) with the 95% Wilson interval, a mean score, and the
    seed of one game of the row (a won one when there is one) to replay."""

    label: str
    wins: int
    games: int
    score_mean: float = 0.0
    seed: int | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


class _Tally:
    def __init__(self) -> None:
        self.wins: dict[str, int] = {}
        self.scores: dict[str, list[int]] = {}
        self.seed: dict[str, int] = {}
        self.won_seed: dict[str, int] = {}

    def add(self, key: str, rec: GameRecord, seat: int) -> None:
        won = seat in rec.winners
        self.wins[key] = self.wins.get(key, 0) + won
        self.scores.setdefault(key, []).append(rec.scores[seat])
        self.seed.setdefault(key, rec.seed)
        if won:
            self.won_seed.setdefault(key, rec.seed)

    def rates(self, keys: Iterable[str] | None = None) -> list[Rate]:
        return [Rate(k, self.wins[k], len(self.scores[k]), mean(self.scores[k]), self.won_seed.get(k, self.seed[k]))
                for k in (keys if keys is not None else self.scores) if k in self.scores]


def finished(records: Iterable[GameRecord]) -> list[GameRecord]:
    return [r for r in records if r.finished]


def agents_of(records: Sequence[GameRecord]) -> list[str]:
    """The agents of the run's seats, each once, in seat order."""
    return list(dict.fromkeys(a for r in records[:1] for a in r.seats))


def mixed_agents(records: Sequence[GameRecord]) -> bool:
    """True when the seats do not all play the same agent: then every win rate by seat, turn
    order or tag holds the agents' skill, and the tables are split by agent."""
    return len(agents_of(records)) > 1


def by_seat(records: Iterable[GameRecord]) -> list[Rate]:
    t = _Tally()
    for r in finished(records):
        for i, agent in enumerate(r.seats):
            t.add(f"seat {i + 1} ({agent})", r, i)
    return t.rates()


def by_agent(records: Iterable[GameRecord]) -> list[Rate]:
    """Every agent over all the seats it played."""
    t = _Tally()
    for r in finished(records):
        for i, agent in enumerate(r.seats):
            t.add(agent, r, i)
    return t.rates()


def by_turn_order(records: Iterable[GameRecord], agent: str | None = None) -> list[Rate]:
    """Win rate by place in the first round's turn order (1st: the first player), over the
    seats of ``agent`` (None: all)."""
    t = _Tally()
    recs = finished(records)
    for r in recs:
        order = r.order or tuple(range(len(r.seats)))
        for place, seat in enumerate(order):
            if agent is None or r.seats[seat] == agent:
                t.add(_place(place + 1), r, seat)
    players = max((len(r.seats) for r in recs), default=0)
    return t.rates(_place(k) for k in range(1, players + 1))


def _place(k: int) -> str:
    return f"{k}{'st' if k == 1 else 'nd' if k == 2 else 'rd' if k == 3 else 'th'} to play"


EVERY_SEAT, ONE_SEAT, MIRROR = "every seat", "one seat", "mirror"


@dataclass(frozen=True)
class LeftOut:
    tag: str
    why: str  # EVERY_SEAT, ONE_SEAT or MIRROR
    seat: int = -1  # ONE_SEAT: the seat (from 0)

    @property
    def reason(self) -> str:
        if self.why == EVERY_SEAT:
            return "every seat had it in every game: its row is the whole run's"
        if self.why == ONE_SEAT:
            return f"seat {self.seat + 1} had it in every game: its row is the seat's"
        return "the pairing seen from the other side: each pairing is listed once"


def left_out_lines(left: Sequence[LeftOut], limit: int = 8) -> list[str]:
    """The tags left out, a line for each reason, the names shown up to ``limit``."""
    out = []
    for why in (EVERY_SEAT, ONE_SEAT, MIRROR):
        mine = [x for x in left if x.why == why]
        if not mine:
            continue
        names = ", ".join(x.tag.replace(":", ": ", 1) + (f" (seat {x.seat + 1})" if why == ONE_SEAT else "")
                          for x in mine[:limit]) + (f" and {len(mine) - limit} more" if len(mine) > limit else "")
        what = {EVERY_SEAT: "every seat had it in every game (its row is the whole run's)",
                ONE_SEAT: "one seat had it in every game (its row is that seat's)",
                MIRROR: "the same pairing seen from the other side (each pairing is listed once)"}[why]
        out.append(f"{what}: {names}" if why != MIRROR else f"{len(mine)} pairings: {what}")
    return out


def informative(rows: Sequence[TagSummary], records: Sequence[GameRecord],
                mirrors: bool = True) -> tuple[list[TagSummary], list[LeftOut]]:
    """The tag rows that tell something, and those left out with why: a tag that every seat
    of every game had (its row is the whole run's), a tag only one seat had, in every game (its
    row is that seat's), and the mirror of a pairing among ``rows`` (``B vs A`` is ``A vs B``
    seen from the other side: each pairing is listed once, the names in order). ``mirrors``
    False: the rows are one agent's seats, whose ``B vs A`` is another match-up than ``A vs B``."""
    done = finished(records)
    seat_games = sum(len(r.seats) for r in done)
    where: dict[str, set[tuple[int, int]]] = {}
    for g, r in enumerate(done):
        for seat, tags in enumerate(r.tags):
            for tag in tags:
                where.setdefault(tag, set()).add((g, seat))
    keep, out = [], []
    shown = {row.tag for row in rows}
    for row in rows:
        places = where.get(row.tag, set())
        seats = {s for _, s in places}
        left, vs, right = row.name.partition(" vs ")
        if seat_games and len(places) == seat_games:
            out.append(LeftOut(row.tag, EVERY_SEAT))
        elif len(done) > 1 and len(seats) == 1 and len(places) == len(done):
            out.append(LeftOut(row.tag, ONE_SEAT, min(seats)))
        elif mirrors and vs and right < left and f"{row.category}:{right} vs {left}" in shown:
            out.append(LeftOut(row.tag, MIRROR))
        else:
            keep.append(row)
    return keep, out


def balance_by_agent(records: Sequence[GameRecord]) -> dict[str, list[TagSummary]]:
    """The balance rows of each agent's seats alone ("" for all, when every seat plays the same)."""
    if not mixed_agents(records):
        return {"": balance(records)}
    out = {}
    for agent in agents_of(records):
        mine = [replace(r, tags=tuple(t if r.seats[i] == agent else () for i, t in enumerate(r.tags)))
                for r in records]
        out[agent] = balance(mine)
    return out


def tag_seed(records: Sequence[GameRecord], tag: str, agent: str = "") -> int | None:
    """The seed of a game where a seat (of ``agent``) with ``tag`` won, else had it."""
    some = None
    for r in finished(records):
        for seat, tags in enumerate(r.tags):
            if tag in tags and (not agent or r.seats[seat] == agent):
                if seat in r.winners:
                    return r.seed
                some = r.seed if some is None else some
    return some


def margins(records: Iterable[GameRecord]) -> list[int]:
    """Per finished game, the winner's score less the best score of a seat that did not win
    (0 when every seat won)."""
    out = []
    for r in finished(records):
        if not r.winners:
            continue
        best = max(r.scores[w] for w in r.winners)
        others = [s for i, s in enumerate(r.scores) if i not in r.winners]
        out.append(best - max(others) if others else 0)
    return out


def score_by_turn(records: Iterable[GameRecord]) -> list[list[float]]:
    """Per seat, the mean score at the end of each turn, over the games that reached it."""
    sums: list[list[float]] = []
    counts: list[int] = []
    for r in finished(records):
        for t, scores in enumerate(r.rounds):
            while len(sums) <= t:
                sums.append([0.0] * len(scores))
                counts.append(0)
            sums[t] = [a + b for a, b in zip(sums[t], scores, strict=False)]
            counts[t] += 1
    if not sums:
        return []
    players = len(sums[0])
    return [[sums[t][i] / counts[t] for t in range(len(sums))] for i in range(players)]


def histogram(values: Sequence[int], bins: int = 20) -> list[tuple[int, int, int]]:
    """``values`` counted in at most ``bins`` equal ranges of whole numbers: (low, high, count)."""
    if not values:
        return []
    lo, hi = min(values), max(values)
    width = max(1, -(-(hi - lo + 1) // bins))
    out = [(a, a + width - 1, 0) for a in range(lo, hi + 1, width)]
    counts = [0] * len(out)
    for v in values:
        counts[(v - lo) // width] += 1
    return [(a, b, c) for (a, b, _), c in zip(out, counts, strict=True)]


def replay_command(game: str, seats: Sequence[str], seed: int, options: Mapping[str, str]) -> str:
    """The command that plays game ``seed`` of a run again, move for move (the agents' seeds
    come from the game's seed and their seat, as in the simulation)."""
    words = ["boardrules", "play", game, "--seats", ",".join(seats), "--seed", str(seed)]
    for k, v in sorted(options.items()):
        if v:  # an empty value is the game's default, which the command line cannot write
            words += ["--option", f"{k}={v}"]
    return " ".join(shlex.quote(w) for w in words)


__all__ = ["BALANCE_TITLES", "LeftOut", "category_title", "Rate", "agents_of", "balance_by_agent", "by_agent", "by_seat", "by_turn_order", "finished",
           "histogram", "informative", "left_out_lines", "margins", "mixed_agents", "replay_command", "score_by_turn", "tag_seed"]
