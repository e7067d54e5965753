"""Why a combat action is refused: the rule it breaks, in a player's words."""

from __future__ import annotations

from ....engine import Action
from ..content import Tables
from ..units.in_combat import EFFECT_PHASES, can_pay, targets_enemy, unit_usable
from .choices import counting_points, pending_damage
from .damage import can_take_damage
from .decision import combat_decision, warning
from .enemies import (
    REPLACED_RULE,
    attack_ref,
    attack_value,
    enemy_index,
    fortification,
    has,
    is_summoner,
    name,
    replaced_reason,
    says,
    their,
)
from .phases import parse_attack
from .state import PHASE_NAMES, Combat

SITE_RULES = {
    "dungeon": "DUNGEON", "tomb": "TOMB", "monastery": "MONASTERY: Burning a Monastery",
    "maze": "MAZE", "labyrinth": "LABYRINTH",
}
POINT_WORDS = {"ranged": "Ranged or Siege Attack", "attack": "Attack", "block": "Block"}


def explain(t: Tables, c: Combat, a: Action) -> tuple[str, str]:
    d = combat_decision(t, c)
    if d is None:
        return "the combat is over", "COMBAT"
    phase = PHASE_NAMES[c.phase]
    generic = (f"{a.text!r} is not a legal action now ({d.prompt}). Legal actions: "
               + ", ".join(x.text for x in d.actions), "COMBAT")
    if c.asking and a.name not in ("confirm", "back"):
        return (f"the {c.asking} played waits for an answer: confirm it, or back to the {phase} "
                f"({warning(t, c, c.asking)})", "COMBAT")
    if a.name in ("confirm", "back") and not c.asking:
        return "nothing waits to be confirmed: resolve or next ask for it when they would lose points", "COMBAT"
    if a.name == "untarget" and a.args:
        i = enemy_index(a.args[0])
        if c.phase not in ("ranged", "attack"):
            return f"targets are chosen only in the Ranged and Siege and the Attack phases, not the {phase}", "COMBAT"
        if not 0 <= i < len(c.enemies):
            return f"there is no enemy {a.args[0]!r}: enemies are numbered 1-{len(c.enemies)}", "COMBAT"
        if i not in c.targets:
            return (f"{says(t, c.enemies[i], 'are')} not a target of this attack: the targets are "
                    + (", ".join(str(x + 1) for x in c.targets) or "none yet"), "COMBAT")
    if a.name in ("target", "block", "spend-move", "assign") and a.args:
        if a.name == "target":
            ref = a.args[0]
            i = int(ref) - 1 if ref.isdigit() else -1
            found = (i, 0) if 0 <= i < len(c.enemies) else None
        else:
            found = parse_attack(c, t, a.args[0])
        if found is None:
            head = a.args[0].partition(".")[0]
            i = int(head) - 1 if head.isdigit() else -1
            if 0 <= i < len(c.enemies) and a.name != "target":
                n = len(t.enemy[c.enemies[i].token].attacks)
                if n > 1:
                    return (f"{says(t, c.enemies[i], 'have')} {n} attacks, each handled separately: write "
                            f"{i + 1}.1 to {i + 1}.{n}", "MULTIPLE ATTACKS")
                return f"{says(t, c.enemies[i], 'have')} one attack: write {i + 1}", "MULTIPLE ATTACKS"
            return (f"there is no enemy {a.args[0]!r}: enemies are numbered 1-{len(c.enemies)}",
                    "COMBAT")
        return _about_enemy(t, c, a, *found) or generic
    if a.name == "activate" and a.args:
        return _about_unit(t, c, a) or generic
    if a.name == "resolve":
        if c.phase == "damage":
            return "all damage must be assigned first", "COMBAT: Assign Damage phase"
        chosen = c.block_target if c.phase == "block" else c.targets
        if not chosen:
            what = "an enemy attack to block (block N)" if c.phase == "block" else "a target (target N)"
            return f"choose {what} first", "COMBAT"
        if not counting_points(c, t):
            if c.phase == "ranged" and c.pool:
                fortified = next(c.enemies[i] for i in c.targets if fortification(c, t, c.enemies[i]))
                by_wall = fortified.rampaging and "fortified" not in t.enemy[fortified.token].abilities
                return (f"{says(t, fortified, 'are')} fortified{' (across a wall)' if by_wall else ''}: only Siege "
                        f"attacks count against {their(t, fortified, 'them')} in the Ranged and Siege phase",
                        "WALLS: Combat" if by_wall else "ENEMY TOKEN ABILITIES: Fortified")
            return f"play some {POINT_WORDS[c.phase]} points first", "COMBAT"
    if a.name == "next" and c.phase == "damage":
        return "all damage must be assigned before the Attack phase", "COMBAT: Assign Damage phase"
    if a.name not in ("target", "untarget", "block", "spend-move", "assign", "activate", "resolve", "next"):
        return (f"{a.name!r} is not a combat action ({phase}): use target, untarget, activate, resolve, block, "
                "spend-move, assign or next", "COMBAT")
    return generic


