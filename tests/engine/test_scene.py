"""The board model (engine/scene.py): shapes and scenes are checked when made, with errors that
name the shape and what is wrong; keys, groups and the default Game methods."""

from __future__ import annotations

import math

import pytest

from boardrules.engine import Game, Scene, SceneError, Shape
from boardrules.engine.scene import walk
from boardrules.games import load_game


def test_a_scene_lists_the_keys_of_its_elements() -> None:
    figure = Shape("group", key="figure:mimring", shapes=(Shape("circle", x=1, y=1, size=1),
                                                        Shape("circle", x=3, y=1, size=1)))
    scene = Scene(10, 5, (Shape("hex", x=1, y=1, size=1, key="space:a1"),
                          Shape("hex", x=3, y=1, size=1, key="space:a2"), figure,
                          Shape("text", x=5, y=4, size=2, label="River")))
    assert scene.keys == {"space:a1", "space:a2", "figure:mimring"}
    assert [s.kind for s in walk(scene.shapes)] == ["hex", "hex", "group", "circle", "circle", "text"]


@pytest.mark.parametrize(("shape", "says"), [
    (lambda: Shape("star"), "the kind must be one of"),
    (lambda: Shape("hex", size=0), "size must be above 0"),
    (lambda: Shape("circle", x=math.nan, size=1), "x must be a finite number"),
    (lambda: Shape("rect", width=1), "height must be above 0"),
    (lambda: Shape("polygon", points=((0, 0), (1, 1))), "needs at least 3 points"),
    (lambda: Shape("circle", size=1, points=((0, 0), (1, 1), (2, 0))), "only a polygon has points"),
    (lambda: Shape("group"), "a group needs shapes"),
    (lambda: Shape("text", size=3), "needs a label"),
    (lambda: Shape("hex", size=1, style="Terrain_Grass"), "is not a class word"),
    (lambda: Shape("hex", size=1, key="space 12"), "is not 'kind:id'"),
    (lambda: Shape("hex", size=1, key="12"), "is not 'kind:id'"),
    (lambda: Shape("hex", size=1, tip="x" * 401), "at most 400"),
    (lambda: Shape("hex", size=1, label="a\x00b"), "control character"),
])
def test_a_bad_shape_is_refused_naming_what_is_wrong(shape: object, says: str) -> None:
    with pytest.raises(SceneError, match=says):
        shape()  # type: ignore[operator]


def test_a_bad_scene_is_refused() -> None:
    with pytest.raises(SceneError, match="the width must be above 0"):
        Scene(0, 5, ())
    with pytest.raises(SceneError, match="shapes must be a tuple of Shape"):
        Scene(5, 5, ["hex"])  # type: ignore[arg-type]
    inner = Shape("circle", size=1, key="figure:a")
    with pytest.raises(SceneError, match="holds a keyed shape"):
        Scene(5, 5, (Shape("group", key="figure:b", shapes=(inner,)),))


def test_hex_corners_pointy_and_flat() -> None:
    pointy = Shape("hex", x=0, y=0, size=2).corners()
    flat = Shape("hex", x=0, y=0, size=2, pointy=False).corners()
    assert any(abs(x) < 1e-9 and abs(y + 2) < 1e-9 for x, y in pointy)  # a corner straight above
    assert any(abs(x - 2) < 1e-9 and abs(y) < 1e-9 for x, y in flat)  # a corner straight right
    assert all(abs(math.hypot(x, y) - 2) < 1e-9 for x, y in pointy + flat)


def test_the_default_is_no_board() -> None:
    """Game's own methods (a game overrides them to draw its board)."""
    game = load_game("small-world")
    state = game.new_state(2, 1)
    decision = game.decision(state)
    assert decision is not None
    assert Game.scene(game, game.view(state, 0), 0) is None
    assert Game.action_keys(game, state, decision) == ()
    assert Game.why_not(game, state, 0, "region:1") is None
