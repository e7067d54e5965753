"""Mage Knight Tactics with a place on the card or a hook at the end of the turn (facts 3.6):
Mana Steal, Planning, The Right Moment and Sparing Power, each from a hand-set position of a
real game, through the decisions."""

from __future__ import annotations

from mk_positions import GAME, do, legal, me, night_turn, tactics_time, taken, turn

from boardrules.engine import Action
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import MKState


def _end_turn(s: MKState) -> None:
    """End the current turn with whatever end-of-turn action is offered."""
    do(s, next(a for a in legal(s) if a.startswith("end-turn")))


# ---- Planning -----------------------------------------------------------------------------------

def test_tactics_planning_holding_two_cards_before_drawing_draw_as_if_the_hand_limit_were_1_higher() -> None:
    s = turn("march rage promise")
    p = me(s)
    p.tactic, p.hand_limit, p.deck = "planning", 5, ["stamina"] * 10
    s.cached = None
    do(s, "play march move")
    _end_turn(s)
    assert len(next(q for q in s.g.players if q.tactic == "planning").hand) == 6  # hand limit 5, +1


def test_tactics_planning_not_with_fewer_than_two_cards_before_drawing() -> None:
    s = turn("march rage")
    p = me(s)
    p.tactic, p.hand_limit, p.deck = "planning", 5, ["stamina"] * 10
    s.cached = None
    do(s, "play march move")
    _end_turn(s)
    assert len(next(q for q in s.g.players if q.tactic == "planning").hand) == 5


# ---- Mana Steal ---------------------------------------------------------------------------------

def _steal(faces: list[str]) -> tuple[MKState, int]:
    s = tactics_time()
    s.g.source = faces
    s.cached = None
    d = GAME.decision(s)
    assert d is not None
    do(s, "tactic mana-steal")
    return s, d.player


def test_tactics_mana_steal_when_taken_a_basic_colour_die_goes_onto_the_card() -> None:
    s, who = _steal(["gold", "red", "black", "blue"])
    d = GAME.decision(s)
    assert d is not None and d.player == who
    assert legal(s) == ["die 2", "die 4"]  # gold and black are not basic colours
    do(s, "die 4")
    assert s.g.mana_steal == (who, 3)


def test_tactics_mana_steal_the_die_is_used_on_one_turn_besides_the_turns_own_die() -> None:
    s = turn("march march")
    g = s.g
    g.source, g.source_used = ["green", "green", "blue", "red"], []
    g.mana_steal = (g.current, 0)
    me(s).tactic = "mana-steal"
    s.cached = None
    do(s, "play march powered")
    assert legal(s) == ["pay green die-2", "pay green die-1"]  # die 1 lies on the card
    do(s, "pay green die-1")
    assert s.g.mana_steal == () and me(s).move_points == 4
    do(s, "play march powered", "pay green die-2")  # the turn's own die as well
    assert sorted(s.g.source_used) == [0, 1] and me(s).move_points == 8


def test_tactics_mana_steal_another_player_cannot_take_the_die_on_the_card() -> None:
    from boardrules.engine import IllegalActionError
    from boardrules.games.mage_knight.cards.mana import pay_mana

    s = turn("march")
    g = s.g
    g.source, g.source_used = ["green", "blue", "blue", "red"], []
    g.mana_steal = (1 - g.current, 0)
    s.cached = None
    assert "play march powered" not in legal(s)
    try:
        pay_mana(g, g.current, "green", "die-1")
    except IllegalActionError as e:
        assert "Mana Steal" in e.reason
    else:
        raise AssertionError("the stolen die was taken")


def test_tactics_mana_steal_an_unused_die_returns_with_the_next_round() -> None:
    from boardrules.games.mage_knight.cards.mana import roll_source

    s = turn("rage")
    s.g.mana_steal = (s.g.current, 0)
    roll_source(s.g)
    assert s.g.mana_steal == ()


# ---- The Right Moment ---------------------------------------------------------------------------

