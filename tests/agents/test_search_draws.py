"""The search's ``draws`` parameter: a rollout decision with more actions than the game's rule of
thumb is asked about (``SearchAgent.HOOK_LIMIT``) is played by the rule of thumb among a few
actions drawn at random, not at random (docs/agents.md, The search, and Figures, "Heroscape:
``draws``")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from boardrules.agents import SearchAgent, make_agent
from boardrules.engine import Action, Decision, Event, Game, OptionError, Rng
from boardrules.engine import Result as GameResult
from boardrules.games import load_game


class Line:
    __slots__ = ("stage", "picked", "rng")

    def __init__(self) -> None:
        self.stage, self.picked, self.rng = 0, -1, Rng(1)


class BeginThenPick(Game[Line]):
    """Player 0 says ``begin`` (either way), then picks a number below 100; 90 or more wins. The
    rule of thumb says nothing about ``begin`` and picks the largest number it is offered; it
    records the size of every question it is asked."""

    name = "begin-then-pick"
    title = "Begin then pick"
    min_players = max_players = 2
    rules_version = "1"

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.picked: list[int] = []

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> Line:
        return Line()

    def decision(self, state: Line) -> Decision | None:
        if state.stage == 0:
            return Decision(0, "begin", (Action.of("begin", "left"), Action.of("begin", "right")))
        if state.stage == 1:
            return Decision(0, "pick", tuple(Action.of("pick", k) for k in range(100)))
        return None

    def apply(self, state: Line, action: Action) -> list[Event]:
        if state.stage == 1:
            state.picked = int(action.args[0])
            self.picked.append(state.picked)
        state.stage += 1
        return []

    def result(self, state: Line) -> GameResult | None:
        if state.stage < 2:
            return None
        won = state.picked >= 90
        return GameResult((int(won), int(not won)), (0,) if won else (1,), 0)

    def view(self, state: Line, player: int | None) -> dict[str, Any]:
        return {"stage": state.stage, "picked": state.picked}

    def determinize(self, state: Line, player: int, rng: Rng) -> Line:
        return self.clone(state)

    def clone(self, state: Line) -> Line:
        out = Line()
        out.stage, out.picked, out.rng = state.stage, state.picked, state.rng.copy()
        return out

    def to_json(self, state: Line) -> dict[str, Any]:
        return {"stage": state.stage, "picked": state.picked}

    def heuristic(self, state: Line, player: int) -> float:
        return 0.0

    def player_names(self, state: Line) -> list[str]:
        return ["A", "B"]

    def greedy_action(self, state: Line, decision: Decision, rng: Rng) -> Action | None:
        self.asked.append(len(decision.actions))
        picks = [a for a in decision.actions if a.name == "pick"]
        return max(picks, key=lambda a: int(a.args[0])) if picks else None


@pytest.mark.parametrize("draws", [3, 8])
def test_a_rollouts_wide_decision_follows_the_rule_of_thumb_among_a_few_drawn(draws: int) -> None:
    """One iteration: the root's ``begin`` is expanded (the rule of thumb is asked and says
    nothing), then the rollout meets the pick among 100; the rule of thumb is asked about
    ``draws`` numbers drawn from the legal ones and its choice is played."""
    game = BeginThenPick()
    SearchAgent(1, iterations=1, draws=draws).search(game, game.new_state(2, 0), 0)
    assert game.asked == [2, draws]
    assert len(game.picked) == 1


def test_without_draws_a_rollouts_wide_decision_is_random() -> None:
    game = BeginThenPick()
    SearchAgent(1, iterations=1).search(game, game.new_state(2, 0), 0)
    assert game.asked == [2]  # never asked about the 100 numbers in the rollout
    assert len(game.picked) == 1


def test_heroscape_declares_draws_and_the_other_games_do_not() -> None:
    """A Heroscape rollout moves a figure to one of 100 to 250 destinations, drops one on one of
    about 400 spaces, or drafts one of 13 to 16 cards: at random, its figures wandered off."""
    assert make_agent("ismcts", 1).budget(load_game("heroscape"))["draws"] == 8
    assert make_agent("ismcts:draws=0", 1).budget(load_game("heroscape"))["draws"] == 0
    for name in ("small-world", "meeples-and-monsters", "heroes-iv", "mage-knight"):
        assert make_agent("ismcts", 1).budget(load_game(name))["draws"] == 0


@pytest.mark.parametrize(("spec", "words"), [
    ("ismcts:draws=-1", ("seat 1", "parameter 'draws' must be 0 or more, not '-1'")),
    ("ismcts:draws=2.5", ("seat 1", "parameter 'draws' must be a whole number, not '2.5'")),
    ("ismcts:draws=99999999", ("parameter 'draws' is at most 10,000,000",)),
])
def test_a_bad_draws_parameter_is_a_clear_error(spec: str, words: tuple[str, ...]) -> None:
    with pytest.raises(OptionError) as err:
        make_agent(spec, 0, 0)
    for word in words:
        assert word in str(err.value)
