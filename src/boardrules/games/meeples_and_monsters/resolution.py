"""Resolution Steps of the Development and Main Phases: "You must now resolve each of the
Locations where you assigned meeples. You can resolve the Locations in the order of your
choice."

The player is asked for the order only when it can change the game. It cannot when no
resolution still to come reads or changes what another one does: no card is drawn or
discarded, no meeple returned from the Lodgings to the bag or chosen from the supply, the
supply holds enough for every gain still to come, no Quest could be completed by two of the
fights, and no once-a-turn Hero ability (``hunt``) could be triggered by two of them. Then the
assignments are resolved in the order they were made, without asking.
"""

from __future__ import annotations

from operator import add, gt

from ...engine import Action, Event, shared_action
from .development import level_up_waits, resolve_capitol
from .main_phase import resolve_main_group
from .quests import defeat_met
from .state import BASIC_CLASSES, DISTRICTS, PEASANT, Group, MMState
from .tables import OrderProfile, Tables

OVERRUN_MOST = 2  # Peasants an overrun district adds to one Location or Tower Room
HUNT_KEYS = tuple(f"hunt:{k}" for k in range(9))  # once-a-turn keys of the "hunt" abilities


def group_word(t: Tables, g: Group) -> str:
    """The word naming an assignment in a ``resolve`` action."""
    if g.kind == "mon":
        return t.monsters[g.ref].id
    if g.kind == "tower":
        return f"tower-{DISTRICTS[g.ref]}"
    return t.locations[g.ref].id


def resolve(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    g.resolved = True
    if s.phase == "develop-resolve":
        resolve_capitol(t, s, g, events)
    else:
        resolve_main_group(t, s, g, events)


def choices(t: Tables, s: MMState, pending: list[Group]) -> tuple[list[Group], bool]:
    """The assignments still to resolve (``pending``, in the order they were made) in the order
    to resolve them, and whether the player chooses which comes next. When the order cannot
    matter they are resolved in that order without asking (and it stays so for the rest of the
    step: resolving one of them changes nothing the others read); a level-up that must wait
    for a construction comes last."""
    if len(pending) < 2:
        return pending, False
    if s.phase == "develop-resolve":
        # the Capitol: a construction and a level-up at most (its two options exclude each
        # other). A level-up not yet payable waits for the construction, whose slot bonus may
        # pay for it; otherwise neither reads what the other changes.
        last = [g for g in pending if t.level_up[g.ref][g.option] and level_up_waits(t, s, g)]
        # a slot bonus that costs VP could make a payable level-up unpayable: then it is asked
        ask = (t.min_slot_vp < 0 and not last and any(t.level_up[g.ref][g.option] for g in pending)
               and any(t.constructs[g.ref][g.option] for g in pending))
        return [g for g in pending if g not in last] + last, ask
    return pending, order_matters(t, s, pending)


def resolve_actions(t: Tables, groups: list[Group]) -> tuple[Action, ...]:
    return tuple(shared_action("resolve", group_word(t, g)) for g in groups)


def order_matters(t: Tables, s: MMState, pending: list[Group]) -> bool:
    """Could the order in which ``pending`` (Main Phase assignments) are resolved change the
    game? See the module docstring for what is checked; everything else a resolution does
    (VP, draws for this turn's Draw Phase, a Unit returned from its own place, Corruption
    cleansed) adds up the same in any order."""
    p = s.players[s.current]
    gains = [0] * 9
    profiles: list[OrderProfile] = []  # their gains and Prestige Units come from the supply
    fights: list[Group] = []
    for g in pending:
        kind = g.kind
        if kind == "loc":
            gains[PEASANT] += OVERRUN_MOST
            if not t.locations[g.ref].king_of_the_hill:
                profile = t.loc_profile[g.ref][g.option]
                if g.ref in s.stock:
                    # Prestige Units from the Location's own stock, which no other place uses
                    if profile.ordered:
                        return True
                    gains[:] = map(add, gains, profile.gains)
                else:
                    profiles.append(profile)
        elif kind == "tower":
            gains[PEASANT] += OVERRUN_MOST
            profiles.append(t.room_profile[g.option])
        else:
            fights.append(g)
    if fights:
        levels, used = p.levels, s.abilities_used
        for k in BASIC_CLASSES:
            if not t.hunts[k][levels[k]] or HUNT_KEYS[k] in used:
                continue
            hunters = sum(1 for g in fights if g.units[k])
            if hunters:
                profile = t.hunt_profile[k][levels[k]]
                if hunters > 1 and not profile.only_vp:
                    return True  # once a turn, with the first of these fights resolved
                profiles.append(profile)
        # a Quest matters if two fights could complete it, or if its bonus could interact
        quiet, several = t.quiet_quests, len(fights) > 1
        held = [q for q in p.quests if q in t.defeat_quests and (several or q not in quiet)]
        if held:
            completable: set[int] = set()
            for g in fights:
                for q in held:
                    if defeat_met(t, q, g, g.ref):
                        if q in completable:
                            return True  # two fights could complete it: the first resolved does
                        completable.add(q)
                        profiles.append(t.quest_profile[q])
    for profile in profiles:
        if profile.ordered:
            return True
        gains[:] = map(add, gains, profile.gains)
        gains[:] = map(add, gains, profile.stock)
    # with enough in the supply for every gain, no gain runs short whatever the order
    return any(map(gt, gains, s.supply))
