"""The greedy agent's estimate of a fight (``policy.py`` plays it): what a card or a ready Unit
brings to an attack or a block, the enemies as the player sees them (a face-up token as it is, a
face-down one as the mean token of its colour), whether the hand and the Units can defeat them
all with at most ``WOUNDS_ACCEPTED`` Wounds to the hero, which fights on the map the hand the
player may expect can win (``fight_targets``, ``fight_outlook``, read by the heuristic), and
whether an action that starts a fight is a good one."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ....engine import Action
from ..cards.deck import WOUND
from ..cards.mana import night_rules
from ..content import Tables
from ..game_state import GameState, MKState, PlayerState, Token
from ..map.exploring import space
from ..map.hexes import Hex, neighbours
from ..map.movement import move_cost, rampaging_at
from ..pvp.combat import card_points

WOUNDS_ACCEPTED = 2  # Wounds to the hero a fight may cost and still be started
PARALYZED = 99  # a Paralyze attack not blocked: the split is not counted as a win
SPLIT_LIMIT = 10  # the cards and Units whose split between attack and block is searched
STARTS = ("enter", "challenge", "move")
ATTACK_KINDS = {"ranged": ("ranged", "siege"), "attack": ("attack", "ranged", "siege")}


# ---- what a card or a Unit brings ----------------------------------------------------------

def card_best(t: Tables, card: str, kinds: tuple[str, ...]) -> tuple[int, int, list[tuple[str, int]]]:
    """The best basic option of ``card`` giving only points of ``kinds`` (mana-free): (value,
    option from 1, its (element, value) points); (1, 0, physical 1) for the sideways play when
    that is as good (``kinds`` holding attack or block), (0, 0, []) when neither gives any."""
    best: tuple[int, int, list[tuple[str, int]]] = (0, 0, [])
    for option in range(1, len(t.card[card].basic) + 1) if card in t.card else ():
        points = card_points(t, card, option)
        if points and all(k in kinds for k, _, _ in points):
            value = sum(v for _, _, v in points)
            if value > best[0]:
                best = (value, option, [(el, v) for _, el, v in points])
    if best[0] < 1 and card != WOUND and ("attack" in kinds or "block" in kinds):
        return (1, 0, [("physical", 1)])
    return best


def _unit_best(t: Tables, unit: str, kinds: tuple[str, ...]) -> tuple[int, str, list[tuple[str, int]]]:
    """A Unit's best mana-free ability of points of ``kinds``: (value, key, points)."""
    best: tuple[int, str, list[tuple[str, int]]] = (0, "", [])
    for ability in t.unit[unit].abilities:
        if ability.mana or not all(e.type in kinds for e in ability.effects):
            continue
        value = sum(e.value for e in ability.effects)
        if value > best[0]:
            best = (value, ability.key, [(e.element, e.value) for e in ability.effects])
    return best


# ---- the enemies as the player sees them -------------------------------------------------------

class Foe:
    """An enemy as counted by the estimate: Armor (``elusive``: while an attack of it is not
    blocked), the attacks (value, element, swift, brutal), Fame, physical resistance, Paralyze
    (a Wound from it discards the hero's hand: its attacks must be blocked)."""

    __slots__ = ("armor", "elusive", "attacks", "fame", "physical", "paralyze")

    def __init__(self, armor_: int, attacks: Sequence[tuple[int, str, bool, bool]], fame: int, physical: bool,
                 elusive: int = 0, paralyze: bool = False) -> None:
        self.armor = armor_
        self.elusive = elusive or armor_
        self.attacks = attacks
        self.fame = fame
        self.physical = physical
        self.paralyze = paralyze


def _foe(t: Tables, token: str) -> Foe:
    en = t.enemy[token]
    swift, brutal = "swift" in en.abilities, "brutal" in en.abilities
    # a summoner's attack is a token of its pile: counted as a mean brown one
    attacks = [(a.value if a.summon is None else 5, a.element, swift, brutal) for a in en.attacks]
    return Foe(en.armor + en.defend, attacks, en.fame, "physical" in en.resistances,
               (en.elusive_armor or en.armor) + en.defend, "paralyze" in en.abilities)


_MEANS: dict[tuple[str, str], Foe] = {}


