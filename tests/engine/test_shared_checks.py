"""The shared hidden-information checks (tests/random_play.py) on a toy game with one secret
choice: they catch an action text or a standing that shows a secret and a determinize that keeps
the future randomness, and let a text say what the events tell everyone."""

from __future__ import annotations

from typing import Any

import pytest
from random_play import check_action_texts, check_view

from boardrules.engine import Action, Decision, Event, Game, Result, Rng, Standing


class _Secret:
    """A toy game's state: player 0 picks a number face down, player 1 guesses it."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.num_players = 2
        self.pick = 0  # 0: not picked yet
        self.guess = 0

    def clone(self) -> _Secret:
        c = _Secret(self.rng.copy())
        c.pick, c.guess = self.pick, self.guess
        return c


class _SecretGame(Game[_Secret]):
    """Player 0's pick is hidden from player 1 until the end; ``reseed`` and ``hide`` switch on
    what a correct game does (reseed the future randomness, hide the pick in action_text)."""

    name, title, min_players, max_players, rules_version = "secret", "Secret", 2, 2, "1"

    def __init__(self, reseed: bool, hide: bool, standing_shows_pick: bool = False) -> None:
        self.reseed, self.hide, self.standing_shows_pick = reseed, hide, standing_shows_pick

    def new_state(self, num_players: int, seed: int, options: Any = None) -> _Secret:
        return _Secret(Rng(seed))

    def decision(self, state: _Secret) -> Decision | None:
        if not state.pick:
            return Decision(0, "pick", tuple(Action.of("pick", n) for n in (1, 2, 3)))
        if not state.guess:
            return Decision(1, "guess", tuple(Action.of("guess", n) for n in (1, 2, 3)))
        return None

    def apply(self, state: _Secret, action: Action) -> list[Event]:
        self.check_legal(state, action)
        if action.name == "pick":
            state.pick = int(action.args[0])
        else:
            state.guess = int(action.args[0])
        return []

    def result(self, state: _Secret) -> Result | None:
        return None if state.guess == 0 else Result((0, 1), (int(state.pick == state.guess),), 1)

    def view(self, state: _Secret, player: int | None) -> dict[str, Any]:
        shown = player == 0 or state.guess != 0
        return {"pick": state.pick if shown else ("hidden" if state.pick else None), "guess": state.guess}

    def determinize(self, state: _Secret, player: int, rng: Rng) -> _Secret:
        out = state.clone()
        if player != 0 and state.pick and not state.guess:
            out.pick = 1 + rng.below(3)
        if self.reseed:
            out.rng = Rng(rng.next64(), state.rng.draws)
        return out

    def standing(self, state: _Secret, viewer: int | None) -> Standing:
        pick = state.pick if self.standing_shows_pick or viewer == 0 else "?"
        return Standing("guess the pick", f"guess {int(state.guess != 0)} of 1", (f"picked {pick}", "guessing"))

    def action_text(self, state: _Secret, action: Action, viewer: int | None) -> str:
        return "pick (face down)" if self.hide and action.name == "pick" and viewer != 0 else action.text

    def clone(self, state: _Secret) -> _Secret:
        return state.clone()

    def to_json(self, state: _Secret) -> dict[str, Any]:
        return {"pick": state.pick, "guess": state.guess, "rng": state.rng.to_json()}


def test_the_shared_check_catches_an_action_text_that_shows_a_secret_choice() -> None:
    leaky, sound = _SecretGame(reseed=True, hide=False), _SecretGame(reseed=True, hide=True)
    with pytest.raises(AssertionError, match="'pick 1' and 'pick 2'"):
        check_action_texts(leaky, leaky.new_state(2, 1))
    check_action_texts(sound, sound.new_state(2, 1))
    state = sound.new_state(2, 1)
    sound.apply(state, Action.parse("pick 2"))
    check_action_texts(sound, state)  # the guesses are public: their texts may differ


def test_the_shared_check_catches_a_determinize_that_keeps_the_future_randomness() -> None:
    stale, sound = _SecretGame(reseed=False, hide=True), _SecretGame(reseed=True, hide=True)
    state = stale.new_state(2, 1)
    stale.apply(state, Action.parse("pick 3"))
    with pytest.raises(AssertionError, match="future randomness"):
        check_view(stale, state, 1, Rng(9))
    assert check_view(sound, state, 1, Rng(9)) == {"pick": "hidden", "guess": 0}


class _AnnouncedGame(_SecretGame):
    """The pick is announced in an event every player receives, though the view hides it."""

    def apply(self, state: _Secret, action: Action) -> list[Event]:
        super().apply(state, action)
        return [Event("pick", f"picks {action.args[0]}")] if action.name == "pick" else []


def test_the_shared_check_lets_a_text_say_what_the_events_tell_everyone() -> None:
    """What a player knows is their view and the events they receive: two picks whose views look
    the same but whose events differ are told apart anyway, so their texts may differ too (Mage
    Knight: a Wound thrown from the hand or the discard pile, then a new round's shuffle)."""
    announced = _AnnouncedGame(reseed=True, hide=False)
    check_action_texts(announced, announced.new_state(2, 1))


def test_the_shared_check_catches_a_standing_that_shows_a_secret() -> None:
    leaky = _SecretGame(reseed=True, hide=True, standing_shows_pick=True)
    state = leaky.new_state(2, 1)
    leaky.apply(state, Action.parse("pick 3"))
    with pytest.raises(AssertionError, match="determinize changed the viewer's standing"):
        for seed in range(20):  # a sample may draw the real pick
            check_view(leaky, state, 1, Rng(seed))
