"""The greedy agent's combat policy (the game's ``greedy_action`` hook): when to start a fight,
and how to play one, phase by phase. A one-step lookahead cannot play a combat (a card's choice
is made before its worth shows; Influence played in the Ranged phase looks as good as an
attack), so these choices are rules of thumb on what the hero can bring:

- start a fight (enter a site, challenge or provoke rampaging enemies, assault a fortified
  site) only when the hand's cards (powered where the mana the player has can pay) and the
  ready Units can defeat every enemy, with what is left blocking enough that the hero takes at
  most ``WOUNDS_ACCEPTED`` Wounds; the enemies are counted from what the player sees: a
  face-up token as it is, a face-down one as the mean token of its colour (its colour is
  public);
- Ranged and Siege Attacks phase: defeat an enemy the ranged cards alone can defeat, else go on;
- Block phase: keep the cards the attack needs, block the strongest attack the rest blocks
  in full;
- Assign Damage phase: on a Unit that can take it (the sturdiest), else on the hero;
- Attack phase: the weakest enemy the hand can still defeat, then the next.

Everything else is left to the lookahead (the hook returns None). Deterministic: no draw.
The heuristic asks ``fight_outlook`` (a winnable fight next to the hero) and ``fight_targets``
(the enemies on the map the hand the player may expect can beat) to walk to fights.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ....engine import Action, Decision
from ..actions.words import _h
from ..cards.deck import WOUND
from ..cards.mana import night_rules
from ..combat.damage import unit_armor
from ..combat.elements import attack_total, block_needed, block_total
from ..combat.enemies import armor, attack, attack_value, defense, fortification, has, resistances
from ..combat.phases import NEXT, RESOLVE, can_target, counting_points, open_attacks
from ..combat.state import Combat
from ..content import Tables
from ..game_state import GameState, MKState
from ..map.exploring import space
from ..map.hexes import Hex, neighbours
from ..pvp.combat import card_points
from ..units.in_combat import unit_usable

WOUNDS_ACCEPTED = 1  # Wounds to the hero a fight may cost and still be started
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
    blocked), the attacks (value, element, swift, brutal), Fame, physical resistance."""

    __slots__ = ("armor", "elusive", "attacks", "fame", "physical")

    def __init__(self, armor_: int, attacks: Sequence[tuple[int, str, bool, bool]], fame: int, physical: bool,
                 elusive: int = 0) -> None:
        self.armor = armor_
        self.elusive = elusive or armor_
        self.attacks = attacks
        self.fame = fame
        self.physical = physical


