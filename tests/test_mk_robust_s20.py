"""Issue 11, Mage Knight's robustness from hand-set positions: each crash or unclear message the
fuzz (tests/test_mk_fuzz.py) and the probes of content files and replays found, each failing on
the code before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mk_positions import broken_content, check_broken_content
from test_mk_decisions import GAME, do, refusal
from test_mk_pvp_game import meeting

from boardrules.engine import Action, ContentError, IllegalActionError
from boardrules.games.mage_knight.content import load_content
from boardrules.games.mage_knight.scenarios import SCENARIOS_FILE, load_scenarios

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


def test_bad_input_another_actions_name_while_a_tactic_is_chosen_is_not_read_as_a_tactic() -> None:
    # "fly early-bird" was read as the Tactic's choice: "bar is not one of the Tactics left"
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    assert refusal(s, "fly early-bird") == ("'fly' is not an action now: Choose a Tactic (tactic TACTIC)", "Tactics")
    assert refusal(s, "foo bar")[0].startswith("'foo' is not an action now")
    assert refusal(s, "tactic bar")[0].startswith("bar is not one of the Tactics left")


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
