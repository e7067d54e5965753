"""The map as text, for the frame and the full board: rows of hexes (pointy-top, each row half a
hex to the right of the one above), two lines a row: the hex numbers the actions use, then what
is there over the terrain it stands on (issue 24: "the terrain under a space is hidden", "``L``
is both lava and a Location").

Under its number a hex reads ``A3g`` (Army Stack 3 on grass; ``A3+`` with others, ``A12`` a two-digit marker),
``T?g`` (a Town Space on grass: ``?`` undefined, ``*`` guarded, ``-`` defined and held by
nobody, ``2`` held by Player 2; ``D`` a Creature Dwelling, ``L`` a Location), ``g`` (terrain
only, lower case) or ``#w`` (impassable terrain, here water). While the map is built the spaces
of the sections placed show as undefined and each free slot is named where a section would go
(``[-2:1]``, issue 24: "map sections are placed blind"); hexes an answer may choose (the edge
hexes a stack may start on) are marked ``+``. A map wider than the terminal is drawn in bands,
left part first, so no hex is cut; a map too tall for the frame is drawn a line a row
(``compact``: ``12T?g`` is hex 12, an undefined Town Space on grass)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.text import Text

from .board import SLOT_A, SLOT_B, Board, slot_word

KIND_LETTER = {"town": "T", "dwelling": "D", "location": "L"}
CELL = 4  # characters a hex takes on a line (three, then a space)


def legend(codes: dict[str, str], impassable: frozenset[str], slots: bool, marked: str) -> Text:
    """What the letters of the map mean."""
    passable = ", ".join(f"{k} {t}" for t, k in codes.items() if t not in impassable)
    blocked = ", ".join(f"#{k} {t}" for t, k in codes.items() if t in impassable)
    text = ("Each hex: its number, then A3 Army Stack 3 (A3+ with others) · T Town, D Creature Dwelling, L Location "
            "Space: ? undefined, * guarded, - defined, 2 held by Player 2 · then the terrain: "
            f"{passable}; {blocked} (impassable)")
    if slots:
        text += " · [a:b] a free slot for the next section"
    if marked:
        text += f" · + {marked}"
    return Text(text, style="dim")


class HexMap:
    """The map picture of a view: built once, laid out at render time for the width at hand.
    ``compact``: one line a row of hexes, each its number then what is there (``12T?g``), half
    as tall and half as wide again, for a map too tall for the frame."""

    def __init__(self, board: Board, v: dict[str, Any], codes: dict[str, str], slots: Iterable[tuple[int, int]] = (),
                 marked: Iterable[int] = (), compact: bool = False) -> None:
        self.compact = compact
        stacks: dict[int, list[int]] = {}
        for a in v["armies"]:
            if a["hex"] >= 0:
                stacks.setdefault(a["hex"], []).append(a["marker"])
        spaces = {int(h): sp for h, sp in v["spaces"].items()}
        mark = set(marked)
        # per hex: (row, x in half hexes, number text, content text)
        self.cells: list[tuple[int, int, str, str]] = []
        for i, (q, r) in enumerate(board.coords):
            content = _cell(board, i, spaces.get(i), stacks.get(i, []), codes, i in mark)
            self.cells.append((r, 2 * q + r, f"{i:>3}", content))
        for a, b in slots:  # a free slot named at its centre hex
            q, r = a * SLOT_A[0] + b * SLOT_B[0], a * SLOT_A[1] + b * SLOT_B[1]
            self.cells.append((r, 2 * q + r, "", f"[{slot_word((a, b))}]"))

    def lines(self, width: int) -> list[tuple[str, str]]:
        """The picture as (line, style) pairs, in bands no wider than ``width``."""
        if not self.cells:
            return []
        left = min(x for _, x, _, _ in self.cells)
        if self.compact:
            return self._compact(left, width)
        cols = [(r, 2 * (x - left), n, t) for r, x, n, t in self.cells]
        step = max(CELL * 2, width - 6)  # a cell (or a slot's name) starting in a band ends within it
        bands = 1 if max(c + len(t) for _, c, _, t in cols) <= width else max(c for _, c, _, _ in cols) // step + 1
        out: list[tuple[str, str]] = []
        for band in range(bands):
            here = [(r, c - band * step, n, t) for r, c, n, t in cols if c // step == band]
            if not here:
                continue
            if bands > 1:
                out.append((f"(the map, part {band + 1} of {bands}, left to right)", "dim italic"))
            for r in sorted({r for r, _, _, _ in here}):
                row = [(c, n, t) for rr, c, n, t in here if rr == r]
                out.append((_line((c, n) for c, n, _ in row), "dim"))
                out.append((_line((c, t) for c, _, t in row), ""))
        return out

    def _compact(self, left: int, width: int) -> list[tuple[str, str]]:
        """One line a row: three characters a half hex, so a hex's number and what is there
        (five characters, a space after) fit side by side; with a three-digit number the terrain
        after a space or stack is left out (``104A2``) so that hexes never touch."""
        cells = []
        for r, x, n, t in self.cells:
            word = t if not n else n.strip() + t.strip()
            if len(word) > 5 and n:
                word = word[:5]
            cells.append((r, 3 * (x - left), word))
        step = max(12, width - 7)
        bands = 1 if max(c + len(w) for _, c, w in cells) <= width else max(c for _, c, _ in cells) // step + 1
        out: list[tuple[str, str]] = []
        for band in range(bands):
            here = [(r, c - band * step, w) for r, c, w in cells if c // step == band]
            if bands > 1 and here:
                out.append((f"(the map, part {band + 1} of {bands}, left to right)", "dim italic"))
            for r in sorted({r for r, _, _ in here}):
                out.append((_line((c, w) for rr, c, w in here if rr == r), ""))
        return out

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        for line, style in self.lines(options.max_width):
            yield Text(line, style=style, no_wrap=True, overflow="ignore")

    def height(self, width: int) -> int:
        return len(self.lines(width))


def _line(items: Iterable[tuple[int, str]]) -> str:
    chars: list[str] = []
    for col, text in sorted(items):
        start = max(0, col - 1) if text.startswith("[") else col  # a slot's name spreads over its centre
        if len(chars) < start + len(text):
            chars += [" "] * (start + len(text) - len(chars))
        chars[start:start + len(text)] = text
    return "".join(chars).rstrip()


def _cell(board: Board, i: int, sp: dict[str, Any] | None, markers: Sequence[int], codes: dict[str, str],
          marked: bool) -> str:
    terrain = codes.get(board.terrain[i], "?")
    if markers:
        word = f"A{min(markers)}"
        if len(markers) > 1:
            return f"{word}+" if len(word) < 3 else word
        return f"{word}{terrain}" if len(word) < 3 else word
    kind = sp["kind"] if sp is not None else board.kind[i]
    if kind:  # a space; while the map is built, one of a section placed (undefined)
        if sp is None or (not sp["card"] and not sp["emptied"]):
            mark = "?"
        else:
            mark = "*" if sp["guards"] else str(sp["owner"] + 1) if sp["owner"] >= 0 else "-"
        return f"{KIND_LETTER[kind]}{mark}{terrain}"
    if board.impassable[i]:
        return f" #{terrain}"
    return f" {'+' if marked else ' '}{terrain}"
