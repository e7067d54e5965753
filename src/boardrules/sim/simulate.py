"""Bulk simulation: many seeded games between AI agents, in parallel, reproducibly.

Every game's seed comes from the master seed and the game's index only, and every agent's
seed from the game seed and its seat, so a run gives the same records whatever the number of
worker processes or cluster nodes (results are collected in game order). Where the games are
played is a backend's business (``backends``: this machine's processes, or a Ray cluster).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..engine import Game, OptionError, Rng, set_up
from ..games import load_game
from .backends import Backend, LocalBackend
from .stats import mean, sd, wilson

MAX_DECISIONS = 100_000


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run with master seed ``master``."""
    return Rng(master * 1_000_003 + index).next64()


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game with seed ``seed``."""
    return Rng(seed * 1_000_003 + 7919 * (seat + 1)).next64()


@dataclass(frozen=True)
class GameRecord:
    """One simulated game. ``finished`` is False when the game hit the decision cap or failed
    (then ``error`` says why, and winners and scores are empty)."""

    index: int
    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    turns: int
    decisions: int
    finished: bool = True
    error: str | None = None
    tags: tuple[tuple[str, ...], ...] = ()  # per seat, Game.balance_tags at the end
    counts: tuple[tuple[tuple[str, int], ...], ...] = ()  # per seat, a game's balance_counts at the end
    order: tuple[int, ...] = ()  # the seats in the order they played the first round (Game.turn_order)
    rounds: tuple[tuple[int, ...], ...] = ()  # per turn, every seat's score when it ended (Game.round_scores)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "scores": list(self.scores),
            "turns": self.turns,
            "decisions": self.decisions,
            "finished": self.finished,
        }
        if self.error:
            out["error"] = self.error
        if any(self.tags):
            out["tags"] = [list(t) for t in self.tags]
        if any(self.counts):
            out["counts"] = [dict(c) for c in self.counts]
        if self.order:
            out["order"] = list(self.order)
        if self.rounds:
            out["rounds"] = [list(x) for x in self.rounds]
        return out


def check_seats(game: Game[Any], seats: Sequence[str], options: Mapping[str, str] | None) -> dict[str, str]:
    """Validate an all-AI seat list and the options; returns the options with defaults."""
    if not seats:
        raise OptionError("no seats given: list one agent per player, e.g. greedy,random")
    opts, _ = set_up(game, len(seats), 0, options)  # what play refuses, refused before the first game
    for i, name in enumerate(seats):
        if name == "human":
            raise OptionError("a simulation has no human seats; use AI agents (greedy, random)")
        make_agent(name, 0, i)  # raises OptionError for an unknown agent or a bad parameter
        if ":" in name and "seconds=" in name.partition(":")[2]:
            raise OptionError(f"seat {i + 1}: a simulation gives the same games for the same seed, which a "
                              "time budget would not; give the search agent iterations, not seconds")
    return opts


class TurnWatch:
    """What a simulation notes of a game as it goes: the first turn order the game gives
    (``Game.turn_order``), and every seat's score when each turn ends (``Game.round_scores``,
    read when ``turn_number`` changes). A game with neither hook costs one call a decision."""

    def __init__(self, game: Game[Any], state: Any, players: int) -> None:
        self.game = game
        first = game.turn_order(state)
        self.order: tuple[int, ...] = tuple(range(players)) if first is None else tuple(first)
        self.scored = game.round_scores(state) is not None
        self.turn = game.turn_number(state)
        self.by_turn: dict[int, tuple[int, ...]] = {}

    def step(self, state: Any) -> None:
        if not self.order:
            self.order = tuple(self.game.turn_order(state) or ())
        if self.scored:
            turn = self.game.turn_number(state)
            if turn != self.turn:
                self.by_turn[self.turn] = tuple(self.game.round_scores(state) or ())
                self.turn = turn

    def finish(self, state: Any, turns: int) -> tuple[tuple[int, ...], ...]:
        """The scores at the end of turns 1 to ``turns`` (the result's), the last from the end."""
        if not self.scored:
            return ()
        self.by_turn[self.turn] = tuple(self.game.round_scores(state) or ())
        out: list[tuple[int, ...]] = []
        for t in range(1, turns + 1):
            if t in self.by_turn:
                out.append(self.by_turn[t])
            elif out:  # a turn the counter skipped: the score stands as it was
                out.append(out[-1])
        if out and self.turn > turns:  # the counter moved past the last turn: the end's score is the last
            out[-1] = self.by_turn[self.turn]
        return tuple(out)


def play_one(
    game: Game[Any],
    seats: Sequence[str],
    seed: int,
    options: Mapping[str, str] | None = None,
    max_decisions: int = MAX_DECISIONS,
    index: int = 0,
) -> GameRecord:
    """Play one game between the named agents; never raises for a game that goes wrong."""
    decisions = 0
    state: Any = None
    try:
        state = game.new_state(len(seats), seed, options)
        agents = [make_agent(name, agent_seed(seed, i)) for i, name in enumerate(seats)]
        watch = TurnWatch(game, state, len(seats))
        while True:
            d = game.decision(state)
            if d is None:
                break
            if decisions >= max_decisions:
                return GameRecord(index, seed, tuple(seats), (), (), game.turn_number(state), decisions,
                                  False, f"no end within {max_decisions} decisions")
            game.apply(state, agents[d.player].act(game, state, d))
            decisions += 1
            watch.step(state)
        result = game.result(state)
        if result is None:
            raise RuntimeError("the game has no decision left but no result")
        tags = tuple(tuple(t) for t in game.balance_tags(state))
        hook = getattr(game, "balance_counts", None)  # optional: what a seat did, counted (sites conquered...)
        counts = tuple(tuple(sorted(c.items())) for c in hook(state)) if hook is not None else ()
        return GameRecord(index, seed, tuple(seats), tuple(result.winners), tuple(result.scores),
                          result.turns, decisions, tags=tags, counts=counts, order=watch.order,
                          rounds=watch.finish(state, result.turns))
    except Exception as exc:  # a broken game is reported, not allowed to end the whole run
        turns = game.turn_number(state) if state is not None else 0
        return GameRecord(index, seed, tuple(seats), (), (), turns, decisions, False,
                          f"{type(exc).__name__}: {exc}")


Files = tuple[tuple[str, str], ...]  # the text of each file a run's options name, by option
_GAME_CACHE: dict[tuple[str, Files], Game[Any]] = {}


def cached_game(name: str, files: Files = ()) -> Game[Any]:
    """The game ``name`` (playing on ``files``, as ``Game.option_files`` read them), loaded
    once per process."""
    game = _GAME_CACHE.get((name, files))
    if game is None:
        game = load_game(name)
        if files:
            game = game.with_option_files(dict(files))
        _GAME_CACHE[(name, files)] = game
    return game


def option_files(game: Game[Any], options: Mapping[str, str]) -> Files:
    """The files a run's options name, read once where the run starts, so that every game
    plays on the same text wherever it is played (a cluster node need not have the file)."""
    return tuple(sorted(game.option_files(options).items()))


def _run_index(
    game_name: str, files: Files, seats: tuple[str, ...], master: int, options: dict[str, str],
    max_decisions: int, index: int,
) -> GameRecord:
    game = cached_game(game_name, files)
    return play_one(game, seats, game_seed(master, index), options, max_decisions, index)


def iter_finished(
    game_name: str,
    n: int,
    seats: Sequence[str],
    seed: int,
    workers: int = 1,
    options: Mapping[str, str] | None = None,
    max_decisions: int = MAX_DECISIONS,
    backend: Backend | None = None,
) -> Iterator[GameRecord]:
    """The records of games 0 to n-1 as each game finishes: in order on one worker, in the
    order they finish on several (``InOrder`` puts them back in game order). Each game comes
    back alone, so a run stopped early loses only the games being played. ``backend`` says
    where the games are played (default: this machine, on ``workers`` processes)."""
    if n < 0:
        raise OptionError(f"the number of games cannot be negative ({n})")
    if workers < 1:
        raise OptionError(f"--workers must be at least 1 (not {workers})")
    game = cached_game(game_name)
    opts = check_seats(game, list(seats), options)
    run = functools.partial(_run_index, game_name, option_files(game, opts), tuple(seats), seed, opts,
                            max_decisions)
    yield from (backend or LocalBackend(workers)).finished(run, n)


class InOrder:
    """Records taken as they finish and given back in game order (by ``index``, from 0); what
    is held when a run stops early, the finished games after a gap, is ``rest``."""

    def __init__(self) -> None:
        self.next = 0
        self.held: dict[int, GameRecord] = {}

    def put(self, rec: GameRecord) -> list[GameRecord]:
        """The records that follow in order now that ``rec`` is in."""
        self.held[rec.index] = rec
        out = []
        while self.next in self.held:
            out.append(self.held.pop(self.next))
            self.next += 1
        return out

    def rest(self) -> list[GameRecord]:
        """The records held (finished, though an earlier game has not), in game order."""
        out = [self.held[i] for i in sorted(self.held)]
        self.held.clear()
        return out


def iter_games(
    game_name: str,
    n: int,
    seats: Sequence[str],
    seed: int,
    workers: int = 1,
    options: Mapping[str, str] | None = None,
    max_decisions: int = MAX_DECISIONS,
    backend: Backend | None = None,
) -> Iterator[GameRecord]:
    """The records of games 0 to n-1, in order, as they finish."""
    order = InOrder()
    for rec in iter_finished(game_name, n, seats, seed, workers, options, max_decisions, backend):
        yield from order.put(rec)


def simulate(
    game_name: str,
    n: int,
    seats: Sequence[str],
    seed: int,
    workers: int = 1,
    options: Mapping[str, str] | None = None,
    max_decisions: int = MAX_DECISIONS,
    progress: Callable[[GameRecord], None] | None = None,
    backend: Backend | None = None,
) -> list[GameRecord]:
    """Run ``n`` games of ``game_name`` with one agent per seat; ``progress`` is called with
    each record in game order. The same arguments give the same records for any ``workers``
    and any ``backend``."""
    records = []
    for rec in iter_games(game_name, n, seats, seed, workers, options, max_decisions, backend):
        records.append(rec)
        if progress is not None:
            progress(rec)
    return records


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    agent: str
    wins: int
    games: int  # finished games
    win_rate: float
    ci_low: float
    ci_high: float
    score_mean: float
    score_sd: float


@dataclass(frozen=True)
class Spread:
    mean: float = 0.0
    sd: float = 0.0
    min: int = 0
    max: int = 0

    @classmethod
    def of(cls, xs: Sequence[int]) -> Spread:
        return cls(mean(xs), sd(xs), min(xs), max(xs)) if xs else cls()

    def __str__(self) -> str:
        return f"{self.mean:.1f} ± {self.sd:.1f} (min {self.min}, max {self.max})"


@dataclass(frozen=True)
class Summary:
    """Per-seat win rates (95% Wilson intervals; a shared victory is a win for each winner)
    and scores over the finished games, plus game lengths."""

    games: int
    finished: int
    unfinished: int
    shared_victories: int
    seats: tuple[SeatSummary, ...]
    turns: Spread
    decisions: Spread
    elapsed: float | None = None
    errors: tuple[str, ...] = field(default_factory=tuple)  # distinct reasons for unfinished games

    @property
    def games_per_second(self) -> float | None:
        if self.elapsed is None or self.elapsed <= 0:
            return None
        return self.games / self.elapsed

    def lines(self) -> list[str]:
        """A plain-text report (the CLI prints a table instead)."""
        out = [f"{self.finished} of {self.games} games finished"
               + (f" ({self.unfinished} unfinished)" if self.unfinished else "")]
        for s in self.seats:
            out.append(
                f"seat {s.seat + 1} {s.agent:<8} wins {s.wins:>5}/{s.games:<5} {s.win_rate:6.1%} "
                f"(95% CI {s.ci_low:.1%}-{s.ci_high:.1%})  score {s.score_mean:.1f} ± {s.score_sd:.1f}"
            )
        out.append(f"turns: {self.turns}")
        out.append(f"decisions: {self.decisions}")
        if self.games_per_second is not None:
            out.append(f"{self.games_per_second:.1f} games/s")
        return out


@dataclass(frozen=True)
class TagSummary:
    """How the seats that played one tag (a Race, a Power, a combo, an army) fared: a seat
    that played it counts once per game."""

    tag: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    score_mean: float
    means: tuple[tuple[str, float], ...] = ()  # the mean of each ``mean:NAME`` count of these seats

    @property
    def category(self) -> str:
        return self.tag.split(":", 1)[0]

    @property
    def name(self) -> str:
        return self.tag.split(":", 1)[-1]


def balance(records: Iterable[GameRecord]) -> list[TagSummary]:
    """Win rate (95% Wilson interval) and mean score for every balance tag, over the finished
    games; sorted by category, then win rate."""
    wins: dict[str, int] = {}
    scores: dict[str, list[int]] = {}
    sums: dict[str, dict[str, int]] = {}  # a game's ``mean:NAME`` counts (Mage Knight's Fame), by tag
    for r in records:
        if not r.finished:
            continue
        for seat, tags in enumerate(r.tags):
            counted = [(k[5:], n) for k, n in (r.counts[seat] if seat < len(r.counts) else ()) if k.startswith("mean:")]
            for tag in tags:
                scores.setdefault(tag, []).append(r.scores[seat])
                wins[tag] = wins.get(tag, 0) + (seat in r.winners)
                for key, n in counted:
                    sums.setdefault(tag, {})[key] = sums.get(tag, {}).get(key, 0) + n
    out = []
    for tag, xs in scores.items():
        lo, hi = wilson(wins[tag], len(xs))
        means = tuple((k, n / len(xs)) for k, n in sorted(sums.get(tag, {}).items()))
        out.append(TagSummary(tag, len(xs), wins[tag], wins[tag] / len(xs), lo, hi, mean(xs), means))
    out.sort(key=lambda x: (x.category, -x.win_rate, -x.games, x.tag))
    return out


@dataclass(frozen=True)
class CountSummary:
    """How often the seats did one counted thing (``site:keep``: keeps conquered), over the
    finished games: the total, the mean per seat and game, and the share of seats that did it
    at least once."""

    key: str
    seats: int
    total: int
    mean: float
    share: float

    @property
    def category(self) -> str:
        return self.key.split(":", 1)[0]

    @property
    def name(self) -> str:
        return self.key.split(":", 1)[-1]


def count_summary(records: Iterable[GameRecord]) -> list[CountSummary]:
    """The counts of every finished game's seats, by key; sorted by category, then the mean."""
    seats = 0
    totals: dict[str, int] = {}
    some: dict[str, int] = {}
    for r in records:
        if not r.finished or not r.counts:
            continue
        seats += len(r.counts)
        for counted in r.counts:
            for key, n in counted:
                if key.startswith("mean:"):  # shown by tag in the balance report
                    continue
                totals[key] = totals.get(key, 0) + n
                some[key] = some.get(key, 0) + (n > 0)
    out = [CountSummary(k, seats, n, n / seats, some[k] / seats) for k, n in totals.items()]
    out.sort(key=lambda x: (x.category, -x.mean, x.key))
    return out


def summarize(records: Iterable[GameRecord], elapsed: float | None = None) -> Summary:
    """Statistics over simulated games (``elapsed``: wall time in seconds, for games/s)."""
    recs = list(records)
    done = [r for r in recs if r.finished]
    seats = recs[0].seats if recs else ()
    per_seat = []
    for i, agent in enumerate(seats):
        wins = sum(1 for r in done if i in r.winners)
        scores = [r.scores[i] for r in done]
        lo, hi = wilson(wins, len(done))
        per_seat.append(SeatSummary(i, agent, wins, len(done), wins / len(done) if done else 0.0,
                                    lo, hi, mean(scores), sd(scores)))
    errors = tuple(dict.fromkeys(r.error or "unfinished" for r in recs if not r.finished))
    return Summary(
        games=len(recs),
        finished=len(done),
        unfinished=len(recs) - len(done),
        shared_victories=sum(1 for r in done if len(r.winners) > 1),
        seats=tuple(per_seat),
        turns=Spread.of([r.turns for r in done]),
        decisions=Spread.of([r.decisions for r in done]),
        elapsed=elapsed,
        errors=errors,
    )
