"""Using Units in combat, and the effects their abilities (and later cards and skills) give.

Facts 3.4 (an activated Unit is Spent; one ability per activation; wounded Units cannot be
activated) and the site rules that limit Units: DUNGEON and TOMB "Units cannot be used",
MONASTERY "Burning a Monastery: Your Units cannot be used", MAZE and LABYRINTH "You cannot use
any Unit other than the chosen one". The enemy side of effects: ENEMY TOKEN ABILITIES (Arcane
Immunity; Fire/Ice Resistance against red/blue non-Attack effects).
"""

from __future__ import annotations

from ....engine import Event
from ..combat.defeat import defeat
from ..combat.enemies import all_blocked, fortification, ignores, name, replaced, says, their, whose
from ..combat.state import LENT, Combat, CombatUnit, Item
from ..content import Tables
from ..content_model import Effect, UnitAbility

BASIC = ("red", "blue", "green", "white")

# When each combat effect can be used (the phases of COMBAT in facts 4.1).
EFFECT_PHASES: dict[str, tuple[str, ...]] = {
    "ranged": ("ranged", "attack"),
    "siege": ("ranged", "attack"),
    "attack": ("attack",),
    "block": ("block",),
    "move": ("block",),  # Move points can be spent on Cumbersome attacks in the Block phase
    "prevent-attack": ("ranged", "block"),
    "attack-reduction": ("ranged", "block"),
    "armor-reduction": ("ranged", "block", "attack"),
    "remove-fortification": ("ranged", "attack"),
    "remove-resistances": ("ranged", "block", "attack"),
    "destroy-if-blocked": ("ranged", "block"),
    "units-resist-all": ("ranged", "block"),
    "unit-attack-bonus": ("ranged", "attack"),
    "all-attacks-cold-fire": ("ranged", "attack"),
    "all-attacks-siege": ("ranged", "attack"),
}
# a Unit's Influence: what Thugs and Heroes ask for in a combat, before its damage
INFLUENCE_PHASES = ("ranged", "block", "attack")
ATTACKS = ("attack", "ranged", "siege")
ON_ENEMY = frozenset((
    "prevent-attack", "attack-reduction", "armor-reduction", "remove-fortification", "remove-resistances",
    "destroy-if-blocked",
))


GLORY_FAME = "glory-fame:"  # + a Unit's label, in Combat.this_combat: its Fame from a Banner of Glory thrown away, once


def unit_usable(c: Combat, t: Tables, u: CombatUnit) -> str:
    """"" if the Unit may be activated now, else why not."""
    if c.units_allowed == "none":
        return "none"
    if c.units_allowed == "one" and u.label != c.chosen_unit:
        return "one"
    if u.destroyed:
        return "destroyed"
    if u.wounds:
        return "wounded"
    if u.spent and not (t.unit[u.unit].multi_ability and u.activated_in == c.phase and
                        not (c.this_combat and LENT + u.label in c.this_combat)):  # a lent Unit: one ability
        return "spent"
    cost = t.unit[u.unit].influence_in_assault
    if cost and c.site_fortified and not u.paid and c.influence < cost:
        return "influence"  # Heroes: 2 Influence to use them in an assault
    return ""


def effect_usable(c: Combat, kind: str) -> bool:
    """Whether an effect can be used in this phase. Attacks that "become Siege" (Altem Mages)
    can be used in the Ranged and Siege Attacks phase."""
    if kind == "attack" and c.phase == "ranged":
        return c.attacks_become == "siege"
    if kind == "influence":
        return c.phase in INFLUENCE_PHASES
    return c.phase in EFFECT_PHASES.get(kind, ())


def targets_enemy(ability: UnitAbility) -> bool:
    return any(e.type in ON_ENEMY for e in ability.effects)


def can_pay(c: Combat, mana: tuple[str, ...]) -> bool:
    """Mana to power an ability: a token of its colour; gold stands for a basic colour only by
    Day; black can be used only at Night (night rules: dungeon, tomb)."""
    left = dict(c.mana)
    for colour in mana:
        if colour == "black" and not c.night:
            return False
        if left.get(colour, 0) > 0:
            left[colour] -= 1
        elif colour in BASIC and not c.night and left["gold"] > 0:
            left["gold"] -= 1
        else:
            return False
    return True


def pay(c: Combat, mana: tuple[str, ...]) -> None:
    for colour in mana:
        if c.mana.get(colour, 0) > 0:
            c.mana[colour] -= 1
        else:
            c.mana["gold"] -= 1


