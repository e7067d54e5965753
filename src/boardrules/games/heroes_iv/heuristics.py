"""The greedy agent's view of a position: the score lead first, then the strength of the player's
Army Stacks and what waits under his Towns, the cards in his hand (fewer a card beyond KEEP), how
far each stack is from its own nearest goal (in movement points, round impassable terrain), a
battle under way by its chance and its stake with what each side has left in it, a Hero within a stronger enemy's reach, and the
movement points left (so that joining for nothing is not chosen); and its choices in discovery
(define when you can), guarding (reinforce when you can) and forming up (whenever it can).

The distance term is what keeps a stack going one way: each step toward its goal scores better,
and no goal moves when it steps, so it has no reason to step back (issue 27; the policy is a
function of the position, with no memory of where a stack has been)."""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action, Decision, Rng
from .armies import movement_points
from .battle_greedy import greedy_battle_action
from .content import Content
from .discovery import defining_cards, fits
from .fight import strength as _strength
from .queries import has_hero, is_artifact, is_location
from .state import Army, H4State
from .turn import DWELLING_POINTS, LOCATION_POINTS, TOWN_POINTS, scores

LEAD = 10.0  # a point of score lead
STACKED = 0.05  # a point of an Army Stack's strength (fight.strength)
NEAR = 0.15  # a movement point between a stack and its nearest goal (each stack its own)
FAR = 30  # movement points beyond which a goal is as far as can be (the term stays bounded)
# a card waiting under a Town card, or being bought, is worth this share of what it is worth in an
# Army Stack: less, so that forming up pays, and enough that buying pays its cost in hand cards
WAITING = 0.6
HAND = 0.1  # a card in the hand (money), up to KEEP cards
KEEP = 5  # cards beyond these are worth HAND / 3: a full hand is spent rather than held
MOVES = 0.01  # a movement point left (so that joining for nothing is not chosen)
STACKS = 0.1  # an Army Stack beyond the first (so that splitting for nothing is not chosen)
RISK = 0.25  # the share of a Hero's stake at risk from an enemy stack in reach (it may not attack)
# what a stack is worth beyond its strength when it holds a Hero (only a Hero claims a Location or
# an Artifact): what a battle puts at stake if lost (issue 27: a Hero lost in round 1)
HERO_STAKE = 20.0
BOLD = 0.15  # the least chance to win at which an enemy stack counts as a threat
ODDS = 1.15  # strength against strength at which a battle is an even chance (win_chance)
PRIZE = 0.8  # the share of a space's points counted for the battle to take it (the claim is to come)
DISCOVERED = NEAR * FAR  # a discovery to define: as good as a goal reached from as far as can be
# a stack's strength is asked for again and again in one position: kept by its cards
strength = lru_cache(maxsize=8192)(_strength)
POINTS = {"town": TOWN_POINTS, "dwelling": DWELLING_POINTS}


# what a stack entering a hex fights: the foes' strength, whether a Hero is among them, the
# points of the space to claim after, the strength of its Guards
Fight = tuple[int, bool, int, int]


def _fights(c: Content, s: H4State, player: int) -> dict[int, Fight]:
    """Per hex, what a stack of the player entering it fights: the Guards of a space not his and
    the enemy Army Stacks there (worked out once a position: every stack asks about every hex)."""
    out: dict[int, Fight] = {}
    for h, sp in s.spaces.items():
        if sp.owner != player:
            points = POINTS.get(sp.kind, LOCATION_POINTS) if sp.card else 0
            guards = strength(c, tuple(sp.guards))
            out[h] = (guards, False, points, guards)
    for a in s.armies:
        if a.owner != player and a.hex >= 0:
            foes, hero, points, guards = out.get(a.hex, (0, False, 0, 0))
            out[a.hex] = (foes + strength(c, tuple(a.cards)), hero or has_hero(c, a.cards), points, guards)
    return out


def win_chance(power: int, foes: int) -> float:
    """A rough chance that a stack of strength ``power`` beats ``foes``: x^4 / (x^4 + 1) for
    x = power / (ODDS x foes), fitted to battles in seeded games (about 1 in 4 won at equal
    strength, 3 in 4 at 1.5 times, 9 in 10 at 2.5 times)."""
    x = power / (ODDS * foes)
    return x ** 4 / (x ** 4 + 1)


def prospect(fight: Fight | None, power: int, hero: bool) -> float:
    """A battle judged by its rough chance to win (``win_chance``): the space's points to claim
    and the enemy stacks' worth if won, the stack and its Hero's stake if lost, and the share of
    the stack lost even in winning. 0 with nothing to fight."""
    if fight is None or not fight[0]:
        return 0.0
    foes, their_hero, points, guards = fight
    win = win_chance(power, foes)
    prize = PRIZE * LEAD * points + STACKED * (foes - guards) + (HERO_STAKE if their_hero else 0.0)
    stake = STACKED * power + (HERO_STAKE if hero else 0.0)
    return win * prize - (1 - win) * stake - STACKED * power * (min(1.0, foes / power) if power else 1.0) / 2


