"""Assignment Steps: placing Units from the Tavern onto Locations, Monsters and Tower Rooms.

A compound assignment is a sequence of small decisions: open a place (``activate``,
``fight``, ``tower``), ``add`` Units one at a time, then ``confirm`` (only when the
requirement or the Monster's strength is met). A place is only offered when the Units in the
Tavern can meet it, and a Unit only while the place can still be met after it, so ``confirm``
is always reachable (``undo`` takes an assignment back).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress
from types import MappingProxyType

from ...engine import Action, Event
from .combat import (
    all_bonuses,
    best_roles_value,
    best_units_value,
    champion_available,
    combat_value,
    fits,
    meets,
    plain_value,
)
from .names import pname
from .state import (
    BASIC_CLASSES,
    BASIC_UNITS,
    CORRUPTION,
    DISTRICTS,
    KINDS,
    NO_CARD,
    PALADIN,
    PEASANT,
    SHAMAN,
    UNITS,
    Group,
    MMState,
    add_all,
)
from .tables import ANY, MONSTER_TYPES, PRESTIGE_NEED, VERSUS, Tables

CONFIRM, MORE = Action("confirm"), Action("more")
REINFORCE_KEYS = tuple(f"reinforce:{k}" for k in range(9))
REINFORCE, CHAMPION = Action("reinforce"), Action("champion")
NO_UNITS = Group("mon", 0)  # an empty Monster group
# the word of an "add" action -> (kind, the basic type a Shaman acts as, or -1): "knight",
# "shaman:mage"
ADD_WORDS = {KINDS[k]: (k, -1) for k in range(9)} | {
    f"shaman:{KINDS[r]}": (SHAMAN, r) for r in BASIC_UNITS}


def location_district(s: MMState, loc: int) -> int:
    """The district a Location stands in: the district of the slot it was built on (a tile
    may be constructed on any vacant slot)."""
    for d, row in enumerate(s.buildings):
        if loc in row:
            return d
    return -1


def needs_of(t: Tables, g: Group) -> tuple[int, ...]:
    if g.kind == "tower":
        return t.room_needs[g.option]
    return t.needs[g.ref][g.option]


def is_level_up(t: Tables, g: Group) -> bool:
    return g.kind == "capitol" and t.level_up[g.ref][g.option]


def level_up_kinds(t: Tables, s: MMState) -> list[int]:
    """Unit types you may level up: a basic class below level 3 whose next Hero card you can
    pay for ("you must be able to pay the VP to go to the next level"), counting the VP a
    construction resolved first in this Resolution Step could bring (``level_up_budget``)."""
    p = s.players[s.current]
    budget = level_up_budget(t, s)
    return [k for k in BASIC_CLASSES if p.tavern[k] and p.levels[k] < 3 and budget >= t.cost[k][p.levels[k] + 1]]


def can_level_up(t: Tables, s: MMState) -> bool:
    """Whether any Unit type may be leveled up now (``level_up_kinds`` is not empty)."""
    p = s.players[s.current]
    tavern, levels, vp, cost = p.tavern, p.levels, p.vp, t.cost
    cheapest = -1
    for k in BASIC_CLASSES:
        if tavern[k] and levels[k] < 3:
            c = cost[k][levels[k] + 1]
            if c <= vp:
                return True
            if cheapest < 0 or c < cheapest:
                cheapest = c
    # a construction's slot bonus could still pay (checked only when the best slot could)
    return 0 <= cheapest <= vp + t.max_slot_vp and level_up_budget(t, s) >= cheapest


def level_up_budget(t: Tables, s: MMState) -> int:
    """The VP you could have when the level-up is resolved. Development Phase: Resolution Step:
    "You can resolve the Locations in the order of your choice", so a construction assigned
    this turn (or still assignable) can be resolved first and its slot bonus VP can pay."""
    p = s.players[s.current]
    return p.vp + construction_vp(t, s)


def construction_vp(t: Tables, s: MMState) -> int:
    """The most VP a construction of this Development Phase could still bring through its
    slot bonus: 0 unless one is assigned and not yet resolved, or may still be assigned."""
    if not s.face_up:
        return 0
    for g in s.groups:
        if g.kind == "capitol" and not g.resolved and t.constructs[g.ref][g.option]:
            break
    else:
        if s.phase != "develop":
            return 0
        tavern = s.players[s.current].tavern
        for loc, needs in t.construct_options:  # noqa: SIM110 (a loop: no generator on the hot path)
            if loc not in s.activated and meets(needs, tavern):
                break
        else:
            return 0
    best = 0
    for row, vps in zip(s.buildings, t.slot_vp_grid, strict=True):  # the best among the vacant slots
        for x, vp in zip(row, vps, strict=True):
            if x == NO_CARD and vp > best:
                best = vp
    return best


def reinforce_kinds(t: Tables, s: MMState, g: Group) -> list[int]:
    """Hero abilities that let a class bring one Peasant from the Lodgings when first assigned
    to a Monster this turn (the level 3 Warrior, FAQ)."""
    p = s.players[s.current]
    if g.reinforced or not p.lodgings[PEASANT]:
        return []
    levels = p.levels
    return [
        k for k, by_level in t.reinforcing
        if by_level[levels[k]] and g.units[k] and REINFORCE_KEYS[k] not in s.abilities_used
    ]


def winnable(t: Tables, s: MMState, g: Group, tavern: list[int]) -> bool:
    """Could ``g`` still reach its Monster's strength with the Units left in ``tavern``?"""
    return reachable(t, s, g, tavern) >= t.monsters[g.ref].strength


