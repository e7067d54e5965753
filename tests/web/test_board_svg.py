"""The generic SVG renderer (web/board_svg.py) and the click steps (web/clicks.py) on hand-made
scenes: every text escaped, keyed elements marked as choices, chosen or off with their hover
texts, catalogue entries named by ``ref``, and where a path of clicks leads."""

from __future__ import annotations

import re

from boardrules.engine import Catalogue, Entry, Scene, Shape
from boardrules.web.board_svg import SIZE, Marks, SvgDrawer, num
from boardrules.web.clicks import hint, read_path, step_at
from boardrules.web.errors import Refused

CATALOGUE = Catalogue([Entry("army card", "finn", "Finn <the> Viking", "Attacks twice & more.", (("Life", "4"),))])


def scene() -> Scene:
    return Scene(20, 10, (
        Shape("hex", x=2, y=2, size=2, style="terrain-grass", key="space:a1", tip="level 3 <grass>"),
        Shape("hex", x=6, y=2, size=2, style="terrain-water", key="space:a2"),
        Shape("circle", x=2, y=2, size=1, style="player-0", label="F", key="figure:finn", ref="army card:finn"),
        Shape("text", x=10, y=8, size=2, label="<script>alert(1)</script>"),
    ), title="a \"test\" board")


def test_every_text_is_escaped_and_decoration_lets_clicks_through() -> None:
    svg = str(SvgDrawer(CATALOGUE).draw(scene(), Marks()))
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert "level 3 &lt;grass&gt;" in svg and "Finn &lt;the&gt; Viking" in svg and "&amp; more" in svg
    assert 'aria-label="a &#34;test&#34; board"' in svg
    assert re.search(r'<text class="k-text label deco"', svg)  # a plain text: no element, clicks go through
    assert svg.startswith('<svg class="scene" viewBox="0 0 20 10"')


def test_a_board_carries_its_shape_for_the_page_to_size_it() -> None:
    """docs/server.md, "The layout": the width and height attributes keep the board's shape,
    SIZE on its longer side, so the page's flex row can give it its room."""
    svg = str(SvgDrawer(CATALOGUE).draw(scene(), Marks()))
    assert f'width="{SIZE}" height="{SIZE // 2}"' in svg.split(">", 1)[0]
    tall = Scene(0.5, 1000, (Shape("text", 0.2, 3, size=0.1, label="a"),))
    assert 'width="2" height="3000"' in str(SvgDrawer(CATALOGUE).draw(tall, Marks())).split(">", 1)[0]
    thin = Scene(10_000, 1, (Shape("text", 1, 0.5, size=0.5, label="a"),))
    assert 'width="3000" height="1"' in str(SvgDrawer(CATALOGUE).draw(thin, Marks())).split(">", 1)[0]


def test_choices_carry_their_click_and_the_others_say_why_not() -> None:
    marks = Marks(choices={"figure:finn": "figure:finn"}, hints={"figure:finn": "move finn: Move 5"},
                  why={"space:a1": "choose a figure first", "space:a2": "choose a figure first"},
                  post="/games/g1/click", include="#clicking")
    svg = str(SvgDrawer(CATALOGUE).draw(scene(), marks))
    finn = re.search(r'<g class="el choice" data-key="figure:finn"[^>]*>', svg)
    assert finn is not None
    assert 'hx-post="/games/g1/click"' in finn.group(0) and 'hx-vals="{&#34;path&#34;: &#34;figure:finn&#34;}"' in finn.group(0)
    assert "move finn: Move 5" in svg
    a1 = re.search(r'<g class="el off" data-key="space:a1"><title>([^<]*)</title><polygon class="k-hex terrain-grass"', svg)
    assert a1 is not None and a1.group(1) == "level 3 &lt;grass&gt;\nchoose a figure first"
    assert svg.count("hx-post") == 1


def test_a_chosen_element_and_picking() -> None:
    marks = Marks(choices={"space:a2": "figure:finn space:a2"}, chosen=frozenset({"figure:finn"}),
                  post="/games/g1/click", include="#clicking")
    svg = str(SvgDrawer(CATALOGUE).draw(scene(), marks))
    assert svg.startswith('<svg class="scene picking"')
    assert '<g class="el chosen" data-key="figure:finn"' in svg
    assert "figure:finn space:a2" in svg


def test_numbers_are_short() -> None:
    assert [num(x) for x in (0.0, -0.0001, 1.5, 2.0, 3.14159, -2.5)] == ["0", "0", "1.5", "2", "3.14", "-2.5"]


PATHS = (("figure:finn", "space:a1"), ("figure:finn", "space:a2"), ("figure:finn",), ("space:b1",),
         ("space:b1",), ())


def test_a_path_leads_to_next_keys_a_menu_or_nothing() -> None:
    first = step_at(PATHS, ())
    assert first is not None and first.next == {"figure:finn": [0, 1, 2], "space:b1": [3, 4]} and first.complete == []
    finn = step_at(PATHS, ("figure:finn",))
    assert finn is not None and finn.next == {"space:a1": [0], "space:a2": [1]} and finn.complete == [2]
    tie = step_at(PATHS, ("space:b1",))
    assert tie is not None and tie.next == {} and tie.complete == [3, 4]  # two actions, one path: a menu
    assert step_at(PATHS, ("space:zz",)) is None
    assert step_at(PATHS, ("figure:finn", "space:a1", "space:a2")) is None


def test_a_click_path_is_read_and_checked() -> None:
    assert read_path(" figure:finn  space:a1 ") == ("figure:finn", "space:a1")
    for bad, says in (("", "names no board element"), ("nokind", "is not a board element"),
                      (" ".join(["space:a1"] * 9), "at most 8")):
        try:
            read_path(bad)
        except Refused as exc:
            assert says in exc.message and exc.status == 422
        else:
            raise AssertionError(f"{bad!r} was read")


def test_hints_say_what_a_click_does() -> None:
    assert hint(["to a1: 2 spaces"]) == "to a1: 2 spaces"
    assert hint(["attack finn x", "grenade finn x"]) == "2 choices: attack finn x; grenade finn x"


def test_the_shapes_of_an_element_take_its_clicks_and_decoration_lets_them_through() -> None:
    pair = Shape("group", key="figure:mimring", shapes=(Shape("circle", x=2, y=2, size=1), Shape("circle", x=6, y=2, size=1)))
    loose = Shape("group", shapes=(Shape("circle", x=2, y=8, size=1),))
    svg = str(SvgDrawer(CATALOGUE).draw(Scene(20, 10, (pair, loose)), Marks()))
    assert svg.count('<circle class="k-circle"') == 2 and svg.count('<circle class="k-circle deco"') == 1
