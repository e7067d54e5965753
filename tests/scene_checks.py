"""What the games' board tests ask of a scene (engine/scene.py): the shapes a key names, and the
click path of every action of the decision."""

from __future__ import annotations

from typing import Any

from boardrules.engine import Game, Scene, Shape
from boardrules.engine.scene import walk


def keyed(scene: Scene, key: str) -> list[Shape]:
    """The shapes (groups' members included) that are the board element ``key``."""
    return [s for s in walk(scene.shapes) if s.key == key]


def paths(game: Game[Any], state: Any) -> dict[str, tuple[str, ...]]:
    """Each action's text, with the keys that choose it on the board, in click order."""
    d = game.decision(state)
    assert d is not None
    return dict(zip((a.text for a in d.actions), game.action_keys(state, d), strict=True))
