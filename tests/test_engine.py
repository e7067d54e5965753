"""The game-agnostic core: actions, randomness, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.engine import Action, ActionParseError, IllegalActionError, Rng, is_action_word

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
