"""Mage Knight positions (docs/positions.md "Mage Knight"): the start of a player's turn, or a
round's Tactic choice, in any round: Day or Night, the map (tiles by id and tile position, the
Tile deck in order), the enemy and ruins tokens on it (face up or down) and their piles, Shields
and conquered or burned sites; each hero's space, Fame, Reputation, level, crystals, mana tokens,
Deed cards (hand, deck in order, discard pile), Units (wounded, spent), skills and Tactic; the
Source's dice, the offers and the decks behind them in order; the Dummy player; whose turn; and
the draws to come (``draws``: mana dice, enemy and ruins tokens, tiles, the Dummy's Tactic,
before the seeded generator takes over: ``draws.py``).

A position starts from the game set up by ``new_state``; each field given replaces that part.
Every card, Unit, token and skill is one the set-up holds (the sets played, the scenario): the
places given take theirs, the places left out keep the rest of what the set-up put there.

Modules: ``fields`` (the pydantic models), ``supply`` and ``pieces`` (what the game has of each
piece and the places sharing it), ``board`` (the map), ``heroes`` (a hero), ``loading`` (the
fields set, then the moment) and ``writing`` (``dump_position``).
"""

from __future__ import annotations

from typing import Any

from ....engine import PositionFormat
from ..content import Tables
from ..game_state import MKState
from .fields import MKFields
from .loading import load
from .writing import dump


class MKPositions(PositionFormat[MKState]):
    model = MKFields

    content: Tables

    def apply(self, state: MKState, fields: MKFields) -> None:
        load(self.game, self.content, state, fields)

    def dump(self, state: MKState) -> dict[str, Any]:
        return dump(self.game, self.content, state)

    def example(self) -> dict[str, Any]:
        return {
            "game": self.game.name, "players": 2, "seed": 3, "options": {"heroes": "tovak,goldyx"},
            "stage": "turn", "round": 2, "night": True, "current": 0, "turn": 6,
            "tiles": {"0,0": "starting-a", "1,0": "countryside-1", "0,1": "countryside-2", "1,1": "countryside-3"},
            "enemies": {"5,-6": [{"token": "guardsmen", "face_up": False}], "1,-4": ["diggers"],
                        "3,-3": ["wolf-riders"]},
            "seats": [{"space": "3,-2", "tactic": "mana-search", "fame": 9, "reputation": 1, "crystals": {"blue": 1},
                       "hand": ["march", "rage", "stamina", "cold-toughness", "swiftness"],
                       "units": [{"unit": "peasants", "wounds": 1}]},
                      {"space": "2,-1", "tactic": "long-night", "fame": 4, "discard": ["march", "promise"]}],
            "source": ["red", "blue", "black", "gold"],
            "draws": ["green", "white"],
        }


__all__ = ["MKPositions"]
