"""The greedy agent's view of a Mage Knight position (one step of lookahead on it): the final
score it would have now - Fame and the achievements (Spells, Advanced Actions, Units,
Shields on sites, Artifacts, crystals, less 2 per Wound) - then skills, crystals, mana and
Reputation a little; on the map, how far the hero is from the next tile to
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
from .scoring import achievement_points
from .state import Combat

FAME = 100.0
WIN = 1e6
WOUND_COST = 2 * FAME  # Greatest Beating: -2 per Wound (facts 5.8)
HAND_WOUND = 30.0  # a Wound in hand is also a card that cannot be played
DISTANCE = 3.0  # per Move point still to pay to reach an explorable space
MOVE_POINT = 1.0
PROVOKE = 6.0  # extra cost of a step next to rampaging enemies (a combat the hero did not choose)
FAR = 40  # the distance counted when no tile can be explored any more
SUMMONED_ATTACK = 5  # what a summoned (brown) token's attack is worth before it is drawn


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
    value = FAME * c.fame - WOUND_COST * c.hero.wounds_this_combat
    if c.phase in ("ranged", "block"):
        threat = 0
        for e in c.enemies:
            if e.defeated or e.gone or e.prevented:
                continue
            for a in range(len(e.blocked)):
                if not e.blocked[a]:
                    summon = t.enemy[e.token].attacks[a].summon is not None
                    hit = SUMMONED_ATTACK if summon else attack_value(t, e, a)
                    threat += hit * (2 if has(t, e, "brutal") else 1)
        value -= WOUND_COST * threat / max(1, c.hero.armor)
    for kind, _element, points, _swift, _unit in c.pool:
        value += points * (2.0 if kind in ("ranged", "siege", "attack") else 1.5)
    return value


def evaluate(t: Tables, m: MKState, player: int) -> float:
    """How good ``m`` looks for ``player``: the final score it would have now (Fame and the
    achievements, facts 5.8), in hundredths, and the smaller things that lead to more."""
    g = m.g
    p = g.players[player]
    if m.over and g.scores:  # the final scoring decides
        total = [x["total"] for x in g.scores]
        return WIN if total[player] == max(total) else -WIN
    value = FAME * (p.fame + sum(achievement_points(t, g, player).values()))
    value += 40.0 * len(p.skills) + 10.0 * sum(p.crystals.values()) + 1.0 * sum(p.mana.values())
    value += 2.0 * p.reputation - HAND_WOUND * p.hand.count(WOUND)
    if g.combat is not None and g.combat.player == player:
        value += _combat_value(t, g.combat)
    elif g.current == player and not p.acted:
        value += MOVE_POINT * p.move_points
    return value - DISTANCE * _explore_distance(t, g, p.position)


__all__ = ["evaluate"]
