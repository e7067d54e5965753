"""Actions as text (parsed, normalised, round-tripped, malformed text refused) and the refusal
of an illegal action naming its rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardrules.engine import Action, ActionParseError, IllegalActionError, is_action_word

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


def test_illegal_action_error_names_the_rule() -> None:
    err = IllegalActionError("you cannot do that", "Combat with Monsters")
    assert "Combat with Monsters" in str(err) and err.rule == "Combat with Monsters"
