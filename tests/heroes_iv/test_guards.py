"""Flipping for Guards (rulebook excerpt): Determine the Guarding Player, Establishing the Guard,
Reinforcing the Guard, and who controls the Guard Stack in a battle."""

from __future__ import annotations

import pytest
from h4_positions import deck, fight_out, position, put_army

from boardrules.engine import Action, IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, fight, guards


def test_determine_the_guarding_player_after_several_non_unit_flips() -> None:
    c, s = position(3)
    deck(s, 1, ["windmill", "shrine", "dwarf"])
    deck(s, 2, ["gem-mine", "sawmill", "skeleton"])
    deck(s, 0, ["squire"])  # the Defining Player's own Unit is never flipped
    events: list = []
    found = guards.determine_guarding_player(c, s, 0, events)
    # seat 1 (left of the Defining Player), seat 2, seat 1, seat 2 flip non-Units, then seat 1 a Unit
    assert found == (1, "dwarf")
    assert s.players[1].discard == ["windmill", "shrine"] and s.players[2].discard == ["gem-mine", "sawmill"]
    assert "dwarf" not in s.players[1].discard  # the Unit Card is placed aside
    assert [e.data["seat"] for e in events] == [1, 2, 1, 2, 1]


def test_determine_the_guarding_player_only_the_opponents_flip() -> None:
    # Defining Locations: "Your opponents will now flip for guards"
    c, s = position(2)
    deck(s, 0, ["squire", "pikeman"])
    deck(s, 1, ["windmill", "shrine", "skeleton"])
    events: list = []
    assert guards.determine_guarding_player(c, s, 0, events) == (1, "skeleton")
    assert s.players[0].deck == ["pikeman", "squire"] and s.players[0].discard == []
    assert {e.data["seat"] for e in events} == {1}


def test_determine_the_guarding_player_the_defining_players_only_opponent_guards() -> None:
    # two players: the Guarding Player is always the Defining Player's only opponent, even after
    # his deck runs out and is made again from his discard stack
    c, s = position(2)
    deck(s, 1, ["windmill"])
    s.players[1].discard = ["shrine", "wolf"]
    deck(s, 0, ["squire"])
    assert guards.determine_guarding_player(c, s, 0, [])[0] == 1  # type: ignore[index]
    assert s.players[0].deck == ["squire"]


def test_determine_the_guarding_player_starts_with_the_player_to_the_left() -> None:
    c, s = position(4)
    for seat in range(4):
        deck(s, seat, ["squire"])
    assert guards.determine_guarding_player(c, s, 2, []) == (3, "squire")
    assert guards.determine_guarding_player(c, s, 3, []) == (0, "squire")


def test_determine_the_guarding_player_no_unit_in_any_deck_means_no_guards() -> None:
    c, s = position(3)
    deck(s, 0, ["squire"])  # the Defining Player's Unit does not count
    deck(s, 1, ["windmill", "gem-mine"])
    deck(s, 2, ["shrine"])
    s.players[1].hand = ["squire"]  # a Unit in the hand is never flipped
    events: list = []
    assert guards.determine_guarding_player(c, s, 0, events) is None
    # the search is given up only once every opponent's deck has been flipped, face up
    assert s.players[1].deck == [] and s.players[1].discard == ["windmill", "gem-mine"]
    assert s.players[2].discard == ["shrine"] and s.players[0].deck == ["squire"]
    assert [e.data["card"] for e in events if e.kind == "flip"] == ["windmill", "gem-mine", "shrine"]


def test_establishing_the_guard_three_flips_same_alignment_units_stack_under_the_first() -> None:
    c, s = position(3)
    deck(s, 1, ["windmill", "dwarf", "halfling", "skeleton", "gold-golem", "mage"])
    sp = s.spaces[18]
    sp.card = "shrine"
    guards.flip_for_guards(c, s, sp, 0, [])
    # dwarf found; then halfling (Order: joins), skeleton (Death: discarded), gold golem (Order: joins)
    assert sp.guards == ["dwarf", "halfling", "gold-golem"] and sp.guarding == 1
    assert s.players[1].discard == ["windmill", "skeleton"]
    assert s.players[1].deck == ["mage"]  # only 3 more cards are flipped


def test_establishing_the_guard_other_alignments_in_the_three_flips() -> None:
    c, s = position(2)
    deck(s, 1, ["squire", "skeleton", "dwarf", "wolf"])
    sp = s.spaces[18]
    sp.card = "shrine"
    guards.flip_for_guards(c, s, sp, 0, [])
    assert sp.guards == ["squire"]
    assert s.players[1].discard == ["skeleton", "dwarf", "wolf"]


def test_reinforcing_the_guard_from_the_hand_or_the_adventure_stack() -> None:
    c, s = position(3)
    deck(s, 1, ["dwarf", "windmill", "shrine", "gem-mine"])
    s.players[1].hand = ["mage", "squire", "longsword"]
    s.players[1].adventure = ["titan"]
    sp = s.spaces[18]
    sp.card = "shrine"
    guards.flip_for_guards(c, s, sp, 0, [])
    assert s.pending == [("reinforce", 18, 1)]
    assert guards.reinforcements(c, s, sp) == [("mage", "hand"), ("titan", "adventure")]
    guards.reinforce(c, s, sp, "titan", "adventure", [])
    guards.reinforce(c, s, sp, "mage", "hand", [])
    assert sp.guards == ["dwarf", "titan", "mage"] and s.players[1].adventure == []


