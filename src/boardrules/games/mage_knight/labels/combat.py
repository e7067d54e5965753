"""Labels of a combat with enemies (facts 4.1): the enemy a ``target`` aims at with the Armor
that counts now, what ``resolve`` does with the points played (tried on a copy of the combat:
the combat is public and its resolution draws nothing), the attack a ``block`` or ``spend-move``
names with what blocking it takes, what leaving a phase loses, and where an ``assign`` puts an
attack's damage: the Wounds it gives the hero or the Unit (``assign 2 hero`` names enemy 2's
attack, not an amount)."""

from __future__ import annotations

from ....engine import Action, BoardrulesError, Event, Rng
from ..combat.choices import counting_points, open_attacks
from ..combat.damage import unit_armor, unit_resistances
from ..combat.elements import block_needed, block_total, resists
from ..combat.enemies import armor, attack, attack_value, fortification, has, resistances
from ..combat.phases import parse_attack, play_combat_action
from ..combat.state import PHASE_NAMES, PHASES, Combat, CombatEnemy
from ..content import Tables
from .context import Ctx
from .words import ELEMENT, ability_name, plural, possessive

NEXT_PHASE = {"ranged": "block", "block": "damage", "attack": "over"}


def _enemy(t: Tables, e: CombatEnemy) -> str:
    return t.enemy[e.token].name


def _enemys(t: Tables, e: CombatEnemy) -> str:
    """``Wolf Riders'``, ``Minotaur's``."""
    return possessive(t.enemy[e.token].name)


def _tried(t: Tables, c: Combat, action: Action) -> tuple[Combat, list[Event]] | None:
    """The combat after ``action`` (a ``resolve`` or an ``assign``, which draw nothing), played on
    a copy; None when the rules refuse it there."""
    copy = c.clone()
    events: list[Event] = []
    try:
        play_combat_action(t, copy, action, events, Rng(0))
    except (BoardrulesError, AssertionError, IndexError, StopIteration):
        return None
    return copy, events


def target_words(ctx: Ctx, c: Combat, n: str) -> str:
    """``target N``: the enemy, the Armor the attack must beat now, what counts against it."""
    t = ctx.t
    e = c.enemies[int(n) - 1]
    en = t.enemy[e.token]
    parts = [f"Armor {armor(c, t, e)}"]
    fort = fortification(c, t, e)
    if c.phase == "ranged" and fort:
        parts.append("fortified: only Siege counts now")
    res = resistances(t, e)
    if res:
        parts.append("resists " + "/".join(res) + " (those points count half)")
    if en.elusive_armor and c.phase == "ranged":
        parts.append(f"Elusive ({en.armor} in the Attack phase once all its attacks are blocked)")
    if en.defend and has(t, e, "defend"):
        parts.append(f"Defend {en.defend}")
    parts.append(f"Fame {en.fame}")
    return f"aim at the {en.name} ({', '.join(parts)})"


def resolve_words(ctx: Ctx, c: Combat) -> str:
    """``resolve``: the attack or block with the points that count, and what it does."""
    t = ctx.t
    tried = _tried(t, c, Action("resolve"))
    if tried is None:
        return "resolve the attack or block declared"
    after, events = tried
    if c.phase == "block" and c.block_target is not None:
        i, a = c.block_target
        e = c.enemies[i]
        need = block_needed(attack_value(t, e, a), has(t, e, "swift"))
        used = counting_points(c, t)
        total = block_total(((c.pool[k][1], c.pool[k][2], c.pool[k][3]) for k in used), attack(t, e, a).element,
                            has(t, e, "swift"))
        verdict = "blocked" if after.enemies[i].blocked[a] else "not enough, no effect"
        return f"block the {_enemys(t, e)} attack: Block {total} against {need} needed, {verdict}"
    failed = next((x for x in events if x.kind == "attack-failed"), None)
    if failed is not None:
        return f"{failed.text.removesuffix(': no effect')}: not enough, nothing is defeated (the points are spent)"
    defeated = [_enemy(t, after.enemies[i]) for i in c.targets if after.enemies[i].defeated]
    fame = after.fame - c.fame
    names = " and the ".join(defeated) or "nothing"
    return f"defeat the {names}" + (f" (Fame +{fame})" if fame else "")


