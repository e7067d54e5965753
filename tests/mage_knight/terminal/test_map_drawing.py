"""The map drawn as hexes (terminal/map_drawing.py, issue 11 "the map around the hero (terrain, sites,
shields, tokens as the viewer may see them)"), from hand-set positions: drawn from the view
alone, a face-down token shows only its colour, and it fits the terminal or falls back to the
table of spaces."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from rich.text import Text

from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.hexes import Hex, neighbours
from boardrules.games.mage_knight.terminal.map_drawing import (
    FACE_DOWN,
    SHIELD,
    MapDrawing,
    draw,
    drawn_width,
)
from boardrules.games.mage_knight.terminal.render import map_table

GAME = MageKnight()


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def picture(s: MKState, viewer: int | None, width: int, colour: bool = False) -> str:
    v = GAME.view(s, viewer)
    console = Console(record=True, width=width, color_system="truecolor" if colour else None)
    console.print(MapDrawing(GAME.t, v, viewer, fallback=map_table(GAME.t, v, viewer)))
    return console.export_text(styles=colour)


def cell(drawing: Text, h: Hex) -> list[str]:
    """The lines of the space ``h`` in the drawing: its label, then what is below it."""
    lines = drawing.plain.split("\n")
    label = f"{h[0]}:{h[1]}"
    for i, line in enumerate(lines):
        for word in re.finditer(r"\S+", line):
            if word.group().rstrip("*") == label:
                at = word.start() - (9 - len(word.group())) // 2  # labels are centred in 9 characters
                return [x[at:at + 9] for x in lines[i:i + 3]]
    raise AssertionError(f"{label} is not drawn")


def hand_set() -> tuple[MKState, int, Hex, Hex, Hex]:
    """The hero on the portal; a rampaging orc face up next to it, a face-down grey token on
    another space, the hero's Shield on its own space."""
    s = first_turn()
    me = s.g.current
    here = s.g.players[me].position
    near = [h for h in neighbours(here) if h in s.g.spaces]
    orc, down = near[0], near[1]
    s.g.enemies[orc] = [Token("prowlers", True)]
    s.g.enemies[down] = [Token("guardsmen", False)]
    s.g.shields[here] = [me]
    s.cached = None
    return s, me, here, orc, down


def test_mapdraw_the_heros_space_a_face_up_orc_a_face_down_tokens_colour_and_a_shield() -> None:
    s, me, here, orc, down = hand_set()
    v = GAME.view(s, me)
    drawing = draw(GAME.t, v, me, 3)
    mine = cell(drawing, here)
    assert mine[0].strip() == f"{here[0]}:{here[1]}*"  # the space the map is drawn around
    assert mine[1].startswith("P Portl") and f"{SHIELD}{me + 1}" in mine[1]  # plains, portal, the Shield
    assert f"@{me + 1}" in mine[2] and f"@{2 - me}" in mine[2]  # both heroes start on the portal
    assert "Prowl" in cell(drawing, orc)[2]  # face up: the enemy
    hidden = cell(drawing, down)[2]
    assert hidden.strip() == FACE_DOWN  # face down: a token, nothing more
    at = drawing.plain.index(FACE_DOWN)
    styles = [str(sp.style) for sp in drawing.spans if sp.start <= at < sp.end]
    assert any("grey" in x for x in styles)  # ... in its colour
    text = picture(s, me, 120)
    assert "Guardsmen" not in text and "Guard" not in text.replace("face-down grey enemy", "")
    assert "Prowlers" in text and f"{down[0]}:{down[1]} " in text and "face-down grey enemy" in text
    assert "shields: @" in text and "Terrain (Move cost at Day)" in text


def test_mapdraw_two_states_with_the_same_view_draw_the_same() -> None:
    s, me, _here, _orc, down = hand_set()
    other = s.clone()
    other.g.enemies[down] = [Token("crossbowmen", False)]  # another grey token, face down too
    other.g.players[1 - me].hand = list(reversed(other.g.players[1 - me].hand))
    other.cached = None
    assert GAME.view(s, me) == GAME.view(other, me)
    assert picture(s, me, 120, colour=True) == picture(other, me, 120, colour=True)
    other.g.enemies[down] = [Token("crossbowmen", True)]  # face up, the view changes and so does the map
    assert picture(s, me, 120) != picture(other, me, 120)


@pytest.mark.parametrize("width", [80, 120])
def test_mapdraw_fits_80_and_120_columns(width: int) -> None:
    s, me, *_ = hand_set()
    text = picture(s, me, width)
    assert "The map around" in text and "Space" not in text.split("\n")[1]  # drawn, not the table
    assert all(len(line.rstrip()) <= width for line in text.split("\n"))


def test_mapdraw_too_narrow_falls_back_to_the_table_of_spaces() -> None:
    s, me, *_ = hand_set()
    narrowest = drawn_width(draw(GAME.t, GAME.view(s, me), me, 2))
    assert 30 <= narrowest <= 54  # three tiles at the start; 54 for every space within 2
    text = picture(s, me, narrowest - 1)
    console = Console(record=True, width=narrowest - 1, color_system=None)
    console.print(map_table(GAME.t, GAME.view(s, me), me))
    assert text == console.export_text() and FACE_DOWN not in text
    assert FACE_DOWN in picture(s, me, narrowest)


@pytest.mark.parametrize(("scenario", "players"), [("first-reconnaissance", 2), ("first-reconnaissance", 4),
                                                   ("solo-conquest", 1), ("full-conquest", 3)])
def test_mapdraw_every_scenarios_start_map_for_every_viewer(scenario: str, players: int) -> None:
    for seed in (1, 2):
        s = GAME.new_state(players, seed, {"scenario": scenario})
        for viewer in [None, *range(players)]:
            for width in (50, 80, 120):
                text = picture(s, viewer, width)
                assert "The map around" in text
                assert all(len(line.rstrip()) <= width for line in text.split("\n"))
