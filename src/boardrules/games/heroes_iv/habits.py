"""Habits of an agent over whole games (issue 27): what a watched seat does with its turns. Read
from the state between decisions, for the benchmark (benchmarks/greedy_habits.py) and the seeded
test that keeps the greedy agent's habits under a bound; no rule lives here.

- a full hand: the game has no hand limit, so ``HAND_FULL`` cards stand for one; a turn counts
  when it ends holding more, or that many with a purchase offered and none made;
- an idle turn: a move was legal in the Movement Sequence and no stack moved;
- back and forth: an Army Stack ends a turn on the hex it left the turn before, where it did
  nothing (its cards and its player's score the same over that turn);
- a Hero lost: a Hero card of the seat's Army Stacks gone from the map (killed, or a defending
  stack that withdrew or surrendered).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...engine import Game, Result
from .content import Content
from .queries import is_hero
from .state import H4State
from .turn import scores

HAND_FULL = 8  # cards in hand that count as a full hand (the reports: 9 to 11 held for rounds)


@dataclass
class Habits:
    turns: int = 0  # the watched seats' turns
    over_full: int = 0  # turns ended holding more than HAND_FULL cards
    full_idle: int = 0  # turns ended with HAND_FULL or more, a purchase offered and none made
    idle: int = 0  # turns with a move legal and none made
    back_and_forth: int = 0
    heroes_lost: int = 0
    games: int = 0
    score: int = 0  # the watched seats' points, summed
    seats: int = 0  # watched seats over the games
    wins: int = 0  # watched seats among the winners (a shared victory counts)
    decisions: int = 0  # the watched seats' decisions (of two or more actions)
    seconds: float = 0.0  # the time their agents took over them


@dataclass
class _Turn:
    seat: int
    score: int
    start: dict[int, tuple[int, tuple[str, ...]]]  # marker -> (hex, cards) at the turn's start
    offered: bool = False  # a purchase was offered
    bought: bool = False
    movable: bool = False  # a move was legal
    moved: bool = False
    end_score: int = 0
    end: dict[int, tuple[int, tuple[str, ...]]] = field(default_factory=dict)


def _stacks(s: H4State, seat: int) -> dict[int, tuple[int, tuple[str, ...]]]:
    return {a.marker: (a.hex, tuple(a.cards)) for a in s.armies_of(seat)}


def _heroes(c: Content, s: H4State, seat: int) -> int:
    return sum(1 for a in s.armies_of(seat) for k in a.cards if is_hero(c, k))


def _close(c: Content, s: H4State, t: _Turn, last: dict[int, _Turn], h: Habits) -> None:
    t.end = _stacks(s, t.seat)
    h.turns += 1
    hand = len(s.players[t.seat].hand)
    h.over_full += hand > HAND_FULL
    h.full_idle += hand >= HAND_FULL and t.offered and not t.bought
    h.idle += t.movable and not t.moved
    before = last.get(t.seat)
    if before is not None:
        for m, (hex, _) in t.end.items():
            was, now = before.start.get(m), before.end.get(m)
            if was is None or now is None or t.start.get(m) != now:
                continue
            # it went was -> now the turn before, did nothing at now, and came back this turn
            if hex == was[0] != now[0] and now[1] == was[1] and before.end_score == before.score:
                h.back_and_forth += 1
    last[t.seat] = t


def watch(game: Game[Any], c: Content, state: H4State, agents: Sequence[Any], watched: set[int],
          h: Habits, max_decisions: int = 100_000) -> Result | None:
    """Play ``state`` to the end with ``agents``, counting the ``watched`` seats' habits in ``h``."""
    s = state
    turn: _Turn | None = None
    last: dict[int, _Turn] = {}
    key = (-1, -1)
    for _ in range(max_decisions):
        d = game.decision(s)
        if d is None:
            break
        if s.stage in ("purchase", "pay", "move") and (s.turn, s.current) != key:
            if turn is not None and turn.seat in watched:
                turn.end_score = scores(c, s)[turn.seat]
                _close(c, s, turn, last, h)
            key = (s.turn, s.current)
            turn = _Turn(s.current, scores(c, s)[s.current], _stacks(s, s.current))
        own = turn is not None and d.player == turn.seat and not s.pending and s.battle is None
        if own and turn is not None:
            turn.offered |= any(a.name == "buy" for a in d.actions)
            turn.movable |= any(a.name == "move" for a in d.actions)
        t0 = time.perf_counter()
        action = agents[d.player].act(game, s, d)
        if d.player in watched and len(d.actions) > 1:
            h.seconds += time.perf_counter() - t0
            h.decisions += 1
        if own and turn is not None:
            turn.bought |= action.name == "buy"
            turn.moved |= action.name == "move"
        heroes = {seat: _heroes(c, s, seat) for seat in watched}
        game.apply(s, action)
        for seat in watched:
            h.heroes_lost += max(0, heroes[seat] - _heroes(c, s, seat))
    if turn is not None and turn.seat in watched:
        turn.end_score = scores(c, s)[turn.seat]
        _close(c, s, turn, last, h)
    result = game.result(s)
    if result is not None:
        h.games += 1
        for seat in watched:
            h.seats += 1
            h.score += result.scores[seat]
            h.wins += seat in result.winners
    return result
