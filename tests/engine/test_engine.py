"""The game-agnostic core: actions, randomness, errors, and the shared hidden-information checks
(tests/random_play.py) on a toy game with one secret choice."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_play import check_action_texts, check_view

from boardrules.engine import (
    Action,
    ActionParseError,
    Decision,
    Event,
    Game,
    IllegalActionError,
    Result,
    Rng,
    is_action_word,
)

WORD = st.from_regex(r"-?[a-z0-9][a-z0-9_:.+\-]{0,12}", fullmatch=True)


@given(WORD, st.lists(WORD, max_size=4))
def test_action_text_round_trips(name: str, args: list[str]) -> None:
    a = Action(name, tuple(args))
    assert Action.parse(a.text) == a
    assert Action.parse(str(a)) == a


def test_action_parse_normalises_spacing_and_case() -> None:
    assert Action.parse("  Fight   skeleton ") == Action("fight", ("skeleton",))


def test_a_negative_number_is_a_word() -> None:
    """`conquer -1` parses, so the game can say there is no such Region (it was refused as malformed)."""
    a = Action.parse("conquer -1")
    assert a == Action("conquer", ("-1",)) and Action.parse(a.text) == a
    assert is_action_word("-1") and is_action_word("-x2")
    assert not is_action_word("-") and not is_action_word("--1") and not is_action_word("1 2")


@pytest.mark.parametrize("text", ["", "   ", "fight sk@leton", "add (knight)", "conquer -", "conquer --1",
                                  "conquer \u00b2", "pick \u0663"])
def test_action_parse_rejects_malformed_text(text: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(text)


def test_a_malformed_action_is_not_echoed_back_whole() -> None:
    with pytest.raises(ActionParseError) as err:
        Action.parse("fight " + "\u00e9" * 5000)
    assert len(str(err.value)) < 250 and "is not a valid word" in str(err.value)


def test_action_of_converts_numbers() -> None:
    assert Action.of("activate", "colosseum", 2).text == "activate colosseum 2"


def test_rng_is_deterministic_and_counts_draws() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert a.draws == 50
    c = a.copy()
    assert c.next64() == a.next64()


def test_rng_below_is_in_range_and_roughly_uniform() -> None:
    r = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rng_shuffle_is_a_permutation() -> None:
    r = Rng(3)
    xs = list(range(20))
    r.shuffle(xs)
    assert sorted(xs) == list(range(20)) and xs != list(range(20))


def test_rng_weighted_index_never_picks_zero_weight() -> None:
    r = Rng(5)
    assert {r.weighted_index([0, 3, 0, 1]) for _ in range(200)} == {1, 3}


def test_illegal_action_error_names_the_rule() -> None:
    err = IllegalActionError("you cannot do that", "Combat with Monsters")
    assert "Combat with Monsters" in str(err) and err.rule == "Combat with Monsters"


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

    def __init__(self, reseed: bool, hide: bool) -> None:
        self.reseed, self.hide = reseed, hide

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
