"""Gaps found by the outside audit of issue 12 (docs/heroes-iv/audit.md), each from a hand-set
position, each failing on the code before its fix."""

from __future__ import annotations

from h4_battles import battle


def test_bad_input_a_battle_word_of_thousands_of_digits_is_refused_with_its_rule() -> None:
    # docs/heroes-iv/battle.md "Actions": a stack is a1, a2... d1, d2...; swatting d2:3. A number of
    # thousands of digits once raised Python's ValueError (int() refuses over 4300 digits)
    huge = "9" * 5000
    f = battle("melee wolf", "melee wolf*2")
    reason, rule = f.refused(f"attack a{huge} d1")
    assert reason.startswith("there is no stack") and rule
    reason, _ = f.refused(f"support a{huge} a1")
    assert reason.startswith("there is no stack")
    reason, rule = f.refused(f"attack a1 d1:{huge}")
    assert reason.startswith("d1 holds only 2 card(s): you cannot swat 999999999999...") and len(reason) < 100
    assert f.refused("attack a1 d1:000")[0].startswith("d1:000: give the number of cards swatted")
