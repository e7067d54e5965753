"""Combat with Monsters: combat values and every kind of combat value bonus; Location
requirements. Rulebook: MAIN PHASE, "Combat with Monsters", "Units", the FAQ on assigning, and
the icon glossary's combat value entries."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from .state import (
    BASIC_UNITS,
    CORRUPTION,
    PALADIN,
    PEASANT,
    RANGER,
    SHAMAN,
    UNITS,
    Group,
    MMState,
)
from .tables import ANY, BOOST, PAIR, PRESTIGE_NEED, VERSUS, Bonus, Tables


def fits(need: int, kind: int) -> bool:
    """Can a meeple of ``kind`` fill a requirement slot ``need``?

    A Shaman "can be used as any basic Unit type for the purposes of activating Locations"
    (Units, Prestige Units).
    """
    if need == kind:
        return True
    if need == ANY:
        return kind != CORRUPTION
    if need == PRESTIGE_NEED:
        return kind in (RANGER, PALADIN, SHAMAN)
    return kind == SHAMAN and need in BASIC_UNITS


def meets(needs: tuple[int, ...], units: list[int]) -> bool:
    """Whether ``units`` include the meeples a requirement depicts (extras are allowed)."""
    counts, units_needed, any_units, prestige = _shape(needs)
    if not units[SHAMAN] and not prestige:
        # no Shaman to stand in and no "any Prestige" slot: counting is enough
        for kind, n in counts:
            if units[kind] < n:
                return False
        return not any_units or sum(units[:CORRUPTION]) - units_needed >= any_units
    return _match(needs, 0, units[:])


@cache
def _shape(needs: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], int, int, int]:
    """(kind, count) for each specific kind, the Units those take, and the "any Unit" and
    "any Prestige Unit" slots."""
    kinds = sorted({n for n in needs if n < 9})
    counts = tuple((k, needs.count(k)) for k in kinds)
    units_needed = sum(n for k, n in counts if k != CORRUPTION)
    return counts, units_needed, needs.count(ANY), needs.count(PRESTIGE_NEED)


def _match(needs: tuple[int, ...], i: int, left: list[int]) -> bool:
    if i == len(needs):
        return True
    need = needs[i]
    for kind in range(9):
        if left[kind] and fits(need, kind):
            left[kind] -= 1
            if _match(needs, i + 1, left):
                return True
            left[kind] += 1
    return False


def champion_available(t: Tables, s: MMState) -> bool:
    """A "champion" Location bonus assigned this turn and not yet given to a Unit."""
    for g in s.groups:
        if g.champion:
            return False
    for g in s.groups:
        if g.kind == "loc":
            for e in t.locations[g.ref].options[g.option].effects:
                if e.champion is not None:
                    return True
    return False


def members_of(group: Group) -> list[tuple[int, int]]:
    """(kind, acting type) for every Unit in a Monster group: a Shaman acts as the basic type
    chosen when it was assigned (itself when none was chosen)."""
    out: list[tuple[int, int]] = []
    roles = iter(group.roles)
    for kind in UNITS:
        for _ in range(group.units[kind]):
            out.append((kind, next(roles, SHAMAN) if kind == SHAMAN else kind))
    return out


def all_bonuses(t: Tables, s: MMState, player: int) -> list[Bonus]:
    """Every combat value bonus that applies to ``player``'s assignments now: standing ones
    (defeated Monsters, completed Ongoing Quests) and the Locations assigned this turn."""
    p = s.players[player]
    out: list[Bonus] = []
    for m in p.defeated:
        out += t.mon_bonuses[m]
    for q in p.completed:
        out += t.quest_bonuses[q]
    for g in s.groups:
        if g.kind == "loc":
            out += t.loc_bonuses[g.ref][g.option]
    return out


def combat_value(t: Tables, s: MMState, player: int, group: Group, monster: int,
                 bonuses: list[Bonus] | None = None) -> int:
    """The combined combat value of ``group`` against ``monster`` (Combat with Monsters).

    Each Unit: its base combat value from its Hero card (level 1 printed on the Player board;
    a Shaman acting as another type keeps its own card), plus boosts to its type; "pair"
    boosts when assigned with the other type; "versus" bonuses once per Monster of that type;
    a Paladin gains the Monster's level; one Unit may take the champion bonus.
    """
    if not any(group.units[:CORRUPTION]):
        # bonuses belong to Units: "versus" and champion bonuses need Units to be assigned
        return 0
    if bonuses is None:
        bonuses = all_bonuses(t, s, player)
    return units_value(t, s, player, group, bonuses) + monster_bonus(t, s, player, group, monster, bonuses)


def units_value(t: Tables, s: MMState, player: int, group: Group, bonuses: list[Bonus]) -> int:
    """The part of a group's combat value that does not depend on the Monster."""
    if group.units[SHAMAN]:
        return units_value_by_unit(t, s, player, group, bonuses)
    p = s.players[player]
    total = plain_value(t, p.levels, group.units, bonuses)
    if group.champion:
        total += p.lodgings[CORRUPTION]
    return total


