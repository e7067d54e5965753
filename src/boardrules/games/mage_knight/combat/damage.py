"""Assigning damage: Units and the hero take Wounds. Rulebook excerpt, UNIT RESISTANCES
("Combat with enemies", "Player vs. Player") and the OFFENSIVE abilities Brutal, Poison,
Paralyze, Assassination and Vampiric; facts 4.3 (wounds, armor, knock-out)."""

from __future__ import annotations

from ....engine import BoardrulesError, Event
from ..content import Tables
from .elements import COLD_FIRE, FIRE, ICE, PHYSICAL, resists
from .enemies import attack, attack_value, has, says
from .state import LENT, MANA, Combat, CombatEnemy, CombatUnit

ALL_RESISTANCES = ("physical", "fire", "ice")
ELEMENTS = (PHYSICAL, FIRE, ICE, COLD_FIRE)


def unblocked_damage(t: Tables, e: CombatEnemy, a: int) -> int:
    """Brutal: if unblocked, it deals twice as much damage as its Attack value."""
    value = attack_value(t, e, a)
    return value * 2 if has(t, e, "brutal") else value


def unit_resistances(c: Combat, t: Tables, u: CombatUnit) -> tuple[str, ...]:
    """A Unit's resistances: all with Altem Guardians or Veil of Mist; a Banner of Protection
    under it adds Fire and Ice (facts 3.3); Force of Nature adds Physical (facts 3.1)."""
    if c.units_resist_all:
        return ALL_RESISTANCES
    res = t.unit[u.unit].resistances
    if not c.this_combat:
        return res
    physical = f"resist-physical:{u.label}" in c.this_combat  # Force of Nature
    if _banner(c, u, "banner-of-protection"):
        return tuple(r for r in ALL_RESISTANCES if r in res or r != "physical" or physical)
    if physical and "physical" not in res:
        return tuple(r for r in ALL_RESISTANCES if r in res or r == "physical")
    return res


def _banner(c: Combat, u: CombatUnit, banner: str) -> bool:
    """Whether the Banner ``banner`` lies under the Unit, not flipped (``Combat.this_combat``)."""
    return f"banner:{u.label}:{banner}" in c.this_combat


def unit_armor(c: Combat, t: Tables, u: CombatUnit) -> int:
    """A Unit's Armor: +1 with a Banner of Protection or of Glory under it, +1 with the Banner of
    Glory thrown away (facts 3.3)."""
    armor = t.unit[u.unit].armor
    if not c.this_combat:
        return armor
    return armor + _banner(c, u, "banner-of-protection") + _banner(c, u, "banner-of-glory") + \
        ("glory:all" in c.this_combat)


NO_UNIT_DAMAGE = "no-unit-damage"  # Into the Heat, in Combat.this_combat: no damage to Units this combat


def can_take_damage(c: Combat, t: Tables, u: CombatUnit) -> bool:
    """Damage may go to unwounded Units, ready or spent, that the combat lets the player use;
    not to one that already absorbed a resisted attack unwounded this combat; to Thugs only once
    2 Influence is paid in the combat (paid when damage is first assigned to them); never to a Unit
    of the offer lent to the combat (Call to Arms)."""
    if u.wounds or u.destroyed or u.resisted or c.this_combat and (NO_UNIT_DAMAGE in c.this_combat or
                                                                   LENT + u.label in c.this_combat):
        return False
    cost = t.unit[u.unit].influence_to_take_damage
    if cost and not u.paid and c.influence < cost:
        return False
    if c.units_allowed == "none":
        return False
    return c.units_allowed == "all" or u.label == c.chosen_unit


def _vampiric(t: Tables, e: CombatEnemy, n: int, events: list[Event], what: str) -> None:
    """Vampiric: +1 Armor for the rest of the combat per Unit its attacks wound and per Wound
    its attacks add to a hand."""
    if n and has(t, e, "vampiric"):
        e.armor_bonus += n
        events.append(Event("vampiric", f"{says(t, e, 'gain')} {n} Armor ({what})", data={"armor": n}))


