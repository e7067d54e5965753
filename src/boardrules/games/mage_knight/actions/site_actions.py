"""The adventure sites and interaction as the turn's actions (facts 4.4-4.6): entering the site of
the hero's space (a maze's or labyrinth's path and the Unit taken along: MAZE "Entering",
"Choosing Path"), healing, plundering, burning a monastery, an altar's tribute, buying Spells and
Advanced Actions, a conquered city's services; and the mana a site is paid with (MAGE TOWER,
ANCIENT RUINS "Altar")."""

from __future__ import annotations

from typing import Any

from ....engine import Action, shared_action
from ..cards.offers import unit_labels
from ..content import Tables
from ..game_state import BASIC, GameState
from ..sites.interaction import (
    HEALING_COST,
    TOP_OF_DECK,
    _interaction_site,
    add_elite_unit,
    buy_advanced_action,
    buy_artifact,
    buy_healing,
    buy_spell,
    healing_refusal,
    plunder_refusal,
)
from ..sites.rewards import site_here
from ..sites.site_combats import (
    ADVENTURE_SITES,
    MAZE_PATHS,
    MAZES,
    burn_monastery,
    enter_site,
    maze_move,
    pay_altar,
)
from .words import ALTAR, BURN, BUY_ARTIFACT, ELITE_UNIT, ENTER, PLUNDER, _works


def _site_mana(t: Tables, g: GameState, player: int, name: str, args: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The mana colours a site is paid with: a mage tower's Spell its colour (MAGE TOWER "7
    Influence plus a mana of the Spell's colour"), an altar the token's tribute (ANCIENT RUINS
    "Altar"); () where there is none to pay."""
    if name == "buy-spell":
        return (args[0],) if args and args[0] in BASIC else ()
    ruins = g.ruins.get(g.players[player].position)
    return t.ruins_token[ruins.id].mana if ruins is not None and t.ruins_token[ruins.id].kind == "altar" else ()


def _enter_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Entering the adventure site of the hero's space as the action; at a maze or labyrinth the
    path paid (2, 4 or 6 Move) and the ready, unwounded Unit taken along, if any, are named
    (MAZE "Entering", "Choosing Path")."""
    site = site_here(t, g, player)
    if site not in ADVENTURE_SITES:  # enter_site's first condition: no trial needed
        return []
    if site not in MAZES:
        return [ENTER] if _works(lambda x: enter_site(t, x, player, []), g) else []
    p = g.players[player]
    paid = maze_move(p)
    along = [label for label, u in zip(unit_labels(p), p.units, strict=True) if not (u[1] or u[2])]
    return [shared_action("enter", str(path), *unit) for path in MAZE_PATHS if path <= paid
            for unit in ((), *((x,) for x in along))
            if _works(lambda x, path=path, unit=unit: enter_site(t, x, player, [], path=path, unit="".join(unit),
                                                                  move_paid=path), g)]


def _site_actions(t: Tables, g: GameState, player: int) -> list[Action]:
    """Interaction and the other site actions (facts 4.4-4.6): each offered when its rule allows
    (each refuses on a space without a site: no trial then)."""
    site = site_here(t, g, player)
    if not site:
        return []
    dealer = _interaction_site(t, g, player)  # each rule's first condition: the site it is used at
    # (the rule tried on a copy, or None: accepted, read from its conditions)
    tries: list[tuple[Action, Any]] = [
        *([(shared_action("heal", "1"), lambda x: buy_healing(t, x, player, 1, []))]
          if dealer in HEALING_COST and not healing_refusal(t, g, player, 1) else []),  # (nothing to heal: no trial)
        *([(PLUNDER, None)] if site == "village" and not plunder_refusal(t, g, player) else []),
        *([(BURN, lambda x: burn_monastery(t, x, player, []))] if site == "monastery" else []),
        *([(ALTAR, lambda x: pay_altar(t, x, player, []))] if site == "ruins" else []),
    ]
    if dealer in ("mage-tower", "city"):
        tries += [(shared_action("buy-spell", c), lambda x, c=c: buy_spell(t, x, player, c, [])) for c in BASIC]
    aa = set(g.unit_offer_aa)
    if site == "city":  # a conquered city's services (facts 4.6)
        tries += [(BUY_ARTIFACT, lambda x: buy_artifact(t, x, player, [])),
                  (ELITE_UNIT, lambda x: add_elite_unit(t, x, player, []))]
        aa |= set(g.aa_offer)
        aa.add(TOP_OF_DECK)  # the top card of the Advanced Action deck, blind (a green city)
    if dealer in ("monastery", "city"):
        tries += [(shared_action("buy-advanced-action", c), lambda x, c=c: buy_advanced_action(t, x, player, c, []))
                  for c in sorted(aa)]
    return [a for a, fn in tries if fn is None or _works(fn, g)]
