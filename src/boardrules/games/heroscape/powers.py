"""The special powers of the Rise of the Valkyrie army cards (facts 3.8): the dice an attack and a
defence roll, who a special attack affects, the extra ways to move, the powers used before or
instead of attacking (Chomp, Mind Shackle, Water Clone), Berserker Charge, The Drop, and the
questions a power asks (where a dropped or cloned figure goes, which card gets a Warrior's
Spirit). Our readings where a card is terse are in docs/heroscape/rules-choices.md.

Power ids are those of ``content/cards.toml`` (named in ``content.py``); the numbers a power
carries are here.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...engine import Action, Decision, Event, shared_action
from .combat import d20, destroy, fall_dice, height_advantage
from .content import (
    ARMOR_SPIRIT,
    ATTACK_AURA,
    ATTACK_SPIRIT,
    BERSERKER_CHARGE,
    CHOMP,
    COUNTER_STRIKE,
    DEFENSIVE_AURA,
    DEFENSIVE_AURA_1,
    DISENGAGE,
    DOUBLE_ATTACK,
    EXPLOSION,
    FIRE_LINE,
    FLYING,
    GHOST_WALK,
    GRAPPLE_GUN,
    GRENADE,
    MIND_SHACKLE,
    ORC_ENHANCEMENT,
    RANGE_ENHANCEMENT,
    STEALTH_DODGE,
    SWORD_OF_RECKONING,
    THE_DROP,
    THORIAN_SPEED,
    WATER_CLONE,
    ZETTIAN_TARGETING,
)
from .content_model import Card
from .engagement import adjacent
from .figures import Figures, pname
from .hexes import DIRECTIONS
from .los import Body, line_of_sight, range_between
from .movement import Route
from .state import REMOVED, SHState

__all__ = [
    "ARMOR_SPIRIT", "ATTACK_AURA", "ATTACK_SPIRIT", "BERSERKER_CHARGE", "CHOMP", "COUNTER_STRIKE", "DEFENSIVE_AURA",
    "DEFENSIVE_AURA_1", "DISENGAGE", "DOUBLE_ATTACK", "EXPLOSION", "FIRE_LINE", "FLYING", "GHOST_WALK",
    "GRAPPLE_GUN", "GRENADE", "MIND_SHACKLE", "ORC_ENHANCEMENT", "RANGE_ENHANCEMENT", "STEALTH_DODGE",
    "SWORD_OF_RECKONING", "THE_DROP", "THORIAN_SPEED", "WATER_CLONE", "ZETTIAN_TARGETING",
]

# special attacks: their Range and attack dice (Fire Line: a line of 8 spaces)
SPECIAL_ATTACKS = {EXPLOSION: (7, 3), GRENADE: (5, 2), FIRE_LINE: (8, 4)}
GRAPPLE_LEVELS = 25
CHARGE_ROLL = 15
SWORD_DICE = 4
RANGE_BONUS = 2
DEFENSIVE_AURA_RANGE, DEFENSIVE_AURA_DICE = 4, 2
CHOMP_HERO_ROLL = 16
SHACKLE_ROLL = 20
CLONE_ROLL, CLONE_ROLL_ON_WATER = 15, 10
DROP_ROLL = 13

# what adds dice to a roll, and how many: a number of the card ("Attack"), a Spirit, "height", or
# a power's id (attack_dice and defense_dice list them when asked)
Parts = list[tuple[str, int]]


def near(q: Figures, s: SHState, a: int, b: int) -> bool:
    """Whether two figures on the battlefield are adjacent (with the height exception)."""
    fa, fb = s.figures[a], s.figures[b]
    return adjacent(q.bf(s), fa.spaces, q.fig_card(s, a).height, fb.spaces, q.fig_card(s, b).height)


def friends_with(q: Figures, s: SHState, fig: int, power: str) -> list[int]:
    """The other figures on the battlefield controlled by ``fig``'s player whose card has ``power``."""
    owner = s.figures[fig].owner
    return [i for i, f in enumerate(s.figures)
            if i != fig and f.alive and f.spaces and f.owner == owner and power in q.fig_card(s, i).powers]


def is_soulborg_guard(card: Card) -> bool:
    return card.species.lower().startswith("soulborg guard")


def is_orc_warrior(card: Card) -> bool:
    return card.species.lower() in ("orc warrior", "orc warriors")


