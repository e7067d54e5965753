"""The terminal picture of Heroscape: the battlefield drawn cell by cell, figures and who is
engaged, and order markers shown only as the viewer may see them."""

from __future__ import annotations

from rich.console import Console

from boardrules.engine import Action, Rng
from boardrules.games.heroscape.battlefield import build
from boardrules.games.heroscape.content import Content, default_content
from boardrules.games.heroscape.content_model import BattlefieldData, Ruin
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.render import CELL, render
from boardrules.games.heroscape.state import MARKERS, NO_CARD, SHState

# 5 columns, 4 rows: water at c1, a level-12 pillar at e3, a ruin on e2, no space at c3
LAYOUT = """
g1 g2 w1 r3 g1
g1 s4 g2 g2 g1
g2 g2 .. g3 g12
g1 g1 g1 g1 g1
"""
FIELD = build(BattlefieldData(
    name="Tiny", players=(2,), layout=LAYOUT, ruin=(Ruin(at=(4, 1), height=3),),
    start={"west": ((0, 0), (0, 1), (0, 3), (1, 3)), "east": ((4, 0), (3, 2), (3, 3), (4, 3))}))
GAME = Heroscape(Content(default_content().cards, {"tiny": FIELD}, "test"))
ARMIES = (("syvarris", "mimring"), ("finn", "thorgrim"))
MARKS = (("syvarris", "mimring", "syvarris", "mimring"), ("finn", "finn", "finn", "thorgrim"))


def text_of(renderable: object, width: int = 200) -> str:
    console = Console(record=True, width=width, color_system=None)
    console.print(renderable)
    return console.export_text()


def new_game(seed: int = 1) -> SHState:
    return GAME.new_state(2, seed, {"battlefield": "tiny", "points": "250", "rounds": "2"})


def first_turn(seed: int = 1) -> SHState:
    """Each side takes its two cards, places them and puts its markers (player 2's X on
    Thorgrim, the rest on Finn), up to the first move of round 1."""
    s = new_game(seed)
    while s.stage not in ("move", "attack"):
        d = GAME.decision(s)
        assert d is not None
        p = d.player
        if s.stage == "army":
            wanted = [c for c in ARMIES[p] if Action("take", (c,)) in d.actions]
            action = Action("take", (wanted[0],)) if wanted else Action("done")
        elif s.stage == "markers":
            action = Action("mark", (MARKS[p][s.markers[p].index(NO_CARD)],))
        else:
            action = d.actions[0]
        GAME.apply(s, action)
    return s


def figure(s: SHState, name: str) -> int:
    i = GAME.q.fig_named(s, name)
    assert i is not None
    return i


def set_up_battle(seed: int = 1) -> SHState:
    """Syvarris (1a) at a4 next to Finn (2a) at b4: engaged. Mimring (1b) on a1-a2,
    Thorgrim (2b) at e4, two spaces from anyone."""
    s = first_turn(seed)
    for name, spaces in (("syvarris", ((0, 3),)), ("finn", ((1, 3),)), ("mimring", ((0, 0), (0, 1))),
                         ("thorgrim", ((4, 3),))):
        s.figures[figure(s, name)].spaces = tuple(FIELD.at(c, r) for c, r in spaces)
    s.cached = None
    return s


def map_cells(text: str, cols: int, rows: int) -> dict[tuple[int, int], str]:
    """(column, row) -> the text of that cell, read back from the picture."""
    lines = text.splitlines()
    top = next(k for k, line in enumerate(lines) if line.split() == [chr(ord("a") + c) for c in range(cols)])
    label = len(str(rows)) + 1
    out = {}
    for r in range(rows):
        line = lines[top + 1 + r]
        assert line[:label].strip() == str(r + 1)
        for c in range(cols):
            x = label + (CELL // 2) * (r & 1) + CELL * c
            out[(c, r)] = line[x:x + CELL - 1].strip()
    return out


def rows_of(text: str, title: str, n: int) -> list[str]:
    """The n rows of a titled table (after its title, header and rule)."""
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith(title))
    assert set(lines[start + 2].strip()) == {"─"}
    return lines[start + 3:start + 3 + n]


def figure_rows(s: SHState, viewer: int | None) -> dict[str, str]:
    """Figures table rows by tag."""
    rows = rows_of(text_of(render(GAME.q, s, viewer)), "Figures", len(s.figures))
    return {line.split()[0]: line for line in rows}


def test_render_every_space_shows_its_level_water_and_ruin_at_its_cell() -> None:
    cells = map_cells(text_of(render(GAME.q, new_game(), None)), 5, 4)
    expected = {(c, r): cell for r, line in enumerate(LAYOUT.strip().splitlines())
                for c, cell in enumerate(line.split())}
    for (c, r), code in expected.items():
        if code == "..":
            assert cells[(c, r)] == ""
        elif (c, r) == (4, 1):
            assert cells[(c, r)] == "#1"  # the ruin stands on a level-1 space
        elif code[0] == "w":
            assert cells[(c, r)] == "~" + code[1:]
        else:
            assert cells[(c, r)] == code[1:]


