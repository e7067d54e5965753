"""Labels of a combat with enemies (facts 4.1): the enemy a ``target`` aims at with the Armor
that counts now, what ``resolve`` does with the points played (tried on a copy of the combat:
the combat is public and its resolution draws nothing), the attack a ``block`` or ``spend-move``
names with what blocking it takes, what leaving a phase loses, and where an ``assign`` puts an
attack's damage: the Wounds it gives the hero or the Unit (``assign 2 hero`` names enemy 2's
attack, not an amount)."""

from __future__ import annotations

from ....engine import Action, BoardrulesError, Event, Rng
from ..combat.choices import open_attacks
from ..combat.damage import unit_armor, unit_resistances
from ..combat.decision import warning
from ..combat.elements import block_needed, resists
from ..combat.enemies import armor, attack, attack_value, fortification, has, resistances, whose
from ..combat.phases import parse_attack, play_combat_action
from ..combat.preview import attack_figures, block_figures, played_words
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
    aimed = c.clone()
    aimed.targets = [*c.targets, int(n) - 1]
    have, need = attack_figures(aimed, t)
    then = f": then Attack {have}, Armor {need} needed, {_verdict(have, need)}" if c.pool else ""
    return f"aim at the {en.name} ({', '.join(parts)}){then}"


def resolve_words(ctx: Ctx, c: Combat) -> str:
    """``resolve``: the attack or block with the points that count, what it has and needs, and
    what it does (a success tried on a copy of the combat; a failure asks to be confirmed)."""
    t = ctx.t
    if c.phase == "block" and c.block_target is not None:
        i, _ = c.block_target
        have, need = block_figures(c, t)
        verdict = "blocked" if have >= need else "not enough, nothing is blocked (asks to confirm)"
        return f"block {whose(t, c.enemies[i])} attack: Block {have}, Block {need} needed: {verdict}"
    have, need = attack_figures(c, t)
    if have < need:
        return (f"Attack {have}, Armor {need} needed: not enough, nothing is defeated and the points are spent "
                "(asks to confirm)")
    tried = _tried(t, c, Action("resolve"))
    if tried is None:
        return "resolve the attack declared"
    after, _ = tried
    defeated = [_enemy(t, after.enemies[i]) for i in c.targets if after.enemies[i].defeated]
    fame = after.fame - c.fame
    names = " and the ".join(defeated) or "nothing"
    return f"Attack {have}, Armor {need} needed: defeat the {names}" + (f" (Fame +{fame})" if fame else "")


def untarget_words(ctx: Ctx, c: Combat, n: str) -> str:
    """``untarget N``: the enemy withdrawn from the attack declared, and the attack without it."""
    t = ctx.t
    i = int(n) - 1
    rest = c.clone()
    rest.targets = [x for x in c.targets if x != i]
    head = f"withdraw the {_enemy(t, c.enemies[i])} from the attack"
    if not rest.targets:
        return head + " (no target left)"
    have, need = attack_figures(rest, t)
    return f"{head}: then Attack {have}, Armor {need} needed, {_verdict(have, need)}"


def confirm_words(ctx: Ctx, c: Combat) -> str:
    """``confirm``: the resolve or next waiting is played, with what it loses."""
    if c.asking == "resolve":
        return f"resolve anyway: {warning(ctx.t, c, 'resolve')}"
    after = c.clone()
    after.asking = ""
    return f"leave anyway: {next_words(ctx, after, confirming=True)}"


def back_words(c: Combat) -> str:
    what = "play more points, or change the targets (untarget N)" if c.phase != "block" else \
        "play more Block points, or block another attack"
    return f"back to the {PHASE_NAMES[c.phase]}: {what}"


def _verdict(have: int, need: int) -> str:
    return "enough" if have >= need else f"{need - have} short"


def next_words(ctx: Ctx, c: Combat, confirming: bool = False) -> str:
    """``next``: the phase that follows, and the points played that leaving this one loses."""
    nxt = NEXT_PHASE.get(c.phase, PHASES[min(PHASES.index(c.phase) + 1, len(PHASES) - 1)])
    where = "end the combat" if nxt == "over" else f"on to the {PHASE_NAMES[nxt]}"
    played = played_words(c.pool)
    lost = f"; the points played and not used ({played}) are lost" if played else ""
    if played and not confirming and warning(ctx.t, c, "next"):
        lost += " (asks to confirm)"
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
    head = f"the {_enemys(t, e)} attack (enemy {ref}), {left} damage,"
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
