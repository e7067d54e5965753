"""TURN SEQUENCE: the start of a turn (King of the Hill Units pay out) and its end (the turn
passes on, or the game ends)."""

from __future__ import annotations

from ...engine import Event
from . import ending
from .effects import resolve_effects
from .names import pname
from .state import MMState, add_all
from .tables import Tables


def start_turn(t: Tables, s: MMState, events: list[Event]) -> None:
    """TURN SEQUENCE ("players take turns in clockwise order"; the Development Phase comes
    first), ENDING THE GAME (the final turns start with the first player's turn) and King of
    the Hill Locations ("if your Unit is still on the Location at the start of your turn,
    return it to your Lodgings and immediately gain the benefit")."""
    s.turn += 1
    ending.start_final_turns(s)
    s.phase = "develop"
    events.append(Event("turn", f"Turn {s.turn}: {pname(s.current)}", s.current, {"turn": s.turn}))
    # King of the Hill: Units still on the Location return and pay out
    for loc, (who, units, opt) in sorted(s.koth.items()):
        if who != s.current:
            continue
        del s.koth[loc]
        p = s.players[who]
        add_all(p.lodgings, units)
        events.append(Event("koth", f"{pname(who)} still holds {t.locations[loc].name}", who,
                            {"location": t.locations[loc].id}))
        resolve_effects(t, s, who, t.locations[loc].options[opt].effects, events, location=loc)


def end_turn(t: Tables, s: MMState, events: list[Event]) -> None:
    """TURN SEQUENCE (the next player clockwise takes a turn after the Draw Phase) and ENDING
    THE GAME ("after all players have taken their final 2 turns, the game ends")."""
    s.groups = []
    s.open_group = None
    s.district_used = -1
    s.abilities_used = []
    s.activated = []
    s.completed_now = []
    s.defeated_now = 0
    s.to_draw = 0
    s.step = 0
    s.players[s.current].extra_draw = 0
    if ending.end_turn_counts_down(s):
        ending.finish(t, s, events)
        return
    s.current = (s.current + 1) % s.num_players
    s.phase = "start"
