"""The greedy agent's view of a position: the score lead first, then the strength of the player's
Army Stacks and what waits under his Towns, the cards in his hand, how near his nearest stack is to
a space he could take, and the movement points left (so that joining for nothing is not chosen);
and its choices in discovery (define when you can) and guarding (reinforce when you can)."""

from __future__ import annotations

from ...engine import Action, Decision, Rng
from .battle_greedy import greedy_battle_action
from .content import Content
from .armies import movement_points
from .fight import strength
from .queries import has_hero, is_artifact, is_location
from .state import Army, H4State
from .turn import DWELLING_POINTS, LOCATION_POINTS, TOWN_POINTS, scores

LEAD = 10.0  # a point of score lead
STACKED = 0.05  # a point of an Army Stack's strength (fight.strength)
NEAR = 0.15  # a movement point between a stack and the nearest goal it could take (each stack its own)
FAR = 12  # movement points beyond which a goal is as far as can be (the term stays bounded)
# a goal is a space, or an enemy stack, the stack beats by this margin: a fight only just won on
# paper is lost often enough to cost a Hero (issue 27: a Hero lost in round 1)
MARGIN = 1.3
# a card waiting under a Town card, or being bought, is worth this share of what it is worth in an
# Army Stack: less, so that forming up pays, and enough that buying pays its cost in hand cards
WAITING = 0.6
HAND = 0.1  # a card in the hand (money), up to KEEP cards
KEEP = 5  # cards beyond these are worth HAND / 3: a full hand is spent rather than held
MOVES = 0.01  # a movement point left (so that joining for nothing is not chosen)
STACKS = 0.1  # an Army Stack beyond the first (so that splitting for nothing is not chosen)
RISK = 1.0  # a Hero in a stack that an enemy stack stronger than it could reach next turn
# what a stack is worth beyond its strength when it holds a Hero (only a Hero claims a Location or
# an Artifact): what a battle it has just begun puts at stake if lost
HERO_STAKE = 20.0
PRIZE = 0.8  # the share of a space's points counted for the battle to take it (the claim is to come)


def _foes(c: Content, s: H4State, player: int, hex: int) -> int:
    """The strength a stack entering ``hex`` fights: the Guards of a space not his and the enemy
    Army Stacks there."""
    sp = s.spaces.get(hex)
    guards = strength(c, tuple(sp.guards)) if sp is not None and sp.owner != player else 0
    return guards + sum(strength(c, tuple(a.cards)) for a in s.armies_at(hex) if a.owner != player)


def _goal_distance(c: Content, s: H4State, player: int, army: Army, power: int) -> int:
    """Movement points from the stack to the nearest goal (FAR at most): a defined space not his
    that the stack could claim (a Location or Artifact needs a Hero) and whose guards and enemy
    stacks it beats by MARGIN, an enemy stack it beats by MARGIN, or else the scouting radius of
    an undefined space (one already within it was offered, or passed on). A discovery of his
    waiting to be answered counts as reached."""
    b = s.board
    assert b is not None
    if any(f[0] == "discover" and f[2] == player for f in s.pending):
        return 0
    hero = has_hero(c, army.cards)
    radius = c.rules.scouting_radius
    best = FAR
    for h, sp in s.spaces.items():
        if sp.owner == player or sp.emptied:
            continue
        if sp.card:
            if not hero and (is_location(c, sp.card) or is_artifact(c, sp.card)):
                continue
            if power >= MARGIN * _foes(c, s, player, h):
                best = min(best, b.walk(army.hex, h))
        elif b.distance(army.hex, h) > radius:
            best = min(best, max(1, b.walk(army.hex, h) - radius))
    for e in s.armies:
        if e.owner != player and e.hex not in s.spaces and power >= MARGIN * strength(c, tuple(e.cards)):
            best = min(best, b.walk(army.hex, e.hex))
    return best


def _threatened(c: Content, s: H4State, player: int, army: Army, power: int) -> bool:
    """An enemy stack stronger than this one could reach it on its next turn."""
    b = s.board
    assert b is not None
    for e in s.armies:
        if e.owner != player and e.hex >= 0 and strength(c, tuple(e.cards)) * MARGIN > power:
            if b.walk(e.hex, army.hex) <= movement_points(c, s, e.owner, e.cards):
                return True
    return False


def _battle_prospect(c: Content, s: H4State, player: int, army: Army, power: int, foes: int) -> float:
    """A battle just begun, judged by a rough chance to win (strength cubed against strength
    cubed): the space's points to be claimed if won, the stack and its Hero's stake if lost, and
    the share of the stack lost even in winning."""
    win = power ** 3 / (power ** 3 + foes ** 3)
    sp = s.spaces.get(army.hex)
    points = 0
    if sp is not None and sp.card and sp.owner != player:
        points = {"town": TOWN_POINTS, "dwelling": DWELLING_POINTS}.get(sp.kind, LOCATION_POINTS)
    stake = STACKED * power + (HERO_STAKE if has_hero(c, army.cards) else 0.0)
    return win * PRIZE * LEAD * points - (1 - win) * stake - STACKED * power * min(1.0, foes / power) / 2


def heuristic(c: Content, s: H4State, player: int) -> float:
    sc = scores(c, s)
    lead = sc[player] - max((x for i, x in enumerate(sc) if i != player), default=0)
    value = LEAD * lead
    mine = [a for a in s.armies if a.owner == player]
    for a in mine:
        power = strength(c, tuple(a.cards))
        value += STACKED * power + MOVES * a.mp
        if s.board is None or a.hex < 0:
            continue
        foes = _foes(c, s, player, a.hex)
        if foes:
            value += _battle_prospect(c, s, player, a, power, foes)
            continue
        value -= NEAR * _goal_distance(c, s, player, a, power)
        if has_hero(c, a.cards) and _threatened(c, s, player, a, power):
            value -= RISK
    value -= STACKS * max(0, len(mine) - 1)
    for sp in s.spaces.values():
        if sp.owner == player and sp.under:
            value += WAITING * STACKED * strength(c, tuple(sp.under))
    if s.buying and s.current == player:  # bought, with the cards still to pay
        value += WAITING * STACKED * strength(c, (s.buying[0],)) - HAND * s.buying[2]
    held = len(s.players[player].hand)
    value += HAND * min(held, KEEP) + HAND / 3 * max(0, held - KEEP)
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
