"""Where the named specials with code of their own are found (docs/mage-knight/content.md).

A card side whose effect is ``special:NAME`` runs the code registered here under ``NAME``; a skill
whose effect is ``special:skill`` runs the code registered under the skill's id. Each family of
specials lives in its own module (``specials_*.py``), which registers its code with
``@card_special(...)`` or ``@skill_special(...)``; ``cards/effects.py`` looks the name up here, so a new
family needs no change to the interpreter. A name with no code is refused as "not playable yet",
and so never offered.

The code receives what the interpreter has: the tables, the state, the player, what is played (a
card or a skill), the effect, the events list, the small choices (``played.Picks``), the mana
sources named beyond the card's cost, and the chosen option (1-based). It changes the state or
raises ``IllegalActionError`` naming the rule (the play runs on a copy, so a refusal halfway
leaves nothing behind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...engine import Event
    from .cards_model import CardEffect
    from .content import Tables
    from .content_model import Effect
    from .game_state import GameState

Special = Callable[["Tables", "GameState", int, Any, "CardEffect", "list[Event]", Any, tuple[str, ...], int], None]

CARD_SPECIALS: dict[str, Special] = {}  # special name -> its code
SKILL_SPECIALS: dict[str, Special] = {}  # skill id -> the code of its own mechanism
# code run after every card played (a card's effect on the next cards: Ambush), with the tables,
# the state, the player, the card, how it was played (basic, powered, sideways) and the option
PlayHook = Callable[["Tables", "GameState", int, Any, str, int, "list[Event]"], None]
PLAY_HOOKS: list[PlayHook] = []
# a Unit ability's ``special`` effect outside combat, by "unit-id:ability-key": the tables, the
# state, the player, the Unit's label, the effect, the events list and the choice made (a space...)
UnitSpecial = Callable[["Tables", "GameState", int, str, "Effect", "list[Event]", str], None]
UNIT_SPECIALS: dict[str, UnitSpecial] = {}


def after_card_played(hook: PlayHook) -> PlayHook:
    """Register code to run after every card played (``playing.play_card``)."""
    PLAY_HOOKS.append(hook)
    return hook


def _registrar(table: dict[str, Special], what: str, keys: tuple[str, ...]) -> Callable[[Special], Special]:
    def register(code: Special) -> Special:
        for key in keys:
            if key in table:
                raise ValueError(f"the {what} {key!r} has code twice")
            table[key] = code
        return code
    return register


def card_special(*names: str) -> Callable[[Special], Special]:
    """Register the code of the card specials ``names`` (``special:NAME`` in cards.toml)."""
    return _registrar(CARD_SPECIALS, "card special", names)


def skill_special(*ids: str) -> Callable[[Special], Special]:
    """Register the code of the skills ``ids`` whose effect is ``special:skill``."""
    return _registrar(SKILL_SPECIALS, "skill", ids)


def unit_special(*keys: str) -> Callable[[UnitSpecial], UnitSpecial]:
    """Register the code of the Unit abilities ``keys`` ("unit-id:ability-key") whose effects
    include a ``special`` one, used outside combat."""
    def register(code: UnitSpecial) -> UnitSpecial:
        for key in keys:
            if key in UNIT_SPECIALS:
                raise ValueError(f"the Unit ability {key!r} has code twice")
            UNIT_SPECIALS[key] = code
        return code
    return register


__all__ = ["CARD_SPECIALS", "PLAY_HOOKS", "SKILL_SPECIALS", "UNIT_SPECIALS", "PlayHook", "Special", "UnitSpecial",
           "after_card_played", "card_special", "skill_special", "unit_special"]
