"""Mage Knight board game (WizKids): the map, sites, enemies, Units, Deed cards, mana, turns,
rounds and scenarios (docs/mage-knight/README.md). Registered in ``boardrules.games`` as
``mage-knight``."""

# The families of card, skill and Unit specials register their code in ``specials.py`` on
# import (``@card_special``, ``@skill_special``, ``@unit_special``, ``@after_card_played``): every
# module of them is named here, so that their code is there before any card is played.
from .cards import (  # noqa: F401
    ambush,
    artifacts,
    combat_cards,
    end_of_turn_cards,
    influence_cards,
    mana_cards,
    movement_spells,
    offer_plays,
    rush_of_adrenaline,
    savage_harvesting,
    spells,
    terrain_cards,
    throw_away,
)
from .game import MageKnight
from .skills import bonuses, consulted, flight, in_combat, influence, interactive, mana, movement  # noqa: F401
from .units import outside_combat  # noqa: F401

__all__ = ["MageKnight"]