def colour_mean(t: Tables, colour: str) -> Foe:
    """The mean token of a colour's pile (tokens weighed by their count), rounded up."""
    key = (t.version, colour)
    if key not in _MEANS:
        _MEANS[key] = _colour_mean(t, colour)
    return _MEANS[key]


def _colour_mean(t: Tables, colour: str) -> Foe:
    tokens = [e for e in t.enemy.values() if e.colour == colour]
    n = sum(e.count for e in tokens) or 1
    mean_armor = math.ceil(sum((e.elusive_armor or e.armor) * e.count for e in tokens) / n)
    mean_attack = math.ceil(sum(sum(a.value if a.summon is None else 5 for a in e.attacks) * e.count
                                for e in tokens) / n)
    fame = sum(e.fame * e.count for e in tokens) // n
    return Foe(mean_armor, [(mean_attack, "physical", False, False)], fame, False)


# ---- the estimate ----------------------------------------------------------------------------

Resource = tuple[float, float]  # what a card or a Unit brings: (attack, block)


def powered_best(t: Tables, card: str, kinds: tuple[str, ...]) -> int:
    """The most points of ``kinds`` one powered option of ``card`` gives (plain points only)."""
    best = 0
    for option in t.card[card].powered if card in t.card else ():
        if option and all(e.type in kinds and not (e.per or e.when or e.target) for e in option):
            best = max(best, sum(e.value for e in option))
    return best


def powered_cards(t: Tables, g: GameState, player: int, hand: list[str]) -> list[str]:
    """The cards of ``hand`` the mana the player has could power this turn, the biggest gain
    first: a Source die if one may still be taken (gold stands for any basic colour by Day),
    the crystals and mana tokens; one mana each."""
    p = g.players[player]
    night = night_rules(g, player)  # Night rules: at Night, in such a combat, in a Necropolis
    left = Counter({c: n for c, n in p.crystals.items() if n})
    left.update({c: n for c, n in p.mana.items() if n})
    dice = [g.source[i] for i in range(len(g.source)) if i not in g.source_used] \
        if len(g.source_used) < g.dice_allowed else []
    die_free = bool(dice)
    gains = sorted(((max(powered_best(t, c, ATTACK_KINDS["attack"]), powered_best(t, c, ("block",))), c)
                    for c in hand if c != WOUND and c in t.card and t.card[c].powering), reverse=True)
    out = []
    for gain, c in gains:
        if not gain:
            continue
        colours = t.card[c].powering[0]
        if len(colours) != 1:
            continue
        colour = colours[0]
        if left[colour] > 0 or not night and left["gold"] > 0:
            left[colour if left[colour] > 0 else "gold"] -= 1
        elif die_free and (colour in dice or not night and "gold" in dice):
            die_free = False
        else:
            continue
        out.append(c)
    return out


def resources_of(t: Tables, hand: list[str], units: list[str], powered: list[str] | None = None) -> list[Resource]:
    """The attack and block each card of the hand (``powered``: these cards at their powered
    effect where it gives more) and each ready Unit may bring."""
    out: list[Resource] = []
    strong = Counter(powered or ())
    for c in hand:
        if c == WOUND:
            continue
        att, blk = card_best(t, c, ATTACK_KINDS["attack"])[0], card_best(t, c, ("block",))[0]
        if strong[c] > 0:
            strong[c] -= 1
            att, blk = max(att, powered_best(t, c, ATTACK_KINDS["attack"])), max(blk, powered_best(t, c, ("block",)))
        out.append((att, blk))
    out += [(_unit_best(t, u, ATTACK_KINDS["attack"])[0], _unit_best(t, u, ("block",))[0]) for u in units]
    # a total order: the cards kept do not depend on the hand's order (a memo holds the answer
    # of its sorted hand)
    return sorted(out, key=lambda r: (-max(r), -r[0], -r[1]))[:SPLIT_LIMIT]


