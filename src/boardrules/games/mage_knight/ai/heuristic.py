"""The greedy agent's view of a Mage Knight position (one step of lookahead on it): the final
score it would have now - Fame and the achievements (Spells, Advanced Actions, Units,
Shields on sites, Artifacts, crystals, less 2 per Wound) - then skills, crystals, mana and
Reputation a little; on the map, how far the hero is from the next tile to
explore (each explored tile is Fame in this scenario) measured in Move points against what the
hero has to spend; in a combat, the Fame the defeated enemies will give and the damage still
coming from unblocked attacks; in a combat between heroes (or on another hero's space, where
it is the action left) the Fame and Wounds given and taken, and before it starts an outlook
from what each side can bring, counted from what everyone sees (the other's hand size).
"""

from __future__ import annotations

import heapq

from ..cards.deck import WOUND
from ..combat.enemies import attack_value, has
from ..combat.state import Combat
from ..content import Tables
from ..game_state import GameState, MKState
from ..map.exploring import explore_cost, open_positions
from ..map.hexes import Hex, in_shape, neighbours, tile_hexes
from ..map.movement import move_cost, rampaging_at
from ..pvp.combat import PvPCombat, attack_targets, card_points
from ..rounds.scoring import achievement_points
from ..sites.interaction import (
    HEALING_COST,
    MONASTERY_AA_COST,
    _interaction_site,
    influence_available,
    recruit_cost,
)
from ..sites.reputation import INFLUENCE_MODIFIER
from .fight_estimate import ATTACK_KINDS, _unit_best, fight_in_reach, fight_targets, map_key

FAME = 100.0
WIN = 1e6
WOUND_COST = 2 * FAME  # Greatest Beating: -2 per Wound (facts 5.8)
HAND_WOUND = 30.0  # a Wound in hand is also a card that cannot be played
DISTANCE = 3.0  # per Move point still to pay to reach an explorable space
MOVE_POINT = 0.3  # a Move point gathered: little (lost at the turn's end; 1.0 spent cards for points never walked)
PROVOKE = 6.0  # extra cost of a step next to rampaging enemies (a combat the hero did not choose)
FAR = 40  # the distance counted when no tile can be explored any more
# per tile on the map: exploring is worth it where it gives no Fame too (the conquest scenarios:
# it reveals the sites and cities); without it the tile placed could leave the next open position
# further than the one used, and greedy stood next to it for the rest of the game
TILE = 0.4 * FAME
SUMMONED_ATTACK = 5  # what a summoned (brown) token's attack is worth before it is drawn
SKIPPED_TURN = 3 * FAME  # taking part fully in a combat between heroes skips the next turn
# a fight the hand can win within one step (policy.fight_outlook) or within the Move points
# gathered (fight_in_reach: each point counts its share of the way), per Fame it gives: less
# than the Fame itself, which the fight still has to earn
OUTLOOK = 0.5 * FAME
# a fight further away that the hand the player may expect can win, per Fame, less FIGHT_DISTANCE
# per Move point to reach a space next to it (steeper than DISTANCE: a fight is worth a detour)
PULL = 0.3 * FAME
FIGHT_DISTANCE = 2 * DISTANCE
# a Unit in the hero's command: it fights and blocks every turn, worth more than the Fame its
# level scores at the end; while recruiting one is within the hand's Influence, each point of
# Influence gathered counts its share of the Unit (or a one-step lookahead never starts to pay)
UNIT = 3 * FAME
# an Advanced Action bought at a monastery: its Knowledge point and a stronger card in the deck
ADVANCED = 2 * FAME
HEALED = 0.4  # the share of a Wound's cost the Influence gathered to heal it counts before it is spent (0.8 spent whole turns on Healing)
# a tile the Move points gathered can reach and explore this turn, before it is explored (its
# Fame and TILE); each point counts its share of the way, or a one-step lookahead never plays a
# Move card for it (resting, which frees the hand of Wounds, looked better). Small: a tile
# explored brings the city, the end of the game, nearer (0.7 gave 6.0 mean Fame at seed 20, 0.25
# 7.9, with more sites conquered)
EXPLORE_SHARE = 0.25 * (FAME + TILE)


