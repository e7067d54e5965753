"""Mage Knight's greedy heuristic (heuristic.py) from hand-set positions, and the balance tags of
the simulation report."""

from __future__ import annotations

from boardrules.agents import GreedyAgent
from boardrules.games.mage_knight.decisions import MKState
from boardrules.games.mage_knight.deck import WOUND
from boardrules.games.mage_knight.exploring import next_to, open_positions
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.hexmap import in_shape
from boardrules.games.mage_knight.movement import terrain_cost

GAME = MageKnight()


def first_turn() -> MKState:
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    return s


def test_heuristic_fame_counts_most_and_a_wound_counts_against() -> None:
    s = first_turn()
    me = s.g.current
    base = GAME.heuristic(s, me)
    s.g.players[me].fame += 1
    more_fame = GAME.heuristic(s, me)
    s.g.players[me].hand.append(WOUND)
    wounded = GAME.heuristic(s, me)
    assert more_fame > base + 50
    assert wounded < more_fame


def test_greedy_explores_when_next_to_an_open_tile_position_with_the_move_to_pay() -> None:
    """First Reconnaissance "Special": each tile revealed is +1 Fame, so the greedy player explores."""
    s = first_turn()
    me = s.g.current
    g = s.g
    spot = next(h for grid in open_positions(g) if in_shape(g.shape, grid)
                for h in sorted(g.spaces) if next_to(h, grid) and terrain_cost(GAME.t, g, h) is not None
                and not g.enemies.get(h))
    g.players[me].position = spot
    g.players[me].move_points = 2
    s.cached = None
    d = GAME.decision(s)
    assert d is not None and any(a.name == "explore" for a in d.actions)
    chosen = GreedyAgent(3).act(GAME, s, d)
    assert chosen.name == "explore"
