"""More skills' own mechanisms read in a combat between heroes (pvp/skills.py; facts 3.5;
docs/mage-knight/rules-choices.md, "Player versus player"): the mana skills (Polarization,
Shamanic Ritual, Invocation, the Regenerates), Spirit Guides' +1 to a Block, Beguile's and On Her
Own's Influence, and Shapeshift. Each has its refusal (``REFUSE``), what ``skill SKILL N EXTRA``
may name (``EXTRAS``) and its use (``USE``); the code outside a combat is reused
(``skills/mana.py``, ``skills/influence.py``, ``skills/consulted.py``)."""

from __future__ import annotations

from collections.abc import Callable

from ....engine import Event
from ..cards.deck import WOUND
from ..cards.mana import MANA_DIE
from ..cards.played import SkillPlay
from ..content import Tables
from ..game_state import GameState, has
from ..map.exploring import space
from ..sites.interaction import RECRUITED
from ..skills.consulted import SHAPES, SHAPESHIFT, shape_option, shapeshift
from ..skills.influence import BEGUILE_SITES
from ..skills.mana import (
    INVOCATION,
    REGENERATE,
    invocation_colours_now,
    invoke,
    polarization,
    regenerate_wound,
)
from .cards import SHAPE_MARK, shape_waiting
from .mana import POLARIZATION, payable
from .playing import PAID_SKILLS, go_on
from .state import PvPCombat, add_points, new_pending
from .units import influence_wanted

SHAMANIC_RITUAL, SPIRIT_GUIDES, BEGUILE, ON_HER_OWN = "shamanic-ritual", "spirit-guides", "beguile", "on-her-own"
ANY_COLOUR = MANA_DIE  # "a mana of any colour": the basic colours, gold and black (playing._colour)


# ---- Polarization: the attacker's next mana of the turn (cards/mana.py), the defender's of the combat ----

