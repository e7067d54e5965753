"""Mage Knight board game (WizKids): the map, sites, enemies, Units, Deed cards, mana, turns,
rounds and scenarios (docs/mage-knight/README.md). Registered in ``boardrules.games`` as
``mage-knight``."""

from .game import MageKnight

__all__ = ["MageKnight"]
