"""The Deed deck (facts 1.2, 5.2, 5.4, 5.7): real card lists, drawing, Wound cards, from hand-set players."""

from __future__ import annotations

from mk_positions import EAST, east_board, settle

from boardrules.engine import Event, Rng
from boardrules.games.mage_knight.cards.deck import (
    discard_non_wounds,
    draw_up_to,
    end_turn_cards,
    new_deed_deck,
    reshuffle_all,
)
from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.game_state import PlayerState
from boardrules.games.mage_knight.sites.site_combats import start_movement_combat

C, SW = EAST["C"], EAST["SW"]


def test_start_of_game_shuffle_the_16_deed_cards_and_draw_5() -> None:
    t = default_content()
    p = PlayerState()
    cards = t.starting_deck("tovak")
    new_deed_deck(p, cards, Rng(3), 5)
    assert len(p.hand) == 5 and len(p.deck) == 11
    assert sorted(p.hand + p.deck) == sorted(cards) and len(cards) == 16


def test_end_of_turn_draw_up_to_the_hand_limit_an_empty_deck_is_not_reshuffled() -> None:
    p = PlayerState()
    p.hand, p.deck, p.discard = ["rage"], ["march", "stamina"], ["promise"]
    assert draw_up_to(p, 5) == 2
    assert p.hand == ["rage", "stamina", "march"] and p.deck == [] and p.discard == ["promise"]


def test_end_of_turn_over_the_hand_limit_draw_nothing_and_discard_nothing() -> None:
    p = PlayerState()
    p.hand, p.deck = ["wound"] * 6, ["march"]
    assert draw_up_to(p, 5) == 0
    assert len(p.hand) == 6 and p.deck == ["march"]


def test_end_of_turn_played_cards_go_to_the_discard_pile() -> None:
    p = PlayerState()
    p.play_area, p.discard = ["march", "rage"], ["wound"]
    end_turn_cards(p)
    assert p.play_area == [] and sorted(p.discard) == ["march", "rage", "wound"]


def test_round_shuffle_all_deed_cards_wounds_too_into_a_new_deck_and_draw() -> None:
    p = PlayerState()
    p.hand, p.deck, p.discard, p.play_area = ["wound", "rage"], ["march"], ["wound", "promise"], ["stamina"]
    events: list[Event] = []
    reshuffle_all(p, Rng(1), 5, events, 0)
    assert sorted(p.hand + p.deck) == ["march", "promise", "rage", "stamina", "wound", "wound"]
    assert len(p.hand) == 5 and p.discard == p.play_area == []
    assert events[0].data == {"cards": 5}


def test_paralyze_hero_discards_real_non_wound_cards() -> None:
    p = PlayerState()
    p.hand = ["march", "wound", "rage"]
    assert discard_non_wounds(p) == ["march", "rage"]
    assert p.hand == ["wound"] and p.discard == ["march", "rage"]


def test_knock_out_after_combat_real_cards_discarded_and_wound_cards_in_hand() -> None:
    b = east_board("plains+keep plains plains plains plains plains plains", at=SW, move=5)
    b.p.hand, b.p.discard = ["march", "wound", "rage"], []
    b.tokens(C, "golems", face_up=False)
    b.move(C)
    start_movement_combat(b.t, b.s, 0, [])
    c = b.s.combat
    assert c is not None and (c.hero.hand, c.hero.wounds_hand) == (2, 1)
    c.hero.wounds_hand += 5  # knocked out: the hand's non-Wound cards go
    c.hero.wounds_this_combat += 5
    c.hero.wounds_discard += 1  # and a Poison Wound to the discard pile
    c.hero.discard_non_wounds()
    c.mana["blue"] = 1  # paid for a Unit and not used: a token again
    settle(b, defeated=())
    assert b.p.mana["blue"] == 1
    assert b.p.hand == ["wound"] * 6
    assert sorted(b.p.discard) == ["march", "rage", "wound"]
