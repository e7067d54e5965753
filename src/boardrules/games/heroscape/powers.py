"""The special powers of the Rise of the Valkyrie army cards (facts 3.8), as the rules code uses
them: the dice an attack and a defence roll, who a special attack affects, the extra ways to
move, and where a dropped or cloned figure may be placed. The choices each power offers are in
``game.py``; our readings where a card is terse are in docs/heroscape/rules-choices.md.

Power ids are those of ``content/cards.toml``; the numbers a power carries are here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .combat import height_advantage
from .engagement import adjacent
from .hexes import DIRECTIONS
from .los import Body, line_of_sight, range_between
from .movement import Route

if TYPE_CHECKING:
    from .content_model import Card
    from .game import Heroscape
    from .state import SHState

# special attacks: their Range and attack dice (Fire Line: a line of 8 spaces)
EXPLOSION = "explosion-special-attack"
GRENADE = "grenade-special-attack"
FIRE_LINE = "fire-line-special-attack"
SPECIAL_ATTACKS = {EXPLOSION: (7, 3), GRENADE: (5, 2), FIRE_LINE: (8, 4)}

FLYING = "flying"
GHOST_WALK = "ghost-walk"
DISENGAGE = "disengage"
GRAPPLE_GUN, GRAPPLE_LEVELS = "grapple-gun-25", 25
THORIAN_SPEED = "thorian-speed"
DOUBLE_ATTACK = "double-attack"
STEALTH_DODGE = "stealth-dodge"
COUNTER_STRIKE = "counter-strike"
BERSERKER_CHARGE, CHARGE_ROLL = "berserker-charge", 15
SWORD_OF_RECKONING, SWORD_DICE = "sword-of-reckoning-4", 4
ZETTIAN_TARGETING = "zettian-targeting"
RANGE_ENHANCEMENT, RANGE_BONUS = "range-enhancement", 2
ATTACK_AURA = "attack-aura-1"
DEFENSIVE_AURA_1 = "defensive-aura-1"
DEFENSIVE_AURA, DEFENSIVE_AURA_RANGE, DEFENSIVE_AURA_DICE = "defensive-aura", 4, 2
ATTACK_SPIRIT = "warriors-attack-spirit-1"
ARMOR_SPIRIT = "warriors-armor-spirit-1"
ORC_ENHANCEMENT = "orc-warrior-enhancement"
CHOMP, CHOMP_HERO_ROLL = "chomp", 16
MIND_SHACKLE, SHACKLE_ROLL = "mind-shackle-20", 20
WATER_CLONE, CLONE_ROLL, CLONE_ROLL_ON_WATER = "water-clone", 15, 10
THE_DROP, DROP_ROLL = "the-drop", 13


def near(game: Heroscape, s: SHState, a: int, b: int) -> bool:
    """Whether two figures on the battlefield are adjacent (with the height exception)."""
    fa, fb = s.figures[a], s.figures[b]
    return adjacent(game.bf(s), fa.spaces, game.fig_card(s, a).height, fb.spaces, game.fig_card(s, b).height)


def friends_with(game: Heroscape, s: SHState, fig: int, power: str) -> list[int]:
    """The other figures on the battlefield controlled by ``fig``'s player whose card has ``power``."""
    owner = s.figures[fig].owner
    return [i for i, f in enumerate(s.figures)
            if i != fig and f.alive and f.spaces and f.owner == owner and power in game.fig_card(s, i).powers]


def is_soulborg_guard(card: Card) -> bool:
    return card.species.lower().startswith("soulborg guard")


def is_orc_warrior(card: Card) -> bool:
    return card.species.lower() in ("orc warrior", "orc warriors")


def attack_range(game: Heroscape, s: SHState, fig: int) -> int:
    """A figure's Range; Range Enhancement: friendly Soulborg Guards adjacent to Deathwalker 9000
    add 2."""
    card = game.fig_card(s, fig)
    if is_soulborg_guard(card) and any(near(game, s, fig, o) for o in friends_with(game, s, fig, RANGE_ENHANCEMENT)):
        return card.range + RANGE_BONUS
    return card.range


def sight(game: Heroscape, s: SHState, a: int, d: int) -> bool:
    """A clear line of sight from figure ``a`` to figure ``d`` (every other figure may block)."""
    figs = s.figures
    others = [Body(g.spaces, game.fig_card(s, i).height) for i, g in enumerate(figs)
              if g.alive and g.spaces and i != a and i != d]
    return line_of_sight(game.bf(s), Body(figs[a].spaces, game.fig_card(s, a).height),
                         Body(figs[d].spaces, game.fig_card(s, d).height), others)


def attack_dice(game: Heroscape, s: SHState, att: int, dfd: int) -> int:
    """The dice of a normal attack: the Attack number, Warrior's Attack Spirit, height advantage,
    Sword of Reckoning, Attack Aura, Zettian Targeting and Orc Warrior Enhancement."""
    bf = game.bf(s)
    fa, fd = s.figures[att], s.figures[dfd]
    card = game.fig_card(s, att)
    dice = card.attack + s.spirit_attack[fa.card]
    dice += height_advantage(bf.level[fa.spaces[0]], bf.level[fd.spaces[0]])[0]
    if SWORD_OF_RECKONING in card.powers and near(game, s, att, dfd):
        dice += SWORD_DICE
    if card.range == 1 and any(near(game, s, att, o) for o in friends_with(game, s, att, ATTACK_AURA)):
        dice += 1
    if ZETTIAN_TARGETING in card.powers and any(
            t == dfd and x != att and s.figures[x].card == fa.card for x, t in zip(s.attacked, s.targets, strict=True)):
        dice += 1
    if is_orc_warrior(card) and any(near(game, s, att, o) for o in friends_with(game, s, att, ORC_ENHANCEMENT)):
        dice += 1
    return dice


