"""The compact frame (terminal/frame.py, ``MageKnight.frame``; issue 24 "a compact frame": "The frame
is 71 lines: in a 45-row terminal the map has scrolled away when the prompt appears"): with the
standing and the question it fits 45 lines at 120 columns, reads at 80, and holds the map window
with every other hero's place, the rampaging enemies next to the hero, the hero's panel with the
Reputation's Influence, the hand; in a combat the combat panel instead of the map. Scripted games
(``cli/frames.py``, the human answering 1) and a game the human plays greedily, then hand-set
positions."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mk_positions import turn
from rich.console import Console

from boardrules.agents import HUMAN, make_agent
from boardrules.cli.frames import frames
from boardrules.cli.table import PlayTable
from boardrules.engine import Session
from boardrules.engine.frames import FRAME_LINES
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.terminal.map_drawing import hex_distance, placed_spaces

GAME = MageKnight()


def shown(s: MKState, columns: int = 120) -> list[str]:
    """What the terminal prints when the decider of ``s`` is asked: the frame, the goal, clock
    and scores, the question and its labelled answers (as ``cli/frames.py`` prints them)."""
    d = GAME.decision(s)
    assert d is not None
    session: Session[Any] = Session(GAME, 1, s.num_players, {}, [HUMAN] * s.num_players)
    session.state = s
    out = io.StringIO()
    console = Console(file=out, width=columns, color_system=None, highlight=False)
    table = PlayTable(console, session, Path(os.devnull))
    console.print(table.frame(d.player))
    table.show(d)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def played(seed: int, columns: int, limit: int = 120) -> Iterator[tuple[MKState, list[str]]]:
    """The human seat (0) playing greedily against a greedy seat: each state it is asked at,
    with what it is shown (moves, exploring, combats, level-ups the answer-1 games never reach)."""
    s = GAME.new_state(2, seed, {})
    agents = [make_agent("greedy", seed), make_agent("greedy", seed + 1)]
    asked = 0
    while (d := GAME.decision(s)) is not None and asked < limit:
        if d.player == 0:
            asked += 1
            yield s, shown(s, columns)
        GAME.apply(s, agents[d.player].act(GAME, s, d))


def position(**fields: Any) -> MKState:
    """Tovak's first turn (seat 0) of a 2-player First Reconnaissance on the set-up's three tiles,
    Prowlers rampaging on the Marauding Orcs at 3:-3; Goldyx after him."""
    seats = fields.pop("seats", None) or [{"tactic": "early-bird", "space": "2,-2", "hand": ["march", "stamina", "rage"]},
                                          {"tactic": "planning", "space": "0,-3"}]
    return GAME.load_position({"game": GAME.name, "players": 2, "seed": 3, "options": {"heroes": "tovak,goldyx"},
                               "current": 0, "seats": seats, "enemies": {"3,-3": ["prowlers"]}, **fields})


def do(s: MKState, *texts: str) -> None:
    for text in texts:
        d = GAME.decision(s)
        assert d is not None
        GAME.apply(s, next(a for a in d.actions if a.text == text))


# ---- the size: 45 lines at 120 columns, whole at 80 -----------------------------------------------

@pytest.mark.parametrize("seed", [1, 2])
def test_frame_every_frame_of_a_scripted_game_fits_45_lines_at_120_columns(seed: int) -> None:
    shown_ = frames("mage-knight", seed, 120)
    assert len(shown_) > 20
    assert max(len(f) for f in shown_) <= FRAME_LINES == 45
    assert max(len(line) for f in shown_ for line in f) <= 120
    assert all(any(line.startswith("Your hand:") for line in f) for f in shown_)


def test_frame_a_game_played_greedily_fits_45_lines_at_120_columns_combats_included() -> None:
    combats = 0
    for seed in (1, 2, 3):
        for s, lines in played(seed, 120):
            assert len(lines) <= 45 and max(map(len, lines)) <= 120, "\n".join(lines)
            if s.g.combat is not None:
                combats += 1
                assert any(line.startswith("Combat") for line in lines) and not any("The map around" in x for x in lines)
    assert combats >= 3


def test_frame_at_80_columns_nothing_is_cut() -> None:
    """At 80 columns the frame wraps, never cuts: no "…", no line wider than 80, every card of the
    hand by its whole name, and the map drawn (cells narrower if they must be) with every space
    of its window."""
    windows = 0
    for s, lines in played(2, 80, limit=60):
        assert max(map(len, lines)) <= 80 and not any("…" in x for x in lines), "\n".join(lines)
        text = " ".join(" ".join(lines).split())
        for card in set(s.g.players[0].hand):
            assert GAME.t.card[card].name in text, card
        assert "Reputation" in text and "Fame" in text
        title = next((i for i, x in enumerate(lines) if x.startswith("The map around")), None)
        if title is None:
            continue
        windows += 1
        here = s.g.players[0].position
        drawn = " ".join(lines[title + 1:])
        for h in placed_spaces(GAME.t, GAME.view(s, 0)):
            if hex_distance(here, h) <= 1:  # the window's radius is 1 or 2
                assert f"{h[0]}:{h[1]}" in drawn, h
    assert windows >= 10


# ---- issue 24's points, from hand-set positions ----------------------------------------------------

def test_issue_24_the_other_hero_off_the_map_window_is_named_with_where_they_stand() -> None:
    """ "The map window leaves out the other hero": a hero beyond the window drawn is named with
    their space, how far and which way; one on it is drawn (@2) and named too."""
    far = shown(position())
    assert any(x.startswith("Goldyx (@2) at 0:-3, 3 spaces west, beyond the map drawn: Fame 0") for x in far)
    near = shown(position(seats=[{"tactic": "early-bird", "space": "2,-2", "hand": ["march"]},
                                 {"tactic": "planning", "space": "1,-2"}]))
    assert any(x.startswith("Goldyx (@2) at 1:-2, 1 space west: Fame 0") for x in near)
    title = next(i for i, x in enumerate(near) if x.startswith("The map around"))
    assert any("@2" in x for x in near[title:title + 12])


@pytest.mark.parametrize(("reputation", "words"), [(0, "+0 (Influence +0)"), (3, "+3 (Influence +1)"),
                                                    (7, "+7 (Influence +5)"), (-5, "-5 (Influence -3)"),
                                                    (-7, "-7 (the X space: no interaction)")])
def test_issue_24_the_heros_panel_shows_the_reputations_influence_bonus_or_penalty(reputation: int,
                                                                                  words: str) -> None:
    """ "no Influence bonus from Reputation" (facts 5.6): the hero's panel, in the frame and on the
    board, gives the Influence the Reputation adds or takes at each interaction."""
    s = position(seats=[{"tactic": "early-bird", "space": "2,-2", "hand": ["march"], "reputation": reputation},
                        {"tactic": "planning", "space": "0,-3"}])
    frame = " ".join(shown(s))
    assert f"Reputation {words}" in frame
    console = Console(record=True, width=250, color_system=None)
    console.print(GAME.render(s, 0))
    assert words in console.export_text()


def test_issue_24_rampaging_enemies_next_to_the_hero_and_the_move_that_provokes_them() -> None:
    """ "no warning that a move provokes rampaging enemies": the frame names the rampaging enemies
    next to the hero, and the label of each move that provokes them says so (MARAUDING ORCS)."""
    s = position()
    lines = shown(s)
    assert ("Rampaging next to you: Prowlers on 3:-3 (a move to another space next to them provokes them)"
            in lines)
    do(s, "play march basic", "play stamina basic")
    d = GAME.decision(s)
    assert d is not None
    labels = dict(zip((a.text for a in d.actions), GAME.action_labels(s, d), strict=True))
    assert "provokes Prowlers (Armor 3" in labels["move 3:-2"]  # 2:-2 and 3:-2 both touch 3:-3
    assert "provokes" not in labels["move 1:-1"]
    assert any(x.endswith("move 1:-1: forest, 3 Move (you have 4)") for x in shown(s))
    far = position(seats=[{"tactic": "early-bird", "space": "0,-1", "hand": ["march"]},
                          {"tactic": "planning", "space": "0,-3"}])
    assert not any(x.startswith("Rampaging") for x in shown(far))


def test_frame_in_combat_shows_the_combat_panel_and_the_hand_not_the_map() -> None:
    s = turn("march rage", fight="prowlers")
    lines = shown(s)
    text = "\n".join(lines)
    assert "Combat: " in text and "Prowlers" in text and "Your hand: March, Rage" in text
    assert "The map around" not in text and len(lines) <= 45
    assert "Tovak (you) at 0:0: Fame 0" in text  # the hero's panel


def test_frame_a_question_with_many_answers_keeps_the_hero_the_hand_and_a_smaller_map() -> None:
    """A hand of seven cards with Move to spend asks 27 answers: the frame drops the cards' texts,
    the key, the legend and the Source, then the map's outer ring, and keeps the hero, the hand
    and the spaces next to the hero."""
    hand = ["march", "stamina", "rage", "swiftness", "promise", "threaten", "crystallize"]
    s = position(seats=[{"tactic": "early-bird", "space": "2,-2", "hand": hand},
                        {"tactic": "planning", "space": "0,-3"}])
    do(s, "play march basic")
    d = GAME.decision(s)
    assert d is not None and len(d.actions) >= 25
    lines = shown(s)
    assert len(lines) <= 45, "\n".join(lines)
    assert lines[1].startswith("Tovak (you) at 2:-2") and any(x.startswith("Your hand: Crystallize") for x in lines)
    assert any(x.startswith("Goldyx (@2) at 0:-3") for x in lines)
    drawn = "\n".join(lines)
    assert all(f"{q}:{r}" in drawn for q, r in ((2, -1), (1, -2), (2, -3), (3, -3), (3, -2)))  # the moves' spaces
    assert "Source:" not in drawn
    roomy = shown(position())  # three cards: the cards' texts under the hand
    assert any(x.startswith("  March (green): Move 2") for x in roomy)
    assert not any(x.startswith("  March (green)") for x in lines)


def test_frame_the_board_command_shows_the_whole_map_the_frame_says_so() -> None:
    s = position()
    assert any("the board command shows the whole map" in x for x in shown(s))
    console = Console(record=True, width=120, color_system=None)
    console.print(GAME.render(s, 0))
    board = console.export_text()
    assert "The whole map (3 tiles placed" in board and "explore" in board
