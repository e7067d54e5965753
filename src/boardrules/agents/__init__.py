"""Agents that play any game through the engine's API alone: random, greedy, and the tree
searches ismcts and mcts (in ``search``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Action, Decision, Game, OptionError, Rng

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


# an action taken this often in one turn is passed over while another is legal: an agent can go
# round for ever between choices it finds equal (Mage Knight: switching the attack to block, when
# neither the block nor ending the phase looks better); greedy and the search agents keep to it
REPEATS = 8


class GreedyAgent:
    """One step of lookahead on the game's heuristic; ties broken at random.

    A game may offer ``greedy_action(state, decision, rng)`` to steer multi-step decisions;
    when it returns None the lookahead decides.
    """

    name = "greedy"
    REPEATS = REPEATS

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.turn: tuple[int, int] = (-1, -1)  # (turn, player) of the counts
        self.taken: dict[str, int] = {}

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action:
        if len(decision.actions) == 1:
            return decision.actions[0]
        turn = (game.turn_number(state), decision.player)
        if turn != self.turn:
            self.turn, self.taken = turn, {}
        hook = getattr(game, "greedy_action", None)
        return greedy_choice(game, state, decision, self.rng, self.taken, hook)


def greedy_choice(game: Game[Any], state: Any, decision: Decision, rng: Rng, taken: dict[str, int],
                  hook: Callable[..., Action | None] | None, spent: list[int] | None = None) -> Action:
    """Greedy's choice among two or more actions: the game's hook (``greedy_action``) where it
    gives one, else one step of lookahead on the heuristic, ties broken by ``rng``; an action
    already taken REPEATS times (``taken``, by text, counted here) is passed over while another
    is legal. The search's policy rollouts (``rollout=greedy``) play by it too, counting the
    actions its lookahead judges in ``spent`` (the search's ``work``)."""
    actions = decision.actions
    if hook is not None:
        steered: Action | None = hook(state, decision, rng)
        # the game's own choice is held to the same limit, or a policy could go round for ever
        if steered is not None and taken.get(steered.text, 0) < REPEATS:
            taken[steered.text] = taken.get(steered.text, 0) + 1
            return steered
    fresh = [a for a in actions if taken.get(a.text, 0) < REPEATS]
    if fresh and len(fresh) < len(actions):
        actions = tuple(fresh)
    best: list[Action] = []
    best_value = float("-inf")
    player = decision.player
    successor, heuristic = game.successor, game.heuristic
    if spent is not None:
        spent[0] += len(actions)
    for action in actions:
        value = heuristic(successor(state, action), player)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif value > best_value - 1e-9:
            best.append(action)
    chosen = rng.choice(best)
    taken[chosen.text] = taken.get(chosen.text, 0) + 1
    return chosen


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
