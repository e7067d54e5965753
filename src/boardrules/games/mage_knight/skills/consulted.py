"""The expansions' skills with their own mechanisms that other rules consult (facts 3.5,
``special:skill``), registered by skill id: Shapeshift (the next Basic Action's Move, Attack or
Block given as another of them, ``playing._play``), Arcane Disguise (Reputation ignored this
turn, ``sites/reputation.py``, ``sites/interaction.py``; flipped back up by paying green mana), Puppet Master (the enemy tokens
defeated this turn, ``sites.finish_combat``). This module imports neither ``playing`` nor
``sites``, which consult it."""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.mana import pay_mana
from ..cards_model import Card, CardEffect, Option
from ..content import Tables
from ..game_state import GameState, PlayerState, add, details
from ..specials import skill_special

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
    shaped = shape_option(card, chosen, wait[1])
    if shaped is None:
        return chosen
    p.lasting = tuple(x for x in p.lasting if x is not wait)
    return shaped


def shape_option(card: Card, chosen: Option, into: str) -> Option | None:
    """``chosen`` (an option of ``card``) with its first fixed Move, Attack (not Ranged or Siege)
    or Block of another kind than ``into`` given as ``into`` (its amount; Attack and Block keep
    the element); None if Shapeshift changes nothing there (also between heroes, pvp/cards.py)."""
    if card.kind not in ("basic", "hero"):
        return None
    for k, e in enumerate(chosen):
        if e.type in SHAPES and e.type != into and e.per is None and e.value > 0:
            element = "physical" if into == "move" else e.element  # Move has no element
            new = CardEffect.model_validate({"type": into, "value": e.value, "element": element, "when": e.when})
            return (*chosen[:k], new, *chosen[k + 1:])
    return None


ARCANE_DISGUISE = "arcane-disguise"
ARCANE_FLIPPED = "flipped:" + ARCANE_DISGUISE  # skills.FLIPPED mark: face down until green mana is paid
DISGUISED = "disguised"  # a mark of PlayerState.lasting: Reputation effects are ignored this turn (sites/reputation.py, sites/interaction.py)


@skill_special(ARCANE_DISGUISE)
def arcane_disguise(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                    pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "Influence 2, or flip to ignore reputation effects this turn (flip back by
    paying green)": the second choice; the token stays face down past the turn's end until its
    owner pays a green mana (``flip_back_arcane_disguise``) or a new round begins."""
    p = s.players[player]
    add(p, DISGUISED)
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




PUPPET_MASTER = "puppet-master"
DEFEATED = "defeated:"  # a mark of PlayerState.lasting, its detail an enemy token defeated this turn (sites.finish_combat)
PUPPET_CHOICES = 6  # at most this many choices offered (``choose N``, as a side's options)


def puppet_choices(t: Tables, s: GameState, player: int) -> list[str]:
    """What Puppet Master may do now, in order (``choose N``): keep a token defeated this turn
    that is still on its discard pile ("keep:ID"); in a combat's Attack phase, discard a kept
    token for its Attack ("attack:ID"), in its Block phase for its Block ("block:ID")."""
    p, c = s.players[player], s.combat
    out = []
    if p.lasting:
        for token in dict.fromkeys(details(p, DEFEATED)):
            if token in s.enemy_discards.get(t.enemy[token].colour, []):
                out.append(f"keep:{token}")
    if c is not None and c.phase in ("attack", "block"):
        out += [f"{c.phase}:{x}" for x in dict.fromkeys(p.puppets)
                if c.phase == "block" or any(a.summon is None and a.value for a in t.enemy[x].attacks)]
    return out[:PUPPET_CHOICES]


def _half(n: int) -> int:
    return (n + 1) // 2


@skill_special(PUPPET_MASTER)
def puppet_master(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "keep one defeated enemy token, or discard a kept token for Attack = half
    its attack (round up) or Block = half its armor (round up), with its elements": ``pk.other``
    the number of the choice in ``puppet_choices``. A token kept comes back from its discard pile
    (defeated this turn); one discarded goes there. Each attack of the token gives half its value
    with its element; the Block takes the element of its first attack."""
    p, c = s.players[player], s.combat
    choices = puppet_choices(t, s, player)
    if not choices:
        raise IllegalActionError(f"{card.name}: no enemy token defeated this turn to keep, nor a kept token to "
                                 "use in a combat's Block or Attack phase", RULE)
    if not pk.other.isdigit() or not 1 <= int(pk.other) <= len(choices):
        raise IllegalActionError(f"{card.name}: choose 1-{len(choices)}", RULE)
    what, _, token = choices[int(pk.other) - 1].partition(":")
    en = t.enemy[token]
    if what == "keep":
        s.enemy_discards[en.colour].remove(token)
        p.puppets = (*p.puppets, token)
        events.append(Event("token-kept", f"{card.name}: keeps the {en.name} token", player, {"token": token}))
        return
    assert c is not None
    k = p.puppets.index(token)
    p.puppets = p.puppets[:k] + p.puppets[k + 1:]
    s.enemy_discards[en.colour].append(token)
    if what == "attack":
        c.pool += [("attack", a.element, _half(a.value), False, -1) for a in en.attacks if a.summon is None and a.value]
    else:
        c.pool.append(("block", en.attacks[0].element, _half(en.armor), False, -1))
    c.cached = None
    events.append(Event("token-discarded", f"{card.name}: discards the {en.name} token for its "
                        f"{what.capitalize()}", player, {"token": token, "for": what}))


__all__ = ["ARCANE_DISGUISE", "DEFEATED", "DISGUISED", "PUPPET_MASTER", "SHAPESHIFT", "arcane_flipped",
           "flip_back_arcane_disguise", "puppet_choices", "shape_option", "shapeshifted"]
