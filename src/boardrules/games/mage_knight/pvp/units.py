"""The Units in a combat between heroes (pvp/combat.py; facts 3.4, UNIT RESISTANCES "Player vs.
Player"): the damage that wounds one, the abilities a Unit may use there (the Heroes' and the
Thugs' Influence, Delphana Masters' several abilities in one activation), and the effects on the
other hero's Units (Armor -N, "does not attack", resistances lost, destroyed, fortifications
ignored) with the Units that ignore them. Our readings are in docs/mage-knight/rules-choices.md
("Player versus player")."""

from __future__ import annotations

from typing import Any

from ....engine import Event
from ..cards.offers import unit_labels
from ..combat.damage import pvp_damage_to_wound, unit_ignores_opponent_effect
from ..content import Tables
from ..game_state import GameState
from .state import POINT_KINDS, PvPCombat, Side, destroyed, standing


def wound_cost(t: Tables, pvp: PvPCombat, target: Side, unit_id: str, label: str) -> int:
    """UNIT RESISTANCES "Player vs. Player", with the effects on that Unit this combat (Armor
    -N, never below 1; a resistance lost)."""
    unit = t.unit[unit_id]
    cut = sum(x[3] for x in pvp.on_units if x[0] == target.player and x[1] == label and x[2] == "armor")
    lost = [r for r in ("fire", "ice", "physical") if [target.player, label, f"lose-{r}", 0] in pvp.on_units]
    kept = () if [target.player, label, "lose-resistances", 0] in pvp.on_units else unit.resistances
    return pvp_damage_to_wound(max(1, unit.armor - cut), tuple(r for r in kept if r not in lost), pvp.elements)


# effects on one or all enemies that reach the other hero's Units here (rules-choices.md), and the
# specials that do: Demolish (site fortifications ignored), Chill (Fire Resistance lost)
ON_UNITS = ("armor-reduction", "prevent-attack", "remove-resistances", "destroy", "destroy-if-blocked")
IF_BLOCKED = "destroy-if-blocked"  # played in the Block step on a Unit whose attack is met (Delphana Masters)
BURNING_SHIELD = "burning-shield"  # Fire Block 4; if it blocks whole: Fire Attack 4 later, or (Exploding) a destroy
PVP_SPECIALS = ("demolish", "chill")
# what leaves the defender unfortified this combat: Demolish's "ignore site fortifications", and
# "loses its fortifications" (Expose, the Sorcerers, Delphana Masters: the one enemy is the hero)
UNFORTIFY = "remove-fortification"
FORTIFICATION_KINDS = ("demolish", UNFORTIFY)
INFLUENCE = "influence"  # played for the Heroes Units and the Thugs (facts 3.4), where one asks for it


def on_units(effects: tuple[Any, ...] | list[Any]) -> list[tuple[str, int, str]]:
    """What effects do to the other hero's Units: (kind, value, ``one`` or ``all``); a Unit's
    effect on an enemy is on one. Resistance Break's Armor -1 per resistance is counted on the
    Unit named (value 0 here); a fortification lost is the other hero's (``all``: no Unit named)."""
    out = []
    for e in effects:
        if e.type in ON_UNITS:
            out.append((e.type, e.value, getattr(e, "target", None) or "one"))
        elif e.type == UNFORTIFY:
            out.append((UNFORTIFY, 0, "all"))
        elif e.type == "special" and e.name in PVP_SPECIALS:
            out.append((e.name, e.value, "one" if e.name == "chill" else "all"))
        elif e.type == "special" and e.name == BURNING_SHIELD and not e.value:  # Exploding Shield
            out.append((IF_BLOCKED, 0, "one"))
    return out


def unit_targets(t: Tables, pvp: PvPCombat, player: int, colours: tuple[str, ...]) -> list[str]:
    """The other hero's Units an effect of ``player``'s can reach: UNIT RESISTANCES, a Fire
    Resistant Unit "ignores non-Attack effects of opponents' red cards or Unit abilities powered
    by red mana", an Ice Resistant one blue ones (``colours``: the card's, or the mana paid)."""
    return [label for unit_id, label, _ in standing(pvp, pvp.other(player))
            if not unit_ignores_opponent_effect(t.unit[unit_id].resistances, colours)]


Ability = tuple[list[tuple[str, str, int]], tuple[str, ...], list[tuple[str, int, str]]]


