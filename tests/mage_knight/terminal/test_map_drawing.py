"""The map drawn as hexes (terminal/map_drawing.py, issue 11 "the map around the hero (terrain, sites,
shields, tokens as the viewer may see them)"; issue 24 "Mage Knight's whole explored map on request
with every hero, site and explorable edge marked", "Monst" and "MDen", "shields: @1 Tovak (you);
@1 Tovak (you)"), from hand-set positions: drawn from the view alone, a face-down token shows only
its colour, sites read as words, the tile positions one may explore are marked with the name
``explore X:Y`` gives them, and it fits the terminal or falls back to the table of spaces."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.hexes import Hex, neighbours, tile_centre
from boardrules.games.mage_knight.terminal.map_drawing import (
    FACE_DOWN,
    FACE_UP,
    NARROW,
    SHIELD,
    WIDE,
    MapDrawing,
    cell_lines,
    draw,
    drawn_width,
    explorable,
    map_key,
    placed_spaces,
)
from boardrules.games.mage_knight.terminal.render import map_table

GAME = MageKnight()


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def position(**fields: Any) -> MKState:
    """Tovak's first turn (seat 0) of a 2-player First Reconnaissance on the set-up's three tiles
    (the starting tile, countryside-1 east, countryside-2 north-east), Goldyx after him."""
    seats = fields.pop("seats", [{"tactic": "early-bird", "space": "2,-2", "hand": ["march", "stamina", "rage"]},
                                 {"tactic": "planning", "space": "0,-3"}])
    return GAME.load_position({"game": GAME.name, "players": 2, "seed": 3, "options": {"heroes": "tovak,goldyx"},
                               "current": 0, "seats": seats, **fields})


def picture(s: MKState, viewer: int | None, width: int, colour: bool = False, whole: bool = False) -> str:
    v = GAME.view(s, viewer)
    console = Console(record=True, width=width, color_system="truecolor" if colour else None)
    console.print(MapDrawing(GAME.t, v, viewer, fallback=map_table(GAME.t, v, viewer, None if whole else 2),
                             whole=whole))
    return console.export_text(styles=colour)


def cell(s: MKState, h: Hex, viewer: int = 0, body: int = WIDE) -> list[str]:
    """The lines of the space ``h`` as drawn for ``viewer``."""
    v = GAME.view(s, viewer)
    here = s.g.players[viewer].position
    heroes = [i for i, p in enumerate(s.g.players) if p.position == h]
    return [x.plain for x in cell_lines(GAME.t, v, h, placed_spaces(GAME.t, v)[h], here, heroes, body)]


def marked(drawing: str) -> set[str]:
    """The tile positions a drawing marks: the words under each ``explore``."""
    lines = drawing.split("\n")
    out = set()
    for i, line in enumerate(lines[:-1]):
        for m in re.finditer("explore", line):
            under = lines[i + 1][max(0, m.start() - 3):m.end() + 3].split()
            out |= set(under)
    return out


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
    mine = cell(s, here, me)
    assert mine[0].strip() == f"P {here[0]}:{here[1]}*"  # plains, the space the map is drawn around
    assert mine[1].startswith("Portal") and f"{SHIELD}{me + 1}" in mine[1]  # the portal, the Shield
    assert f"@{me + 1}" in mine[2] and f"@{2 - me}" in mine[2]  # both heroes start on the portal
    assert "Prowlers" in cell(s, orc, me)[2]  # face up: the enemy
    assert cell(s, down, me)[2].strip() == FACE_DOWN  # face down: a token, nothing more
    drawing = draw(GAME.t, GAME.view(s, me), me, 3)
    at = drawing.plain.index(FACE_DOWN)
    styles = [str(sp.style) for sp in drawing.spans if sp.start <= at < sp.end]
    assert any("grey" in x for x in styles)  # ... in its colour
    text = picture(s, me, 120)
    assert "Guardsmen" not in text and "Guard" not in text.replace("a face-down grey enemy", "")
    assert "Prowlers" in text and f"{down[0]}:{down[1]} " in text and "a face-down grey enemy" in text
    assert "Shield of Tovak (you)" in text and "Move cost at Day" in text


def test_mapdraw_two_states_with_the_same_view_draw_the_same() -> None:
    s, me, _here, _orc, down = hand_set()
    other = s.clone()
    other.g.enemies[down] = [Token("crossbowmen", False)]  # another grey token, face down too
    other.g.players[1 - me].hand = list(reversed(other.g.players[1 - me].hand))
    other.cached = None
    assert GAME.view(s, me) == GAME.view(other, me)
    assert picture(s, me, 120, colour=True) == picture(other, me, 120, colour=True)
    assert picture(s, me, 120, colour=True, whole=True) == picture(other, me, 120, colour=True, whole=True)
    other.g.enemies[down] = [Token("crossbowmen", True)]  # face up, the view changes and so does the map
    assert picture(s, me, 120) != picture(other, me, 120)


@pytest.mark.parametrize("width", [80, 120])
def test_mapdraw_fits_80_and_120_columns(width: int) -> None:
    s, me, *_ = hand_set()
    for whole in (False, True):
        text = picture(s, me, width, whole=whole)
        assert ("The whole map" if whole else "The map around") in text and "Space" not in text.split("\n")[1]
        assert all(len(line.rstrip()) <= width for line in text.split("\n"))


def test_mapdraw_too_narrow_falls_back_to_the_table_of_spaces() -> None:
    s, me, *_ = hand_set()
    narrowest = drawn_width(draw(GAME.t, GAME.view(s, me), me, 2, NARROW))
    assert 20 <= narrowest <= 39  # three tiles at the start; 39 for every space within 2
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
                for whole in (False, True):
                    text = picture(s, viewer, width, whole=whole)
                    assert "The map around" in text or "The whole map" in text
                    assert all(len(line.rstrip()) <= width for line in text.split("\n"))


# ---- issue 24: sites in words, Shields, where to explore, the whole map -------------------------

def test_issue_24_sites_read_as_words_never_monst_or_mden() -> None:
    """ "Monst" and "MDen" on the map: a cell names its site in words (its name, else a shorter
    word: a Mage Tower is a Tower beside a Shield); a mine says its colour; the key below the map
    names every site in full."""
    s = position(tiles={"0,0": "starting-a", "1,0": "countryside-5", "0,1": "countryside-6"},
                 seats=[{"tactic": "early-bird", "space": "2,-2"}, {"tactic": "planning", "space": "0,0"}])
    monastery, den, mine = (4, -3), (0, -3), (3, -1)  # countryside-5 NE, countryside-6 W, countryside-5 SE
    assert cell(s, monastery)[1].strip() == "Monastery"
    assert cell(s, den)[1].strip() == "Monster Den"
    assert cell(s, mine)[1].strip() == f"{GAME.t.tile['countryside-5'].hexes[3].mine[0].capitalize()} Mine"
    narrow = cell(s, monastery, body=NARROW)[1].strip()
    assert narrow == "Monast."  # a narrow cell (the whole map on 80 columns) cuts it, marked
    whole = picture(s, 0, 120, whole=True)
    for word in ("Monst", "MDen", "Portl", "Villg"):
        assert not re.search(rf"\b{word}\b", whole), word
    key = map_key(GAME.t, GAME.view(s, 0), 0, None).plain
    assert "4:-3 plains: Monastery" in key and "0:-3 hills: Monster Den" in key


def test_issue_24_a_shield_and_a_hero_on_one_space_read_as_a_sentence() -> None:
    """ "shields: @1 Tovak (you); @1 Tovak (you)": the key says whose Shield lies there and who
    stands there, each once, in words."""
    s = position(tiles={"0,0": "starting-a", "1,0": "countryside-1", "0,1": "countryside-2", "1,1": "countryside-3"},
                 shields={"5,-6": [0]}, conquered=["5,-6"],
                 seats=[{"tactic": "early-bird", "space": "5,-6", "keeps": ["5,-6"]},
                        {"tactic": "planning", "space": "5,-6"}])
    key = map_key(GAME.t, GAME.view(s, 0), 0, 2).plain
    line = next(x for x in key.split("\n") if x.startswith("5:-6"))
    assert line == "5:-6 * hills: Keep, conquered; Shield of Tovak (you); Tovak (you) and Goldyx are here"
    assert "shields:" not in key and "@1" not in key
    assert f"Keep{SHIELD}1" in cell(s, (5, -6))[1]


def test_issue_24_the_tile_positions_one_may_explore_are_marked_with_the_actions_names() -> None:
    """ "nothing marks where one may explore (explore 2:0 uses tile coordinates that look like hex
    coordinates)": the centre of each open tile position where a tile may go is drawn as
    ``explore`` over the name the action uses; the positions one may explore from here are among
    them, and the wedge's coastline and the tiles' placement rule leave the others unmarked."""
    s = position(seats=[{"tactic": "early-bird", "space": "2,-4", "hand": ["march"]},
                        {"tactic": "planning", "space": "0,0"}])
    v = GAME.view(s, 0)
    assert explorable(v) == [(0, 2), (1, 1), (2, 0)]  # (1,-1) is beyond the wedge's coastline
    d = GAME.decision(s)
    assert d is not None
    GAME.apply(s, next(a for a in d.actions if a.text == "play march basic"))
    d = GAME.decision(s)
    assert d is not None
    here = sorted(a.args[0] for a in d.actions if a.name == "explore")
    assert here == ["0:2", "1:1"]
    window = draw(GAME.t, GAME.view(s, 0), 0, 2).plain
    assert marked(window) == {"0:2", "1:1"}  # the window around the hero: the centres within 2
    whole = draw(GAME.t, GAME.view(s, 0), 0, None).plain
    assert marked(whole) == {"0:2", "1:1", "2:0"}
    labels = dict(zip((a.text for a in d.actions), GAME.action_labels(s, d), strict=True))
    centre = tile_centre((1, 1))
    assert f"centred on space {centre[0]}:{centre[1]}" in labels["explore 1:1"]


def test_issue_24_the_tile_deck_empty_a_tile_goes_only_where_it_touches_three() -> None:
    s = position(tiles={"0,0": "starting-a", "1,0": "countryside-1", "0,1": "countryside-2", "1,1": "countryside-3"},
                 tile_deck=[])
    v = GAME.view(s, 0)
    assert v["countryside_tiles_left"] == v["core_tiles_left"] == 0 and v["spare_tiles_left"] > 0
    assert explorable(v) == []  # no open position touches three tiles yet
    s.g.tile_deck = ["countryside-4"]
    s.cached = None
    assert explorable(GAME.view(s, 0)) == [(0, 2), (1, 2), (2, 0), (2, 1)]


def test_issue_24_the_board_command_shows_the_whole_map_every_hero_site_and_explorable_edge() -> None:
    """The whole explored map on request (``render``, the ``board`` command): every placed space,
    every hero wherever they stand, every site in the key, every tile position to explore."""
    s = position(tiles={"0,0": "starting-a", "1,0": "countryside-1", "0,1": "countryside-2", "1,1": "countryside-3",
                        "2,0": "countryside-4"},
                 seats=[{"tactic": "early-bird", "space": "6,-4"}, {"tactic": "planning", "space": "-1,0"}])
    console = Console(record=True, width=120, color_system=None)
    console.print(GAME.render(s, 0))
    out = console.export_text()
    board = out[:out.index("Heroes")]
    assert "The whole map (5 tiles placed" in board
    for h in s.g.spaces:
        assert re.search(rf"(^| ){h[0]}:{h[1]}\*?( |$)", board, re.M), h  # every space, far from the hero too
    assert "@1" in board and "@2" in board  # both heroes, 7 spaces apart
    v = GAME.view(s, 0)
    for h, th in placed_spaces(GAME.t, v).items():
        if th.site:
            assert f"{h[0]}:{h[1]}{' *' if h == (6, -4) else ''} {th.terrain}: " in board, h
    assert marked(board) == {f"{x}:{y}" for x, y in explorable(v)} and len(explorable(v)) >= 3
    assert FACE_UP not in board or "enemy face up" in board  # a mark drawn is in the legend
