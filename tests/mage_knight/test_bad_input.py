"""Mage Knight bad input (issue 11): over seeded random games of every scenario (1, 2 and 4
players, the base set and Lost Legion), at the decisions of a turn, of a combat, of a combat
between heroes and of a card being played, every action name of the action space
(``research/action_space.py``) is tried with bad words: none, too many, numbers of thousands of digits,
negative and zero, unknown names, digits of other scripts; each is refused with a rule and leaves
the state unchanged. Also the bad actions found so, each from a hand-set position."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

import pytest
from mk_positions import (
    _first_turn_over,
    _new_round_with_familiars,
    _night,
    do,
    meeting,
    refusal,
    them,
    turn,
)

from boardrules.engine import (
    Action,
    IllegalActionError,
    OptionError,
    is_action_word,
)
from boardrules.engine.spaces import ActionSpace
from boardrules.games.mage_knight.actions.refusals import explain
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState

GAME = MageKnight()
HUGE = "9" * 5000
# words no action takes: Python's int() refuses the huge ones, '²' and '٣' are digits of other
# scripts (str.isdigit() is true of both, int('²') fails), the others are no name of anything
BAD_WORDS = ("", " ", "\t", "²", "٣", "é", "\u200b", "🐉", HUGE, "-" + HUGE, "-1", "0", "-0", "00", "1.5",
             "1:", ":1", "a:b", HUGE + ":1", "1:" + HUGE, "1." + HUGE, HUGE + ".1", "nope", "x" * 3000,
             "die-" + HUGE, "die-²", "²:1", "1:²", "1.²", "unit", "hero", "done", "wound", "gold", "0:0",
             "march", "peasants-1", "peasants", "prowlers", "early-bird", "dark-paths", "sword-of-justice")
# (scenario, players, sets): every scenario, 1, 2 and 4 players, with and without Lost Legion
CONFIGS = (("first-reconnaissance", 2, "base"), ("first-reconnaissance", 4, "base,LL"),
           ("solo-conquest", 1, "base"), ("solo-conquest", 1, "base,LL"),
           ("full-conquest", 2, "base"), ("full-conquest", 4, "base,LL"))


def where(s: MKState) -> str:
    """Which kind of decision this is: a combat between heroes, a combat, a question asked of a
    player, a card or skill being put together, or the turn itself."""
    g = s.g
    if g.pvp is not None:
        return "pvp"
    if g.asked or (s.answering and not s.play):
        return "asked"
    if g.combat is not None:
        return "combat"
    return "play" if s.play else "turn"


def bad_actions(space: ActionSpace, legal: tuple[Action, ...], rnd: random.Random, per_name: int) -> list[Action]:
    """For every action name: no words, a bad word, a bad word after a real one, and for the
    names legal now a legal action with one word made bad, a word too many or a word too few;
    ``per_name`` of them drawn at random, the legal names' own variants all kept."""
    real = [w for a in legal for w in a.args]
    out: list[Action] = []
    for name in sorted({t.name for t in space.templates}):
        pool = [Action(name, ())]
        for w in BAD_WORDS:
            pool += [Action(name, (w,)), Action(name, (w, "1")), Action(name, ("march", w))]
        pool += [Action(name, (w, w, w)) for w in real[:8]]
        out += rnd.sample(pool, min(per_name, len(pool)))
        for a in [x for x in legal if x.name == name][:3]:
            out += [Action(name, (*a.args, "extra")), Action(name, a.args[:-1])]
            for i in range(len(a.args)):
                for w in rnd.sample(BAD_WORDS, 3):
                    out.append(Action(name, (*a.args[:i], w, *a.args[i + 1:])))
    legal_set = set(legal)
    return [a for a in dict.fromkeys(out) if a not in legal_set]


def snapshot(s: MKState) -> str:
    return json.dumps(s.to_json(), sort_keys=True, default=str)


