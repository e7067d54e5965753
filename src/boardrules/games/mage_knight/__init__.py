"""Mage Knight board game (WizKids): the map, sites, enemies, Units, Deed cards, mana, turns,
rounds and scenarios (docs/mage-knight/README.md). Registered in ``boardrules.games`` as
``mage-knight``."""

from .game import MageKnight

# The families of card and skill specials register their code in ``specials.py`` on import:
# one line per ``specials_*.py`` module below.

__all__ = ["MageKnight"]
