"""Mage Knight through the command line: play with a human seat against greedy (bad input fed
through a pipe too), AI games, options, save and load, replays (truncated or corrupt ones named by
their place), and simulate with its balance report."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from mk_positions import GAME, HUGE

from boardrules.agents import RandomAgent
from boardrules.cli import main
from boardrules.engine import (
    Session,
    load_replay,
    replay_from_data,
)
from boardrules.games import load_game

NAME = "mage-knight"


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_list_shows_mage_knight() -> None:
    result = run(["list"])
    assert result.exit_code == 0 and NAME in result.output and "Mage Knight" in result.output


def test_play_human_against_greedy_shows_the_map_the_hand_and_numbered_actions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    script = "help\nfly away\n1\n" + "1\n" * 6 + "save mine.json\nquit\n"
    result = run(["play", NAME, "--seats", "human,greedy", "--seed", "4"], input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Commands:" in out and "Illegal:" in out
    assert re.search(r"\b1\. tactic [a-z-]+", out)  # numbered legal actions
    assert "The map around" in out and "Your hand:" in out and "Source: die-1" in out
    assert "(greedy): tactic" in out  # the AI's choice is printed
    for name in ("mine.json", f"boardrules-{NAME}-4.json"):
        data = load_replay(tmp_path / name)
        assert data["game"] == NAME and data["seats"] == ["human", "greedy"]
        replay_from_data(load_game(NAME), data, check_hash=False)
    resumed = run(["play", "--load", "mine.json"], input="1\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Your hand:" in resumed.output


def test_play_between_ais_finishes_with_the_options_given() -> None:
    result = run(["play", NAME, "--seats", "random,random", "--seed", "2", "--option", "heroes=tovak,goldyx"])
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output and "Tovak (random)" in result.output and "Goldyx" in result.output


def test_a_bad_option_is_refused_plainly() -> None:
    result = run(["play", NAME, "--seats", "greedy,random", "--option", "scenario=moon"])
    assert result.exit_code != 0 and "scenario" in result.output and "moon" in result.output
    assert "Traceback" not in result.output


def test_replay_of_a_finished_game_reproduces_it(tmp_path: Path) -> None:
    game = load_game(NAME)
    session = Session(game, 11, 2, {}, ["random", "random"])
    agents = [RandomAgent(1), RandomAgent(2)]
    while (d := session.decision) is not None:
        session.play(agents[d.player].act(game, session.state, d))
    path = tmp_path / "game.json"
    session.save(path)
    result = run(["replay", str(path), "--show"])
    assert result.exit_code == 0, result.output
    assert "Replay OK: Mage Knight" in result.output and "Final scores" in result.output


def test_simulate_prints_the_balance_report_by_hero_tactic_and_scenario(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = run(["simulate", NAME, "-n", "3", "--seats", "random,random", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    for title in ("Balance: Heroes", "Balance: Tactics", "95% CI"):
        assert title in text
    # one scenario, in every seat: its row would be the whole run's, so it is left out, and named
    assert "Balance: Scenarios" not in text
    assert "every seat had it in every game" in text and "scenario: First Reconnaissance" in text
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 3
    for line in lines:
        assert all(sum(t.startswith("tactic:") for t in seat) >= 1 for seat in line["tags"])
        assert all(any(t.startswith("hero:") for t in seat) for seat in line["tags"])


@pytest.mark.parametrize(("command", "option", "words"), [
    (["simulate", "--seats", "random,random"], "scenario=solo-conquest", "Solo Conquest is for 1 player, not 2"),
    (["simulate", "--seats", "random,random"], "heroes=tovak", "name 2 different heroes"),
    (["simulate", "--seats", "random"], "scenario=full-conquest", "Full Conquest is for 2 to 4 players, not 1"),
    (["tournament", "--agents", "random,greedy"], "heroes=tovak", "name 2 different heroes"),
])
def test_simulate_and_tournament_refuse_what_the_set_up_refuses(command: list[str], option: str, words: str) -> None:
    """They checked the options without the seat count, then ran games that made no decision
    and exited 0; the check is now the one play makes (set_up), before the first game."""
    result = run([command[0], "mage-knight", "-n", "2", *command[1:], "--option", option])
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output and "Turns per game" not in result.output


# ---- the issue: the simulation's balance report ------------------------------------------------


def test_issue_simulate_balance_report_mean_fame_by_hero_tactic_and_scenario() -> None:
    """Issue 11: "a balance report by hero, tactic and scenario (win rate with 95% CI, mean fame,
    sites conquered by type)": each seat's Fame is recorded and averaged over the seats of each
    tag; sites conquered by type are counted apart (and not mixed with the Fame)."""
    from boardrules.sim import GameRecord, count_summary, play_one
    from boardrules.sim.simulate import balance

    rec = play_one(GAME, ["random", "random"], 7)
    state_fame = [dict(c)["mean:Fame"] for c in rec.counts]
    assert len(state_fame) == 2 and all(f >= 0 for f in state_fame)
    fake = [GameRecord(0, 1, ("a", "b"), (0,), (9, 1), 10, 100, tags=(("hero:Tovak",), ("hero:Goldyx",)),
                       counts=((("mean:Fame", 8), ("site:keep", 1)), (("mean:Fame", 2),))),
            GameRecord(1, 2, ("a", "b"), (1,), (1, 7), 10, 100, tags=(("hero:Goldyx",), ("hero:Tovak",)),
                       counts=((("mean:Fame", 4),), (("mean:Fame", 6),)))]
    rows = {x.tag: x for x in balance(fake)}
    assert dict(rows["hero:Tovak"].means) == {"Fame": 7.0} and dict(rows["hero:Goldyx"].means) == {"Fame": 3.0}
    assert {x.key for x in count_summary(fake)} == {"site:keep"}


def test_issue_simulate_prints_mean_fame_and_says_when_no_site_was_conquered() -> None:
    """The printed report has the mean Fame by hero, tactic and scenario (a table of its own, so the
    tables keep to 80 columns), and
    the sites conquered by type even when no seat conquered any (a line, not a silent gap)."""
    from click.testing import CliRunner

    from boardrules.cli import main

    result = CliRunner().invoke(main, ["simulate", "mage-knight", "-n", "2", "--seats", "random,random",
                                       "--seed", "3"])
    assert result.exit_code == 0, result.output
    # the one scenario played is in every seat: left out of the tables (issue 28), and named
    assert "Balance: mean Fame by heroes, tactics" in result.output and "Mean Fame" in result.output
    assert "scenario: First Reconnaissance" in result.output and "every seat had it" in result.output
    assert "Sites conquered by type" in result.output


# ---- replays ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The replay of a Mage Knight game 30 decisions in (random seats)."""
    from boardrules.agents import RandomAgent
    from boardrules.engine import Session

    session = Session(GAME, 7, 2, {}, ["random", "random"])
    agents = [RandomAgent(1), RandomAgent(2)]
    for _ in range(30):
        d = session.decision
        assert d is not None
        session.play(agents[d.player].act(GAME, session.state, d))
    path = tmp_path_factory.mktemp("replay") / "game.json"
    session.save(path)
    data: dict[str, object] = json.loads(path.read_text())
    return data


