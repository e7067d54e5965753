"""The compact board a player is shown when asked (frame.py, hexmap.py; issue 24, "a compact
frame" and Heroes IV's points): with the standing and the question it fits 45 lines at 120
columns and reads at 80; the map shows the terrain under every space, ``L`` only for a
Location, the spaces and free slots while it is built; no board reads round 13 of 12; the board
is drawn again after one's own move. In scripted seeded games (``cli/frames.py``: the human
answers 1 at every prompt) and from hand-set positions."""

from __future__ import annotations

import io
import os
import re
from functools import cache
from pathlib import Path

import pytest
from h4_positions import position, put_army
from rich.console import Console

from boardrules.agents import HUMAN, RandomAgent
from boardrules.cli.frames import frames
from boardrules.cli.table import PlayTable
from boardrules.engine import Action, Session
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.state import H4State

GAME = "heroes-iv"
G = HeroesIV()


@cache
def scripted(seed: int, players: int, columns: int) -> list[list[str]]:
    return frames(GAME, seed, columns, players=players)


def table(s: H4State, width: int = 120) -> tuple[PlayTable, io.StringIO]:
    session: Session[H4State] = Session(G, 0, s.num_players, {}, [HUMAN] * s.num_players)
    session.state = s
    out = io.StringIO()
    return PlayTable(Console(file=out, width=width, color_system=None), session, Path(os.devnull)), out


def shown(s: H4State, width: int = 120) -> list[str]:
    """What seat 0 is shown when asked in ``s``, as the terminal prints it."""
    s.cached = None
    t, out = table(s, width)
    d = G.decision(s)
    assert d is not None and d.player == 0
    t.console.print(t.frame(0))
    t.show(d)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def cell_row(lines: list[str], hexes: list[int]) -> str:
    """The line under the hex numbers ``hexes`` (a row of the map)."""
    i = next(i for i, line in enumerate(lines) if line.split()[:len(hexes)] == [str(h) for h in hexes])
    return lines[i + 1]


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 3), (1, 2)])
def test_every_frame_fits_45_lines_at_120_columns(seed: int, players: int) -> None:
    shown_frames = scripted(seed, players, 120)
    assert len(shown_frames) > 30
    for n, lines in enumerate(shown_frames):
        assert len(lines) <= 45, f"frame {n} is {len(lines)} lines:\n" + "\n".join(lines)
        assert max(len(line) for line in lines) <= 120


def test_at_80_columns_nothing_is_cut() -> None:
    """Rich wraps the texts; the map is laid out for the width (in bands when wider): nothing is
    cropped, and every frame still gives the goal, the scores and every player."""
    for n, lines in enumerate(scripted(1, 3, 80)):
        assert max(len(line) for line in lines) <= 80 and not any("…" in line for line in lines), n
        text = " ".join(" ".join(lines).split())
        assert "Goal: most points after round 12" in text and "Scores: Player 1 (you)" in text, n
        assert all(f"Player {k}" in text for k in (1, 2, 3)), n


def test_the_terrain_under_a_space_and_a_stack_is_shown() -> None:
    """Issue 24 ("the terrain under a space is hidden"): a space reads its kind, its state, then
    the terrain it stands on; a stack its marker, then the terrain."""
    c, s = position(2)
    assert s.board is not None
    put_army(c, s, 0, 3, ["knight", "squire"], marker=1)
    s.spaces[9].card, s.spaces[9].owner = "haven", 1
    lines = shown(s)
    code = {t.id: t.code for t in c.terrain}
    assert re.search(rf"\bT2{code[s.board.terrain[9]]}\b", cell_row(lines, [7, 8, 9]))
    assert f"A1{code[s.board.terrain[3]]}" in cell_row(lines, [3, 4])
    assert f"A1 Player 1 (you) at hex 3 ({s.board.terrain[3]}), " in "\n".join(lines)


def test_lava_and_a_location_read_apart() -> None:
    """Issue 24 ("``L`` is both lava and a Location"): impassable terrain reads ``#`` and its
    letter, in lower case like every terrain (``#l`` lava); ``L`` is only a Location Space."""
    c, s = position(2, sections=(("ember-wastes", 0, 0), ("green-vale", 1, 0)))
    put_army(c, s, 0, 10, ["knight"], marker=1)
    lines = shown(s)
    assert cell_row(lines, [0, 1, 2]).split()[2] == "#l"  # hex 2: lava
    assert cell_row(lines, [16, 17, 18]).split()[0] == "L?r"  # hex 16: a Location Space on rough ground
    assert "#l lava (impassable)" in " ".join(" ".join(lines).split())


def test_while_the_map_is_built_its_spaces_and_free_slots_are_on_it() -> None:
    """Issue 24 ("map sections are placed blind: spaces appear only after the last one; slot
    names are not on the map"): the sections placed show their spaces, undefined, and each free
    slot is named where the flipped section would go; the prompt names the section."""
    s = G.new_state(2, 1)
    assert s.stage == "build" and len(s.placed) == 1
    lines = shown(s)
    text = "\n".join(lines)
    for slot in ("1:0", "-1:0", "0:1", "0:-1", "1:-1", "-1:1"):
        assert f"[{slot}]" in text and f"attach {slot}: " in text
    assert re.search(r"\bT\?[a-z]\b", text) and re.search(r"\bL\?[a-z]\b", text)
    assert "free slot for the next section" in text and "old-kingdom (1 town, 1 dwelling, 2 location)" in text


