"""Heroes IV: the Tactical Setup as a decision of each side's player (rules15 was not found: our
reading, docs/heroes-iv/battle.md). Each default stack in turn is deployed on a line, spread into
one-card stacks or stacked under the one before; the default comes first, so an agent that takes
the first action keeps the default set-up; refusals name the rule."""

from __future__ import annotations

import pytest
from h4_battles import card, side
from h4_positions import position, put_army

from boardrules.engine import Action, BoardrulesError, Rng
from boardrules.games.heroes_iv.battle import apply_battle, battle_decision
from boardrules.games.heroes_iv.battle_explain import explain
from boardrules.games.heroes_iv.battle_rules import R_LINES, R_SETUP
from boardrules.games.heroes_iv.battle_setup import start_battle, tactical_setup
from boardrules.games.heroes_iv.battle_state import MAX_STACKS, Battle
from boardrules.games.heroes_iv.game import HeroesIV
from boardrules.games.heroes_iv.state import H4State


def _setup(aggressor: str, defender: str, **kw: object) -> Battle:
    return start_battle(side(aggressor), side(defender), aggressor_player=0, defender_player=1, rng=Rng(3),
                        setup=True, **kw)  # type: ignore[arg-type]


def _play(b: Battle, *texts: str) -> None:
    for text in texts:
        apply_battle(b, Action.parse(text), [])


def _lines(b: Battle, i: int) -> list[tuple[str, list[str]]]:
    return [(s.line, [c.card for c in s.cards]) for s in b.sides[i].alive()]


def _labels(b: Battle, i: int) -> dict[str, list[str]]:
    return {s.label: [c.card for c in s.cards] for s in b.sides[i].alive()}


def test_tactical_setup_each_sides_player_decides_the_aggressor_first() -> None:
    b = _setup("melee knight; melee gold-golem*2; melee squire; ranged halfling*2",
               "melee wolf*2; melee squire; melee griffin; ranged halfling")
    d = battle_decision(b)
    assert d is not None and d.player == 0 and d.prompt.startswith("Tactical Setup: the aggressor's a1")
    assert d.actions[0] == Action.parse("deploy a1 melee")  # the default first
    _play(b, "deploy a1 melee", "deploy a2 melee", "deploy a3 melee", "deploy a4 ranged")
    d = battle_decision(b)
    assert d is not None and d.player == 1 and "the defender's d1" in d.prompt
    _play(b, "deploy d1 melee", "deploy d2 melee", "deploy d3 melee", "deploy d4 ranged")
    d = battle_decision(b)
    assert d is not None and b.step == "attack" and d.prompt.startswith("round 1")


def test_tactical_setup_the_first_action_keeps_the_default() -> None:
    specs = tactical_setup([card("knight"), card("halfling"), card("gold-golem"), card("halfling"),
                            card("crossbowman"), card("gold-golem")])
    plain = start_battle(specs, side("melee wolf*2"), aggressor_player=0, defender_player=1, rng=Rng(3))
    b = start_battle(specs, side("melee wolf*2"), aggressor_player=0, defender_player=1, rng=Rng(3), setup=True)
    while b.step == "setup":
        d = battle_decision(b)
        assert d is not None
        apply_battle(b, d.actions[0], [])
    assert _lines(b, 0) == _lines(plain, 0) and _lines(b, 1) == _lines(plain, 1)
    assert b.step == plain.step and b.phase == plain.phase


def test_tactical_setup_spread_golems_into_one_card_stacks_as_in_the_rules17_protect_example() -> None:
    """rules17: 6 Gold Golems split into 6 one-card stacks on the Melee Line, the 6 Halflings one
    stack on the Ranged Line."""
    b = _setup("melee gold-golem*6; melee halfling*6", "melee wolf")
    d = battle_decision(b)
    assert d is not None and Action.parse("spread a1 melee") in d.actions
    _play(b, "spread a1 melee", "deploy a2 ranged")
    assert sorted(_lines(b, 0)) == [("melee", ["gold-golem"])] * 6 + [("ranged", ["halfling"] * 6)]
    # stack names stay stable (issue 24: "a3 was the Unicorn, then a Wolf"): a2 is still the
    # Halflings; the Golems spread from a1 take the numbers after the default stacks
    assert _labels(b, 0) == {"a1": ["gold-golem"], "a2": ["halfling"] * 6,
                             **{f"a{k}": ["gold-golem"] for k in range(3, 8)}}


def test_tactical_setup_stack_puts_a_stack_under_the_one_before_the_hero_on_top() -> None:
    b = _setup("melee gold-golem*2; melee knight; melee squire; melee wolf", "melee wolf")
    _play(b, "deploy a1 melee", "stack a2", "deploy a3 melee", "deploy a4 melee")
    assert _lines(b, 0) == [("melee", ["knight", "gold-golem", "gold-golem"]), ("melee", ["squire"]),
                            ("melee", ["wolf"])]
    assert _labels(b, 0) == {"a1": ["knight", "gold-golem", "gold-golem"], "a3": ["squire"], "a4": ["wolf"]}
    assert b.stack("a2") is not None and not b.stack("a2").cards  # type: ignore[union-attr]  # its label lapses