def refused(s: MKState, a: Action) -> str:
    """The refusal of ``a`` (its rule's text), or what went wrong instead: the rules' own
    wording first (``decisions.explain``: the game falls back to a plain refusal if it fails)."""
    if all(is_action_word(w) for w in a.args):
        try:
            explain(GAME.t, s, a)
        except Exception as e:  # noqa: BLE001 (what the fuzz looks for)
            return f"explain: {type(e).__name__}: {str(e)[:120]}"
    try:
        GAME.apply(s, a)
    except IllegalActionError as e:
        if not e.reason or not e.rule:
            return f"refused without a reason or a rule: {e}"
        long = next((w for w in a.args if len(w) > 100), None)
        if long is not None and long[:100] in e.reason:
            return f"the refusal repeats a word of {len(long)} characters"
        return ""
    except Exception as e:  # noqa: BLE001 (what the fuzz looks for)
        return f"{type(e).__name__}: {str(e)[:120]}"
    return "applied"


def fuzz_game(scenario: str, players: int, sets: str, seed: int, every: int, most: int,
              per_name: int = 4) -> tuple[list[str], Counter[str]]:
    """A random game (its actions drawn by ``seed``), checked at every ``every``-th decision and
    at the first decisions of each kind (a combat, a combat between heroes...); returns the
    failures and how many decisions of each kind were checked."""
    opts = {"scenario": scenario, "sets": sets}
    s = GAME.new_state(players, seed, opts)
    space = GAME.action_space(players, opts)
    rnd = random.Random(seed)
    failures: list[str] = []
    seen: Counter[str] = Counter()
    n = 0
    while (d := GAME.decision(s)) is not None and n < most:
        kind = where(s)
        if n % every == 0 or seen[kind] < 3:
            seen[kind] += 1
            before = snapshot(s)
            for a in bad_actions(space, d.actions, rnd, per_name):
                why = refused(s, a)
                if why:
                    failures.append(f"{scenario}/{players}p seed {seed} decision {n} ({kind}, {d.prompt[:40]}): "
                                    f"{a.text[:60]!r}: {why}")
            if snapshot(s) != before:
                failures.append(f"{scenario}/{players}p seed {seed} decision {n} ({kind}): a refusal changed the state")
                return failures, seen
        # heroes that meet attack each other, to reach combats between heroes
        attack = [a for a in d.actions if a.name == "attack-hero"]
        GAME.apply(s, attack[0] if attack and rnd.random() < 0.5 else d.actions[rnd.randrange(len(d.actions))])
        n += 1
    return failures, seen


@pytest.mark.parametrize(("scenario", "players", "sets"), CONFIGS)
def test_issue_11_bad_input_every_action_name_with_bad_words_is_refused_with_its_rule(
        scenario: str, players: int, sets: str) -> None:
    failures, seen = fuzz_game(scenario, players, sets, seed=1, every=70, most=700, per_name=3)
    assert not failures, "\n".join(failures[:20])
    assert seen["turn"] and seen["play"], seen  # (combats: the next test, whatever the seeds play)


def test_issue_11_bad_input_inside_a_combat_between_heroes_and_a_question_asked() -> None:
    """A 4-player Full Conquest game whose heroes attack each other, checked at the first
    decisions of each kind: a combat between heroes and the questions asked of the others."""
    failures, seen = fuzz_game("full-conquest", 4, "base,LL", seed=3, every=400, most=1500, per_name=3)
    assert not failures, "\n".join(failures[:20])
    assert seen["pvp"] and seen["combat"], seen


