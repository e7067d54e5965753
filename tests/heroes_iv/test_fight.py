"""Battles on the map, through the game's actions (facts 5.6 with the battle modules; the excerpt's
Flipping for Guards): the defender answering during the aggressor's turn, the outcome applied
to the map (casualties, withdrawals, surrenders, Towns), a battle in progress in views, copies
and determinize."""

from __future__ import annotations

import pytest
from h4_positions import position, put_army

from boardrules.engine import Action, IllegalActionError, Rng
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.state import H4State


def _play_battle(g: HeroesIV, s: H4State, aggressor_ends: str = "fight-on", defender_ends: str = "fight-on") -> list:
    """The battle under way to its end: greedy choices, and the given answers after phase 10."""
    events: list = []
    while s.battle is not None:
        d = g.decision(s)
        assert d is not None
        a = g.greedy_action(s, d, Rng(1))
        if s.battle.step == "round-end":
            a = Action.parse(aggressor_ends if s.battle.acting == 0 else defender_ends)
        assert a is not None
        events += g.apply(s, a)
    return events


def test_combat_round_the_defender_answers_during_the_aggressors_turn() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    put_army(c, s, 1, 5, ["squire", "halfling"])
    g = HeroesIV()
    events = g.apply(s, Action.parse("move 100 5"))
    assert any("attacks Player 2's Army Stack 101 at hex 5" in e.text for e in events)
    d = g.decision(s)
    assert d is not None and d.player == 0 and "Tactical Setup" in d.prompt  # the aggressor sets up first
    while s.battle is not None and s.battle.step == "setup" and d is not None:
        g.apply(s, d.actions[0])  # the default set-up
        d = g.decision(s)
    assert d is not None and s.current == 0
    # the Halfling's phase 3 comes first: Player 2 decides while it is Player 1's turn
    assert d.player == 1 and d.prompt.startswith("Battle at hex 5: round 1, phase 3")
    assert Action.parse("attack d2 a1") in d.actions
    events = _play_battle(g, s)
    assert s.battle is None and not any(a.owner == 1 for a in s.armies)
    mine = s.army(100)
    assert mine is not None and mine.hex == 5
    assert sorted(s.players[1].discard) == ["halfling", "squire"]
    assert sorted(mine.cards + s.players[0].discard) == ["knight", "pikeman"]
    assert any("defeats Player 2's Army Stack 101 (destroyed)" in e.text for e in events)


def test_combat_round_an_aggressor_that_withdraws_goes_back_where_it_came_from() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    put_army(c, s, 1, 5, ["champion", "angel"])
    s.rng = Rng(7)  # a seed where the Knight lives through round 1
    g = HeroesIV()
    g.apply(s, Action.parse("move 100 5"))
    events = _play_battle(g, s, aggressor_ends="withdraw")
    mine = s.army(100)
    theirs = s.army(101)
    assert theirs is not None and theirs.hex == 5
    # what survived round 1 is back on hex 6, its movement over; the fallen Pikeman discarded
    assert mine is not None and mine.hex == 6 and mine.mp == 0 and mine.cards == ["knight"]
    assert s.players[0].discard == ["pikeman"] and "(withdrew)" in events[-1].text


def test_combat_round_a_defender_that_surrenders_leaves_the_map() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "champion", "angel"])
    put_army(c, s, 1, 5, ["squire", "dwarf", "skeleton", "halfling"])
    g = HeroesIV()
    g.apply(s, Action.parse("move 100 5"))
    _play_battle(g, s, defender_ends="surrender")
    assert s.army(101) is None
    assert sorted(s.players[1].discard) == ["dwarf", "halfling", "skeleton", "squire"]
    mine = s.army(100)
    assert mine is not None and mine.hex == 5


def test_battles_in_towns_a_defender_in_its_town_has_the_town_card() -> None:
    c, s = position(2)
    town = s.spaces[9]
    town.card, town.owner = "haven", 1
    put_army(c, s, 1, 9, ["squire"])
    a = put_army(c, s, 0, 10, ["knight", "angel"])
    g = HeroesIV()
    g.apply(s, Action.parse(f"move {a.marker} 9"))
    assert s.battle is not None and s.battle.sides[1].town == "intact"
    assert s.battle.sides[1].town_defense == c.card("haven").defense  # type: ignore[union-attr]
    assert all(st.line == "ranged" for st in s.battle.sides[1].stacks)  # behind the walls


