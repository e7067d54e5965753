"""A game's ``Scene`` (engine/scene.py) as inline SVG markup, for any game.

Every text is escaped (labels, tips, catalogue entries, keys in attributes). A keyed element
is drawn in a ``<g>`` that says what it is to the page: ``choice`` when clicking it is a next
step of the viewer's decision (it then carries the htmx request that sends the path so far and
this key), ``chosen`` when it is already on that path, ``off`` otherwise; its hover text
(``<title>``) is its tip, the catalogue entry it refers to, and either what clicking it does
(the labels of the actions it finishes) or why it cannot be chosen now. An element that names
a catalogue entry (``data-ref``) and is not a choice (nor inside one) also carries, when the
page gives an ``entry`` address, an htmx GET of that entry's text into the page's ``#entry``
box: a tap on a touch screen, where no hover text shows. No script, no inline style: the
page's stylesheet colours the shapes by their class words.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ..engine import Catalogue, Entry, Scene, Shape

LABEL_SCALE = {"hex": 0.5, "circle": 0.85}
# the longer side of a drawn board in CSS pixels before the page shrinks it to the room it has
# (the stylesheet's max-width and max-height): the width and height attributes give the board
# its shape, so that the page can size the column it stands in
SIZE = 3000


@dataclass(frozen=True, slots=True)
class Marks:
    """What the viewer may do with each keyed element now: ``choices`` maps a clickable key to
    the path sent when it is clicked (the keys so far and this one); ``hints`` a clickable key
    to what clicking it does; ``chosen`` the keys already clicked; ``why`` a key that cannot be
    chosen to the reason. ``post`` is where a click is sent, ``include`` the form whose fields
    (the token, the move) go with it."""

    choices: Mapping[str, str] = field(default_factory=dict)
    hints: Mapping[str, str] = field(default_factory=dict)
    chosen: frozenset[str] = frozenset()
    why: Mapping[str, str] = field(default_factory=dict)
    post: str = ""
    include: str = ""


def num(value: float) -> str:
    """A coordinate as SVG takes it: short, never in exponent form."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def _classes(shape: Shape, extra: str = "") -> str:
    words = [f"k-{shape.kind}", *shape.style.split(), *extra.split()]
    return " ".join(words)


def _outline(shape: Shape, classes: str) -> str:
    """The shape itself (no label), as one SVG element."""
    c = escape(classes)
    if shape.kind == "hex":
        return f'<polygon class="{c}" points="{_points(shape.corners())}"/>'
    if shape.kind == "polygon":
        return f'<polygon class="{c}" points="{_points(shape.points)}"/>'
    if shape.kind == "circle":
        return f'<circle class="{c}" cx="{num(shape.x)}" cy="{num(shape.y)}" r="{num(shape.size)}"/>'
    if shape.kind == "rect":
        return (f'<rect class="{c}" x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.width)}" '
                f'height="{num(shape.height)}" rx="{num(min(shape.width, shape.height) * 0.08)}"/>')
    return ""


def _label(shape: Shape, extra: str = "") -> str:
    if not shape.label:
        return ""
    x, y = shape.centre()
    lines = shape.label.split("\n")
    if shape.kind == "text":
        size = shape.size
    elif shape.kind in LABEL_SCALE:
        size = shape.size * LABEL_SCALE[shape.kind]
    elif shape.kind == "rect":  # as large as fits
        longest = max(len(line) for line in lines)
        size = min(shape.height * 0.8 / len(lines), shape.width * 1.7 / max(longest, 1), 8.0)
    else:
        size = 10.0
    first = y - (len(lines) - 1) * size * 0.55
    cls = escape(f"label label-{shape.kind} {extra}".strip() if shape.kind != "text" else _classes(shape, f"label {extra}"))
    spans = "".join(f'<tspan x="{num(x)}" y="{num(first + k * size * 1.1)}">{escape(line)}</tspan>'
                    for k, line in enumerate(lines))
    return f'<text class="{cls}" font-size="{num(size)}" dominant-baseline="central" text-anchor="middle">{spans}</text>'


def ref_of(shapes: tuple[Shape, ...], key: str) -> str:
    """The ref of the element keyed ``key`` among ``shapes`` (and their groups'), or ""."""
    for shape in shapes:
        if shape.key == key and shape.ref:
            return shape.ref
        found = ref_of(shape.shapes, key) if shape.kind == "group" else ""
        if found:
            return found
    return ""


