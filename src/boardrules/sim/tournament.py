"""Tournaments: every table of agents over the same seeded deals, seats rotated, with win rates
(95% Wilson intervals) and an Elo rating per agent fitted by maximum likelihood.

A table is a combination of ``players`` different agents from the list (every pairing in
2-player games). Game ``k`` of a table is dealt with seed ``game_seed(master, k // players)``
and seated in rotation ``k % players``: each deal is played once from every seat, and every
table plays the same deals, so the luck of a deal or a seat weighs on no agent more than on
another. Records come back in order, so the report is the same whatever the worker count or
the backend (``backends``: this machine, or a Ray cluster).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..agents import HUMAN, make_agent, split_seats
from ..engine import OptionError, set_up
from .backends import Backend, LocalBackend
from .simulate import (
    MAX_DECISIONS,
    Files,
    GameRecord,
    InOrder,
    cached_game,
    game_seed,
    option_files,
    play_one,
)
from .stats import wilson

ELO_MEAN = 1500.0  # the ratings are shifted so that their mean is this
MAX_AGENTS = 16


def parse_agents(text: str) -> list[str]:
    """The agent list of a tournament (``random,greedy,ismcts:iterations=100,depth=5``), each
    agent checked; a bad name, parameter or repeat is an OptionError naming the agent."""
    agents = [a for a in split_seats(text) if a]
    if len(agents) < 2:
        raise OptionError("a tournament needs at least 2 agents, comma-separated (e.g. random,greedy,ismcts)")
    if len(agents) > MAX_AGENTS:
        raise OptionError(f"a tournament takes at most {MAX_AGENTS} agents (not {len(agents)})")
    for i, spec in enumerate(agents):
        where = f"agent {i + 1} ({_cut(spec)!r})"
        if spec == HUMAN:
            raise OptionError(f"{where}: a tournament has no human players; list AI agents")
        make_agent(spec, 0, where=where)
        if ":" in spec and "seconds=" in spec.partition(":")[2]:
            raise OptionError(f"{where}: a tournament gives the same games for the same seed, which a time "
                              "budget would not; give the search agent iterations, not seconds")
        if spec in agents[:i]:
            raise OptionError(f"{where} is listed twice; each agent plays once per table")
    return agents


def tables(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every combination of ``players`` different agents, in the list's order."""
    if players < 2:
        raise OptionError(f"a tournament is for 2 or more players per game (not {players})")
    if players > len(agents):
        raise OptionError(f"{players}-player games need {players} different agents; {len(agents)} are listed")
    return list(itertools.combinations(agents, players))


def seating(table: Sequence[str], k: int) -> tuple[str, ...]:
    """The seats of game ``k`` of a table: the table rotated by ``k`` places."""
    r = k % len(table)
    return tuple(table[r:]) + tuple(table[:r])


