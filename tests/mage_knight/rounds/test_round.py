"""A round (facts 5.2, 3.6): reshuffling every Deed card, the Tactic cards chosen lowest Fame
first, the Round Order by tactic number, Day and Night, from hand-set maps."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board

from boardrules.engine import Event, IllegalActionError
from boardrules.games.mage_knight.rounds.new_round import begin_round, choose_tactic, tactic_picker

SW = EAST["SW"]
PLAINS = "plains plains plains plains plains plains plains"


def board(players: int = 3):  # type: ignore[no-untyped-def]
    b = east_board(PLAINS, at=SW, players=players)
    for p in b.s.players:
        p.deck = ["march", "rage", "stamina", "promise", "threaten", "swiftness"]
        p.hand, p.discard, p.play_area = ["wound"], ["determination"], ["tranquility"]
    return b


def test_round_start_every_deed_card_shuffled_into_a_new_deck_and_hand_limit_drawn() -> None:
    b = board(1)
    events: list[Event] = []
    begin_round(b.t, b.s, events, first=True)
    p = b.s.players[0]
    assert len(p.hand) == 5 and len(p.deck) == 4 and p.discard == p.play_area == []
    assert b.s.tactics == ["early-bird", "rethink", "mana-steal", "planning", "great-start", "the-right-moment"]


def test_round_start_after_the_first_flips_to_night_and_lays_out_the_night_tactics() -> None:
    b = board(1)
    begin_round(b.t, b.s, [])
    assert b.s.night and b.s.round == 2
    assert b.s.tactics[0] == "from-the-dusk" and len(b.s.source) == 3


def test_tactics_round_1_reverse_of_the_round_order_lowest_fame_first() -> None:
    b = board()
    begin_round(b.t, b.s, [], first=True)
    assert tactic_picker(b.s) == 2  # all on 0 Fame: the player lowest in the Round Order
    b.s.players[0].fame = 5
    b.s.players[2].fame = 3
    assert tactic_picker(b.s) == 1


def test_tactics_chosen_in_turn_then_round_order_by_tactic_number() -> None:
    b = board()
    begin_round(b.t, b.s, [], first=True)
    with pytest.raises(IllegalActionError) as info:
        choose_tactic(b.t, b.s, 0, "early-bird", [])
    assert info.value.rule == "Tactics" and "not your turn" in info.value.reason
    choose_tactic(b.t, b.s, 2, "planning", [])
    with pytest.raises(IllegalActionError) as info:
        choose_tactic(b.t, b.s, 1, "planning", [])
    assert "not one of the Tactics left" in info.value.reason
    choose_tactic(b.t, b.s, 1, "great-start", [])
    choose_tactic(b.t, b.s, 0, "rethink", [])
    assert b.s.round_order == [0, 2, 1] and b.s.current == 0 and tactic_picker(b.s) == -1


def test_round_start_draw_a_next_time_you_draw_bonus_earned_on_the_last_turn_counts() -> None:
    """Facts 5.2 step 5 (the rulebook's "Prepare the Round" g, and "Players play their turns" f):
    a Hand limit bonus "the next time you draw cards" earned on a player's last turn of the round
    moves to the new round's draw; on another turn it is used at once and gone."""
    from boardrules.games.mage_knight.cards.playing import play_card
    from boardrules.games.mage_knight.rounds.turn import end_turn

    b = board(2)
    s = b.s
    s.announced_by, s.final_turns, s.current = 1, [0], 0
    s.players[0].hand, s.players[0].must_play = ["march"], True
    play_card(b.t, s, 0, "march", "basic", [])
    s.hand_bonus = 2  # a Meditation's "Hand limit +2 the next time you draw"
    end_turn(b.t, s, 0, [])
    assert s.round_over and s.hand_bonus == 0
    begin_round(b.t, s, [])
    assert len(s.players[0].hand) == 7 and len(s.players[1].hand) == 5
    assert s.players[0].round_hand_bonus == 0  # used


def test_round_start_draw_keep_bonus_where_the_last_turn_ended() -> None:
    """KEEP "Your Keep" ("if you end your turn on or adjacent to a keep you own") with facts 5.2
    step 5 "draws up to Hand limit (+ keep/city bonus)": the new round's draw counts the keep
    next to the space where the hero ended their last turn."""
    b = board(1)
    b.s.players[0].keeps = [EAST["W"]]
    begin_round(b.t, b.s, [])
    assert len(b.s.players[0].hand) == 6
