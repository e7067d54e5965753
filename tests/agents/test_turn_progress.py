"""A turn goes on (docs/agents.md "The search"): where an agent's choices change nothing (a
target chosen and unchosen, a phase left and gone back to), the search never goes back to a
position it has decided at in the same turn while another choice is open, and once every choice
of a decision has been taken REPEATS times in the turn, greedy and the search take the one taken
least, never round the same ones for ever (a Mage Knight game against greedy, Rng(20_000), once
chose "target 1" and "untarget 1" until it was stopped)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from boardrules.agents import REPEATS, GreedyAgent, SearchAgent, make_agent
from boardrules.agents.greedy import least_taken
from boardrules.engine import Action, Decision, Event, Game, Rng
from boardrules.engine import Result as GameResult

TURNS = 6


class Lamp:
    __slots__ = ("light", "phase", "player", "turn", "rng")

    def __init__(self) -> None:
        self.light, self.phase, self.player, self.turn, self.rng = False, "A", 0, 0, Rng(1)


class Switches(Game[Lamp]):
    """Phase A: switch the lamp on or off, or go on to phase B; phase B: go back to A, or end the
    turn. Nothing changes the result: every game is a shared win after TURNS turns."""

    name = "switches"
    title = "Switches"
    min_players = max_players = 2
    rules_version = "1"

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> Lamp:
        return Lamp()

    def decision(self, state: Lamp) -> Decision | None:
        if state.turn >= TURNS:
            return None
        if state.phase == "A":
            return Decision(state.player, "A", (Action.of("off" if state.light else "on"), Action.of("next")))
        return Decision(state.player, "B", (Action.of("back"), Action.of("end")))

    def apply(self, state: Lamp, action: Action) -> list[Event]:
        name = action.name
        if name in ("on", "off"):
            state.light = name == "on"
        elif name in ("next", "back"):
            state.phase = "B" if name == "next" else "A"
        else:
            state.phase, state.player, state.turn = "A", 1 - state.player, state.turn + 1
        return []

    def turn_number(self, state: Lamp) -> int:
        return state.turn

    def heuristic(self, state: Lamp, player: int) -> float:
        return 0.0

    def result(self, state: Lamp) -> GameResult | None:
        return GameResult((1, 1), (0, 1), 0) if state.turn >= TURNS else None

    def view(self, state: Lamp, player: int | None) -> dict[str, Any]:
        return self.to_json(state)

    def determinize(self, state: Lamp, player: int, rng: Rng) -> Lamp:
        return self.clone(state)

    def clone(self, state: Lamp) -> Lamp:
        out = Lamp()
        out.light, out.phase, out.player, out.turn, out.rng = state.light, state.phase, state.player, state.turn, state.rng.copy()
        return out

    def to_json(self, state: Lamp) -> dict[str, Any]:
        return {"light": state.light, "phase": state.phase, "player": state.player, "turn": state.turn}

    def player_names(self, state: Lamp) -> list[str]:
        return ["A", "B"]


def _turn_lengths(agents: list[Any]) -> Counter[int]:
    game = Switches()
    state = game.new_state(2, 0)
    lengths: Counter[int] = Counter()
    decisions = 0
    while (d := game.decision(state)) is not None:
        lengths[state.turn] += 1
        game.apply(state, agents[d.player].act(game, state, d))
        decisions += 1
        assert decisions < 1000, "the turns do not end"
    return lengths


@pytest.mark.parametrize("seed", range(6))
def test_the_search_never_goes_back_to_a_position_of_the_same_turn(seed: int) -> None:
    agents = [make_agent("ismcts:iterations=20,depth=3", seed + k) for k in range(2)]
    assert all(isinstance(a, SearchAgent) for a in agents)
    # A (lamp off) -> on -> A (lamp on) -> next -> B -> end: three decisions at most, the lamp
    # never switched back and phase A never gone back to
    assert max(_turn_lengths(agents).values()) <= 3


def test_every_choice_taken_repeats_times_gives_way_to_the_least_taken() -> None:
    actions = (Action.of("target", 1), Action.of("next"), Action.of("back"))
    taken = {"target 1": REPEATS + 11, "next": REPEATS, "back": REPEATS + 2}
    assert least_taken(actions, taken) == (Action.of("next"),)
    assert least_taken(actions, {"target 1": REPEATS}) == actions[1:]  # fewer than REPEATS: all of those
    assert least_taken(actions, {}) == actions


@pytest.mark.parametrize("seed", range(4))
def test_greedy_ends_its_turns_among_choices_that_change_nothing(seed: int) -> None:
    lengths = _turn_lengths([GreedyAgent(seed), GreedyAgent(seed + 1)])
    assert len(lengths) == TURNS and max(lengths.values()) <= 4 * REPEATS + 1
