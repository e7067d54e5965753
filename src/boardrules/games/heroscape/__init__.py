"""Heroscape, the Master Game (work in progress: battlefields and movement; the game itself is
not yet registered in boardrules.games)."""