def _asked_positions() -> list[tuple[str, MKState]]:
    """Hand-set decisions of a player other than the one whose turn it is: Mind Read's discard,
    Mind Steal's card kept, Magic Familiars' upkeep, Motivation answered as a turn begins, and a
    combat between heroes (the defender's answer, then a step of its combat)."""
    from mk_positions import do, meeting

    out = []
    s = turn("mind-read", faces="white red red red")
    them(s).hand = ["march", "rage", "stamina"]
    s.cached = None
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    out.append(("Mind Read", s))
    s = _night(turn("mind-read", faces="white red red red", night=True))
    them(s).hand = ["rage", "march"]
    s.cached = None
    do(s, "play mind-read powered", "colour red", "pay white die-1", "pay black token", "discard rage")
    out.append(("Mind Steal", s))
    out.append(("Magic Familiars", _new_round_with_familiars({"blue": 1, "white": 2})[0]))
    out.append(("Motivation", _first_turn_over("goldyx-motivation")[0]))
    s = meeting(hand0="march rage", hand1="swiftness")
    do(s, "move 0:-2", "attack-hero 2")
    out.append(("participation", s))
    s = meeting(hand0="march rage", hand1="swiftness")
    do(s, "move 0:-2", "attack-hero 2", "participate full")
    out.append(("combat between heroes", s))
    return out


def test_issue_11_bad_input_at_the_questions_asked_of_another_player_and_in_a_combat_between_heroes() -> None:
    rnd = random.Random(11)
    failures = []
    for what, s in _asked_positions():
        d = GAME.decision(s)
        assert d is not None and where(s) in ("asked", "pvp"), what
        before = snapshot(s)
        space = GAME.action_space(s.num_players, {"scenario": s.g.scenario})
        for a in bad_actions(space, d.actions, rnd, 12):
            why = refused(s, a)
            if why:
                failures.append(f"{what}: {a.text[:60]!r}: {why}")
        assert snapshot(s) == before, what
    assert not failures, "\n".join(failures[:20])


def _explore(seeds: range, every: int, most: int) -> None:  # pragma: no cover (a longer run by hand)
    total: Counter[str] = Counter()
    for seed in seeds:
        for scenario, players, sets in CONFIGS:
            failures, seen = fuzz_game(scenario, players, sets, seed, every, most)
            total += seen
            for f in failures:
                print(f, flush=True)
    print("checked:", dict(total))


# ---- the issue: refusals name the rule they break ---------------------------------------------


@pytest.mark.parametrize("text", ["move 99 99", "assign 1 hero", "attack-hero 9", "enter 2"])
def test_issue_refusal_while_choosing_a_tactic_names_the_action_not_a_tactic(text: str) -> None:
    """Issue 11, "Illegal actions are refused with the rule they break": while the Tactics are
    chosen, an action of the turn is not read as a Tactic named by its first word ("99 is not one
    of the Tactics left")."""
    s = GAME.new_state(2, 3, {"heroes": "tovak,norowas"})
    reason, rule = refusal(s, text)
    assert rule == "Tactics"
    assert reason.startswith(f"{Action.parse(text).name!r} is not an action now: Choose a Tactic")


# ---- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["recruit 9", "take 9", "skill 9"])
def test_refusals_cut_a_word_of_thousands_of_characters(text: str) -> None:
    """Bad input: a refusal names the rule and repeats what was typed, but a word of 5,000
    characters (no card, Unit, skill or space is written with 40) is cut to 12 and "...", as the
    terminal cuts its own echo. Gap: through the game's API the refusal repeated all 5,000."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    reason, rule = GAME.explain_illegal(s, Action.parse(text + "9" * 4999))
    assert rule and len(reason) < 300 and "9" * 40 not in reason


# ---- bad actions -----------------------------------------------------------------------------

def test_bad_input_a_skill_option_of_thousands_of_digits_or_another_scripts_digit_in_a_combat_between_heroes() -> None:
    # pvp/skills.py "skill SKILL N": a 5,000-digit N, or '²' (str.isdigit() is true of it), once
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

    with pytest.raises(OptionError) as info:
        GAME.new_state(2, 1, {"sets": "base,XX"})
    assert str(info.value).startswith("option sets: there is no set 'XX': a game plays base or base,LL")


if __name__ == "__main__":  # PYTHONPATH=src:tests python tests/mage_knight/test_bad_input.py FIRST LAST EVERY MOST
    args: list[Any] = [int(x) for x in sys.argv[1:5]]
    _explore(range(args[0], args[1]), args[2], args[3])