def next_words(ctx: Ctx, c: Combat) -> str:
    """``next``: the phase that follows, and the points played that leaving this one loses."""
    nxt = NEXT_PHASE.get(c.phase, PHASES[min(PHASES.index(c.phase) + 1, len(PHASES) - 1)])
    where = "end the combat" if nxt == "over" else f"on to the {PHASE_NAMES[nxt]}"
    unused = sum(item[2] for item in c.pool)
    lost = f"; the {plural(unused, 'point')} played and not used are lost" if unused else ""
    if c.phase == "block":
        open_ = open_attacks(c, ctx.t)
        if open_:
            lost += "; 1 attack unblocked deals its damage" if len(open_) == 1 else \
                f"; {len(open_)} attacks unblocked deal their damage"
    return where + lost


def attack_words(ctx: Ctx, c: Combat, ref: str) -> str:
    """An enemy attack named by its word (``2``, ``2.1``): the enemy, its value and element,
    Swift, Brutal, Poison..."""
    t = ctx.t
    found = parse_attack(c, t, ref)
    if found is None:
        return f"attack {ref}"
    i, a = found
    e = c.enemies[i]
    at = attack(t, e, a)
    el = ELEMENT.get(at.element, "")
    value = attack_value(t, e, a)
    marks = [ability_name(x) for x in ("swift", "brutal", "poison", "paralyze", "cumbersome", "assassination",
                                        "vampiric") if has(t, e, x)]
    return f"the {_enemys(t, e)} {el + ' ' if el else ''}Attack {value}" + (f" ({', '.join(marks)})" if marks else "")


def block_words(ctx: Ctx, c: Combat, ref: str) -> str:
    t = ctx.t
    found = parse_attack(c, t, ref)
    what = attack_words(ctx, c, ref)
    if found is None:
        return f"block {what}"
    i, a = found
    e = c.enemies[i]
    need = block_needed(attack_value(t, e, a), has(t, e, "swift"))
    at = attack(t, e, a)
    good = {"fire": "Ice or Cold Fire", "ice": "Fire or Cold Fire", "cold-fire": "Cold Fire"}.get(at.element, "")
    return f"block {what}: it takes Block {need}" + (f" ({good} Block counts whole, other Block half)" if good else "")


def spend_move_words(ctx: Ctx, c: Combat, ref: str) -> str:
    return f"spend 1 Move point (of {c.move_points}): {attack_words(ctx, c, ref)} -1 (Cumbersome)"


def assign_words(ctx: Ctx, c: Combat, ref: str, who: tuple[str, ...]) -> str:
    """``assign REF hero`` / ``assign REF unit LABEL``: whose attack it is, how much damage it
    deals, and what it does to the hero or the Unit (tried on a copy)."""
    t = ctx.t
    found = parse_attack(c, t, ref)
    if found is None:
        return f"the damage of attack {ref}"
    i, a = found
    e = c.enemies[i]
    left = e.left[a]
    head = f"the {_enemys(t, e)} {left} damage"
    tried = _tried(t, c, Action("assign", (ref, *who)))
    if who[0] == "hero":
        wounds = -(-left // c.hero.armor) if c.hero.armor else left
        extra = [w for w, on in ((f"Poison: {plural(wounds, 'more Wound')} into the discard pile", has(t, e, "poison")),
                                 ("Paralyze: your hand's non-Wound cards are discarded", has(t, e, "paralyze") and wounds))
                 if on]
        if tried is not None and tried[0].hero.knocked_out and not c.hero.knocked_out:
            extra.append("you are knocked out")
        return f"{head} to your hero (Armor {c.hero.armor}): {plural(wounds, 'Wound')} into your hand" + \
            (f"; {'; '.join(extra)}" if extra else "")
    label = who[1] if len(who) > 1 else ""
    u = next((x for x in c.units if x.label == label), None)
    if u is None:
        return f"{head} to {label}"
    unit = t.unit[u.unit]
    res = resists(unit_resistances(c, t, u), attack(t, e, a).element)
    arm = unit_armor(c, t, u)
    if tried is None:
        return f"{head} to the {unit.name} (Armor {arm})"
    after, _ = tried
    v = next(x for x in after.units if x.label == label)
    if v.destroyed:
        fate = "destroyed (Paralyze)"
    elif v.wounds > u.wounds:
        fate = f"{plural(v.wounds - u.wounds, 'Wound')}" + (" (Poison)" if v.wounds - u.wounds > 1 else "")
    else:
        fate = "no Wound (it resists)" if res else "no Wound"
    rest = after.enemies[i].left[a]
    return f"{head} to the {unit.name} (Armor {arm}{', resists' if res else ''}): {fate}" + \
        (f", {rest} damage left to assign" if rest else "")