def peasant_can_join(t: Tables, s: MMState, g: Group, tavern: list[int]) -> bool:
    """Could a class with the "reinforce" ability (the level 3 Warrior) still bring a Peasant
    from the Lodgings to this fight (first time per turn, a Unit of the class assigned)?"""
    p = s.players[s.current]
    if not p.lodgings[PEASANT] or g.reinforced:
        return False
    levels = p.levels
    for k, by_level in t.reinforcing:
        if by_level[levels[k]] and (tavern[k] or g.units[k]) and REINFORCE_KEYS[k] not in s.abilities_used:
            return True
    return False


def reachable(t: Tables, s: MMState, g: Group, tavern: list[int]) -> int:
    """The best combat value ``g`` could reach with the Units left in ``tavern``."""
    champion = not g.champion and champion_available(t, s)
    return best_roles_value(t, s, s.current, g, tavern, g.ref, champion, peasant_can_join(t, s, g, tavern))


def tavern_reach(t: Tables, s: MMState) -> tuple[int, list[int], int] | None:
    """What all the Units in the Tavern could reach together against any Monster, as (the
    value that does not depend on the Monster, the "versus" bonus by Monster type, the
    Paladins, who gain the Monster's level), or None with no Units: a group's value depends
    on the Monster only through the Paladin's level and "versus" bonuses, so the rest is
    computed once for all the Monsters."""
    p = s.players[s.current]
    tavern = p.tavern
    if not any(tavern[:CORRUPTION]):
        return None
    champion, peasant = champion_available(t, s), peasant_can_join(t, s, NO_UNITS, tavern)
    if tavern[SHAMAN]:
        base, full, bonuses = best_units_value(t, s, s.current, NO_UNITS, tavern, champion, peasant)
        units = full.units
    else:  # the common case, without the Shaman's role search (combat.best_units_value)
        units = tavern[:]
        units[PEASANT] += peasant
        units[CORRUPTION] = 0
        bonuses = all_bonuses(t, s, s.current)
        base = plain_value(t, p.levels, units, bonuses) + (p.lodgings[CORRUPTION] if champion else 0)
    # "versus" bonuses by Monster type (combat.versus_bonus), then each Paladin gains the level
    versus = [0] * len(MONSTER_TYPES)
    for op, target, _, amount in bonuses:
        if op == VERSUS:
            versus[target] += amount
    levels = p.levels
    for kind in UNITS:
        if units[kind]:
            for mtype, amount in t.hero_versus[kind][levels[kind]]:
                versus[mtype] += amount
    return base, versus, units[PALADIN]


def group_met(t: Tables, s: MMState, g: Group) -> bool:
    """Is the place met: the Monster's strength matched, the Location's Units all assigned,
    or the one Unit of a level-up placed?"""
    if g.kind == "mon":
        return combat_value(t, s, s.current, g, g.ref) >= t.monsters[g.ref].strength
    if is_level_up(t, g):
        return sum(g.units) == 1
    return meets(needs_of(t, g), g.units)


