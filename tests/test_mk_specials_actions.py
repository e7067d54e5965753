"""Hero and Advanced Action card specials (specials_actions.py; facts 2.3, 3.1, card list): each
from a hand-set position, basic and powered, and offered through ``play CARD HOW`` and its steps."""

from __future__ import annotations

from mk_positions import board, hand_tile, with_tiles
from test_mk_decisions import do, legal, me, turn

from boardrules.engine import Event
from boardrules.games.mage_knight.movement import move_refusal
from boardrules.games.mage_knight.playing import play_card
from boardrules.games.mage_knight.turn import end_turn, safe_space

# the made-up tile east of the starting tile (as in test_mk_move): SW (2,-1) touches (1,0)
C, SW, W = (3, -2), (2, -1), (2, -2)


def east(spec: str, move: int = 0, night: bool = False, source: str = "green white red blue"):  # type: ignore[no-untyped-def]
    t = with_tiles(hand_tile("test-east", spec))
    b = board({(0, 0): "starting-a", (1, 0): "test-east"}, t=t, at=(1, 0), move=move, night=night)
    b.s.source = source.split()
    return b


def play(b, card: str, how: str = "basic", **kw) -> list[Event]:  # type: ignore[no-untyped-def]
    b.p.hand.append(card)
    events: list[Event] = []
    play_card(b.t, b.s, b.s.current, card, how, events, **kw)
    return events


def finish(b) -> list[Event]:  # type: ignore[no-untyped-def]
    events: list[Event] = []
    end_turn(b.t, b.s, b.s.current, events)
    return events


# ---- the terrain-cost family --------------------------------------------------------------------

def test_frost_bridge_basic_move_2_and_swamps_cost_1_this_turn() -> None:
    b = east("plains plains plains plains swamp plains plains")
    play(b, "frost-bridge")
    assert b.p.move_points == 2
    b.move(SW)  # swamp: 5 by Day, 1 this turn
    assert b.p.move_points == 1 and b.p.position == SW


def test_frost_bridge_powered_move_4_lakes_crossed_for_1_but_no_safe_space_to_end_on() -> None:
    b = east("plains plains plains plains lake plains plains")
    assert move_refusal(b.t, b.s, 0, SW)[0] == "lake spaces cannot be entered"
    play(b, "frost-bridge", "powered", mana=("die-4",))
    assert b.p.move_points == 4
    b.move(SW)
    assert b.p.move_points == 3 and not safe_space(b.t, b.s, 0, SW)


def test_frost_bridge_lasts_the_turn_only() -> None:
    b = east("plains plains plains plains swamp plains plains")
    play(b, "frost-bridge")
    b.p.must_play = False
    finish(b)
    b.p.move_points = 4
    assert move_refusal(b.t, b.s, 0, SW)[0] == "entering that space costs 5 Move points; you have 4"


def test_song_of_wind_basic_plains_desert_wasteland_cost_1_less_this_turn() -> None:
    b = east("plains plains plains plains desert plains plains")
    play(b, "song-of-wind")
    assert b.p.move_points == 2
    b.p.move_points = 4
    b.move(SW)  # desert: 5 - 1
    b.p.move_points = 1
    b.move(C)  # plains: 2 - 1
    assert b.p.move_points == 0 and b.p.position == C


def test_song_of_wind_powered_2_less_to_a_minimum_of_0_without_lakes() -> None:
    b = east("plains plains plains plains plains lake plains")
    play(b, "song-of-wind", "powered", mana=("die-2",))
    assert b.p.move_points == 2
    b.move(SW, C)  # plains cost 0
    assert b.p.move_points == 2 and move_refusal(b.t, b.s, 0, W)[0] == "lake spaces cannot be entered"


def test_song_of_wind_powered_a_blue_mana_crosses_lakes_for_0() -> None:
    b = east("plains plains plains plains lake plains plains")
    b.p.crystals["blue"] = 1
    play(b, "song-of-wind", "powered", option=2, mana=("die-2", "crystal"))
    b.move(SW)
    assert b.p.move_points == 2 and b.p.position == SW and b.p.crystals["blue"] == 0


def test_druidic_paths_basic_one_space_costs_1_less_never_below_2() -> None:
    b = east("swamp plains plains plains forest plains plains")
    play(b, "druidic-paths")
    b.p.move_points = 2 + 2
    b.move(SW)  # forest 3 - 1
    assert b.p.move_points == 2
    b.p.move_points = 5
    b.move(C)  # the reduction is used up: swamp 5
    assert b.p.move_points == 0


def test_druidic_paths_basic_kept_for_a_space_it_makes_cheaper() -> None:
    b = east("forest plains plains plains plains plains plains", move=2)
    play(b, "druidic-paths")
    b.move(SW)  # plains: 2 already, the reduction waits
    b.p.move_points = 2
    b.move(C)  # forest 3 - 1
    assert b.p.move_points == 0


