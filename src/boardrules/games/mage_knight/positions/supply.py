"""What the game has a fixed number of, shared by the places a position can put it: the Deed
cards of the offers' decks, a hero's own cards, the Units, the enemy tokens of a colour, the
ruins tokens, the skill tokens. The set-up (``new_state``) holds every one of them somewhere, so
what it holds is what the game has (the sets played, the scenario: no elite Units in First
Reconnaissance, no interactive Spell in Solo Conquest). The places a position gives take theirs
first, each refused naming its entry when the game has no more; the places left out keep what
the set-up put there, less what the given ones took.

Also the small readers of a position's words: a space ``"q,r"``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

from ....engine import PositionError
from ....engine.positions import shown
from ..map.hexes import Hex

_PLACE = re.compile(r"-?[0-9]{1,3},-?[0-9]{1,3}")


def place(field: str, text: str) -> Hex:
    """A space or tile position written ``"q,r"``."""
    if not text.isascii() or not _PLACE.fullmatch(text):
        raise PositionError(field, f"{shown(text)} is not a space or tile position (written \"q,r\", like \"1,-2\")")
    q, r = text.split(",")
    return (int(q), int(r))


def write_place(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


def known(field: str, ids: Sequence[str], have: Collection[str], what: str, key: str = "") -> list[str]:
    """``ids`` (the entries of ``field``, or their ``key``), each one of ``have``; PositionError
    naming the first that is not."""
    for j, x in enumerate(ids):
        if x not in have:
            raise PositionError(f"{field}[{j}]" + (f".{key}" if key else ""), f"{shown(x)} is not {what}")
    return list(ids)


class Supply:
    """One kind of piece (``what``: "Advanced Action"...), the game's ``have`` of each id. Call
    ``take`` for every place the position gives, then ``keep`` for the places it leaves out.
    ``unknown(id)`` says why an id the game has none of is refused (a Spell is not an Advanced
    Action; a Lost Legion card in a base game)."""

    def __init__(self, what: str, have: Iterable[str], unknown: Callable[[str], str]) -> None:
        self.what = what
        self.have: Counter[str] = Counter(have)
        self.unknown = unknown
        self.used: Counter[str] = Counter()
        self.first: dict[str, str] = {}  # an id -> the first entry placing it

    def __contains__(self, item: str) -> bool:
        return item in self.have

    def take(self, field: str, items: Iterable[str]) -> list[str]:
        """The entries of a given place (``field``), each counted; returns them."""
        out = list(items)
        for j, x in enumerate(out):
            self.take_one(f"{field}[{j}]", x)
        return out

    def take_one(self, where: str, x: str) -> None:
        if x not in self.have:
            raise PositionError(where, f"{shown(x)} is not {self.unknown(x)}")
        self.used[x] += 1
        self.first.setdefault(x, where)
        if self.used[x] > self.have[x]:
            if self.have[x] == 1:
                raise PositionError(where, f"{shown(x)} is already placed by {self.first[x]} (the game has one)")
            raise PositionError(where, f"{self.used[x]} {shown(x)} placed in all, but the game has {self.have[x]}")

    def keep(self, x: str) -> bool:
        """Whether an entry of a place left out stays there (the given places did not take it)."""
        if self.used[x] < self.have[x]:
            self.used[x] += 1
            return True
        return False

    def left(self) -> list[str]:
        """The ids no place holds, each as often as it is left (sorted)."""
        return sorted((self.have - self.used).elements())


__all__ = ["Supply", "known", "place", "write_place"]
