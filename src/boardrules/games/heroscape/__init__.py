"""Heroscape, the Master Game with the Rise of the Valkyrie army cards (docs/heroscape/)."""

from .game import Heroscape

__all__ = ["Heroscape"]