def _about_enemy(t: Tables, c: Combat, a: Action, i: int, at: int) -> tuple[str, str] | None:
    e = c.enemies[i]
    who = name(t, e)
    are, were, do = says(t, e, "are"), says(t, e, "were"), says(t, e, "do")
    them, their_ = their(t, e, "them"), their(t, e)
    if e.defeated:
        return f"{are} already defeated", "COMBAT"
    if e.gone:
        return f"{were} summoned and then discarded", "ENEMY TOKEN ABILITIES: Summon Attack"
    if a.name == "target":
        if c.phase not in ("ranged", "attack"):
            return f"enemies are attacked only in the Ranged and Siege and the Attack phases, not the {PHASE_NAMES[c.phase]}", "COMBAT"
        if e.summoner >= 0:
            return (f"{were} summoned: {their(t, e, 'they')} only {'replace' if them == 'them' else 'replaces'} {their_} summoner in the Block and Assign Damage "
                    "phases", "ENEMY TOKEN ABILITIES: Summon Attack")
        if i in c.targets:
            return f"{are} already a target of this attack", "COMBAT"
        if c.phase == "ranged" and fortification(c, t, e) >= 2:
            if c.across_wall:
                return (f"{are} double fortified (across a wall): no attacks at all can be used against {them} "
                        "in the Ranged and Siege Attacks phase", "WALLS: Combat")
            return (f"{are} fortified and {'defend' if them == 'them' else 'defends'} a fortified site: no attacks at all can be used against "
                    f"{them} in the Ranged and Siege Attacks phase", "ENEMY TOKEN ABILITIES: Fortified")
        return None
    if a.name in ("block", "spend-move"):
        if c.phase != "block":
            return f"attacks are blocked only in the Block phase, not the {PHASE_NAMES[c.phase]}", "COMBAT"
        if is_summoner(t, e):
            return (f"{do} not attack {their(t, e, 'themselves')}: {their_} summoned token replaces {them} in the Block "
                    "phase", "ENEMY TOKEN ABILITIES: Summon Attack")
        if e.prevented:
            return f"{do} not attack this combat", "MULTIPLE ATTACKS"
        if e.blocked[at] or attack_value(t, e, at) == 0:
            return f"this attack of {who} is already blocked", "COMBAT: Block phase"
        if a.name == "block" and c.block_target == (i, at):
            return (f"you are already blocking this attack of {who}: play Block points, then resolve",
                    "COMBAT: Block phase")
        if a.name == "spend-move":
            if not has(t, e, "cumbersome"):
                return (f"{are} not Cumbersome: Move points cannot reduce {their_} attack",
                        "ENEMY TOKEN ABILITIES: Cumbersome")
            if not c.move_points:
                return "you have no Move points to spend", "ENEMY TOKEN ABILITIES: Cumbersome"
        return None
    # assign
    if c.phase != "damage":
        return f"damage is assigned only in the Assign Damage phase, not the {PHASE_NAMES[c.phase]}", "COMBAT"
    if e.left[at] <= 0:
        if (i, at) in pending_damage(c):
            return None
        return f"attack {attack_ref(c, t, i, at)} has no damage left to assign (blocked, or already assigned)", "COMBAT"
    taunt = c.units[e.taunt[at]] if e.taunt[at] >= 0 else None
    if taunt is not None and can_take_damage(c, t, taunt) and a.args[1:] != ("unit", taunt.label):
        return f"this attack's damage must be assigned to the {taunt.label} first", "Units: Shocktroops"
    if len(a.args) >= 3 and a.args[1] == "unit":
        u = next((x for x in c.units if x.label == a.args[2]), None)
        if u is None:
            return f"you have no Unit {a.args[2]!r}: your Units are " + ", ".join(x.label for x in c.units), "COMBAT"
        if has(t, e, "assassination"):
            return (f"{says(t, e, 'have')} Assassination: {their_} damage cannot be assigned to Units, it all goes to the hero",
                    "ENEMY TOKEN ABILITIES: Assassination")
        if u.destroyed:
            return f"the {u.label} were destroyed", "ENEMY TOKEN ABILITIES: Paralyze"
        if u.wounds:
            return f"the {u.label} are wounded: wounded Units cannot be assigned damage", "UNIT RESISTANCES"
        if u.resisted:
            return (f"the {u.label} already absorbed an attack they resist without a Wound this combat: they "
                    "cannot be assigned damage again", "UNIT RESISTANCES: Combat with enemies")
        if c.units_allowed != "all" and (c.units_allowed == "none" or u.label != c.chosen_unit):
            return _units_barred(c)
        cost = t.unit[u.unit].influence_to_take_damage
        if cost and not u.paid and c.influence < cost:
            return (f"you pay {cost} Influence in a combat before damage can be assigned to the "
                    f"{t.unit[u.unit].name}: you have {c.influence}", "Units: Thugs")
    return None