def _replay(tmp_path: Path, text: str) -> str:
    from click.testing import CliRunner

    from boardrules.cli import main

    path = tmp_path / "broken.json"
    path.write_text(text)
    result = CliRunner().invoke(main, ["replay", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    return result.output


def test_replay_truncated_or_of_another_rules_version_names_the_file_and_the_place(
        tmp_path: Path, saved: dict[str, object]) -> None:
    text = json.dumps(saved, indent=1)
    out = _replay(tmp_path, text[: len(text) // 2])
    assert "broken.json: not a replay (invalid JSON at line" in out
    out = _replay(tmp_path, json.dumps({**saved, "rules_version": "mk-1"}))
    assert "broken.json: recorded with rules version mk-1, but this boardrules has mk-" in out
    out = _replay(tmp_path, json.dumps({**saved, "content_version": "0123abcd"}))
    assert "recorded with content version 0123abcd" in out
    out = _replay(tmp_path, json.dumps({**saved, "final_hash": "0" * 32}))
    assert "the final state hash does not match" in out


def test_replay_a_corrupt_action_is_named_by_its_place_and_cut(tmp_path: Path, saved: dict[str, object]) -> None:
    # engine replay_from_data: an action of 5,000 digits was repeated whole in the message
    actions = list(saved["actions"])  # type: ignore[call-overload]
    out = _replay(tmp_path, json.dumps({**saved, "actions": [*actions[:3], f"tactic {HUGE}"]}))
    assert "action 4 ('tactic 99999" in out and "...) cannot be played" in out and len(out) < 600
    out = _replay(tmp_path, json.dumps({**saved, "actions": [*actions[:3], "tactic ²"]}))
    assert "action 4 ('tactic ²') cannot be played: malformed action" in out
    out = _replay(tmp_path, json.dumps({**saved, "actions": [*actions[:5], "fly away", *actions[5:]]}))
    assert "action 6 ('fly away') cannot be played: unknown action 'fly away' [A turn]" in out
    out = _replay(tmp_path, json.dumps({**saved, "actions": [*actions[:2], 10 ** 60]}))
    assert "action 3 is not text: 100000000000000000000..." in out


def run_piped(args: list[str], script: str) -> str:
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
    out = run_piped(["play", "mage-knight", "--seats", "human,greedy", "--seed", "5"], script)
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
    resumed = run_piped(["play", "--load", "boardrules-mage-knight-5.json"], "quit\n")
    assert "Your hand:" in resumed


def test_issue_24_info_name_at_the_prompt_and_the_answers_with_their_labels(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 24: the Tactics are listed with their texts, ``info NAME`` shows a card, an enemy or an
    ability with its numbers, and a name the catalogue does not hold is refused with the closest."""
    monkeypatch.chdir(tmp_path)
    script = "info ice bolt\ninfo wolf riders\ninfo swift\ninfo firebal\nquit\n"
    out = run_piped(["play", NAME, "--seats", "human,greedy", "--seed", "4"], script)
    assert "Early Bird (Day 1): No effect: first in the Round Order" in out
    assert "Ice Bolt (card, ice-bolt)" in out and "A blue crystal; powered Ice Ranged Attack 3." in out
    assert "Wolf Riders (enemy, wolf-riders)" in out and "Armor 4" in out
    assert "Swift (ability, swift)" in out and "Blocking it takes twice its Attack." in out
    assert "the closest: Fireball" in out
