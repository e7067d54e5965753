"""Gaps found by the outside audit of issue 12 (docs/heroes-iv/audit.md), each from a hand-set
position, each failing on the code before its fix."""

from __future__ import annotations

import io

import pytest
from h4_battles import battle
from h4_positions import deck, position, put_army
from rich.console import Console

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, armies, claiming, discovery, turn
from boardrules.games.heroes_iv.state import H4State


def test_bad_input_a_battle_word_of_thousands_of_digits_is_refused_with_its_rule() -> None:
    # docs/heroes-iv/battle.md "Actions": a stack is a1, a2... d1, d2...; swatting d2:3. A number of
    # thousands of digits once raised Python's ValueError (int() refuses over 4300 digits)
    huge = "9" * 5000
    f = battle("melee wolf", "melee wolf*2")
    reason, rule = f.refused(f"attack a{huge} d1")
    assert reason.startswith("there is no stack") and rule
    reason, _ = f.refused(f"support a{huge} a1")
    assert reason.startswith("there is no stack")
    reason, rule = f.refused(f"attack a1 d1:{huge}")
    assert reason.startswith("d1 holds only 2 card(s): you cannot swat 999999999999...") and len(reason) < 100
    assert f.refused("attack a1 d1:000")[0].startswith("d1:000: give the number of cards swatted")


def _picture(game: HeroesIV, s: H4State, seat: int, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width).print(game.render(s, seat))
    return out.getvalue()


def test_render_the_map_hex_by_hex_with_terrain_spaces_and_army_stacks() -> None:
    # issue 12 "the map with stacks, markers and defined spaces": the picture once listed the spaces
    # and stacks by hex number only, with no map to find hex 23 or its terrain on
    game = HeroesIV()
    c, s = position(2)
    put_army(c, s, 0, 3, ["knight", "squire"], marker=1)
    sp = s.spaces[9]
    sp.card, sp.owner = "haven", 1
    s.spaces[18].card, s.spaces[18].guards, s.spaces[18].guarding = "windmill", ["skeleton"], 1
    s.first = 0
    text = _picture(game, s, 0)
    lines = text.splitlines()
    assert s.board is not None
    row = next(i for i, line in enumerate(lines) if line.split()[:3] == ["7", "8", "9"])
    below = lines[row + 1]
    # hex 7 water (impassable: upper case), hex 9 the Town held by Player 2
    assert below.split()[0] == "W" and "T2" in below
    assert "A1" in lines[next(i for i, line in enumerate(lines) if line.split()[:2] == ["3", "4"]) + 1]
    assert "L*" in text and "D?" in text  # hex 18 guarded, hex 0 an undefined Creature Dwelling
    assert "g grass" in text and "(upper case: impassable)" in text


def test_render_your_hand_in_full_on_a_narrow_terminal() -> None:
    game = HeroesIV()
    c, s = position(2)
    s.players[0].hand = ["boots-of-travel", "tower-shield"]
    s.players[0].adventure = ["veterans-guild"]
    s.players[1].hand = ["windmill"]
    text = _picture(game, s, 0, width=80)
    assert "Your hand: boots-of-travel, tower-shield; your Adventure Stack: veterans-guild" in text
    assert "windmill" not in text.split("Your hand")[1]  # only your own cards