def heroes_cost(t: Tables, s: GameState, player: int, label: str) -> int:
    """Facts 3.4 "during an assault (or PvP attack) you must pay 2 Influence to use them": the
    Influence the attacker still has to pay to use that Heroes Unit in this combat (once a
    combat, as in an assault); the defender's Heroes are not in an attack of theirs (our
    reading, rules-choices.md): 0."""
    pvp = s.pvp
    p = s.players[player]
    cost = t.unit[p.units[unit_labels(p).index(label)][0]].influence_in_assault
    if pvp is None or player != pvp.attacker.player or label in pvp.attacker.paid:
        return 0
    return cost


def unit_ability(t: Tables, s: GameState, player: int, label: str, key: str, spent: bool = False) -> Ability | None:
    """A ready, unwounded Unit's ability that can be used here: its points (and Influence, and the
    Reputation it costs: Thugs), the mana it costs
    (facts 3.4: marked with a colour, that mana) and its effects on the other hero's Units
    (Amotep Freezers); Magic Familiars' value with the matching token on the card. None for
    other abilities, and for the attacker's Heroes Units until 2 Influence can be paid
    (``heroes_cost``). ``spent``: the Unit was just spent for this ability (its mana paid since)."""
    p = s.players[player]
    labels = unit_labels(p)
    if label not in labels:
        return None
    entry = p.units[labels.index(label)]
    unit = t.unit[entry[0]]
    if entry[1] or s.pvp is not None and destroyed(s.pvp, player, label):
        return None
    if entry[2] != spent and not (entry[2] and further_ability(t, s, player, label, key)):
        return None
    if not spent and s.pvp is not None and heroes_cost(t, s, player, label) > s.pvp.side(player).influence:
        return None
    ability = next((a for a in unit.abilities if a.key == key), None)
    if ability is None or any(e.type not in (*POINT_KINDS, *ON_UNITS, UNFORTIFY, INFLUENCE, "reputation")
                              for e in ability.effects):
        return None
    out: list[tuple[str, str, int]] = []  # points, Influence, and the Unit's Reputation (Thugs)
    for k, e in enumerate(ability.effects):
        value = e.value
        if k == 0 and ability.boosted_by and len(entry) > 3 and entry[3] == ability.boosted_by:
            value = ability.boosted
        if e.type in (*POINT_KINDS, INFLUENCE, "reputation"):
            out.append((e.type, e.element, value))
    return out, tuple(ability.mana), on_units(ability.effects)


ACTIVATION = "activation:"  # in ``Side.marks`` + "LABEL:PHASE:STEP:KEY": an ability of a Delphana Masters' activation


def activation_mark(t: Tables, s: GameState, pvp: PvPCombat, player: int, label: str, key: str) -> None:
    """A Unit that may use several abilities in one activation (Delphana Masters): the ability
    used, with the phase and step of the combat it was used in (``further_ability``)."""
    p = s.players[player]
    if t.unit[p.units[unit_labels(p).index(label)][0]].multi_ability:
        pvp.side(player).marks.append(f"{ACTIVATION}{label}:{pvp.phase}:{pvp.step}:{key}")


def further_ability(t: Tables, s: GameState, player: int, label: str, key: str) -> bool:
    """Facts 3.4 Delphana Masters "one activation may use several different abilities (each once,
    paying each mana)": between heroes one activation is the abilities used in the same phase and
    step (the side's attacks, or the Block step), as against enemies in the same phase
    (rules-choices.md); whether the spent Unit ``label`` may still use ``key`` in it."""
    pvp = s.pvp
    if pvp is None:
        return False
    used = [m.split(":")[2:] for m in pvp.side(player).marks if m.startswith(f"{ACTIVATION}{label}:")]
    return bool(used) and all(u[:2] == [pvp.phase, pvp.step] for u in used) and all(u[2] != key for u in used)


def influence_wanted(t: Tables, s: GameState, pvp: PvPCombat, side: Side) -> bool:
    """Whether Influence is worth playing for ``side`` now (facts 3.4): a ready, unwounded Heroes
    Unit of theirs still asks for more than they have played, or the other hero's unwounded
    Thugs that this side has not paid to wound yet (``thugs_cost``)."""
    p = s.players[side.player]
    if any(not u[1] and not u[2] and heroes_cost(t, s, side.player, label) > side.influence
           for label, u in zip(unit_labels(p), p.units, strict=True)):
        return True
    other = pvp.other(side.player)
    return any(not wounds and thugs_cost(t, side, unit_id, label) > side.influence
               for unit_id, label, wounds in standing(pvp, other))