def _goal_distance(c: Content, s: H4State, player: int, army: Army, power: int, defines: frozenset[str],
                   fights: dict[int, Fight]) -> int:
    """Movement points from the stack to its nearest goal (FAR at most): a defined space not his
    that it could claim (a Location or Artifact needs a Hero) and whose battle, if any, is worth
    fighting (``prospect``), an enemy stack worth fighting, or else the scouting radius of an
    undefined space of a kind he holds a card to define (``defines``; one already within it was
    offered, or passed on). A stack without a Hero also goes to join one of his stacks that has."""
    b = s.board
    assert b is not None
    hero = has_hero(c, army.cards)
    radius = c.rules.scouting_radius
    best = FAR
    for h, sp in s.spaces.items():
        if sp.owner == player or sp.emptied:
            continue
        if sp.card:
            if not hero and (is_location(c, sp.card) or is_artifact(c, sp.card)):
                continue
            if prospect(fights.get(h), power, hero) >= 0:
                best = min(best, b.walk(army.hex, h))
        elif sp.kind in defines and b.distance(army.hex, h) > radius:
            best = min(best, max(1, b.walk(army.hex, h) - radius))
    for e in s.armies:
        if e.hex < 0:
            continue
        if e.owner != player:
            if e.hex not in s.spaces and prospect(fights.get(e.hex), power, hero) > 0:
                best = min(best, b.walk(army.hex, e.hex))
        elif not hero and e is not army and has_hero(c, e.cards):  # join a Hero, who can claim more
            best = min(best, b.walk(army.hex, e.hex))
    return best


def _threat(c: Content, s: H4State, player: int, army: Army, power: int) -> float:
    """The chance that the strongest enemy stack that could reach this one on its next turn
    beats it there, were it to attack (0 with none in reach, or below BOLD: a fight so unlikely
    to be won is not one the enemy would seek)."""
    b = s.board
    assert b is not None
    worst = 0.0
    for e in s.armies:
        if e.owner != player and e.hex >= 0:
            if b.walk(e.hex, army.hex) <= movement_points(c, s, e.owner, e.cards):
                worst = max(worst, win_chance(strength(c, tuple(e.cards)), power))
    return worst if worst >= BOLD else 0.0


def _defines(c: Content, s: H4State, player: int) -> frozenset[str]:
    """The kinds of space he holds a card to define; a Unit being bought still counts, so that
    buying is judged by its price alone, not by the Creature Dwellings it could have defined."""
    kinds = {k for k in ("town", "dwelling", "location") if defining_cards(c, s, player, k)}
    if s.buying and s.current == player and fits(c, "dwelling", s.buying[0]):
        kinds.add("dwelling")
    return frozenset(kinds)


def _battle_losses(s: H4State) -> tuple[int, dict[int, int], tuple[int, int], tuple[bool, bool], bool]:
    """The battle under way, as the map sees it: its hex, the side of each Army Stack in it (by
    marker: 0 the aggressor, 1 the defender), the strength each side has lost so far (cards are
    killed whole, and the map's cards change only when the battle ends), whether each has lost
    a Hero, and whether the defender is a Guard Stack."""
    b = s.battle
    assert b is not None
    _, hex, marker, enemy, _ = s.pending[-1]
    sides = {int(marker): 0} if enemy == -1 else {int(marker): 0, int(enemy): 1}
    lost = tuple(sum(f.attack + f.defense + f.level for f in side.fallen) for side in b.sides)
    heroes = tuple(any(f.is_hero for f in side.fallen) for side in b.sides)
    return int(hex), sides, (lost[0], lost[1]), (heroes[0], heroes[1]), enemy == -1


def heuristic(c: Content, s: H4State, player: int) -> float:
    sc = scores(c, s)
    lead = sc[player] - max((x for i, x in enumerate(sc) if i != player), default=0)
    value = LEAD * lead
    mine = [a for a in s.armies if a.owner == player]
    defines = _defines(c, s, player)
    fights = _fights(c, s, player)
    # a discovery of his that he can define, waiting to be answered: a goal reached (the space
    # no longer counts as one, being within the radius); one he cannot define is nothing
    value += DISCOVERED * sum(1 for f in s.pending if f[0] == "discover" and f[2] == player == f[3]
                              and s.spaces[f[1]].kind in defines)
    # a battle under way: what each side has lost in it so far (the battle begun: nothing)
    battle = _battle_losses(s) if s.battle is not None and s.pending and s.pending[-1][0] == "battle" else None
    for a in mine:
        power = strength(c, tuple(a.cards))
        hero = has_hero(c, a.cards)
        fight = fights.get(a.hex)
        if battle is not None and a.hex == battle[0] and a.marker in battle[1] and fight is not None:
            _, sides, lost, heroes, guarded = battle
            side = sides[a.marker]
            foes, their_hero, points, guards = fight
            power -= lost[side]
            hero = hero and not heroes[side]
            fight = (foes - lost[1 - side], their_hero and not heroes[1 - side], points,
                     guards - lost[1] if guarded else guards)
        value += STACKED * power + MOVES * a.mp
        if s.board is None or a.hex < 0:
            continue
        if fight is not None and fight[0]:  # a battle begun, judged by what is left of each side
            value += prospect(fight, power, hero)
            continue
        value -= NEAR * _goal_distance(c, s, player, a, power, defines, fights)
        if hero:
            value -= RISK * HERO_STAKE * _threat(c, s, player, a, power)
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
    first, as it cannot pay); others let him be. Guarding: reinforce while a Unit can join.
    Movement: form up whenever cards wait under a Town (the new stack then finds its own goal;
    judged at once, its distance to it would outweigh the cards' worth)."""
    if s.battle is not None:
        return greedy_battle_action(s.battle)
    if not s.pending:
        if s.stage == "move":
            return next((a for a in d.actions if a.name == "formup"), None)
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
