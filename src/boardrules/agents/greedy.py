"""The greedy agent: one step of lookahead on the game's heuristic. Its choice (``greedy_choice``)
is also the policy of the search's rollouts, so it sits below both ``boardrules.agents`` and
``agents.search``, which import it from here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, Decision, Game, Rng

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


def least_taken(actions: tuple[Action, ...], taken: dict[str, int]) -> tuple[Action, ...]:
    """The actions taken fewer than REPEATS times this turn (``taken``, by text); when every one
    has been, those taken least: a turn whose every choice has come round that often (a target
    chosen and unchosen, a phase left and gone back to) goes on to the choice it has made least,
    never round the same ones for ever."""
    fresh = tuple(a for a in actions if taken.get(a.text, 0) < REPEATS)
    if fresh:
        return fresh
    least = min(taken.get(a.text, 0) for a in actions)
    return tuple(a for a in actions if taken.get(a.text, 0) == least)


def greedy_choice(game: Game[Any], state: Any, decision: Decision, rng: Rng, taken: dict[str, int],
                  hook: Callable[..., Action | None] | None, spent: list[int] | None = None) -> Action:
    """Greedy's choice among two or more actions: the game's hook (``greedy_action``) where it
    gives one, else one step of lookahead on the heuristic, ties broken by ``rng``; an action
    already taken REPEATS times (``taken``, by text, counted here) is passed over while another
    is legal (``least_taken``). The search's policy rollouts (``rollout=greedy``) play by it too, counting the
    actions its lookahead judges in ``spent`` (the search's ``work``)."""
    actions = decision.actions
    if hook is not None:
        steered: Action | None = hook(state, decision, rng)
        # the game's own choice is held to the same limit, or a policy could go round for ever
        if steered is not None and taken.get(steered.text, 0) < REPEATS:
            taken[steered.text] = taken.get(steered.text, 0) + 1
            return steered
    fresh = least_taken(actions, taken)
    if len(fresh) < len(actions):
        actions = fresh
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
