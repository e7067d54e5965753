"""Illegal Heroscape actions are refused with the rule they break, in a player's words."""

from __future__ import annotations

import pytest
from hs_positions import game_with, position

from boardrules.engine import Action
from boardrules.engine.errors import IllegalActionError

G = game_with(layout="g1 g1 g1 g1 g1 g1 g1 g1 g1 g1\n g1 g1 g1 g9 g1 g1 g1 g1 g1 g1\n" + "g1 " * 9 + "g1\n",
              ruins=[(4, 0, 12)])


def refusal(s, text: str) -> str:  # type: ignore[no-untyped-def]
    before = G.state_hash(s)
    with pytest.raises(IllegalActionError) as err:
        G.apply(s, Action.parse(text))
    assert G.state_hash(s) == before  # nothing changed
    return str(err.value)


def test_illegal_attacks_name_the_rule() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (0, "finn", ["a3"]), (1, "marro-warriors", ["b1", "j3"]),
                     (1, "deathwalker-9000", ["j1"])], active="syvarris")
    assert "engaged" in refusal(s, "attack syvarris deathwalker-9000")
    assert "your own army" in refusal(s, "attack syvarris finn")
    assert "not on Syvarris" in refusal(s, "attack finn marro-warriors-1")
    assert "no figure named" in refusal(s, "attack syvarris nobody")
    assert "no such power" in refusal(s, "explode syvarris marro-warriors-1")
    assert "not an answer" in refusal(s, "take grimnak")
    s = position(G, [(0, "syvarris", ["a3"]), (1, "marro-warriors", ["j1"]), (1, "deathwalker-9000", ["a1"])],
                 active="syvarris")
    assert "beyond syvarris's Range 9" in refusal(s, "attack syvarris marro-warriors-1")


def test_illegal_attack_without_line_of_sight_or_against_thorian_speed() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["h1"]), (1, "sgt-drake-alexander", ["a3"])],
                 active="syvarris")
    assert "no clear line of sight" in refusal(s, "attack syvarris marro-warriors-1")  # the ruin on e1
    assert "Thorian Speed" in refusal(s, "attack syvarris sgt-drake-alexander")


def test_illegal_moves_name_the_rule() -> None:
    s = position(G, [(0, "finn", ["a2"]), (1, "marro-warriors", ["j3"])], active="finn", stage="move")
    assert "not on Finn" in refusal(s, "move marro-warriors-1")
    G.apply(s, Action.parse("move finn"))
    assert "occupied" in refusal(s, "to j3")
    assert "Move 5" in refusal(s, "to j1")
    assert "ruins" in refusal(s, "to e1")
    assert "not a space" in refusal(s, "to zz9")
    assert "Height (5)" in refusal(s, "to d2")  # 8 levels up in one step


def test_illegal_army_choice_names_the_point_limit() -> None:
    s = G.new_state(2, 1, {"points": "100", "battlefield": "test"})
    assert "costs 150 points" in refusal(s, "take mimring")


def test_illegal_done_before_any_army_card_says_an_army_needs_one() -> None:
    s = G.new_state(2, 1, {"battlefield": "test"})
    d = G.decision(s)
    assert d is not None and "done" not in [a.text for a in d.actions] and "or done" not in d.prompt
    why = refusal(s, "done")
    assert "at least one army card" in why and "no army card ''" not in why


def test_illegal_move_to_its_own_space_is_not_a_climbing_reason() -> None:
    s = position(G, [(0, "finn", ["a2"]), (1, "marro-warriors", ["j3"])], active="finn", stage="move")
    G.apply(s, Action.parse("move finn"))
    why = refusal(s, "to a2")
    assert "already on a2" in why and "stay" in why and "Height" not in why and "climb" not in why


def test_illegal_actions_with_the_wrong_number_of_words_say_how_to_write_them() -> None:
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["j3"])], active="syvarris")
    assert "write it as attack FIGURE TARGET" in refusal(s, "attack syvarris")
    assert "write it as done" in refusal(s, "done now")
    assert "write it as fire FIGURE FIRST-SPACE LAST-SPACE" in refusal(s, "fire syvarris")