def test_tactics_the_right_moment_another_turn_right_after_this_one_once_this_day() -> None:
    s = turn("march rage")
    who = s.g.current
    me(s).tactic = "the-right-moment"
    s.cached = None
    do(s, "play march move", "use-tactic the-right-moment")
    assert "use-tactic the-right-moment" not in legal(s)  # flipped
    _end_turn(s)
    assert s.g.current == who and s.turn_begun  # the same hero again
    _end_turn_after_a_card(s)
    assert s.g.current != who  # only one more turn


def _end_turn_after_a_card(s: MKState) -> None:
    p = me(s)
    card = next(c for c in sorted(set(p.hand)) if c != WOUND)
    do(s, f"play {card} move" if f"play {card} move" in legal(s) else f"rest {card}")
    _end_turn(s)


def test_tactics_the_right_moment_not_on_the_last_turn_of_the_round() -> None:
    s = turn("march rage")
    me(s).tactic = "the-right-moment"
    s.g.announced_by = 1 - s.g.current
    s.g.final_turns = [s.g.current]
    s.cached = None
    assert "use-tactic the-right-moment" not in legal(s)


# ---- Sparing Power ------------------------------------------------------------------------------

def test_tactics_sparing_power_before_each_turn_the_deck_top_under_the_card_then_flip_to_take_them() -> None:
    s = night_turn("march", "sparing-power")
    p = me(s)
    p.deck = ["rage", "promise"]
    s.cached = None
    do(s, "use-tactic sparing-power")
    assert "choose 1" in taken(s)  # nothing under the card yet to take
    do(s, "choose 1")
    p = me(s)
    assert s.g.spared[s.g.current] == ("promise",) and p.deck == ["rage"]
    assert "use-tactic sparing-power" not in legal(s)  # once before each turn
    other = 1 - s.g.current
    assert "spared" not in GAME.view(s, other)["players"][s.g.current]  # face down
    assert GAME.view(s, other)["players"][s.g.current]["spared_size"] == 1
    p.skills_used.clear()  # the next turn
    s.cached = None
    do(s, "use-tactic sparing-power", "choose 2")
    p = me(s)
    assert sorted(p.hand) == ["march", "promise"] and s.g.spared[s.g.current] == ()
    s.cached = None
    assert "use-tactic sparing-power" not in legal(s)


def test_tactics_sparing_power_only_before_the_turn() -> None:
    s = night_turn("march rage", "sparing-power")
    me(s).deck = ["promise"]
    s.cached = None
    do(s, "play march move")
    assert "use-tactic sparing-power" not in legal(s)


def test_tactics_sparing_power_cards_under_it_are_hidden_and_resampled_by_determinize() -> None:
    s = night_turn("march", "sparing-power")
    p = me(s)
    g = s.g
    g.spared = tuple(("promise", "rage") if i == g.current else () for i in range(len(g.players)))
    s.cached = None
    other = 1 - s.g.current
    seen = GAME.view(s, other)["players"][s.g.current]
    assert "promise" in seen["unseen_cards"] and seen["spared_size"] == 2
    pools = set()
    for seed in range(8):
        from boardrules.engine import Rng

        d = GAME.determinize(s, other, Rng(seed))
        q, spared = d.g.players[g.current], d.g.spared[g.current]
        assert len(spared) == 2
        assert sorted(q.hand + q.deck + list(spared)) == sorted(p.hand + p.deck + ["promise", "rage"])
        pools.add(tuple(sorted(spared)))
    assert len(pools) > 1


def test_tactics_sparing_power_cards_under_it_return_to_the_deck_with_a_new_round() -> None:
    from boardrules.games.mage_knight.rounds.new_round import begin_round

    s = night_turn("march", "sparing-power")
    g = s.g
    p = me(s)
    g.spared = tuple(("promise",) if i == g.current else () for i in range(len(g.players)))
    total = len(p.hand + p.deck + p.discard + p.play_area) + 1
    begin_round(GAME.t, g, [])
    p = me(s)
    assert g.spared == ((), ()) and len(p.hand + p.deck) == total and "promise" in p.hand + p.deck


def test_tactics_an_action_text_never_names_a_card_put_under_sparing_power() -> None:
    s = night_turn("march", "sparing-power")
    me(s).deck = ["rage", "promise"]
    s.cached = None
    do(s, "use-tactic sparing-power")
    text = GAME.action_text(s, Action.parse("choose 1"), 1 - s.g.current)
    assert "promise" not in text