def plan(resources: list[Resource], foes: list[Foe], hero_armor: int, takers: int) -> tuple[int, set[tuple[int, int]]] | None:
    """The best split of ``resources`` between attack and block that defeats every foe: the
    hero's Wounds and the attacks (foe, attack) blocked, or None if none does. Blocks go to
    the strongest attacks first (an elemental one counted at twice its value, a swift one
    twice); an unblocked attack goes on one of ``takers`` Units while one is left, then on the
    hero; an elusive foe keeps its higher Armor unless all its attacks are blocked; a Paralyze
    attack is always blocked (a split leaving one unblocked does not count)."""
    if not foes:
        return None
    attacks = sorted(((v * (2 if swift else 1) * (1 if el == "physical" else 2), v, brutal, k, a)
                      for k, f in enumerate(foes) for a, (v, el, swift, brutal) in enumerate(f.attacks) if v > 0),
                     reverse=True)
    best: tuple[int, set[tuple[int, int]]] | None = None
    for split in range(1 << len(resources)):
        attack_points = sum(r[0] for k, r in enumerate(resources) if split >> k & 1)
        block = sum(r[1] for k, r in enumerate(resources) if not split >> k & 1)
        wounds, left = 0, takers
        unblocked: set[int] = set()
        blocked: set[tuple[int, int]] = set()
        for need, value, brutal, k, a in attacks:
            if block >= need:
                block -= need
                blocked.add((k, a))
                continue
            unblocked.add(k)
            if foes[k].paralyze:  # the hero's hand discarded, a Unit destroyed: never taken
                wounds = PARALYZED
                break
            if left:
                left -= 1
            else:
                wounds += math.ceil(value / max(1, hero_armor)) * (2 if brutal else 1)
        if wounds >= PARALYZED or best is not None and wounds >= best[0]:
            continue
        needed = sum((f.elusive if k in unblocked else f.armor) * (2 if f.physical else 1) for k, f in enumerate(foes))
        if attack_points >= needed:
            best = (wounds, blocked)
    return best


_VALUES: dict[tuple[str, str], tuple[int, int, int, int]] = {}


def card_values(t: Tables, card: str) -> tuple[int, int, int, int]:
    """A card's best Attack and Block, basic (sideways at least) and powered (basic at least)."""
    key = (t.version, card)
    if key not in _VALUES:
        att, blk = card_best(t, card, ATTACK_KINDS["attack"])[0], card_best(t, card, ("block",))[0]
        _VALUES[key] = (att, blk, max(att, powered_best(t, card, ATTACK_KINDS["attack"])),
                        max(blk, powered_best(t, card, ("block",))))
    return _VALUES[key]


def mean_hand(t: Tables, g: GameState, player: int) -> list[Resource]:
    """A hand as the player may expect to hold next turn: Hand-limit cards, each the mean of
    their Deed cards (deck, hand, play area, discard pile: the player knows which they own),
    one of them powered, and the Units not wounded."""
    p = g.players[player]
    cards = [*p.deck, *p.hand, *p.play_area, *p.discard]
    n = max(1, len(cards))
    total = [0, 0, 0, 0]
    for c in cards:
        if c != WOUND:
            for k, v in enumerate(card_values(t, c)):
                total[k] += v
    attack_, block, strong_attack, strong_block = (x / n for x in total)
    units = [(float(_unit_best(t, u[0], ATTACK_KINDS["attack"])[0]), float(_unit_best(t, u[0], ("block",))[0]))
             for u in p.units if not u[1]]
    return [(strong_attack, strong_block)] + [(attack_, block)] * (p.hand_limit - 1) + units


def fight_targets(t: Tables, g: GameState, player: int) -> list[tuple[Hex, int]]:
    """The spaces with enemy tokens that the hand the player may expect (``mean_hand``) can
    win against, with the Fame they give (cities only where they can be entered)."""
    p = g.players[player]
    hand = mean_hand(t, g, player)
    takers = sum(1 for u in p.units if not u[1])
    out = []
    for h in sorted(g.enemies):
        tokens = g.enemies[h]
        if not tokens or g.cities_closed and h in g.spaces and _site(t, g, h) == "city":
            continue
        seen = tuple(tok.id if tok.face_up else t.enemy[tok.id].colour for tok in tokens)
        # everything the plan reads, the mean hand exactly: two hands that round alike can differ
        # in the outcome, and the first asked would decide it for every later game in the process
        key = ("far", t.version, seen, tuple(hand), p.armor, takers)
        if key not in _OUTLOOKS:
            if len(_OUTLOOKS) > 20_000:
                _OUTLOOKS.clear()
            foes = [_foe(t, tok.id) if tok.face_up else colour_mean(t, t.enemy[tok.id].colour) for tok in tokens]
            best = plan(hand, foes, p.armor, takers)
            _OUTLOOKS[key] = sum(f.fame for f in foes) if best is not None and best[0] <= WOUNDS_ACCEPTED else 0
        if _OUTLOOKS[key]:
            out.append((h, _OUTLOOKS[key]))
    return out


