"""The mana skills with their own mechanisms (facts 3.5, ``special:skill``), registered by skill
id: Polarization (the next mana paid of the opposite colour, cards/mana.py), Regenerate (a mana
of any colour paid, a Wound discarded), Shamanic Ritual (flipped back up as the turn's action)
and Invocation (a card discarded for a mana token to spend at once)."""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.deck import WOUND, draw
from ..cards.mana import INVOKED, night_rules, pay_mana, usable
from ..cards_model import CardEffect
from ..content import Tables
from ..game_state import GameState, add, details, has, remove
from ..specials import skill_special

RULE = "Using Skills"


@skill_special("polarization")
def polarization(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                 pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: use one mana as its opposite colour (red and blue, green and white); by Day black
    as any basic colour, at Night gold as black: the next mana paid this turn (cards/mana.py)."""
    if s.polarized:
        raise IllegalActionError(f"{card.name} already waits for the next mana paid", RULE)
    s.polarized = True
    events.append(Event("skill-bonus", f"{card.name}: the next mana paid may be of the opposite colour", player,
                        {"bonus": "polarization"}))


REGENERATE = ("krang-regenerate", "braevalar-regenerate")


@skill_special(*REGENERATE)
def regenerate(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang and Braevalar: "pay 1 mana of any colour, discard a Wound; if the mana was
    red or you have least Fame, also draw a card" (``pk.colour`` and its source)."""
    p = s.players[player]
    if WOUND not in p.hand:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand to discard", RULE)
    if not pk.colour or len(mana) != 1:
        raise IllegalActionError(f"{card.name}: choose the mana's colour and the mana that pays it "
                                 "(die N, token or crystal)", "Mana")
    pay_mana(s, player, pk.colour, mana[0])
    regenerate_wound(s, player, card.name, pk.colour, events)


def regenerate_wound(s: GameState, player: int, name: str, colour: str, events: list[Event]) -> None:
    """Regenerate once its mana of ``colour`` is paid (also between heroes, pvp/skill_mechanisms.py):
    a Wound of the hand to the discard pile; a card drawn if the mana was red or the player has
    the least Fame (ties count)."""
    p = s.players[player]
    p.hand.remove(WOUND)
    p.discard.append(WOUND)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    events.append(Event("discarded", f"{name}: discards a Wound", player, {"card": WOUND}))
    if colour == "red" or not any(q.fame < p.fame for q in s.players):  # least Fame: ties count
        draw(p, 1)
        events.append(Event("drew", f"{name}: draws a card", player, {"cards": 1}))


SHAMANIC_RITUAL = "shamanic-ritual"


@skill_special(SHAMANIC_RITUAL)
def shamanic_ritual(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "gain a mana token of any colour; may be flipped back up as your action"
    (the token is the skill's other effect; the flip back is ``flip_back_shamanic_ritual``)."""


def shamanic_ritual_flippable(s: GameState, player: int) -> bool:
    """Whether ``player`` may flip Shamanic Ritual back up now: used this round, as the turn's
    action (outside a combat, before another action)."""
    p = s.players[player]
    return SHAMANIC_RITUAL in p.skills_used and not p.acted and s.combat is None and not p.rested


def flip_back_shamanic_ritual(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Shamanic Ritual flipped back face up as the turn's action: it may be used again."""
    if not shamanic_ritual_flippable(s, player):
        raise IllegalActionError("Shamanic Ritual is flipped back up as your action, once it was used", RULE)
    p = s.players[player]
    p.skills_used.remove(SHAMANIC_RITUAL)
    p.acted = p.moving_done = True
    events.append(Event("skill-flipped", "flips Shamanic Ritual back up as the turn's action", player,
                        {"skill": SHAMANIC_RITUAL}))


INVOCATION = "invocation"


def invocation_colours(card: str) -> tuple[str, ...]:
    """Facts 3.5 Invocation: a Wound discarded gives a red or black mana token, another card a
    white or green one."""
    return ("red", "black") if card == WOUND else ("white", "green")


def invocation_colours_now(s: GameState, card: str, polarized: bool) -> tuple[str, ...]:
    """Facts 3.5 Invocation, "the token must be spent at once": the colours of ``invocation_colours``
    that can be spent now: usable now, or black by Day while Polarization waits (``polarized``;
    mana.polarized turns black into a basic colour)."""
    return tuple(c for c in invocation_colours(card) if usable(s, c) or c == "black" and polarized and not night_rules(s))


def invoke(s: GameState, player: int, name: str, card: str, colour: str, events: list[Event]) -> None:
    """Invocation (facts 3.5; cards/playing.py, and between heroes pvp/skill_mechanisms.py): ``card`` of the
    hand discarded, a mana token of ``colour`` gained (``invocation_colours``, checked by the caller)."""
    p = s.players[player]
    p.hand.remove(card)
    p.discard.append(card)
    p.must_play = False  # facts 5.4: a card was discarded this turn
    p.mana[colour] += 1
    add(p, INVOKED, colour)  # "the token must be spent at once" (invocation_lapses)
    events.append(Event("mana-token", f"gains a {colour} mana token, to spend at once", player, {"colour": colour}))


def invoked(s: GameState) -> list[tuple[int, str]]:
    """The Invocation tokens not spent yet: (player, colour)."""
    return [(i, colour) for i, p in enumerate(s.players) if p.lasting for colour in details(p, INVOKED)]


def invocation_lapses(s: GameState, before: list[tuple[int, str]], actor: int, busy: bool,
                      events: list[Event]) -> bool:
    """Facts 3.5 Invocation, "the token must be spent at once" (rules-choices.md): the token gained
    is spent by the play that follows the skill, the steps that name its mana included
    (``mana.token_spent``). ``before``: the tokens waiting before this action (``invoked``);
    ``actor``: who took it; ``busy``: a play of theirs still waits for its steps or its mana.
    A token still not spent once its owner's next play is done, or once the combat between heroes
    in which the defender gained it is over, is lost. Returns whether a token was lost."""
    lost = False
    for player, colour in before:
        p = s.players[player]
        if not has(p, INVOKED, colour) or (player == actor and busy) or \
                (player != actor and (player == s.current or s.pvp is not None)):
            continue
        remove(p, INVOKED, colour)
        if p.mana[colour]:
            p.mana[colour] -= 1
            lost = True
            events.append(Event("mana-lost", f"loses the {colour} mana token of Invocation: it was not spent at "
                                "once", player, {"colour": colour}))
    return lost


__all__ = ["INVOCATION", "invocation_colours", "invocation_colours_now", "invocation_lapses", "invoke", "invoked", "regenerate_wound"]