def enemy_choices(c: Combat, t: Tables, ability: UnitAbility) -> list[int]:
    """The enemies an ability's effect can be played on now (undefeated, in play: a summoner is
    replaced by its summoned tokens until they are discarded)."""
    out = []
    for i, e in enumerate(c.enemies):
        if e.defeated or e.gone or replaced(c, i):
            continue
        if c.phase != "block" and e.summoner >= 0:
            continue
        if any(x.type == "prevent-attack" for x in ability.effects) and c.phase == "block" and any(e.blocked):
            continue
        out.append(i)
    return out


def apply_effect(c: Combat, t: Tables, effect: Effect, target: int, mana: tuple[str, ...],
                 events: list[Event], unit: CombatUnit | None = None) -> None:
    """Apply one effect: points go to the combat's pool; effects on an enemy change it unless
    it ignores them."""
    kind = effect.type
    source = c.units.index(unit) if unit is not None else -1
    if kind in ATTACKS:
        value = effect.value
        if source >= 0:  # a Unit's attack: the bonuses other Units and cards give
            value += sum(1 for giver in c.unit_attack_bonus if giver != source) + c.unit_bonus + _leadership(c, kind)
            value += _glory(c, unit)
        c.pool.append(_become(c, (kind, effect.element, value, False, source)))
        return
    if kind == "block":
        value = effect.value + (c.unit_bonus + _leadership(c, kind) + _glory(c, unit) if source >= 0 else 0)
        c.pool.append((kind, effect.element, value, effect.swift_double, source))
        return
    if kind == "unit-attack-bonus":
        # "all your other Units get +1 to all attacks": those already played too
        c.unit_attack_bonus.extend([source] * effect.value)
        c.pool = [(k, el, v + effect.value, sd, s) if k in ATTACKS and s >= 0 and s != source else (k, el, v, sd, s)
                  for k, el, v, sd, s in c.pool]
        events.append(Event("effect", f"your other Units get +{effect.value} to their attacks this turn",
                            data={"effect": kind, "value": effect.value}))
        return
    if kind in ("all-attacks-cold-fire", "all-attacks-siege"):
        c.attacks_become = "cold-fire" if kind == "all-attacks-cold-fire" else "siege"
        c.pool = [_become(c, item) for item in c.pool]
        events.append(Event("effect", f"all attacks played this combat become {c.attacks_become.replace('-', ' ')}",
                            data={"effect": kind}))
        return
    if kind == "move":
        c.move_points += effect.value
        return
    if kind == "influence":  # paid from the combat's Influence (Thugs, Heroes)
        c.influence += effect.value
        events.append(Event("influence", f"+{effect.value} Influence for this combat", data={"influence": effect.value}))
        return
    if kind == "units-resist-all":
        c.units_resist_all = True
        events.append(Event("effect", "all your Units gain all resistances this turn", data={"effect": kind}))
        return
    if kind not in ON_ENEMY:
        return  # outside combat (influence, heal, mana...): later stages
    e = c.enemies[target]
    why = ignores(t, e, mana, on_attacks=kind == "attack-reduction")
    if why:
        events.append(Event("ignored", f"{says(t, e, 'ignore')} this effect ({why})", data={"enemy": target + 1}))
        return
    if kind == "prevent-attack":
        if effect.unfortified_only and fortification(c, t, e):
            events.append(Event("ignored", f"{says(t, e, 'are')} fortified: the effect needs an unfortified enemy",
                                data={"enemy": target + 1}))
            return
        e.prevented = True
        events.append(Event("prevented", f"{says(t, e, 'do')} not attack this combat", data={"enemy": target + 1}))
    elif kind == "armor-reduction":
        e.armor_cut += effect.value
        events.append(Event("armor", f"{says(t, e, 'get')} Armor -{effect.value}", data={"enemy": target + 1}))
    elif kind == "attack-reduction":
        a = _strongest(c, t, target)
        e.reduction[a] += effect.value
        if effect.taunt and unit is not None:
            e.taunt[a] = c.units.index(unit)
        events.append(Event("attack", f"{whose(t, e)} attack -{effect.value}", data={"enemy": target + 1}))
    elif kind == "remove-fortification":
        e.no_fortification = True
        events.append(Event("unfortified", f"{says(t, e, 'lose')} {their(t, e)} fortifications", data={"enemy": target + 1}))
    elif kind == "remove-resistances":
        e.no_resistances = True
        events.append(Event("resistances", f"{says(t, e, 'lose')} {their(t, e)} resistances", data={"enemy": target + 1}))
    elif kind == "destroy-if-blocked":
        e.destroy_if_blocked = True
        events.append(Event("doomed", f"{name(t, e)} will be destroyed if blocked", data={"enemy": target + 1}))
        if all_blocked(e):
            defeat(c, t, [target], events)


LEADERSHIP = {"block": 3, "attack": 2, "ranged": 1}  # Norowas' skill; nothing for Siege


