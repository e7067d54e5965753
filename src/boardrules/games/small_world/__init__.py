"""Small World (Days of Wonder, 2009): conquering Regions, with all Races and Special Powers."""

from .game import SmallWorld

__all__ = ["SmallWorld"]
