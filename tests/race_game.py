"""A tiny game for the simulator's tests: each player in turn adds 1 or 2 to their points; a
round is every player's turn, from a first player set by the seed; after ``rounds`` rounds the
most points win (ties share). Its hooks give what a simulation notes: the turn order and the
score by round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardrules.engine import Action, Decision, Event, Game, OptionSpec, Result, Rng


class RaceState:
    def __init__(self, players: int, seed: int, rounds: int) -> None:
        self.num_players = players
        self.first = seed % players
        self.points = [0] * players
        self.round = 1
        self.played = 0  # turns played this round
        self.rounds = rounds
        self.rng = Rng(seed)

    def current(self) -> int:
        return (self.first + self.played) % self.num_players


class RaceGame(Game[RaceState]):
    name = "race"
    title = "Race"
    min_players = 2
    max_players = 4
    rules_version = "race-1"
    options_spec = (OptionSpec("rounds", "rounds to play", ("2", "3", "4"), "3"),)
    announce_order = True  # False: the game keeps the default (seat order) turn order

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> RaceState:
        opts = self.check_options(num_players, options)
        return RaceState(num_players, seed, int(opts["rounds"]))

    def decision(self, state: RaceState) -> Decision | None:
        if state.round > state.rounds:
            return None
        return Decision(state.current(), "add", (Action.of("add", 1), Action.of("add", 2)))

    def apply(self, state: RaceState, action: Action) -> list[Event]:
        state.points[state.current()] += int(action.args[0])
        state.played += 1
        if state.played == state.num_players:
            state.played = 0
            state.round += 1
        return []

    def result(self, state: RaceState) -> Result | None:
        if state.round <= state.rounds:
            return None
        best = max(state.points)
        return Result(tuple(state.points), tuple(i for i, p in enumerate(state.points) if p == best), state.rounds)

    def view(self, state: RaceState, player: int | None) -> dict[str, Any]:
        return {"points": list(state.points)}

    def determinize(self, state: RaceState, player: int, rng: Rng) -> RaceState:
        return self.clone(state)

    def clone(self, state: RaceState) -> RaceState:
        c = RaceState(state.num_players, 0, state.rounds)
        c.first, c.points, c.round, c.played, c.rng = state.first, state.points[:], state.round, state.played, state.rng
        return c

    def to_json(self, state: RaceState) -> dict[str, Any]:
        return {"points": state.points, "round": state.round, "played": state.played, "first": state.first}

    def turn_number(self, state: RaceState) -> int:
        return state.round

    def player_names(self, state: RaceState) -> list[str]:
        return [f"P{i + 1}" for i in range(state.num_players)]

    def round_scores(self, state: RaceState) -> tuple[int, ...]:
        return tuple(state.points)

    def turn_order(self, state: RaceState) -> tuple[int, ...] | None:
        if not self.announce_order:
            return None
        n = state.num_players
        return tuple((state.first + k) % n for k in range(n))
