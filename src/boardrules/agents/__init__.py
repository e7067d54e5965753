"""Agents that play any game through the engine's API alone."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Action, Decision, Game, OptionError, Rng


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


class GreedyAgent:
    """One step of lookahead on the game's heuristic; ties broken at random.

    A game may offer ``greedy_action(state, decision, rng)`` to steer multi-step decisions;
    when it returns None the lookahead decides.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action:
        actions = decision.actions
        if len(actions) == 1:
            return actions[0]
        hook = getattr(game, "greedy_action", None)
        if hook is not None:
            chosen = hook(state, decision, self.rng)
            if chosen is not None:
                return chosen  # type: ignore[no-any-return]
        best: list[Action] = []
        best_value = float("-inf")
        for action in actions:
            child = game.clone(state)
            game.apply(child, action)
            value = game.heuristic(child, decision.player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)


AGENTS: dict[str, Callable[[int], Any]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int) -> Any:
    """An agent by name (``human`` is handled by the CLI, not here)."""
    factory = AGENTS.get(name)
    if factory is None:
        raise OptionError(f"unknown agent {name!r}; choose from: {', '.join(sorted(AGENTS))}, human")
    return factory(seed)
