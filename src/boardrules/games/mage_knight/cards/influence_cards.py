"""Hero and Advanced Action cards that use Influence in their own way (facts 2.3, 3.1): Peaceful
Moment (Influence for healing and readying Units, as the turn's action), Ruthless Coercion (a Unit
recruited this turn cheaper), Diplomacy (Influence as Block this turn, read after each card
played and around each combat action).
"""

from __future__ import annotations

from typing import Any

from ....engine import Event
from ..cards_model import CardEffect
from ..combat.phases import add_effect
from ..content import Tables
from ..game_state import GameState
from ..sites.interaction import UNIT_DISCOUNT
from ..specials import after_card_played, card_special
from .deck import heal_wounds_in_hand, wounds_in_hand
from .lasting import RULE, _last
from .offers import unit_labels
from .played import Picks, Played, _refuse


@card_special("peaceful-moment")
def peaceful_moment(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Peaceful Moment (facts 3.1), as the turn's action: 2 Influence per Heal 1; powered, first
    ready the Units named (``pk.others``, Spent ones) for 2 Influence per level."""
    p = s.players[player]
    if s.combat is not None or p.acted:
        raise _refuse(f"{card.name} is played as your action, and you have taken it", "A turn")
    readied = 0
    for label in pk.others if pk.powered else ():
        labels = unit_labels(p)
        if label not in labels:
            raise _refuse(f"{card.name}: you have no Unit {label}", "Units")
        u = p.units[labels.index(label)]
        cost = 2 * t.unit[u[0]].level
        if not u[2] or p.influence_points < cost:
            raise _refuse(f"{card.name} readies a Spent Unit for {cost} Influence ({label}: "
                          f"{'Spent' if u[2] else 'not Spent'}; you have {p.influence_points})", "Units")
        p.influence_points -= cost
        u[2] = False
        readied += 1
        events.append(Event("unit-readied", f"readies {t.unit[u[0]].name} for {cost} Influence", player,
                            {"unit": label}))
    heals = min(wounds_in_hand(p), p.influence_points // 2)
    if not heals and not readied:
        raise _refuse(f"{card.name}: nothing to heal or ready with {p.influence_points} Influence", "Healing")
    if heals:
        p.influence_points -= 2 * heals
        heal_wounds_in_hand(p, heals)
        events.append(Event("healed", f"heals {heals} Wound(s)", player, {"wounds": heals}))
    p.acted = p.moving_done = True


@card_special("ruthless-coercion")
def ruthless_coercion(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Ruthless Coercion (basic; facts 2.3): a Unit recruited this turn costs 2 Influence less,
    and then Reputation -1 (``sites.recruit``)."""
    _last(s, player, (UNIT_DISCOUNT, "", 2))


DIPLOMACY_ELEMENTS = {"red": "fire", "blue": "ice"}  # Diplomacy's powered Block: the colour chosen, its element


DIPLOMACY = "diplomacy"  # (kind, element, 0): Influence may be used as Block of that element this turn


@card_special("diplomacy")
def diplomacy(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
              pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Diplomacy (facts 3.1): Influence usable as Block this turn (powered: as Fire or Ice Block,
    the colour step red or blue, chosen when played). The effect lasts the turn
    (``PlayerState.lasting``): in a combat's Block phase the combat's Influence (this card's,
    any other played there, a Unit's) becomes Block, when it is played there or as soon as it
    is had there (``influence_as_block``). Influence had before the combat vanishes when the
    combat starts (facts 5.4), so outside the Block phase the card gives its Influence only."""
    element = "physical"
    if pk.powered:
        if pk.colour not in DIPLOMACY_ELEMENTS:
            raise _refuse(f"{card.name}: choose the Block's element (colour red: Fire, blue: Ice)", RULE)
        element = DIPLOMACY_ELEMENTS[pk.colour]
    s.players[player].lasting = (*(x for x in s.players[player].lasting if x[0] != DIPLOMACY), (DIPLOMACY, element, 0))
    influence_as_block(t, s, player, events)


def influence_as_block(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Diplomacy's effect this turn: in a combat's Block phase, the combat's Influence becomes
    Block of the element the card gave (the last Diplomacy played)."""
    c = s.combat
    if c is None or c.phase != "block" or c.influence <= 0:
        return
    entry = next((x for x in reversed(s.players[player].lasting) if x[0] == DIPLOMACY), None)
    if entry is None:
        return
    points, c.influence = c.influence, 0
    block = CardEffect.model_validate({"type": "block", "value": points, "element": entry[1]}).combat_effect()
    assert block is not None
    add_effect(c, t, block, -1, ("white",), events)
    events.append(Event("diplomacy", f"Diplomacy: Influence {points} used as {entry[1]} Block", player,
                        {"block": points, "element": entry[1]}))


@after_card_played
def diplomacy_lasting(t: Tables, s: GameState, player: int, card: Any, how: str, option: int,
                      events: list[Event]) -> None:
    """Influence played in the Block phase while Diplomacy's effect lasts becomes Block."""
    if s.players[player].lasting and s.combat is not None and s.combat.phase == "block" and s.combat.influence:
        influence_as_block(t, s, player, events)


__all__ = ["DIPLOMACY"]
