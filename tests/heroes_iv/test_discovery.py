"""Defining Locations and Stolen Discovery (rulebook excerpt): the Scouting Radius, the cards a
space is defined with, the Location turned to read "Unclaimed", the paired Location Markers, the
opponents flipping for guards, and each opponent from the left, clockwise, offered the discovery."""

from __future__ import annotations

import pytest
from h4_positions import deck, position, put_army

from boardrules.engine import Action, IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, decisions, discovery, turn
from boardrules.games.heroes_iv.state import NOBODY, Army


def test_defining_locations_offered_when_a_stack_comes_within_its_scouting_radius() -> None:
    c, s = position()
    assert c.rules.scouting_radius == 2
    # from hex 12 to 16: the Location Space at 18 comes within 2 hexes; the Town at 9 was already
    assert discovery.scouted(c, s, 12, 16) == [18]
    discovery.offer_discoveries(c, s, 0, 12, 16)
    assert s.pending == [("discover", 18, 0, 0)]


def test_defining_locations_not_offered_beyond_the_radius_or_once_defined() -> None:
    c, s = position()
    assert 36 not in discovery.scouted(c, s, 12, 16)  # far away on the other section
    s.spaces[18].card = "windmill"
    assert discovery.scouted(c, s, 12, 16) == []


def test_defining_locations_a_location_card_from_the_hand_unclaimed_with_paired_markers() -> None:
    c, s = position(2)
    deck(s, 1, ["squire", "windmill", "shrine", "gem-mine"])
    s.players[0].hand = ["watchtower", "squire"]
    s.pending = [("discover", 18, 0, 0)]
    events: list = []
    discovery.define(c, s, "watchtower", "hand", events)
    sp = s.spaces[18]
    assert sp.card == "watchtower" and sp.owner == NOBODY  # on the table, unclaimed
    assert sp.marker >= 0 and sp.marker_seat == 0  # the marker on the card and its twin on the space
    assert s.players[0].hand == ["squire"]
    assert "(Unclaimed)" in events[0].text
    # then the opponents flip for guards
    assert sp.guards == ["squire"] and sp.guarding == 1


def test_defining_locations_an_artifact_from_the_adventure_stack() -> None:
    c, s = position(2)
    s.players[0].adventure = ["longsword"]
    s.pending = [("discover", 18, 0, 0)]
    discovery.define(c, s, "longsword", "adventure", [])
    assert s.spaces[18].card == "longsword" and s.players[0].adventure == []


def test_defining_locations_only_a_location_or_artifact_card() -> None:
    c, s = position(2)
    s.players[0].hand = ["squire"]
    s.pending = [("discover", 18, 0, 0)]
    with pytest.raises(IllegalActionError) as info:
        discovery.define(c, s, "squire", "hand", [])
    assert "a Location Card or an Artifact Card" in info.value.reason and info.value.rule == "Defining Locations"
    assert not s.spaces[18].card


def test_defining_locations_the_cards_a_player_may_define_with() -> None:
    c, s = position(2)
    s.players[0].hand = ["squire", "windmill", "haven"]
    s.players[0].adventure = ["longsword", "knight"]
    s.players[0].aside = ["haven"]
    assert discovery.defining_cards(c, s, 0, "location") == [("windmill", "hand"), ("longsword", "adventure")]
    assert discovery.defining_cards(c, s, 0, "town") == [("haven", "hand"), ("haven", "aside")]
    assert discovery.defining_cards(c, s, 0, "dwelling") == [("squire", "hand")]


