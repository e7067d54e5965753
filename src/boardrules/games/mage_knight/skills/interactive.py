"""Interactive skills (facts 3.5, competitive tokens), registered by skill id: once a round, the
token goes to the centre of the table (``GameState.centre``: skill, owner, detail) and affects the
others until the start of its owner's next turn (``centre_at_turn_start``), then it is face down
until the round ends. Prayer of Weather (Norowas): its effect is read by the Move costs
(``movement.weather``); Healing Ritual (Arythea): Wounds thrown away, one to the nearest other
hero; Source Freeze (Goldyx): the others' normal die frozen, a crystal back on the owner's next
turn (``SOURCE_FREEZE_BACK``, a decision of the owner's); Mana Exploit (Tovak): the colour marked
in the detail, the Wounds given as ``SEAT:colour`` marks after it (``mana.mana_exploit``); Wolf's
Howl (Wolfhawk): a sideways bonus now, the others' Units -1 in their combats; Nature's Vengeance
(Braevalar): an enemy Cumbersome now, the others' enemies +1 attack in their combats (both read
as a combat starts, ``centre_at_combat_start``); Mana Enhancement (Krang): a crystal of a basic
colour spent this turn, marked in the centre, which another player may return on their turn for a
mana token of it. Everything here is in sight of everyone.
"""

from __future__ import annotations

from typing import Any

from ....engine import Event, IllegalActionError
from ..cards.deck import WOUND
from ..cards.mana import ENHANCE, MANA_ENHANCEMENT, MANA_EXPLOIT, claimed, gain_crystal_now, stolen
from ..cards_model import CardEffect
from ..combat.enemies import REPLACED_RULE, replaced, replaced_reason
from ..content import Tables
from ..game_state import BASIC, GameState, command_tokens_used, has
from ..knowledge.seen import seen_in_hand
from ..map.hexes import distance
from ..map.movement import PRAYER_OF_WEATHER
from ..specials import skill_special

RULE = "Using Skills"
RITUAL_WOUNDS = 2
SOURCE_FREEZE = "source-freeze"
SOURCE_FREEZE_BACK = "back"  # the detail of a Source Freeze whose owner's next turn has begun: the crystal waits
EXPLOIT_COLOURS = (*BASIC, "black")  # Mana Exploit: a non-gold token


def _to_centre(s: GameState, skill: str, player: int, events: list[Event], name: str, detail: str = "") -> None:
    s.centre = (*s.centre, (skill, player, detail))
    events.append(Event("centre", f"puts {name} in the centre until the start of the next turn", player,
                        {"skill": skill}))