def test_tactical_setup_refusals_name_the_rule() -> None:
    b = _setup("melee knight; melee gold-golem*2; melee squire; ranged halfling", "melee wolf")
    assert explain(b, Action.parse("deploy a2 melee")) == ("the stacks are set up in order: a1 now, not a2", R_SETUP)
    assert explain(b, Action.parse("stack a1"))[0] == "a1 is the first stack set up: there is no stack to put it under"
    assert explain(b, Action.parse("spread a1 melee")) == ("a1 is one card: there is nothing to spread", R_SETUP)
    assert explain(b, Action.parse("deploy a1 front")) == ("the line is melee or ranged, not 'front'", R_LINES)
    assert explain(b, Action.parse("attack a1 d1"))[1] == R_SETUP
    _play(b, "deploy a1 ranged")
    # three stacks left and none yet in front: all three must go to the Melee Line
    reason, rule = explain(b, Action.parse("deploy a2 ranged"))
    assert rule == R_SETUP and reason == ("the aggressor must put at least 3 of its 4 stacks on its Melee Line, "
                                          "and only 2 could stand there")
    d = battle_decision(b)
    assert d is not None and Action.parse("deploy a2 ranged") not in d.actions
    with pytest.raises(BoardrulesError, match="must put at least 3"):
        apply_battle(b, Action.parse("deploy a2 ranged"), [])
    _play(b, "deploy a2 melee")  # then a3 and a4 have one choice each, taken at once
    assert b.step == "setup" and b.acting == 1 or b.step == "attack"
    assert _lines(b, 0) == [("ranged", ["knight"]), ("melee", ["gold-golem"] * 2), ("melee", ["squire"]),
                            ("melee", ["halfling"])]


def test_tactical_setup_a_stack_has_one_hero_and_a_side_at_most_ten_stacks() -> None:
    b = _setup("melee knight; melee knight; melee squire*9; melee wolf; ranged halfling", "melee wolf")
    _play(b, "deploy a1 melee")
    assert explain(b, Action.parse("stack a2"))[0] == "a stack has one Hero, its top card [Army Stacks (rules12)]"
    _play(b, "deploy a2 melee")
    assert explain(b, Action.parse("spread a3 melee")) == (
        f"that makes 13 Creature Stacks: a side has at most {MAX_STACKS}", R_SETUP)
    with pytest.raises(BoardrulesError, match="sets up 11 Creature Stacks: a side has at most 10"):
        start_battle(side("; ".join(["melee wolf"] * 11)), side("melee wolf"), aggressor_player=0, defender_player=1)


def test_tactical_setup_a_guard_stack_is_set_up_as_it_stands() -> None:
    b = _setup("melee wolf; melee squire; melee knight; ranged halfling", "melee gold-golem*3", guard=True)
    asked = set()
    while b.step == "setup":
        d = battle_decision(b)
        assert d is not None
        asked.add(d.player)
        apply_battle(b, d.actions[0], [])
    assert asked == {0} and b.step == "attack"  # no question for the Guard Stack, which belongs to nobody


def test_tactical_setup_a_towns_defender_may_keep_every_stack_behind_the_walls() -> None:
    b = _setup("melee wolf", "ranged halfling; ranged squire", town=True)
    assert b.step == "setup" and b.acting == 1  # the aggressor's one stack had one choice
    d = battle_decision(b)
    assert d is not None and d.actions[:2] == (Action.parse("deploy d1 ranged"), Action.parse("deploy d1 melee"))
    _play(b, "deploy d1 ranged", "deploy d2 ranged")
    assert _lines(b, 1) == [("ranged", ["halfling"]), ("ranged", ["squire"])]


def test_tactical_setup_through_the_game_each_player_asked_and_refusals_named() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman", "pikeman"])
    put_army(c, s, 1, 5, ["squire", "halfling"])
    g = HeroesIV()
    g.apply(s, Action.parse("move 100 5"))
    d = g.decision(s)
    # the Knight alone had one choice (the Melee Line must hold both stacks), taken at once
    assert d is not None and d.player == 0 and "Tactical Setup: the aggressor's a2" in d.prompt
    reason, rule = g.explain_illegal(s, Action.parse("attack a1 d1"))
    assert rule == R_SETUP and reason.startswith("set up your stacks first")
    g.apply(s, Action.parse("spread a2 melee"))
    d = g.decision(s)
    assert d is not None and d.player == 1 and "the defender's d2" in d.prompt  # d1 had one choice
    assert s.battle is not None and [len(x.cards) for x in s.battle.sides[0].stacks] == [1, 1, 1]
    view = g.view(s, 1)
    assert view["battle"]["step"] == "setup" and view["battle"]["plan_at"] == 1
    assert view["battle"]["lines"][-1] == ("Tactical Setup of the defender: set up so far: melee Squire; next: d2")


