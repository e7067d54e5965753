"""Agents that play any game through the engine's API alone: random, greedy, and the tree
searches ismcts and mcts (in ``search``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Action, Decision, Game, OptionError
from .greedy import REPEATS, GreedyAgent, greedy_choice

if TYPE_CHECKING:
    from .search import Node, SearchAgent, parse_parameters, rewards


class Agent(Protocol):
    name: str

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions, from a seeded generator of its own (Python's
    Mersenne Twister, whose ``random()`` gives the same numbers on every platform: the agent
    is outside the game state, and its choice is the hot path of every random game)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed).random

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        return actions[int(self.random() * len(actions))]


def _ismcts(seed: int, **params: Any) -> SearchAgent:
    from .search import SearchAgent

    return SearchAgent(seed, determinized=True, **params)


def _mcts(seed: int, **params: Any) -> SearchAgent:
    from .search import SearchAgent

    return SearchAgent(seed, determinized=False, **params)


AGENTS: dict[str, Callable[..., Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": _ismcts,
    "mcts": _mcts,
}
SEARCH_AGENTS = frozenset({"ismcts", "mcts"})  # the agents that take parameters
HUMAN = "human"


def split_seats(text: str) -> list[str]:
    """A seat list as seats: ``ismcts:iterations=400,depth=30,human`` is two seats, since a
    comma-separated piece holding ``=`` (and no ``:``) continues the previous seat's
    parameters (agent names never hold ``=``). Seats are lower-cased; pieces are not checked."""
    seats: list[str] = []
    for raw in text.split(","):
        name, colon, rest = raw.strip().lower().partition(":")
        piece = name.strip() + colon + rest  # "ismcts :iterations=5" is ismcts with its parameters
        if seats and "=" in piece and ":" not in piece and ":" in seats[-1]:
            seats[-1] += "," + piece
        else:
            seats.append(piece)
    return seats


def check_seat(spec: str, seat: int) -> None:
    """Refuse an unknown agent or a bad parameter, naming the seat (numbered from 1)."""
    if spec != HUMAN:
        make_agent(spec, 0, seat)


def parse_seats(text: str) -> list[str]:
    """A seat list as typed (``human,greedy`` or ``ismcts:iterations=400,depth=30,human``) as
    seats; raises OptionError when it is empty or has an empty seat. Names are not checked."""
    seats = split_seats(text)
    if not seats or any(not s for s in seats):
        raise OptionError(f"a seat list is agent names separated by commas (e.g. human,greedy or "
                          f"ismcts:iterations=400,depth=30,human), not {_cut(text, 24)!r}")
    return seats


def check_seat_names(seats: Sequence[str]) -> None:
    """Refuse the first unknown agent or bad parameter among ``seats``, naming its seat."""
    for i, spec in enumerate(seats):
        check_seat(spec, i)


def make_agent(spec: str, seed: int, seat: int | None = None, where: str | None = None) -> Any:
    """An agent from its seat text, ``name`` or ``name:param=value,...`` (``human`` is handled
    by the CLI, not here); ``seat`` (from 0), or else ``where``, is named in errors."""
    where = f"seat {seat + 1}" if seat is not None else where or "the seat"
    name, colon, params = spec.partition(":")
    name = name.strip()
    if name == HUMAN and colon:
        raise OptionError(f"{where}: {HUMAN} takes no parameters (only {', '.join(sorted(SEARCH_AGENTS))} do)")
    factory = AGENTS.get(name)
    if factory is None:
        raise OptionError(f"{where}: unknown agent {_cut(name)!r}; choose from: {', '.join(sorted(AGENTS))}, {HUMAN}")
    if not colon:
        return factory(seed)
    if name not in SEARCH_AGENTS:
        raise OptionError(f"{where}: the agent {name!r} takes no parameters (only {', '.join(sorted(SEARCH_AGENTS))} do)")
    if not params.strip():
        raise OptionError(f"{where}: {name}: is followed by no parameters; write e.g. {name}:iterations=400")
    from .search import parse_parameters

    return factory(seed, **parse_parameters(name, params, where))


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def __getattr__(name: str) -> Any:
    # the search module is imported when first used: random games (and their instruction
    # counts, benchmarks/count_instructions.sh) do not pay for compiling it
    if name in ("Node", "SearchAgent", "parse_parameters", "rewards"):
        from . import search

        return getattr(search, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["AGENTS", "HUMAN", "REPEATS", "SEARCH_AGENTS", "Agent", "GreedyAgent", "Node", "RandomAgent", "SearchAgent", "check_seat",
           "check_seat_names", "greedy_choice", "make_agent", "parse_parameters", "parse_seats", "rewards", "split_seats"]
