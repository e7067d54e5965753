"""Units' abilities with a ``special`` effect used outside combat (facts 3.4), registered by
"unit-id:ability-key" (``specials.unit_special``): the Foresters' terrain discount and the
Scouts' exploring further away. Each lasts the turn in ``PlayerState.lasting`` (in sight of
everyone, like the Unit activated). The Scouts' look at a face-down enemy token: the token is the
player's own knowledge (``GameState.scouted``: knowledge/views.py shows it to that player only, and
determinize keeps it for them and resamples it for the others). And the Magic Familiars' upkeep at
the start of each round: a question to their owner (``GameState.asked``, answered through
``rounds/answers.py``): a crystal paid to keep them, or the Unit disbanded.
"""

from __future__ import annotations

from ....engine import Action, Event, IllegalActionError, shared_action
from ..content import Tables
from ..content_model import Effect
from ..draws import draw_from
from ..game_state import (
    BASIC,
    GameState,
    Token,
    _key,
    _unkey,
    add,
    details,
    labels_of,
    remove,
    remove_unit,
)
from ..map.exploring import EXPLORE_REACH
from ..map.hexes import Hex, distance
from ..specials import unit_special

FORESTERS_TERRAINS = ("forest", "hills", "swamp")
SCOUTS_REACH = 2


@unit_special("foresters:move")
def foresters(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event], other: str) -> None:
    """Facts 3.4 Foresters: "Move 2 and forest/hills/swamp cost -1 this turn" (never below 0)."""
    p = s.players[player]
    p.lasting = (*p.lasting, *(("less", x, 1) for x in FORESTERS_TERRAINS))
    events.append(Event("terrain", "forest, hills and swamp cost 1 less Move this turn", player, {"unit": label}))


@unit_special("scouts:move")
def scouts_explore(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event],
                   other: str) -> None:
    """Facts 3.4 Scouts: "Move 2 and you may explore tiles 2 spaces away" (this turn)."""
    p = s.players[player]
    add(p, EXPLORE_REACH, "", SCOUTS_REACH)
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


SCOUT_REACH = 3
SCOUTING = ("scouts", "scout")  # the Unit and its ability that looks at a token
SCOUTED = "scouted:"  # a mark of PlayerState.lasting, its detail the space looked at this turn, "q,r" (public: not the token)


PILE = "pile:"  # GameState.scouted: "pile:COLOUR", the top of an enemy pile looked at
# Combat.this_combat: the last token of the combat's summon pile of COLOUR is that pile's fixed top
# (a Summon Attack draws it first); "pile-top-drawn:COLOUR" once drawn
PILE_TOP = "pile-top:"
PILE_TOP_DRAWN = "pile-top-drawn:"


def scouted_token(s: GameState, entry: tuple[int, str, str]) -> Token | None:
    """The face-down token a ``GameState.scouted`` entry names while it lies there face down
    (None once revealed, moved or gone: the knowledge no longer matters; None for a pile's top)."""
    _, where, token = entry
    if where.startswith(PILE):
        return None
    return next((x for x in s.enemies.get(_unkey(where), ()) if not x.face_up and x.id == token), None)


def pile_top_known(s: GameState, entry: tuple[int, str, str]) -> bool:
    """Whether a ``GameState.scouted`` entry names the top of an enemy pile, still its top."""
    _, where, token = entry
    colour = where[len(PILE):]
    pile = s.enemy_piles.get(colour, []) if where.startswith(PILE) else []
    return colour in s.pile_tops and bool(pile) and pile[-1] == token


def still_known(s: GameState, entry: tuple[int, str, str]) -> bool:
    return scouted_token(s, entry) is not None or pile_top_known(s, entry)


def known_tokens(s: GameState, player: int) -> list[tuple[str, str]]:
    """The face-down tokens ``player`` has looked at, still there: ("q,r" or "pile:COLOUR", token id)."""
    return [(e[1], e[2]) for e in s.scouted if e[0] == player and still_known(s, e)]


def scout_piles(s: GameState, player: int) -> list[str]:
    """The enemy piles whose top ``player`` may look at: not empty, not looked at already."""
    known = {w for w, _ in known_tokens(s, player)}
    return [c for c, pile in s.enemy_piles.items() if pile and PILE + c not in known]


def scout_spaces(t: Tables, s: GameState, player: int) -> list[Hex]:
    """The spaces within 3 of the hero holding a face-down enemy token the player has not looked at."""
    here = s.players[player].position
    known = {w for w, _ in known_tokens(s, player)}
    return sorted(h for h, tokens in s.enemies.items() if distance(here, h) <= SCOUT_REACH and _key(h) not in known
                  and any(not x.face_up for x in tokens))


@unit_special("scouts:scout")
def scouts_scout(t: Tables, s: GameState, player: int, label: str, e: Effect, events: list[Event], other: str) -> None:
    """Facts 3.4 Scouts: "look at a face-down token within 3 spaces or the top of an enemy pile;
    Fame +1 if you defeat it this turn" (``other``: the space, ``Q:R``; its first face-down enemy
    token). Everyone sees where the player looked; only the player learns the token."""
    if other in s.enemy_piles:  # the top of an enemy pile: fixed now, as the next token drawn from it
        _look_at_pile(s, player, other, events)
        return
    spaces = scout_spaces(t, s, player)
    q, _, r = other.partition(":")
    try:
        h = (int(q), int(r))
    except ValueError:
        raise IllegalActionError("the Scouts: name the space of a face-down enemy token (scout Q:R)", UPKEEP_RULE) from None
    if h not in spaces:
        raise IllegalActionError(f"the Scouts: {other} holds no face-down enemy token within {SCOUT_REACH} spaces "
                                 "that you have not looked at", UPKEEP_RULE)
    token = next(x for x in s.enemies[h] if not x.face_up)
    s.scouted = (*(x for x in s.scouted if still_known(s, x)), (player, _key(h), token.id))
    add(s.players[player], SCOUTED, _key(h))
    events.append(Event("scouted", f"looks at the face-down token at {other}", player, {"at": list(h)}))


def _look_at_pile(s: GameState, player: int, colour: str, events: list[Event]) -> None:
    """The Scouts look at the top of an enemy pile. A pile here is drawn from at random, so its top
    is decided when first looked at: a random token of it becomes its fixed top (``pile_tops``),
    the next drawn from it (our reading, rules-choices.md)."""
    if colour not in scout_piles(s, player):
        raise IllegalActionError(f"the Scouts: the {colour} pile is empty or its top was looked at already",
                                 UPKEEP_RULE)
    pile = s.enemy_piles[colour]
    if colour not in s.pile_tops:
        pile.append(draw_from(s.rng, pile))
        s.pile_tops = (*s.pile_tops, colour)
    s.scouted = (*(x for x in s.scouted if still_known(s, x)), (player, PILE + colour, pile[-1]))
    add(s.players[player], SCOUTED, PILE + colour)
    events.append(Event("scouted", f"looks at the top of the {colour} enemy pile", player, {"pile": colour}))


def scouted_fame(s: GameState, player: int, defeated: list[str], events: list[Event]) -> None:
    """The Scouts' "Fame +1 if you defeat it this turn": once per token looked at this turn."""
    p = s.players[player]
    for where in details(p, SCOUTED):
        token = next((x[2] for x in reversed(s.scouted) if x[:2] == (player, where)), "")
        if token in defeated:
            remove(p, SCOUTED, where)
            p.fame += 1
            events.append(Event("fame", "Fame +1: an enemy the Scouts looked at is defeated", player))
