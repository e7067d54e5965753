"""Action 3: attack with the figures on the army card ("Who can attack?"; facts 3.7): the
targets in Range and line of sight (engaged figures attack those they are engaged with),
normal attacks, special attacks (Explosion, Grenade, Fire Line), and the powers used before
or instead of attacking as they are offered in the attack step."""

from __future__ import annotations

from ...engine import Action, Decision, Event, shared_action
from . import combat, powers
from .content import (
    CHOMP,
    DOUBLE_ATTACK,
    EXPLOSION,
    FIRE_LINE,
    GRENADE,
    MIND_SHACKLE,
    THORIAN_SPEED,
)
from .figures import Figures
from .los import in_range
from .powers import SPECIAL_ATTACKS, Parts
from .state import SHState
from .words import counted, dice_text

DONE = Action("done")


def targets(q: Figures, s: SHState, a: int, rng: int, *, sight: bool = True, normal: bool = True) -> list[int]:
    """The opponent's figures ``a`` may attack ("any figures in your opponent's Army that they
    can"): an engaged figure only those it is engaged with; otherwise any within ``rng``
    spaces with a clear line of sight (unless ``sight`` is not needed). Thorian Speed: a
    normal attack on Sgt. Drake Alexander must come from an adjacent figure."""
    engaged = q.engaged_with(s, a)
    if engaged:
        out = engaged
    else:
        bf = q.bf(s)
        fa = s.figures[a]
        here = fa.spaces
        if len(here) == 1:  # in_range from one space, worked out here (most figures, most targets)
            coords = bf.coords
            aq, ar = coords[here[0]]
            out = []
            for d, fd in enumerate(s.figures):
                if fd.owner == fa.owner or not fd.alive or not fd.spaces:
                    continue
                if len(fd.spaces) == 1:
                    dq, dr = coords[fd.spaces[0]]
                    dq, dr = aq - dq, ar - dr  # spaces apart: the largest of |dq|, |dr|, |dq + dr|
                    if not (-rng <= dq <= rng and -rng <= dr <= rng and -rng <= dq + dr <= rng):
                        continue
                elif not in_range(bf, here, fd.spaces, rng):
                    continue
                if not sight or powers.sight(q, s, a, d):
                    out.append(d)
        else:
            out = [d for d, fd in enumerate(s.figures)
                   if fd.owner != fa.owner and fd.alive and fd.spaces and in_range(bf, here, fd.spaces, rng)
                   and (not sight or powers.sight(q, s, a, d))]
    if normal:
        out = [d for d in out if THORIAN_SPEED not in q.fig_card(s, d).powers or powers.near(q, s, a, d)]
    return out


def attack_actions(q: Figures, s: SHState) -> list[Action]:
    """What the active card's figures may do in the attack step: normal attacks, special
    attacks, and the powers used "before attacking" or "instead of attacking"."""
    out: list[Action] = []
    card_no = s.active_card
    grenade_turn = "grenade" in s.used
    for a in q.active(s):
        card = q.fig_card(s, a)
        ps = card.powers
        uses = s.attacked.count(a)
        if uses >= (2 if DOUBLE_ATTACK in ps else 1):
            continue
        me = q.fig_name(s, a)
        if uses == 0:
            if CHOMP in ps and CHOMP not in s.used:
                out += [shared_action("chomp", me, q.fig_name(s, d)) for d in powers.chompable(q, s, a)]
            if MIND_SHACKLE in ps and MIND_SHACKLE not in s.used:
                out += [shared_action("shackle", me, q.fig_name(s, d)) for d in powers.shackleable(q, s, a)]
            if GRENADE in ps and (grenade_turn or (card_no not in s.grenades and not s.attacked)):
                reach = SPECIAL_ATTACKS[GRENADE][0]
                out += [shared_action("grenade", me, q.fig_name(s, d))
                        for d in targets(q, s, a, reach, sight=False, normal=False)]
            if EXPLOSION in ps:
                reach = SPECIAL_ATTACKS[EXPLOSION][0]
                out += [shared_action("explode", me, q.fig_name(s, d))
                        for d in targets(q, s, a, reach, normal=False)]
            if FIRE_LINE in ps:
                bf = q.bf(s)
                out += [shared_action("fire", me, bf.name_of(first), bf.name_of(last))
                        for first, last, _ in powers.fire_lines(q, s, a)]
        if not grenade_turn:
            out += [shared_action("attack", me, q.fig_name(s, d))
                    for d in targets(q, s, a, powers.attack_range(q, s, a))]
    if powers.can_water_clone(q, s):
        out.append(Action("water-clone"))
    return out


def attack_decision(q: Figures, s: SHState, acts: list[Action]) -> Decision:
    return Decision(q.current(s), f"Attack with {q.card(s, s.active_card).name}, or done", tuple(acts + [DONE]))


