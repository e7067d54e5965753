"""Issue 11, bad input: over seeded random games of every scenario (1, 2 and 4 players, the base
set and Lost Legion), at the decisions of a turn, of a combat, of a combat between heroes and of
a card being played, every action name of the action space (``action_space.py``) is tried with
bad words: none, too many, numbers of thousands of digits, negative and zero, unknown names,
digits of other scripts, empty and blank words, and the names of real things in the wrong place.
Each is refused with the engine's IllegalActionError (a reason and a rule, the long word cut),
never another exception, and the state is left as it was (the heroes IV audit found a battle
action of 5,000 digits that raised ValueError: tests/test_h4_audit.py)."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from typing import Any

import pytest

from boardrules.engine import Action, IllegalActionError, is_action_word
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
    from test_mk_decisions import do, turn
    from test_mk_pvp_game import meeting
    from test_mk_skills_answers import _first_turn_over
    from test_mk_specials_spells import _night, them
    from test_mk_units_specials import _new_round_with_familiars

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


if __name__ == "__main__":  # python tests/test_mk_fuzz.py FIRST LAST EVERY MOST
    args: list[Any] = [int(x) for x in sys.argv[1:5]]
    _explore(range(args[0], args[1]), args[2], args[3])