def test_illegal_actions_from_another_moment_say_when_they_are_taken() -> None:
    s = position(G, [(0, "finn", ["a2"]), (1, "marro-warriors", ["j3"])], active="finn", stage="move")
    assert "attacks come after moving" in refusal(s, "attack finn marro-warriors-1")
    assert "choose the figure to move first" in refusal(s, "to b2")
    assert "order markers are placed at the start of each round" in refusal(s, "mark finn")
    G.apply(s, Action.parse("move finn"))
    assert "finish moving finn first: to SPACE, or stay" in refusal(s, "done")
    assert "finish moving finn first" in refusal(s, "move finn")
    s = position(G, [(0, "finn", ["a2"]), (1, "marro-warriors", ["j3"])], active="finn")
    assert "have finished moving" in refusal(s, "move finn")
    assert "army cards are chosen before" in refusal(s, "take grimnak")


def test_illegal_answers_to_a_power_name_the_power() -> None:
    s = position(G, [(0, "finn", ["a2"]), (0, "syvarris", ["c3"]), (1, "marro-warriors", ["j3"])], active="finn")
    s.pending = [["spirit", 0, "warriors-attack-spirit-1"]]
    s.cached = None
    assert "there is no army card 'nobody'" in refusal(s, "spirit nobody")
    assert "Unique army cards with a figure left, not Marro Warriors" in refusal(s, "spirit marro-warriors")
    s.pending = [["drop", 0, 1]]
    s.figures[1].spaces = ()
    s.cached = None
    assert "not an empty space apart from every figure" in refusal(s, "drop a1")


def test_movement_at_the_route_question_the_reason_is_to_choose_a_route() -> None:
    """Movement: with the destination chosen, 'to f5-e4' was told to choose the figure first."""
    g = game_with()  # flat: finn goes a3 to d3 past syvarris, or round him
    s = position(g, [(0, "finn", ["a3"]), (1, "syvarris", ["b2"])], active="finn", stage="move")
    g.apply(s, Action.parse("move finn"))
    g.apply(s, Action.parse("to d3"))
    assert s.stage == "route"
    for typed in ("to c3", "to d3", "stay", "move finn", "done"):
        before = g.state_hash(s)
        with pytest.raises(IllegalActionError) as err:
            g.apply(s, Action.parse(typed))
        assert g.state_hash(s) == before
        why = str(err.value)
        assert "(choose one of the routes: route 1 to route 2): which way does finn go to d3?" in why, why
        assert "choose the figure to move first" not in why and "\n" not in why


def test_moving_double_space_figures_a_destination_of_one_space_is_told_to_name_two() -> None:
    """Moving double-space figures: 'to c3' for Grimnak said c3 was not a space of the battlefield."""
    s = position(G, [(0, "grimnak", ["c3-b3"]), (1, "syvarris", ["j3"])], active="grimnak", stage="move")
    G.apply(s, Action.parse("move grimnak"))
    why = refusal(s, "to d3")
    assert "not a space" not in why and "grimnak is a double-space figure: name the two spaces it ends on" in why
    d = G.decision(s)
    assert d is not None and f"like {d.actions[0].args[0]}" in why and "-" in d.actions[0].args[0]
    assert "'z9' is not a space of this battlefield: name two spaces like" in refusal(s, "to z9-c3")
    s = position(G, [(0, "finn", ["a3"]), (1, "syvarris", ["j3"])], active="finn", stage="move")
    G.apply(s, Action.parse("move finn"))
    why = refusal(s, "to c2-c3")
    assert "finn takes one space: name one, like" in why and "not a space" not in why


def test_a_long_typed_word_is_cut_short_in_the_refusal() -> None:
    """A word of 5,000 letters was echoed back whole in the refusal; it is quoted cut short,
    as in the other games (engine.naming.quoted)."""
    s = position(G, [(0, "syvarris", ["a1"]), (1, "marro-warriors", ["b1", "j3"])], active="syvarris")
    long = "x" * 5000
    for text in (f"attack syvarris {long}", f"take {long}", f"{long}", f"attack {long} marro-warriors-1"):
        reason = refusal(s, text)
        assert len(reason) < 300 and "xxx..." in reason, reason
