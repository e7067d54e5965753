"""2. MAIN PHASE: activating Locations (one district a turn, each once), overrun Peasants,
combat with Monsters and the Dark Council, Tower Rooms, resolution and clean up."""

from __future__ import annotations

from bisect import insort

from ...engine import Action, Event, shared_action
from .assignment import location_district, tavern_reach
from .combat import meets
from .development import DONE
from .effects import end_waiting, gain, resolve_effects
from .names import pname
from .quests import check_defeat_quests
from .state import (
    BASIC_CLASSES,
    CORRUPTION,
    DISTRICTS,
    KIND_INDEX,
    KINDS,
    NO_CARD,
    PEASANT,
    RANGER,
    SHAMAN,
    Group,
    MMState,
    add_all,
    move_all,
)
from .tables import Tables


def fought(s: MMState) -> set[int]:
    return {g.ref for g in s.groups if g.kind == "mon"}


def council_open(t: Tables, s: MMState, monster: int) -> bool:
    """The Dark Council can be assigned to once the third Dark Council Arrives card has been
    revealed; each Overlord once per player per game; the Henchman on any turn."""
    if not s.third_drawn:
        return False
    return t.monsters[monster].council == "henchman" or monster not in s.players[s.current].overlords


def main_actions(t: Tables, s: MMState) -> list[Action]:
    """MAIN PHASE, Assignment Step: the Locations of one district (each once per turn), the
    Monsters the Tavern can match (the Dark Council after the third card), Tower Rooms, done."""
    p = s.players[s.current]
    tavern = p.tavern
    out: list[Action] = []
    if any(tavern[:CORRUPTION]):
        used, activated, checks = s.district_used, s.activated, t.loc_checks
        simple = not tavern[SHAMAN]
        units = sum(tavern[:CORRUPTION])
        # Locations "in 1 of the 4 districts": once one is used, only its Locations
        for row in s.buildings if used == -1 else (s.buildings[used],):
            for loc in row:
                if loc == NO_CARD or loc in activated:
                    continue
                for action, need, k1, n1, k2, n2, all_units in checks[loc]:
                    if simple and all_units >= 0:
                        # no Shaman to stand in: counting is enough (combat.meets)
                        if tavern[k1] >= n1 and tavern[k2] >= n2 and units >= all_units:
                            out.append(action)
                    elif meets(need, tavern):
                        out.append(action)
        reach = tavern_reach(t, s)
        if reach is not None:
            # the Monsters the Tavern can match, not fought yet this turn ("Combat with
            # Monsters"; FAQ), then the Dark Council once open
            base, versus, paladins = reach
            done = fought(s) if s.groups else ()
            fight, mon_type, mon_level, strength = t.fight_action, t.mon_type, t.mon_level, t.mon_strength
            if paladins or any(versus):
                out += [fight[m] for row in s.monsters for m in row
                        if m != NO_CARD and base + versus[mon_type[m]] + paladins * mon_level[m] >= strength[m]
                        and m not in done]
            else:  # the common case: the same value against every Monster
                out += [fight[m] for row in s.monsters for m in row
                        if m != NO_CARD and base >= strength[m] and m not in done]
            if s.third_drawn:
                for m, _ in s.overlords:
                    if (m not in done and council_open(t, s, m)
                            and base + versus[mon_type[m]] + paladins * mon_level[m] >= strength[m]):
                        out.append(fight[m])
    if s.towers:
        taken = {g.ref for g in s.groups if g.kind == "tower"}
        for d, stack in enumerate(s.towers):
            if stack and d not in taken and meets(t.room_needs[stack[-1]], tavern):
                out.append(shared_action("tower", DISTRICTS[d]))
    out.append(DONE)
    return out


def why_main_phase_ends(t: Tables, s: MMState) -> str:
    """MAIN PHASE, Assignment Step: the words of the event when the step ends by itself (only
    "done" is left, ``main_actions``): what the Tavern holds and why it can do nothing more."""
    tavern = s.players[s.current].tavern
    head = f"{pname(s.current)}'s Main Phase ends by itself: "
    if not any(tavern[:CORRUPTION]):
        left = "only Corruption is left in the Tavern" if tavern[CORRUPTION] else "the Tavern is empty"
        return head + f"{left}, no Unit to assign"
    units = ", ".join(f"{n} {KINDS[k]}" for k, n in enumerate(tavern[:CORRUPTION]) if n)
    rooms = " nor any Tower Room" if s.towers else ""
    where = ("" if s.district_used == -1  # Locations "in 1 of the 4 districts", each once a turn
             else f" of the {DISTRICTS[s.district_used].title()} still to use this turn")
    done = fought(s)
    foes = [m for row in s.monsters for m in row if m != NO_CARD and m not in done]
    foes += [m for m, _ in s.overlords if m not in done and council_open(t, s, m)]
    monsters = "are too weak for every Monster left to fight" if foes else "have no Monster left to fight"
    return head + f"the Units left in the Tavern ({units}) meet no Location{where}{rooms} and {monsters}"


def monster_district(s: MMState, monster: int) -> int:
    """Using Overrun Locations: the district a Monster is present in now. It is not always the
    one printed on the card (Draw Phase step 2: a Monster drawn for a full district is placed
    in another one); -1 for the Dark Council, which is in no district."""
    return next((d for d, row in enumerate(s.monsters) if monster in row), -1)


def overrun_peasants(s: MMState, d: int) -> int:
    """Using Overrun Locations: 2 Monsters in the district add 1 Peasant, 3 add 2 — unless you
    assigned Units to a Monster in that district this turn ("a Monster in that district": the
    one present there, wherever its card says it arrives)."""
    present = sum(1 for m in s.monsters[d] if m != NO_CARD)
    if present < 2:
        return 0
    if any(gr.kind == "mon" and monster_district(s, gr.ref) == d for gr in s.groups):
        return 0
    return present - 1