def _polarization(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    if extra:
        return "Polarization names nothing: skill polarization 1"
    waiting = s.polarized if player == s.current else POLARIZATION in pvp.side(player).marks
    return "Polarization already waits for the next mana paid" if waiting else ""


def _use_polarization(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                      events: list[Event]) -> None:
    sk = t.skill["polarization"]
    if player == s.current:  # as in any turn: the next mana paid this turn
        polarization(t, s, player, SkillPlay(sk.name, id=sk.id), sk.effect[0][0], events, None, (), option)
        return
    pvp.side(player).marks.append(POLARIZATION)
    events.append(Event("skill-bonus", f"{sk.name}: the next mana paid may be of the opposite colour", player,
                        {"bonus": "polarization"}))


# ---- Shamanic Ritual: a mana token of any colour -----------------------------------------------

def _shamanic_ritual(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    if extra not in ANY_COLOUR:
        return f"Shamanic Ritual: name the colour of the mana token (skill shamanic-ritual 1 COLOUR: " \
               f"{', '.join(ANY_COLOUR)})"
    return ""


def _use_shamanic_ritual(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                         events: list[Event]) -> None:
    s.players[player].mana[extra] += 1
    events.append(Event("mana-token", f"gains 1 {extra} mana token(s)", player, {"colour": extra}))


# ---- Regenerate: a mana of any colour paid, a Wound discarded (skills/mana.py regenerate) ------

def _regenerate(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    name = t.skill[skill].name
    if WOUND not in s.players[player].hand:
        return f"{name}: you have no Wound in hand to discard"
    if extra not in ANY_COLOUR:
        return f"{name}: name the colour of the mana you pay (skill SKILL 1 COLOUR: {', '.join(ANY_COLOUR)})"
    if not payable(t, s, pvp, player, (extra,)):
        return f"{name}: you cannot pay a {extra} mana now"
    return ""


def _use_regenerate(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                    events: list[Event]) -> None:
    pvp.pending = new_pending(player, "skill", skill, option, "", (extra,), extra)  # its mana first
    go_on(t, s, pvp, events)


def _regenerated(t: Tables, s: GameState, pvp: PvPCombat, player: int, colour: str, events: list[Event]) -> None:
    regenerate_wound(s, player, t.skill[REGENERATE[0]].name, colour, events)


for _skill in REGENERATE:
    PAID_SKILLS[_skill] = _regenerated


# ---- Invocation: a card of the hand discarded for a mana token -----------------------------------

def _invocation_choices(t: Tables, s: GameState, pvp: PvPCombat, player: int) -> tuple[str, ...]:
    """``CARD:COLOUR`` for each card of the hand and each colour it gives that can be used now
    (the token "must be spent at once": a colour depleted now is not offered, black by Day only
    while the hero's Polarization waits)."""
    waiting = s.polarized if player == s.current else POLARIZATION in pvp.side(player).marks
    return tuple(f"{card}:{colour}" for card in sorted(set(s.players[player].hand))
                 for colour in invocation_colours_now(s, card, waiting))


def _invocation(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    if extra not in _invocation_choices(t, s, pvp, player):
        return ("Invocation: name the card of your hand you discard and the token's colour (skill invocation 1 "
                "CARD:COLOUR): a Wound gives red or black, another card white or green, a colour usable now")
    return ""


def _use_invocation(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                    events: list[Event]) -> None:
    card, _, colour = extra.partition(":")
    invoke(s, player, t.skill[INVOCATION].name, card, colour, events)


# ---- Spirit Guides: its +1 to a Block in the Block step (its Move 1 has no use) ------------------

def _spirit_guides(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    if extra:
        return "Spirit Guides names nothing: skill spirit-guides 1"
    if pvp.step != "block" or player != pvp.attacked().player:
        return ("Spirit Guides: its Move 1 has no use (no moving after the action, facts 5.4); its +1 is added to a "
                "Block in the Block step against the other hero's melee attack")
    return ""


def _use_spirit_guides(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                       events: list[Event]) -> None:
    add_points(t, pvp, player, "block", 1)
    events.append(Event("played", "uses Spirit Guides (Block +1; its Move 1 is lost)", player,
                        {"skill": SPIRIT_GUIDES, "option": option}))


# ---- Beguile, On Her Own: Influence for the Units that ask for it --------------------------------

def _influence(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    name = t.skill[skill].name
    if extra:
        return f"{name} names nothing: skill SKILL 1"
    if not influence_wanted(t, s, pvp, pvp.side(player)):
        return (f"{name}: Influence is spent here only on your Heroes Units or the other hero's Thugs, and none "
                "asks for it now")
    return ""


def beguile_value(t: Tables, s: GameState, player: int) -> int:
    """Facts 3.5 Beguile "Influence 3 (2 at a fortified site, 4 at a magical glade)": by the space
    of the combat (both heroes stand on it)."""
    sp = space(t, s, s.players[player].position)
    return 3 + (BEGUILE_SITES.get(sp.site or "", 0) if sp is not None else 0)


def on_her_own_value(s: GameState, player: int) -> int:
    """Facts 3.5 On Her Own "Influence 1, or 3 if you recruit no unit with Influence this turn":
    3 unless the attacker recruited with Influence this turn (the defender, out of their turn,
    recruits none; no one recruits after a combat between heroes, the turn's action)."""
    return 1 if player == s.current and has(s.players[player], RECRUITED) else 3


def _use_influence(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                   events: list[Event]) -> None:
    value = beguile_value(t, s, player) if skill == BEGUILE else on_her_own_value(s, player)
    pvp.side(player).influence += value
    events.append(Event("influence", f"{t.skill[skill].name}: Influence {value} for the Units that ask for it",
                        player, {"influence": value}))


# ---- Shapeshift: the next Basic Action's Move, Attack or Block given as another (skills/consulted.py) -

def _shapeshift(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str) -> str:
    if extra:
        return "Shapeshift names nothing: skill shapeshift 2 (Attack) or 3 (Block)"
    if option == 1:
        return ("Shapeshift: a Move has no use between heroes (no moving after the action, facts 5.4); choose 2 "
                "(Attack) or 3 (Block)")
    if shape_waiting(s, pvp, player):
        return "Shapeshift: a change already waits for the next Basic Action"
    into = SHAPES[option - 1]
    p = s.players[player]
    if not any(shape_option(t.card[c], o, into) is not None for c in set(p.hand) - {WOUND}
               for o in (*t.card[c].basic, *t.card[c].powered)):
        return f"Shapeshift: no Basic Action of your hand gives a fixed Move, Attack or Block to give as {into}"
    return ""


def _use_shapeshift(t: Tables, s: GameState, pvp: PvPCombat, player: int, skill: str, option: int, extra: str,
                    events: list[Event]) -> None:
    sk = t.skill[skill]
    effect = sk.effect[option - 1][0]
    if player == s.current:  # as in any turn: ``PlayerState.lasting``, this turn
        shapeshift(t, s, player, SkillPlay(sk.name, id=sk.id), effect, events, None, (), option)
        return
    pvp.side(player).marks.append(SHAPE_MARK + SHAPES[option - 1])
    events.append(Event("skill-bonus", f"{sk.name}: the next Basic Action's fixed Move, Attack or Block gives "
                        f"{SHAPES[option - 1].capitalize()} instead", player, {"bonus": SHAPESHIFT,
                                                                              "into": SHAPES[option - 1]}))


Refuse = Callable[[Tables, GameState, PvPCombat, int, str, int, str], str]
Use = Callable[[Tables, GameState, PvPCombat, int, str, int, str, list[Event]], None]
REFUSE: dict[str, Refuse] = {"polarization": _polarization, SHAMANIC_RITUAL: _shamanic_ritual,
                             INVOCATION: _invocation, SPIRIT_GUIDES: _spirit_guides, BEGUILE: _influence,
                             ON_HER_OWN: _influence, SHAPESHIFT: _shapeshift, **{k: _regenerate for k in REGENERATE}}
USE: dict[str, Use] = {"polarization": _use_polarization, SHAMANIC_RITUAL: _use_shamanic_ritual,
                       INVOCATION: _use_invocation, SPIRIT_GUIDES: _use_spirit_guides, BEGUILE: _use_influence,
                       ON_HER_OWN: _use_influence, SHAPESHIFT: _use_shapeshift,
                       **{k: _use_regenerate for k in REGENERATE}}
EXTRAS: dict[str, Callable[[Tables, GameState, PvPCombat, int], tuple[str, ...]]] = {
    SHAMANIC_RITUAL: lambda t, s, pvp, player: ANY_COLOUR,
    **{k: (lambda t, s, pvp, player: ANY_COLOUR) for k in REGENERATE},
    INVOCATION: _invocation_choices,
}

__all__ = ["ANY_COLOUR", "EXTRAS", "REFUSE", "USE", "beguile_value", "on_her_own_value"]
