"""Moving by a Spell (facts 3.2): Wings of Wind (flying for Move points), Underground Travel and
its strong effect Underground Attack (an assault at once, site fortifications ignored), Space
Bending (a space 2 away as if adjacent; exploring 2 away); ``reach`` and ``spell_moves`` say where
a Spell (or Temporal Portal, a flight) can take the hero.
"""

from __future__ import annotations

from typing import Any

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState, add
from ..map.exploring import EXPLORE_REACH, reveal_near
from ..map.hexes import Hex, neighbours
from ..map.movement import assault_needed, owner_of_keep, undefended
from ..pvp.combat import underground_attack, underground_targets
from ..rounds.turn import safe_space
from ..sites.site_combats import start_movement_combat
from ..specials import card_special
from .effects import _terrain
from .played import Picks, _refuse

RULE = "Spells"


# ---- moving by a Spell: Wings of Wind, Underground Travel -----------------------------------------
BURROW_BARRED = ("swamp", "lake")  # Underground Travel goes neither into nor through them


def reach(t: Tables, s: GameState, start: Hex, most: int, barred: tuple[str, ...] = ()) -> dict[Hex, int]:
    """The revealed spaces within ``most`` steps of ``start`` and their distance, never into or
    through a space of the ``barred`` terrains."""
    seen = {start: 0}
    ring = [start]
    for d in range(1, most + 1):
        nxt = []
        for h in ring:
            for n in neighbours(h):
                if n in seen or n not in s.spaces or _terrain(t, s, n) in barred:
                    continue
                seen[n] = d
                nxt.append(n)
        ring = nxt
    del seen[start]
    return seen


def spell_moves(t: Tables, s: GameState, player: int, card_id: str, most: int = 0, attack: bool = False) -> list[Hex]:
    """Where Wings of Wind (1-5 spaces for as many Move points), Underground Travel (up to 3,
    no swamp or lake) or Temporal Portal (up to ``most``, or staying) can take the hero: safe
    spaces only, in a turn still moving. ``attack``: Underground Attack, to a fortified site to
    assault instead (not a rival's keep with its owner there)."""
    p = s.players[player]
    if s.combat is not None or p.acted or p.moving_done:
        return []
    if attack:  # or another hero's space (pvp/combat.py)
        return sorted({*underground_targets(t, s, player, reach(t, s, p.position, BURROW_MOST, BURROW_BARRED)),
                       *(h for h in reach(t, s, p.position, BURROW_MOST, BURROW_BARRED) if assault_needed(t, s, player, h)
                      and not (owner_of_keep(s, h) >= 0 and s.players[owner_of_keep(s, h)].position == h)
                      and not undefended(t, s, player, h))})
    if card_id == "temporal-portal":  # "may move": its own space is staying
        return sorted([p.position, *(h for h in reach(t, s, p.position, most) if safe_space(t, s, player, h))])
    if card_id == "wings-of-wind":
        spaces = reach(t, s, p.position, min(WINGS_MOST, p.move_points))
    else:
        spaces = reach(t, s, p.position, BURROW_MOST, BURROW_BARRED)
    return sorted(h for h in spaces if safe_space(t, s, player, h))


WINGS_MOST, BURROW_MOST = 5, 3


@card_special("wings-of-wind", "underground-travel")
def spell_move(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
               mana: tuple[str, ...], option: int) -> None:
    """Wings of Wind: fly 1-5 revealed spaces for as many Move points; Underground Travel: up to 3
    revealed spaces, not into or through a swamp or lake (facts 3.2). The hero ends on a safe
    space (``pk.other``, ``Q:R``), provokes no one, and the walls do not count."""
    p = s.players[player]
    attack = pk.powered and card.id == "underground-travel"  # Underground Attack
    if not spell_moves(t, s, player, card.id, attack=attack):
        why = f"with {p.move_points} Move point(s)" if card.id == "wings-of-wind" else "3 spaces away, past no swamp or lake"
        raise _refuse(f"{card.name}: no safe space within reach {why}, outside combat, before your action",
                      "Movement")
    q, _, r = pk.other.partition(":")
    try:
        to = (int(q), int(r))
    except ValueError:
        raise _refuse(f"{card.name}: name the space to go to (move Q:R)", "Movement") from None
    if to not in spell_moves(t, s, player, card.id, attack=attack):
        raise _refuse(f"{card.name}: {pk.other} is not a {'fortified site to assault' if attack else 'safe space'} "
                      "it can reach now", "Movement")
    if attack:
        _underground_attack(t, s, player, card, to, events)
        return
    if card.id == "wings-of-wind":
        p.move_points -= reach(t, s, p.position, WINGS_MOST)[to]
    p.move_left = p.move_points  # a move of the Move phase: what is left pays no maze path (MAZE)
    p.came_from, p.position = None, to
    p.path.append(to)
    p.provoked = []
    events.append(Event("moved", f"{'flies' if card.id == 'wings-of-wind' else 'travels underground'} to "
                        f"{to[0]},{to[1]}", player, {"to": list(to)}))
    reveal_near(t, s, player, events)


def _underground_attack(t: Tables, s: GameState, player: int, card: Any, to: Hex, events: list[Event]) -> None:
    """Underground Attack (Underground Travel's strong effect, facts 3.2): the hero goes to the
    fortified site and assaults it at once, its site fortifications ignored; after a failed
    assault the hero withdraws to the space the spell started from (``sites.end_of_turn``)."""
    if underground_attack(t, s, player, to, events):  # another hero there: a combat between heroes (pvp/combat.py)
        return
    p = s.players[player]
    start = p.position
    p.position, p.came_from = to, None  # no wall crossed underground
    p.path.append(to)
    p.provoked = []
    events.append(Event("moved", f"travels underground to {to[0]},{to[1]} to assault it", player, {"to": list(to)}))
    reveal_near(t, s, player, events)
    p.moving_done = True
    start_movement_combat(t, s, player, events)
    p.came_from = start  # where a failed assault withdraws to
    c = s.combat
    assert c is not None
    c.this_combat.append("no-site-fortifications")
    events.append(Event("unfortified", "site fortifications are ignored this combat", player))


@card_special("space-bending")
def space_bending(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                  mana: tuple[str, ...], option: int) -> None:
    """Space Bending (facts 3.2): this turn the hero may move to a space 2 away as if it were
    adjacent, the leapt space and walls ignored, provoking no one (``movement.move``), and explore
    a tile position 2 spaces away (``exploring.explore_reach``)."""
    if s.combat is not None:
        raise _refuse(f"{card.name} is played outside combat", RULE)
    p = s.players[player]
    add(p, "space-bending")
    add(p, EXPLORE_REACH, "", SPACE_BENDING_REACH)


SPACE_BENDING_REACH = 2  # "explore to spaces 2 away as if adjacent"