def plain_value(t: Tables, levels: list[int], units: list[int], bonuses: list[Bonus]) -> int:
    """``units_value`` without a Shaman or the champion bonus: every Unit acts as its own
    type, so Units of one type can be counted together."""
    combat, hero = t.combat, t.hero_plain
    total = 0
    for k in UNITS:
        n = units[k]
        if n:
            level = levels[k]
            total += n * combat[k][level]
            # Hero card bonuses count for real Units of that class (its boosts, and its pairs
            # when the partner type is assigned too)
            for op, partner, amount in hero[k][level]:
                if op == BOOST or partner == -1 or units[partner]:
                    total += amount * n
    for op, target, partner, amount in bonuses:
        if op == BOOST:
            total += amount * (sum(units[:CORRUPTION]) if target == -1 else units[target])
        elif op == PAIR:
            for k in UNITS if target == -1 else (target,):
                if units[k] and (partner == -1 or (units[partner] if partner != k else units[k] >= 2)):
                    total += amount * units[k]
    return total


def units_value_by_unit(t: Tables, s: MMState, player: int, group: Group, bonuses: list[Bonus]) -> int:
    """``units_value`` Unit by Unit, for groups with Shamans acting as other types."""
    p = s.players[player]
    members = members_of(group)
    acting = {a for _, a in members} | {k for k, _ in members}
    levels = p.levels
    combat = t.combat
    total = 0
    for kind, act in members:
        total += combat[kind][levels[kind]]
        for op, target, partner, amount in bonuses:
            if op == BOOST:
                if target == -1 or target in (kind, act):
                    total += amount
            elif op == PAIR and (target == -1 or target in (kind, act)):
                if partner == -1 or partner in acting and _has_other(members, partner, kind, act):
                    total += amount
    total += _hero_card_bonuses(t, levels, group.units, acting)
    if group.champion:
        total += p.lodgings[CORRUPTION]
    return total


def _hero_card_bonuses(t: Tables, levels: list[int], units: list[int], acting: set[int]) -> int:
    """Hero card bonuses count for real Units of that class only (Shaman NOTE)."""
    total = 0
    for kind in UNITS:
        if units[kind]:
            for op, _, partner, amount in t.hero_bonus_tuples[kind][levels[kind]]:
                if op == BOOST or op == PAIR and (partner == -1 or partner in acting):
                    total += amount * units[kind]
    return total


def monster_bonus(t: Tables, s: MMState, player: int, group: Group, monster: int, bonuses: list[Bonus]) -> int:
    """The part that depends on the Monster: each Paladin gains its level; "versus" bonuses
    count once against each Monster of their type (Hero card ones when that class is there)."""
    return (group.units[PALADIN] * t.monsters[monster].level
            + versus_bonus(t, s, player, group, t.mon_type[monster], bonuses))


def versus_bonus(t: Tables, s: MMState, player: int, group: Group, mtype: int, bonuses: list[Bonus]) -> int:
    """The "versus" bonuses against a Monster type: once per Monster, whatever the Units."""
    total = 0
    for op, target, _, amount in bonuses:
        if op == VERSUS and target == mtype:
            total += amount
    levels = s.players[player].levels
    for kind in UNITS:
        if group.units[kind]:
            for op, target, _, amount in t.hero_bonus_tuples[kind][levels[kind]]:
                if op == VERSUS and target == mtype:
                    total += amount
    return total


def _has_other(members: list[tuple[int, int]], partner: int, kind: int, act: int) -> bool:
    """Is there a Unit acting as ``partner`` besides the one receiving the bonus?"""
    seen_self = False
    for k, a in members:
        if partner in (k, a):
            if k == kind and a == act and not seen_self:
                seen_self = True
                continue
            return True
    return False


def best_units_value(t: Tables, s: MMState, player: int, group: Group, extra: list[int],
                     champion: bool, extra_peasant: bool) -> tuple[int, Group, list[Bonus]]:
    """The best Monster-free part of the combat value ``group`` could reach if the Units
    ``extra`` joined it (Shamans among them acting as the best basic types), with the group
    it assumes and the bonuses in force."""
    g = group.clone()
    g.units = [a + b for a, b in zip(group.units[:CORRUPTION], extra[:CORRUPTION], strict=True)] + group.units[CORRUPTION:]
    if extra_peasant:
        g.units[PEASANT] += 1
    g.champion = group.champion or champion
    bonuses = all_bonuses(t, s, player)
    if not any(g.units[:CORRUPTION]):
        return 0, g, bonuses
    best = 0
    # each Shaman may act as a different basic type ("each Shaman can be a Unit of any type"):
    # mixed roles matter when one Shaman gives another a "pair" bonus
    for roles in combinations_with_replacement(BASIC_UNITS, extra[SHAMAN]):
        g.roles = group.roles + list(roles)
        best = max(best, units_value(t, s, player, g, bonuses))
    return best, g, bonuses


def best_roles_value(t: Tables, s: MMState, player: int, group: Group, extra: list[int], monster: int,
                     champion: bool, extra_peasant: bool) -> int:
    """The highest combat value ``group`` could reach against ``monster`` if the Units
    ``extra`` joined it: used to offer only the fights, and the additions, that can still be
    won (FAQ: "If you cannot match the Monsters strength, then you cannot assign to them")."""
    best, g, bonuses = best_units_value(t, s, player, group, extra, champion, extra_peasant)
    if not any(g.units[:CORRUPTION]):
        return 0
    return best + monster_bonus(t, s, player, g, monster, bonuses)
