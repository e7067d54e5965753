"""A game's catalogue: every card, Unit, skill, Tactic, enemy, army card, Location, Race or Power
its content holds, with its name, numbers and rules text, read from the content files; what the
``info NAME`` command at the prompt shows, and what the boards and the browser put beside a card.

A game builds its ``Catalogue`` once from its content (``Game.catalogue``); generic code only
looks entries up and prints them.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

MAX_QUERY = 80  # characters of a name looked up: no entry's name is near that long


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing of the game's content: ``kind`` (``card``, ``unit``, ``race``...), its ``id``
    (as actions and views name it), its printed ``name``, its ``numbers`` (label and value, in
    the order printed: ``("Cost", "5")``) and its rules ``text`` in our own words."""

    kind: str
    id: str
    name: str
    text: str
    numbers: tuple[tuple[str, str], ...] = ()

    def line(self) -> str:
        """The entry in one line: name, numbers and text (for a menu or a board)."""
        figures = ", ".join(f"{label} {value}" for label, value in self.numbers)
        return " ".join(part for part in (f"{self.name}:", f"{figures}." if figures else "", self.text) if part)

    def lines(self) -> list[str]:
        """The entry in full, a line each: the title with its kind and id, the numbers, the text."""
        head = f"{self.name} ({self.kind}, {self.id})"
        out = [head]
        if self.numbers:
            out.append("  " + " · ".join(f"{label} {value}" for label, value in self.numbers))
        out.append("  " + self.text)
        return out


def folded(text: str) -> str:
    """``text`` as names are compared: case, accents, spaces, hyphens and punctuation folded, so
    that ``Ice Bolt``, ``ice-bolt`` and ``ICE_BOLT`` match."""
    norm = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in norm if c.isalnum())


class LookupRefused(LookupError):
    """An ``info`` query that names no entry; the text says so and lists the closest names."""


class Catalogue:
    """The entries of one game, looked up by id, by name or by ``kind:name``."""

    def __init__(self, entries: Iterable[Entry] = ()) -> None:
        self.entries: tuple[Entry, ...] = tuple(entries)
        self._by_key: dict[str, list[Entry]] = {}
        self._by_id: dict[str, list[Entry]] = {}
        for e in self.entries:
            for key in {folded(e.id), folded(e.name)}:
                self._by_key.setdefault(key, []).append(e)
            self._by_id.setdefault(e.id, []).append(e)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def kinds(self) -> list[str]:
        return list(dict.fromkeys(e.kind for e in self.entries))

    def get(self, ident: str, kind: str | None = None) -> Entry | None:
        """The entry whose id is ``ident`` (of ``kind`` when given), or None."""
        for e in self._by_id.get(ident, ()):
            if kind is None or e.kind == kind:
                return e
        return None

    def text_of(self, ident: str, kind: str | None = None) -> str:
        """The one-line text of ``ident`` for a menu, or "" when it has no entry."""
        e = self.get(ident, kind)
        return e.line() if e else ""

    def find(self, query: str) -> list[Entry]:
        """Every entry that ``query`` names (an id or a name, in any case and spelling of
        spaces and hyphens; ``kind:name`` picks one kind). LookupRefused, listing the closest
        names, when none does."""
        text = query.strip()
        if not text:
            raise LookupRefused("info NAME: name a card, Unit, skill... (e.g. info " + self._example() + ")")
        if len(text) > MAX_QUERY:
            raise LookupRefused(f"That is {len(text):,} characters: no name is that long.")
        kind, sep, rest = text.partition(":")
        kinds = {folded(k): k for k in self.kinds()}
        wanted = kinds.get(folded(kind)) if sep else None
        if wanted is not None:
            text = rest
        found = [e for e in self._by_key.get(folded(text), ()) if wanted is None or e.kind == wanted]
        if found:
            return found
        close = self.closest(text)
        shown = text if len(text) <= 30 else text[:27] + "..."
        what = f"no {wanted} named" if wanted else "nothing named"
        hint = f"; the closest: {', '.join(close)}" if close else ""
        raise LookupRefused(f"The catalogue has {what} {shown!r}{hint}.")

    def closest(self, text: str, n: int = 5) -> list[str]:
        """The names most like ``text``, closest first."""
        names: dict[str, str] = {}
        for e in self.entries:
            names.setdefault(folded(e.name), e.name)
            names.setdefault(folded(e.id), e.name)
        keys = difflib.get_close_matches(folded(text), list(names), n=n * 2, cutoff=0.5)
        if not keys:  # a part of a name ("bolt" for Ice Bolt, Fire Bolt)
            keys = [k for k in names if folded(text) and folded(text) in k]
        return list(dict.fromkeys(names[k] for k in keys))[:n]

    def _example(self) -> str:
        return self.entries[0].name if self.entries else "a name"


def entries_of(kind: str, rows: Sequence[object], text: str = "text", name: str = "name",
               numbers: Sequence[tuple[str, str]] = ()) -> list[Entry]:
    """Entries of ``kind`` from content rows (objects or mappings with ``id``, ``name`` and
    ``text``); ``numbers`` are (label, attribute) pairs, a missing or None value left out."""

    def get(row: object, attr: str) -> object:
        return row.get(attr) if isinstance(row, dict) else getattr(row, attr, None)

    out = []
    for row in rows:
        nums = tuple((label, str(v)) for label, attr in numbers if (v := get(row, attr)) not in (None, "", ()))
        out.append(Entry(kind, str(get(row, "id")), str(get(row, name)), str(get(row, text) or ""), nums))
    return out
