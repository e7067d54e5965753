"""Units' abilities with a ``special`` effect used outside combat (facts 3.4), registered by
"unit-id:ability-key" (``specials.unit_special``): the Foresters' terrain discount and the
Scouts' exploring further away. Each lasts the turn in ``PlayerState.lasting`` (in sight of
everyone, like the Unit activated: nothing here is hidden). And the Magic Familiars' upkeep at
the start of each round: a question to their owner (``GameState.asked``, answered through
``answers.py``): a crystal paid to keep them, or the Unit disbanded.
"""

from __future__ import annotations

from ...engine import Action, Event, IllegalActionError, shared_action
from .content import Tables
from .content_model import Effect
from .exploring import EXPLORE_REACH
from .game_state import BASIC, GameState, labels_of, remove_unit
from .specials import unit_special

FORESTERS_TERRAINS = ("forest", "hills", "swamp")
SCOUTS_REACH = 2


@unit_special("foresters:move")
def foresters(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event]) -> None:
    """Facts 3.4 Foresters: "Move 2 and forest/hills/swamp cost -1 this turn" (never below 0)."""
    p = s.players[player]
    p.lasting = (*p.lasting, *(("less", x, 1) for x in FORESTERS_TERRAINS))
    events.append(Event("terrain", "forest, hills and swamp cost 1 less Move this turn", player, {"unit": label}))


@unit_special("scouts:move")
def scouts_explore(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event]) -> None:
    """Facts 3.4 Scouts: "Move 2 and you may explore tiles 2 spaces away" (this turn)."""
    p = s.players[player]
    p.lasting = (*p.lasting, (EXPLORE_REACH, "", SCOUTS_REACH))
    events.append(Event("explore-reach", f"may explore tiles {SCOUTS_REACH} spaces away this turn", player,
                        {"unit": label}))


UPKEEP = "upkeep"  # GameState.asked: (owner, UPKEEP, the Unit's label) at the start of a round
UPKEEP_RULE = "Units"


def ask_upkeep(t: Tables, s: GameState, events: list[Event]) -> None:
    """Facts 3.4 Magic Familiars: "each round start pay a crystal to keep it or disband": each
    owner is asked for each such Unit, the last recruited first (so that disbanding one never
    shifts the label of one still to be asked)."""
    asks = []
    for i, p in enumerate(s.players):
        for label, u in reversed(list(zip(labels_of(p), p.units, strict=True))):
            if t.unit[u[0]].mana_token:
                asks.append((i, UPKEEP, label))
    s.asked = (*s.asked, *asks)


def upkeep_actions(s: GameState, player: int, label: str) -> list[Action]:
    """The answers: ``colour C`` (a crystal of C paid: the token on the card becomes C) for each
    colour of crystal the owner has, or ``disband LABEL``."""
    p = s.players[player]
    return [*(shared_action("colour", c) for c in BASIC if p.crystals[c]), shared_action("disband", label)]


def upkeep(t: Tables, s: GameState, player: int, label: str, a: Action, events: list[Event]) -> None:
    """The owner's answer to the upkeep of the Unit ``label``."""
    p = s.players[player]
    labels = labels_of(p)
    k = labels.index(label)
    name = t.unit[p.units[k][0]].name
    if a.name == "colour" and len(a.args) == 1 and a.args[0] in BASIC and p.crystals[a.args[0]]:
        p.crystals[a.args[0]] -= 1
        p.units[k][3:] = [a.args[0]]  # (a Unit set up by hand may hold no token yet)
        events.append(Event("upkeep", f"pays a {a.args[0]} crystal to keep the {name}", player,
                            {"unit": label, "colour": a.args[0]}))
    elif a.text == f"disband {label}":  # Bonds of Loyalty's Unit too: the upkeep is not paid
        remove_unit(p, k)
        events.append(Event("disbanded", f"disbands the {name}: the upkeep is not paid", player, {"unit": label}))
    else:
        raise IllegalActionError(f"{name} ({label}): pay a crystal to keep them (colour C: "
                                 f"{', '.join(c for c in BASIC if p.crystals[c]) or 'you have none'}), or "
                                 f"disband {label}", UPKEEP_RULE)
