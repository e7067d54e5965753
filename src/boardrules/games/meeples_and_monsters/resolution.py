"""Resolution Steps of the Development and Main Phases: "You must now resolve each of the
Locations where you assigned meeples. You can resolve the Locations in the order of your
choice."

The player is asked for the order only when two orders can lead to different games, as far
as every player can tell (``order_matters``): the other seats see the question, so it never
depends on the Quests in hand. Otherwise the assignments are resolved in the order they were
made, without asking.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import add

from ...engine import Action, Event, shared_action
from .assignment import location_district
from .development import level_up_waits, resolve_capitol
from .main_phase import overrun_peasants, resolve_main_group
from .quests import quests_met
from .state import (
    BASIC_CLASSES,
    CORRUPTION,
    DISTRICTS,
    NO_MEEPLES,
    PEASANT,
    PRESTIGE,
    Group,
    MMState,
)
from .tables import OrderProfile, Tables

NOTHING = OrderProfile(False, False, False, False, False, False, NO_MEEPLES, NO_MEEPLES, NO_MEEPLES, True, False)
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
    game? Each assignment's effects are summed up in an ``OrderProfile``; two orders can only
    differ when one assignment reads what another changes:

    - drawing or discarding Quests, with a fight that could complete one, or a discard with
      another assignment that draws or discards Quests (two draws alone give the same cards);
    - returning meeples from the Lodgings to the bag, with another assignment that cleanses
      Corruption (which may take it from the Lodgings);
    - choosing a Prestige Unit from the supply, with another assignment that takes a Prestige
      Unit from the supply or may return one to it;
    - a kind the supply cannot cover for every gain still to come, with a meeple of that kind
      that may come back to the supply from another assignment. Every gain goes to the same
      player and waits on its card out of every other effect's reach, so otherwise the player
      gets what is left of the kind whichever gain comes last;
    - a Quest that may be in hand (judged from the unseen Quests: the hand is secret) that two
      fights could complete, or a once-a-turn Hero ability that two
      fights could trigger, when what it does draws or discards Quests or returns
      a meeple from the Units of the fight that triggers it; two Quests completed by different
      fights (completed in that order, which orders the Draw Phase effects of Ongoing Quests).

    Everything else a resolution does (VP, draws for this turn's Draw Phase, a Unit returned
    from its own place, overrun Peasants) adds up the same in any order."""
    fights = [g for g in pending if g.kind == "mon"]
    extra = _fight_profiles(t, s, fights) if fights else []
    if extra is None:
        return True
    # the common case: nothing draws, discards, chooses or returns anything, so nothing reads
    # what another resolution changes
    if not (any(pr.reads for more in extra for pr in more)
            or any(_plain_profile(t, g).reads for g in pending if g.kind != "mon")):
        return False
    profiles = [_group_profile(t, s, g) for g in pending]
    at = [i for i, g in enumerate(pending) if g.kind == "mon"]
    for i, more in zip(at, extra, strict=True):
        for pr in more:
            profiles[i] = _merge(profiles[i], pr)
    p = s.players[s.current]
    for i, pr in enumerate(profiles):
        if not pr.ordered:
            continue
        others = profiles[:i] + profiles[i + 1:]
        if pr.quests or pr.discards:
            # two draws give the same cards in the same order; a discard's choice changes
            if pr.discards and any(o.quests or o.discards for o in others):
                return True
            rivals = [g for g in fights if g is not pending[i]]
            if rivals and _could_complete(t, s, rivals):
                return True
        if pr.recycles and p.lodgings[CORRUPTION]:
            # cleansing reaches the Lodgings once the Tavern's Corruption is gone
            cleansed = sum(o.returns[CORRUPTION] for o in others if o.cleanses)
            if cleansed > p.tavern[CORRUPTION]:
                return True
        if pr.chooses and any(o.gains[k] or o.stock[k] or o.returns[k] for o in others for k in PRESTIGE):
            return True
    back = {k for pr in profiles for k, n in enumerate(pr.returns) if n}  # kinds that may come back
    for k in back:
        taken = sum(pr.gains[k] + pr.stock[k] for pr in profiles)
        if taken > s.supply[k]:
            if sum(1 for pr in profiles if pr.gains[k] or pr.stock[k] or pr.returns[k]) > 1:
                return True
    return False


def _unseen_defeat_quests(t: Tables, s: MMState) -> frozenset[int]:
    """The Quests completed by defeating a Monster that may be in the current player's hand or
    drawn: every one not in the face-up discard pile and not completed by anyone. Whether the
    order is asked is judged from these, never from the hand itself, because the other seats
    see the question and its answer: what every player knows gives nothing hidden away."""
    return t.defeat_quests.difference(s.quest_discard, *(p.completed for p in s.players))