def test_reinforcing_the_guard_the_guarding_player_attacking_his_guards_through_the_game() -> None:
    c, s = position(3)
    sp = s.spaces[18]
    sp.card, sp.guards, sp.guarding = "shrine", ["dwarf", "squire"], 1
    s.current = 1
    a = put_army(c, s, 1, 17, ["knight", "pikeman"])
    g = HeroesIV()
    g.apply(s, Action.parse(f"move {a.marker} 18"))
    assert s.battle is not None and s.battle.sides[1].guard
    # the first enemy to his left, Player 3, runs the Guards during Player 2's turn
    assert s.battle.sides[1].player == 2
    seen = set()
    while s.battle is not None:
        d = g.decision(s)
        assert d is not None
        seen.add(d.player)
        if s.battle.step == "round-end" and s.battle.acting == 1:
            assert Action.parse("withdraw") not in d.actions  # a Guard Stack holds its ground
        g.apply(s, g.greedy_action(s, d, Rng(1)) or d.actions[0])
    assert seen <= {1, 2} and 2 in seen or sp.guards == []


def test_a_battle_in_progress_is_seen_by_all_copied_and_determinized_with_one_generator() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    put_army(c, s, 1, 5, ["squire", "halfling"])
    g = HeroesIV()
    g.apply(s, Action.parse("move 100 5"))
    for viewer in (0, 1, None):
        v = g.view(s, viewer)
        assert v["battle"]["lines"][2] == "defender melee line: d1: Squire, d2: Halfling"
        assert "rng" not in v["battle"]  # the dice to come stay hidden
    t = g.clone(s)
    assert t.battle is not None and t.battle.rng is t.rng and t.battle is not s.battle
    u = g.determinize(s, 0, Rng(7))
    assert u.battle is not None and u.battle.rng is u.rng and u.rng.draws == s.rng.draws
    d = g.decision(u)
    assert d is not None and d == g.decision(s)
    before = s.battle.to_json()  # type: ignore[union-attr]
    g.apply(t, d.actions[0])
    assert s.battle.to_json() == before  # type: ignore[union-attr]
    assert s.to_json()["battle"] == before


def test_combat_round_no_withdrawal_before_phase_10_refused_through_the_game_with_its_rule() -> None:
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    put_army(c, s, 1, 5, ["squire", "halfling"])
    g = HeroesIV()
    g.apply(s, Action.parse("move 100 5"))
    for text in ("withdraw", "end", "attack d2 zz9"):
        reason, rule = g.explain_illegal(s, Action.parse(text))
        assert reason and rule.startswith("Battles"), (text, reason, rule)
    with pytest.raises(IllegalActionError) as info:
        g.apply(s, Action.parse("move 100 6"))
    assert info.value.rule.startswith("Battles")
    assert info.value.reason.startswith("a battle is under way at hex 5: finish it first")


def test_combat_round_a_battle_action_outside_a_battle_says_there_is_no_battle() -> None:
    """A battle action typed in the Movement Sequence is named as a battle action (not as no
    action of the game), with the moment it belongs to; a Tactical Setup one names that rule."""
    c, s = position(2)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    g = HeroesIV()
    reason, rule = g.explain_illegal(s, Action.parse("attack a1 d1"))
    assert reason.startswith("'attack' is a battle action, and there is no battle now") and "Movement" in reason
    assert rule.startswith("Battles: Combat round")
    reason, rule = g.explain_illegal(s, Action.parse("deploy a1 melee"))
    assert "battle action" in reason and rule.startswith("Battles: Tactical Setup")
    assert g.explain_illegal(s, Action.parse("fly 1"))[0].startswith("there is no action 'fly' in Heroes IV")


@pytest.mark.parametrize("option", ["on", "off"])
def test_morale_option_a_cards_morale_value_in_a_battle_on_the_map(option: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Facts 5.6 Morale (advanced, an option: `--option morale=on`): "If any unit in the battle has
    non-zero morale, roll the die at the start of every round"; off, no Morale Number is rolled.
    The cards' values are not in the facts: an owner writes them (content.md); here a Knight's 5."""
    from boardrules.games.heroes_iv import content as content_module

    c, s = position(2)
    index = dict(content_module._index(c))
    index["knight"] = index["knight"].model_copy(update={"morale": 5})
    monkeypatch.setattr(content_module, "_index", lambda _c: index)
    put_army(c, s, 0, 6, ["knight", "pikeman"])
    put_army(c, s, 1, 5, ["squire", "halfling"])
    g = HeroesIV(c)
    s.advanced = ("morale",) if option == "on" else ()
    g.apply(s, Action.parse("move 100 5"))
    events = _play_battle(g, s)
    assert any(e.kind == "morale" for e in events) == (option == "on")


def test_morale_and_luck_options_are_checked_and_kept_in_the_state() -> None:
    g = HeroesIV()
    assert g.new_state(2, 1, {"morale": "on", "luck": "on"}).advanced == ("morale", "luck")
    assert g.new_state(2, 1).advanced == ()
    from boardrules.engine import OptionError

    with pytest.raises(OptionError, match="morale"):
        g.new_state(2, 1, {"morale": "maybe"})
