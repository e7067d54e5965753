"""What a player is shown when asked (frame.py): the turn, the order markers as the player may
see them, the battlefield map with the spaces a question offers marked, the player's army
cards with their numbers and where their figures stand, the enemies near; building the armies,
each army's cards with their points and numbers. The whole frame, with the standing and the
question, within 45 lines of 120 columns, and nothing of it lost at 80 columns."""

from __future__ import annotations

import io

import pytest
from frame_checks import check_fit, check_nothing_cut
from hs_positions import FLAT, act, game_with, position
from rich.console import Console

from boardrules.cli.frames import frames
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import SHState

G = game_with()
SEEDS = (1, 2, 3)


def frame_lines(game: Heroscape, s: SHState, player: int, columns: int = 120) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=columns, color_system=None).print(game.frame(s, player))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def map_row(lines: list[str], row: int) -> list[str]:
    """The cells of a row of the map (its number first)."""
    return next(line.split() for line in lines if line.split()[:1] == [str(row)])


# -- the battlefield and the armies ------------------------------------------------------------------
def test_a_move_marks_the_spaces_offered_on_the_map() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "marro-warriors", ["j6", "dead", "dead", "dead"])],
                 active="finn", stage="move")
    act(G, s, "move finn")
    lines = frame_lines(G, s, 0)
    assert lines[0].startswith("Move: turn 1 of 3, Player 1 (you) with Finn the Viking Champion, moving finn")
    assert map_row(lines, 1)[:4] == ["1", "1a", "+1", "+1"]  # Finn on a1, then the spaces he may reach
    assert map_row(lines, 1)[-3:] == ["1", "1", "1"]  # h1 to j1: out of his Move 5
    assert lines[9].endswith("1a2 a figure, (2) the level it stands on; + a space offered below")
    # the others see the map unmarked: the question is Player 1's
    assert map_row(frame_lines(G, s, 1), 1)[:3] == ["1", "1a", "1"]


def test_the_players_cards_show_their_numbers_and_where_their_figures_stand() -> None:
    g = game_with(layout="g3 g1 g1 g1 g1 g1 g1 g1 g1 g1\n" + FLAT)
    s = position(g, [(0, "syvarris", ["a1"]), (0, "marro-warriors", ["b1", "c2", "dead", "dead"]),
                     (1, "finn", ["d2"]), (1, "thorgrim", ["j7"])], active="syvarris")
    s.figures[0].wounds = 1
    s.spirit_attack[0] = 1
    lines = frame_lines(g, s, 0)
    assert "1a Syvarris (Hero; Life 4, Move 5, Range 9, Attack 3+1, Defense 2): a1 (3), 1 of 4 wounds" in lines
    assert ("1b Marro Warriors (Squad; Life 1, Move 6, Range 6, Attack 2, Defense 3): 1b1 b1 (1), 1b2 c2 (1); "
            "2 destroyed") in lines
    # an enemy near is listed with its card; one far off is only counted
    assert "2a Finn the Viking Champion, Player 2's (Hero; Life 4, Move 5, Range 1, Attack 3, Defense 4): d2 (1)" \
           in lines
    assert "1 more enemy figure farther than 8 spaces (board: every figure)" in lines


def test_the_order_markers_as_the_player_may_see_them() -> None:
    s = position(G, [(0, "finn", ["a1"]), (1, "syvarris", ["j6"])], active="finn", stage="move")
    s.markers[0] = [0, 0, 0, 0]
    s.markers[1] = [1, 1, 1, 1]
    s.revealed[1][0] = False
    lines = frame_lines(G, s, 0)
    assert "Order markers: Player 1 (you): finn 1, [2], [3], [X] · Player 2: syvarris 4 face down" in lines


def test_a_long_question_keeps_the_map_and_leaves_out_the_armies() -> None:
    g = game_with(layout="\n".join(" ".join(["g1"] * 10) for _ in range(12)) + "\n")
    s = position(g, [(0, "finn", ["a3"]), (0, "thorgrim", ["a6"]), (1, "marro-warriors", ["c3", "j12"])],
                 active="finn", stage="move")
    act(g, s, "move finn")
    d = g.decision(s)
    assert d is not None and len(d.actions) > 30
    lines = frame_lines(g, s, 0)
    assert not any(line.startswith(("1a ", "1b ", "Order markers")) for line in lines)
    assert map_row(lines, 3)[:2] == ["3", "1a"] and "+1" in map_row(lines, 3)
    # the answers are short, for the terminal's columns: the map tells their levels
    assert max(len(x) for x in g.action_labels(s, d)) <= 28
    # a short question keeps the whole frame
    s = position(G, [(0, "finn", ["a3"]), (0, "thorgrim", ["a6"]), (1, "marro-warriors", ["c3", "j6"])],
                 active="finn", stage="move")
    act(G, s, "move finn")
    assert any(line.startswith("1b Thorgrim") for line in frame_lines(G, s, 0))


