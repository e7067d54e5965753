"""3. DRAW PHASE, steps 1 to 9, with the Dark Council Arrives cards and the final turns."""

from __future__ import annotations

from types import MappingProxyType

from ...engine import Action, Event, shared_action
from .effects import draw_meeples, end_waiting, resolve_effects
from .names import The, pname
from .quests import check_tavern_quests
from .setup import FACE_UP_LOCATIONS
from .state import CORRUPTION, DISTRICTS, NO_CARD, MMState, move_all
from .tables import Tables

BASE_DRAW = 4
ONE_MEEPLE = MappingProxyType({"n": 1})


def shift_monsters(s: MMState) -> None:
    """Step 1: shift the Monsters of each district down to the lowest-numbered slots."""
    for d, row in enumerate(s.monsters):
        a, b, c = row  # the district's 3 Monster slots
        if (a == NO_CARD and (b != NO_CARD or c != NO_CARD)) or (b == NO_CARD and c != NO_CARD):
            kept = [m for m in row if m != NO_CARD]
            s.monsters[d] = kept + [NO_CARD] * (len(row) - len(kept))


def place_monster(s: MMState, monster: int, d: int) -> None:
    row = s.monsters[d]
    row[row.index(NO_CARD)] = monster


def council_arrives(t: Tables, s: MMState, events: list[Event]) -> None:
    """Steps 3 and 5: the first and second cards add a Corruption to every bag and let every
    other player draw a meeple; the third triggers the final turns."""
    s.council_drawn += 1
    n = s.council_drawn
    if n >= 3:
        s.third_drawn = True
        events.append(Event("council", "The third Dark Council Arrives card is drawn: the final turns are coming, "
                            "and the Dark Overlords may now be fought", None, {"n": n}))
        return
    events.append(Event("council", f"Dark Council Arrives ({n} of 3): a Corruption goes into every bag", None,
                        {"n": n}))
    # from the active player, clockwise: it matters only when the supply runs short
    for i in range(s.num_players):
        if s.supply[CORRUPTION]:
            s.supply[CORRUPTION] -= 1
            s.players[(s.current + i) % s.num_players].bag[CORRUPTION] += 1
    for i in range(s.num_players):
        if i != s.current:
            draw_meeples(s, i, 1)
            events.append(Event("draw", f"{pname(i)} draws an additional meeple", i, ONE_MEEPLE))


def draw_count(s: MMState) -> int:
    """Step 4: 4 meeples; 5 once the first Dark Council Arrives card has been drawn; 6 once
    the second has."""
    return BASE_DRAW + min(s.council_drawn, 2)


def refill_monsters(t: Tables, s: MMState, events: list[Event]) -> bool:
    """Step 2: draw as many Monsters as were defeated this turn. Returns False when a choice
    of district is needed (its district is full)."""
    while s.to_draw > 0 and s.monster_deck:
        card = s.monster_deck.pop()
        if card in t.arrives:
            council_arrives(t, s, events)
            continue  # "set it aside and draw another Monster"
        s.to_draw -= 1
        d = t.mon_district[card]
        if NO_CARD in s.monsters[d]:
            place_monster(s, card, d)
            events.append(Event("monster", f"{The(t.monsters[card].name)} appears in {DISTRICTS[d].title()}", None,
                                {"monster": t.monsters[card].id, "district": DISTRICTS[d]}))
        elif any(NO_CARD in row for row in s.monsters):
            s.stack.append(("place", s.current, card))
            return False
        else:
            s.monster_deck.append(card)  # no slot anywhere: it stays on the deck
            s.to_draw = 0
    return True


def place_actions(t: Tables, s: MMState, card: int) -> list[Action]:
    return [
        shared_action("place", t.monsters[card].id, DISTRICTS[d])
        for d in range(len(DISTRICTS)) if NO_CARD in s.monsters[d]
    ]


def draw_phase(t: Tables, s: MMState, events: list[Event]) -> bool:
    """Run the Draw Phase from ``s.step``. Returns True when the turn is over."""
    player = s.current
    p = s.players[player]
    if s.step == 1:
        shift_monsters(s)
        s.to_draw = s.defeated_now
        s.step = 2
    if s.step == 2:
        if not refill_monsters(t, s, events):
            return False
        s.step = 4
    if s.step == 4:
        n = draw_count(s) + p.extra_draw
        got = draw_meeples(s, player, n)
        events.append(Event("draw", f"{pname(player)} draws {got} meeples into the Tavern", player, {"n": got}))
        s.step = 7
    if s.step == 7:
        # "Draw Phase" effects of Ongoing Quests, each once per turn
        s.step = 8
        for q in p.completed:
            quest = t.quests[q]
            # an Ongoing Quest's effect "does not come into play until the end of your turn"
            if quest.type == "ongoing" and quest.draw_phase and q not in s.completed_now:
                resolve_effects(t, s, player, quest.draw_phase, events)
        if s.stack:
            return False
    if s.step == 8:
        s.step = 9
        check_tavern_quests(t, s, player, events)
        if s.stack:
            return False
    if s.step == 9:
        while len(s.face_up) < FACE_UP_LOCATIONS and s.location_stack:
            s.face_up.append(s.location_stack.pop())
        # Units held back return to the Tavern "after your Draw Phase"
        if any(p.held):
            move_all(p.held, p.tavern)
        # meeples a Quest gave at step 7 or 8 leave its card: the Clean Up Step is past
        end_waiting(p)
        return True
    return False
