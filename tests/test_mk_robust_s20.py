"""Issue 11, Mage Knight's robustness from hand-set positions: each crash or unclear message the
fuzz (tests/test_mk_fuzz.py) and the probes of content files and replays found, each failing on
the code before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mk_positions import broken_content, check_broken_content
from test_mk_decisions import GAME, do, legal, refusal, turn
from test_mk_open_limits import joy_played_on_a_deep_mine
from test_mk_pvp_game import meeting

from boardrules.engine import Action, ContentError, IllegalActionError
from boardrules.games.mage_knight.content import load_content
from boardrules.games.mage_knight.rounds.scenarios import SCENARIOS_FILE, load_scenarios

HUGE = "9" * 5000


# ---- bad actions -----------------------------------------------------------------------------

def test_bad_input_a_skill_option_of_thousands_of_digits_or_another_scripts_digit_in_a_combat_between_heroes() -> None:
    # pvp_skills.py "skill SKILL N": a 5,000-digit N, or '²' (str.isdigit() is true of it), once
    # raised Python's ValueError from int() while the refusal was being worded
    s = meeting(hand0="march", hand1="swiftness")
    s.g.night = True
    s.g.players[0].skills = ["night-sharpshooting"]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    for word in (HUGE, "0", "3", "x"):
        reason, rule = refusal(s, f"skill night-sharpshooting {word}")
        assert reason == "Night Sharpshooting offers 2 choice(s): choose 1 to 2" and rule == "Using Skills"
    with pytest.raises(IllegalActionError) as info:  # (an Action built in code: the text parser refuses '²')
        GAME.apply(s, Action("skill", ("night-sharpshooting", "²")))
    assert info.value.reason.startswith("'²' in 'skill night-sharpshooting ²' is not a word of an action")


def test_bad_input_a_refusal_cuts_a_word_of_thousands_of_characters() -> None:
    # a refusal is a line a player reads: the word typed was repeated in full, 5,000 digits
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    for text in (f"tactic {HUGE}", f"tactic {'x' * 3000}", f"tactic early-bird {HUGE}"):
        reason, rule = refusal(s, text)
        assert "999999999999..." in reason or "xxxxxxxxxxxx..." in reason, reason
        assert len(reason) < 300 and rule
    reason, _ = refusal(s, "tactic early-birds")  # a word of a usual length is quoted whole
    assert "early-birds" in reason


def test_bad_input_words_no_text_can_hold_are_refused_with_the_rule_state_unchanged() -> None:
    # rules-choices.md "Bad input": an Action built in code (a program, not the text parser) can
    # hold any word: empty, blank, another script's digits, a zero-width space. They were quoted
    # bare ("  is not one of the Tactics left")
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    before = json.dumps(s.to_json(), sort_keys=True)
    for args in (("",), (" ",), ("\u200b",), ("٣",), ("early-bird", "")):
        with pytest.raises(IllegalActionError) as info:
            GAME.apply(s, Action("tactic", args))
        odd = next(w for w in args if w != "early-bird")
        assert info.value.reason.startswith(f"{odd!r} in ") and "is not a word of an action" in info.value.reason
        assert info.value.rule == "Actions"
    assert json.dumps(s.to_json(), sort_keys=True) == before
    # a word of thousands of characters with a control character in it is cut too (repr escapes it)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(s, Action("tactic", ("a" * 5000 + "\x00",)))
    assert len(info.value.reason) < 300 and "aaaaaaaaaaaa..." in info.value.reason


def test_bad_input_another_actions_name_while_a_tactic_is_chosen_is_not_read_as_a_tactic() -> None:
    # "fly early-bird" was read as the Tactic's choice: "bar is not one of the Tactics left"
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    assert refusal(s, "fly early-bird") == ("'fly' is not an action now: Choose a Tactic (tactic TACTIC)", "Tactics")
    assert refusal(s, "foo bar")[0].startswith("'foo' is not an action now")
    assert refusal(s, "tactic bar")[0].startswith("bar is not one of the Tactics left")


def test_bad_input_a_flaw_in_wording_a_refusal_still_refuses_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 11 "never a traceback, never loses a game in progress": a refusal whose wording fails
    # (the rules' explain raising) once came out as that exception
    from boardrules.games.mage_knight import game as game_module

    def broken(*_: object) -> tuple[str, str]:
        raise KeyError("a flaw")

    monkeypatch.setattr(game_module, "explain", broken)
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(s, Action("tactic", ("moon",)))
    assert (info.value.reason, info.value.rule) == ("tactic moon is not one of the choices now: Choose a Tactic", "A turn")
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_bad_input_an_unknown_set_names_what_a_game_plays() -> None:
    # the message listed every tag of the content (Krang, SoT, UE, exp...) as if each could be played
    from boardrules.engine import OptionError

    with pytest.raises(OptionError) as info:
        GAME.new_state(2, 1, {"sets": "base,XX"})
    assert str(info.value).startswith("option sets: there is no set 'XX': a game plays base or base,LL")


# ---- content files ---------------------------------------------------------------------------

@pytest.mark.parametrize(("file", "old", "line"), [
    ("units.toml", "level = 3\ncost = 8", 268), ("enemies.toml", "armor = 4", 11)])
def test_content_a_number_of_thousands_of_digits_names_the_file_and_the_line(
        tmp_path: Path, file: str, old: str, line: int) -> None:
    # Python's TOML reader raises ValueError (not its TOMLDecodeError) on an integer of over 4300
    # digits: it once came out as a traceback
    new = old.replace("8", HUGE) if "cost" in old else old.replace("4", HUGE)
    with pytest.raises(ContentError) as info:
        load_content(broken_content(tmp_path, file, old, new))
    assert str(info.value) == f"{file}: entry '-': a number too long to read at line {line}"


def test_content_a_card_effect_with_a_word_of_thousands_of_digits_is_refused_plainly(tmp_path: Path) -> None:
    # the card notation's "move N": int() once refused 5,000 digits with Python's own advice
    # (sys.set_int_max_str_digits) as the message
    check_broken_content(tmp_path, "cards.toml", 'basic = "move 2"\npowered = "move 4"',
                         f'basic = "move {HUGE}"\npowered = "move 4"', "march", "basic",
                         "'999999999999...' (5000 characters) is too long for a word of the card notation")
    check_broken_content(tmp_path / "b", "cards.toml", 'basic = "move 2"\npowered = "move 4"',
                         'basic = "move 2 ٣"\npowered = "move 4"', "march", "basic",
                         "'٣' is not a word of the card notation")


@pytest.mark.parametrize(("old", "new", "field"), [
    ("level = 3\ncost = 8", "level = 3\ncost = 800", "cost"),
    ("level = 3\ncost = 8\narmor = 4", "level = 3\ncost = 8\narmor = 400", "armor"),
])
def test_content_a_unit_with_a_number_far_over_the_printed_ones_is_refused(
        tmp_path: Path, old: str, new: str, field: str) -> None:
    check_broken_content(tmp_path, "units.toml", old, new, "fire-golems", field, "less than or equal to 99")


def test_content_a_unit_of_a_million_copies_is_refused_at_load(tmp_path: Path) -> None:
    # each copy is a label of the action space (peasants-1...): a million copies once loaded
    text = (Path(str(SCENARIOS_FILE)).parent / "units.toml").read_text()
    start = text.index('id = "peasants"')
    old = text[start:text.index("copies = ", start) + len("copies = 3")]
    check_broken_content(tmp_path, "units.toml", old, old[:-1] + "1000000", "peasants", "copies",
                         "less than or equal to 9")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("[[scenario]]", "[[scenario]\n", "not valid TOML"),
    ("[[scenario]]", "[[scenario]]\nmoon = 1\n", "Extra inputs are not permitted"),
])
def test_content_a_broken_scenarios_file_names_the_file(tmp_path: Path, old: str, new: str, words: str) -> None:
    path = tmp_path / "scenarios.toml"
    path.write_text(Path(SCENARIOS_FILE).read_text().replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_scenarios(path)
    assert info.value.file == "scenarios.toml" and words in str(info.value)


# ---- Crystal Joy's return with facts 5.7 step 6's discarding -----------------------------------

def test_end_of_turn_crystal_joy_back_to_hand_and_then_discarding_non_wound_cards() -> None:
    # facts 2.3 Crystal Joy ("at the end of the turn, discard another card to take it back") and
    # facts 5.7 step 6 ("you may discard any non-Wound cards"): a player who wants both could
    # only take one (`return CARD` ended the turn, `end-turn-discard` had no return)
    s = turn("crystal-joy march rage swiftness wound", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    player = s.g.current
    assert "return-discard rage" in legal(s) and "return rage" in legal(s)
    do(s, "return-discard rage")
    # the card returned for Crystal Joy is not offered again, nor a Wound; one card at least first
    assert legal(s) == ["shed march", "shed swiftness"]
    do(s, "shed march")
    assert legal(s) == ["shed swiftness", "shed done"]
    do(s, "shed done")
    p = s.g.players[player]
    assert sorted(p.discard) == ["march", "rage"] and "crystal-joy" in p.hand and "crystal-joy" not in p.play_area
    assert s.g.current != player or not s.turn_begun  # the turn is over


def test_end_of_turn_crystal_joy_and_discarding_with_a_deep_mines_crystal() -> None:
    s, player, colour, crystals = joy_played_on_a_deep_mine()
    do(s, f"return-discard rage {colour}", "shed march", "shed done")
    p = s.g.players[player]
    assert sorted(p.discard) == ["march", "rage"] and p.crystals[colour] == crystals + 1
    assert "crystal-joy" in p.hand


def test_end_of_turn_crystal_joy_and_discarding_not_offered_with_nothing_left_to_discard() -> None:
    s = turn("crystal-joy rage wound", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    assert "return rage" in legal(s) and not any(a.startswith("return-discard") for a in legal(s))
    reason, rule = refusal(s, "return-discard rage")
    assert rule and "return-discard rage" in reason


def test_end_of_turn_the_card_for_crystal_joy_is_not_discarded_twice() -> None:
    # turn.end_turn: the card discarded for Crystal Joy among step 6's cards too raised ValueError
    from boardrules.games.mage_knight.rounds.turn import end_turn

    s = turn("crystal-joy rage", faces="red")
    do(s, "play crystal-joy basic", "colour red", "pay red die-1")
    with pytest.raises(IllegalActionError) as info:
        end_turn(GAME.t, s.g, s.g.current, [], discard=["rage"], joy="rage")
    assert info.value.rule == "End of turn" and "not discarded again" in info.value.reason


# ---- Puppet Master's kept tokens (facts 3.5 Krang) -------------------------------------------

def test_puppet_master_kept_tokens_count_for_nothing_at_the_final_scoring() -> None:
    # facts 3.5 "keep one defeated enemy token": the Fame came when it was defeated; facts 5.8's
    # scoring and achievements name no kept token (rules-choices.md "Puppet Master")
    from boardrules.games.mage_knight.rounds.scoring import final_scores

    s = turn("march", skills="puppet-master")
    g = s.g
    g.players[0].fame, g.players[1].fame = 12, 9
    before = final_scores(GAME.t, g, titles=True)
    g.players[0].puppets = ("prowlers", "diggers", "cursed-hags")
    assert final_scores(GAME.t, g, titles=True) == before
    assert GAME.result(s) is None  # (a game not over has no result to change)


def test_puppet_master_kept_tokens_stay_out_of_a_pile_shuffled_again_from_its_discards() -> None:
    # facts 5.1: an exhausted pile is made again from its discards; a kept token is not there
    from boardrules.games.mage_knight.map.exploring import draw_enemy

    s = turn("march", skills="puppet-master")
    g = s.g
    kept = "prowlers"
    green = g.enemy_piles["green"] + g.enemy_discards["green"]
    green.remove(kept)
    g.players[0].puppets = (kept,)
    g.enemy_piles["green"], g.enemy_discards["green"] = [], green
    drawn = [draw_enemy(g, "green") for _ in range(len(green))]
    copies = next(e.count for e in GAME.t.enemies if e.id == kept)
    assert drawn.count(kept) == copies - 1 and sorted(drawn) == sorted(green) and g.players[0].puppets == (kept,)


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
