"""The ways a Heroscape figure may take to where its move ends (``Route``), and where it may
end its move with the ways there (``Reach``): the end placements are known as soon as a search
has run, the ways to one are put together the first time it is looked up, so a move decision
lists its destinations without building every way there (movement.py runs the searches)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

Near = Mapping[int, tuple[int, ...]]  # space -> the enemies engaged with the figure standing there


@dataclass(frozen=True, slots=True)
class Route:
    """Where a move ends (one space, or the front and back spaces of a double-space figure),
    what it costs in move spaces, the spaces the leading end passes through (start included),
    the enemy figures it leaves on the way (one leaving-engagement attack each, in order), the
    fall dice it ends with, and whether the figure flies."""

    end: tuple[int, ...]
    cost: int
    path: tuple[int, ...]
    leaves: tuple[int, ...] = ()
    fall: int = 0
    flown: bool = False

    def beats(self, other: Route) -> bool:
        """At least as good as ``other`` in every cost to the figure (leaving attacks by their
        number: each is the same die)."""
        return self.cost <= other.cost and self.fall <= other.fall and len(self.leaves) <= len(other.leaves)


def _order(r: Route) -> tuple[int, int, int, tuple[int, ...], bool, tuple[int, ...]]:
    return r.cost, len(r.leaves), r.fall, tuple(sorted(r.leaves)), not r.flown, r.path


class Ways:
    """The end placements one search found (``ends``, in the order found, each with what its
    routes are put together from), and the routes to one of them, put together when asked
    (``routes``)."""

    __slots__ = ()
    ends: dict[tuple[int, ...], Any]

    def routes(self, end: tuple[int, ...]) -> list[Route]:
        raise NotImplementedError


class Reach(Mapping[tuple[int, ...], tuple[Route, ...]]):
    """Where a figure may end its move, each with its non-dominated routes, cheapest first: the
    walks, with the flights of a flier where no walk beats them, then any routes added by a
    power (``add``). The end placements are known at once, in the order found (the walks',
    then the other flights'); the routes of one are put together the first time it is looked
    up, so a decision can list the destinations without building every way there."""

    __slots__ = ("_walks", "_flights", "_extra", "_ends", "_built")

    def __init__(self, walks: Ways | None, flights: Ways | None) -> None:
        self._walks = walks
        self._flights = flights
        self._extra: list[dict[tuple[int, ...], Route]] = []
        ends = dict.fromkeys(walks.ends) if walks is not None else {}
        if flights is not None:
            ends.update(dict.fromkeys(flights.ends))
        self._ends: dict[tuple[int, ...], None] = ends
        self._built: dict[tuple[int, ...], tuple[Route, ...]] = {}

    def add(self, routes: Mapping[tuple[int, ...], Route]) -> None:
        """Routes a power offers besides the move (Grapple Gun), each kept where no route
        beats it, after the others (new end placements come last)."""
        self._extra.append(dict(routes))
        for end in routes:
            self._ends.setdefault(end, None)
            self._built.pop(end, None)

    def built(self) -> int:
        """How many end placements have had their routes put together."""
        return len(self._built)

    def __contains__(self, end: object) -> bool:
        return end in self._ends

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def __getitem__(self, end: tuple[int, ...]) -> tuple[Route, ...]:
        got = self._built.get(end)
        if got is None:
            if end not in self._ends:
                raise KeyError(end)
            self._built[end] = got = self._build(end)
        return got

    def _build(self, end: tuple[int, ...]) -> tuple[Route, ...]:
        walks, flights = self._walks, self._flights
        rs = walks.routes(end) if walks is not None and end in walks.ends else []
        if flights is not None and end in flights.ends:
            route = flights.routes(end)[0]
            if not any(w.beats(route) and not route.beats(w) for w in rs):  # equal: the flight
                rs = [route] + [w for w in rs if not route.beats(w)]
        out: tuple[Route, ...] = () if not rs else (rs[0],) if len(rs) == 1 else tuple(sorted(rs, key=_order))
        for extra in self._extra:
            route = extra.get(end)  # type: ignore[assignment]
            if route is not None and not any(r.beats(route) for r in out):
                out = (*(r for r in out if not route.beats(r)), route)
        return out
