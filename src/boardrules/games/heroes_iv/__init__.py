"""Heroes of Might and Magic IV, the card & tile game (DG Associates, 2005): hex map sections,
Army Stacks of Hero and Unit cards, discovery of Locations, flipping for Guards."""

from .game import HeroesIV

__all__ = ["HeroesIV"]
