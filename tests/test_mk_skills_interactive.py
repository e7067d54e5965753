"""Mage Knight interactive skills (facts 3.5, specials_interactive.py): once a round the token
goes to the centre and affects the others until the start of its owner's next turn. Prayer of
Weather and Healing Ritual, from hand-set positions of a real game through the decisions."""

from __future__ import annotations

from rich.console import Console
from test_mk_decisions import GAME, do, legal, me, turn

from boardrules.engine import Rng
from boardrules.games.mage_knight.deck import WOUND
from boardrules.games.mage_knight.exploring import space
from boardrules.games.mage_knight.hexmap import neighbours
from boardrules.games.mage_knight.movement import terrain_cost
from boardrules.games.mage_knight.turn import start_turn


def test_skills_prayer_of_weather_terrain_2_less_for_you_1_more_for_the_others_until_your_next_turn() -> None:
    s = turn("march", skills="prayer-of-weather")
    g, owner = s.g, s.g.current
    forest = next(h for h in neighbours(me(s).position) if (sp := space(GAME.t, g, h)) and sp.terrain == "forest")
    assert terrain_cost(GAME.t, g, forest) == 3
    do(s, "skill prayer-of-weather")
    assert g.centre == (("prayer-of-weather", owner, ""),)
    assert terrain_cost(GAME.t, g, forest) == 1  # 3 - 2
    do(s, "play march move", "move {}:{}".format(*forest))  # Move 2 is enough now
    assert me(s).position == forest
    do(s, "end-turn")
    assert g.current != owner and terrain_cost(GAME.t, g, forest) == 4  # 3 + 1 for the others
    start_turn(GAME.t, g, owner, [])  # the owner's next turn: back from the centre, face down
    assert g.centre == () and terrain_cost(GAME.t, g, forest) == 3
    assert "prayer-of-weather" in g.players[owner].skills_used


def test_skills_healing_ritual_two_wounds_out_of_the_hand_one_to_the_nearest_other_hero() -> None:
    s = turn(f"march {WOUND} {WOUND} {WOUND}", skills="healing-ritual")
    g, owner = s.g, s.g.current
    wounds = g.players[1 - owner].hand.count(WOUND)
    assert "skill healing-ritual" in legal(s)
    do(s, "skill healing-ritual")
    assert g.players[owner].hand.count(WOUND) == 1 and g.players[1 - owner].hand.count(WOUND) == wounds + 1
    assert ("healing-ritual", owner, "") in g.centre and "skill healing-ritual" not in legal(s)


def test_skills_healing_ritual_not_offered_without_a_wound() -> None:
    s = turn("march", skills="healing-ritual")
    assert "skill healing-ritual" not in legal(s)


def _text(s, viewer):  # type: ignore[no-untyped-def]
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def test_skills_interactive_the_centre_is_shown_to_every_viewer_and_read_into_the_vector() -> None:
    s = turn("march", skills="prayer-of-weather")
    owner = s.g.current
    schema = GAME.observation_schema(2)
    before = [schema.vector(GAME.view(s, v)) for v in (0, 1)]
    assert "In the centre" not in _text(s, 1 - owner)
    do(s, "skill prayer-of-weather")
    for viewer in (0, 1, None):
        assert "In the centre: Prayer of Weather of Tovak" in _text(s, viewer)
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "centre")
    for v in (0, 1):
        after = schema.vector(GAME.view(s, v))
        assert after[first:first + size] != before[v][first:first + size]
        assert after[first:first + size] == schema.vector(GAME.view(GAME.determinize(s, v, Rng(3)), v))[first:first + size]


def test_skills_bonds_of_loyalty_its_unit_is_shown_and_read_into_its_owners_seat() -> None:
    s = turn("march", units="peasants foresters", skills="bonds-of-loyalty")
    schema = GAME.observation_schema(2)
    before = schema.vector(GAME.view(s, 1))
    me(s).bonded = "foresters-1"
    s.cached = None
    assert "Foresters (Bonds of Loyalty)" in _text(s, 1) and "Peasants (Bonds" not in _text(s, 1)
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "players")
    after = schema.vector(GAME.view(s, 1))
    assert after[first:first + size] != before[first:first + size]