def test_render_figures_tagged_on_their_spaces_double_space_on_both() -> None:
    cells = map_cells(text_of(render(GAME.q, set_up_battle(), 0)), 5, 4)
    assert cells[(0, 3)] == "1a" and cells[(1, 3)] == "2a"
    assert cells[(0, 0)] == cells[(0, 1)] == "1b"  # Mimring, a double-space figure
    assert cells[(4, 3)] == "2b"
    assert cells[(2, 3)] == "1"  # an empty space still shows its level


def test_render_figures_table_lists_engagement_wounds_and_spaces() -> None:
    s = set_up_battle()
    s.figures[figure(s, "finn")].wounds = 2
    rows = figure_rows(s, None)
    assert "syvarris" in rows["1a"] and "a4" in rows["1a"] and rows["1a"].rstrip().endswith("finn")
    assert rows["2a"].rstrip().endswith("syvarris") and "2/4" in rows["2a"]
    assert "a1-a2" in rows["1b"] and rows["1b"].rstrip().endswith("-")
    assert "Player 2" in rows["2b"] and rows["2b"].rstrip().endswith("-")


def test_render_destroyed_and_off_board_figures_shown_as_such() -> None:
    s = set_up_battle()
    s.figures[figure(s, "thorgrim")].alive = False
    s.figures[figure(s, "thorgrim")].spaces = ()
    rows = figure_rows(s, None)
    assert "destroyed" in rows["2b"] and "e4" not in rows["2b"]
    s.figures[figure(s, "finn")].spaces = ()
    rows = figure_rows(s, None)
    assert "off the battlefield" in rows["2a"]


def test_render_hides_other_players_unrevealed_markers() -> None:
    """Player 2's X lies face down on Thorgrim: the others see a marker on Thorgrim (the table
    does), never that it is the X."""
    s = first_turn()
    assert not s.revealed[1][MARKERS.index("x")]
    for viewer in (0, None):
        row = rows_of(text_of(render(GAME.q, s, viewer)), "Order markers", 2)[1].split()
        assert row[2:7] == ["finn", "hidden", "hidden", "hidden", "finn"]  # marker 1 is face up
        assert row[7:] == ["2,", "thorgrim", "1"]  # face down: two on Finn, one on Thorgrim
    own = "\n".join(rows_of(text_of(render(GAME.q, s, 1)), "Order markers", 2))
    assert "[thorgrim]" in own  # one's own marker, still face down


def test_render_during_army_building_shows_no_figure_on_the_map() -> None:
    s = new_game()
    GAME.apply(s, Action("take", (ARMIES[GAME.decision(s).player][0],)))  # type: ignore[union-attr]
    text = text_of(render(GAME.q, s, 0))
    assert s.stage == "army" and "Army building" in text
    cells = map_cells(text, 5, 4)
    assert not any(cell[:1].isdigit() and cell[1:2].isalpha() for cell in cells.values())
    assert "off the battlefield" in text and "Army cards still to choose" in text


def test_render_during_army_building_gives_the_points_of_each_card_to_choose() -> None:
    text = text_of(render(GAME.q, new_game(), 0))
    assert "Army cards still to choose (points): marro-warriors 50, deathwalker-9000 140," in text
    assert "grimnak 120" in text and "info NAME: a card's powers in full" in text


def test_render_finished_game_names_the_winner() -> None:
    s = new_game(3)
    rng = Rng(3)
    while (d := GAME.decision(s)) is not None:
        GAME.apply(s, d.actions[rng.below(len(d.actions))])
    text = text_of(render(GAME.q, s, None))
    assert "Game over" in text and "Points of surviving army cards" in text


def _first_turn_on_valkyrie_highlands() -> tuple[Heroscape, SHState]:
    game = Heroscape()
    s = game.new_state(2, 7, {"army": "draft"})
    rng = Rng(7)
    while s.stage not in ("move", "attack"):
        d = game.decision(s)
        assert d is not None
        game.apply(s, d.actions[rng.below(len(d.actions))])
    return game, s


def test_render_real_battlefield_fits_100_columns_with_tags_at_their_spaces() -> None:
    game, s = _first_turn_on_valkyrie_highlands()
    bf = game.q.bf(s)
    cols = 1 + max(bf.place(i)[0] for i in range(bf.size))
    rows = 1 + max(bf.place(i)[1] for i in range(bf.size))
    text = text_of(render(game.q, s, 0), width=100)
    assert max(len(line) for line in text.splitlines()) <= 100
    cells = map_cells(text, cols, rows) if cols <= 26 else {}
    placed = [f for f in s.figures if f.alive and f.spaces]
    assert placed
    for f in placed:
        for x in f.spaces:
            assert cells[bf.place(x)][:1] == str(f.owner + 1) and cells[bf.place(x)][1:2].isalpha()


def test_render_narrow_terminal_cuts_the_map_into_bands_of_columns() -> None:
    game, s = _first_turn_on_valkyrie_highlands()
    text = text_of(render(game.q, s, 0), width=60)
    lines = text.splitlines()
    headers = [line.split() for line in lines if line.split()[:2] in (["a", "b"],) or line.rstrip().endswith(" w   x")]
    assert len(headers) >= 2 and headers[0][0] == "a" and headers[-1][-1] == "x"  # two bands, a to x in all
    assert not any("…" in line for line in lines if line[:3].strip().isdigit())  # no row is cut short
    assert max(len(line) for line in lines if line[:3].strip().isdigit()) <= 60