class SvgDrawer:
    """Draws scenes of one game, its catalogue's entries named by their ``ref``."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def entry_of(self, ref: str) -> Entry | None:
        """The catalogue entry ``ref`` names (``kind:id`` or an id), or None."""
        kind, sep, ident = ref.partition(":")
        entry = self.catalogue.get(ident, kind) if sep else self.catalogue.get(ref)
        if entry is None and sep:  # an id holding a colon
            entry = self.catalogue.get(ref)
        return entry

    def entry_line(self, ref: str) -> str:
        """The one-line text of the catalogue entry ``ref``, or ""."""
        entry = self.entry_of(ref)
        return entry.line() if entry is not None else ""

    def draw(self, scene: Scene, marks: Marks, entry: str = "") -> Markup:
        """The scene as SVG; ``entry``: where a tap on an element with a ref asks for its text."""
        body = "".join(self._shape(s, marks, entry=entry) for s in scene.shapes)
        picking = " picking" if marks.chosen else ""
        title = f"<title>{escape(scene.title)}</title>" if scene.title else ""
        scale = SIZE / max(scene.width, scene.height)
        return Markup(
            f'<svg class="scene{picking}" viewBox="0 0 {num(scene.width)} {num(scene.height)}" '
            f'width="{max(1, round(scene.width * scale))}" height="{max(1, round(scene.height * scale))}" role="img" '
            f'aria-label="{escape(scene.title or "the board")}" preserveAspectRatio="xMidYMid meet" '
            f'xmlns="http://www.w3.org/2000/svg">{title}{body}</svg>')

    def _tip(self, shape: Shape, marks: Marks) -> str:
        parts = [shape.tip] if shape.tip else []
        if shape.ref:
            line = self.entry_line(shape.ref)
            if line:
                parts.append(line)
        key = shape.key
        if key in marks.hints:
            parts.append(marks.hints[key])
        elif key in marks.why:
            parts.append(marks.why[key])
        return "\n".join(parts)

    def _shape(self, shape: Shape, marks: Marks, member: bool = False, entry: str = "") -> str:
        key = shape.key
        tip = self._tip(shape, marks)
        if shape.kind != "group" and not key and not tip and member:  # a part of its group's element
            return _outline(shape, _classes(shape)) + _label(shape)
        if shape.kind != "group" and not key and not tip:  # decoration: clicks go through it
            return _outline(shape, _classes(shape, "deco")) + _label(shape, "deco")
        state = ""
        if key:
            state = "choice" if key in marks.choices else "chosen" if key in marks.chosen else "off"
        # inside a choice a tap chooses: its parts do not ask for their text
        inner_entry = "" if state == "choice" else entry
        inner = "".join(self._shape(s, marks, member=bool(key or tip), entry=inner_entry)
                        for s in shape.shapes) if shape.kind == "group" else (
            _outline(shape, _classes(shape)) + _label(shape))
        title = f"<title>{escape(tip)}</title>" if tip else ""
        # the wrapper of one shape carries no style words (its label would inherit their colours)
        words = _classes(shape) if shape.kind == "group" else ""
        attrs = [f'class="{escape(" ".join(filter(None, (words, "el " + state if key else ""))) or "tipped")}"']
        if key:
            attrs.append(f'data-key="{escape(key)}"')
        if shape.ref:
            attrs.append(f'data-ref="{escape(shape.ref)}"')
        if state == "choice":
            vals = json.dumps({"path": marks.choices[key]})
            attrs += [f'hx-post="{escape(marks.post)}"', f'hx-vals="{escape(vals)}"',
                      f'hx-include="{escape(marks.include)}"', 'hx-target="#board"', 'hx-swap="outerHTML"',
                      'role="button"']
        elif shape.ref and entry and self.entry_line(shape.ref):
            # "consume": a tap on a part shows the part's text, not its group's as well
            attrs += [f'hx-get="{escape(entry)}?ref={escape(urllib.parse.quote(shape.ref, safe=":"))}"',
                      'hx-target="#entry"', 'hx-swap="innerHTML"', 'hx-trigger="click consume"']
        return f'<g {" ".join(attrs)}>{title}{inner}</g>'
