"""Mage Knight: a moment for the other players to answer during a turn (rounds/answers.py). Facts 3.5
"Motivation may also be used on other players' turns": as a turn begins, each other player with
a Motivation not yet used this round is asked (the decision names them), and answers with the
skill or `next`."""

from __future__ import annotations

from mk_positions import GAME, _first_turn_over, do, legal, turn
from rich.console import Console

from boardrules.engine import Action


def test_skills_motivation_used_on_another_players_turn() -> None:
    s, first = _first_turn_over("goldyx-motivation")
    p = s.g.players[first]
    p.fame = 5  # not the least Fame: draw 2 only
    hand = len(p.hand)
    d = GAME.decision(s)
    assert d is not None and d.player == first  # the decision names who answers
    assert legal(s) == ["skill goldyx-motivation", "next"]
    assert "not one of the choices now" in GAME.explain_illegal(s, Action.parse("end-turn"))[0]
    do(s, "skill goldyx-motivation")
    p = s.g.players[first]  # (a skill is used on a copy that takes over)
    assert len(p.hand) == hand + 2 and "goldyx-motivation" in p.skills_used
    d = GAME.decision(s)
    assert d is not None and d.player == s.g.current == 1 - first  # the turn goes on


def test_skills_motivation_on_another_players_turn_its_token_is_lost_at_once() -> None:
    s, first = _first_turn_over("tovak-motivation")
    s.g.players[first].fame = 0
    s.g.players[1 - first].fame = 4  # the least Fame alone: a blue token too
    s.cached = None
    do(s, "skill tovak-motivation")
    assert sum(s.g.players[first].mana.values()) == 0


def test_skills_motivation_on_another_players_turn_next_lets_the_turn_begin() -> None:
    s, first = _first_turn_over("tovak-motivation")
    do(s, "next")
    d = GAME.decision(s)
    assert d is not None and d.player == s.g.current == 1 - first
    assert "tovak-motivation" not in s.g.players[first].skills_used
    assert "skill tovak-motivation" not in legal(s)


def test_skills_no_moment_to_answer_without_a_skill_to_use() -> None:
    s, first = _first_turn_over("flight")
    d = GAME.decision(s)
    assert d is not None and d.player == 1 - first


def test_skills_the_player_answering_is_shown_and_read_into_the_vector() -> None:
    s, first = _first_turn_over("goldyx-motivation")
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, 1 - first))
    assert "answering now: Tovak" in console.export_text()  # the first player (Tovak) answers
    schema = GAME.observation_schema(2)
    first_index, size = next((f, n) for f, n, name, _ in schema.layout() if name == "centre")
    asked = schema.vector(GAME.view(s, 1 - first))[first_index:first_index + size]
    do(s, "next")
    assert schema.vector(GAME.view(s, 1 - first))[first_index:first_index + size] != asked


def test_mind_read_the_question_to_the_other_player_is_shown_and_read_into_the_vector() -> None:
    s = turn("mind-read", faces="white red red red")
    other = 1 - s.g.current
    s.g.players[other].hand = ["march", "tranquility"]
    schema = GAME.observation_schema(2)
    first, size = next((f, n) for f, n, name, _ in schema.layout() if name == "centre")
    before = schema.vector(GAME.view(s, other))[first:first + size]
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    console = Console(record=True, width=200, color_system=None)
    console.print(GAME.render(s, other))
    assert "Asked: Goldyx (you) - discard a green Spell or Action card (Mind Read)" in console.export_text()
    assert schema.vector(GAME.view(s, other))[first:first + size] != before
    reason, rule = GAME.explain_illegal(s, Action.parse("end-turn"))
    assert "Mind Read: discard a green Spell or Action card" in reason and rule == "Spells"