# distance fields by everything they read (``map_key`` and the goals): the lookahead asks
# the same map for every action of a decision, and the turn's decisions for the same goals
_FIELDS: dict[tuple[object, ...], dict[Hex, tuple[float, float]]] = {}


def _field(t: Tables, g: GameState, key: tuple[object, ...], goals: dict[Hex, float], provoke: float,
           slope: float, cap: float) -> dict[Hex, tuple[float, float]]:
    """For every space, the best goal to walk to: (Move points to it, its value), the best
    being the highest value less ``slope`` per Move point (Dijkstra backward from the goals;
    rampaging enemies' spaces are never stepped on; ``provoke`` is added for a step next to
    them; a way dearer than ``cap`` is not followed)."""
    if key in _FIELDS:
        return _FIELDS[key]
    if len(_FIELDS) > 5_000:
        _FIELDS.clear()
    best: dict[Hex, tuple[float, float]] = {}
    todo: list[tuple[float, float, float, Hex]] = []
    for h, v in goals.items():
        if h in g.spaces:
            best[h] = (0.0, v)
            todo.append((-v, 0.0, v, h))
    heapq.heapify(todo)
    done: set[Hex] = set()
    while todo:
        _, d, v, n = heapq.heappop(todo)
        if n in done:
            continue
        done.add(n)
        if rampaging_at(t, g, n):  # never entered: no way leads through it
            continue
        extra = provoke if provoke and any(rampaging_at(t, g, e) for e in neighbours(n)) else 0.0
        for x in neighbours(n):
            if x not in g.spaces or x in done:
                continue
            step = move_cost(t, g, x, n)
            if step is None:
                continue
            nd = d + step + extra
            if slope * nd - v >= cap:
                continue
            old = best.get(x)
            if old is None or v - slope * nd > old[1] - slope * old[0]:
                best[x] = (nd, v)
                heapq.heappush(todo, (slope * nd - v, nd, v, x))
    _FIELDS[key] = best
    return best


def _explore_distance(t: Tables, g: GameState, start: Hex) -> float:
    """Move points from ``start`` to the nearest space next to an open tile position inside the
    coastline (rampaging enemies' spaces are closed, a step next to them costs PROVOKE more);
    FAR when there is none within FAR."""
    if not g.tile_deck:
        return FAR
    key = ("explore", g.shape, *map_key(t, g))
    if key not in _FIELDS:
        goals: dict[Hex, float] = {}
        for grid in open_positions(g):
            if in_shape(g.shape, grid):
                for h in tile_hexes(grid):
                    for n in neighbours(h):
                        goals[n] = 0.0
        _field(t, g, key, goals, PROVOKE, 1.0, FAR)
    return _FIELDS[key].get(start, (FAR, 0.0))[0]


def _fight_pull(t: Tables, g: GameState, player: int) -> float:
    """The best fight on the map for ``player`` (``policy.fight_targets``) less the way there:
    PULL per Fame less FIGHT_DISTANCE per Move point to a space next to it or on it; 0 if none
    is worth the way."""
    targets = fight_targets(t, g, player)
    if not targets:
        return 0.0
    goals: dict[Hex, float] = {}
    for h, fame in targets:
        for n in (h, *neighbours(h)):
            goals[n] = max(goals.get(n, 0.0), PULL * fame)
    key = ("pull", tuple(sorted(goals.items())), *map_key(t, g))
    field = _field(t, g, key, goals, 0.0, FIGHT_DISTANCE, 0.0)
    d, v = field.get(g.players[player].position, (0.0, 0.0))
    return max(0.0, v - FIGHT_DISTANCE * d)