def test_markers_a_town_carries_a_town_marker_a_location_a_location_marker() -> None:
    # facts 5.1 and rules10: "Markers come in 3 kinds: Army, Location and Town"; a Town's card and
    # hex once carried a "Location Marker" in the events and the picture
    c, s = position(2)
    deck(s, 1, ["skeleton", "wolf"])
    s.players[0].aside = ["haven"]
    s.players[0].hand = ["windmill"]
    s.pending = [("discover", 9, 0, 0)]
    events: list[Event] = []
    discovery.define(c, s, "haven", "aside", events)
    assert f"haven; Town Marker {s.spaces[9].marker}" in events[0].text
    s.pending = [("discover", 6, 0, 0)]
    events = []
    discovery.define(c, s, "windmill", "hand", events)
    assert f"(Unclaimed); Location Marker {s.spaces[6].marker}" in events[0].text
    s.spaces[9].guards, s.spaces[9].guarding = [], -1
    army = put_army(c, s, 0, 9, ["squire"])
    events = []
    claiming.claim(c, s, army, "", events)
    assert f"claims haven at hex 9; Town Marker {s.spaces[9].marker}" in events[0].text
    text = _picture(HeroesIV(), s, 0, width=200)
    assert f"T{s.spaces[9].marker} (Player 1)" in text and f"L{s.spaces[6].marker} (Player 1)" in text


def test_forming_up_refused_while_an_enemy_army_stack_stands_in_the_town() -> None:
    # facts 5.4 Forming Up (ours: not in a space an enemy holds): an enemy stack that entered the
    # Town and did not claim it once had a new stack formed up beside it, two enemies in one space
    # and no battle
    game = HeroesIV()
    c, s = position(2)
    town = s.spaces[9]
    town.card, town.owner, town.under = "haven", 0, ["squire"]
    put_army(c, s, 1, 9, ["mage"], marker=5)
    d = game.decision(s)
    assert d is not None and [a.text for a in d.actions] == ["end"]
    reason, rule = game.explain_illegal(s, Action("formup", ("9",)))
    assert rule == "Forming Up" and reason.startswith("Player 2's Army Stack 5 stands at hex 9")
    with pytest.raises(IllegalActionError):
        game.apply(s, Action("formup", ("9",)))
    s.armies = [a for a in s.armies if a.owner == 0]  # once the enemy has gone, the cards form up
    s.cached = None
    game.apply(s, Action("formup", ("9",)))
    assert [(a.owner, a.hex, a.cards) for a in s.armies] == [(0, 9, ["squire"])]


def test_splitting_keeps_the_movement_an_artifact_gives_the_hero_on_top() -> None:
    # facts 5.4 (the top card's Hex Speed) and rules-choices "Artifacts under a stack's top Hero add
    # their speed": splitting set the points again from the cards alone, and the Boots were lost
    c, s = position(2)
    a = put_army(c, s, 0, 14, ["knight", "squire", "wolf"])
    s.players[0].artifacts = {"knight": ["boots-of-travel"]}
    turn.income_sequence(c, s, [])  # the turn starts: Hex Speed 4 and the Boots' 1
    assert a.mp == 5
    armies.split(c, s, a, "wolf", [])
    assert a.cards == ["knight", "squire"] and a.mp == 5
    hero = armies.split(c, s, a, "knight", [])  # the Hero leaves with his Artifact
    assert hero.cards == ["knight"] and hero.mp == 5 and a.mp == 3  # the Squire's own Hex Speed


def test_bad_input_a_refusal_cuts_a_word_of_thousands_of_characters() -> None:
    # refusals name the rule in a line a player reads: the word typed was repeated in full
    game = HeroesIV()
    c, s = position(2)
    put_army(c, s, 0, 14, ["knight"], marker=1)
    huge = "9" * 5000
    reason, rule = game.explain_illegal(s, Action("move", ("1", huge)))
    assert reason == "'999999999999...' is not a hex of the map (0 to 37)" and rule == "Movement"
    reason, _ = game.explain_illegal(s, Action("claim", ("1", "x" * 3000)))
    assert reason.startswith("there is no card 'xxxxxxxxxxxx...'") and len(reason) < 80
    f = battle("melee wolf", "melee wolf")
    s.battle = f.b
    s.pending = [("battle", 14, 1, -1, 13)]
    reason, _ = game.explain_illegal(s, Action("attack", ("a" + huge, "d1")))
    assert reason.startswith("there is no stack 'a99999999999...'") and len(reason) < 100