def _units_barred(c: Combat) -> tuple[str, str]:
    rule = SITE_RULES.get(c.site, "COMBAT")
    if c.units_allowed == "none":
        return f"Units cannot be used in this combat ({c.site or 'site rule'})", rule
    return (f"you cannot use any Unit other than the chosen one ({c.chosen_unit}) during this action", rule)


def _about_unit(t: Tables, c: Combat, a: Action) -> tuple[str, str] | None:
    u = next((x for x in c.units if x.label == a.args[0]), None)
    if u is None:
        return (f"you have no Unit {a.args[0]!r}: your Units are " + (", ".join(x.label for x in c.units) or "none"),
                "COMBAT")
    why = unit_usable(c, t, u)
    if why in ("none", "one"):
        return _units_barred(c)
    if why == "destroyed":
        return f"the {u.label} were destroyed", "ENEMY TOKEN ABILITIES: Paralyze"
    if why == "wounded":
        return f"the {u.label} are wounded: wounded Units cannot be activated", "UNIT RESISTANCES"
    if why == "spent":
        return f"the {u.label} are spent: a Unit is activated once, then Spent until the round ends", "Units"
    if why == "influence":
        return (f"in an assault you pay {t.unit[u.unit].influence_in_assault} Influence to use the "
                f"{t.unit[u.unit].name}: you have {c.influence}", "Units: Heroes")
    if a.args[1:] == ("banner",):  # facts 3.3: Banner of Fear (Courage is flipped outside combat)
        if f"banner:{u.label}:banner-of-fear" not in c.this_combat:
            return f"the {u.label} have no Banner of Fear under them to use in a combat", "Artifacts"
        if c.phase != "block" or c.block_target is None:
            return "the Banner of Fear cancels an attack in the Block phase: declare it first (block N)", "Artifacts"
    unit = t.unit[u.unit]
    ability = next((ab for ab in unit.abilities if len(a.args) > 1 and ab.key == a.args[1]), None)
    if ability is None:
        return (f"the {unit.name} have no ability {a.args[1] if len(a.args) > 1 else ''!r}: they have "
                + ", ".join(ab.key for ab in unit.abilities), "Units")
    if u.spent and ability.key in u.used:
        return (f"the {unit.name} already used {ability.key} in this activation: each ability once",
                "Units: Delphana Masters")
    phases = {p for e in ability.effects for p in EFFECT_PHASES.get(e.type, ())}
    if not phases:
        return f"the {unit.name}' {ability.key} ability is not used in combat", "Units"
    if c.phase not in phases:
        if c.phase == "ranged" and "attack" in phases:
            return ("only Ranged and Siege Attacks can be used in the Ranged and Siege Attacks phase",
                    "COMBAT: Ranged and Siege Attacks phase")
        return (f"the {unit.name}' {ability.key} ability cannot be used in the {PHASE_NAMES[c.phase]}", "COMBAT")
    if targets_enemy(ability) and len(a.args) != 3:
        return (f"the {ability.key} ability is played on one enemy: add its number "
                f"(activate {u.label} {ability.key} 1)", "Units")
    if not targets_enemy(ability) and len(a.args) != 2:
        return f"the {ability.key} ability is not played on an enemy: activate {u.label} {ability.key}", "Units"
    n = enemy_index(a.args[2]) if targets_enemy(ability) else -1
    if 0 <= n < len(c.enemies) and replaced_reason(c, t, n):
        return f"the {unit.name}: {replaced_reason(c, t, n)}", REPLACED_RULE
    if not can_pay(c, ability.mana):
        night = " (at Night gold mana cannot be used)" if c.night else " (black mana only at Night)"
        return (f"the {ability.key} ability is powered by {' and '.join(ability.mana)} mana: you have none to pay"
                + (night if "black" in ability.mana or c.night else ""), "Units")
    return None