def test_druidic_paths_powered_one_terrain_type_1_less_this_turn() -> None:
    b = east("forest plains plains plains forest plains plains")
    play(b, "druidic-paths", "powered", mana=("die-4",), terrain="forest")
    assert b.p.move_points == 4
    b.move(SW, C)  # forest 2 + 2
    assert b.p.move_points == 0


def test_mountain_lore_basic_hand_limit_plus_1_at_the_draw_if_the_turn_ends_in_hills() -> None:
    b = east("plains plains plains plains hills plains plains")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore")
    b.p.move_points = 3
    b.move(SW)
    finish(b)
    assert len(b.p.hand) == 6  # Hand limit 5 + 1


def test_mountain_lore_basic_no_bonus_elsewhere() -> None:
    b = east("plains plains plains plains plains plains plains")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore")
    b.move(SW)
    finish(b)
    assert len(b.p.hand) == 5


def test_mountain_lore_powered_mountains_entered_for_5_safe_and_plus_2_hand_limit() -> None:
    b = east("plains plains plains plains mountain plains plains", source="green green red blue")
    b.p.deck = ["march"] * 8
    play(b, "mountain-lore", "powered", mana=("die-1",))
    assert b.p.move_points == 5
    b.move(SW)
    assert b.p.move_points == 0 and safe_space(b.t, b.s, 0, SW)
    finish(b)
    assert b.p.position == SW and len(b.p.hand) == 7  # no Forced Withdrawal; Hand limit 5 + 2


def test_terrain_family_offered_through_the_decisions() -> None:
    s = turn("druidic-paths song-of-wind", faces="blue white blue red")
    do(s, "play druidic-paths powered")
    assert legal(s) == [f"terrain {x}" for x in ("hills", "forest", "wasteland", "desert", "swamp")]
    do(s, "terrain swamp", "pay blue die-1")
    assert ("less-to-2", "swamp", 1) in me(s).lasting and me(s).move_points == 4
    me(s).crystals.update(white=1, blue=1)
    s.cached = None
    do(s, "play song-of-wind powered", "choose 2", "pay white crystal", "pay blue crystal")
    assert ("enter", "lake", 0) in me(s).lasting


# ---- end of turn: Noble Manners, Steady Tempo ----------------------------------------------------

def test_noble_manners_basic_fame_1_at_the_end_of_the_turn_if_used_in_an_interaction() -> None:
    b = east("plains plains plains plains plains plains plains")
    play(b, "noble-manners")
    assert b.p.influence_points == 2
    b.p.interacting = True
    finish(b)
    assert b.p.fame == 1 and b.p.reputation == 0


def test_noble_manners_powered_fame_and_reputation_1_only_in_an_interaction() -> None:
    b = east("plains plains plains plains plains plains plains", source="white")
    play(b, "noble-manners", "powered", mana=("die-1",))
    assert b.p.influence_points == 4
    b.p.interacting = True
    finish(b)
    assert b.p.fame == 1 and b.p.reputation == 1
    c = east("plains plains plains plains plains plains plains", source="white")
    play(c, "noble-manners", "powered", mana=("die-1",))
    finish(c)
    assert c.p.fame == 0 and c.p.reputation == 0


def test_steady_tempo_basic_to_the_bottom_of_a_non_empty_deed_deck() -> None:
    b = east("plains plains plains plains plains plains plains")
    b.p.deck = ["rage"] * 6
    play(b, "steady-tempo")
    finish(b)
    assert b.p.deck[0] == "steady-tempo" and "steady-tempo" not in b.p.discard + b.p.hand


def test_steady_tempo_powered_on_top_drawn_again() -> None:
    b = east("plains plains plains plains plains plains plains", source="blue")
    b.p.deck = ["rage"] * 6
    play(b, "steady-tempo", "powered", mana=("die-1",))
    assert b.p.move_points == 4
    finish(b)
    assert "steady-tempo" in b.p.hand


def test_steady_tempo_an_empty_deck_or_the_second_option_discards_it() -> None:
    b = east("plains plains plains plains plains plains plains")
    play(b, "steady-tempo")
    finish(b)
    assert b.p.discard == ["steady-tempo"]
    c = east("plains plains plains plains plains plains plains")
    c.p.deck = ["rage"] * 6
    play(c, "steady-tempo", option=2)
    finish(c)
    assert c.p.discard == ["steady-tempo"]


def test_end_of_turn_cards_offered_through_the_decisions() -> None:
    s = turn("steady-tempo noble-manners")
    assert {"play steady-tempo basic", "play noble-manners basic"} <= set(legal(s))
    do(s, "play steady-tempo basic", "choose 1")
    assert me(s).move_points == 2 and me(s).lasting == (("back-on-deck", "steady-tempo", 0),)
