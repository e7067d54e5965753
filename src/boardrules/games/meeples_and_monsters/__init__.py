"""Meeples & Monsters (AEG, 2021), the complete rulebook."""

from .game import MeeplesAndMonsters

__all__ = ["MeeplesAndMonsters"]