def test_stolen_discovery_each_opponent_from_the_left_clockwise_with_passes() -> None:
    c, s = position(4)
    for seat in range(4):
        deck(s, seat, ["windmill"])
    deck(s, 1, ["pikeman"])  # the first to the discoverer's left
    deck(s, 3, ["skeleton"])  # the first to the stealer's left
    s.players[2].adventure = ["shrine"]
    s.pending = [("discover", 18, 0, 0)]
    discovery.pass_discovery(s, [])  # the discoverer will not define it
    assert s.pending == [("discover", 18, 0, 1)]
    discovery.pass_discovery(s, [])  # player 2 passes
    assert s.pending == [("discover", 18, 0, 2)]
    discovery.define(c, s, "shrine", "adventure", [])  # player 3 steals it
    sp = s.spaces[18]
    assert sp.card == "shrine" and s.players[2].adventure == []
    # "proceed as if the Location or Artifact Card was played by the player who discovered it":
    # the discoverer's marker, and the flipping starts to the discoverer's left
    assert sp.marker_seat == 0 and sp.guarding == 1 and sp.guards == ["pikeman"]


def test_stolen_discovery_everyone_passes_the_space_stays_undefined() -> None:
    c, s = position(3)
    s.pending = [("discover", 18, 1, 1)]
    for _ in range(3):
        discovery.pass_discovery(s, [])
    assert s.pending == [] and not s.spaces[18].defined


def test_stolen_discovery_a_stealer_refused_a_card_he_does_not_hold() -> None:
    c, s = position(3)
    s.players[0].hand = ["windmill"]
    s.pending = [("discover", 18, 0, 1)]
    with pytest.raises(IllegalActionError) as info:
        discovery.define(c, s, "windmill", "hand", [])
    assert info.value.rule == "Stolen Discovery" and "no windmill in your hand" in info.value.reason


def test_defining_locations_towns_and_dwellings_are_defined_and_guarded_too() -> None:
    c, s = position(2)
    deck(s, 1, ["skeleton"])
    s.players[0].aside = ["haven"]
    s.pending = [("discover", 9, 0, 0)]
    discovery.define(c, s, "haven", "aside", [])
    assert s.spaces[9].card == "haven" and s.spaces[9].guards == ["skeleton"]


def test_defining_locations_a_stack_placed_at_set_up_comes_within_its_scouting_radius() -> None:
    # every edge space is near some space: a stack placed there must be offered them, or a Town
    # within 2 hexes of the start could never be defined by walking up to it
    c, s = position(2)
    s.stage, s.current = "start", 0
    s.armies = [Army(0, 1, -1, ["knight", "squire"]), Army(1, 2, -1, ["mage"])]
    turn.place_start(c, s, 12, [])
    assert s.pending == [("discover", 9, 0, 0)] and s.current == 1


def test_defining_locations_a_stack_forming_up_comes_within_its_scouting_radius() -> None:
    c, s = position(2)
    town = s.spaces[9]
    town.card, town.owner, town.under = "haven", 0, ["squire"]
    s.spaces[0].card = "squire"  # the Dwelling is defined already: only 6 and 18 are offered
    decisions.apply(c, s, Action("formup", ("9",)), [])
    assert [f[1] for f in reversed(s.pending)] == [6, 18] and all(f[2] == 0 for f in s.pending)


def test_defining_locations_two_spaces_found_by_one_step_are_offered_in_turn_through_the_game() -> None:
    c, s = position(2)
    g = HeroesIV()
    a = put_army(c, s, 0, 15, ["knight"])
    s.players[0].hand = ["windmill"]
    s.players[0].adventure = ["shrine"]  # no second Location in the hand, one in the Adventure Stack
    deck(s, 1, ["skeleton", "imp", "sawmill", "watchtower", "ghost", "cerberus", "vampire", "devil"])
    g.apply(s, Action("move", (str(a.marker), "11")))  # 26 and 36 both come within 2 hexes
    d = g.decision(s)
    assert d is not None and d.player == 0 and "hex 26" in d.prompt
    assert Action("define", ("26", "shrine", "adventure")) in d.actions
    g.apply(s, Action("define", ("26", "windmill", "hand")))
    d = g.decision(s)
    assert d is not None and d.player == 1 and "Reinforce" in d.prompt  # the guards first
    g.apply(s, Action("done"))
    d = g.decision(s)
    assert d is not None and d.player == 0 and "hex 36" in d.prompt
    assert d.actions == (Action("define", ("36", "shrine", "adventure")), Action("pass"))
