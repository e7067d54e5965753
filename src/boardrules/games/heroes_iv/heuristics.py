"""The greedy agent's view of a position: the score lead first, then the strength of the player's
Army Stacks and what waits under his Towns, the cards in his hand, how near his nearest stack is to
a space he could take, and the movement points left (so that joining for nothing is not chosen);
and its choices in discovery (define when you can) and guarding (reinforce when you can)."""

from __future__ import annotations

from ...engine import Action, Decision, Rng
from .battle_greedy import greedy_battle_action
from .content import Content
from .fight import strength
from .state import H4State
from .turn import scores

LEAD = 10.0  # a point of score lead
STACKED = 0.05  # a point of an Army Stack's strength (fight.strength)
NEAR = 0.3  # a hex between the nearest stack and a space it could take
# a card waiting under a Town card, or being bought, is worth this share of what it is worth in an
# Army Stack: less, so that forming up pays, and enough that buying pays its cost in hand cards
WAITING = 0.6
HAND = 0.1  # a card in the hand (money)
MOVES = 0.01  # a movement point left (so that joining for nothing is not chosen)
STACKS = 0.1  # an Army Stack beyond the first (so that splitting for nothing is not chosen)


def _goal_distance(c: Content, s: H4State, player: int, hex: int, power: int) -> int:
    """Hexes from ``hex`` to the nearest space worth going to: a defined space not his whose
    guards and enemy stacks the stack would beat, or else to within scouting radius of an
    undefined one (one he has just discovered counts as reached; one already within the radius
    was offered, or passed on, already)."""
    b = s.board
    assert b is not None
    if any(f[0] == "discover" and f[2] == player for f in s.pending):
        return 0
    best = 99
    for h, sp in s.spaces.items():
        if sp.owner == player or sp.emptied:
            continue
        if sp.card:
            enemies = sum(strength(c, tuple(a.cards)) for a in s.armies_at(h) if a.owner != player)
            if power > strength(c, tuple(sp.guards)) + enemies:
                best = min(best, b.distance(hex, h))
        else:
            d = b.distance(hex, h) - c.rules.scouting_radius
            if d > 0:
                best = min(best, d)
    return best


def heuristic(c: Content, s: H4State, player: int) -> float:
    sc = scores(c, s)
    lead = sc[player] - max((x for i, x in enumerate(sc) if i != player), default=0)
    value = LEAD * lead
    nearest = 99
    mine = [a for a in s.armies if a.owner == player]
    for a in mine:
        power = strength(c, tuple(a.cards))
        value += STACKED * power + MOVES * a.mp
        if s.board is not None and a.hex >= 0:
            nearest = min(nearest, _goal_distance(c, s, player, a.hex, power))
    if nearest < 99:
        value -= NEAR * nearest
    value -= STACKS * max(0, len(mine) - 1)
    for sp in s.spaces.values():
        if sp.owner == player and sp.under:
            value += WAITING * STACKED * strength(c, tuple(sp.under))
    if s.buying and s.current == player:  # bought, with the cards still to pay
        value += WAITING * STACKED * strength(c, (s.buying[0],)) - HAND * s.buying[2]
    value += HAND * len(s.players[player].hand)
    return value


def greedy_action(s: H4State, d: Decision, rng: Rng) -> Action | None:
    """Discovery: the discoverer defines a space when he can (a card from the Adventure Stack
    first, as it cannot pay); others let him be. Guarding: reinforce while a Unit can join."""
    if s.battle is not None:
        return greedy_battle_action(s.battle)
    if not s.pending:
        return None
    top = s.pending[-1]
    if top[0] == "discover":
        if top[2] != top[3]:
            return Action("pass")
        defines = [a for a in d.actions if a.name == "define"]
        defines.sort(key=lambda a: a.args[2] != "adventure")
        return defines[0] if defines else Action("pass")
    adds = [a for a in d.actions if a.name == "reinforce"]
    return rng.choice(adds) if adds else None
