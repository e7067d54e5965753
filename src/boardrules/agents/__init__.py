"""Agents that play any game through the engine's API alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..engine import Action, Decision, Game, OptionError, Rng


class Agent(Protocol):
    name: str

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action: ...


_MASK64 = (1 << 64) - 1


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, game: Game[Any], state: Any, decision: Decision) -> Action:
        # Rng.choice with Rng.next64's arithmetic inlined (the same numbers): the hot path of
        # every random game
        rng = self.rng
        rng.draws += 1
        rng.state = z = (rng.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        actions = decision.actions
        return actions[((z ^ (z >> 31)) * len(actions)) >> 64]


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
