"""The greedy agent's view of a Mage Knight position (one step of lookahead on it): Fame first
(it decides First Reconnaissance), then what wins Fame later - level, Shields, Units, a deck of
better cards, crystals - less the Wounds; on the map, how far the hero is from the next tile to
explore (each explored tile is Fame in this scenario) measured in Move points against what the
hero has to spend; in a combat, the Fame the defeated enemies will give and the damage still
coming from unblocked attacks.
"""

from __future__ import annotations

import heapq

from .content import Tables
from .decisions import MKState
from .deck import WOUND
from .enemies import attack_value, has
from .exploring import open_positions
from .game_state import GameState
from .hexmap import Hex, in_shape, neighbours, tile_hexes
from .movement import move_cost, rampaging_at
from .state import Combat

FAME = 100.0
WIN = 1e6
CARD_VALUE = {"advanced-action": 20.0, "spell": 25.0, "artifact": 30.0}
WOUND_COST = 25.0
DISTANCE = 3.0  # per Move point still to pay to reach an explorable space
MOVE_POINT = 1.0
PROVOKE = 6.0  # extra cost of a step next to rampaging enemies (a combat the hero did not choose)
FAR = 40  # the distance counted when no tile can be explored any more


def _explore_distance(t: Tables, g: GameState, start: Hex) -> float:
    """Move points from ``start`` to the nearest space next to an open tile position inside the
    coastline (Dijkstra over the placed spaces; rampaging enemies' spaces are closed)."""
    goals: set[Hex] = set()
    for grid in open_positions(g):
        if in_shape(g.shape, grid) and g.tile_deck:
            for h in tile_hexes(grid):
                goals.update(neighbours(h))
    if not goals:
        return FAR
    best: dict[Hex, float] = {start: 0.0}
    todo: list[tuple[float, Hex]] = [(0.0, start)]
    while todo:
        d, h = heapq.heappop(todo)
        if h in goals:
            return d
        if d > best.get(h, FAR):
            continue
        for n in neighbours(h):
            if n not in g.spaces or rampaging_at(t, g, n):
                continue
            step = move_cost(t, g, h, n)
            if step is None:
                continue
            cost = float(step)
            if any(rampaging_at(t, g, e) for e in neighbours(n)):
                cost += PROVOKE
            nd = d + cost
            if nd < best.get(n, FAR):
                best[n] = nd
                heapq.heappush(todo, (nd, n))
    return FAR


def _combat_value(t: Tables, c: Combat) -> float:
    """The Fame the combat will give, less the Wounds its unblocked attacks still threaten."""
    value = FAME * c.fame
    if c.phase in ("ranged", "block"):
        threat = 0
        for e in c.enemies:
            if e.defeated or e.gone or e.prevented:
                continue
            for a in range(len(e.blocked)):
                if not e.blocked[a]:
                    hit = attack_value(t, e, a)
                    threat += hit * (2 if has(t, e, "brutal") else 1)
        value -= WOUND_COST * threat / max(1, c.hero.armor)
    for kind, _element, points, _swift, _unit in c.pool:
        value += points * (2.0 if kind in ("ranged", "siege", "attack") else 1.5)
    return value


def evaluate(t: Tables, m: MKState, player: int) -> float:
    """How good ``m`` looks for ``player``."""
    g = m.g
    p = g.players[player]
    if m.over and g.scores:  # the final scoring (Fame and achievements) decides
        total = [x["total"] for x in g.scores]
        return WIN if total[player] == max(total) else -WIN
    cards = p.hand + p.deck + p.discard + p.play_area
    wounds = cards.count(WOUND)
    value = FAME * p.fame + 30.0 * p.shields + 40.0 * len(p.skills) - WOUND_COST * wounds
    value += sum(CARD_VALUE.get(t.card[c].kind, 0.0) for c in cards if c != WOUND)
    value += sum(15.0 * t.unit[u[0]].level - 8.0 * u[1] for u in p.units)
    value += 4.0 * sum(p.crystals.values()) + 1.0 * sum(p.mana.values()) + 2.0 * p.reputation
    if g.combat is not None and g.combat.player == player:
        value += _combat_value(t, g.combat)
        value -= WOUND_COST * g.combat.hero.wounds_this_combat
    elif g.current == player and not p.acted:
        value += MOVE_POINT * p.move_points - DISTANCE * min(_explore_distance(t, g, p.position), FAR)
    else:
        value -= DISTANCE * min(_explore_distance(t, g, p.position), FAR)
    return value


__all__ = ["evaluate"]