def damage_unit(c: Combat, t: Tables, e: CombatEnemy, a: int, u: CombatUnit, events: list[Event]) -> None:
    """UNIT RESISTANCES, "Combat with enemies": a Unit assigned damage from an attack it resists
    first reduces it by its Armor without a Wound; if damage remains (or it does not resist)
    it is wounded and the damage is reduced by its Armor (again). Poison: two Wounds. Paralyze:
    a wounded Unit is destroyed."""
    unit = t.unit[u.unit]
    if unit.influence_to_take_damage and not u.paid:
        u.paid = True
        c.influence -= unit.influence_to_take_damage
        events.append(Event("influence", f"{unit.influence_to_take_damage} Influence paid to assign damage to the "
                            f"{unit.name} ({u.label})", data={"unit": u.label}))
    left = e.left[a]
    armor = unit_armor(c, t, u)
    if resists(unit_resistances(c, t, u), attack(t, e, a).element):
        left -= armor
        if left <= 0:
            u.resisted = True
            e.left[a] = 0
            events.append(Event("resisted", f"the {unit.name} ({u.label}) resist the attack unwounded",
                                data={"unit": u.label}))
            return
    if c.this_combat and _banner(c, u, "banner-of-fortitude"):  # the Wound and its side effects ignored
        c.this_combat.remove(f"banner:{u.label}:banner-of-fortitude")
        c.this_combat.append("fortitude-used:" + u.label)
        u.resisted = True  # it took its damage of this combat
        e.left[a] = max(0, left - armor)
        events.append(Event("resisted", f"the {unit.name} ({u.label}) ignore the Wound: Banner of Fortitude",
                            data={"unit": u.label}))
        return
    if has(t, e, "paralyze"):
        u.destroyed = True
        events.append(Event("destroyed", f"the {unit.name} ({u.label}) are paralyzed: destroyed",
                            data={"unit": u.label}))
    else:
        wounds = 2 if has(t, e, "poison") else 1
        u.wounds += wounds
        c.wounds_dealt += wounds
        events.append(Event("unit-wounded", f"the {unit.name} ({u.label}) take {wounds} Wound(s)",
                            data={"unit": u.label, "wounds": wounds}))
    _vampiric(t, e, 1, events, "a Unit wounded")
    e.left[a] = max(0, left - armor)


def damage_hero(c: Combat, t: Tables, e: CombatEnemy, a: int, events: list[Event]) -> None:
    """The hero takes a Wound into the hand per Armor point of damage, rounded up. Poison: one
    more Wound into the discard pile for each. Paralyze: discard every non-Wound card from the
    hand. Knock-out: once the Wounds taken into the hand this combat reach the unmodified Hand
    limit, discard every non-Wound card."""
    h = c.hero
    wounds = -(-e.left[a] // h.armor)
    e.left[a] = 0
    if wounds and c.this_combat and "veil-of-mist" in c.this_combat:  # the first Wound is ignored, side effects too
        c.this_combat.remove("veil-of-mist")
        wounds -= 1
        events.append(Event("ignored", "Veil of Mist: the hero ignores the first Wound", data={"wounds": 1}))
        if not wounds:
            return
    h.wounds_hand += wounds
    h.wounds_this_combat += wounds
    c.wounds_dealt += wounds
    events.append(Event("hero-wounded", f"the hero takes {wounds} Wound(s) into the hand", data={"wounds": wounds}))
    if has(t, e, "poison"):
        h.wounds_discard += wounds
        c.wounds_dealt += wounds
        events.append(Event("poison", f"Poison: {wounds} more Wound(s) into the discard pile", data={"wounds": wounds}))
    if wounds and has(t, e, "paralyze"):
        h.discard_non_wounds()  # (how many: the hero's to know until the cards reach the discard pile)
        events.append(Event("paralyze", "Paralyze: the hero discards every non-Wound card of the hand",
                            data={"non_wounds_discarded": True}))
    _vampiric(t, e, wounds, events, "Wounds added to a hand")
    if not h.knocked_out and h.wounds_this_combat >= h.hand_limit:
        h.knocked_out = True
        h.discard_non_wounds()
        events.append(Event("knocked-out", "the hero is knocked out: discards every non-Wound card of the hand",
                            data={"non_wounds_discarded": True}))


def _check(values: tuple[str, ...], allowed: tuple[str, ...], what: str) -> None:
    """Refuse what no Unit, attack or card can have, naming it."""
    for v in values:
        if v not in allowed:
            raise BoardrulesError(f"unknown {what} {v!r} (one of {', '.join(allowed)})")


def pvp_damage_to_wound(unit_armor: int, unit_res: tuple[str, ...], attack_elements: tuple[str, ...]) -> int:
    """UNIT RESISTANCES, "Player vs. Player": if the Unit resists at least one element in the
    opponent's attack, the opponent has to spend twice as much damage to wound it."""
    _check(unit_res, ALL_RESISTANCES, "Unit resistance")
    _check(attack_elements, ELEMENTS, "attack element")
    if unit_armor < 1:
        raise BoardrulesError(f"a Unit's Armor is at least 1, not {unit_armor}")
    resisted = any(resists(unit_res, el) for el in attack_elements)
    return unit_armor * 2 if resisted else unit_armor


def unit_ignores_opponent_effect(unit_res: tuple[str, ...], mana: tuple[str, ...]) -> bool:
    """UNIT RESISTANCES: a Fire-resistant Unit ignores non-Attack effects of opponents' red
    cards or Unit abilities powered by red mana; an Ice-resistant one blue ones (the
    player-versus-player stage calls this)."""
    _check(unit_res, ALL_RESISTANCES, "Unit resistance")
    _check(mana, MANA, "mana colour")
    return ("fire" in unit_res and "red" in mana) or ("ice" in unit_res and "blue" in mana)
