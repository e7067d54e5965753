"""1. DEVELOPMENT PHASE: the Capitol's two Locations (construction with its two options, and
level-up paying VP), Hero abilities of the Development Phase, slot bonuses, clean up."""

from __future__ import annotations

from ...engine import Action, Event
from .assignment import can_level_up, is_level_up
from .combat import meets
from .effects import end_waiting, resolve_effects
from .names import pname
from .setup import place_stock
from .state import BASIC_CLASSES, DISTRICTS, KINDS, NO_CARD, Group, MMState, add_all
from .tables import Tables

DONE = Action("done")


def vacant_slots(s: MMState) -> list[tuple[int, int]]:
    return [(d, i) for d in range(len(DISTRICTS)) for i in range(3) if s.buildings[d][i] == NO_CARD]


def has_vacant_slot(s: MMState) -> bool:
    for row in s.buildings:  # noqa: SIM110 (a loop: no generator on the hot path)
        if NO_CARD in row:
            return True
    return False


def slot_name(d: int, i: int) -> str:
    return f"{DISTRICTS[d]}-{i + 1}"


def ability_actions(t: Tables, s: MMState) -> list[Action]:
    """Hero card abilities usable now: once per turn each ("Basic Unit abilities printed on
    their Hero cards are once per turn effects")."""
    p = s.players[s.current]
    tavern, levels, used = p.tavern, p.levels, s.abilities_used
    out = []
    for k in BASIC_CLASSES:
        # (Units of the class needed, once-per-turn key, action) of its Development abilities
        for need, key, action in t.develop_uses[k][levels[k]]:
            if tavern[k] >= need and key not in used:
                out.append(action)
    return out


def capitol_actions(t: Tables, s: MMState) -> list[Action]:
    tavern, activated = s.players[s.current].tavern, s.activated
    out = []
    can_construct = bool(s.face_up) and has_vacant_slot(s)
    for loc, options in t.capitol_options:
        if loc in activated:
            continue  # "You may only assign to 1 of the 2 options at this Location"
        for action, needs, constructs, level_up in options:
            if constructs and not can_construct:
                continue  # "no more Locations can be constructed"
            if can_level_up(t, s) if level_up else meets(needs, tavern):
                out.append(action)
    return out


def develop_actions(t: Tables, s: MMState) -> list[Action]:
    """1. DEVELOPMENT PHASE, Assignment Step: Hero abilities, the Capitol Locations, done."""
    return ability_actions(t, s) + capitol_actions(t, s) + [DONE]


def use_ability(t: Tables, s: MMState, kind: int, timing: str, events: list[Event]) -> None:
    p = s.players[s.current]
    ability = next(a for a in t.abilities[kind][p.levels[kind]] if a.timing == timing)
    s.abilities_used.append(f"{timing}:{kind}")
    if timing == "exhaust":
        # move every meeple of this class from the Tavern to the Lodgings
        p.lodgings[kind] += p.tavern[kind]
        p.tavern[kind] = 0
    events.append(Event("ability", f"{pname(s.current)} uses the level {p.levels[kind]} {KINDS[kind].title()} ability",
                        s.current, {"kind": KINDS[kind], "level": p.levels[kind], "timing": timing}))
    resolve_effects(t, s, s.current, ability.effects, events)


def resolve_capitol(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    """Resolution Step of the Development Phase."""
    loc = g.ref
    option = t.locations[loc].options[g.option]
    player = s.current
    resolve_effects(t, s, player, option.effects, events, group=g)
    if option.constructs:
        s.stack.append(("build", player))
    if is_level_up(t, g):
        level_up(t, s, g, events)


def level_up(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    """The Training Grounds, resolved: pay the VP for the next Hero card of the assigned
    Unit's type. The VP may have come from a construction resolved earlier in this step; if it
    still cannot be paid ("you must be able to pay the VP"), there is no level-up and the Unit
    simply returns to the Lodgings at Clean Up."""
    player = s.current
    p = s.players[player]
    kind = next(k for k in range(9) if g.units[k])
    new = p.levels[kind] + 1
    cost = t.cost[kind][new]
    if p.vp < cost:
        events.append(Event("no-level-up", f"{pname(player)} cannot pay {cost} VP for the level {new} "
                            f"{KINDS[kind].title()} Hero card: no level-up this turn", player,
                            {"kind": KINDS[kind], "level": new, "cost": cost}))
        return
    p.vp -= cost
    p.levels[kind] = new
    events.append(Event("level-up", f"{pname(player)} pays {cost} VP for the level {new} {KINDS[kind].title()} "
                        "Hero card", player, {"kind": KINDS[kind], "level": new, "vp": -cost}))


def level_up_waits(t: Tables, s: MMState, g: Group) -> bool:
    """A level-up that cannot be paid yet while an unresolved construction could still pay
    for it: it is resolved after the construction (resolving it first could only cancel it)."""
    p = s.players[s.current]
    kind = next(k for k in range(9) if g.units[k])
    return p.vp < t.cost[kind][p.levels[kind] + 1] and any(
        not o.resolved and o.kind == "capitol" and t.constructs[o.ref][o.option] for o in s.groups)


def build(t: Tables, s: MMState, tile: int, d: int, i: int, events: list[Event]) -> None:
    """Construct a face-up Location on a vacant slot, then take the slot's bonus."""
    player = s.current
    s.face_up.remove(tile)
    s.buildings[d][i] = tile
    place_stock(t, s, tile)
    events.append(Event("build", f"{pname(player)} constructs {t.locations[tile].name} in {DISTRICTS[d].title()}",
                        player, {"location": t.locations[tile].id, "slot": slot_name(d, i)}))
    resolve_effects(t, s, player, t.slot_bonus.get((d, i), ()), events)


def development_clean_up(s: MMState) -> None:
    """Development Phase: Clean Up Step: return all the Units on the Capitol Locations to the
    Lodgings, "including any additional meeples generated by the assignment" (and those gained
    by Hero abilities, slot bonuses or King of the Hill since the turn began)."""
    p = s.players[s.current]
    for g in s.groups:
        add_all(p.lodgings, g.units)
    end_waiting(p)
    s.groups = []
