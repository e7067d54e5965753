"""A drawn board, described for any screen: a ``Scene`` of plain ``Shape`` s (hexes, polygons,
circles, rectangles, texts and groups of them) in board units, which the browser draws as SVG.

A game builds its scene from one viewer's view and its own static layout alone
(``Game.scene``), so what a board shows is exactly what that viewer may know. A shape that is a
board element a player may choose carries a ``key`` (``space:12``, ``figure:finn``,
``card:syvarris``); ``Game.action_keys`` says, for each action of a decision, which keys choose
it, in click order. A shape without a key is decoration. ``style`` is a few class words for the
page's stylesheet (``terrain-grass``, ``player-2``), ``label`` the short text drawn on it,
``tip`` its hover text, ``ref`` a catalogue entry (``kind:id``, or an id) whose text the page
shows for it.

Everything is checked when made: a bad shape raises ``SceneError`` naming the shape and what is
wrong, so that no game hands a screen something it cannot draw.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from .errors import BoardrulesError

KINDS = ("hex", "polygon", "circle", "rect", "text", "group")
WORD = re.compile(r"[a-z][a-z0-9-]{0,39}\Z")
KEY = re.compile(r"[a-z][a-z0-9-]{0,23}:[^\s]{1,80}\Z")
MAX_TEXT = 400  # characters of a label or tip
MAX_SHAPES = 20_000  # in a scene, groups' members counted


class SceneError(BoardrulesError, ValueError):
    """A shape or scene that cannot be drawn: what is wrong, and where."""


def _number(value: float, what: str, where: str, positive: bool = False) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SceneError(f"{where}: {what} must be a finite number, not {value!r}")
    if positive and value <= 0:
        raise SceneError(f"{where}: {what} must be above 0, not {value!r}")


def _text(value: str, what: str, where: str) -> None:
    if not isinstance(value, str):
        raise SceneError(f"{where}: {what} must be text, not {value!r}")
    if len(value) > MAX_TEXT:
        raise SceneError(f"{where}: {what} is {len(value)} characters long (at most {MAX_TEXT})")
    if any(ord(c) < 32 and c != "\n" for c in value):
        raise SceneError(f"{where}: {what} holds a control character")


@dataclass(frozen=True, slots=True)
class Shape:
    """One thing drawn. By ``kind``:

    - ``hex``: centre (``x``, ``y``), ``size`` from centre to corner, ``pointy`` top (else flat);
    - ``polygon``: ``points``, at least three;
    - ``circle``: centre (``x``, ``y``) and radius ``size``;
    - ``rect``: top left (``x``, ``y``), ``width`` and ``height``;
    - ``text``: ``label`` drawn at (``x``, ``y``), centred, ``size`` its font size;
    - ``group``: ``shapes`` drawn together (a figure on two spaces: one element).

    Every kind may have ``style`` (class words), ``label`` (drawn at its centre), ``tip``, ``ref``
    and ``key``."""

    kind: str
    x: float = 0.0
    y: float = 0.0
    size: float = 0.0
    width: float = 0.0
    height: float = 0.0
    points: tuple[tuple[float, float], ...] = ()
    pointy: bool = True
    shapes: tuple[Shape, ...] = ()
    style: str = ""
    label: str = ""
    tip: str = ""
    ref: str = ""
    key: str = ""

    def __post_init__(self) -> None:
        where = f"a {self.kind} shape" + (f" ({self.key})" if self.key else f" ({self.label!r})" if self.label else "")
        if self.kind not in KINDS:
            raise SceneError(f"{where}: the kind must be one of {', '.join(KINDS)}")
        _number(self.x, "x", where)
        _number(self.y, "y", where)
        if self.kind in ("hex", "circle", "text"):
            _number(self.size, "size", where, positive=True)
        if self.kind == "rect":
            _number(self.width, "width", where, positive=True)
            _number(self.height, "height", where, positive=True)
        if self.kind == "polygon":
            if len(self.points) < 3:
                raise SceneError(f"{where}: a polygon needs at least 3 points, not {len(self.points)}")
            for px, py in self.points:
                _number(px, "a point's x", where)
                _number(py, "a point's y", where)
        elif self.points:
            raise SceneError(f"{where}: only a polygon has points")
        if self.kind == "group":
            if not self.shapes:
                raise SceneError(f"{where}: a group needs shapes")
        elif self.shapes:
            raise SceneError(f"{where}: only a group holds shapes")
        if self.kind == "text" and not self.label:
            raise SceneError(f"{where}: a text shape needs a label")
        for word in self.style.split():
            if not WORD.match(word):
                raise SceneError(f"{where}: the style word {word!r} is not a class word (a-z, 0-9, '-')")
        _text(self.label, "the label", where)
        _text(self.tip, "the tip", where)
        _text(self.ref, "the ref", where)
        if "\n" in self.ref:
            raise SceneError(f"{where}: a ref is one line")
        if self.key and not KEY.match(self.key):
            raise SceneError(f"{where}: the key {self.key!r} is not 'kind:id' (a lower-case kind, a colon, "
                             "an id without spaces)")

    def centre(self) -> tuple[float, float]:
        """Where a label is drawn: the centre of the shape."""
        if self.kind == "rect":
            return self.x + self.width / 2, self.y + self.height / 2
        if self.kind == "polygon":
            return (sum(p[0] for p in self.points) / len(self.points),
                    sum(p[1] for p in self.points) / len(self.points))
        if self.kind == "group":
            return self.shapes[0].centre()
        return self.x, self.y

    def corners(self) -> tuple[tuple[float, float], ...]:
        """A hex's six corners: pointy-top hexes have a corner straight above the centre, flat-top
        ones a side."""
        start = 30.0 if self.pointy else 0.0
        return tuple((self.x + self.size * math.cos(math.radians(start + 60 * k)),
                      self.y + self.size * math.sin(math.radians(start + 60 * k))) for k in range(6))


def walk(shapes: tuple[Shape, ...]) -> list[Shape]:
    """Every shape, groups' members after their group, in drawing order."""
    out: list[Shape] = []
    for s in shapes:
        out.append(s)
        if s.shapes:
            out += walk(s.shapes)
    return out


@dataclass(frozen=True, slots=True)
class Scene:
    """A board: ``width`` by ``height`` board units (the screen scales it), its ``shapes`` in
    drawing order (the last on top), and a ``title`` for screen readers."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    title: str = ""
    _keys: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _number(self.width, "the width", "the scene", positive=True)
        _number(self.height, "the height", "the scene", positive=True)
        _text(self.title, "the title", "the scene")
        if not isinstance(self.shapes, tuple) or not all(isinstance(s, Shape) for s in self.shapes):
            raise SceneError("the scene: shapes must be a tuple of Shape")
        every = walk(self.shapes)
        if len(every) > MAX_SHAPES:
            raise SceneError(f"the scene: {len(every):,} shapes (at most {MAX_SHAPES:,})")
        for s in every:
            if s.key and any(inner.key for inner in walk(s.shapes)):
                raise SceneError(f"the scene: the group {s.key} holds a keyed shape (one element, one key)")
        object.__setattr__(self, "_keys", frozenset(s.key for s in every if s.key))

    @property
    def keys(self) -> frozenset[str]:
        """The keys of the board's elements (one element may be drawn by several shapes)."""
        return self._keys


ActionKeys = tuple[tuple[str, ...], ...]
