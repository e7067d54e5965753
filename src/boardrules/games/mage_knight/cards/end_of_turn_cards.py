"""Hero and Advanced Action cards whose effect waits for the end of the turn (facts 2.3, 3.1): Noble
Manners (Fame and Reputation if interacting), Steady Tempo (back on the Deed deck), Heroic Tale
(Units recruited after it), Crystal Mastery (the crystals spent come back), Crystal Joy (back to
hand for a card discarded), Mountain Lore's Hand limit, and Time Bending's cards back to hand.
``end_of_turn`` is called by ``turn.end_turn`` before the played cards are discarded.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState, has
from ..knowledge.seen import at_bottom, on_top, seen_in_hand
from ..map.exploring import space
from ..sites.reputation import change_reputation
from ..specials import card_special
from .deck import WOUND
from .lasting import RULE, _card_id, _last
from .mana import CRYSTAL_LIMIT
from .played import Picks, Played, _refuse

# kinds of PlayerState.lasting read at the end of the turn
HAND_AT_END = "hand-at-end"  # (kind, terrain, N): Hand limit +N at this turn's draw if the hero ends there
NOBLE_MANNERS = "noble-manners"  # (kind, "", 1 basic / 2 powered): Fame (and Reputation) if interacting
BACK_ON_DECK = "back-on-deck"  # (kind, card, 0 bottom / 1 top): the card goes on the Deed deck
CRYSTAL_JOY = "crystal-joy"  # (kind, card, 1 basic / 2 powered): discard a card to take it back to hand
HEROIC_TALE = "heroic-tale"  # (kind, "basic" / "powered", Units recruited when it was played)
CRYSTAL_MASTERY = "crystal-mastery"  # (kind, "", 1): the crystals spent this turn come back at its end
CRYSTAL_SPENT = "crystal-spent"  # (kind, colour, 1): a crystal paid this turn (mana.pay_mana)


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


@card_special("heroic-tale")
def heroic_tale(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Heroic Tale (facts 3.1): Reputation +1 (powered: and Fame +1) per Unit recruited this turn;
    those recruited before it are counted by its +1/unit-recruited effects, those recruited
    after it at the end of the turn (``end_of_turn``)."""
    _last(s, player, (HEROIC_TALE, "powered" if pk.powered else "basic", s.recruited))


@card_special("crystal-mastery")
def crystal_mastery(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Crystal Mastery (facts 3.1, powered): the crystals spent this turn (before it too) come back at its
    end."""
    _last(s, player, (CRYSTAL_MASTERY, "", 1))


@card_special("crystal-joy")
def crystal_joy(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Crystal Joy (facts 2.3): at the end of the turn another non-Wound card (powered: any card)
    may be discarded to take this card back to hand (``end_of_turn``'s ``joy``)."""
    _last(s, player, (CRYSTAL_JOY, _card_id(card), 2 if pk.powered else 1))


def crystal_joy_cards(s: GameState, player: int) -> list[str]:
    """The cards of the hand that may be discarded at the end of the turn to take Crystal Joy
    back (none if it was not played this turn)."""
    p = s.players[player]
    entry = next((x for x in p.lasting if x[0] == CRYSTAL_JOY), None)
    if entry is None or entry[1] not in p.play_area:
        return []
    return sorted(c for c in set(p.hand) if entry[2] == 2 or c != WOUND)


def end_of_turn(t: Tables, s: GameState, player: int, events: list[Event], joy: str = "") -> int:
    """The cards' effects at the end of the turn, before the played cards are discarded: Noble
    Manners' Fame and Reputation, Steady Tempo back on the deck, Crystal Joy back to hand for
    the card ``joy`` discarded; returns the Hand limit bonus for this turn's draw (Mountain
    Lore)."""
    p = s.players[player]
    if has(p, "time-bent"):  # Time Bending: the other cards played back to the hand
        back = [c for c in p.play_area if c != "space-bending"]
        p.play_area = [c for c in p.play_area if c == "space-bending"]
        p.hand += back
        seen_in_hand(s, player, back)  # back to the hand in sight of everyone (knowledge/seen.py)
        if back:
            events.append(Event("time-bending", f"takes back {len(back)} card(s) played this turn", player,
                                {"cards": back}))
    if joy:
        if joy not in crystal_joy_cards(s, player):
            raise _refuse(f"Crystal Joy: discard {'any card' if WOUND in p.hand else 'a non-Wound card'} of your "
                          f"hand to take it back, not {joy}", RULE)
        entry = next(x for x in p.lasting if x[0] == CRYSTAL_JOY)
        p.hand.remove(joy)
        p.discard.append(joy)
        p.play_area.remove(entry[1])
        p.hand.append(entry[1])
        seen_in_hand(s, player, [entry[1]])  # in sight of everyone (knowledge/seen.py)
        p.lasting = tuple(x for x in p.lasting if x is not entry)
        events.append(Event("crystal-joy", f"discards {t.card[joy].name if joy in t.card else joy} to take "
                            f"{t.card[entry[1]].name} back to hand", player, {"card": joy}))
    if not p.lasting:
        return 0
    bonus = 0
    if has(p, CRYSTAL_MASTERY):
        for kind, colour, _ in p.lasting:
            if kind == CRYSTAL_SPENT and p.crystals[colour] < CRYSTAL_LIMIT:
                p.crystals[colour] += 1
                events.append(Event("crystal", f"Crystal Mastery: the {colour} crystal comes back", player,
                                    {"colour": colour}))
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
        elif kind == HEROIC_TALE and s.recruited > n:
            later = s.recruited - n
            change_reputation(p, later)
            p.fame += later if detail == "powered" else 0
            events.append(Event("heroic-tale", f"Heroic Tale: Reputation +{later}" +
                                (f", Fame +{later}" if detail == "powered" else ""), player))
        elif kind == BACK_ON_DECK and p.deck and detail in p.play_area:
            p.play_area.remove(detail)
            if n:
                on_top(p, detail)  # the top is the end; in sight of everyone (knowledge/seen.py)
            else:
                at_bottom(p, detail)
            events.append(Event("on-deck", f"puts {t.card[detail].name} on the {'top' if n else 'bottom'} of "
                                "the Deed deck", player, {"card": detail}))
    return bonus


__all__ = ["crystal_joy_cards", "end_of_turn"]
