"""Issue 24: a question with one possible answer is not asked where stopping there loses nothing
(``actions/only_answer.py``): the answer is taken at once and announced by an ``only-choice``
event; the questions kept (the turn's end, an answer that would show a hand) are asked. From
hand-set turns (tests/mk_positions.py)."""

from __future__ import annotations

from mk_positions import GAME, combat, do, in_phase, legal, me, taken, turn

from boardrules.engine import Action


def _only(events):  # type: ignore[no-untyped-def]
    return [e.text for e in events if e.kind == "only-choice"]


def test_a_mana_source_that_is_the_only_one_is_taken_and_announced() -> None:
    s = turn("stamina march", faces="blue red green white")
    events = do(s, "play stamina powered")
    assert _only(events) == ["Tovak's only choice, taken: pay blue die-1"]
    assert me(s).move_points == 4 and not s.play and 0 in s.g.source_used


def test_two_mana_sources_are_asked() -> None:
    s = turn("stamina march", faces="blue blue green white")
    events = do(s, "play stamina powered")
    assert not _only(events) and legal(s) == ["pay blue die-1", "pay blue die-2"]


def test_a_cards_one_option_is_taken_with_its_effect_named() -> None:
    s = in_phase(turn("instinct march", fight="prowlers"), "block")
    events = do(s, "block 1", "play instinct basic")
    assert _only(events) == ["Tovak's only choice, taken: choose 4 (block 2)"]


def test_a_combat_with_an_empty_hand_goes_on_by_itself_and_says_so() -> None:
    """No card in hand: the hero's damage has one place, and once the attack is blocked the Block
    phase's ``next`` is all that is left."""
    s = in_phase(turn("march", fight="prowlers"), "block")
    me(s).hand = []
    s.cached = None
    events = do(s, "next")
    assert _only(events) == ["Tovak's only choice, taken: assign 1 hero"]
    c = s.g.combat
    assert c is not None and c.phase == "attack" and legal(s) == ["target 1", "next"]
    s = in_phase(turn("march", fight="prowlers"), "block")
    me(s).hand = []
    c = s.g.combat
    assert c is not None
    c.pool.append(("block", "physical", 4, False, -1))
    s.cached = None
    events = do(s, "block 1", "resolve")
    assert _only(events) == ["Tovak's only choice, taken: next"] and c.phase == "attack"


def test_a_combat_next_is_asked_while_the_hand_holds_cards() -> None:
    """Held cards: that none can be played in the phase is the player's to know, not the others'."""
    s = in_phase(turn("wound", fight="prowlers"), "block")
    assert legal(s) == ["block 1", "next"]
    do(s, "block 1")
    assert legal(s) == ["next"]  # the Wound cannot block: asked all the same


def test_slow_recovery_is_taken_as_the_turn_begins_and_the_turns_end_is_asked() -> None:
    s = turn("march")
    nxt = 1 - s.g.current
    s.g.players[nxt].hand, s.g.players[nxt].tactic = ["wound", "wound"], "early-bird"  # (no Tactic to use)
    s.cached = None
    events = do(s, "play march move", "end-turn")
    assert "Goldyx's only choice, taken: rest wound" in _only(events)
    assert any(e.kind == "rested" and "Slow Recovery" in e.text for e in events)
    d = GAME.decision(s)
    assert d is not None and d.player == nxt and [a.text for a in d.actions] == ["end-turn"]  # kept: asked


def test_a_step_naming_a_card_of_the_hand_is_asked() -> None:
    """Concentration's card to power: the one card is the hand's to know."""
    s = turn("concentration march", faces="green red red red")
    do(s, "play concentration powered")
    assert legal(s) == ["power march"] and not taken(s)


def test_the_end_of_the_turn_discarding_is_asked_once_only_wounds_are_left() -> None:
    s = turn("march rage wound")
    do(s, "play rage move", "end-turn-discard", "shed march")
    assert legal(s) == ["shed done"]  # that the rest is Wounds is the hand's to know


def test_a_level_up_with_a_common_skill_takes_the_lowest_advanced_action_at_once() -> None:
    s = turn("march")
    p = me(s)
    p.pending, p.skill_pile = ["skill-and-advanced-action"], ["cold-swordsmanship", "double-time"]
    s.g.aa_offer, s.g.common_skills = ["ice-bolt", "fire-bolt"], ["shamanic-ritual"]
    s.turn_begun, s.cached = False, None
    seat = s.g.current
    events = do(s, "level-up shamanic-ritual")
    assert _only(events) == ["Tovak's only choice, taken: learn fire-bolt"]
    q = s.g.players[seat]
    assert "shamanic-ritual" in q.skills and "fire-bolt" in q.deck + q.hand


def test_a_question_to_another_player_is_asked_with_one_answer() -> None:
    """Mind Read: the player asked holds one card of the colour; the others would learn so."""
    s = turn("mind-read march", faces="white red red red")
    other = s.g.players[1 - s.g.current]
    other.hand = ["march", "rage"]
    s.cached = None
    do(s, "play mind-read basic", "colour green")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 - s.g.current and [a.text for a in d.actions] == ["discard march"]
    GAME.apply(s, Action.parse("discard march"))
    assert s.g.players[d.player].discard[-1:] == ["march"]


def test_a_hand_set_combat_with_only_answers_ends_and_leaves_the_map_as_it_was() -> None:
    s = turn("march")
    s.g.combat = combat("prowlers").c
    me(s).hand = []
    in_phase(s, "attack")
    events = do(s, "next")
    assert any(e.kind == "combat-over" for e in events) and s.g.combat is None
