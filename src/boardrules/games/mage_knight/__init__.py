"""Mage Knight board game (WizKids): the map, sites, enemies, Units, Deed cards, mana, turns,
rounds and scenarios (docs/mage-knight/README.md). Registered in ``boardrules.games`` as
``mage-knight``."""

# The families of card and skill specials register their code in ``specials.py`` on import:
# one line per ``specials_*.py`` module below.
from . import (  # noqa: F401
    specials_actions,  # hero and Advanced Action cards
    specials_actions_2,
    specials_artifacts,
    specials_flight,  # skills that move the hero directly
    specials_interactive,  # interactive skills, in the centre of the table
    specials_skills,  # skills with their own mechanisms
    specials_skills_2,
    specials_spells,
    specials_units,  # Units' abilities with a special effect outside combat
)
from .game import MageKnight

__all__ = ["MageKnight"]