def attack_range(q: Figures, s: SHState, fig: int) -> int:
    """A figure's Range; Range Enhancement: friendly Soulborg Guards adjacent to Deathwalker 9000
    add 2."""
    card = q.fig_card(s, fig)
    if is_soulborg_guard(card) and any(near(q, s, fig, o) for o in friends_with(q, s, fig, RANGE_ENHANCEMENT)):
        return card.range + RANGE_BONUS
    return card.range


def sight(q: Figures, s: SHState, a: int, d: int) -> bool:
    """A clear line of sight from figure ``a`` to figure ``d`` (every other figure may block)."""
    figs = s.figures
    others = [Body(g.spaces, q.fig_card(s, i).height) for i, g in enumerate(figs)
              if g.alive and g.spaces and i != a and i != d]
    return line_of_sight(q.bf(s), Body(figs[a].spaces, q.fig_card(s, a).height),
                         Body(figs[d].spaces, q.fig_card(s, d).height), others)


def attack_dice(q: Figures, s: SHState, att: int, dfd: int, parts: Parts | None = None) -> int:
    """The dice of a normal attack: the Attack number, Warrior's Attack Spirit, height advantage,
    Sword of Reckoning, Attack Aura, Zettian Targeting and Orc Warrior Enhancement. With
    ``parts``, each that adds a die is listed in it too (a label shows them; play never asks)."""
    bf = q.bf(s)
    fa, fd = s.figures[att], s.figures[dfd]
    card = q.fig_card(s, att)
    spirit = s.spirit_attack[fa.card]
    height = height_advantage(bf.level[fa.spaces[0]], bf.level[fd.spaces[0]])[0]
    dice = card.attack + spirit + height
    if parts is not None:
        parts += [(n, k) for n, k in (("Attack", card.attack), ("Warrior's Attack Spirit", spirit),
                                      ("height", height)) if k or n == "Attack"]
    if SWORD_OF_RECKONING in card.powers and near(q, s, att, dfd):
        dice += SWORD_DICE
        if parts is not None:
            parts.append((SWORD_OF_RECKONING, SWORD_DICE))
    if card.range == 1 and any(near(q, s, att, o) for o in friends_with(q, s, att, ATTACK_AURA)):
        dice += 1
        if parts is not None:
            parts.append((ATTACK_AURA, 1))
    if ZETTIAN_TARGETING in card.powers and any(
            t == dfd and x != att and s.figures[x].card == fa.card for x, t in zip(s.attacked, s.targets, strict=True)):
        dice += 1
        if parts is not None:
            parts.append((ZETTIAN_TARGETING, 1))
    if is_orc_warrior(card) and any(near(q, s, att, o) for o in friends_with(q, s, att, ORC_ENHANCEMENT)):
        dice += 1
        if parts is not None:
            parts.append((ORC_ENHANCEMENT, 1))
    return dice


def defense_dice(q: Figures, s: SHState, att: int, dfd: int, special: bool, parts: Parts | None = None) -> int:
    """The dice of a defence: the Defense number, Warrior's Armor Spirit, height advantage (not
    against a special attack), Thorgrim's and Raelin's Defensive Auras, Orc Warrior Enhancement
    (with ``parts``, listed as for ``attack_dice``)."""
    bf = q.bf(s)
    fa, fd = s.figures[att], s.figures[dfd]
    card = q.fig_card(s, dfd)
    spirit = s.spirit_defense[fd.card]
    height = 0 if special else height_advantage(bf.level[fa.spaces[0]], bf.level[fd.spaces[0]])[1]
    dice = card.defense + spirit + height
    if parts is not None:
        parts += [(n, k) for n, k in (("Defense", card.defense), ("Warrior's Armor Spirit", spirit),
                                      ("height", height)) if k or n == "Defense"]
    if any(near(q, s, dfd, o) for o in friends_with(q, s, dfd, DEFENSIVE_AURA_1)):
        dice += 1
        if parts is not None:
            parts.append((DEFENSIVE_AURA_1, 1))
    for o in friends_with(q, s, dfd, DEFENSIVE_AURA):
        if range_between(bf, s.figures[o].spaces, fd.spaces) <= DEFENSIVE_AURA_RANGE and sight(q, s, o, dfd):
            dice += DEFENSIVE_AURA_DICE
            if parts is not None:
                parts.append((DEFENSIVE_AURA, DEFENSIVE_AURA_DICE))
            break
    if is_orc_warrior(card) and any(near(q, s, dfd, o) for o in friends_with(q, s, dfd, ORC_ENHANCEMENT)):
        dice += 1
        if parts is not None:
            parts.append((ORC_ENHANCEMENT, 1))
    return dice


