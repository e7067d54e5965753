"""PlayerState.lasting, the one place for what lasts the rest of the turn (facts 5.7 step 3: the
cards' effects end with the turn): a card's change (kind, detail, N) or a mark (word, "", 0) /
(prefix, detail, 0); the view still shows the marks apart, as the words of ``this_turn``."""

from __future__ import annotations

from boardrules.games.mage_knight.cards.deck import end_turn_cards
from boardrules.games.mage_knight.game_state import (
    MARK_PREFIXES,
    PlayerState,
    add,
    clear_marks,
    count,
    details,
    has,
    is_mark,
    mark_entry,
    marks,
    remove,
)
from boardrules.games.mage_knight.research.observation_fields import LASTING, THIS_TURN


def test_lasting_every_mark_word_of_the_observation_is_a_mark_and_no_cards_change_is_one() -> None:
    for word in THIS_TURN:
        assert is_mark(mark_entry(word)[0]) or f"{word}:" in MARK_PREFIXES, word  # "cast": the family
    assert not [kind for kind in LASTING if is_mark(kind)]


def test_lasting_marks_and_changes_share_the_field_and_the_view_shows_the_marks_apart() -> None:
    p = PlayerState()
    add(p, "cast:", "red")
    add(p, "agility", "", 2)
    add(p, "wounded", times=2)
    add(p, "ring:", "red")
    assert has(p, "ring:", "red") and not has(p, "ring:", "blue") and count(p, "wounded") == 2
    assert details(p, "cast:") == ["red"] and mark_entry("cast:red") == ("cast:", "red", 0)
    data = p.to_json()
    assert data["this_turn"] == ["cast:red", "wounded", "wounded", "ring:red"] == marks(p)
    assert data["lasting"] == [["agility", "", 2]]
    remove(p, "wounded")
    assert count(p, "wounded") == 1
    clear_marks(p)  # the start of the turn: the Wounds received before are not this turn's
    assert p.lasting == (("agility", "", 2),)
    add(p, "healed")
    end_turn_cards(p)  # the end of the turn: the changes and the marks end
    assert p.lasting == ()
