"""What a player is shown when asked (frame.py): the map as text, each Region with its land, the
tokens on it, the Regions it borders and, when conquering, what conquering it costs; the
whole frame, with the standing and the question, within 45 lines of 120 columns, and nothing
of it lost at 80 columns.

3-player map (content/map-3p.toml): 12 Mountain Cavern Mine (border), borders 0 7 8 13 18;
13 Swamp, borders 8 9 12 14 18 19; 25 Hill (border), borders 18 26; 26 Mountain (border).
"""

from __future__ import annotations

import io
import re

import pytest
from frame_checks import check_fit, check_nothing_cut
from rich.console import Console
from sw_positions import conquer_turn, fresh, give, lost_tribe, put

from boardrules.cli.frames import frames
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.state import SWState

SEEDS = (1, 2, 3)


def frame_lines(game: SmallWorld, s: SWState, player: int, columns: int = 120) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=columns, color_system=None).print(game.frame(s, player))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def region_line(lines: list[str], r: int) -> str:
    """The line of the map that starts with Region ``r`` (in the left half of the map)."""
    found = [line for line in lines if re.match(rf"\s*{r}\*?\s", line)]
    assert found, f"Region {r} is not on the map"
    return found[0]


# -- the map ---------------------------------------------------------------------------------------
def test_each_region_shows_its_land_its_tokens_and_its_borders() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    give(s, 1, "trolls", "hill")
    put(s, 12, 1, "trolls", 3)
    s.lair[12] = True
    lost_tribe(s, 13)
    lines = frame_lines(game, s, 1, 80)  # one Region a line; Player 2 is not asked: no costs
    row = region_line(lines, 12)
    assert row.split()[:4] == ["12*", "Mountain", "Cavern", "Mine"]
    assert "Trolls 3, Lair" in row and row.endswith("0 7 8 13 18")
    assert "Lost Tribe 1" in region_line(lines, 13) and region_line(lines, 13).endswith("8 9 12 14 18 19")
    assert "Cost" not in lines[2]
    assert " ".join(lines[:2]).startswith("Player 1: Alchemist Ratmen, 8 in hand · Player 2 (you): Hill Trolls")


def test_the_view_tells_the_borders_of_every_region() -> None:
    game, s = fresh(3)
    regions = game.view(s, 0)["regions"]
    assert regions[12]["borders"] == [0, 7, 8, 13, 18]
    assert all(r["region"] in regions[b]["borders"] for r in regions for b in r["borders"])


def test_conquering_the_map_shows_each_regions_cost_in_brackets_out_of_reach() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    put(s, 13, 0, "ratmen", 1)
    give(s, 1, "elves", "hill")
    put(s, 12, 1, "elves", 3)
    put(s, 26, 1, "elves", 1)
    conquer_turn(game, s, 0)
    lines = frame_lines(game, s, 0, 80)
    assert "Cost" in lines[2]  # under the players (two lines)
    # 12 borders 13: in reach, 2 + Mountain + 3 Elves; 26 is not: 2 + Mountain + 1 Elf
    assert re.search(r"Elves 3\s+6\s+0 7 8 13 18$", region_line(lines, 12))
    assert re.search(r"Elves 1\s+\(4\)\s+18 19 25 27", region_line(lines, 26))
    assert re.search(r"13\s+Swamp\s+Ratmen 1\s+8 9 12", region_line(lines, 13))  # one's own: no cost
    assert "Cost: the tokens your Ratmen need to conquer it" in " ".join(lines)
    # the others see the map without the costs, which are the decider's question
    assert "Cost" not in frame_lines(game, s, 1, 80)[2]


def test_the_map_is_two_regions_a_line_at_120_columns_and_one_at_80() -> None:
    game, s = fresh(3)
    wide, narrow = frame_lines(game, s, 0, 120), frame_lines(game, s, 0, 80)
    assert re.match(r"\s*0\* Sea .* 15 Mountain Cavern", wide[2])  # under the players (one line) and the heading
    assert [int(line.split()[0].rstrip("*")) for line in narrow[3:33]] == list(range(30))


# -- long questions --------------------------------------------------------------------------------
def test_a_long_question_gets_short_labels_in_columns_and_a_smaller_frame() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "flying", hand=9)  # Flying: every Region may be conquered
    give(s, 1, "elves", "hill")
    put(s, 12, 1, "elves", 3)
    conquer_turn(game, s, 0)
    d = game.decision(s)
    assert d is not None and len(d.actions) > 20
    got = dict(zip((a.text for a in d.actions), game.action_labels(s, d), strict=True))
    assert got["conquer 12"] == "conquer 12: costs 6"
    assert got["done"] == "done: end conquests"
    # short enough for the terminal to set them in columns (cli/table.py, SHORT_LABEL)
    assert max(len(x) for x in got.values()) + len(str(len(d.actions))) + 2 <= 32
    assert not any(line.startswith("On offer") for line in frame_lines(game, s, 0))


def test_a_short_question_keeps_the_long_labels_and_the_combos_on_offer() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=8)
    put(s, 25, 0, "ratmen", 1)
    conquer_turn(game, s, 0)
    d = game.decision(s)
    assert d is not None
    assert "conquer 26: Mountain; empty; costs 3 of your 8 tokens" in game.action_labels(s, d)
    assert any(line.startswith("On offer (tokens, coins on it): 1 ") for line in frame_lines(game, s, 0))


def test_redeploying_many_regions_gets_short_labels() -> None:
    game, s = fresh(3)
    give(s, 0, "ratmen", "alchemist", hand=4)
    for r in (1, 2, 3, 4, 5, 6, 7, 8, 9):
        put(s, r, 0, "ratmen", 1)  # 13 Ratmen in all, 4 in hand
    conquer_turn(game, s, 0)
    game.apply(s, game.decision(s).actions[-1])  # done: redeploy
    d = game.decision(s)
    assert d is not None and s.stage == "redeploy"
    got = dict(zip((a.text for a in d.actions), game.action_labels(s, d), strict=True))
    assert got["place 3"] == "place 3: 2 tokens" and got["place 3 all"] == "place 3 all: 5 tokens"


# -- the size of the frame, over scripted games ----------------------------------------------------
@pytest.fixture(scope="module")
def shown() -> dict[int, list[list[list[str]]]]:
    """Every frame of three scripted games (the human answering 1), at 120 and 80 columns."""
    return {columns: [frames("small-world", seed, columns) for seed in SEEDS] for columns in (120, 80)}


def test_every_frame_fits_45_lines_of_120_columns(shown: dict[int, list[list[list[str]]]]) -> None:
    check_fit(shown[120])


def test_at_80_columns_nothing_is_cut(shown: dict[int, list[list[list[str]]]]) -> None:
    """The same frames at 80 columns: no line wider, no text cut short, and every word shown
    at 120 columns is there (the map is one list, a long text wraps, never lost)."""
    check_nothing_cut(shown[120], shown[80])
