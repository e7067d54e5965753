"""The cards' sides a combat between heroes can take (pvp/combat.py; facts 2, 3.1-3.3, 5.3): their
points, Influence, own Wound or Reputation, attack reductions and effects on the other hero's
Units, the mana a side costs, the effects with no meaning between heroes (the refusal), the
Sword of Justice's and the Bow of Starsdawn's thrown-away effects, and a Shapeshift waiting
for the next Basic Action (facts 3.5). Our readings are in docs/mage-knight/rules-choices.md
("Player versus player")."""

from __future__ import annotations

from typing import Any

from ....engine import Action
from ..content import Tables
from ..game_state import GameState
from ..skills.consulted import SHAPESHIFT, shape_option
from .effects import PVP_PER, PVP_WHEN
from .state import POINT_KINDS, PvPCombat
from .units import BURNING_SHIELD, INFLUENCE, ON_UNITS, PVP_SPECIALS, UNFORTIFY, on_units


def card_points(t: Tables, card_id: str, option: int) -> list[tuple[str, str, int]]:
    """The points of option ``option`` (1-based) of a card's basic effect when it is only plain
    Attack, Ranged, Siege or Block points (no mana to pay, no condition, count or target: Rage's
    Attack 2, Cold Toughness's Ice Block 3); [] otherwise."""
    card = t.card.get(card_id)
    if card is None or card.basic_cost or not 1 <= option <= len(card.basic):
        return []
    effects = card.basic[option - 1]
    if not effects or any(e.type not in POINT_KINDS or e.per or e.when or e.target for e in effects):
        return []
    return [(e.type, e.element, e.value) for e in effects]


PVP_GAINS = ("take-wound", "reputation")  # what else a card playable here may do to its own player (Fireball, Intimidate)
# "Fame +1 per enemy defeated" (Sword of Justice, Bow of Starsdawn), "per Unit recruited" (Heroic
# Tale): 0 here (no enemy is defeated between heroes; recruiting is an action of its own)
NO_DEFEAT = ("enemy-defeated", "enemy-defeated-phase", "unit-recruited")
DISCARDED = "card-discarded"  # "+N per card discarded": the cards are asked after the mana (``shed CARD``)
# Artifacts thrown away that change the side's own attacks this combat (``Side.marks``; pvp/combat.py counts
# them): the Sword of Justice (physical attacks double in the Attacks, the other hero's Units lose
# Physical resistance), the Bow of Starsdawn (Ranged and Siege doubled, or Ranged as Siege against
# a fortified defender)
SWORD, BOW = "sword-of-justice", "bow-of-starsdawn"
STOUT_RESOLVE = "stout-resolve"  # +1 for a Wound discarded; powered +2 per card discarded (at most one Wound)
HOWS = ("basic", "powered")
# specials that do nothing between heroes, their card played for the rest: Explosive Bolt's Armor
# -1 and Chivalry's Reputation (and Fame) "for each enemy it defeats" (no enemy is defeated here),
# Heroic Tale's for the Units recruited later in the turn (none after the turn's action), Cold
# Toughness's bonus (its +1/enemy-icon)
NO_OP_SPECIALS = ("explosive-bolt", "cold-toughness", "chivalry", "heroic-tale")
REDUCE = "attack-reduction"  # "one enemy attack -N" in the Block phase: the melee attack met (Swift Reflexes)


def playable_here(e: Any) -> bool:
    """An effect a combat between heroes can take: points, Influence, the card's own Wound or
    Reputation, an attack reduction (played in the Block step), effects on the other hero's
    Units; a count or condition that it reads (pvp/effects.py)."""
    if e.per and e.per not in PVP_PER or e.when and e.when not in PVP_WHEN:
        return False
    return e.type in (*POINT_KINDS, INFLUENCE, REDUCE, *PVP_GAINS, *ON_UNITS, UNFORTIFY) or \
        e.type == "fame" and e.per in NO_DEFEAT or \
        e.type == "special" and e.name in (*PVP_SPECIALS, *NO_OP_SPECIALS, STOUT_RESOLVE, BURNING_SHIELD, SWORD, BOW)


def powering(t: Tables, card_id: str, colour: str = "") -> tuple[str, ...] | None:
    """The mana a card's powered effect costs (facts 5.3): its one alternative, or for a card
    powered by either of two colours (the UE dual-colour cards: Explosive Bolt, Chilling Stare)
    the one of ``colour``; None if ``colour`` names none of them (or is missing there)."""
    alternatives = t.card[card_id].powering
    if len(alternatives) == 1:
        return alternatives[0] if not colour else None
    return next((a for a in alternatives if colour and a and a[0] == colour), None)