THUGS_PAID = "wound:"  # in ``Side.paid``: the other hero's Thugs this side paid to wound


def thugs_cost(t: Tables, side: Side, unit_id: str, label: str) -> int:
    """Facts 3.4 Thugs: "you must pay 2 Influence in a combat to be allowed to assign damage to
    them". Between heroes the damage is spent by the side whose attack it is (UNIT RESISTANCES
    "the opponent has to spend ... damage"), so that side pays, once a combat for each of the
    other hero's Thugs (rules-choices.md); 0 once paid, and for every other Unit."""
    cost = t.unit[unit_id].influence_to_take_damage
    return 0 if THUGS_PAID + label in side.paid else cost


def no_attack(pvp: PvPCombat, player: int, label: str) -> bool:
    return [player, label, "no-attack", 0] in pvp.on_units


def _affect_units(t: Tables, pvp: PvPCombat, player: int, units: list[tuple[str, int, str]],
                  colours: tuple[str, ...], label: str, events: list[Event]) -> None:
    """Effects on the other hero's Units (our reading, rules-choices.md: the Units are the
    enemies an effect on enemies reaches here): Armor -N (never below 1) and "does not attack"
    for the rest of the combat, Chill's Fire Resistance lost; Demolish ignores the site
    fortifications (a wall counts as one, WALLS "Combat"; a keep). A Fire / Ice Resistant Unit
    ignores red / blue ones (UNIT RESISTANCES): an effect on all passes it by."""
    other = pvp.other(player)
    reached = unit_targets(t, pvp, player, colours)
    for kind, cut, target in units:
        if kind in FORTIFICATION_KINDS:
            if pvp.fortified:
                pvp.fortified = 0
                events.append(Event("unfortified", "site fortifications are ignored this combat" if kind == "demolish"
                                    else f"player {other.player + 1} loses their fortifications this combat", player))
            labels = []
        else:  # an effect on one with no Unit it can reach passes (the play's points go on)
            labels = reached if target == "all" else [label] if label else []
        for x in labels:
            unit_id = next(u[0] for u in other.units if u[1] == x)
            # Armor -1 per resistance of the Unit named (Resistance Break: a value of 0 here)
            value = cut or len(t.unit[unit_id].resistances)
            if kind == "armor-reduction":
                pvp.on_units.append([other.player, x, "armor", value])
                text = f"Armor -{value}"
            elif kind == "prevent-attack":
                if no_attack(pvp, other.player, x):
                    continue
                pvp.on_units.append([other.player, x, "no-attack", 0])
                text = "do not attack this combat"
            elif kind == IF_BLOCKED:  # destroyed if this melee attack is blocked whole (pvp._resolve)
                pvp.if_blocked.append([player, "destroy", x])
                text = "destroyed if the attack is blocked"
            elif kind == "destroy":  # the Unit is out of the combat, removed when it ends (pvp.finish_pvp)
                pvp.on_units.append([other.player, x, "destroyed", 0])
                pvp.side(player).fame += 1
                text = "destroyed"
            elif kind == "remove-resistances":
                if [other.player, x, "lose-resistances", 0] in pvp.on_units:
                    continue
                pvp.on_units.append([other.player, x, "lose-resistances", 0])
                text = "lose all their resistances this combat"
            else:  # chill
                if "fire" not in t.unit[unit_id].resistances or [other.player, x, "lose-fire", 0] in pvp.on_units:
                    continue
                pvp.on_units.append([other.player, x, "lose-fire", 0])
                text = "lose their Fire Resistance"
            events.append(Event("unit-affected", f"player {other.player + 1}'s {t.unit[unit_id].name} ({x}): {text}",
                                other.player, {"unit": x, "effect": kind}))
        if target == "all" and kind not in FORTIFICATION_KINDS:
            for x in sorted({u[1] for u in standing(pvp, other)} - set(reached)):
                events.append(Event("ignored", f"player {other.player + 1}'s {x} ignore the effect (UNIT RESISTANCES)",
                                    other.player, {"unit": x}))


__all__ = ["ACTIVATION", "INFLUENCE", "ON_UNITS", "THUGS_PAID", "activation_mark", "further_ability", "heroes_cost", "influence_wanted", "no_attack", "on_units", "thugs_cost", "unit_ability", "unit_targets", "wound_cost"]
