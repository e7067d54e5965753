"""Facts 5.4 "Rest (no movement, no action) ... Healing may still be used while resting" and
"Special and healing effects may be played any time in your turn": after a Standard Rest the
card plays offered are those with special and healing effects, never Move or Influence (nor a
card sideways), from a hand-set position of a real game."""

from __future__ import annotations

import pytest

from boardrules.engine import Action, IllegalActionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState

GAME = MageKnight()


def first_turn(hand: str) -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    s.g.players[s.g.current].hand = hand.split()
    s.cached = None
    return s


def plays(s: MKState) -> set[str]:
    d = GAME.decision(s)
    assert d is not None
    return {a.text for a in d.actions if a.name == "play"}


def test_rest_standard_rest_then_only_special_and_healing_effects() -> None:
    s = first_turn(f"march rage tranquility stamina crystallize {WOUND}")
    assert "play rage move" in plays(s) and "play stamina basic" in plays(s)  # a regular turn: all of them
    GAME.apply(s, Action.parse("rest march"))
    offered = plays(s)
    assert {"play tranquility basic", "play crystallize basic"} <= offered  # healing (or draw), special
    assert not any(x.endswith((" move", " influence", " attack", " block")) for x in offered)  # nothing sideways
    assert "play stamina basic" not in offered and "play stamina powered" not in offered  # Move 2 / Move 4
    with pytest.raises(IllegalActionError) as info:
        GAME.apply(s, Action.parse("play rage move"))
    assert info.value.rule == "Rest" or "not one of the choices" in info.value.reason
    reason, rule = GAME.explain_illegal(s, Action.parse("play stamina basic"))
    assert rule == "Rest" and "no movement and no action" in reason
    p = s.g.players[s.g.current]
    assert WOUND not in p.hand  # the rest discarded it (with march)
    p.hand.append(WOUND)  # a Wound taken since, by hand
    s.cached = None
    GAME.apply(s, Action.parse("play tranquility basic"))
    GAME.apply(s, Action.parse("choose 1"))  # Heal 1 while resting
    p = s.g.players[s.g.current]
    assert WOUND not in p.hand and "tranquility" in p.play_area