def hand_influence(t: Tables, hand: list[str]) -> int:
    """The Influence the cards of ``hand`` can still give: a card's best basic Influence, at
    least 1 (sideways); a Wound none."""
    total = 0
    for c in hand:
        if c == WOUND or c not in t.card:
            continue
        total += max([1] + [sum(e.value for e in option if e.type == "influence" and not (e.per or e.when))
                            for option in t.card[c].basic])
    return total


def unit_strength(t: Tables, unit: str) -> tuple[int, int, int]:
    """What a Unit is worth to the greedy: its best mana-free attack and block together (it
    fights every turn), then its level, then its cost."""
    fight = _unit_best(t, unit, ATTACK_KINDS["attack"])[0] + _unit_best(t, unit, ("block",))[0]
    return fight, t.unit[unit].level, t.unit[unit].cost


def recruit_target(t: Tables, g: GameState, player: int) -> tuple[str, int]:
    """The Unit of the offer the hero can recruit on their space with the Influence they have
    and the hand can still give (the strongest, ``unit_strength``): (unit, cost), or ("", 0)."""
    p = g.players[player]
    site = _interaction_site(t, g, player)
    if not site or INFLUENCE_MODIFIER[p.reputation] is None or len(p.units) >= p.command:
        return "", 0
    potential = influence_available(t, g, player) + hand_influence(t, p.hand)
    best: tuple[tuple[int, int, int], str, int] = ((-1, 0, 0), "", 0)
    for unit in sorted(set(g.unit_offer)):
        cost = recruit_cost(t, site, unit)
        if cost is not None and cost <= potential and (unit_strength(t, unit), unit) > best[:2]:
            best = (unit_strength(t, unit), unit, cost)
    return best[1], best[2]


def purchase_value(t: Tables, g: GameState, player: int, site: str, influence: int) -> float:
    """What ``influence`` buys at ``site`` (a site the hero may deal with): a Unit of the offer
    (UNIT) while a Command token is free, an Advanced Action of the Unit offer at a monastery
    (ADVANCED); 0 for nothing."""
    p = g.players[player]
    value = 0.0
    if len(p.units) < p.command and any((c := recruit_cost(t, site, u)) is not None and c <= influence
                                        for u in set(g.unit_offer)):
        value = UNIT
    if site == "monastery" and g.unit_offer_aa and influence >= MONASTERY_AA_COST:
        value = max(value, ADVANCED)
    return value


