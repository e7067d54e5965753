"""Hero and Advanced Action card specials (facts 2.3, 3.1): the terrain-cost family (Frost Bridge,
Song of Wind, Druidic Paths, Mountain Lore), and the cards whose effect waits for the end of the
turn (Noble Manners, Steady Tempo, Mountain Lore's Hand limit).

A card's change that lasts the turn is kept in ``PlayerState.lasting`` as (kind, detail, N):
the terrain kinds of ``movement.TERRAIN_LASTING`` (read by the Move costs), and the kinds below,
read by ``end_of_turn`` (called by ``turn.end_turn`` before the played cards are discarded).
Played cards are in sight of everyone, so nothing here is hidden.
"""

from __future__ import annotations

from ...engine import Event
from .cards_model import CardEffect
from .content import Tables
from .exploring import space
from .game_state import GameState
from .mana import pay_mana
from .movement import ONE_SPACE_LESS
from .playing import Picks, Played, _refuse
from .sites import change_reputation
from .specials import card_special

RULE = "Advanced Actions"
SONG_OF_WIND = ("plains", "desert", "wasteland")  # the terrains Song of Wind makes cheaper
# the terrains Druidic Paths' strong effect may choose: those it can make cheaper (above 2 somewhere)
DRUIDIC_TERRAINS = ("hills", "forest", "wasteland", "desert", "swamp")
MOUNTAIN_LORE_COST = 5
# kinds of PlayerState.lasting read at the end of the turn
HAND_AT_END = "hand-at-end"  # (kind, terrain, N): Hand limit +N at this turn's draw if the hero ends there
NOBLE_MANNERS = "noble-manners"  # (kind, "", 1 basic / 2 powered): Fame (and Reputation) if interacting
BACK_ON_DECK = "back-on-deck"  # (kind, card, 0 bottom / 1 top): the card goes on the Deed deck


def _last(s: GameState, player: int, *entries: tuple[str, str, int]) -> None:
    p = s.players[player]
    p.lasting = (*p.lasting, *entries)


def _card_id(card: Played) -> str:
    return getattr(card, "id", "")


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
    """Frost Bridge (powered): lakes may be crossed for 1 this turn (still no safe space to end
    on); Song of Wind (powered): pay a blue mana to cross lakes for 0 this turn."""
    cid = _card_id(card)
    if cid == "song-of-wind":
        if len(mana) != 1:
            raise _refuse(f"{card.name}: crossing lakes costs a blue mana (die N, token or crystal)", "Mana")
        pay_mana(s, player, "blue", mana[0])
        _last(s, player, ("enter", "lake", 0))
    elif cid == "frost-bridge":
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


@card_special("noble-manners")
def noble_manners(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                  pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Noble Manners (facts 2.3): used in an interaction, Fame +1 at the end of the turn (powered:
    Reputation +1 too)."""
    _last(s, player, (NOBLE_MANNERS, "", 2 if pk.powered else 1))


@card_special("end-of-turn-deck")
def steady_tempo(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                 pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Steady Tempo (facts 3.1): at the end of the turn this card goes to the bottom of the Deed
    deck (powered: on top) instead of the discard pile, if the deck is not empty then."""
    _last(s, player, (BACK_ON_DECK, _card_id(card), int(pk.powered)))


def end_of_turn(t: Tables, s: GameState, player: int, events: list[Event]) -> int:
    """The cards' effects at the end of the turn, before the played cards are discarded: Noble
    Manners' Fame and Reputation, Steady Tempo back on the deck; returns the Hand limit bonus
    for this turn's draw (Mountain Lore)."""
    p = s.players[player]
    if not p.lasting:
        return 0
    bonus = 0
    sp = space(t, s, p.position)
    terrain = sp.terrain if sp is not None else ""
    for kind, detail, n in p.lasting:
        if kind == HAND_AT_END and detail == terrain:
            bonus += n
        elif kind == NOBLE_MANNERS and p.interacting:
            p.fame += 1
            if n == 2:
                change_reputation(p, 1)
            events.append(Event("noble-manners", "Noble Manners: Fame +1" + (", Reputation +1" if n == 2 else ""),
                                player))
        elif kind == BACK_ON_DECK and p.deck and detail in p.play_area:
            p.play_area.remove(detail)
            if n:
                p.deck.append(detail)  # the top is the end
            else:
                p.deck.insert(0, detail)
            events.append(Event("on-deck", f"puts {t.card[detail].name} on the {'top' if n else 'bottom'} of "
                                "the Deed deck", player, {"card": detail}))
    return bonus


__all__ = ["DRUIDIC_TERRAINS", "end_of_turn"]