def wounds(q: Figures, s: SHState, att: int, dfd: int, skulls: int, shields: int) -> int:
    """Skulls minus shields; Stealth Dodge: against a figure that is not adjacent, one shield
    blocks all damage."""
    if shields and STEALTH_DODGE in q.fig_card(s, dfd).powers and not near(q, s, att, dfd):
        return 0
    return max(0, skulls - shields)


def counter_strike(q: Figures, s: SHState, att: int, dfd: int, skulls: int, shields: int) -> int:
    """Counter Strike: a Samurai attacked with a normal attack by an adjacent figure (not another
    Samurai) deals its excess shields to the attacker as unblockable wounds."""
    if COUNTER_STRIKE not in q.fig_card(s, dfd).powers or COUNTER_STRIKE in q.fig_card(s, att).powers:
        return 0
    if not near(q, s, att, dfd):
        return 0
    return max(0, shields - skulls)


def blast(q: Figures, s: SHState, target: int) -> list[int]:
    """Explosion and Grenade: the target and every figure adjacent to it (the attacker too)."""
    return [target] + [i for i, f in enumerate(s.figures)
                       if i != target and f.alive and f.spaces and near(q, s, target, i)]


def fire_lines(q: Figures, s: SHState, fig: int) -> list[tuple[int, int, list[int]]]:
    """Fire Line: the lines of 8 spaces straight out from either of the figure's spaces, with the
    figures on them in line of sight; as (first space, last space, affected figures), only the
    lines that affect someone."""
    bf = q.bf(s)
    f = s.figures[fig]
    length = SPECIAL_ATTACKS[FIRE_LINE][0]
    out: list[tuple[int, int, list[int]]] = []
    seen: set[tuple[int, int]] = set()
    on_space = {x: i for i, g in enumerate(s.figures) if g.alive and i != fig for x in g.spaces}
    for start in f.spaces:
        hq, hr = bf.coords[start]
        for dq, dr in DIRECTIONS:
            if bf.index.get((hq + dq, hr + dr)) in f.spaces:
                continue  # straight through its own other space
            line = [sp for k in range(1, length + 1) if (sp := bf.index.get((hq + k * dq, hr + k * dr))) is not None]
            if not line or (line[0], line[-1]) in seen:
                continue
            hit: list[int] = []
            for x in line:
                i = on_space.get(x)
                if i is not None and i not in hit and sight(q, s, fig, i):
                    hit.append(i)
            if hit:
                seen.add((line[0], line[-1]))
                out.append((line[0], line[-1], sorted(hit)))
    return out


def grapple_routes(q: Figures, s: SHState, fig: int, occupied: set[int],
                   near: Mapping[int, tuple[int, ...]]) -> dict[tuple[int, ...], Route]:
    """Grapple Gun 25: instead of the normal move, 1 space, up to 25 levels higher (leaving
    engagement and falls as for any step)."""
    bf = q.bf(s)
    here = s.figures[fig].spaces[0]
    height = q.fig_card(s, fig).height
    engaged = near.get(here, ())
    out: dict[tuple[int, ...], Route] = {}
    for x in bf.adjacent[here]:
        if x not in occupied and not bf.ruin[x] and bf.level[x] - bf.level[here] <= GRAPPLE_LEVELS:
            left = tuple(e for e in engaged if e not in near.get(x, ()))
            fall = fall_dice(bf.level[here] - bf.level[x], height, bf.water[x])
            out[(x,)] = Route((x,), 1, (here, x), left, fall)
    return out


def drop_spaces(q: Figures, s: SHState) -> list[int]:
    """The Drop: empty spaces, not adjacent to any figure (nor to each other: the figures
    already dropped are on the battlefield)."""
    bf = q.bf(s)
    near_figures = {y for f in s.figures if f.alive for x in f.spaces for y in (x, *bf.adjacent[x])}
    return [x for x in range(bf.size) if x not in near_figures and not bf.ruin[x]]


