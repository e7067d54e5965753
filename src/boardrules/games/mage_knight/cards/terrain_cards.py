"""Hero and Advanced Action cards that change terrain costs this turn (facts 2.3, 3.1): Frost
Bridge, Song of Wind (a blue mana for lakes), Druidic Paths (one space; one terrain type), Mountain
Lore (mountains for 5 and safe; its Hand limit bonus is read at the end of the turn). The terrain
kinds of ``PlayerState.lasting`` are those of ``movement.TERRAIN_LASTING``, read by the Move costs.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState
from ..map.movement import ONE_SPACE_LESS
from ..specials import card_special
from .end_of_turn_cards import HAND_AT_END
from .lasting import RULE, _card_id, _last
from .mana import pay_mana
from .played import Picks, Played, _refuse

SONG_OF_WIND = ("plains", "desert", "wasteland")  # the terrains Song of Wind makes cheaper
# the terrains Druidic Paths' strong effect may choose: those it can make cheaper (above 2 somewhere)
DRUIDIC_TERRAINS = ("hills", "forest", "wasteland", "desert", "swamp")
MOUNTAIN_LORE_COST = 5


@card_special("terrain-cost")
def terrain_cost_this_turn(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                           pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Frost Bridge: swamps cost 1 this turn; Song of Wind: plains, deserts and wastelands cost N
    less (min 0); Druidic Paths: one space costs 1 less (basic), one chosen terrain type costs 1
    less (powered), never below 2 (facts 2.3, 3.1)."""
    cid = _card_id(card)
    if cid == "frost-bridge":
        _last(s, player, ("set", "swamp", e.value))
    elif cid == "song-of-wind":
        _last(s, player, *(("less", x, e.value) for x in SONG_OF_WIND))
    elif cid == "druidic-paths" and not pk.powered:
        _last(s, player, (ONE_SPACE_LESS, "", e.value))
    elif cid == "druidic-paths":
        if pk.terrain not in DRUIDIC_TERRAINS:
            raise _refuse(f"{card.name}: choose a terrain type ({', '.join(DRUIDIC_TERRAINS)})", RULE)
        _last(s, player, ("less-to-2", pk.terrain, e.value))
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    events.append(Event("terrain", f"{card.name}: terrain costs change this turn", player, {"card": cid}))


@card_special("lake-crossing")
def lake_crossing(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Frost Bridge (facts 3.1, powered): lakes may be crossed for 1 this turn (still no safe space to end
    on); Song of Wind (powered): pay a blue mana to cross lakes for 0 this turn."""
    cid = _card_id(card)
    if cid == "song-of-wind":
        if len(mana) != 1:
            raise _refuse(f"{card.name}: crossing lakes costs a blue mana (die N, token or crystal)", "Mana")
        pay_mana(s, player, "blue", mana[0])
        _last(s, player, ("enter", "lake", 0))
    elif cid == "frost-bridge":
        if mana:
            raise _refuse(f"{card.name} crosses lakes without paying mana", "Mana")
        _last(s, player, ("enter", "lake", 1))
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    events.append(Event("terrain", f"{card.name}: lakes may be crossed this turn", player, {"card": cid}))


@card_special("mountain-lore")
def mountain_lore(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Mountain Lore (facts 3.1): ending the turn in hills, Hand limit +1 at the next draw;
    powered, mountains may be entered for 5 Move and are safe this turn, and ending in mountains
    gives +2."""
    if pk.powered:
        _last(s, player, ("enter-safe", "mountain", MOUNTAIN_LORE_COST), (HAND_AT_END, "mountain", e.value))
    _last(s, player, (HAND_AT_END, "hills", 1))


__all__ = ["DRUIDIC_TERRAINS"]
