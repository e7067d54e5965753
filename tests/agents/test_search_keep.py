"""Keeping the tree between a player's decisions of one turn (``keep``, docs/agents.md "Seats and
parameters"): the search of the next decision grows the tree below the action chosen, its visits
counting toward the iterations, at least FRESH of them new; never across a turn or where another
player decided next in the samples."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest

from boardrules.agents import SearchAgent, make_agent
from boardrules.agents.search import FRESH
from boardrules.engine import Action, Decision, Event, Game, OptionError, Rng
from boardrules.engine import Result as GameResult


class Heap:
    __slots__ = ("stones", "player", "picks", "turn", "rng", "over", "winner")

    def __init__(self, stones: int) -> None:
        self.stones, self.player, self.picks, self.turn, self.rng = stones, 0, 0, 0, Rng(1)
        self.over, self.winner = False, -1


class TwoPicks(Game[Heap]):
    """A turn is two picks of 1 or 2 stones by the same player; who takes the last stone wins."""

    name = "two-picks"
    title = "Two picks"
    min_players = max_players = 2
    rules_version = "1"

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> Heap:
        return Heap(seed)

    def decision(self, state: Heap) -> Decision | None:
        if state.over:
            return None
        return Decision(state.player, "take", tuple(Action.of("take", k) for k in (1, 2) if k <= state.stones))

    def apply(self, state: Heap, action: Action) -> list[Event]:
        state.stones -= int(action.args[0])
        if state.stones == 0:
            state.over, state.winner = True, state.player
            return []
        state.picks += 1
        if state.picks == 2:
            state.player, state.picks, state.turn = 1 - state.player, 0, state.turn + 1
        return []

    def turn_number(self, state: Heap) -> int:
        return state.turn

    def result(self, state: Heap) -> GameResult | None:
        return GameResult((int(state.winner == 0), int(state.winner == 1)), (state.winner,), 0) if state.over else None

    def view(self, state: Heap, player: int | None) -> dict[str, Any]:
        return {"stones": state.stones}

    def determinize(self, state: Heap, player: int, rng: Rng) -> Heap:
        return self.clone(state)

    def clone(self, state: Heap) -> Heap:
        out = Heap(state.stones)
        out.player, out.picks, out.turn, out.over, out.winner = state.player, state.picks, state.turn, state.over, state.winner
        out.rng = state.rng.copy()
        return out

    def to_json(self, state: Heap) -> dict[str, Any]:
        return {"stones": state.stones, "player": state.player, "picks": state.picks}

    def player_names(self, state: Heap) -> list[str]:
        return ["A", "B"]


def _agent(spec: str) -> SearchAgent:
    agent = make_agent(spec, 5)
    assert isinstance(agent, SearchAgent)
    return agent


def _first_pick(agent: SearchAgent, stones: int = 20) -> tuple[TwoPicks, Heap]:
    game = TwoPicks()
    state = game.new_state(2, stones)
    d = game.decision(state)
    assert d is not None
    game.apply(state, agent.act(game, state, d))
    return game, state


def test_the_second_pick_grows_the_tree_kept_from_the_first() -> None:
    agent = _agent("ismcts:iterations=40,depth=4,keep=1")
    game, state = _first_pick(agent)
    kept = agent.kept
    assert kept is not None and kept.visits > 0 and all(n.player == 0 for n in kept.children.values())
    visits = kept.visits
    d = game.decision(state)
    assert d is not None and d.player == 0
    agent.act(game, state, d)
    assert agent.last_iterations == max(40 - visits, math.ceil(40 * FRESH))
    assert kept.visits == visits + agent.last_iterations  # the same node, grown on
    # after the second pick the opponent decides: nothing is kept into their turn
    assert agent.kept is None


def test_without_keep_every_decision_searches_afresh() -> None:
    agent = _agent("ismcts:iterations=40,depth=4")
    game, state = _first_pick(agent)
    assert agent.kept is None
    d = game.decision(state)
    assert d is not None
    agent.act(game, state, d)
    assert agent.last_iterations == 40


def test_a_kept_tree_is_dropped_for_another_turn() -> None:
    agent = _agent("ismcts:iterations=40,depth=4,keep=1")
    game, state = _first_pick(agent)
    assert agent.kept is not None
    other = game.new_state(2, 20)
    other.turn = 3  # another turn's question: the kept tree is not its own
    d = game.decision(other)
    assert d is not None
    agent.act(game, other, d)
    assert agent.last_iterations == 40


@pytest.mark.parametrize("stones", [3, 4])
def test_a_kept_tree_still_finds_the_win_within_the_turn(stones: int) -> None:
    # two picks take up to 4 stones: from 3 or 4 the turn can take the last one
    agent = _agent("ismcts:iterations=200,depth=20,keep=1")
    game, state = _first_pick(agent, stones)
    assert agent.kept is not None
    d = game.decision(state)
    assert d is not None and d.player == 0
    game.apply(state, agent.act(game, state, d))
    assert state.over and state.winner == 0


@pytest.mark.parametrize("spec", ["ismcts:keep=2", "ismcts:keep=-1", "ismcts:keep=yes"])
def test_a_bad_keep_is_a_clear_error(spec: str) -> None:
    with pytest.raises(OptionError, match="keep"):
        make_agent(spec, 1)
