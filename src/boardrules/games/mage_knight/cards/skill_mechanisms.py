"""A skill's own mechanism played through the cards' interpreter (facts 3.5, ``special:skill``): I
Feel No Pain, Invocation and Inspiration coded here, the others registered in ``specials.py`` by
the modules of ``skills/``.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState
from ..skills.mana import invocation_colours, invocation_colours_now, invoke
from ..specials import SKILL_SPECIALS
from .deck import WOUND, draw
from .mana import night_words
from .offers import unit_labels
from .played import Picks, Played, _refuse

SKILLS_PLAYED = ("i-feel-no-pain", "invocation", "inspiration")  # skills whose own mechanism has code here


def skill_played(sid: str) -> bool:
    """Whether the skill ``sid``'s own mechanism has code (here or in a module of its own)."""
    return sid in SKILLS_PLAYED or sid in SKILL_SPECIALS


def _skill_special(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                   pk: Picks, mana: tuple[str, ...] = ()) -> None:
    """A skill's own mechanism (facts 3.5), by the skill."""
    p, sid = s.players[player], getattr(card, "id", "")
    if sid == "i-feel-no-pain":  # discard a Wound from hand: draw a card
        if WOUND not in p.hand:
            raise _refuse(f"{card.name}: you have no Wound in hand to discard", "Using Skills")
        p.hand.remove(WOUND)
        p.discard.append(WOUND)
        p.must_play = False  # facts 5.4: a card was discarded this turn
        draw(p, 1)
    elif sid == "invocation":  # discard a Wound for a red or black token, another card for white or green
        if not pk.other or pk.other not in p.hand:
            raise _refuse(f"{card.name}: name the card of your hand to discard", "Using Skills")
        allowed = invocation_colours(pk.other)
        if pk.colour not in allowed:
            raise _refuse(f"{card.name}: discarding {'a Wound' if pk.other == WOUND else 'that card'} gives a "
                          f"{' or '.join(allowed)} mana token", "Using Skills")
        if pk.colour not in invocation_colours_now(s, pk.other, s.polarized):
            raise _refuse(f"{card.name}: the token must be spent at once, and {pk.colour} mana cannot be used "
                          f"{night_words(s, player)}", "Using Skills")
        invoke(s, player, card.name, pk.other, pk.colour, events)
    elif sid == "inspiration":  # ready a Spent Unit, or heal a Wounded one
        labels = unit_labels(p)
        if pk.other not in labels:
            raise _refuse(f"{card.name}: name a Spent or Wounded Unit of yours", "Using Skills")
        u = p.units[labels.index(pk.other)]
        if u[1]:
            u[1] = 0
        elif u[2]:
            u[2] = False
        else:
            raise _refuse(f"{card.name}: your {pk.other} is neither Spent nor Wounded", "Using Skills")
        events.append(Event("unit-readied", f"readies or heals {t.unit[u[0]].name}", player, {"unit": pk.other}))
    elif sid in SKILL_SPECIALS:  # a mechanism with its own module (specials.py)
        SKILL_SPECIALS[sid](t, s, player, card, e, events, pk, mana, 1)
    else:
        raise _refuse(f"{card.name}: {e.notation()} is not playable yet")
