"""The generic renderer: a viewer's payload as readable panels, for any game.

A game's ``view`` is plain JSON data; this turns it into a small tree of nodes that the page's
templates draw (``templates/macros.html``), knowing no game by name: a top-level field that holds
more than a value is a panel of its own, the plain values go together in one panel; a mapping is
a list of names and values, a list of records a table, a list of values one line. A text that is
the id of an entry of the game's catalogue (a card, a Unit, a Race) is marked as such, and the
page lists those entries' lines beside the panels. Nothing here sees more than the payload (what
the viewer may know) and the catalogue (the game's public content).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Catalogue, Entry

MAX_NAMED = 120  # entries listed under "Named here": a view naming more shows the first ones
WIDE = 6  # a table of this many columns or more takes the page's width
LONG = 12  # and so does one of more rows than this
SIDE_BY_SIDE = 6  # records with more fields than WIDE, at most this many, are shown side by side


@dataclass(frozen=True, slots=True)
class Node:
    """One piece of a panel: ``kind`` is ``text`` (``text``; ``ref`` set when it names a
    catalogue entry, to its one-line text), ``pairs`` (``rows`` of (name node, value node)),
    ``table`` (``columns`` and ``rows`` of cells; the first cell of a row names a field when
    the records stand ``across``) or ``items`` (``items``, drawn on one line joined by ``text``
    when ``inline``, else a list)."""

    kind: str
    text: str = ""
    ref: str = ""
    rows: tuple[tuple[Node, ...], ...] = ()
    columns: tuple[str, ...] = ()
    items: tuple[Node, ...] = ()
    inline: bool = False
    across: bool = False


@dataclass(frozen=True, slots=True)
class Panel:
    title: str
    body: Node
    wide: bool = False  # takes the page's width (a wide or long table)


@dataclass(slots=True)
class Board:
    """A view drawn: its panels, the fields with nothing in them (named in one line), and the
    catalogue entries it names, in the order first named."""

    panels: list[Panel] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    named: dict[str, Entry] = field(default_factory=dict)


def title_of(key: str) -> str:
    """A field's name as a heading: ``face_up_locations`` reads ``Face up locations``."""
    words = key.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:] if words else "(unnamed)"


def is_plain(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, Mapping | list | tuple) and not value)


class Renderer:
    """Draws the views of one game, with its catalogue (built once per game). A text is looked
    up among the entries of the kind its field is named after (``race``, ``races``) when the
    catalogue has that kind, else among all of them."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.kinds = {k.replace(" ", "_"): k for k in catalogue.kinds()}

    def board(self, view: Mapping[str, Any]) -> Board:
        out = Board()
        plain = [(key, value) for key, value in view.items() if is_plain(value) and value is not None]
        if plain:
            out.panels.append(Panel("At a glance", self._pairs(plain, out, None)))
        for key, value in view.items():
            if is_empty(value):
                out.empty.append(title_of(str(key)))
            elif not is_plain(value):
                body = self.node(value, out, str(key))
                wide = body.kind == "table" and (len(body.columns) >= WIDE or len(body.rows) > LONG or body.across)
                out.panels.append(Panel(title_of(str(key)), body, wide))
        return out

    def kind_of(self, name: str | None) -> str | None:
        if not name:
            return None
        key = name.lower().replace(" ", "_").replace("-", "_")
        return self.kinds.get(key) or self.kinds.get(key.removesuffix("s")) or self.kinds.get(key.removesuffix("es"))

    def node(self, value: Any, board: Board, name: str | None) -> Node:
        if is_plain(value):
            return self.text(value, board, name)
        if isinstance(value, Mapping):
            if not value:
                return Node("text", "none")
            if len(value) > 1 and all(isinstance(v, Mapping) and v for v in value.values()):
                table = self._records(list(value.values()), board, [str(k) for k in value])
                if table is not None:  # {"8": {"kind": "town", ...}, ...}: a row per key
                    return table
            return self._pairs(list(value.items()), board, name)
        if isinstance(value, Sequence):
            return self._sequence(value, board, name)
        return Node("text", str(value))

    def text(self, value: Any, board: Board, name: str | None = None) -> Node:
        if value is None:
            return Node("text", "–")
        if isinstance(value, bool):
            return Node("text", "yes" if value else "no")
        text = str(value)
        if isinstance(value, str):
            entry = self.catalogue.get(value, self.kind_of(name))
            if entry is not None:
                if len(board.named) < MAX_NAMED:
                    board.named.setdefault(entry.id, entry)
                return Node("text", text, ref=entry.line())
        return Node("text", text)

    def _pairs(self, items: Sequence[tuple[Any, Any]], board: Board, name: str | None) -> Node:
        rows = []
        for key, value in items:
            label = self.text(key, board, name)
            rows.append((label if label.ref else Node("text", title_of(str(key))), self.node(value, board, str(key))))
        return Node("pairs", rows=tuple(rows))

    def _sequence(self, value: Sequence[Any], board: Board, name: str | None) -> Node:
        if not value:
            return Node("text", "none")
        if all(is_plain(v) for v in value):
            return Node("items", ", ", items=tuple(self.text(v, board, name) for v in value), inline=True)
        if all(isinstance(v, list | tuple) and v and all(is_plain(x) for x in v) for v in value):
            # [["necropolis", 2], ...] reads "necropolis 2, ..."; [["a", "b"], ["c"]] reads "a, b; c"
            pairs = all(len(v) <= 3 and any(isinstance(x, int | float) for x in v) for v in value)
            inner, outer = (" ", ", ") if pairs else (", ", "; ")
            return Node("items", outer, inline=True, items=tuple(
                Node("items", inner, items=tuple(self.text(x, board, name) for x in v), inline=True) for v in value))
        if all(isinstance(v, Mapping) for v in value):
            table = self._records(value, board)
            if table is not None:
                return table
        return Node("items", items=tuple(self.node(v, board, name) for v in value))

    def _records(self, records: Sequence[Mapping[str, Any]], board: Board,
                 keys: Sequence[str] | None = None) -> Node | None:
        """Records as a table: a row each (led by its key, when they are a mapping's values),
        or, when they have many fields and are few, a column each; None when neither reads."""
        columns = list(dict.fromkeys(str(k) for v in records for k in v))

        def cell(record: Mapping[str, Any], column: str) -> Node:
            return self.node(record[column], board, column) if column in record else Node("text", "")

        if len(columns) < WIDE * 2:
            rows = tuple((*((self.text(keys[i], board),) if keys else ()), *(cell(v, c) for c in columns))
                         for i, v in enumerate(records))
            return Node("table", columns=(*(("",) if keys else ()), *map(title_of, columns)), rows=rows,
                        across=keys is not None)
        if len(records) <= SIDE_BY_SIDE:  # fields down, records across
            heads = [str(k) for k in keys] if keys else [f"#{i + 1}" for i in range(len(records))]
            rows = tuple((Node("text", title_of(c)), *(cell(v, c) for v in records)) for c in columns)
            return Node("table", columns=("", *heads), rows=rows, across=True)
        return None
