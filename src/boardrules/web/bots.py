"""Agents playing seats on the server: off the request path, one worker thread for every game,
and deterministic, so that a game resumed after a restart plays on exactly as it would have.

Each decision of an agent is made by a fresh agent seeded from the game's seed, the seat and
the move number (``bot_seed``), never by one whose generator ran since the server started. What
an agent carries from one decision to the next within a turn (the count of each action it took,
by which ``REPEATS`` stops it going round for ever between choices it finds equal) is worked out
again from the game's history, the same whether the server ran through or was restarted.

The agent thinks on a copy of the state, outside the game's lock; its choice is played only if
the game is still at the move it was asked at (a human may undo, or take the seat back, while
it thinks).
"""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass
from typing import Any

from ..agents import HUMAN, SEARCH_AGENTS, make_agent, parse_seats
from ..engine import Action, OptionError, Rng
from ..sim.simulate import agent_seed
from .errors import Refused
from .table import Table

log = logging.getLogger("boardrules.web")

# a search agent's work per decision on a shared server: a seat may not hold the worker for minutes
MAX_ITERATIONS = 5_000
MAX_DEPTH = 200
MAX_AGENT_TEXT = 200


def bot_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the agent deciding for ``seat`` at ``move`` of the game seeded ``seed``."""
    return Rng(agent_seed(seed, seat) ^ move).next64()


def check_agent(text: object, seat: int) -> str:
    """An agent's text as a seat holds it (``greedy``, ``ismcts:iterations=400,depth=30``),
    checked: a known agent with valid parameters, within the server's bounds, and without a
    time budget (``seconds``: a resumed game would not play on as it would have). Raises
    Refused (422) naming the seat."""
    if not isinstance(text, str):
        raise Refused(422, f"seat {seat}: a seat is an agent's name as text (human, greedy, "
                      f"ismcts:iterations=400), not {type(text).__name__}")
    if len(text) > MAX_AGENT_TEXT:
        raise Refused(422, f"seat {seat}: an agent's text is at most {MAX_AGENT_TEXT} characters")
    try:
        seats = parse_seats(text)
        if len(seats) != 1:
            raise OptionError(f"one agent per seat, not {len(seats)} ({text!r})")
        spec = seats[0]
        if spec != HUMAN:
            agent = make_agent(spec, 0, where=f"seat {seat}")  # seats are numbered from 0 here
            _check_bounds(spec, agent)
    except OptionError as exc:
        message = str(exc)
        raise Refused(422, message if message.startswith("seat ") else f"seat {seat}: {message}") from None
    return spec


def _check_bounds(spec: str, agent: Any) -> None:
    name, _, params = spec.partition(":")
    if name not in SEARCH_AGENTS or not params:
        return
    keys = {piece.partition("=")[0].strip() for piece in params.split(",")}
    if "seconds" in keys:
        raise OptionError(f"{name}: a time budget (seconds=) is refused by the server: the same game would "
                          "not play the same way twice; give iterations= or work= instead")
    if (agent.iterations or 0) > MAX_ITERATIONS:
        raise OptionError(f"{name}: at most {MAX_ITERATIONS:,} iterations a decision on the server")
    if (agent.depth or 0) > MAX_DEPTH:
        raise OptionError(f"{name}: a depth of at most {MAX_DEPTH} on the server")


@dataclass(slots=True)
class Job:
    """A decision an agent is to make: the game's move, the seat, the agent, a copy of the
    state, and the counts of the actions it took this turn."""

    table: Table
    move: int
    seat: int
    agent: str
    state: Any
    turn: int
    taken: dict[str, int]


def job_for(table: Table) -> Job | None:
    """The decision an agent must make in ``table`` now, or None (a human is asked, or it is over)."""
    with table.lock:
        if table.stopped:
            return None
        session, game = table.session, table.game
        asked = session.decision
        if asked is None or table.seats[asked.player] == HUMAN:
            return None
        seat = asked.player
        turn = game.turn_number(session.state)
        taken: dict[str, int] = {}
        for step in reversed(session.history):  # what this seat chose this turn, as the agent counts
            if game.turn_number(step.before) != turn:
                break
            if step.player == seat and len(game.legal_actions(step.before)) > 1:
                taken[step.action.text] = taken.get(step.action.text, 0) + 1
        return Job(table, table.move, seat, table.seats[seat], game.clone(session.state), turn, taken)


def decide(job: Job) -> Action:
    """The agent's choice for ``job`` (on its copy of the state)."""
    game = job.table.game
    agent = make_agent(job.agent, bot_seed(job.table.session.seed, job.seat, job.move), job.seat)
    if hasattr(agent, "taken"):  # greedy and the search agents: their counts of this turn
        agent.turn, agent.taken = (job.turn, job.seat), job.taken
    decision = game.decision(job.state)
    assert decision is not None  # job_for made a job only for a decision
    action: Action = agent.act(game, job.state, decision)
    return action


class BotWorker:
    """One thread playing the agents' decisions of every game, a decision at a time, the games
    in turn (a game whose agents play many decisions in a row does not hold up the others)."""

    def __init__(self) -> None:
        self.queue: queue.Queue[Table | None] = queue.Queue()
        self.waiting: set[str] = set()
        self.guard = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="boardrules-bots", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=10)

    def wake(self, table: Table) -> None:
        """``table`` may have an agent to move: queue it once."""
        with self.guard:
            if table.id in self.waiting:
                return
            self.waiting.add(table.id)
        self.queue.put(table)

    def _run(self) -> None:
        while True:
            table = self.queue.get()
            if table is None:
                return
            with self.guard:
                self.waiting.discard(table.id)
            try:
                job = job_for(table)
                if job is not None:
                    action = decide(job)
                    table.play_for_bot(job.move, job.seat, action)  # its commit wakes the table again
            except Exception as exc:  # the worker serves every game: one agent's failure stops only its game
                why = exc.message if isinstance(exc, Refused) else f"{type(exc).__name__}: {exc}"
                log.exception("game %s: the agent's move failed: %s", table.id, why)
                with table.lock:
                    table.stopped = table.stopped or f"the game stopped: an agent's move failed ({why})"
