"""Skills with their own mechanisms that change the Influence they give (facts 3.5,
``special:skill``), registered by skill id: Beguile (by the site the hero stands on) and On Her
Own (3 with no Unit recruited with Influence this turn)."""

from __future__ import annotations

from typing import Any

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState, add
from ..game_state import has as lasts
from ..map.exploring import space
from ..sites.interaction import ON_HER_OWN, ON_HER_OWN_BONUS, RECRUITED
from ..specials import skill_special

BEGUILE_SITES = {"glade": 1, "keep": -1, "mage-tower": -1, "city": -1}  # a magical glade; a fortified site


@skill_special("beguile")
def beguile(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
            pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "Influence 3 (2 at a fortified site, 4 at a magical glade)": the
    skill's Influence 3 is given first, this changes it by the hero's space."""
    p = s.players[player]
    sp = space(t, s, p.position)
    change = BEGUILE_SITES.get(sp.site or "", 0) if sp is not None else 0
    if change and s.combat is not None:
        s.combat.influence += change
    elif change:
        p.influence_points += change
    if change:
        events.append(Event("influence", f"{card.name}: Influence {3 + change} here", player, {"change": change}))


@skill_special(ON_HER_OWN)
def on_her_own(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "Influence 1, or 3 if you recruit no unit with Influence this turn"
    (the Influence 1 is its other effect): +2 if no Unit was recruited with Influence yet this
    turn; a Unit recruited with Influence later in the turn costs those 2 more (sites.recruit)."""
    p = s.players[player]
    if lasts(p, RECRUITED):
        return
    if s.combat is not None:
        s.combat.influence += ON_HER_OWN_BONUS
    else:
        p.influence_points += ON_HER_OWN_BONUS
    add(p, ON_HER_OWN)
    events.append(Event("influence", f"{card.name}: Influence 3 (no Unit recruited with Influence this turn)",
                        player, {"change": ON_HER_OWN_BONUS}))
