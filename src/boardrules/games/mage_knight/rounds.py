"""The map's part of preparing a new round (facts 5.2): Day and Night alternate, the Source is re-rolled, the Advanced
Actions of the Unit offer are renewed from the standing monasteries, Units are readied, and face-down
ruins tokens are revealed at the start of a Day (ANCIENT RUINS "When Revealed")."""

from __future__ import annotations

from ...engine import Event
from .content import Tables
from .game_state import GameState
from .mana import roll_source
from .movement import start_day


def start_round(t: Tables, s: GameState, events: list[Event]) -> None:
    """Before every round except the first: flip the Day/Night board and re-roll the Source; the Advanced Actions lying
    in the Unit offer go to the bottom of their deck and each monastery not burned adds one
    (MONASTERY "Training", facts 5.2 step 2); every Unit is readied, wounded ones stay wounded
    (step 5); at the start of a Day face-down ruins tokens are revealed."""
    s.round += 1
    s.night = not s.night
    events.append(Event("round", f"round {s.round}: {'Night' if s.night else 'Day'}", data={"round": s.round,
                                                                                               "night": s.night}))
    roll_source(s)
    s.aa_deck[:0] = reversed(s.unit_offer_aa)  # the deck's top is its end
    s.unit_offer_aa = []
    for h in sorted(s.spaces):
        tile_id, i = s.spaces[h]
        if t.tile[tile_id].hexes[i].site == "monastery" and h not in s.burned and s.aa_deck:
            s.unit_offer_aa.append(s.aa_deck.pop())
    for p in s.players:
        for u in p.units:
            u[2] = False
    if not s.night:
        start_day(t, s, events)