# -- building the armies -----------------------------------------------------------------------------
def test_the_draft_shows_each_armys_cards_with_points_and_numbers() -> None:
    g = Heroscape()
    s = g.new_state(2, 1, {"points": "400"})
    d = g.decision(s)
    assert d is not None
    me, other = d.player, 1 - d.player
    g.apply(s, d.actions[[a.text for a in d.actions].index("take syvarris")])
    d = g.decision(s)
    assert d is not None and d.player == other
    g.apply(s, d.actions[[a.text for a in d.actions].index("take grimnak")])
    while (d := g.decision(s)) is not None and d.player == other:
        g.apply(s, d.actions[-1])
    text = "\n".join(frame_lines(g, s, me))
    assert f"Player {me + 1} (you): 100 of 400 points" in text
    assert ("  Syvarris: 100 points, Hero; Life 4, Move 5, Range 9, Attack 3, Defense 2, Height 5; "
            "Double Attack") in text
    assert "Grimnak 120" in text
    assert text.splitlines()[1].startswith("Battlefield: Valkyrie Highlands, a to x by 1 to 18, levels 1 to 10")
    # the cards to choose are the answers, each with its points and numbers (labels.py)
    assert any(x.startswith("take finn: 80 points, Hero; Life 4, Move 5") for x in g.action_labels(s, d))


def test_the_draft_tells_the_d20_rolls_that_decide_who_chooses_first() -> None:
    """Army selection (facts 3.2, "Draft (2 players): highest roller takes 1 card, the other 2,
    then alternate 1 each; 3+ players snake"): the set-up roll is shown to every player, ties
    rolled again, and agrees with who is asked first."""
    g = Heroscape()
    tied = 0
    for seed in range(40):
        n = 2 + seed % 3
        s = g.new_state(n, seed, {"army": "draft"})
        d = g.decision(s)
        assert d is not None and s.pick_rolls
        last = dict(s.pick_rolls[-1])
        assert max(last, key=lambda p: last[p]) == d.player and list(last.values()).count(max(last.values())) == 1
        tied += len(s.pick_rolls) > 1
        text = " ".join(frame_lines(g, s, (d.player + 1) % n))
        line = text[text.index("Who chooses first (d20): "):]
        for p, roll in s.pick_rolls[0]:
            assert f"Player {p + 1} rolls {roll}" in line
        if n == 2:
            assert f"Player {d.player + 1} takes 1 card, then Player {2 - d.player} 2, then 1 each" in line
        else:
            assert f"Player {d.player + 1} chooses first" in line and "snake" in line
        seen = [g.view(s, v)["first_pick_rolls"] for v in (*range(n), None)]
        assert all(x == seen[0] for x in seen) and seen[0] == [[list(r) for r in rolls] for rolls in s.pick_rolls]
        assert g.view(g.determinize(s, 0, g.rng(s)), 0)["first_pick_rolls"] == seen[0]
    assert tied, "a tie rolled again shows both rolls"


# -- the size of the frame, over scripted games ----------------------------------------------------
@pytest.fixture(scope="module")
def shown() -> dict[int, list[list[list[str]]]]:
    """Every frame of three scripted games (the human answering 1), at 120 and 80 columns."""
    return {columns: [frames("heroscape", seed, columns) for seed in SEEDS] for columns in (120, 80)}


def test_every_frame_fits_45_lines_of_120_columns(shown: dict[int, list[list[list[str]]]]) -> None:
    check_fit(shown[120])


def test_at_80_columns_nothing_is_cut(shown: dict[int, list[list[list[str]]]]) -> None:
    """The same frames at 80 columns: no line wider, no text cut short, and every word shown at
    120 columns is there (the map in two bands of columns, a long text wrapped, never lost)."""
    check_nothing_cut(shown[120], shown[80])


def test_the_drop_with_hundreds_of_spaces_fits_as_ranges_of_spaces() -> None:
    """The Drop offers every empty space far from the figures (407 in this game): the answers
    are numbered ranges of spaces (engine/frames.py), so the frame, the standing and the
    question still fit 45 lines at 120 columns."""
    import io

    from rich.console import Console

    from boardrules.agents import RandomAgent
    from boardrules.engine.frames import FRAME_LINES, Question, standing_text
    from boardrules.games import load_game

    g = load_game("heroscape")
    s = g.new_state(2, 5, g.check_options(2, {}))
    agent = RandomAgent(5)
    while (d := g.decision(s)) is not None and len(d.actions) < 300:
        g.apply(s, agent.act(g, s, d))
    assert d is not None and d.prompt.startswith("The Drop")
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    console.print(g.frame(s, d.player))
    console.print(standing_text(g.standing(s, d.player), g.player_names(s), d.player))
    console.print(Question(f"Player (human): {d.prompt}",
                           list(zip([a.text for a in d.actions], g.action_labels(s, d), strict=True))).renderable())
    lines = out.getvalue().splitlines()
    assert len(lines) <= FRAME_LINES and max(len(x.rstrip()) for x in lines) <= 120
    assert any(line.lstrip().startswith("2-") or "-" in line.split(".")[0] for line in lines)