@skill_special(PRAYER_OF_WEATHER)
def prayer_of_weather(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Norowas: until your next turn, terrain costs 2 less for you (min 1) and 1 more
    for everyone else (max 5)."""
    _to_centre(s, PRAYER_OF_WEATHER, player, events, card.name)


def nearest_other(s: GameState, player: int) -> int:
    """The other hero nearest to ``player``'s (a tie: the first after them in seat order), or -1."""
    n = len(s.players)
    others = [(player + k) % n for k in range(1, n)]
    if not others:
        return -1
    here = s.players[player].position
    return min(others, key=lambda i: (distance(here, s.players[i].position), (i - player) % n))


@skill_special("healing-ritual")
def healing_ritual(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                   pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Arythea: outside combat throw away up to two Wounds from hand; one of them goes to
    the hand of the nearest other hero instead (all the Wounds it can, rules-choices.md)."""
    p = s.players[player]
    wounds = min(RITUAL_WOUNDS, p.hand.count(WOUND))
    if not wounds:
        raise IllegalActionError(f"{card.name}: you have no Wound in hand", RULE)
    for _ in range(wounds):
        p.hand.remove(WOUND)
    other = nearest_other(s, player)
    if other >= 0:
        s.players[other].hand.append(WOUND)
        seen_in_hand(s, other, [WOUND])  # in sight of everyone (knowledge/seen.py)
        events.append(Event("wound", f"{card.name}: a Wound goes to the hand of player {other + 1}", player,
                            {"to": other + 1}))
    events.append(Event("healed", f"{card.name}: {wounds} Wound(s) out of the hand", player, {"wounds": wounds}))
    _to_centre(s, "healing-ritual", player, events, card.name)


def frozen_colours(s: GameState) -> list[str]:
    """The basic colours showing on the Source's dice (not on a Mana Steal card or kept by Mana
    Claim, which are out of the Source)."""
    return sorted({f for i, f in enumerate(s.source) if f in BASIC and not stolen(s, i) and not claimed(s, i)})


def centre_at_turn_start(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Facts 3.5: at the start of its owner's next turn an interactive skill leaves the centre
    (face down till the round's end); others' turns begin under Source Freeze without their
    normal die. Source Freeze stays until its owner takes the crystal (``source_freeze_back``),
    the turn's first decision; with no basic colour showing it comes back without one."""
    kept = []
    for skill, owner, detail in s.centre:
        if owner != player:
            kept.append((skill, owner, detail))
            if skill == SOURCE_FREEZE:
                s.dice_allowed = 0
                events.append(Event("frozen", "Source Freeze: no normal die from the Source this turn", player))
        elif skill == SOURCE_FREEZE and frozen_colours(s):
            kept.append((skill, owner, SOURCE_FREEZE_BACK))
    s.centre = tuple(kept)


def source_freeze_waiting(s: GameState, player: int) -> bool:
    """Whether ``player``'s Source Freeze waits for them to take its crystal."""
    return (SOURCE_FREEZE, player, SOURCE_FREEZE_BACK) in s.centre


@skill_special(SOURCE_FREEZE)
def source_freeze(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                  pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Goldyx: "put the token in the Source: other players may not use their normal die
    from the Source; on your next turn gain a crystal of a basic colour showing in the Source
    (that die is not re-rolled), then take the token back"."""
    _to_centre(s, SOURCE_FREEZE, player, events, card.name)


def source_freeze_back(t: Tables, s: GameState, player: int, colour: str, events: list[Event]) -> None:
    """Source Freeze back on its owner's next turn: a crystal of ``colour``, a basic colour showing
    in the Source (the die is left as it is)."""
    if not source_freeze_waiting(s, player):
        raise IllegalActionError("Source Freeze is not waiting for you to take a crystal", RULE)
    if colour not in frozen_colours(s):
        raise IllegalActionError(f"Source Freeze comes back first: take a crystal of a basic colour showing in the "
                                 f"Source (colour C: {', '.join(frozen_colours(s))})", RULE)
    gain_crystal_now(s.players[player], colour, events, player)
    s.centre = tuple(x for x in s.centre if x[:2] != (SOURCE_FREEZE, player))
    events.append(Event("centre", "takes Source Freeze back from the Source", player, {"skill": SOURCE_FREEZE}))


@skill_special(MANA_EXPLOIT)
def mana_exploit(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                 pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Tovak: "gain a non-gold mana token of a chosen colour, mark the skill with that
    colour; until your next turn other players take a Wound when they use mana of any OTHER colour
    (max 1 Wound per colour per player; gold counts as the colour it is used as)" (``pk.colour``)."""
    if pk.colour not in EXPLOIT_COLOURS:
        raise IllegalActionError(f"{card.name}: choose the token's colour ({', '.join(EXPLOIT_COLOURS)})", RULE)
    s.players[player].mana[pk.colour] += 1
    events.append(Event("mana-token", f"gains a {pk.colour} mana token", player, {"colour": pk.colour}))
    _to_centre(s, MANA_EXPLOIT, player, events, card.name, pk.colour)


WOLFS_HOWL = "wolfs-howl"
NATURES_VENGEANCE = "natures-vengeance"


@skill_special(WOLFS_HOWL)
def wolfs_howl(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
               pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Wolfhawk: "once per round, not in interaction: one sideways card gives +4, +1 per
    Command token without a unit; until your next turn other players' units get -1 to attacks and
    blocks" (the bonus waits for the next card played sideways, ``bonuses.sideways_value``)."""
    p = s.players[player]
    if p.interacting:
        raise IllegalActionError(f"{card.name} is not used in an interaction", RULE)
    if s.sideways_bonus:
        raise IllegalActionError(f"{card.name}: a bonus already waits for the next card played sideways", RULE)
    value = e.value + max(0, p.command - command_tokens_used(p))
    s.sideways_bonus = f"{WOLFS_HOWL}:{value}"
    events.append(Event("skill-bonus", f"{card.name}: the next card played sideways gives +{value}", player,
                        {"bonus": s.sideways_bonus}))
    _to_centre(s, WOLFS_HOWL, player, events, card.name)


@skill_special(NATURES_VENGEANCE)
def natures_vengeance(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                      pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Braevalar: "one enemy attack -1 and it gains Cumbersome; while in centre other
    players' enemies get +1 attack in the Block phase" (the -1 is the skill's other effect; the
    enemy is ``pk.target``)."""
    c = s.combat
    if c is None or not 1 <= pk.target <= len(c.enemies):
        raise IllegalActionError(f"{card.name} is used on an enemy in a combat", RULE)
    if replaced(c, pk.target - 1):
        raise IllegalActionError(f"{card.name}: {replaced_reason(c, t, pk.target - 1)}", REPLACED_RULE)
    enemy = c.enemies[pk.target - 1]
    if "cumbersome" not in enemy.gained:
        enemy.gained.append("cumbersome")
    c.cached = None
    events.append(Event("effect", f"{card.name}: enemy {pk.target} gains Cumbersome", player, {"enemy": pk.target}))
    _to_centre(s, NATURES_VENGEANCE, player, events, card.name)


def centre_at_combat_start(s: GameState, player: int, events: list[Event]) -> None:
    """A combat of ``player`` starts while another's Wolf's Howl or Nature's Vengeance is in the
    centre (facts 3.5): their Units get -1 to attacks and blocks, their enemies +1 to each attack."""
    c = s.combat
    assert c is not None
    for skill, owner, _ in s.centre:
        if owner == player:
            continue
        if skill == WOLFS_HOWL:
            c.unit_bonus -= 1
            events.append(Event("effect", "Wolf's Howl: your Units get -1 to attacks and blocks", player))
        elif skill == NATURES_VENGEANCE:
            for enemy in c.enemies:
                enemy.attack_bonus = [b + 1 for b in enemy.attack_bonus]
            events.append(Event("effect", "Nature's Vengeance: the enemies get +1 to each attack", player))


def enhanced_colours(s: GameState, player: int) -> tuple[str, ...]:
    """The basic colours of mana ``player`` spent this turn (Mana Enhancement's crystal)."""
    return tuple(c for c in BASIC if has(s.players[player], ENHANCE, c))


@skill_special(MANA_ENHANCEMENT)
def mana_enhancement(t: Tables, s: GameState, player: int, card: Any, e: CardEffect, events: list[Event],
                     pk: Any, mana: tuple[str, ...], option: int) -> None:
    """Facts 3.5, Krang: "once per round when you spend basic mana, gain a crystal of it and put
    this in the centre until your next turn; others may return it to gain that mana colour"
    (``pk.colour``: a basic colour spent this turn)."""
    if pk.colour not in enhanced_colours(s, player):
        raise IllegalActionError(f"{card.name}: choose a basic colour of mana you spent this turn "
                                 f"({', '.join(enhanced_colours(s, player)) or 'none yet'})", RULE)
    gain_crystal_now(s.players[player], pk.colour, events, player)
    _to_centre(s, MANA_ENHANCEMENT, player, events, card.name, pk.colour)


def enhancement_to_return(s: GameState, player: int) -> str:
    """The colour of another player's Mana Enhancement in the centre that ``player`` may return
    on their turn, or ""."""
    return next((d for k, o, d in s.centre if k == MANA_ENHANCEMENT and o != player), "") if s.centre else ""


def return_enhancement(t: Tables, s: GameState, player: int, events: list[Event]) -> None:
    """Another player returns Mana Enhancement to its owner (face down): a mana token of its colour."""
    colour = enhancement_to_return(s, player)
    if not colour or s.current != player:
        raise IllegalActionError("there is no other player's Mana Enhancement in the centre to return", RULE)
    owner = next(o for k, o, _ in s.centre if k == MANA_ENHANCEMENT and o != player)
    s.centre = tuple(x for x in s.centre if x[:2] != (MANA_ENHANCEMENT, owner))
    s.players[player].mana[colour] += 1
    events.append(Event("centre", f"returns Mana Enhancement: a {colour} mana token", player,
                        {"skill": MANA_ENHANCEMENT, "colour": colour}))