def _site(t: Tables, g: GameState, h: Hex) -> str:
    sp = space(t, g, h)
    return sp.site or "" if sp is not None else ""


def can_win(t: Tables, hand: list[str], units: list[str], foes: list[Foe], hero_armor: int,
            powered: list[str] | None = None) -> bool:
    """Whether the cards of ``hand`` (``powered``: these at their powered effect) and the ready
    Units ``units`` defeat every foe, the others blocking enough that the hero takes at most
    ``WOUNDS_ACCEPTED`` Wounds."""
    best = plan(resources_of(t, hand, units, powered), foes, hero_armor, len(units))
    return best is not None and best[0] <= WOUNDS_ACCEPTED


def _outlook(t: Tables, p: PlayerState, units: list[str], powered: list[str], tokens: Sequence[Token]) -> int:
    """The Fame of the enemies ``tokens`` if the hand and the ready Units win against them
    (``can_win``; a face-down token counted as the mean of its colour), else 0; kept by all it reads."""
    seen = tuple(tok.id if tok.face_up else t.enemy[tok.id].colour for tok in tokens)
    key = (t.version, tuple(sorted(p.hand)), tuple(units), seen, p.armor, tuple(powered))
    if key not in _OUTLOOKS:
        if len(_OUTLOOKS) > 20_000:
            _OUTLOOKS.clear()
        foes = [_foe(t, tok.id) if tok.face_up else colour_mean(t, t.enemy[tok.id].colour) for tok in tokens]
        _OUTLOOKS[key] = sum(f.fame for f in foes) if can_win(t, p.hand, units, foes, p.armor, powered) else 0
    return _OUTLOOKS[key]


def fight_outlook(t: Tables, g: GameState, player: int) -> int:
    """The Fame of the best fight within one step that the hand and the ready Units can win
    (``can_win``): the enemy tokens on a space next to the hero or on it (rampaging enemies to
    challenge, a garrison to assault), each face-down one counted as the mean of its colour; 0
    if there is none."""
    p = g.players[player]
    units = [u[0] for u in p.units if not u[1] and not u[2]]
    best = 0
    for h in (p.position, *neighbours(p.position)):
        tokens = g.enemies.get(h)
        if not tokens or h in g.conquered and not any(tok.face_up for tok in tokens):
            continue
        best = max(best, _outlook(t, p, units, powered_cards(t, g, player, p.hand), tokens))
    return best


REACH = 10  # the Move points a fight may be away and still pull the cards played for Move toward it


def map_key(t: Tables, g: GameState) -> tuple[object, ...]:
    """Everything a space's Move cost and the rampaging enemies read (``move_cost``,
    ``rampaging_at``): the tiles placed, Day or Night, the current player's cards lasting this
    turn and the skills in the centre (Prayer of Weather), the spaces rampaging enemies hold."""
    rampaging = tuple(sorted(h for h in g.enemies if rampaging_at(t, g, h)))
    return (t.version, tuple(sorted(g.tiles.items())), g.night, g.current, g.players[g.current].lasting, g.centre,
            rampaging)


# the spaces within REACH of a space, by everything they read: asked for every action judged
_REACHES: dict[tuple[object, ...], dict[Hex, int]] = {}


def _reach(t: Tables, g: GameState, start: Hex) -> dict[Hex, int]:
    """The spaces the hero can walk to with REACH Move points, with their cost (Dijkstra; a
    space with enemies on it ends the way, so it is a goal, never a step)."""
    key = (start, tuple(sorted(h for h in g.enemies if g.enemies[h])), *map_key(t, g))
    if key in _REACHES:
        return _REACHES[key]
    if len(_REACHES) > 5_000:
        _REACHES.clear()
    best: dict[Hex, int] = {start: 0}
    todo: list[tuple[int, Hex]] = [(0, start)]
    while todo:
        d, h = heapq.heappop(todo)
        if d > best[h]:
            continue
        for n in neighbours(h):
            if n not in g.spaces or g.enemies.get(n):
                continue
            step = move_cost(t, g, h, n)
            if step is not None and d + step <= REACH and d + step < best.get(n, REACH + 1):
                best[n] = d + step
                heapq.heappush(todo, (d + step, n))
    _REACHES[key] = best
    return best


