"""Mage Knight skills that move the hero directly (facts 3.5, skills/flight.py): Goldyx's Flight,
from a hand-set position of a real game through the decisions (`skill flight`, then `move Q:R`)."""

from __future__ import annotations

from mk_positions import GAME, do, legal, me, turn

from boardrules.games.mage_knight.cards.movement_spells import reach
from boardrules.games.mage_knight.map.hexes import neighbours


def _moves(s) -> set[str]:  # type: ignore[no-untyped-def]
    return {a for a in legal(s) if a.startswith("move ")}


def test_skills_flight_to_an_adjacent_safe_space_free() -> None:
    s = turn("march", skills="flight")
    assert me(s).position == (0, 0) and me(s).move_points == 0
    do(s, "skill flight")
    assert _moves(s) == {"move 0:-1", "move 1:-1", "move 1:0"}  # not the lakes: no safe space there
    do(s, "move 1:-1")  # a forest, for no Move
    assert me(s).position == (1, -1) and me(s).move_points == 0
    assert "skill flight" not in legal(s)  # once a round


def test_skills_flight_two_spaces_for_2_move() -> None:
    s = turn("march", skills="flight")
    me(s).move_points = 2
    s.cached = None
    do(s, "skill flight")
    two = {f"move {h[0]}:{h[1]}" for h, d in reach(GAME.t, s.g, (0, 0), 2).items() if d == 2}
    assert "move 1:-2" in two and "move 1:-2" in _moves(s)
    do(s, "move 1:-2")
    assert me(s).position == (1, -2) and me(s).move_points == 0


def test_skills_flight_does_not_provoke_rampaging_enemies() -> None:
    s = turn("march", skills="flight")
    orcs = (3, -3)
    assert orcs in s.g.enemies
    start, end = (2, -3), (2, -2)  # both next to the orcs: walking would provoke them
    assert orcs in neighbours(start) and orcs in neighbours(end)
    me(s).position = start
    s.cached = None
    do(s, "skill flight", f"move {end[0]}:{end[1]}")
    assert me(s).position == end and me(s).provoked == [] and s.g.combat is None