def test_reinforcing_the_guard_refuses_a_unit_of_another_alignment() -> None:
    c, s = position(3)
    sp = s.spaces[18]
    sp.card, sp.guards, sp.guarding = "shrine", ["dwarf"], 1
    s.players[1].hand = ["squire", "longsword"]
    with pytest.raises(IllegalActionError) as info:
        guards.reinforce(c, s, sp, "squire", "hand", [])
    assert "must share the Guard Stack's alignment (order)" in info.value.reason
    assert info.value.rule == "Reinforcing the Guard"
    with pytest.raises(IllegalActionError) as info:
        guards.reinforce(c, s, sp, "longsword", "hand", [])
    assert "only Unit Cards" in info.value.reason
    assert sp.guards == ["dwarf"]


def test_reinforcing_the_guard_asked_even_without_a_unit_to_add() -> None:
    c, s = position(2)
    deck(s, 1, ["dwarf", "windmill", "shrine", "gem-mine"])
    s.players[1].hand = ["squire"]
    sp = s.spaces[18]
    sp.card = "shrine"
    guards.flip_for_guards(c, s, sp, 0, [])
    # asked all the same: skipping the question would tell the others what his hand lacks
    assert s.pending == [("reinforce", 18, 1)] and guards.reinforcements(c, s, sp) == []


def test_reinforcing_the_guard_the_guarding_player_attacking_hands_the_guards_to_the_first_enemy_to_his_left() -> None:
    c, s = position(3)
    sp = s.spaces[18]
    sp.card, sp.guards, sp.guarding = "shrine", ["dwarf", "halfling"], 1
    a = put_army(c, s, 1, 18, ["champion", "angel"])
    fight.enter(c, s, a, 9, [])
    assert s.battle is not None and s.battle.sides[1].guard and s.battle.sides[1].player == 2
    assert [f.card for f in s.battle.sides[1].stacks[0].cards] == ["dwarf", "halfling"]  # one stack
    fight_out(c, s)
    assert sp.guards == [] and sorted(s.players[1].discard) == ["dwarf", "halfling"]
    assert sp.guarding == -1


def test_reinforcing_the_guard_other_players_attack_the_guarding_player_controls() -> None:
    c, s = position(3)
    sp = s.spaces[18]
    controllers = []
    for seat in (2, 0):
        sp.card, sp.guards, sp.guarding = "shrine", ["dwarf"], 1
        s.armies.clear()
        fight.enter(c, s, put_army(c, s, seat, 18, ["squire"]), 9, [])
        assert s.battle is not None
        controllers.append(s.battle.sides[1].player)
        fight_out(c, s)
    assert controllers == [1, 1]


def test_reinforcing_the_guard_the_hand_over_lasts_until_the_battle_is_over() -> None:
    c, s = position(3)
    sp = s.spaces[18]
    sp.card, sp.guards, sp.guarding = "shrine", ["angel", "champion"], 1
    a = put_army(c, s, 1, 18, ["squire"])
    fight.enter(c, s, a, 9, [])
    assert s.battle is not None and s.battle.sides[1].player == 2
    fight_out(c, s)
    assert a not in s.armies and sp.guards == ["angel", "champion"]
    assert sp.guarding == 1  # still his Guard Stack to control against the others


def test_reinforcing_the_guard_two_players_the_guarding_player_attacking_hands_them_to_the_defining_player() -> None:
    # two players: the first enemy to the Guarding Player's left is the Defining Player himself
    c, s = position(2)
    deck(s, 1, ["dwarf", "windmill", "shrine", "gem-mine"])
    sp = s.spaces[18]
    sp.card = "shrine"
    guards.flip_for_guards(c, s, sp, 0, [])
    assert sp.guarding == 1
    fight.enter(c, s, put_army(c, s, 1, 18, ["lord"]), 17, [])
    assert s.battle is not None and s.battle.sides[1].guard and s.battle.sides[1].player == 0


def test_establishing_the_guard_the_deck_running_out_in_the_three_flips() -> None:
    c, s = position(2)
    sp = s.spaces[18]
    sp.card = "shrine"
    deck(s, 1, ["dwarf", "halfling"])  # one card left after the first Unit, an empty discard stack
    events: list = []
    guards.flip_for_guards(c, s, sp, 0, events)
    assert sp.guards == ["dwarf", "halfling"] and s.players[1].deck == [] and s.players[1].discard == []
    # with a discard stack, the deck is made again from it and the flips go on to three
    c, s = position(2)
    sp = s.spaces[18]
    sp.card = "shrine"
    deck(s, 1, ["dwarf", "windmill"])
    s.players[1].discard = ["gold-golem", "gem-mine"]
    events = []
    guards.flip_for_guards(c, s, sp, 0, events)
    assert len([e for e in events if e.kind == "flip"]) == 4  # the Guarding Player's Unit, then 3
    assert len(s.players[1].deck) == 1 and sp.guards[0] == "dwarf"


def test_reinforcing_the_guard_with_the_last_card_of_the_hand() -> None:
    c, s = position(2)
    g = HeroesIV()
    deck(s, 1, ["dwarf", "windmill", "shrine", "gem-mine"])
    s.players[1].hand = ["titan"]
    s.players[1].adventure = []
    s.players[0].hand = ["watchtower"]
    s.pending = [("discover", 18, 0, 0)]
    g.apply(s, Action("define", ("18", "watchtower", "hand")))
    g.apply(s, Action("reinforce", ("titan", "hand")))
    assert s.spaces[18].guards == ["dwarf", "titan"] and s.players[1].hand == []
    d = g.decision(s)
    assert d is not None and d.player == 1 and d.actions == (Action("done"),)  # asked until he is done
    g.apply(s, Action("done"))
    assert s.pending == []
