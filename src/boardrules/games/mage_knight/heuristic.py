"""The greedy agent's view of a Mage Knight position (one step of lookahead on it): the final
score it would have now - Fame and the achievements (Spells, Advanced Actions, Units,
Shields on sites, Artifacts, crystals, less 2 per Wound) - then skills, crystals, mana and
Reputation a little; on the map, how far the hero is from the next tile to
explore (each explored tile is Fame in this scenario) measured in Move points against what the
hero has to spend; in a combat, its expected outcome (the Fame and the Shield to win, by the
chance the hero's strength beats the armor) and the damage still coming from unblocked attacks.
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
# what a summoned token's attack is worth before it is drawn: the mean attack of its pile's
# tokens, Brutal counted twice (base content: brown 6.06, green 4.0)
SUMMONED_ATTACK = {"brown": 6, "green": 4}


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


def _card_strength(t: Tables, card: str) -> int:
    """What a card can add to a fight on its basic side: its best option's attack (of any kind)
    or block points, or 1 played sideways."""
    best = 1
    for option in t.card[card].basic:
        attack = sum(e.value for e in option if e.type in ("attack", "ranged", "siege"))
        block = sum(e.value for e in option if e.type == "block")
        best = max(best, attack, block)
    return best


def _unit_strength(t: Tables, unit: str) -> int:
    """A Unit's best attack or block ability (its points)."""
    best = 0
    for ability in t.unit[unit].abilities:
        best = max(best, sum(e.value for e in ability.effects if e.type in ("attack", "ranged", "siege", "block")))
    return best


# the pool's points that count for attacking in each phase (what is not used is lost at the
# phase's end); Block played and not yet declared counts nothing: a block that fails is wasted
ATTACK_POINTS = {"ranged": ("ranged", "siege"), "attack": ("attack", "ranged", "siege")}
# the points a conquered site's Shield will score (facts 5.8: Greatest Conqueror 2 per Shield;
# a city 4 for a Shield that does not lead it)
CONQUEST = {"keep": 2, "mage-tower": 2, "monastery": 2, "city": 4}


def _combat_value(t: Tables, g: GameState, c: Combat) -> float:
    """The Fame the combat has given, less its Wounds, and while enemies stand the expected
    outcome of the rest: the Fame of the enemies standing and the Shield of the site, weighed
    by the chance that the strength left for attacking (the cards in hand at their best, the
    ready Units, the attack points played that count now) beats their armor, less the Wounds
    of the attacks not yet blocked. Before, those Wounds counted in full and the Fame to come
    not at all, so a one-step lookahead never entered a fight and never conquered a site."""
    value = FAME * c.fame - WOUND_COST * c.hero.wounds_this_combat
    standing = [e for e in c.enemies if not (e.defeated or e.gone)]
    if c.phase == "over" or not standing:
        return value
    p = g.players[c.player]
    counting = ATTACK_POINTS.get(c.phase, ())
    strength = sum(points for kind, _element, points, _swift, _unit in c.pool if kind in counting)
    strength += sum(_card_strength(t, x) for x in p.hand if x != WOUND)
    strength += sum(_unit_strength(t, u.unit) for u in c.units if not (u.spent or u.wounds or u.destroyed))
    threat = 0.0
    if c.phase in ("ranged", "block"):
        for e in standing:
            if e.prevented:
                continue
            for a in range(len(e.blocked)):
                if not e.blocked[a]:
                    summon = t.enemy[e.token].attacks[a].summon
                    hit = SUMMONED_ATTACK.get(summon, 5) if summon else attack_value(t, e, a)
                    threat += hit * (2 if has(t, e, "brutal") else 1)
    elif c.phase == "damage":  # the damage not yet assigned will be Wounds, to the hero or Units
        threat = sum(sum(e.left) for e in standing)
    defenders = [e for e in standing if e.summoner < 0]
    armor = sum(t.enemy[e.token].armor + e.armor_bonus for e in defenders) or 1
    gain = sum(t.enemy[e.token].fame for e in defenders) + CONQUEST.get(c.site, 0)
    value += FAME * gain * min(1.0, strength / armor) ** 2
    return value - WOUND_COST * threat / max(1, c.hero.armor)


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
        value += _combat_value(t, g, g.combat)
    elif g.current == player and not p.acted:
        value += MOVE_POINT * p.move_points
    return value - DISTANCE * _explore_distance(t, g, p.position)


__all__ = ["evaluate"]