def _foe(t: Tables, token: str) -> Foe:
    en = t.enemy[token]
    swift, brutal = "swift" in en.abilities, "brutal" in en.abilities
    # a summoner's attack is a token of its pile: counted as a mean brown one
    attacks = [(a.value if a.summon is None else 5, a.element, swift, brutal) for a in en.attacks]
    return Foe(en.armor + en.defend, attacks, en.fame, "physical" in en.resistances,
               (en.elusive_armor or en.armor) + en.defend)


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
    hero; an elusive foe keeps its higher Armor unless all its attacks are blocked."""
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
            if left:
                left -= 1
            else:
                wounds += math.ceil(value / max(1, hero_armor)) * (2 if brutal else 1)
        if best is not None and wounds >= best[0]:
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
        seen = tuple(tok.id if tok.face_up else t.enemy[tok.id].colour for tok in tokens)
        powered = powered_cards(t, g, player, p.hand)
        key = (t.version, tuple(sorted(p.hand)), tuple(units), seen, p.armor, tuple(powered))
        if key not in _OUTLOOKS:
            if len(_OUTLOOKS) > 20_000:
                _OUTLOOKS.clear()
            foes = [_foe(t, tok.id) if tok.face_up else colour_mean(t, t.enemy[tok.id].colour) for tok in tokens]
            _OUTLOOKS[key] = sum(f.fame for f in foes) if can_win(t, p.hand, units, foes, p.armor, powered) else 0
        best = max(best, _OUTLOOKS[key])
    return best


# fight_outlook's answers by what decides them: the lookahead asks the same many times a turn
_OUTLOOKS: dict[tuple[object, ...], int] = {}


def _start_is_good(game: Any, m: MKState, player: int, action: Action) -> bool:
    """Whether this action starts a combat the hand can win (tried on a copy; the drawn tokens
    count only by their colour unless they lay face up on the map)."""
    t: Tables = game.t
    g = m.g
    seen = Counter(tok.id for toks in g.enemies.values() for tok in toks if tok.face_up)
    trial = game.clone(m)
    try:
        game.apply(trial, action)
    except Exception:  # noqa: BLE001 - a move the rules refuse on the copy is simply not a fight
        return False
    c = trial.g.combat
    if c is None or c.player != player:
        return False
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


# ---- inside a combat -----------------------------------------------------------------------

def _find(d: Decision, text: str) -> Action | None:
    return next((a for a in d.actions if a.text == text), None)


def _pool_attack(c: Combat, t: Tables) -> int:
    used = counting_points(c, t)
    return attack_total(((c.pool[k][1], c.pool[k][2]) for k in used), (resistances(t, c.enemies[i]) for i in c.targets))


def _pool_block(c: Combat, t: Tables) -> int:
    assert c.block_target is not None
    i, a = c.block_target
    e = c.enemies[i]
    used = counting_points(c, t)
    return block_total(((c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in used), attack(t, e, a).element,
                       has(t, e, "swift"))


def _block_need(c: Combat, t: Tables, i: int, a: int) -> int:
    e = c.enemies[i]
    return block_needed(attack_value(t, e, a), has(t, e, "swift"))


def _kinds(c: Combat, t: Tables) -> tuple[str, ...]:
    if c.phase == "block":
        return ("block",)
    if c.phase == "ranged" and any(fortification(c, t, c.enemies[i]) for i in c.targets):
        return ("siege",)
    return ATTACK_KINDS.get(c.phase, ())


def _sources(t: Tables, c: Combat, d: Decision, kinds: tuple[str, ...], powered: list[str]) -> list[tuple[int, int, Action]]:
    """The plays of the decision giving points of ``kinds``: (value, the card's worth in the
    other phases, action), the biggest first, Units' abilities before them (value 100 and more)."""
    out: list[tuple[int, int, Action]] = []
    for a in d.actions:
        if a.name == "activate" and len(a.args) == 2:
            u = next((x for x in c.units if x.label == a.args[0]), None)
            if u is None:
                continue
            ability = next((ab for ab in t.unit[u.unit].abilities if ab.key == a.args[1]), None)
            if ability is not None and not ability.mana and all(e.type in kinds for e in ability.effects):
                out.append((100 + sum(e.value for e in ability.effects), 0, a))
        elif a.name == "play" and a.args[0] != WOUND:
            card, how = a.args
            worth = max(card_best(t, card, ATTACK_KINDS["attack"])[0], card_best(t, card, ("block",))[0])
            if how == "basic":
                value, option, _ = card_best(t, card, kinds)
                if option:
                    out.append((value, worth, a))
            elif how == "powered" and card in powered and powered_best(t, card, kinds):
                out.append((powered_best(t, card, kinds), worth, a))
            elif how in kinds and how in ("attack", "block"):
                out.append((1, worth, a))
    out.sort(key=lambda x: (-x[0], x[1], x[2].text))
    return out


def _attack_deficit(c: Combat, t: Tables, needed: int) -> int:
    """The physical points still missing to the attack declared (resistances halve them)."""
    used = [(c.pool[k][1], c.pool[k][2]) for k in counting_points(c, t)]
    res = [resistances(t, c.enemies[i]) for i in c.targets]
    return next((x for x in range(2 * needed + 2) if attack_total([*used, ("physical", x)], res) >= needed),
                2 * needed + 2)


