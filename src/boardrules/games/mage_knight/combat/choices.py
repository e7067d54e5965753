"""What may be done now in a combat with enemies (facts 4.1): the points that count against the
targets chosen (Ranged Attacks against fortified enemies, Swift, resistances), the attacks still
open, the Unit activations usable in the phase, the damage left to assign and where it may go,
the answers of the combat's decision (``decision.py`` asks it). ``phases.py`` plays them."""

from __future__ import annotations

from ....engine import (
    Action,
    shared_action,
)
from ..content import Tables
from ..content_model import UnitAbility
from ..units.in_combat import (
    can_pay,
    effect_usable,
    enemy_choices,
    targets_enemy,
    unit_usable,
)
from .damage import can_take_damage
from .enemies import (
    attack_value,
    attacks_now,
    fortification,
    has,
    name,
)
from .state import Combat

RESOLVE, NEXT = shared_action("resolve"), shared_action("next")
ATTACK_POINTS = {"ranged": ("ranged", "siege"), "attack": ("attack", "ranged", "siege")}
FORKED = -100  # the pool source of Forked Lightning's points (skills/in_combat.py)
FORKED_HIT = "forked:"  # Combat.this_combat: + an enemy's index, attacked with a Forked Lightning point
DUEL = -1000  # DUEL - i: the pool source of Dueling's attack on enemy i (skills/in_combat.py)


def counting_points(c: Combat, t: Tables) -> list[int]:
    """The pool items that count for the attack or block being declared. Fortified: only
    Siege Attacks count against a fortified target in the Ranged and Siege Attacks phase."""
    if c.phase == "block":
        return [k for k, item in enumerate(c.pool) if item[0] == "block"]
    kinds = ATTACK_POINTS.get(c.phase, ())
    if c.phase == "ranged" and any(fortification(c, t, c.enemies[i]) for i in c.targets):
        # the Bow of Starsdawn thrown away: a Ranged Attack may become a Siege one
        kinds = ("siege", "ranged") if c.this_combat and "bow-of-starsdawn" in c.this_combat else ("siege",)
    # a possessed enemy's attack (source -2 - its index) counts only against the other enemies
    # a duel's attack (source DUEL - the enemy's index, Dueling) counts only against that enemy
    counted = [k for k, item in enumerate(c.pool) if item[0] in kinds and (
        item[4] == FORKED or item[4] > -2 or (DUEL - item[4] in c.targets if item[4] <= DUEL else
                                              -2 - item[4] not in c.targets))]
    forked = [k for k in counted if c.pool[k][4] == FORKED]  # Forked Lightning: 1 per enemy attacked, once
    if not forked:
        return counted
    fresh = sum(1 for i in c.targets if f"{FORKED_HIT}{i}" not in c.this_combat)
    return [k for k in counted if k not in forked[fresh:]]


def ranged_not_counting(c: Combat, t: Tables) -> str:
    """Fortified ("Only Siege Attacks can be used against this enemy in the Ranged and Siege
    Attacks phase"; WALLS "Combat"): the Ranged points played that will not count against the
    targets chosen, said before the attack is resolved and when it is ("" if every point counts)."""
    if c.phase != "ranged" or not c.targets:
        return ""
    fortified = next((c.enemies[i] for i in c.targets if fortification(c, t, c.enemies[i])), None)
    if fortified is None:
        return ""
    counted = set(counting_points(c, t))
    lost = sum(item[2] for k, item in enumerate(c.pool) if item[0] == "ranged" and k not in counted)
    if not lost:
        return ""
    wall = " (across a wall)" if fortified.rampaging and "fortified" not in t.enemy[fortified.token].abilities else ""
    points = "1 Ranged point does" if lost == 1 else f"{lost} Ranged points do"
    return f"{points} not count against a fortified enemy ({name(t, fortified)}{wall}): only Siege does"


def can_target(c: Combat, t: Tables, i: int) -> bool:
    e = c.enemies[i]
    if e.defeated or e.gone or e.summoner >= 0 or i in c.targets:
        return False
    # double fortified: no attacks at all in the Ranged and Siege Attacks phase
    return not (c.phase == "ranged" and fortification(c, t, e) >= 2)


def open_attacks(c: Combat, t: Tables) -> list[tuple[int, int]]:
    """Attacks still to be blocked in the Block phase."""
    return [(i, a) for i, a in attacks_now(c, t)
            if not c.enemies[i].blocked[a] and attack_value(t, c.enemies[i], a) > 0]


def move_wanted(c: Combat, t: Tables) -> bool:
    """Whether Move points are worth something in this combat's phase: in the Block phase, an open
    attack of a Cumbersome enemy to reduce (ENEMY TOKEN ABILITIES: Cumbersome)."""
    return c.phase == "block" and any(has(t, c.enemies[i], "cumbersome") for i, _ in open_attacks(c, t))


def influence_wanted(c: Combat, t: Tables) -> bool:
    """Whether Influence is worth something in this combat: a Unit that asks for it (Thugs to
    take damage, Heroes in an assault) has not been paid for."""
    return any(not u.paid and (t.unit[u.unit].influence_to_take_damage or
                               t.unit[u.unit].influence_in_assault and c.site_fortified) for u in c.units)


def _ability_usable(c: Combat, t: Tables, ability: UnitAbility) -> bool:
    phases = [e for e in ability.effects if effect_usable(c, e.type)]
    if not phases:
        return False
    if all(e.type == "move" for e in phases) and not move_wanted(c, t):  # Move: only against Cumbersome
        return False
    if all(e.type == "influence" for e in phases) and not influence_wanted(c, t):
        return False
    return can_pay(c, ability.mana)


def activations(c: Combat, t: Tables) -> list[Action]:
    out: list[Action] = []
    for u in c.units:
        if unit_usable(c, t, u):
            continue
        for ability in t.unit[u.unit].abilities:
            if ability.key in u.used and u.spent or not _ability_usable(c, t, ability):
                continue
            if targets_enemy(ability):
                out.extend(shared_action("activate", u.label, ability.key, str(i + 1))
                           for i in enemy_choices(c, t, ability))
            else:
                out.append(shared_action("activate", u.label, ability.key))
    if c.this_combat and c.phase == "block" and c.block_target is not None:  # Banner of Fear: spend its Unit
        out += [shared_action("activate", u.label, "banner") for u in c.units
                if f"banner:{u.label}:banner-of-fear" in c.this_combat and not u.spent and not unit_usable(c, t, u)]
    return out


def pending_damage(c: Combat) -> list[tuple[int, int]]:
    return [(i, a) for i, e in enumerate(c.enemies) for a, left in enumerate(e.left) if left > 0]


def damage_targets(c: Combat, t: Tables, i: int, a: int) -> list[str]:
    """Who may take this attack's damage: unwounded Units the combat allows (none against
    Assassination) and the hero; a taunting Unit first."""
    e = c.enemies[i]
    if e.taunt[a] >= 0 and can_take_damage(c, t, c.units[e.taunt[a]]):
        return [f"unit {c.units[e.taunt[a]].label}"]
    out = []
    if not has(t, e, "assassination"):
        out = [f"unit {u.label}" for u in c.units if can_take_damage(c, t, u)]
    out.append("hero")
    return out