def group_actions(t: Tables, s: MMState) -> list[Action]:
    """Assignment Step, one place at a time: the Units that may still be added, and confirm
    once the requirement or the Monster's strength is met (Combat with Monsters; FAQ)."""
    g = s.open_group
    assert g is not None
    p = s.players[s.current]
    tavern = p.tavern
    out: list[Action]
    if is_level_up(t, g):
        met = any(g.units)
        out = [] if met else [t.add_action[k] for k in level_up_kinds(t, s)]
    elif g.kind == "mon":
        # only additions after which the Monster can still be matched: no dead ends. Moving
        # a Unit from the Tavern to the group keeps the Units that could join the same, so
        # only the type a Shaman is given can spoil a winnable fight.
        met = group_met(t, s, g)
        out = list(compress(t.add_unit_action, tavern))  # every Unit kind in the Tavern
        if tavern[SHAMAN]:
            out.pop()  # "add shaman" (the last Unit kind): a Shaman is added with the role it takes
            left = tavern[:]
            left[SHAMAN] -= 1
            for role in BASIC_UNITS:
                trial = g.clone()
                trial.units[SHAMAN] += 1
                trial.roles.append(role)
                if met or winnable(t, s, trial, left):
                    out.append(t.add_shaman[role])
        if reinforce_kinds(t, s, g):
            out.append(REINFORCE)
        if not g.champion and champion_available(t, s):
            out.append(CHAMPION)
    else:
        # first the Units the requirement still needs; once it is met, extra Units after
        # ``more`` ("You may always assign more meeples than required to a Monster or
        # Location"): extras on a Location change nothing, so they wait behind one choice
        needs = needs_of(t, g)
        met = meets(needs, g.units)
        corruption_ok = CORRUPTION in needs
        if met and not g.extras:
            extra = any(tavern[:CORRUPTION]) or (corruption_ok and tavern[CORRUPTION])
            return [CONFIRM, MORE] if extra else [CONFIRM]
        if met:
            out = list(compress(t.add_action if corruption_ok else t.add_unit_action, tavern))
        else:
            out = [t.add_action[k] for k in _helpful(needs, g.units, tavern)]
    if met:
        out.append(CONFIRM)
    return out


def _helpful(needs: tuple[int, ...], units: list[int], tavern: list[int]) -> list[int]:
    """The kinds in ``tavern`` that would fill one more slot of an unmet requirement."""
    req, any_slots, simple = _requirement(needs)
    if simple and not units[SHAMAN]:
        # no Shaman and no "any Prestige Unit" slot: a kind helps while its own slots are
        # open, and any Unit helps while an "any Unit" slot is open
        surplus = 0
        for k in UNITS:
            if units[k] > req[k]:
                surplus += units[k] - req[k]
        any_open = surplus < any_slots
        out = []
        for k in range(9):
            if tavern[k]:
                if units[k] < req[k] or (any_open and k != CORRUPTION):
                    out.append(k)
                elif k == SHAMAN and any(units[b] < req[b] for b in BASIC_UNITS):
                    out.append(k)  # a Shaman may stand in for a basic Unit whose slots are open
        return out
    have = matched(needs, units)
    out = []
    for k in range(9):
        if tavern[k]:
            more = units[:]
            more[k] += 1
            if matched(needs, more) > have:
                out.append(k)
    return out


@lru_cache(maxsize=256)
def _requirement(needs: tuple[int, ...]) -> tuple[tuple[int, ...], int, bool]:
    """(slots of each kind, "any Unit" slots, whether counting is enough: no "any Prestige
    Unit" slot)."""
    return (tuple(needs.count(k) for k in range(9)), needs.count(ANY), PRESTIGE_NEED not in needs)


def fill_determined(t: Tables, s: MMState, events: list[Event]) -> bool:
    """When a Location or Tower Room is opened, assign at once the Units its requirement needs
    if only one set of Units can meet it (specific types only, no Shaman to stand in): the order
    in which they are placed is not a choice. Returns whether any Unit was placed."""
    g = s.open_group
    assert g is not None
    p = s.players[s.current]
    if g.kind == "mon" or p.tavern[SHAMAN] or g.units[SHAMAN] or is_level_up(t, g):
        return False
    needs = needs_of(t, g)
    req, any_slots, simple = _requirement(needs)
    if any_slots or not simple:
        return False
    units, tavern = g.units, p.tavern
    short = [(k, req[k] - units[k]) for k in _required_kinds(needs) if req[k] > units[k]]
    if not short:
        return False
    for k, n in short:
        if tavern[k] < n:
            return False
    for k, n in short:
        tavern[k] -= n
        units[k] += n
        events.extend([_auto_add(t, s.current, k)] * n)
    return True