def apply_attack_step(q: Figures, s: SHState, a: Action, events: list[Event]) -> None:
    """One action of the attack step."""
    name = a.name
    if name == "done":
        s.stage = "end-turn"
    elif name == "water-clone":
        powers.water_clone(q, s, events)
    elif name == "fire":
        mimring = q.fig_named(s, a.args[0])
        assert mimring is not None
        bf = q.bf(s)
        hit = next(h for first, last, h in powers.fire_lines(q, s, mimring)
                   if (bf.name_of(first), bf.name_of(last)) == a.args[1:])
        special_attack(q, s, mimring, FIRE_LINE, hit, events)
    else:
        att, dfd = q.fig_named(s, a.args[0]), q.fig_named(s, a.args[1])
        assert att is not None and dfd is not None
        if name == "attack":
            attack(q, s, att, dfd, events)
        elif name == "chomp":
            powers.chomp(q, s, att, dfd, events)
        elif name == "shackle":
            powers.shackle(q, s, att, dfd, events)
        elif name == "grenade":
            if "grenade" not in s.used:
                s.used.append("grenade")
                s.grenades.append(s.active_card)  # the grenade marker is used up
            special_attack(q, s, att, GRENADE, powers.blast(q, s, dfd), events, target=dfd)
        else:
            special_attack(q, s, att, EXPLOSION, powers.blast(q, s, dfd), events, target=dfd)


def attack(q: Figures, s: SHState, att: int, dfd: int, events: list[Event]) -> None:
    """A normal attack: attack dice for skulls, defence dice for shields, the difference in
    wounds (with every power that changes them). The event tells each side's dice and where
    they come from (the height advantage among them)."""
    a_parts: Parts = []
    d_parts: Parts = []
    a_dice = powers.attack_dice(q, s, att, dfd, a_parts)
    d_dice = powers.defense_dice(q, s, att, dfd, False, d_parts)
    bf = q.bf(s)
    level = (bf.level[s.figures[att].spaces[0]], bf.level[s.figures[dfd].spaces[0]])
    s.attacked.append(att)
    s.targets.append(dfd)
    skulls, _ = combat.roll(s.rng, a_dice, "skull")
    shields, _ = combat.roll(s.rng, d_dice, "shield")
    # the dice of each side and where they come from, the height advantage among them
    height = ", same level" if level[0] == level[1] else ""
    events.append(Event("attack", f"{q.fig_name(s, att)} attacks {q.fig_name(s, dfd)}: {counted(skulls, 'skull')} on "
                        f"{dice_text(a_dice, a_parts, q, 'attack')} against {counted(shields, 'shield')} on "
                        f"{dice_text(d_dice, d_parts, q, 'defense')}{height}", s.figures[att].owner,
                        {"attacker": q.fig_name(s, att), "target": q.fig_name(s, dfd), "skulls": skulls,
                         "shields": shields, "dice": [a_dice, d_dice], "levels": list(level)}))
    back = powers.counter_strike(q, s, att, dfd, skulls, shields)
    combat.wound(q, s, dfd, powers.wounds(q, s, att, dfd, skulls, shields), events)
    if back:
        events.append(Event("counter-strike", f"{q.fig_name(s, dfd)} strikes back: "
                            f"{counted(back, 'unblockable wound')}", s.figures[dfd].owner))
        combat.wound(q, s, att, back, events)


def special_attack(q: Figures, s: SHState, att: int, power: str, affected: list[int], events: list[Event],
                   target: int = -1) -> None:
    """A special attack: one attack roll for every figure it affects, each defending on its
    own; height gives no extra die to either side."""
    dice = SPECIAL_ATTACKS[power][1]
    name = power.replace("-special-attack", "").replace("-", " ").title()
    s.attacked.append(att)
    s.targets.append(target)
    skulls, _ = combat.roll(s.rng, dice, "skull")
    events.append(Event("special-attack", f"{q.fig_name(s, att)}: {name} Special Attack, {counted(skulls, 'skull')} "
                        f"on {dice} attack dice (no height advantage) against "
                        f"{', '.join(q.fig_name(s, d) for d in affected)}", s.figures[att].owner,
                        {"attacker": q.fig_name(s, att), "power": power, "skulls": skulls,
                         "affected": [q.fig_name(s, d) for d in affected]}))
    for d in affected:
        if not s.figures[d].alive or not s.figures[d].spaces:
            continue
        d_parts: Parts = []
        d_dice = powers.defense_dice(q, s, att, d, True, d_parts)
        shields, _ = combat.roll(s.rng, d_dice, "shield")
        events.append(Event("defend", f"{q.fig_name(s, d)} rolls {counted(shields, 'shield')} on "
                            f"{dice_text(d_dice, d_parts, q, 'defense')}", s.figures[d].owner,
                            {"figure": q.fig_name(s, d), "dice": d_dice, "shields": shields}))
        combat.wound(q, s, d, powers.wounds(q, s, att, d, skulls, shields), events)