def test_the_edge_hexes_to_start_on_are_marked_and_the_answers_go_in_columns() -> None:
    s = G.new_state(3, 2)
    while s.stage == "build":
        d = G.decision(s)
        assert d is not None
        G.apply(s, d.actions[0])
    d = G.decision(s)
    assert d is not None and s.stage == "start"
    if d.player != 0:
        s.current = 0
    lines = shown(s)
    assert len(lines) <= 45
    text = "\n".join(lines)
    assert len(re.findall(r"(?<= )\+[a-z]\b", text)) == len(d.actions)  # each edge hex offered, + on the map
    assert "edge hex (+ on the map)" in text
    assert re.search(r"1\. start \d+: [a-z]+, \d nearby +2\. start", text)  # answers side by side


def test_the_score_and_the_win_condition_are_on_every_frame() -> None:
    """Issue 24 ("the score and the win condition are never shown before the final table"): the
    goal with each kind of space's points, the round and everyone's points, under every board."""
    c, s = position(2)
    put_army(c, s, 0, 3, ["knight"], marker=1)
    s.spaces[9].card, s.spaces[9].owner = "haven", 0
    s.turn = 4
    text = "\n".join(shown(s))
    assert ("Goal: most points after round 12 wins (ties shared): Town 3, Creature Dwelling 2, Location 1, "
            "Artifact under a Hero 1") in text
    assert "Round 4 of 12, 8 more after this · Scores: Player 1 (you) 3 points · Player 2 0 points" in text


def test_no_board_reads_round_13_of_12() -> None:
    """Issue 24 ("the last board says round 13 of 12"): after the last round every board says the
    game is over after round 12, the full one (``board``) and the frame."""
    s = G.new_state(2, 5)
    agent = RandomAgent(5)
    while (d := G.decision(s)) is not None:
        G.apply(s, agent.act(G, s, d))
    assert s.over and s.turn == 13
    for board in (G.render(s, None), G.render(s, 0), G.frame(s, 0)):
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(board)
        assert "13 of 12" not in out.getvalue() and "the game is over after round 12" in out.getvalue()


def test_the_board_is_drawn_again_after_ones_own_move() -> None:
    """Issue 24 ("the board is 75 lines and not redrawn after one's own moves"): the frame shows
    where each stack stands and its movement points, so a move changes it and the terminal
    draws it again (``cli/table.py`` board_changed)."""
    c, s = position(2)
    put_army(c, s, 0, 3, ["knight"], marker=1)
    put_army(c, s, 1, 30, ["squire"], marker=5)
    t, out = table(s)
    t.board(0)
    before = out.getvalue()
    assert "A1 Player 1 (you) at hex 3" in before and len(before.splitlines()) <= 45
    t.session.play(Action.parse("move 1 4"))
    assert t.board_changed(0)
    out.truncate(0)
    t.board(0)
    assert "A1 Player 1 (you) at hex 4" in out.getvalue()


def test_a_battle_shows_each_cards_numbers() -> None:
    """The battle under way in the frame: each stack by its label, its top card's Attack, Ranged,
    Defense, Level and Phase, the Level and Defense of the cards under it."""
    c, s = position(2)
    put_army(c, s, 0, 4, ["knight", "squire", "squire"], marker=1)
    put_army(c, s, 1, 5, ["pikeman", "crossbowman"], marker=5)
    G.apply(s, Action.parse("move 1 5"))
    text = "\n".join(shown(s))
    assert re.search(r"a1 Knight \[A\d+ D\d+ L\d P\d+\]", text)
    assert re.search(r"d1 Pikeman \[A\d+ D\d+ L\d P\d+\]", text) or re.search(r"d\d Crossbowman \[A\d+ R\d+", text)
    assert "(A Attack, R Ranged, D Defense, L Level, P Phase)" in text


def _placed(sections: tuple[tuple[str, int, int], ...], players: int) -> H4State:
    c, s = position(players, sections=sections)
    put_army(c, s, 0, 3, ["knight"], marker=1)
    return s


def map_numbers(lines: list[str]) -> set[int]:
    """The hex numbers on the map part of a frame (under the status line, above the legend or the
    Army Stacks), in either layout."""
    out: set[int] = set()
    for line in lines[1:]:
        if line.startswith(("Each hex", "Army Stacks", "Spaces:", "Player 1 (you)")):
            break
        if not line.startswith("(the map"):
            out |= {int(n) for n in re.findall(r"(?<![\d\[:-])(\d{1,3})(?![\d:\]])", line)}
    return out


def test_a_wide_map_at_80_columns_is_drawn_in_parts_with_every_hex() -> None:
    s = _placed((("green-vale", 0, 0), ("old-kingdom", 1, 0), ("mirewood", 2, 0), ("coastland", 3, 0),
                 ("high-pass", 4, 0)), 4)
    lines = shown(s, width=80)
    assert max(len(line) for line in lines) <= 80 and len(lines) <= 45
    assert any(line.startswith("(the map, part 1 of 2") for line in lines)
    assert set(range(5 * 19)) <= map_numbers(lines)


def test_a_tall_map_is_drawn_a_line_a_row() -> None:
    """Seven sections stacked up (6 players) make a map taller than the frame: it is drawn a line a
    row, each hex its number then what is there (``12T?g``), every hex still on it."""
    sections = tuple((sid, 0, k) for k, sid in enumerate(("green-vale", "old-kingdom", "mirewood", "coastland",
                                                           "high-pass", "frozen-march", "ember-wastes")))
    s = _placed(sections, 6)
    lines = shown(s)
    assert len(lines) <= 45
    assert set(range(7 * 19)) <= map_numbers(lines)
    assert re.search(r"\b\d+T\?[a-z]\b", "\n".join(lines))  # number and space side by side