def defense_dice(game: Heroscape, s: SHState, att: int, dfd: int, special: bool) -> int:
    """The dice of a defence: the Defense number, Warrior's Armor Spirit, height advantage (not
    against a special attack), Thorgrim's and Raelin's Defensive Auras, Orc Warrior Enhancement."""
    bf = game.bf(s)
    fa, fd = s.figures[att], s.figures[dfd]
    card = game.fig_card(s, dfd)
    dice = card.defense + s.spirit_defense[fd.card]
    if not special:
        dice += height_advantage(bf.level[fa.spaces[0]], bf.level[fd.spaces[0]])[1]
    if any(near(game, s, dfd, o) for o in friends_with(game, s, dfd, DEFENSIVE_AURA_1)):
        dice += 1
    for o in friends_with(game, s, dfd, DEFENSIVE_AURA):
        if range_between(bf, s.figures[o].spaces, fd.spaces) <= DEFENSIVE_AURA_RANGE and sight(game, s, o, dfd):
            dice += DEFENSIVE_AURA_DICE
            break
    if is_orc_warrior(card) and any(near(game, s, dfd, o) for o in friends_with(game, s, dfd, ORC_ENHANCEMENT)):
        dice += 1
    return dice


def wounds(game: Heroscape, s: SHState, att: int, dfd: int, skulls: int, shields: int) -> int:
    """Skulls minus shields; Stealth Dodge: against a figure that is not adjacent, one shield
    blocks all damage."""
    if shields and STEALTH_DODGE in game.fig_card(s, dfd).powers and not near(game, s, att, dfd):
        return 0
    return max(0, skulls - shields)


def counter_strike(game: Heroscape, s: SHState, att: int, dfd: int, skulls: int, shields: int) -> int:
    """Counter Strike: a Samurai attacked with a normal attack by an adjacent figure (not another
    Samurai) deals its excess shields to the attacker as unblockable wounds."""
    if COUNTER_STRIKE not in game.fig_card(s, dfd).powers or COUNTER_STRIKE in game.fig_card(s, att).powers:
        return 0
    if not near(game, s, att, dfd):
        return 0
    return max(0, shields - skulls)


def blast(game: Heroscape, s: SHState, target: int) -> list[int]:
    """Explosion and Grenade: the target and every figure adjacent to it (the attacker too)."""
    return [target] + [i for i, f in enumerate(s.figures)
                       if i != target and f.alive and f.spaces and near(game, s, target, i)]


def fire_lines(game: Heroscape, s: SHState, fig: int) -> list[tuple[int, int, list[int]]]:
    """Fire Line: the lines of 8 spaces straight out from either of the figure's spaces, with the
    figures on them in line of sight; as (first space, last space, affected figures), only the
    lines that affect someone."""
    bf = game.bf(s)
    f = s.figures[fig]
    length = SPECIAL_ATTACKS[FIRE_LINE][0]
    out: list[tuple[int, int, list[int]]] = []
    seen: set[tuple[int, int]] = set()
    on_space = {x: i for i, g in enumerate(s.figures) if g.alive and i != fig for x in g.spaces}
    for start in f.spaces:
        q, r = bf.coords[start]
        for dq, dr in DIRECTIONS:
            if bf.index.get((q + dq, r + dr)) in f.spaces:
                continue  # straight through its own other space
            line = [sp for k in range(1, length + 1) if (sp := bf.index.get((q + k * dq, r + k * dr))) is not None]
            if not line or (line[0], line[-1]) in seen:
                continue
            hit: list[int] = []
            for x in line:
                i = on_space.get(x)
                if i is not None and i not in hit and sight(game, s, fig, i):
                    hit.append(i)
            if hit:
                seen.add((line[0], line[-1]))
                out.append((line[0], line[-1], sorted(hit)))
    return out


def grapple_routes(game: Heroscape, s: SHState, fig: int, occupied: set[int]) -> dict[tuple[int, ...], Route]:
    """Grapple Gun 25: instead of the normal move, 1 space, up to 25 levels higher."""
    bf = game.bf(s)
    here = s.figures[fig].spaces[0]
    out: dict[tuple[int, ...], Route] = {}
    for x in bf.adjacent[here]:
        if x not in occupied and not bf.ruin[x] and bf.level[x] - bf.level[here] <= GRAPPLE_LEVELS:
            out[(x,)] = Route((x,), 1, (here, x), max(0, bf.level[here] - bf.level[x]))
    return out


def drop_spaces(game: Heroscape, s: SHState) -> list[int]:
    """The Drop: empty spaces, not adjacent to any figure (nor to each other: the figures
    already dropped are on the battlefield)."""
    bf = game.bf(s)
    near_figures = {y for f in s.figures if f.alive for x in f.spaces for y in (x, *bf.adjacent[x])}
    return [x for x in range(bf.size) if x not in near_figures and not bf.ruin[x]]


def clone_spaces(game: Heroscape, s: SHState, warrior: int) -> list[int]:
    """Water Clone: empty spaces of the same level adjacent to the Marro Warrior that rolled."""
    bf = game.bf(s)
    here = s.figures[warrior].spaces[0]
    taken = {x for f in s.figures if f.alive for x in f.spaces}
    return [x for x in bf.adjacent[here] if x not in taken and not bf.ruin[x] and bf.level[x] == bf.level[here]]
