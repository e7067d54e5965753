"""Hero and Advanced Action card specials, continued (facts 2.3, 3.1; cards/action_specials.py holds
the first families): Savage Harvesting's crystals while moving, Rush of Adrenaline's cards per
Wound, Force of Nature's Physical resistance for a Unit, Blood of Ancients' powered effect of
an offered Advanced Action.

What lasts the turn is a (kind, detail, N) entry of ``PlayerState.lasting``; what lasts the combat
a word of ``Combat.this_combat``. Played and discarded cards are in sight of everyone, so nothing
here is hidden.
"""

from __future__ import annotations

from ....engine import Event
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import BASIC, GameState, add, count
from ..specials import card_special
from .deck import RUSH, WOUND
from .mana import gain_crystal_now
from .offers import unit_labels
from .playing import Picks, Played, _refuse

RULE = "Advanced Actions"
SAVAGE = "savage-harvesting"  # (kind, "basic" / "powered", spaces on the path when played)
HARVESTED = "harvested"  # a mark of PlayerState.lasting per card discarded for Savage Harvesting
PHYSICAL_FOR = "resist-physical:"  # + a Unit's label, in Combat.this_combat: Force of Nature


def _card_id(card: Played) -> str:
    return getattr(card, "id", "")


@card_special("rush-of-adrenaline")
def rush_of_adrenaline(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                       pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Rush of Adrenaline (facts 3.1): a card drawn for each of the first three Wounds taken into
    the hand this turn; powered, the first Wound is thrown away (and draws), then three more
    draw (``deck.take_wounds``). Wounds taken before it is played do not count (our reading)."""
    p = s.players[player]
    add(p, RUSH, "throw" if pk.powered else "draw", e.value)


@card_special("savage-harvesting")
def savage_harvesting(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Savage Harvesting (facts 2.3, Krang): after its Move, a space moved this turn lets the hero
    discard a card for a crystal of its colour: once (basic), or once per space (powered)
    (``harvest``)."""
    p = s.players[player]
    add(p, SAVAGE, "powered" if pk.powered else "basic", len(p.path))


def harvests_left(s: GameState, player: int) -> int:
    """How many cards Savage Harvesting lets the hero discard now: one per space moved since it
    was played (one in all for the basic effect), less those already discarded."""
    p = s.players[player]
    if not p.lasting or s.combat is not None:
        return 0
    done = count(p, HARVESTED)
    left = 0
    for kind, how, start in p.lasting:
        if kind == SAVAGE:
            moved = len(p.path) - start
            left = max(left, moved - done if how == "powered" else min(moved, 1) - done)
    return max(left, 0)


def harvest_colours(t: Tables, card: str) -> tuple[str, ...]:
    """The crystal colours a card discarded to Savage Harvesting gives: its colour (either of a
    dual-colour card), any basic colour for an Artifact."""
    c = t.card[card]
    return BASIC if c.kind == "artifact" else tuple(x for x in c.colours if x in BASIC)


def harvest(t: Tables, s: GameState, player: int, card: str, colour: str, events: list[Event]) -> None:
    """Savage Harvesting: discard ``card`` from the hand for a crystal of its colour (``colour``:
    the colour chosen for an Artifact or a dual-colour card)."""
    p = s.players[player]
    if not harvests_left(s, player):
        raise _refuse("Savage Harvesting: a card is discarded for a crystal when you move a space after playing "
                      "it (basic: once this turn), outside combat", "Savage Harvesting")
    if card == WOUND or card not in p.hand:
        raise _refuse(f"Savage Harvesting: discard a non-Wound card of your hand, not {card}", "Savage Harvesting")
    colours = harvest_colours(t, card)
    if len(colours) == 1 and colour in ("", colours[0]):
        colour = colours[0]
    elif colour not in colours:
        raise _refuse(f"Savage Harvesting: {t.card[card].name} gives a crystal of {' or '.join(colours)}: "
                      "name the colour", "Savage Harvesting")
    p.hand.remove(card)
    p.discard.append(card)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    add(p, HARVESTED)
    events.append(Event("discarded", f"discards {t.card[card].name} (Savage Harvesting)", player, {"card": card}))
    gain_crystal_now(p, colour, events, player)


@card_special("force-of-nature")
def force_of_nature(t: Tables, s: GameState, player: int, card: Played, e: CardEffect, events: list[Event],
                    pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Force of Nature (facts 3.1): the chosen Unit (``pk.other``) gains Physical resistance
    this combat (``damage.unit_resistances``)."""
    c = s.combat
    if c is None:
        raise _refuse(f"{card.name}: a Unit gains Physical resistance for a combat: play it in one", RULE)
    labels = [u.label for u in c.units if not u.destroyed]
    if pk.other not in labels:
        raise _refuse(f"{card.name}: choose one of your Units ({', '.join(labels) or 'none'})", RULE)
    c.this_combat.append(PHYSICAL_FOR + pk.other)
    events.append(Event("resistance", f"{pk.other} gains Physical resistance this combat", player,
                        {"unit": pk.other}))


WOUND_TO = ("hand", "discard")  # Blood of Ancients (powered): where its Wound goes (``wound WHERE``)
def unit_labels_of(s: GameState, player: int) -> list[str]:
    """The Units a Force of Nature may choose: the hero's, in the combat (or out of it)."""
    c = s.combat
    return [u.label for u in c.units if not u.destroyed] if c is not None else unit_labels(s.players[player])


__all__ = ["HARVESTED", "WOUND_TO", "PHYSICAL_FOR", "SAVAGE", "harvest", "harvest_colours", "harvests_left",
           "unit_labels_of"]