_AUTO_ADD: dict[tuple[int, int], Event] = {}


def _auto_add(t: Tables, player: int, kind: int) -> Event:
    """The event of a Unit added because it was the only choice (made once per player and
    kind: events are immutable, so one can be shared)."""
    event = _AUTO_ADD.get((player, kind))
    if event is None:
        text = t.add_action[kind].text
        event = Event("auto", f"{pname(player)}: {text} (the only choice)", player, MappingProxyType({"action": text}))
        _AUTO_ADD[(player, kind)] = event
    return event


@lru_cache(maxsize=256)
def _required_kinds(needs: tuple[int, ...]) -> tuple[int, ...]:
    """The meeple kinds a requirement names, in kind order."""
    return tuple(k for k in range(9) if k in needs)


def matched(needs: tuple[int, ...], units: list[int]) -> int:
    """How many of the requirement's slots ``units`` can fill at once."""
    return _matched(needs, tuple(units))


@lru_cache(maxsize=1 << 16)
def _matched(needs: tuple[int, ...], units: tuple[int, ...]) -> int:
    best = 0

    def go(i: int, left: list[int], n: int) -> None:
        nonlocal best
        best = max(best, n)
        if i == len(needs) or best == len(needs):
            return
        for kind in range(9):
            if left[kind] and fits(needs[i], kind):
                left[kind] -= 1
                go(i + 1, left, n + 1)
                left[kind] += 1
        go(i + 1, left, n)

    go(0, list(units), 0)
    return best


def place_name(t: Tables, g: Group) -> str:
    """The place in running text: "the Tree Beast", "the Hollow King", "Colosseum"."""
    if g.kind == "mon":
        return t.monster_the[g.ref]
    if g.kind == "tower":
        return f"the {DISTRICTS[g.ref].title()} Tower Room {t.rooms[g.option].name}"
    return t.locations[g.ref].name


def apply_group(t: Tables, s: MMState, action: Action, events: list[Event]) -> None:
    g = s.open_group
    assert g is not None
    p = s.players[s.current]
    name = action.name
    if name == "add":
        k, role = ADD_WORDS[action.args[0]]
        p.tavern[k] -= 1
        g.units[k] += 1
        if k == SHAMAN and g.kind == "mon":
            g.roles.append(role)
    elif name == "reinforce":
        k = reinforce_kinds(t, s, g)[0]
        s.abilities_used.append(REINFORCE_KEYS[k])
        p.lodgings[PEASANT] -= 1
        g.units[PEASANT] += 1
        g.reinforced = True
        events.append(Event("reinforce", f"{pname(s.current)} also assigns a Peasant from the Lodgings "
                            f"({KINDS[k].title()} ability)", s.current, {"kind": KINDS[k], "target": g.target}))
    elif name == "champion":
        g.champion = True
    elif name == "more":
        g.extras = True
    elif name == "confirm":
        s.groups.append(g)
        s.open_group = None
        _on_confirm(t, s, g, events)
        counts = {KINDS[k]: n for k, n in enumerate(g.units) if n}
        units = ", ".join([f"{n} {kind}" for kind, n in counts.items()])
        events.append(Event("assign", f"{pname(s.current)} assigns {units} to {place_name(t, g)}",
                            s.current, {"target": g.target, "units": counts}))


def _on_confirm(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    if g.kind == "mon":
        # the level 3 Warrior: "the first time each turn you assign Warriors to a Monster"; a
        # later assignment of Warriors gets no Peasant, whether or not this one took it
        levels, used = s.players[s.current].levels, s.abilities_used
        for k, by_level in t.reinforcing:
            if g.units[k] and by_level[levels[k]] and REINFORCE_KEYS[k] not in used:
                used.append(REINFORCE_KEYS[k])
        return
    if g.kind in ("loc", "capitol"):
        loc = g.ref
        s.activated.append(loc)
        if g.kind == "loc":
            s.district_used = location_district(s, loc)
            holder = s.koth.get(loc)
            if holder is not None and holder[0] != s.current:
                # King of the Hill: placing any appropriate Unit removes the holder's Units
                other = s.players[holder[0]]
                add_all(other.lodgings, holder[1])
                del s.koth[loc]
                events.append(Event("koth", f"{pname(s.current)} knocks {pname(holder[0])} off "
                                    f"{t.locations[loc].name}", s.current,
                                    {"location": t.locations[loc].id, "removed": holder[0]}))