def _overrun(t: Tables, s: MMState, d: int, g: Group, events: list[Event]) -> None:
    """Using Overrun Locations: the Peasants of ``overrun_peasants`` flee to your banner."""
    n = overrun_peasants(s, d)
    if not n:
        return
    got = gain(s, s.current, PEASANT, n, events)
    if got:
        events.append(Event("overrun", f"{DISTRICTS[d].title()} is overrun: {got} Peasant(s) flee to "
                            f"{pname(s.current)}'s banner", s.current, {"district": DISTRICTS[d], "n": got}))


def resolve_main_group(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    player = s.current
    if g.kind == "loc":
        loc = g.ref
        _overrun(t, s, location_district(s, loc), g, events)
        if not t.locations[loc].king_of_the_hill:  # King of the Hill pays at your next turn
            resolve_effects(t, s, player, t.locations[loc].options[g.option].effects, events,
                            group=g, location=loc, later=True)
    elif g.kind == "tower":
        d = g.ref
        room = s.towers[d].pop()
        _overrun(t, s, d, g, events)
        # kept in card order: which Tower Room was completed first this turn changes nothing
        insort(s.players[player].tower_rooms, room)
        events.append(Event("tower", f"{pname(player)} completes the Tower Room {t.rooms[room].name}", player,
                            {"room": t.rooms[room].id, "district": DISTRICTS[d]}))
        resolve_effects(t, s, player, t.rooms[room].effects, events, group=g, later=True)
    else:
        resolve_monster(t, s, g, events)


def resolve_monster(t: Tables, s: MMState, g: Group, events: list[Event]) -> None:
    """Resolving a Monster: its VP; +1 VP for each Monster defeated with Rangers; "hunt" Hero
    abilities; a Dark Overlord's bonus token; Quests completed by the defeat."""
    player = s.current
    p = s.players[player]
    m = g.ref
    mon = t.monsters[m]
    vp = mon.vp
    text = [f"+{mon.vp} VP"]
    if g.units[RANGER]:
        vp += 1
        text.append("+1 VP (Ranger)")
    for k in BASIC_CLASSES:
        if g.units[k] and f"hunt:{k}" not in s.abilities_used:
            for a in t.abilities[k][p.levels[k]]:
                if a.timing == "hunt":
                    s.abilities_used.append(f"hunt:{k}")
                    resolve_effects(t, s, player, a.effects, events, group=g, later=True)
    if mon.council is not None:
        token = next(tok for mm, tok in s.overlords if mm == m)
        if mon.council == "overlord":
            p.overlords.append(m)
        if token >= 0 and council_bonus_met(t, s, g, token):
            vp += t.bonuses[token].vp
            text.append(f"+{t.bonuses[token].vp} VP (Dark Council Bonus)")
    else:
        s.defeated_now += 1
    p.vp += vp
    events.append(Event("defeat", f"{pname(player)} defeats {t.monster_the[m]}: {', '.join(text)}", player,
                        {"monster": mon.id, "vp": vp}))
    check_defeat_quests(t, s, player, g, m, events)


def council_bonus_met(t: Tables, s: MMState, g: Group, token: int) -> bool:
    """Dark Council Bonus tokens: at least 2 or 3 *different* Unit types assigned whose Hero
    cards are at the token's level or higher (FAQ)."""
    bonus = t.bonuses[token]
    p = s.players[s.current]
    types = 0
    for k in range(8):
        if g.units[k]:
            level = p.levels[k] if k in BASIC_CLASSES else t.prestige_level[k] if k >= RANGER else 1
            if level >= bonus.level:
                types += 1
    return types >= bonus.types


def clean_up_monsters(t: Tables, s: MMState, events: list[Event]) -> None:
    """Clean Up Step, first part: defeated Monsters go to your defeated pile (the Dark Council
    stays), then their effects other than combat value boosts resolve. The meeples generated
    by this turn's assignments reach the Lodgings first ("together with any additional meeples
    generated by the assignment")."""
    player = s.current
    end_waiting(s.players[player])
    for g in s.groups:
        if g.kind != "mon":
            continue
        m = g.ref
        if t.monsters[m].council is not None:
            continue
        d = next(d for d in range(len(DISTRICTS)) if m in s.monsters[d])
        s.monsters[d][s.monsters[d].index(m)] = NO_CARD
        s.players[player].defeated.append(m)
        resolve_effects(t, s, player, t.monsters[m].effects, events, group=g, later=True)


def clean_up_units(t: Tables, s: MMState) -> None:
    """Clean Up Step, last part: assigned Units go to the Lodgings (those on a King of the Hill
    Location stay there; a "rest" Unit waits to return to the Tavern after the Draw Phase);
    then everything left in the Tavern, Corruption included, goes to the Lodgings."""
    p = s.players[s.current]
    for g in s.groups:
        units = g.units
        if g.kind == "loc":
            loc = g.ref
            if t.locations[loc].king_of_the_hill:
                s.koth[loc] = (s.current, units[:], g.option)
                continue
            for e in t.locations[loc].options[g.option].effects:
                if e.rest is not None:
                    k = KIND_INDEX[e.rest]
                    k = k if units[k] else SHAMAN if units[SHAMAN] else -1
                    if k >= 0:
                        units[k] -= 1
                        p.held[k] += 1
        add_all(p.lodgings, units)
    move_all(p.tavern, p.lodgings)
    s.groups = []
