"""The Artifacts' own mechanisms (facts 3.3): the code of their ``special:NAME`` effects,
registered in ``specials.py``. An Artifact's strong effect needs no mana and throws the card
away (``playing.play_card``); what lasts the turn is a word in ``PlayerState.this_turn``.
"""

from __future__ import annotations

from typing import Any

from ...engine import Event
from .cards_model import Card, CardEffect
from .content import Tables
from .deck import draw, take_wounds
from .exploring import reveal_near
from .game_state import BASIC, GameState
from .mana import gain_crystal_now, roll_die
from .playing import Picks, _refuse
from .specials import card_special

RULE = "Artifacts"
AMULETS = {"amulet-of-the-sun": (True, "amulet:sun"), "amulet-of-darkness": (False, "amulet:darkness")}
HORN_WOUNDS = ("black", "red")  # the faces of a mana die that wound the Horn of Wrath's player


def _card(card: Any, e: CardEffect) -> Card:
    if not isinstance(card, Card):
        raise _refuse(f"{card.name}: {e.notation()} is played from a card", RULE)
    return card


@card_special("ring")
def ring(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
         mana: tuple[str, ...], option: int) -> None:
    """Ruby, Sapphire, Diamond, Emerald Ring thrown away (facts 3.3): any number of mana of the
    Ring's colour and of black this turn (black still only where it is usable); at the end of
    the turn Fame +1 per Spell of that colour cast this turn (``turn._ring_fame``)."""
    colour = next(x.colour for x in _card(card, e).basic[0] if x.type == "mana-token")
    s.players[player].this_turn.append(f"ring:{colour}")
    events.append(Event("ring", f"may use any number of {colour} and black mana this turn", player,
                        {"colour": colour}))


@card_special("amulet")
def amulet(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
           mana: tuple[str, ...], option: int) -> None:
    """Amulet of the Sun played at Night: forests cost 3, gold mana is usable, garrisons and
    ruins are revealed as by Day; Amulet of Darkness played by Day: deserts cost 3 and black mana
    is usable as at Night (facts 3.3). Played in the other half of the day, only its tokens."""
    at_night, word = AMULETS[_card(card, e).id]
    if s.night != at_night:
        return
    s.players[player].this_turn.append(word)
    events.append(Event("amulet", f"{card.name}: {'Day' if at_night else 'Night'} rules for mana and "
                        f"{'forests' if at_night else 'deserts'} this turn", player, {"card": card.id}))
    if at_night:
        reveal_near(t, s, player, events)
        p = s.players[player]
        tok = s.ruins.get(p.position)
        if tok is not None:
            tok.face_up = True


@card_special("endless-gem-pouch")
def endless_gem_pouch(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Picks, mana: tuple[str, ...], option: int) -> None:
    """Endless Gem Pouch (facts 3.3): roll a mana die N times, a crystal of each colour rolled;
    gold gives a crystal of the colour chosen (``pk.colour``, named before the roll: our reading),
    black Fame +1 instead."""
    if pk.colour not in BASIC:
        raise _refuse(f"{card.name}: choose the colour of the crystal a gold roll gives ({', '.join(BASIC)})", RULE)
    p = s.players[player]
    for _ in range(e.value):
        face = roll_die(s.rng)
        events.append(Event("rolled", f"{card.name}: rolls {face}", player, {"face": face}))
        if face == "black":
            p.fame += 1
        else:
            gain_crystal_now(p, pk.colour if face == "gold" else face, events, player)


@card_special("golden-grail")
def golden_grail(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                 mana: tuple[str, ...], option: int) -> None:
    """Golden Grail (facts 3.3), after its Heal: basic, Fame +1 per point of it used; thrown away,
    a card drawn per Wound healed from the hand this turn (this Heal and any later one)."""
    healed = next((x.data.get("wounds", 0) for x in reversed(events) if x.kind == "healed"), 0)
    p = s.players[player]
    if pk.powered:
        draw(p, healed)
        p.this_turn.append("golden-grail")
    elif healed:
        p.fame += healed
        events.append(Event("fame", f"Fame +{healed} for the Golden Grail's healing", player, {"fame": healed}))


@card_special("horn-of-wrath")
def horn_of_wrath(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event], pk: Picks,
                  mana: tuple[str, ...], option: int) -> None:
    """Horn of Wrath (facts 3.3): roll a mana die per die the option names (1; thrown away, one
    per Siege point added); each black or red face gives a Wound to the hand."""
    wounds = 0
    for _ in range(e.value):
        face = roll_die(s.rng)
        events.append(Event("rolled", f"{card.name}: rolls {face}", player, {"face": face}))
        wounds += face in HORN_WOUNDS
    if wounds:
        take_wounds(s.players[player], wounds)
        events.append(Event("wounded", f"takes {wounds} Wound(s) from the {card.name}", player, {"wounds": wounds}))