def _influence_value(t: Tables, g: GameState, player: int) -> float:
    """The Influence gathered toward what it can buy here, the best of: the Unit the hero can
    recruit (its share of UNIT), the Wounds in hand it can heal at a village or a monastery
    (HEALED of a Wound's cost per Wound, shared the same way)."""
    unit, cost = recruit_target(t, g, player)
    have = influence_available(t, g, player)
    value = UNIT * min(1.0, have / max(1, cost)) if unit else 0.0
    p = g.players[player]
    site = _interaction_site(t, g, player)
    if site == "monastery" and g.unit_offer_aa and INFLUENCE_MODIFIER[p.reputation] is not None and \
            have + hand_influence(t, p.hand) >= MONASTERY_AA_COST:
        value = max(value, ADVANCED * min(1.0, have / MONASTERY_AA_COST))
    wounds = p.hand.count(WOUND)
    if wounds and site in HEALING_COST and INFLUENCE_MODIFIER[p.reputation] is not None:
        price = HEALING_COST[site]
        healable = min(wounds, (have + hand_influence(t, p.hand)) // price)
        value = max(value, HEALED * (HAND_WOUND + WOUND_COST) * min(have, healable * price) / price)
    return value


def _pending_move(t: Tables, m: MKState) -> int:
    """The Move points of a card being played whose effect waits for a step (a powered card's
    mana to pay): counted now, or the lookahead would always find the basic effect better."""
    if len(m.play) < 2 or m.play[0] not in t.card or m.play[1] not in ("basic", "powered"):
        return 0
    side = t.card[m.play[0]].basic if m.play[1] == "basic" else t.card[m.play[0]].powered
    if len(side) != 1:  # an option to choose: the choice's step judges it
        return 0
    return sum(e.value for e in side[0] if e.type == "move" and not (e.per or e.when or e.target))


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


def _pvp_strength(t: Tables, g: GameState, player: int, own: bool) -> int:
    """What a hero can bring to a combat between heroes: a card of the hand for its best plain
    points, at least 1 (sideways; another hero's cards are not seen: their hand size), ready
    unwounded Units' best attack without mana."""
    p = g.players[player]
    cards = sum(max([1] + [sum(v for _, _, v in card_points(t, c, i)) for i in range(1, len(t.card[c].basic) + 1)])
                for c in p.hand if c != WOUND) if own else len(p.hand)
    for u in p.units:
        unit = t.unit[u[0]]
        if u[1] or u[2] or unit.influence_in_assault:
            continue
        cards += max((sum(e.value for e in a.effects if e.type in ("attack", "ranged", "siege"))
                      for a in unit.abilities if not a.mana), default=0)
    return cards


def _pvp_outlook(t: Tables, g: GameState, player: int, other: int) -> float:
    """The Fame a combat with ``other`` may bring less the Wounds it may cost: each side's cards
    attack or block, so half of the other's strength is counted as Block."""
    mine, theirs = _pvp_strength(t, g, player, True), _pvp_strength(t, g, other, False)
    given = max(0.0, mine - theirs / 2) / max(1, g.players[other].armor)
    taken = max(0.0, theirs - mine / 2) / max(1, g.players[player].armor)
    return FAME * given - WOUND_COST * taken


def _pvp_value(t: Tables, g: GameState, pvp: PvPCombat, player: int) -> float:
    """The combat between heroes for ``player``: Fame and Wounds so far (given when it ends),
    points played by the side acting; before the defender answers, the outlook."""
    if player not in (pvp.attacker.player, pvp.defender.player):
        return 0.0
    me, other = (pvp.attacker, pvp.defender) if pvp.attacker.player == player else (pvp.defender, pvp.attacker)
    value = FAME * me.fame - WOUND_COST * me.wounds
    if pvp.phase == "participation":
        return value + _pvp_outlook(t, g, player, other.player)
    if me is pvp.defender and pvp.participation == "full":
        value -= SKIPPED_TURN
    if pvp.acting() is me:
        value += 2.0 * sum(v for _, _, v in pvp.pool)
    elif pvp.step == "block":
        value += 1.5 * sum(v for _, v in pvp.blocks)
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
    value += UNIT * sum(1 for u in p.units if not u[1])
    if g.pvp is not None:
        value += _pvp_value(t, g, g.pvp, player)
    elif g.combat is not None and g.combat.player == player:
        value += _combat_value(t, g.combat)
    elif g.current == player:
        value += _influence_value(t, g, player)
    ending = len(m.play) > 1 and m.play[1] == "discarding"  # the turn's end begun: its Move is lost
    if g.pvp is None and g.combat is None and g.current == player and not p.acted and not ending:
        points = p.move_points + (_pending_move(t, m) if m.play else 0)
        value += MOVE_POINT * points + OUTLOOK * fight_in_reach(t, g, player, points) + _fight_pull(t, g, player)
        if not p.moving_done and g.tile_deck:
            way = _explore_distance(t, g, p.position) + explore_cost(p)
            if way < FAR:
                value += EXPLORE_SHARE * min(1.0, points / max(1.0, way))
        targets = attack_targets(t, g, player)
        if targets:  # the combat is the action left here unless the hero moves on: a threat, the gain once begun
            value += min(0.0, max(_pvp_outlook(t, g, player, d) for d in targets))
    return value + TILE * len(g.tiles) - DISTANCE * _explore_distance(t, g, p.position)


__all__ = ["UNIT", "evaluate", "hand_influence", "purchase_value", "recruit_target", "unit_strength"]
