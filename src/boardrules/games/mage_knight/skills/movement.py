"""Skills with their own mechanisms that change moving and exploring (facts 3.5, ``special:skill``;
facts 5.4 movement), registered by skill id: Hawk Eyes (exploring costs 1 less at Night, garrisons
revealed by Day), Feral Allies (its exploring discount always in effect) and Secret Ways
(mountains and lakes entered safely)."""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.mana import night_rules, pay_mana
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState
from ..map.exploring import EXPLORE_LESS, FACE_DOWN_SITES, FERAL_ALLIES, space
from ..specials import skill_special

HAWK_EYES_REACH = 2


@skill_special("hawk-eyes")
def hawk_eyes(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
              pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "Move 1; at night exploring costs 1 less; by day reveal garrisons at
    distance 2" (the Move is the skill's other effect): at Night for the rest of the turn; by Day
    the face-down tokens of the keeps and mage towers 2 spaces away (and nearer) are turned up."""
    p = s.players[player]
    if night_rules(s, player):  # Eternal Night in a Necropolis too
        p.lasting = (*p.lasting, (EXPLORE_LESS, "", 1))
        events.append(Event("explore-cost", f"{card.name}: exploring costs 1 less this turn", player))
        return
    here = p.position
    for h in sorted(s.enemies):
        dq, dr = h[0] - here[0], h[1] - here[1]
        sp = space(t, s, h)
        if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 > HAWK_EYES_REACH or sp is None or sp.site not in FACE_DOWN_SITES:
            continue
        for tok in s.enemies[h]:
            if not tok.face_up:
                tok.face_up = True
                events.append(Event("token-revealed", f"the {sp.site} token at {h[0]},{h[1]} is {tok.id}",
                                    data={"at": list(h), "token": tok.id}))


@skill_special(FERAL_ALLIES)
def feral_allies(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                 pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "exploring costs 1 less; Atk 1 or reduce one enemy attack by 1": the
    exploring discount is always in effect while the hero has the skill (``exploring.explore_cost``),
    so using it adds only its other effect."""


SECRET_WAYS_MOUNTAIN, SECRET_WAYS_LAKE = 5, 2


@skill_special("secret-ways")
def secret_ways(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "Move 1; mountains enterable for 5 Move (safe); pay blue to enter
    lakes for 2 Move (safe at end of turn)", for the rest of the turn (the Move 1 is its other
    effect). The second choice (``special:skill 2``) pays the blue mana for the lakes."""
    p = s.players[player]
    entries: tuple[tuple[str, str, int], ...] = (("enter-safe", "mountain", SECRET_WAYS_MOUNTAIN),)
    if e.value == 2:
        if len(mana) != 1:
            raise IllegalActionError(f"{card.name}: entering lakes costs a blue mana (die N, token or crystal)",
                                     "Mana")
        pay_mana(s, player, "blue", mana[0])
        entries += (("enter-safe", "lake", SECRET_WAYS_LAKE),)
    p.lasting = (*p.lasting, *entries)
    events.append(Event("terrain", f"{card.name}: mountains may be entered for {SECRET_WAYS_MOUNTAIN} Move"
                        + (f", lakes for {SECRET_WAYS_LAKE}" if e.value == 2 else "") + " this turn", player,
                        {"skill": "secret-ways"}))