def test_tactical_setup_asks_where_a_stack_goes_when_spreading_another_could_fill_the_melee_line() -> None:
    """Issue 24 ("in battle set-up an Archer was put on the Melee Line without asking", rules
    h4-5): the default set-up moves the Archer up to make 3 stacks in front, but the two Squires
    spread would make 3 too, so the Archer's line is a choice; kept on the Ranged Line, the
    Squires must then spread (one choice, taken at once)."""
    archer = card("knight", name="Archer", ranged=3)
    specs = tactical_setup([archer, card("squire"), card("squire"), card("wolf")])
    assert [line for line, _ in specs] == ["melee", "melee", "melee"]  # the Archer moved up
    b = start_battle(specs, side("melee wolf"), aggressor_player=0, defender_player=1, rng=Rng(3), setup=True)
    d = battle_decision(b)
    assert d is not None and d.actions[:2] == (Action.parse("deploy a1 melee"), Action.parse("deploy a1 ranged"))
    _play(b, "deploy a1 ranged")
    assert b.step == "attack"  # the aggressor's other stacks had one choice each, the defender's one too
    assert _labels(b, 0) == {"a1": ["knight"], "a2": ["squire"], "a3": ["wolf"], "a4": ["squire"]}
    assert [s.line for s in b.sides[0].alive()] == ["ranged", "melee", "melee", "melee"]


def test_tactical_setup_a_stack_with_no_choice_is_still_set_up_at_once() -> None:
    """When nothing could fill the Melee Line otherwise, the Archer's place has one option."""
    archer = card("knight", name="Archer", ranged=3)
    b = start_battle(tactical_setup([archer, card("squire"), card("wolf")]), side("melee wolf"),
                     aggressor_player=0, defender_player=1, rng=Rng(3), setup=True)
    d = battle_decision(b)  # the Archer went to the Melee Line without a question: the Squire is asked
    assert d is not None and "the aggressor's a2 (Squire" in d.prompt and b.plan[0][0] == "melee"


def _archer_battle(cards: list[str]) -> tuple[HeroesIV, H4State]:
    g = HeroesIV()
    s = g.load_position({
        "game": "heroes-iv", "players": 2, "seed": 3, "options": {"alignments": "nature,life"},
        "map": [{"section": "green-vale", "slot": "0:0"}, {"section": "old-kingdom", "slot": "1:0"}],
        "stage": "move", "armies": [{"owner": 0, "hex": 4, "cards": cards},
                                    {"owner": 1, "hex": 5, "cards": ["squire", "pikeman"]}],
        "attack": {"army": 1, "hex": 5}})
    return g, s


def test_tactical_setup_the_archer_is_asked_through_the_game() -> None:
    g, s = _archer_battle(["archer", "wolf", "wolf", "sprite"])
    d = g.decision(s)
    assert d is not None and d.player == 0 and "the aggressor's a1 (Archer, by default on the Melee Line)" in d.prompt
    assert [a.text for a in d.actions] == ["deploy a1 melee", "deploy a1 ranged"]
    assert g.action_labels(s, d)[1] == "deploy a1 ranged: Archer as one stack on the Ranged Line (shoots with 3)"


def test_tactical_setup_stack_names_stay_stable_after_it() -> None:
    """Issue 24 ("stacks are renamed after set-up: a3 was the Unicorn, then a Wolf", rules h4-5):
    each default stack keeps its label; the cards a spread adds take new numbers."""
    g, s = _archer_battle(["archer", "wolf", "wolf", "unicorn"])
    d = g.decision(s)
    assert d is not None and "the aggressor's a1 (Archer" in d.prompt and s.battle is not None
    default = {st.label: [c.name for c in st.cards] for st in s.battle.sides[0].stacks}
    assert default == {"a1": ["Archer"], "a2": ["Wolf", "Wolf"], "a3": ["Unicorn"]}
    g.apply(s, Action.parse("deploy a1 ranged"))  # then the Wolves must spread to fill the Melee Line
    after = {st.label: [c.name for c in st.cards] for st in s.battle.sides[0].alive()}
    assert after == {"a1": ["Archer"], "a2": ["Wolf"], "a3": ["Unicorn"], "a4": ["Wolf"]}
    melee = next(line for line in g.view(s, 1)["battle"]["lines"] if line.startswith("aggressor melee line"))
    assert melee == "aggressor melee line: a2: Wolf, a3: Unicorn, a4: Wolf"  # as every player is shown it
