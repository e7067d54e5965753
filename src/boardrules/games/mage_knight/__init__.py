"""Mage Knight board game (WizKids): the map, sites, enemies, Units, Deed cards, mana, turns,
rounds and scenarios (docs/mage-knight/README.md). Registered in ``boardrules.games`` as
``mage-knight``."""

# The families of card, skill and Unit specials register their code in ``specials.py`` on
# import: every module of them is named here.
from .cards import action_specials, action_specials_2, artifacts, spells  # noqa: F401
from .game import MageKnight
from .skills import bonuses, consulted, flight, in_combat, influence, interactive, mana, movement  # noqa: F401
from .units import outside_combat  # noqa: F401

__all__ = ["MageKnight"]
