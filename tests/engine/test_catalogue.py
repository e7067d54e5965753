"""The catalogue (engine/catalogue.py): entries looked up by id, name or ``kind:name``, the
closest names for a miss, and every game's catalogue complete (the shared check_catalogue)."""

from __future__ import annotations

import pytest
from random_play import check_catalogue

from boardrules.engine import Catalogue, Entry, LookupRefused
from boardrules.games import GAMES, load_game

CAT = Catalogue([
    Entry("card", "ice-bolt", "Ice Bolt", "Ice Ranged Attack 3.", (("Colour", "blue"),)),
    Entry("card", "fire-bolt", "Fire Bolt", "Fire Ranged Attack 3."),
    Entry("skill", "ice-bolt", "Ice Bolt", "A skill of the same name, for the test."),
    Entry("race", "elves", "Élves", "Lose no token when conquered."),
])


@pytest.mark.parametrize("query", ["ice-bolt", "Ice Bolt", "ICE_BOLT", " ice bolt "])
def test_a_name_is_found_in_any_spelling_of_case_spaces_and_hyphens(query: str) -> None:
    assert [e.kind for e in CAT.find(query)] == ["card", "skill"]


def test_kind_colon_name_picks_one_kind() -> None:
    assert [e.kind for e in CAT.find("skill:Ice Bolt")] == ["skill"]
    with pytest.raises(LookupRefused, match="no race named 'ice bolt'"):
        CAT.find("race:ice bolt")


def test_accents_fold() -> None:
    assert CAT.find("elves")[0].name == "Élves"


@pytest.mark.parametrize(("query", "words"), [
    ("ice blot", "the closest: Ice Bolt"),
    ("bolt", "Ice Bolt, Fire Bolt"),
    ("zzz", "nothing named 'zzz'."),
    ("", "info NAME"),
    ("x" * 500, "500 characters"),
    ("\u202eevil\x00", "nothing named"),
])
def test_a_miss_names_the_closest_entries(query: str, words: str) -> None:
    with pytest.raises(LookupRefused) as err:
        CAT.find(query)
    assert words in str(err.value)
    assert "\u202e" not in str(err.value) and "\x00" not in str(err.value)


def test_an_entry_in_one_line_and_in_full() -> None:
    e = CAT.get("ice-bolt", "card")
    assert e is not None
    assert e.line() == "Ice Bolt: Colour blue. Ice Ranged Attack 3."
    assert e.lines() == ["Ice Bolt (card, ice-bolt)", "  Colour blue", "  Ice Ranged Attack 3."]
    assert CAT.text_of("nothing") == ""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_a_catalogue_with_a_text_for_every_entry(name: str) -> None:
    check_catalogue(load_game(name))
