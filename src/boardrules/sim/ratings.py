"""Ratings for tournaments of any player count: the Plackett-Luce model of ``openskill`` (a
Bayesian rating in the manner of TrueSkill: each agent a skill ``mu`` with its uncertainty
``sigma``), fitted to every game's ranking of its seats.

A game's ranking: its winners first, tied (a shared victory is a tie for first, not a draw
spread over the table), then the other seats by final score, highest first, equal scores
tied. The games are rated deal by deal across the tables (deal 1 of every table, then deal 2
...), so no table's games all come after another's: the online update weighs late games a
little more, and this order spreads that over every table alike. The ordinal ``mu - 3 sigma``
is what a rating is ranked by: a skill the agent has with about 99% confidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .simulate import GameRecord

DRAWS = ("Ratings (Plackett-Luce, openskill): each game ranks its seats; a shared victory is a tie for first, "
         "the other seats rank by final score, equal scores tied.")


@dataclass(frozen=True)
class SkillRating:
    agent: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def ranks(rec: GameRecord) -> list[int]:
    """Each seat's rank in a finished game, from 1: the winners 1, the others after them by
    score (equal scores the same rank)."""
    winners = set(rec.winners)
    others = sorted({rec.scores[i] for i in range(len(rec.seats)) if i not in winners}, reverse=True)
    return [1 if i in winners else 2 + others.index(rec.scores[i]) for i in range(len(rec.seats))]


def skill_ratings(records: Sequence[GameRecord], agents: Sequence[str], per_table: int) -> list[SkillRating]:
    """Every agent's rating over the finished games, best ordinal first (agents who played no
    finished game keep the prior)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {a: model.rating(name=a) for a in agents}
    games = dict.fromkeys(agents, 0)
    n = max(1, per_table)
    for rec in sorted((r for r in records if r.finished), key=lambda r: (r.index % n, r.index // n)):
        teams = [[rating[a]] for a in rec.seats]
        rated = model.rate(teams, ranks=[float(x) for x in ranks(rec)])
        for a, team in zip(rec.seats, rated, strict=True):
            rating[a] = team[0]
            games[a] += 1
    out = [SkillRating(a, rating[a].mu, rating[a].sigma, games[a]) for a in agents]
    out.sort(key=lambda r: (-r.ordinal, list(agents).index(r.agent)))
    return out


__all__ = ["DRAWS", "SkillRating", "ranks", "skill_ratings"]
