"""The greedy agent's plan for the turn (issue 27): a one-step lookahead walks toward a fight
playing whatever card looks best at each step, and arrives with the cards the fight needed spent
on the way. The plan splits the hand first: for each fight within reach this turn (rampaging
enemies next to a space within reach, a garrison to step onto), the cheapest cards for the Move
still to pay, and whether the cards left and the ready Units win the fight (``can_win``); the
target is the one with the most Fame. ``policy.py`` then plays the plan's Move cards and walks.

A pure function of the position: nothing is remembered between decisions; the answers are kept
under a key of everything they read, as the other estimates are.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from ..cards.deck import WOUND
from ..content import Tables
from ..game_state import GameState
from ..map.hexes import Hex, neighbours
from ..map.movement import move_cost, rampaging_at
from ..sites.interaction import influence_available, site_dealt_with
from ..sites.reputation import INFLUENCE_MODIFIER
from .fight_estimate import (
    _foe,
    _reach,
    can_win,
    card_values,
    colour_mean,
    fight_ways,
    powered_cards,
)
from .heuristic import hand_influence, purchase_value

SUBSETS_TRIED = 6  # the cheapest ways to pay the Move whose cards left are judged for the fight


class TurnPlan(NamedTuple):
    """The fight aimed at: its space, the Move points from the hero's space to fight it (to
    the space next to rampaging enemies, or onto the site), its Fame, and the cards of the
    hand to play for the Move still missing."""

    target: Hex
    way: int
    fame: int
    move_cards: tuple[str, ...]


def card_move(t: Tables, card: str) -> int:
    """The Move points a card gives without mana: its basic effect when that is Move only
    and asks no choice, else 1 (sideways); a Wound none."""
    if card == WOUND or card not in t.card:
        return 0
    basic = t.card[card].basic
    if len(basic) == 1 and basic[0] and not t.card[card].basic_cost and \
            all(e.type == "move" and not (e.per or e.when or e.target) for e in basic[0]):
        return max(1, sum(e.value for e in basic[0]))
    return 1


def _fight_worth(t: Tables, card: str) -> int:
    """What a card brings to a fight (its best attack or block), to spend the weakest for Move."""
    return max(card_values(t, card))


# answers by everything they read: the hand, the Units, the mana, the tokens as seen, the way
_SPLITS: dict[tuple[object, ...], tuple[str, ...] | None] = {}


def _split(t: Tables, g: GameState, player: int, need: int, target: Hex) -> tuple[str, ...] | None:
    """The cards to play for ``need`` Move points such that the cards left win the fight at
    ``target``: among the cheapest ways to pay (the fewest cards, then the least they bring to a
    fight), the first whose cards left win; None if none does."""
    p = g.players[player]
    units = [u[0] for u in p.units if not u[1] and not u[2]]
    tokens = g.enemies[target]
    seen = tuple(tok.id if tok.face_up else t.enemy[tok.id].colour for tok in tokens)
    hand = sorted(p.hand)
    powered = powered_cards(t, g, player, hand)
    key = (t.version, tuple(hand), tuple(units), tuple(powered), seen, p.armor, need)
    if key in _SPLITS:
        return _SPLITS[key]
    if len(_SPLITS) > 20_000:
        _SPLITS.clear()
    foes = [_foe(t, tok.id) if tok.face_up else colour_mean(t, t.enemy[tok.id].colour) for tok in tokens]
    cards = [c for c in hand if c != WOUND]
    ways: list[tuple[int, int, tuple[int, ...]]] = []
    for size in range(0 if need <= 0 else 1, len(cards) + 1):
        for picked in combinations(range(len(cards)), size):
            if sum(card_move(t, cards[k]) for k in picked) >= need:
                ways.append((size, sum(_fight_worth(t, cards[k]) for k in picked), picked))
        if ways:  # no larger set pays with less
            break
    answer: tuple[str, ...] | None = None
    for _, _, picked in sorted(ways)[:SUBSETS_TRIED]:
        left = [c for k, c in enumerate(cards) if k not in picked]
        if can_win(t, left, units, foes, p.armor, [c for c in powered if c in left]):
            answer = tuple(cards[k] for k in picked)
            break
    _SPLITS[key] = answer
    return answer


def turn_plan(t: Tables, g: GameState, player: int) -> TurnPlan | None:
    """The fight with the most Fame the hero can reach this turn and still win (the fewest Move
    points on a tie, then the space), with the cards to play for the way; None if there is none
    or the hero has moved all they may."""
    p = g.players[player]
    if p.moving_done or p.acted:
        return None
    best: TurnPlan | None = None
    for h, way in sorted(fight_ways(t, g, player).items()):
        fame = sum(t.enemy[tok.id].fame if tok.face_up else colour_mean(t, t.enemy[tok.id].colour).fame
                   for tok in g.enemies[h])
        if best is not None and (fame, -way) <= (best.fame, -best.way):
            continue
        cards = _split(t, g, player, way - p.move_points, h)
        if cards is not None:
            best = TurnPlan(h, way, fame, cards)
    return best


def site_plan(t: Tables, g: GameState, player: int) -> TurnPlan | None:
    """The nearest site the hero can walk to this turn and buy at (a Unit while a Command token
    is free, a monastery's Advanced Action: ``heuristic.purchase_value``) with the Influence the
    cards left give (each card's best, sideways at least) after the cheapest cards for the Move
    (the most Move a card first); None if there is none, or the hero stands on one (the lookahead
    gathers the Influence there). ``fame`` is 0: nothing is fought."""
    p = g.players[player]
    if p.moving_done or p.acted or INFLUENCE_MODIFIER[p.reputation] is None or \
            site_dealt_with(t, g, player, p.position) and p.hand:
        return None
    cards = sorted((c for c in p.hand if c != WOUND), key=lambda c: (-card_move(t, c), _fight_worth(t, c), c))
    for h, way in sorted(_reach(t, g, p.position).items(), key=lambda x: (x[1], x[0])):
        site = site_dealt_with(t, g, player, h)
        if not site or way == 0:
            continue
        need, used = way - p.move_points, 0
        while need > 0 and used < len(cards):
            need -= card_move(t, cards[used])
            used += 1
        if need > 0:
            break  # nearer sites first: none further is paid either
        if purchase_value(t, g, player, site, influence_available(t, g, player) + hand_influence(t, cards[used:])):
            return TurnPlan(h, way, 0, tuple(cards[:used]))
    return None


def way_from(t: Tables, g: GameState, start: Hex, target: Hex) -> int | None:
    """The Move points from ``start`` to fight at ``target`` (as ``fight_ways``), None beyond REACH."""
    if start == target:
        return 0
    reach = _reach(t, g, start)
    best: int | None = None
    for r in neighbours(target):
        if r not in reach:
            continue
        if rampaging_at(t, g, target):
            way: int | None = reach[r]
        else:
            step = move_cost(t, g, r, target)
            way = None if step is None else reach[r] + step
        if way is not None and (best is None or way < best):
            best = way
    return best


__all__ = ["TurnPlan", "card_move", "fight_ways", "site_plan", "turn_plan", "way_from"]