def side_effects(t: Tables, card_id: str, option: int, how: str, colour: str = "",
                 shape: str = "") -> tuple[tuple[Any, ...], tuple[str, ...]] | None:
    """The effects of option ``option`` (1-based) of a card's ``how`` side and the mana colours it
    costs (facts 5.3: a powered effect a mana of the card's colour, of the ``colour`` chosen
    where the card takes either of two; a Spell's strong effect its colour and black, a Spell's
    basic effect its colour; an Artifact's powered effect none: it is thrown away) when it can be
    played in a combat between heroes: Attack, Ranged, Siege or Block points, Influence, the
    card's own Wound or Reputation (Fireball's strong effect, Intimidate), and Armor reductions
    and "does not attack" on the other hero's Units (Tremor, Whirlwind, Chill, Demolish), an
    attack reduction in the Block step (Swift Reflexes: the melee attack met), with the counts
    and conditions of ``pvp/effects.py``; None otherwise (other counts and specials). ``shape``: a
    Shapeshift waiting (``shape_waiting``) gives a Basic Action's Move, Attack or Block as it."""
    card = t.card.get(card_id)
    if card is None or card.kind == "wound" or how not in HOWS:
        return None
    side = card.basic if how == "basic" else card.powered
    if not 1 <= option <= len(side):
        return None
    cost = powering(t, card_id, colour) if how == "powered" else (card.basic_cost if not colour else None)
    if cost is None:
        return None
    effects = side[option - 1]
    if shape:
        effects = shape_option(card, effects, shape) or effects
    if not any(e.type in (*POINT_KINDS, REDUCE, INFLUENCE) for e in effects) and not on_units(effects) and \
            not thrown_mark(effects) or not all(playable_here(e) for e in effects):
        return None
    return tuple(effects), tuple(cost)


# effects on an enemy that have no meaning between heroes, in a player's words (the refusal)
NO_MEANING = {
    "lose-attack-abilities": "between heroes there are no attack abilities to lose: a hero's attack and a "
                             "Unit's have no Swift, Brutal, Poison, Paralyze or the like (a Unit that "
                             "does not attack is another effect)",
}


def no_meaning(t: Tables, action: Action) -> str:
    """Why ``card CARD N [HOW ...]`` has no meaning between heroes ("" if it may have one): an
    option whose effects include one of ``NO_MEANING``."""
    card = t.card.get(str(action.args[0])) if action.args else None
    word = str(action.args[1]) if len(action.args) > 1 else ""
    if card is None or not (word.isascii() and word.isdigit() and len(word) <= 2):  # (no card has 100 options)
        return ""
    side = card.powered if len(action.args) > 2 and action.args[2] == "powered" else card.basic
    option = int(word)
    if not 1 <= option <= len(side):
        return ""
    return next((f"{card.name}: {NO_MEANING[e.type]}" for e in side[option - 1] if e.type in NO_MEANING), "")


def thrown_mark(effects: tuple[Any, ...] | list[Any]) -> str:
    """The Sword of Justice's or the Bow of Starsdawn's thrown-away effect among ``effects`` ("")."""
    return next((e.name for e in effects if e.type == "special" and e.name in (SWORD, BOW)), "")


def points_of(effects: tuple[Any, ...]) -> list[tuple[str, str, int]]:
    """The points of effects (an attack reduction and Influence counted as points of their own
    kind)."""
    return [(e.type, e.element, e.value) for e in effects if e.type in (*POINT_KINDS, REDUCE, INFLUENCE)]


SHAPE_MARK = "shapeshift:"  # in ``Side.marks`` + the kind: the defender's Shapeshift waiting (pvp/skill_mechanisms.py)


def shape_waiting(s: GameState, pvp: PvPCombat, player: int) -> str:
    """What Shapeshift waiting makes of ``player``'s next Basic Action (""): the attacker's of the
    turn (``PlayerState.lasting``, as in any turn), the defender's of the combat (``Side.marks``)."""
    if player == s.current:
        return next((x[1] for x in s.players[player].lasting if x[0] == SHAPESHIFT), "")
    return next((m.removeprefix(SHAPE_MARK) for m in pvp.side(player).marks if m.startswith(SHAPE_MARK)), "")


def use_shape(s: GameState, pvp: PvPCombat, player: int) -> None:
    """The Shapeshift waiting for ``player`` used up (``shape_waiting``)."""
    if player == s.current:
        p = s.players[player]
        p.lasting = tuple(x for x in p.lasting if x[0] != SHAPESHIFT)
    else:
        side = pvp.side(player)
        side.marks = [m for m in side.marks if not m.startswith(SHAPE_MARK)]


__all__ = ["BOW", "DISCARDED", "HOWS", "NO_MEANING", "NO_OP_SPECIALS", "REDUCE", "SHAPE_MARK", "STOUT_RESOLVE", "SWORD", "card_points", "no_meaning", "playable_here", "points_of", "powering", "shape_waiting", "side_effects", "thrown_mark", "use_shape"]