def _block_deficit(c: Combat, t: Tables, i: int, a: int) -> int:
    """The physical Block points still missing to block attack ``a`` of enemy ``i`` (an
    elemental attack halves them)."""
    e = c.enemies[i]
    need = _block_need(c, t, i, a)
    used = [(c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in counting_points(c, t)]
    element, swift = attack(t, e, a).element, has(t, e, "swift")
    return next((x for x in range(2 * need + 2) if block_total([*used, ("physical", x, False)], element, swift) >= need),
                2 * need + 2)


def _fill(plays: list[tuple[int, int, Action]], deficit: int) -> Action:
    """A Unit's ability first; else the smallest play that makes up ``deficit``, the card worth
    least otherwise first; else the biggest."""
    if plays[0][0] >= 100:
        return plays[0][2]
    enough = [x for x in plays if x[0] >= deficit]
    if enough:
        return min(enough, key=lambda x: (x[0], x[1], x[2].text))[2]
    return plays[0][2]


def _hand_total(t: Tables, hand: list[str], units: list[str], kinds: tuple[str, ...], powered: list[str]) -> int:
    strong = Counter(powered)
    total = 0
    for x in hand:
        if x != WOUND:
            total += max(card_best(t, x, kinds)[0], powered_best(t, x, kinds) if strong[x] > 0 else 0)
            strong[x] -= 1
    return total + sum(_unit_best(t, u, kinds)[0] for u in units)


def _defend(c: Combat, t: Tables, targets: list[int]) -> int:
    """Defense: the Armor bonus an attack on ``targets`` will give them (``enemies.defense``)."""
    return sum(t.enemy[c.enemies[j].token].defend for _, j in defense(c, t, targets))


def _usable_units(c: Combat, t: Tables) -> list[str]:
    return [u.unit for u in c.units if not unit_usable(c, t, u)]


def _combat_action(game: Any, m: MKState, d: Decision) -> Action | None:
    t: Tables = game.t
    c = m.g.combat
    assert c is not None
    hand = m.g.players[c.player].hand
    if c.phase == "damage":
        return _assign(t, c, d)
    kinds = _kinds(c, t)
    units = _usable_units(c, t)
    powered = powered_cards(t, m.g, c.player, hand)
    if c.phase in ("ranged", "attack"):
        if c.targets:  # finish the attack declared
            needed = sum(armor(c, t, c.enemies[i]) for i in c.targets) + _defend(c, t, c.targets)
            if counting_points(c, t) and _pool_attack(c, t) >= needed:
                return _find(d, RESOLVE.text)
            plays = _sources(t, c, d, kinds, powered)
            return _fill(plays, _attack_deficit(c, t, needed)) if plays else _find(d, NEXT.text)
        pick = _attack_target(t, c, hand, units, powered)
        return _find(d, f"target {pick + 1}") if pick >= 0 else _find(d, NEXT.text)
    # the Block phase
    if c.block_target is not None:
        i, a = c.block_target
        if counting_points(c, t) and _pool_block(c, t) >= _block_need(c, t, i, a):
            return _find(d, RESOLVE.text)
        plays = _sources(t, c, d, ("block",), powered)
        return _fill(plays, _block_deficit(c, t, i, a)) if plays else _find(d, NEXT.text)
    target = _block_choice(t, c, hand, units, powered)
    return _find(d, "block " + target) if target else _find(d, NEXT.text)


def _attack_target(t: Tables, c: Combat, hand: list[str], units: list[str], powered: list[str]) -> int:
    """The enemy to attack: in the Ranged phase one the ranged cards alone defeat (the most
    dangerous); in the Attack phase the weakest the hand defeats (the most Fame on a tie)."""
    best, best_key = -1, (0.0, 0.0)
    for i, e in enumerate(c.enemies):
        if not can_target(c, t, i):
            continue
        kinds = ("siege",) if c.phase == "ranged" and fortification(c, t, e) else ATTACK_KINDS[c.phase]
        have = _hand_total(t, hand, units, kinds, powered)
        if "physical" in resistances(t, e):
            have //= 2
        pooled = attack_total(((it[1], it[2]) for it in c.pool if it[0] in kinds), [resistances(t, e)])
        if have + pooled < armor(c, t, e) + _defend(c, t, [i]):
            continue
        threat = sum(attack_value(t, e, a) for a in range(len(e.blocked)) if not e.blocked[a])
        key = (float(threat), -armor(c, t, e)) if c.phase == "ranged" else \
            (-float(armor(c, t, e)), float(t.enemy[e.token].fame))
        if best < 0 or key > best_key:
            best, best_key = i, key
    return best


def _block_choice(t: Tables, c: Combat, hand: list[str], units: list[str], powered: list[str]) -> str:
    """The attack to block, as its word ("" for none): the strongest the best plan (``plan``)
    blocks; when no plan wins the combat, the strongest the whole hand blocks in full."""
    open_ = open_attacks(c, t)
    if not open_:
        return ""
    foes: list[Foe] = []
    refs: list[list[tuple[int, int]]] = []  # per foe, its open (enemy, attack) pairs
    for i, e in enumerate(c.enemies):
        if e.defeated or e.gone or e.summoner >= 0 and not any(x == i for x, _ in open_):
            continue
        mine = [(x, a) for x, a in open_ if x == i]
        en = t.enemy[e.token]
        blocked_armor = en.armor + e.armor_bonus - e.armor_cut
        if e.summoner >= 0:  # a summoned token attacks, and goes: nothing to defeat
            foes.append(Foe(0, [(attack_value(t, e, a), attack(t, e, a).element, has(t, e, "swift"),
                                 has(t, e, "brutal")) for _, a in mine], 0, False))
            refs.append(mine)
            continue
        foes.append(Foe(blocked_armor if all(e.blocked[a] for a in range(len(e.blocked)) if (i, a) not in mine) else
                        armor(c, t, e),
                        [(attack_value(t, e, a), attack(t, e, a).element, has(t, e, "swift"), has(t, e, "brutal"))
                         for _, a in mine], en.fame, "physical" in resistances(t, e), armor(c, t, e)))
        refs.append(mine)
    takers = sum(1 for u in c.units if not u.wounds and not u.destroyed)
    best = plan(resources_of(t, hand, units, powered), foes, c.hero.armor, takers)
    pooled = sum(it[2] for it in c.pool if it[0] == "block")
    if best is not None and best[1]:
        k, a = max(best[1], key=lambda ka: (foes[ka[0]].attacks[ka[1]][0], ka))
        i, at = refs[k][a]
    else:
        block = sum(r[1] for r in resources_of(t, hand, units, powered)) + pooled
        options = [(attack_value(t, c.enemies[i], a) * (2 if has(t, c.enemies[i], "brutal") else 1), i, a)
                   for i, a in open_ if _block_need(c, t, i, a) *
                   (1 if attack(t, c.enemies[i], a).element == "physical" else 2) <= block]
        if not options:
            return ""
        _, i, at = max(options)
    return str(i + 1) if len(t.enemy[c.enemies[i].token].attacks) == 1 else f"{i + 1}.{at + 1}"


def _assign(t: Tables, c: Combat, d: Decision) -> Action | None:
    """Damage on the sturdiest Unit that can take it (a Unit paralyzed is destroyed: not
    then), else on the hero."""
    best: tuple[int, str] | None = None
    hero: Action | None = None
    first = d.actions[0].args[0] if d.actions else ""
    for a in d.actions:
        if a.name != "assign" or a.args[0] != first:
            continue
        if a.args[1] == "hero":
            hero = a
            continue
        u = next((x for x in c.units if x.label == a.args[2]), None)
        if u is None:
            continue
        i = int(first.partition(".")[0]) - 1
        if has(t, c.enemies[i], "paralyze"):
            continue
        key = (unit_armor(c, t, u), a.text)
        if best is None or key > best:
            best = key
    if best is not None:
        return _find(d, best[1])
    return hero


def _pending_choice(t: Tables, m: MKState, d: Decision) -> Action | None:
    """A card played in a combat: the option giving the most points the phase uses."""
    c = m.g.combat
    if c is None or not m.play or not d.actions or d.actions[0].name != "choose":
        return None
    kinds = _kinds(c, t)
    card = m.play[0]
    if card not in t.card or m.play[1] not in ("basic", "powered"):
        return None
    side = t.card[card].basic if m.play[1] == "basic" else t.card[card].powered
    best: tuple[int, Action] | None = None
    for a in d.actions:
        n = int(a.args[0])
        effects = side[n - 1] if 1 <= n <= len(side) else ()
        value = sum(e.value for e in effects if e.type in kinds and not (e.per or e.when or e.target))
        if value and (best is None or value > best[0]):
            best = (value, a)
    return best[1] if best else None


def greedy_action(game: Any, m: MKState, d: Decision) -> Action | None:
    """The policy's action for this decision, or None to let the lookahead choose."""
    g = m.g
    if g.pvp is not None or d.player != g.current:
        return None
    c = g.combat
    if c is not None and c.player == d.player:
        if m.play:
            return _pending_choice(game.t, m, d)
        return _combat_action(game, m, d)
    if c is not None or m.play or not g.players[d.player].hand:
        return None
    near: bool | None = None  # whether a fight next to the hero looks winnable (fight_outlook)
    for a in d.actions:
        if a.name not in STARTS or a.name == "move" and not _near_enemies(g, a):
            continue
        if a.name != "enter":  # a challenge or a move: its enemies are next to the hero, seen on the map
            if near is None:
                near = fight_outlook(game.t, g, d.player) > 0
            if not near:
                continue
        if _start_is_good(game, m, d.player, a):
            return a
    return None


def _near_enemies(g: Any, a: Action) -> bool:
    """Whether a move may start a combat: enemies on its space or next to it."""
    h = _h(a.args[0])
    return bool(g.enemies.get(h)) or any(g.enemies.get(n) for n in neighbours(h))


__all__ = ["can_win", "card_best", "colour_mean", "fight_outlook", "fight_targets", "greedy_action", "mean_hand",
           "plan"]
