"""Card specials played with ``play CARD basic|powered`` alone (docs/mage-knight/coverage.md,
"Not offered yet"): each from a hand-set position, named after the card's text (facts, card list)."""

from __future__ import annotations

from mk_positions import board, hand_tile, with_tiles

from boardrules.engine import Event
from boardrules.games.mage_knight.cards.deck import end_turn_cards
from boardrules.games.mage_knight.cards.playing import play_card
from boardrules.games.mage_knight.map.movement import move_refusal

# the made-up tile east of the starting tile (as in map/test_movement.py): SW (2,-1) touches (1,0)
C, SW, W = (3, -2), (2, -1), (2, -2)


def east(spec: str, move: int = 0, night: bool = False):  # type: ignore[no-untyped-def]
    t = with_tiles(hand_tile("test-east", spec))
    b = board({(0, 0): "starting-a", (1, 0): "test-east"}, t=t, at=(1, 0), move=move, night=night)
    b.s.source = ["green", "green", "red", "blue"]
    return b


def play(b, card: str, how: str = "basic", **kw) -> list[Event]:  # type: ignore[no-untyped-def]
    b.p.hand.append(card)
    events: list[Event] = []
    play_card(b.t, b.s, b.s.current, card, how, events, **kw)
    return events


def test_path_finding_basic_move_2_and_every_terrain_costs_1_less_this_turn() -> None:
    b = east("plains plains plains plains swamp plains plains", move=2)
    assert move_refusal(b.t, b.s, 0, SW)[0] == "entering that space costs 5 Move points; you have 2"
    play(b, "path-finding")
    assert b.p.move_points == 4
    b.move(SW)  # swamp: 5 - 1
    assert b.p.move_points == 0 and b.p.position == SW


def test_path_finding_basic_never_lowers_a_cost_below_2() -> None:
    b = east("plains plains plains plains plains plains plains", move=0)
    play(b, "path-finding")
    b.move(SW)  # plains stay 2
    assert b.p.move_points == 0


def test_path_finding_powered_move_4_and_every_terrain_costs_2_this_turn() -> None:
    b = east("swamp plains plains plains desert plains plains", move=0)
    play(b, "path-finding", "powered", mana=("die-1",))
    assert b.p.move_points == 4
    b.move(SW, C)  # desert 5 and swamp 5 by Day: 2 each
    assert b.p.move_points == 0 and b.p.position == C


def test_path_finding_impassable_stays_impassable() -> None:
    b = east("plains plains plains plains lake plains plains", move=0)
    play(b, "path-finding", "powered", mana=("die-1",))
    assert move_refusal(b.t, b.s, 0, SW)[0] == "lake spaces cannot be entered"


def test_path_finding_lasts_the_turn_only() -> None:
    b = east("plains plains plains plains swamp plains plains", move=0)
    play(b, "path-finding", "powered", mana=("die-1",))
    end_turn_cards(b.p)
    b.p.move_points = 4
    assert move_refusal(b.t, b.s, 0, SW)[0] == "entering that space costs 5 Move points; you have 4"
