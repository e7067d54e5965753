"""The compact board a player is shown when asked (frame.py; issue 24, "a compact frame"): with
the standing and the question it fits 45 lines at 120 columns, and it reads at 80 columns; in
scripted seeded games (``cli/frames.py``: the human answers 1 at every prompt) and from hand-set
positions."""

from __future__ import annotations

import io
import os
import re
from functools import cache
from pathlib import Path

import pytest
from mm_positions import (
    build_location,
    fresh,
    give_quest,
    main_phase,
    put_monster,
    refresh,
    set_tavern,
)
from rich.console import Console

from boardrules.agents import HUMAN
from boardrules.cli.frames import frames
from boardrules.cli.table import PlayTable
from boardrules.engine import Session
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import DISTRICTS, MMState

GAME = "meeples-and-monsters"
GAMES = [(1, "none"), (3, "four-towers")]


@cache
def scripted(seed: int, expansion: str, columns: int) -> list[list[str]]:
    return frames(GAME, seed, columns, options={"expansion": expansion})


def shown(game: MeeplesAndMonsters, s: MMState, width: int = 120) -> list[str]:
    """What seat 0 is shown when asked in ``s``, as the terminal prints it."""
    session: Session[MMState] = Session(game, 0, s.num_players, {}, [HUMAN] * s.num_players)
    session.state = s
    out = io.StringIO()
    table = PlayTable(Console(file=out, width=width, color_system=None), session, Path(os.devnull))
    d = game.decision(s)
    assert d is not None and d.player == 0
    table.console.print(table.frame(0))
    table.show(d)
    return [line.rstrip() for line in out.getvalue().splitlines()]


def words(lines: list[str]) -> set[str]:
    return set(" ".join(lines).split())


@pytest.mark.parametrize(("seed", "expansion"), GAMES)
def test_every_frame_fits_45_lines_at_120_columns(seed: int, expansion: str) -> None:
    shown_frames = scripted(seed, expansion, 120)
    assert len(shown_frames) > 100
    for n, lines in enumerate(shown_frames):
        assert len(lines) <= 45, f"frame {n} is {len(lines)} lines:\n" + "\n".join(lines)
        assert max(len(line) for line in lines) <= 120


@pytest.mark.parametrize(("seed", "expansion"), GAMES[:1])
def test_at_80_columns_nothing_is_cut(seed: int, expansion: str) -> None:
    """Rich wraps what is too wide; nothing is cropped (no ellipsis, no line past 80), and every
    frame still names each district, the Capitol and every player."""
    for n, lines in enumerate(scripted(seed, expansion, 80)):
        assert max(len(line) for line in lines) <= 80 and not any("…" in line for line in lines), n
        seen = words(lines)
        for name in [d.title() for d in DISTRICTS] + ["Capitol", "Goal:", "Scores:"]:
            assert name in seen, f"frame {n} at 80 columns lost {name!r}"
        assert "1 (you)" in " ".join(lines) and re.search(r"Player 3\b", " ".join(lines)), n


def test_the_full_tables_stay_behind_the_board_command() -> None:
    """``board`` still shows the full tables (``render``), taller than the frame and its question."""
    game, s = main_phase(peasant=2, knight=1)
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(game.render(s, 0))
    full = out.getvalue()
    assert len(shown(game, s)) <= 45 < full.count("\n") and "Your board: Player 1" in full


def test_the_capitol_is_drawn_with_its_two_locations_and_their_options() -> None:
    """1. DEVELOPMENT PHASE (issue 24: "the Capitol is not drawn, ``activate guild-hall 1`` /
    ``2`` is cryptic"): the frame draws the Capitol's Guild Hall with its numbered options and
    the Training Grounds."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2)
    text = " ".join(" ".join(shown(game, s)).split())
    assert ("Capitol (Development Phase): Guild Hall 1) peasant → +1 peasant 2) 2 peasant → construct a Location"
            " · Training Grounds: any Unit → level up") in text
    assert "activate guild-hall 2: Guild Hall: 2 peasant → construct a face-up Location tile" in text


def test_a_short_question_leaves_room_for_the_texts() -> None:
    """With few answers, the board shows each Location's options, the tiles face up with theirs,
    the Dark Council's Bonus tokens and the text of each Quest in hand."""
    game, s = fresh()
    set_tavern(s, 0, peasant=1)
    give_quest(game, s, 0, "largest-host")
    lines = shown(game, s)
    text = "\n".join(lines)
    assert len(lines) <= 45
    assert "Muster Green: peasant → +1 warrior" in text
    assert "Largest Host (End of Game, 4 VP, -2): End of game: own the most Units" in text
    assert re.search(r"Tiles face up: \S.* \(", text) and "VP if" in text  # tile options, a Bonus token


def test_a_long_question_gets_a_smaller_board() -> None:
    """Many answers (every Location of the City and many Monsters to fight): the board drops the
    texts the answers' labels carry, and the whole still fits 45 lines at 120 columns."""
    game, s = main_phase(peasant=4, knight=4, warrior=4, mage=3, cleric=3)
    for slot, loc in (("villages-2", "armoury"), ("villages-3", "healers-temple"), ("castle-2", "levy-station"),
                      ("castle-3", "drovers-market"), ("university-2", "great-archive"),
                      ("cathedral-2", "branch-and-root-inn"), ("cathedral-3", "sealed-crypt")):
        build_location(game, s, loc, slot)
    for m in ("tree-beast", "giant-rat", "wild-boar", "skeleton", "shambling-corpse", "bat-swarm", "kobold-sneak",
              "restless-spirit", "carrion-crows"):
        put_monster(game, s, m)
    refresh(s)
    d = game.decision(s)
    assert d is not None and len(d.actions) >= 20
    lines = shown(game, s)
    text = "\n".join(lines)
    assert len(lines) <= 45, "\n".join(lines)
    assert "Muster Green: peasant" not in text.split("Player 1 (human):")[0]  # the options are in the answers
    for name in ("Muster Green", "Armoury", "Sealed Crypt", "Tree Beast", "Carrion Crows"):
        assert name in text


def test_the_players_and_your_own_meeples() -> None:
    """Every player's VP, Tavern, Lodgings, bag, Hero levels, Quests and Monsters beaten on a
    line; your bag by kind."""
    game, s = main_phase(peasant=2, knight=1)
    s.players[1].vp = 7
    lines = shown(game, s)
    row = next(line for line in lines if "Player 2" in line and " 7 " in line)
    assert "K1 W1 M1 C1" in row
    mine = next(line for line in lines if line.startswith("You: bag"))
    assert "peasant" in mine or "pe" in mine
