"""Issue 11, the terminal (`boardrules play mage-knight`, render.py): what the picture shows on an
80-column terminal, from hand-set states, and the play fed through a pipe (bad actions, help,
unknown words, the end of input in the middle of a game)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console
from test_mk_decisions import GAME, do, me, turn

from boardrules.cli import main
from boardrules.engine import load_replay
from boardrules.games.mage_knight.game_state import MKState


def picture(s: MKState, viewer: int | None, width: int) -> str:
    console = Console(record=True, width=width, color_system=None)
    console.print(GAME.render(s, viewer))
    return console.export_text()


def test_terminal_the_heroes_on_80_columns_as_lines_with_units_crystals_tokens_and_kept_tokens() -> None:
    # issue 11 "the hand, units, mana source, crystals and tokens ... fame and reputation": on 80
    # columns the heroes' table cut every word ("Pe…", "Cr…", "Pup…")
    s = turn("march rage", units="peasants utem-crossbowmen:wounded", skills="puppet-master master-of-chaos")
    p = me(s)
    p.puppets, p.chaos = ("diggers",), "blue"
    p.crystals["red"], p.mana["blue"], p.fame, p.reputation = 2, 1, 7, -2
    s.cached = None
    text = picture(s, s.g.current, 80)
    assert "…" not in text.split("Your hand")[0].split("Heroes")[1]
    assert "Tovak (you): Fame 7, Level 1, Reputation -2, Armor 2\n" in text
    assert "  Hand 2, Deed deck 11; crystals: 2 red; mana tokens: 1 blue\n" in text
    assert "  Units (Command 2): Peasants, Utem Crossbowmen (1 wound)\n  Tactic: Early Bird\n" in text
    assert "  Skills: Puppet Master (kept: Diggers), Master of Chaos (token at blue)\n" in text
    assert "Goldyx: Fame 0" in text and "Your hand: March, Rage" in text and "Source: die-1 red" in text
    wide = picture(s, s.g.current, 250)  # where the table fits, the table
    assert re.search(r"Tovak \(you\) +7 +1 +-2 +2 +2 +11 +2 red +1 blue +Peasants, Utem Crossbowmen", wide)
    assert "Puppet Master (kept: Diggers)" in wide


def test_terminal_the_combat_on_80_columns_every_ability_whole_and_what_it_does() -> None:
    # issue 11 "in combat the enemies with their abilities": "assassinati…" was cut and nothing said
    # what an ability does (RB "ENEMY TOKEN ABILITIES")
    s = turn("march rage", fight="delphana-masters")
    do(s, "next")
    text = picture(s, s.g.current, 80)
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "Delphana" in line and "assassination" in line)
    assert "paralyze" in lines[row + 1] and "ice" in lines[row + 1]
    assert "assassination: its damage goes to the hero, never to a Unit" in text
    assert "paralyze: a Unit it wounds is destroyed" in text and "State" in text
    assert "Played and not yet used: nothing" in text and "Hero: Armor 2" in text


def test_terminal_the_cards_in_play_add_up_in_the_combat() -> None:
    s = turn("march rage rage", fight="prowlers")
    do(s, "next", "next", "assign 1 hero", "play rage basic", "choose 1", "play rage basic", "choose 1")
    text = picture(s, s.g.current, 80)
    assert "Played and not yet used: attack 4" in text and "In play this turn: Rage x2" in text


def run(args: list[str], script: str) -> str:
    result = CliRunner().invoke(main, args, input=script)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def test_terminal_bad_input_through_a_pipe_is_explained_and_the_end_of_input_saves_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    huge = "9" * 5000
    script = (f"help\nfly early-bird\ntactic {huge}\ntactic {'9' * 60}\nplay march ²\n²\n-1\n0\n{huge}\n\n   \nboard\n"
              "tactic early-bird\nfly\n")  # then the end of input in the middle of the turn
    out = run(["play", "mage-knight", "--seats", "human,greedy", "--seed", "5"], script)
    assert "Commands:" in out
    assert "Illegal: 'fly' is not an action now: Choose a Tactic (tactic TACTIC) [Tactics]" in out
    assert "That is 5,007 characters: no action is that long." in out and huge[:100] not in out
    assert "Illegal: 999999999999... is not one of the Tactics left" in out  # (a word of 60 digits)
    assert "'²' (superscript two) is not a decimal digit" in out
    assert "There is no action -1" in out and "There is no action 0" in out
    assert "Illegal: 'fly' is not an action now" in out  # in the turn: not a word of any action
    assert "End of input." in out and "The game is saved to" in out
    data = load_replay(tmp_path / "boardrules-mage-knight-5.json")
    assert data["actions"][0] == "tactic early-bird"  # nothing of the bad input was played
    resumed = run(["play", "--load", "boardrules-mage-knight-5.json"], "quit\n")
    assert "Your hand:" in resumed