def _could_complete(t: Tables, s: MMState, fights: list[Group]) -> bool:
    """Could one of ``fights`` complete a Quest that is in hand or could be drawn?"""
    unseen = _unseen_defeat_quests(t, s)
    return any(quests_met(t, g, g.ref) & unseen for g in fights)


def _plain_profile(t: Tables, g: Group) -> OrderProfile:
    """A Location's or Tower Room's own profile, without overrun Peasants."""
    if g.kind == "tower":
        return t.room_profile[g.option]
    return NOTHING if t.locations[g.ref].king_of_the_hill else t.loc_profile[g.ref][g.option]


def _group_profile(t: Tables, s: MMState, g: Group) -> OrderProfile:
    """What resolving one Location or Tower Room does (a fight's share comes from its Hero
    abilities and Quests: ``_fight_profiles``), overrun Peasants included."""
    if g.kind == "mon":
        return NOTHING
    if g.kind == "loc":
        loc = g.ref
        peasants = overrun_peasants(s, location_district(s, loc))
        if t.locations[loc].king_of_the_hill:
            profile = NOTHING  # it pays at your next turn
        else:
            profile = t.loc_profile[loc][g.option]
            if loc in s.stock:
                # Prestige Units from the Location's own stock, which no other place uses
                profile = profile._replace(stock=NO_MEEPLES)
    else:
        peasants = overrun_peasants(s, g.ref)
        profile = t.room_profile[g.option]
    if peasants:
        profile = profile._replace(gains=tuple(n + peasants * (k == PEASANT) for k, n in enumerate(profile.gains)))
    return profile


def _merge(a: OrderProfile, b: OrderProfile) -> OrderProfile:
    """One fight's profile: its Hero abilities' and Quests' effects together."""
    return OrderProfile(
        a.ordered or b.ordered, a.quests or b.quests, a.discards or b.discards, a.recycles or b.recycles,
        a.chooses or b.chooses, a.cleanses or b.cleanses, tuple(map(add, a.gains, b.gains)),
        tuple(map(add, a.stock, b.stock)), tuple(map(add, a.returns, b.returns)), a.only_vp and b.only_vp,
        a.reads or b.reads)


def _by_fight(profile: OrderProfile) -> bool:
    """Does it matter which fight triggers these effects? Only for Quests drawn or discarded
    (a later fight could complete one) or a meeple returned from that fight's Units."""
    return profile.quests or profile.discards or any(profile.returns)


def _fight_profiles(t: Tables, s: MMState, fights: list[Group]) -> list[list[OrderProfile]] | None:
    """For each fight, the profiles of the "hunt" abilities (once a turn) and the Quests its
    defeat could complete (any the player may hold, as far as the other seats know: the hand
    is secret, only its size is not); None when which fight triggers one can matter."""
    p = s.players[s.current]
    out: list[list[OrderProfile]] = [[] for _ in fights]
    levels, used = p.levels, s.abilities_used
    for k in BASIC_CLASSES:
        if not t.hunts[k][levels[k]] or HUNT_KEYS[k] in used:
            continue
        hunters = [i for i, g in enumerate(fights) if g.units[k]]
        if hunters:
            profile = t.hunt_profile[k][levels[k]]
            if len(hunters) > 1 and _by_fight(profile):
                return None  # with the first of these fights resolved, from its Units
            for i in hunters:  # whichever of them comes first (its gains counted with each)
                out[i].append(profile)
    held = len(p.quests)
    if not held:
        return out  # no Quest in hand (Quests drawn in this step: order_matters)
    unseen = _unseen_defeat_quests(t, s)
    met = [quests_met(t, g, g.ref) & unseen for g in fights]
    if len(fights) > 1:
        anyone = frozenset().union(*met)
        # Quests completed by different fights are completed in the order the fights resolve
        # (it takes two Quests in hand)
        if held > 1 and len(anyone) > 1 and sum(1 for m in met if m) > 1:
            return None
        for q in anyone & t.by_fight_quests:
            if sum(1 for m in met if q in m) > 1:
                return None  # the first of these fights resolved completes it, paid from its Units
    for i, m in enumerate(met):
        loud = m - t.quiet_quests  # a quiet Quest's bonus is the same whichever fight completes it
        if loud:
            out[i].append(_quests_profile(t, loud))
    return out


@lru_cache(maxsize=1024)
def _quests_profile(t: Tables, quests: frozenset[int]) -> OrderProfile:
    """The Quests' profiles together (whichever of them is in hand)."""
    profiles = [t.quest_profile[q] for q in sorted(quests)]
    return reduce(_merge, profiles[1:], profiles[0])
