"""ENTERING INTO DECLINE: one token per Region turns to its decline side, the rest and the
Special Power leave; only one Race in decline at a time (the older one leaves the map), with
the Spirit exception; Ghouls keep all their tokens."""

from __future__ import annotations

from ...engine import Event
from .queries import pname
from .setup import reveal_combos
from .state import GHOULS, NOBODY, NONE, SEAFARING, SPIRIT, SWState
from .tables import Tables

KEPT_IN_DECLINE = (SPIRIT, SEAFARING)  # badges that stay with the Race in decline (our reading)


def go_into_decline(t: Tables, s: SWState, player: int, events: list[Event]) -> None:
    p = s.players[player]
    race, power = p.race, p.power
    # "If you already had a race in decline, remove its tokens and banner first (Spirit exempt)"
    spirit = power == SPIRIT
    for old in [d for d in p.declines if (d[1] == SPIRIT) == spirit]:
        remove_race(t, s, player, old[0], old[1], events)
    if race == GHOULS and not s.started:
        # "all Ghoul tokens stay": the troops readied this turn go back where they were
        for r, n in s.lifted:
            s.tokens[r] += n
            s.hand[race] -= n
    s.lifted = []
    for r in s.regions_of(race):
        keep = s.tokens[r] if race == GHOULS else 1
        s.tray[race] += s.tokens[r] - keep
        s.tokens[r] = keep
        s.declined[r] = True
        s.hole[r] = s.hero[r] = False  # Holes-in-the-Ground and Heroes are removed
        s.camps[r] = 0  # and Encampments (Troll's Lairs and Fortresses stay)
        if s.dragon == r:
            s.dragon = NOBODY
    s.tray[race] += s.hand[race]
    s.hand[race] = 0
    if power not in KEPT_IN_DECLINE:
        badge_to_bottom(s, power)
    p.declines.append([race, power])
    reveal_combos(s)  # a banner or badge back on an emptied stack is offered again
    p.race = p.power = NONE
    p.combo_turns = 0
    p.holes_placed = 0
    events.append(Event("decline", f"{pname(player)}'s {t.combo_name(race, power)} go into decline", player,
                        {"race": t.races[race].id}))


def remove_race(t: Tables, s: SWState, player: int, race: int, power: int, events: list[Event]) -> None:
    """A Race in decline leaves the map: its tokens go back to the tray, its banner (and a badge
    it kept) to the bottom of their stacks."""
    p = s.players[player]
    for r in s.regions_of(race):
        s.tray[race] += s.tokens[r]
        s.owner[r], s.race[r], s.tokens[r], s.declined[r] = NOBODY, NONE, 0, False
        s.lair[r] = s.fortress[r] = False
    s.tray[race] += s.hand[race]
    s.hand[race] = 0
    p.declines = [d for d in p.declines if d[0] != race]
    s.race_deck.insert(0, race)
    s.race_seen += 1  # put back in view of everyone
    if power in KEPT_IN_DECLINE:
        badge_to_bottom(s, power)
    events.append(Event("remove", f"{pname(player)}'s {t.races[race].name} in decline leave the map", player,
                        {"race": t.races[race].id}))


def badge_to_bottom(s: SWState, power: int) -> None:
    """A badge goes to the bottom of its stack, in view of everyone."""
    s.power_deck.insert(0, power)
    s.power_seen += 1
