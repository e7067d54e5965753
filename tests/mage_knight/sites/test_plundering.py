"""Mage Knight Solo Conquest: plundering a village on the Dummy player's turn (issue 11).

VILLAGE "Plundering: You can plunder a village during another player's turn, when you are on
village space. You can only plunder a village once between each of your turns. If you do, draw
two cards and you get Reputation -1" (rules excerpt 003, VILLAGE; facts mage-knight-content.md
4.4 "only on another player's turn, once between your turns"). The Dummy player is another
player in the Round Order (facts 5.8 "Dummy player": "Its turn"), so before its turn the solo
hero is asked ``plunder`` / ``next`` (``answers.answer_window`` with ``DUMMY``). Each test
failed on the code before (the Dummy's turn ran in one step, with no moment to answer)."""

from __future__ import annotations

import pytest
from mk_invariants import run_game
from mk_positions import do, legal, text

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.mage_knight.combat.state import Combat
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import DUMMY, MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes
from boardrules.games.mage_knight.rounds.answers import answer_window

GAME = MageKnight()
T = GAME.t
ASKED = "The Dummy player's turn begins: plunder the village"


def _solo_hero_on_a_village(village: bool = True) -> MKState:
    """The hero's first turn of a Solo Conquest (Tovak: no skill yet); countryside 1 placed next
    to the map and the hero standing on its village (on the space next to it if not ``village``)."""
    s = GAME.new_state(1, 3, {"scenario": "solo-conquest", "heroes": "tovak"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    assert g.current == 0 and g.dummy is not None
    place_tile(T, g, (1, 1), "countryside-1", [])
    assert T.tile["countryside-1"].hexes[2].site == "village"
    g.players[0].position = tile_hexes((1, 1))[2 if village else 0]
    assert village or T.tile["countryside-1"].hexes[0].site != "village"
    s.cached = None
    return s


def _end_turn(s: MKState) -> list[Event]:
    """Play a card sideways for Move and end the turn."""
    do(s, next(a for a in legal(s) if a.startswith("play") and a.endswith(" move")))
    d = GAME.decision(s)
    assert d is not None
    return GAME.apply(s, next(a for a in d.actions if a.text.startswith("end-turn")))


def test_village_plundering_the_solo_hero_is_asked_before_the_dummy_players_turn_and_plunders() -> None:
    """VILLAGE "Plundering" on the Dummy's turn: asked before it runs (its deck untouched), then
    ``plunder`` draws two cards, Reputation -1, and the Dummy's turn runs."""
    s = _solo_hero_on_a_village()
    g = s.g
    assert g.dummy is not None
    deck = len(g.dummy.deck)
    events = _end_turn(s)
    assert "dummy-turn" not in [e.kind for e in events] and len(g.dummy.deck) == deck
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and d.prompt.startswith(ASKED)
    assert [a.text for a in d.actions] == ["plunder", "next"]
    assert s.dummy_pending and GAME.view(s, 0)["dummy_pending"] is True
    assert "the Dummy player's turn begins - answering now" in text(s, 0)
    hand, reputation = len(g.players[0].hand), g.players[0].reputation
    events = GAME.apply(s, Action.parse("plunder"))
    assert [e.kind for e in events if e.kind in ("plundered", "dummy-turn")] == ["plundered", "dummy-turn"]
    assert len(g.players[0].hand) == hand + 2 and g.players[0].reputation == reputation - 1
    assert len(g.dummy.deck) < deck and not s.dummy_pending
    d = GAME.decision(s)
    assert d is not None and d.prompt == "Your turn" and "plunder" not in [a.text for a in d.actions]
    with pytest.raises(IllegalActionError, match="during another player's turn"):
        GAME.apply(s, Action.parse("plunder"))


def test_village_plundering_next_declines_before_the_dummy_players_turn() -> None:
    """VILLAGE "Plundering" is a "can": ``next`` draws nothing, the Dummy's turn runs, then the
    hero's; anything else is refused, naming the Dummy player's turn."""
    s = _solo_hero_on_a_village()
    g = s.g
    assert g.dummy is not None
    _end_turn(s)
    deck, hand = len(g.dummy.deck), len(g.players[0].hand)
    with pytest.raises(IllegalActionError, match="not one of the choices now: The Dummy player's turn begins"):
        GAME.apply(s, Action.parse("announce"))
    events = GAME.apply(s, Action.parse("next"))
    assert "dummy-turn" in [e.kind for e in events] and len(g.dummy.deck) < deck
    assert len(g.players[0].hand) == hand and g.players[0].reputation == 0
    d = GAME.decision(s)
    assert d is not None and d.prompt == "Your turn" and g.current == 0 and not s.dummy_pending


def test_village_plundering_once_between_your_turns_with_two_dummy_turns_between() -> None:
    """VILLAGE "You can only plunder a village once between each of your turns": the hero
    announces the End of the Round and plunders before the Dummy's last turn; in the next round
    the Dummy plays first (its Tactic lower), and the hero is not asked again before it."""
    s = _solo_hero_on_a_village()
    g = s.g
    assert g.dummy is not None
    g.players[0].discard += g.players[0].deck
    g.players[0].deck = []
    s.cached = None
    do(s, "announce")  # the turn is forfeited: it ends at once (facts 5.7)
    assert GAME.decision(s) is not None and GAME.decision(s).prompt.startswith(ASKED)  # type: ignore[union-attr]
    do(s, "plunder")
    assert g.players[0].plundered_since_my_turn and g.players[0].reputation == -1
    d = GAME.decision(s)
    assert d is not None and d.actions[0].name == "tactic"  # a new round
    highest = max(d.actions, key=lambda a: T.tactic[a.args[0]].number)
    events = GAME.apply(s, highest)  # the Dummy takes a lower one: it plays first
    assert g.round_order[0] == DUMMY and "dummy-turn" in [e.kind for e in events]
    d = GAME.decision(s)
    assert d is not None and d.player == 0 and not d.prompt.startswith(ASKED) and g.players[0].reputation == -1


def test_village_plundering_not_asked_off_a_village_before_the_dummy_players_turn() -> None:
    """VILLAGE "when you are on village space": a hero elsewhere is not asked, the Dummy's turn
    runs at once; on the village at the end of the next turn, the hero is asked."""
    s = _solo_hero_on_a_village(village=False)
    events = _end_turn(s)
    assert "dummy-turn" in [e.kind for e in events]
    d = GAME.decision(s)
    assert d is not None and d.prompt == "Your turn"
    s.g.players[0].position = tile_hexes((1, 1))[2]
    s.cached = None
    events = _end_turn(s)
    assert "dummy-turn" not in [e.kind for e in events]
    d = GAME.decision(s)
    assert d is not None and d.prompt.startswith(ASKED)


def test_village_plundering_not_in_combat_on_the_dummy_players_turn() -> None:
    """VILLAGE "Plundering" is an answer between turns, never in a combat: on a village before
    the Dummy's turn the hero is asked, and not while a combat is going on."""
    s = _solo_hero_on_a_village()
    assert answer_window(T, s.g, DUMMY) == (0,)
    s.g.combat = Combat()
    assert answer_window(T, s.g, DUMMY) == ()


def test_using_skills_motivation_before_the_dummy_players_turn() -> None:
    """Facts 3.5 "Motivation may also be used on other players' turns", the Dummy player's
    included (rules-choices.md): asked before its turn, the hero draws two cards; no other
    Motivation until the end of the hero's next turn (one end of turn to come, not two)."""
    s = _solo_hero_on_a_village(village=False)
    p = s.g.players[0]
    p.skills.append("tovak-motivation")
    s.cached = None
    _end_turn(s)
    d = GAME.decision(s)
    assert d is not None and d.prompt.startswith("The Dummy player's turn begins: use a skill now")
    assert [a.text for a in d.actions] == ["skill tovak-motivation", "next"]
    hand = len(p.hand)
    events = GAME.apply(s, Action.parse("skill tovak-motivation"))
    p = s.g.players[0]  # a skill is used on a copy that replaces the players
    assert [e.kind for e in events][1:4] == ["skill", "mana-lost", "dummy-turn"]  # the token lost at once
    assert len(p.hand) == hand + 2 and "flipped:motivation:1" in p.skills_used
    _end_turn(s)  # the end of the hero's next turn: another Motivation allowed again
    assert not any(k.startswith("flipped:motivation:") for k in s.g.players[0].skills_used)


def test_village_plundering_a_seeded_solo_conquest_game_with_random_seats_plunders() -> None:
    """The played game reaches ``plunder`` in Solo Conquest (every invariant checked; the seed
    changes with the game's choices)."""
    s, actions = run_game(GAME, 1, 4)
    assert "plunder" in actions and s.over
