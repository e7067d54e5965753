"""The Heroes IV terminal picture shows the map's spaces, the stacks and the piles, your hand and
Adventure Stack, and only counts of the others'."""

from __future__ import annotations

import io
import re

from h4_positions import picture, position, put_army
from rich.console import Console

from boardrules.games.heroes_iv import HeroesIV


def test_render_shows_spaces_stacks_and_your_cards_only() -> None:
    game = HeroesIV()
    s = game.new_state(2, 4, {"alignments": "order,death"})
    while s.stage not in ("purchase", "move"):
        d = game.decision(s)
        assert d is not None
        game.apply(s, next((a for a in d.actions if a.name == "pass"), d.actions[0]))  # hands stay 3 and 5
    out = io.StringIO()
    Console(file=out, width=250).print(game.render(s, 0))
    text = out.getvalue()
    assert "undefined" in text and "Army Stacks" in text
    mine = next(line for line in text.splitlines() if "Player 1 (you)" in line)
    assert all(card in mine for card in s.players[0].hand + s.players[0].adventure)
    theirs = next(line for line in text.splitlines() if line.lstrip("│ ").startswith("Player 2 ") and "death" in line)
    assert not any(card in theirs for card in s.players[1].hand + s.players[1].adventure)
    assert " 3 " in theirs and " 5 " in theirs  # the counts are public


def test_render_the_map_hex_by_hex_with_terrain_spaces_and_army_stacks() -> None:
    # issue 12 "the map with stacks, markers and defined spaces": the picture once listed the spaces
    # and stacks by hex number only, with no map to find hex 23 or its terrain on
    game = HeroesIV()
    c, s = position(2)
    put_army(c, s, 0, 3, ["knight", "squire"], marker=1)
    sp = s.spaces[9]
    sp.card, sp.owner = "haven", 1
    s.spaces[18].card, s.spaces[18].guards, s.spaces[18].guarding = "windmill", ["skeleton"], 1
    s.first = 0
    text = picture(game, s, 0)
    lines = text.splitlines()
    assert s.board is not None
    row = next(i for i, line in enumerate(lines) if line.split()[:3] == ["7", "8", "9"])
    below = lines[row + 1]
    # hex 7 water (impassable: #), hex 9 the Town held by Player 2, with its terrain after it
    assert below.split()[0] == "#w" and re.search(r"T2[a-z]", below)
    assert "A1" in lines[next(i for i, line in enumerate(lines) if line.split()[:2] == ["3", "4"]) + 1]
    assert "L*" in text and "D?" in text  # hex 18 guarded, hex 0 an undefined Creature Dwelling
    assert "g grass" in text and "#w water" in text and "(impassable)" in text


def test_render_your_hand_in_full_on_a_narrow_terminal() -> None:
    game = HeroesIV()
    c, s = position(2)
    s.players[0].hand = ["boots-of-travel", "tower-shield"]
    s.players[0].adventure = ["veterans-guild"]
    s.players[1].hand = ["windmill"]
    text = picture(game, s, 0, width=80)
    assert "Your hand: boots-of-travel, tower-shield; your Adventure Stack: veterans-guild" in text
    assert "windmill" not in text.split("Your hand")[1]  # only your own cards
