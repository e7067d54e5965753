"""Cards that take an Advanced Action of the offer (facts 3.1, ``special:advanced-from-offer``):
Training (for an Action card thrown away), Learning (for Influence), the Book of Wisdom, Blood of
Ancients (for a mana; powered: an offered card's powered effect used where it lies).
"""

from __future__ import annotations

from dataclasses import replace

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState
from ..specials import card_special
from .effects import _resolve
from .mana import pay_mana
from .offers import take_from_offer
from .played import Picks, Played, _action_card, _option, _refuse

ADVANCED_ACTIONS = "Advanced Actions"  # the rule Blood of Ancients' refusals name
# a powered effect used from the offer leaves out what concerns the card itself, which stays in the offer
ABOUT_ITSELF = ("end-of-turn-deck",)  # Steady Tempo: this card on top of the deck at the end of the turn
WOUND_TO = ("hand", "discard")  # Blood of Ancients (powered): where its Wound goes (``wound WHERE``)


def offered_powered(t: Tables, s: GameState, player: int, card: Played, events: list[Event], pk: Picks,
                    mana: tuple[str, ...], option: int) -> None:
    """Blood of Ancients (powered; facts 3.1): after its Wound (to the hand, or to the discard pile:
    ``pk.wound_to``), the powered effect of an Advanced Action of the offer (the first of
    ``pk.others``; its option ``option``), free, with that card's own choices (the rest of
    ``pk.others``, and the other picks) and the mana its effect pays (``mana``); the card stays in
    the offer."""
    used_id = pk.others[0] if pk.others else ""
    if used_id not in s.aa_offer:
        raise _refuse(f"{card.name}: choose an Advanced Action of the offer ({', '.join(sorted(s.aa_offer))})",
                      ADVANCED_ACTIONS)
    used = t.card[used_id]
    effects = tuple(x for x in _option(used, used.powered, option)
                    if not (x.type == "special" and x.name in ABOUT_ITSELF))
    _resolve(t, s, player, used, effects, events, replace(pk, others=pk.others[1:], wound_to=""), mana, option)
    if used_id not in s.aa_offer:  # "it stays there": its effect cannot take the card itself (Training)
        raise _refuse(f"{card.name}: {used.name} stays in the offer: its effect cannot take it", ADVANCED_ACTIONS)
    events.append(Event("effect", f"{card.name}: uses {used.name}'s powered effect from the offer", player,
                        {"card": used_id}))


@card_special("advanced-from-offer")
def _advanced_from_offer(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                         pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Training, Learning, Blood of Ancients (facts 3.1): an Advanced Action of the offer
    (``pk.offered``), the offer refilled; to the discard pile or to the hand as the card says."""
    p, cid = s.players[player], getattr(card, "id", "")
    colours: tuple[str, ...]
    if cid == "blood-of-ancients" and pk.powered:  # an offered card's powered effect, free
        offered_powered(t, s, player, card, events, pk, mana, option)
        return
    if cid == "training":  # throw away an Action card: an offered Advanced Action of its colour
        colours = _action_card(t, p, card, pk.other, "throw away").colours
        p.thrown.append(pk.other)
        to_hand = pk.powered
    elif cid == "learning":  # N Influence of this turn's buys an offered Advanced Action
        if p.influence_points < e.value:
            raise _refuse(f"{card.name}: an Advanced Action costs {e.value} Influence; you have "
                          f"{p.influence_points}", "Learning")
        p.influence_points -= e.value
        colours, to_hand = BASIC, pk.powered
    elif cid == "book-of-wisdom" and not pk.powered:  # throw away an Action card: an AA of its colour to hand
        colours = _action_card(t, p, card, pk.other, "throw away").colours
        p.thrown.append(pk.other)
        to_hand = True
    elif cid == "blood-of-ancients" and not pk.powered:  # pay a mana: an Advanced Action of its colour
        if pk.colour not in BASIC or len(mana) != 1:
            raise _refuse(f"{card.name}: choose a basic colour and the mana that pays it", "Mana")
        pay_mana(s, player, pk.colour, mana[0])
        colours, to_hand = (pk.colour,), True
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
    chosen = pk.offered
    if chosen not in s.aa_offer or not set(t.card[chosen].colours) & set(colours):
        fits = [x for x in s.aa_offer if set(t.card[x].colours) & set(colours)]
        raise _refuse(f"{card.name}: choose an Advanced Action of the offer ({', '.join(fits) or 'none fits'})",
                      "Advanced Actions")
    take_from_offer(s.aa_offer, s.aa_deck, chosen)
    (p.hand if to_hand else p.discard).append(chosen)
    events.append(Event("gained", f"gains {t.card[chosen].name} to the {'hand' if to_hand else 'discard pile'}",
                        player, {"card": chosen}))


__all__ = ["WOUND_TO"]