def _run(game_name: str, files: Files, tabs: tuple[tuple[str, ...], ...], n: int, master: int,
         options: dict[str, str], max_decisions: int, index: int) -> GameRecord:
    table, k = divmod(index, n)
    players = len(tabs[table])
    return play_one(cached_game(game_name, files), seating(tabs[table], k), game_seed(master, k // players), options,
                    max_decisions, index)


def iter_tournament(game_name: str, agents: Sequence[str], n: int, seed: int, players: int = 2, workers: int = 1,
                    options: Mapping[str, str] | None = None,
                    max_decisions: int = MAX_DECISIONS, backend: Backend | None = None) -> Iterator[GameRecord]:
    """The records of every table's ``n`` games, table after table, in order. ``backend`` says
    where the games are played (default: this machine, on ``workers`` processes)."""
    if n < 1:
        raise OptionError(f"the number of games per table must be at least 1 (not {n})")
    if workers < 1:
        raise OptionError(f"--workers must be at least 1 (not {workers})")
    game = cached_game(game_name)
    opts, _ = set_up(game, players, 0, options)  # what play refuses, refused before the first game
    tabs = tuple(tables(agents, players))
    run = functools.partial(_run, game_name, option_files(game, opts), tabs, n, seed, opts, max_decisions)
    order = InOrder()  # the games come back as they finish, one at a time: given back in order
    for rec in (backend or LocalBackend(workers)).finished(run, n * len(tabs)):
        yield from order.put(rec)


@dataclass(frozen=True)
class Standing:
    """One agent at one table: its wins over the table's finished games (a shared victory is a
    win for each winner), with the 95% Wilson interval."""

    table: tuple[str, ...]
    agent: str
    wins: int
    games: int
    ci_low: float
    ci_high: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Rating:
    """An agent's Elo rating over the whole tournament, and its score in the pairwise results
    the rating is fitted to (a win 1, a draw 1/2)."""

    agent: str
    elo: float
    score: float
    games: int  # pairwise results: one per opponent per finished game

    @property
    def score_rate(self) -> float:
        return self.score / self.games if self.games else 0.0


@dataclass(frozen=True)
class Report:
    agents: tuple[str, ...]
    games: int
    unfinished: int
    standings: tuple[Standing, ...]
    ratings: tuple[Rating, ...]  # best first
    errors: tuple[str, ...]


def standings(records: Sequence[GameRecord], agents: Sequence[str], players: int) -> list[Standing]:
    out = []
    for table in tables(agents, players):
        mine = [r for r in records if r.finished and sorted(r.seats) == sorted(table)]
        for agent in table:
            wins = sum(1 for r in mine if r.seats.index(agent) in r.winners)
            lo, hi = wilson(wins, len(mine))
            out.append(Standing(table, agent, wins, len(mine), lo, hi))
    return out


def pairwise(records: Sequence[GameRecord]) -> dict[tuple[str, str], float]:
    """Each finished game as results between every two of its agents: ``(a, b)`` gains 1 when
    a won and b did not, 1/2 when both or neither won; summed over the games (both orders kept)."""
    scores: dict[tuple[str, str], float] = {}
    for r in records:
        if not r.finished:
            continue
        for i, j in itertools.permutations(range(len(r.seats)), 2):
            won_i, won_j = i in r.winners, j in r.winners
            key = (r.seats[i], r.seats[j])
            scores[key] = scores.get(key, 0.0) + (1.0 if won_i and not won_j else 0.0 if won_j and not won_i else 0.5)
    return scores


def elo(agents: Sequence[str], scores: Mapping[tuple[str, str], float], iterations: int = 10_000) -> list[float]:
    """Elo ratings by maximum likelihood under the Bradley-Terry model (a beats b with
    probability 1 / (1 + 10 ** ((R_b - R_a) / 400)), a draw counting as half a win each), fitted
    by Hunter's minorise-maximise iteration. Every pair that met also shares one virtual draw:
    without it an agent that won every game would have an infinite rating. Shifted so that the
    mean rating is ELO_MEAN; an agent that played no one gets the mean."""
    n = len(agents)
    index = {a: i for i, a in enumerate(agents)}
    won = [0.0] * n
    meetings = [[0.0] * n for _ in range(n)]
    for (a, b), s in scores.items():
        i, j = index[a], index[b]
        won[i] += s
        meetings[i][j] += s
        meetings[j][i] += s  # (a, b) and (b, a) together give the number of games
    for i in range(n):
        for j in range(n):
            if i != j and meetings[i][j] > 0:
                meetings[i][j] += 1.0  # the virtual draw
                won[i] += 0.5
    played = [i for i in range(n) if any(meetings[i])]
    strength = [1.0] * n
    for _ in range(iterations if played else 0):
        new = strength[:]
        for i in played:
            new[i] = won[i] / sum(meetings[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
        # the ratings of those who played keep a geometric mean of 1 (the others stay there)
        scale = math.exp(sum(math.log(new[i]) for i in played) / len(played))
        new = [x / scale if i in played else x for i, x in enumerate(new)]
        change = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True))
        strength = new
        if change < 1e-12:
            break
    return [ELO_MEAN + 400.0 * math.log10(x) for x in strength]


def report(records: Sequence[GameRecord], agents: Sequence[str], players: int) -> Report:
    scores = pairwise(records)
    ratings = elo(agents, scores)
    rows = []
    for i, agent in enumerate(agents):
        score = sum(s for (a, _), s in scores.items() if a == agent)
        games = sum(len(r.seats) - 1 for r in records if r.finished and agent in r.seats)
        rows.append(Rating(agent, ratings[i], score, games))
    rows.sort(key=lambda r: (-r.elo, agents.index(r.agent)))
    errors = tuple(dict.fromkeys(r.error or "unfinished" for r in records if not r.finished))
    return Report(tuple(agents), len(records), sum(1 for r in records if not r.finished),
                  tuple(standings(records, agents, players)), tuple(rows), errors)


def tournament(game_name: str, agents: Sequence[str], n: int, seed: int, players: int = 2, workers: int = 1,
               options: Mapping[str, str] | None = None, max_decisions: int = MAX_DECISIONS,
               progress: Callable[[GameRecord], None] | None = None, backend: Backend | None = None) -> Report:
    """Play the whole tournament and report it; the same arguments give the same report for
    any ``workers`` and any ``backend``."""
    records = []
    for rec in iter_tournament(game_name, agents, n, seed, players, workers, options, max_decisions, backend):
        records.append(rec)
        if progress is not None:
            progress(rec)
    return report(records, agents, players)


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = ["ELO_MEAN", "Rating", "Report", "Standing", "elo", "iter_tournament", "pairwise", "parse_agents",
           "report", "seating", "standings", "tables", "tournament"]