def _leadership(c: Combat, kind: str) -> int:
    """Leadership's bonus, taken by the first Unit ability it raises."""
    if not c.leadership or kind not in LEADERSHIP:
        return 0
    c.leadership = False
    return LEADERSHIP[kind]


def _glory(c: Combat, u: CombatUnit | None) -> int:
    """A Banner of Glory under the Unit: +1 to its attacks and blocks (facts 3.3)."""
    return int(bool(c.this_combat) and u is not None and f"banner:{u.label}:banner-of-glory" in c.this_combat)


def _fights(ability: UnitAbility) -> bool:
    return any(e.type in ATTACKS or e.type == "block" for e in ability.effects)


def _glory_fame(c: Combat, t: Tables, u: CombatUnit, ability: UnitAbility, events: list[Event]) -> None:
    """Banner of Glory (facts 3.3): Fame +1 whenever the Unit under it attacks or blocks (an
    activation with an attack or a block, once however many abilities it uses: our reading);
    thrown away, Fame +1 per Unit that attacks or blocks in this combat (each Unit once).
    Called before the ability is recorded as used."""
    if not _fights(ability):
        return
    if u.spent and any(_fights(a) for a in t.unit[u.unit].abilities if a.key in u.used):
        return  # the same activation already fought (Delphana Masters)
    under = f"banner:{u.label}:banner-of-glory" in c.this_combat
    once = GLORY_FAME + u.label
    thrown = "glory:all" in c.this_combat and once not in c.this_combat
    if not (under or thrown):
        return
    if thrown:
        c.this_combat.append(once)
    c.fame += 1
    events.append(Event("fame", f"Fame +1: the {u.label} fight under the Banner of Glory", data={"unit": u.label}))


def add_unit_bonus(c: Combat, value: int, events: list[Event]) -> None:
    """A card's ``unit-bonus`` (Into the Heat, Banner of Glory): every attack and block of your
    Units this combat is ``value`` higher, those already played but not yet used too."""
    c.unit_bonus += value
    c.pool = [(k, el, v + value, sd, s) if s >= 0 and (k in ATTACKS or k == "block") else (k, el, v, sd, s)
              for k, el, v, sd, s in c.pool]
    c.cached = None
    events.append(Event("effect", f"your Units get +{value} to their attacks and blocks this combat",
                        data={"effect": "unit-bonus", "value": value}))


def _become(c: Combat, item: Item) -> Item:
    """An attack as the Altem Mages' black ability makes it: Cold Fire, or Siege as well."""
    kind, element, value, swift_double, source = item
    if kind not in ATTACKS or not c.attacks_become:
        return item
    if c.attacks_become == "cold-fire":
        return (kind, "cold-fire", value, swift_double, source)
    return ("siege", element, value, swift_double, source)


def _strongest(c: Combat, t: Tables, i: int) -> int:
    """The attack an attack reduction applies to: the strongest not yet blocked (our reading)."""
    e = c.enemies[i]
    attacks = t.enemy[e.token].attacks
    open_ = [a for a in range(len(attacks)) if not e.blocked[a]] or list(range(len(attacks)))
    return max(open_, key=lambda a: attacks[a].value - e.reduction[a])


def activate(c: Combat, t: Tables, u: CombatUnit, ability: UnitAbility, target: int, events: list[Event]) -> None:
    """Activate a Unit's ability: pay its mana, spend the Unit, give its effects."""
    pay(c, ability.mana)
    if c.this_combat:
        _glory_fame(c, t, u, ability, events)
    if u.spent:  # a further ability of the same activation (Delphana Masters)
        u.used.append(ability.key)
    else:
        u.spent, u.used, u.activated_in = True, [ability.key], c.phase
    unit = t.unit[u.unit]
    if unit.influence_in_assault and c.site_fortified and not u.paid:
        u.paid = True
        c.influence -= unit.influence_in_assault
        events.append(Event("influence", f"{unit.influence_in_assault} Influence paid to use the {unit.name} in "
                            "an assault", data={"unit": u.label}))
    events.append(Event("activate", f"the {unit.name} ({u.label}) use {ability.key}",
                        data={"unit": u.label, "ability": ability.key}))
    for n, effect in enumerate(ability.effects):
        if n == 0 and ability.boosted_by and u.token == ability.boosted_by:
            effect = effect.model_copy(update={"value": ability.boosted})
        if effect.type == "self-wound":
            u.wounds += 1
            c.wounds_dealt += 1
            events.append(Event("unit-wounded", f"the {unit.name} ({u.label}) become Wounded", data={"unit": u.label}))
        elif effect.type == "reputation":
            c.reputation += effect.value
        else:
            apply_effect(c, t, effect, target, ability.mana, events, u)
