"""The expansions' skills with their own mechanisms that other rules consult (facts 3.5,
``special:skill``), registered by skill id: Shapeshift (the next Basic Action's Move, Attack or
Block given as another of them, ``playing._play``), Arcane Disguise (Reputation ignored this
turn, ``sites.py``; flipped back up by paying green mana). This module imports neither
``playing`` nor ``sites``, which consult it."""

from __future__ import annotations

from typing import Any

from ...engine import Event, IllegalActionError
from .cards_model import Card, CardEffect, Option
from .content import Tables
from .game_state import GameState, PlayerState
from .mana import pay_mana
from .specials import skill_special

RULE = "Using Skills"
SHAPESHIFT = "shapeshift"  # (kind, into, 0) in PlayerState.lasting: the next Basic Action's effect becomes `into`
SHAPES = ("move", "attack", "block")  # Shapeshift's choices 1-3: what the effect becomes


@skill_special(SHAPESHIFT)
def shapeshift(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "a Basic Action giving a fixed Move, Attack or Block gives the same
    amount of one of the other two instead (element kept)": the choice (``special:skill N``,
    1 Move, 2 Attack, 3 Block) waits, this turn, for the next Basic Action played basic or
    powered that gives a fixed amount of one of the other two."""
    p = s.players[player]
    if any(x[0] == SHAPESHIFT for x in p.lasting):
        raise IllegalActionError(f"{card.name}: a change already waits for the next Basic Action", RULE)
    into = SHAPES[e.value - 1]
    p.lasting = (*p.lasting, (SHAPESHIFT, into, 0))
    events.append(Event("skill-bonus", f"{card.name}: the next Basic Action's fixed Move, Attack or Block gives "
                        f"{into.capitalize()} instead", player, {"bonus": SHAPESHIFT, "into": into}))


def shapeshifted(p: PlayerState, card: Card, chosen: Option) -> Option:
    """The option of a Basic Action played now, after a Shapeshift waiting this turn: its first
    fixed Move, Attack (not Ranged or Siege) or Block of another kind becomes the one chosen,
    with its amount and (Attack and Block) its element; the change is then used up."""
    if card.kind not in ("basic", "hero") or not p.lasting:
        return chosen
    wait = next((x for x in p.lasting if x[0] == SHAPESHIFT), None)
    if wait is None:
        return chosen
    into = wait[1]
    for k, e in enumerate(chosen):
        if e.type in SHAPES and e.type != into and e.per is None and e.value > 0:
            p.lasting = tuple(x for x in p.lasting if x is not wait)
            element = "physical" if into == "move" else e.element  # Move has no element
            new = CardEffect.model_validate({"type": into, "value": e.value, "element": element, "when": e.when})
            return (*chosen[:k], new, *chosen[k + 1:])
    return chosen


ARCANE_DISGUISE = "arcane-disguise"
ARCANE_FLIPPED = "flipped:" + ARCANE_DISGUISE  # skills.FLIPPED mark: face down until green mana is paid
DISGUISED = "disguised"  # PlayerState.this_turn: Reputation effects are ignored this turn (sites.py)


@skill_special(ARCANE_DISGUISE)
def arcane_disguise(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "Influence 2, or flip to ignore reputation effects this turn (flip back by
    paying green)": the second choice; the token stays face down past the turn's end until its
    owner pays a green mana (``flip_back_arcane_disguise``) or a new round begins."""
    p = s.players[player]
    p.this_turn.append(DISGUISED)
    p.skills_used.append(ARCANE_FLIPPED)
    events.append(Event("skill-flipped", f"{card.name}: Reputation is ignored this turn; the token stays face down "
                        "until green mana is paid", player, {"skill": ARCANE_DISGUISE}))


def arcane_flipped(p: PlayerState) -> bool:
    """Whether Arcane Disguise is face down, waiting for green mana to flip back."""
    return ARCANE_FLIPPED in p.skills_used


def flip_back_arcane_disguise(t: Tables, s: GameState, player: int, source: str, events: list[Event]) -> None:
    """Arcane Disguise flipped back up by paying a green mana (``source``: die N, token or
    crystal), in the owner's turn: it may be used again once a turn."""
    p = s.players[player]
    if not arcane_flipped(p) or s.current != player:
        raise IllegalActionError("Arcane Disguise is flipped back up in your turn, once flipped face down", RULE)
    if not source:
        raise IllegalActionError("Arcane Disguise is face down until green mana is paid: pay one (die N, token or "
                                 "crystal)", RULE)
    pay_mana(s, player, "green", source)
    p.skills_used.remove(ARCANE_FLIPPED)
    events.append(Event("skill-flipped", "pays green mana: Arcane Disguise is face up again", player,
                        {"skill": ARCANE_DISGUISE}))


__all__ = ["ARCANE_DISGUISE", "DISGUISED", "SHAPESHIFT", "arcane_flipped", "flip_back_arcane_disguise",
           "shapeshifted"]