def clone_spaces(q: Figures, s: SHState, warrior: int) -> list[int]:
    """Water Clone: empty spaces of the same level adjacent to the Marro Warrior that rolled."""
    bf = q.bf(s)
    here = s.figures[warrior].spaces[0]
    taken = {x for f in s.figures if f.alive for x in f.spaces}
    return [x for x in bf.adjacent[here] if x not in taken and not bf.ruin[x] and bf.level[x] == bf.level[here]]


# -- powers used before or instead of attacking ------------------------------------------------
def chompable(q: Figures, s: SHState, a: int) -> list[int]:
    """Chomp: an adjacent Small or Medium figure (an opponent's)."""
    owner = s.figures[a].owner
    return [d for d, f in enumerate(s.figures) if f.alive and f.spaces and f.owner != owner
            and q.fig_card(s, d).size in ("small", "medium") and near(q, s, a, d)]


def shackleable(q: Figures, s: SHState, a: int) -> list[int]:
    """Mind Shackle: an adjacent Unique figure (an opponent's)."""
    owner = s.figures[a].owner
    return [d for d, f in enumerate(s.figures) if f.alive and f.spaces and f.owner != owner
            and q.fig_card(s, d).rarity == "unique" and near(q, s, a, d)]


def chomp(q: Figures, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
    """Chomp: a Squad figure is destroyed; a Hero on a d20 of 16 or more."""
    s.used.append(CHOMP)
    if q.fig_card(s, dfd).kind == "squad":
        events.append(Event("chomp", f"{q.fig_name(s, att)} chomps {q.fig_name(s, dfd)}", s.figures[att].owner))
        destroy(q, s, dfd, events)
        return
    roll = d20(s.rng)
    events.append(Event("chomp", f"{q.fig_name(s, att)} tries to chomp {q.fig_name(s, dfd)}: d20 {roll}"
                        f"{' (16 or more)' if roll >= CHOMP_HERO_ROLL else ''}", s.figures[att].owner))
    if roll >= CHOMP_HERO_ROLL:
        destroy(q, s, dfd, events)


def shackle(q: Figures, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
    """Mind Shackle: on a d20 of 20, take control of the chosen figure's army card; order
    markers on it are removed."""
    s.used.append(MIND_SHACKLE)
    p = s.figures[att].owner
    roll = d20(s.rng)
    card = s.figures[dfd].card
    events.append(Event("mind-shackle", f"{q.fig_name(s, att)} tries to Mind Shackle {q.fig_name(s, dfd)}: "
                        f"d20 {roll}", p))
    if roll < SHACKLE_ROLL:
        return
    old = s.cards[card][1]
    s.cards[card][1] = p
    for f in s.figures:
        if f.card == card:
            f.owner = p
    for k, c in enumerate(s.markers[old]):
        if c == card and not s.revealed[old][k]:
            s.markers[old][k] = REMOVED
    events.append(Event("control", f"{pname(p)} takes control of {q.card(s, card).name}", p,
                        {"card": q.card(s, card).id}))


def water_clone(q: Figures, s: SHState, events: list[Event]) -> None:
    """Water Clone, instead of attacking: a d20 for each Marro Warrior on the battlefield; each
    15 or more (10 or more on water) may bring back a destroyed one beside it."""
    s.used.append(WATER_CLONE)
    bf = q.bf(s)
    p = q.current(s)
    for w in s.living(s.active_card):
        roll = d20(s.rng)
        need = CLONE_ROLL_ON_WATER if bf.water[s.figures[w].spaces[0]] else CLONE_ROLL
        events.append(Event("water-clone", f"{q.fig_name(s, w)} rolls {roll} for Water Clone "
                            f"({need} needed)", p))
        if roll >= need:
            s.pending.append(["clone", p, w])
    s.stage = "end-turn"


def can_water_clone(q: Figures, s: SHState) -> bool:
    """Water Clone is instead of attacking, once a turn, with a destroyed Marro Warrior."""
    card_no = s.active_card
    return (WATER_CLONE in q.card(s, card_no).powers and not s.attacked and WATER_CLONE not in s.used
            and bool(q.destroyed_mates(s, card_no)))


# -- powers at other moments -------------------------------------------------------------------
def berserker_charge(q: Figures, s: SHState, events: list[Event]) -> None:
    """Berserker Charge, after moving: a d20 of 15 or more and all may move again."""
    if BERSERKER_CHARGE in q.card(s, s.active_card).powers and s.walked:
        s.walked = False
        roll = d20(s.rng)
        charge = roll >= CHARGE_ROLL
        events.append(Event("berserker-charge", f"Berserker Charge: d20 {roll}"
                            f"{', they may all move again' if charge else ''}", q.current(s)))
        if charge:
            s.moved = []
            s.stage = "move"


def the_drop(q: Figures, s: SHState, events: list[Event]) -> None:
    """The Drop: at the start of each round, before order markers, a d20 for each card whose
    figures wait off the battlefield; 13 or more: place them all."""
    for c, (_, owner) in enumerate(s.cards):
        waiting = [i for i, f in enumerate(s.figures) if f.card == c and f.alive and not f.spaces]
        if not waiting or THE_DROP not in q.card(s, c).powers:
            continue
        roll = d20(s.rng)
        drop = roll >= DROP_ROLL
        events.append(Event("the-drop", f"The Drop ({q.card(s, c).name}): d20 {roll}"
                            f"{', they drop onto the battlefield' if drop else ''}", owner))
        if drop:
            s.pending += [["drop", owner, i] for i in waiting]


# -- the questions a power asks ----------------------------------------------------------------
def pending_actions(q: Figures, s: SHState) -> list[Action]:
    kind, player, data = s.pending[0][0], s.pending[0][1], s.pending[0][2]
    if kind == "spirit":  # Warrior's Spirit: onto a Unique card the player controls
        return [shared_action("spirit", q.card(s, c).id) for c in s.cards_of(player)
                if s.surviving(c) and q.card(s, c).rarity == "unique"]
    bf = q.bf(s)
    if kind == "drop":
        if not s.figures[data].alive or s.figures[data].spaces:
            return []
        return [shared_action("drop", bf.name_of(x)) for x in drop_spaces(q, s)]
    if kind == "clone":  # data: the Marro Warrior that rolled
        if not s.figures[data].alive or not s.figures[data].spaces or not q.destroyed_mates(s, s.figures[data].card):
            return []
        spaces = clone_spaces(q, s, data)
        return [shared_action("clone", bf.name_of(x)) for x in spaces] + [Action("skip")] if spaces else []
    raise AssertionError(f"unknown question {kind}")


def pending_decision(q: Figures, s: SHState) -> Decision:
    kind, player, data = s.pending[0][0], s.pending[0][1], s.pending[0][2]
    acts = tuple(pending_actions(q, s))
    if kind == "spirit":
        which = "Attack" if data == ATTACK_SPIRIT else "Armor"
        return Decision(player, f"Place the Warrior's {which} Spirit on one of your Unique army cards", acts)
    if kind == "drop":
        return Decision(player, f"The Drop: place {q.fig_name(s, data)} on an empty space, "
                        "not adjacent to any figure", acts)
    return Decision(player, f"Water Clone: place a destroyed Marro Warrior next to {q.fig_name(s, data)}", acts)


def answer(q: Figures, s: SHState, a: Action, events: list[Event]) -> None:
    kind, player, data = s.pending.pop(0)
    if kind == "spirit":
        c = next(c for c in s.cards_of(player) if q.card(s, c).id == a.args[0])
        bonus = s.spirit_attack if data == ATTACK_SPIRIT else s.spirit_defense
        bonus[c] += 1
        what = "attack" if data == ATTACK_SPIRIT else "defence"
        events.append(Event("spirit", f"{pname(player)} places the Warrior's Spirit on {q.card(s, c).name}: "
                            f"+1 {what}", player, {"card": q.card(s, c).id}))
        return
    bf = q.bf(s)
    if kind == "drop":
        s.figures[data].spaces = (bf.space_named(a.args[0]),)  # type: ignore[assignment]
        events.append(Event("drop", f"{q.fig_name(s, data)} drops onto {a.args[0]}", player))
        return
    if a.name == "clone":
        back = q.destroyed_mates(s, s.figures[data].card)[0]
        f = s.figures[back]
        f.alive, f.wounds, f.spaces = True, 0, (bf.space_named(a.args[0]),)  # type: ignore[assignment]
        events.append(Event("clone", f"{q.fig_name(s, back)} returns by Water Clone onto {a.args[0]}", player))