def fight_ways(t: Tables, g: GameState, player: int) -> dict[Hex, int]:
    """The spaces with enemies the hero can fight this turn within REACH Move points, with the
    Move points to get there (next to rampaging enemies; onto a site with its garrison)."""
    p = g.players[player]
    ways: dict[Hex, int] = {}
    for r, d in _reach(t, g, p.position).items():
        for n in neighbours(r):
            if not g.enemies.get(n) or n in g.conquered:
                continue
            if rampaging_at(t, g, n):
                way: int | None = d
            else:
                step = move_cost(t, g, r, n)
                way = None if step is None else d + step
            if way is not None and way <= REACH and way < ways.get(n, REACH + 1):
                ways[n] = way
    return ways


def fight_in_reach(t: Tables, g: GameState, player: int, points: int | None = None) -> float:
    """The best fight the hero can walk to and win with the cards left and the ready Units
    (``can_win``): its Fame, times the square of the share of the way the Move points gathered
    (``points``, the player's by default) pay, a way of up to REACH points: rampaging enemies next to a
    space on the way (to challenge), a garrison on a site to step onto (to assault); next to
    the hero it is ``fight_outlook``, in full. 0 if there is none."""
    p = g.players[player]
    best = float(fight_outlook(t, g, player))
    points = p.move_points if points is None else points
    if points <= 0 or p.moving_done:
        return best
    ways = fight_ways(t, g, player)
    if not ways:
        return best
    units = [u[0] for u in p.units if not u[1] and not u[2]]
    powered = powered_cards(t, g, player, p.hand)
    for h in sorted(ways):
        # squared: the cards left must still pay the rest of the way, and then fight
        share = min(1.0, points / max(1, ways[h])) ** 2
        best = max(best, share * _outlook(t, p, units, powered, g.enemies[h]))
    return best


# fight_outlook's answers by what decides them: the lookahead asks the same many times a turn
_OUTLOOKS: dict[tuple[object, ...], int] = {}


def _start_is_good(game: Any, m: MKState, player: int, action: Action) -> bool:
    """Whether this action starts a combat the hand can win (tried on a copy; the drawn tokens
    count only by their colour unless they lay face up on the map)."""
    return start_outlook(game, m, player, action) is True


def start_outlook(game: Any, m: MKState, player: int, action: Action) -> bool | None:
    """Whether the combat this action starts can be won (``_start_is_good``); None when it
    starts none (a move that provokes no rampaging enemies)."""
    t: Tables = game.t
    g = m.g
    seen = Counter(tok.id for toks in g.enemies.values() for tok in toks if tok.face_up)
    trial = game.clone(m)
    try:
        game.apply(trial, action)
        # more rampaging spaces next to the hero: the challenge asks for them, one at a time;
        # only the one chosen is judged
        while trial.g.combat is None and trial.play and trial.play[1] in ("challenging", "joining"):
            d = game.decision(trial)
            done = next((a for a in d.actions if a.text == "challenge done"), None) if d is not None else None
            if done is None:
                break
            game.apply(trial, done)
    except Exception:  # noqa: BLE001 - a move the rules refuse on the copy is simply not a fight
        return None
    c = trial.g.combat
    if c is None or c.player != player:
        return None
    foes = []
    for e in c.enemies:
        if seen[e.token] > 0:
            seen[e.token] -= 1
            foes.append(_foe(t, e.token))
        else:
            foes.append(colour_mean(t, t.enemy[e.token].colour))
    units = [u.unit for u in c.units if not u.wounds and not u.spent] if c.units_allowed == "all" else []
    hand = list(g.players[player].hand)
    return can_win(t, hand, units, foes, g.players[player].armor, powered_cards(t, g, player, hand))


__all__ = ["WOUNDS_ACCEPTED", "SPLIT_LIMIT", "STARTS", "ATTACK_KINDS", "card_best", "Foe", "colour_mean", "Resource", "powered_best", "powered_cards", "resources_of", "plan", "card_values", "mean_hand", "fight_targets", "can_win", "fight_outlook", "fight_in_reach", "fight_ways", "start_outlook"]
