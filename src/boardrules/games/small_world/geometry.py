"""Checks that a map's drawing agrees with its region graph, in exact integer arithmetic.

A map's geometry (``geometry-<n>p.toml``) gives every Region an outline, a polygon of integer
points in a frame of ``width`` x ``height`` (x to the right, y down), listed so that its
shoelace area is positive, and a label point. The drawing agrees with the map when:

- every outline is a simple polygon (no edge meets another but its neighbours at their shared
  point) of positive area, and its label point lies strictly inside it;
- the outlines tile the frame: every edge of an outline inside the frame is the reverse of one
  edge of exactly one other outline (outlines meet point to point), and the edges along the
  frame's sides run once round it. The outlines then add up, as chains, to the frame's
  outline, so every point of the frame lies inside exactly one of them (no overlap, no gap);
- two Regions share an edge (of positive length) if and only if they border each other, but
  for the ``corner_contacts``: pairs that border each other on the map and are drawn meeting
  at one point (four Regions round it), because the map's graph lists both diagonals of such a
  point and no plane drawing can give both a border;
- a Region has an edge on the frame's side if and only if it is an edge Region (``border``).

Every problem is reported with the Region it is about, in words (``geometry_problems``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .content_model import MapData, MapGeometry

Point = tuple[int, int]


@dataclass(frozen=True)
class Problem:
    region: int | None  # the Region the problem is about (None: the frame as a whole)
    field: str
    message: str


def cross(o: Point, a: Point, b: Point) -> int:
    """Twice the signed area of the triangle o, a, b (positive: b left of o→a in the frame)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def area2(points: Sequence[Point]) -> int:
    """Twice the signed (shoelace) area of a polygon."""
    n = len(points)
    return sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return (cross(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_meet(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether the closed segments ab and cd have a point in common."""
    d1, d2, d3, d4 = cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (_on_segment(a, c, d) or _on_segment(b, c, d) or _on_segment(c, a, b)
            or _on_segment(d, a, b))


def simple_problem(points: Sequence[Point]) -> str | None:
    """Why a polygon is not simple (a repeated point, a fold back, two edges that meet), or None."""
    n = len(points)
    if len(set(points)) != n:
        return "lists a point twice"
    for i in range(n):
        a, b, c = points[i - 1], points[i], points[(i + 1) % n]
        if cross(a, b, c) == 0 and (_on_segment(a, b, c) or _on_segment(c, a, b)):
            return f"folds back on itself at {b}"
    for i in range(n):
        a, b = points[i], points[(i + 1) % n]
        for j in range(i + 2, n):
            if i == 0 and j == n - 1:
                continue  # the closing edge and the first one share their point
            c, d = points[j], points[(j + 1) % n]
            if segments_meet(a, b, c, d):
                return f"its edges {a}-{b} and {c}-{d} meet"
    return None


def on_outline(p: Point, points: Sequence[Point]) -> bool:
    n = len(points)
    return any(_on_segment(p, points[i], points[(i + 1) % n]) for i in range(n))


def strictly_inside(p: Point, points: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the polygon and not on its outline (even-odd ray to the right)."""
    if on_outline(p, points):
        return False
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]):
            # x of the edge at height p[1], compared without division
            lhs = (p[0] - x1) * (y2 - y1)
            rhs = (x2 - x1) * (p[1] - y1)
            if (lhs < rhs) if y2 > y1 else (lhs > rhs):
                inside = not inside
    return inside


def frame_side(a: Point, b: Point, width: int, height: int) -> int | None:
    """Which side of the frame the edge a→b runs along (0 top, 1 right, 2 bottom, 3 left), or None."""
    if a[1] == b[1] == 0:
        return 0
    if a[0] == b[0] == width:
        return 1
    if a[1] == b[1] == height:
        return 2
    if a[0] == b[0] == 0:
        return 3
    return None


def shared_edges(geo: MapGeometry) -> dict[tuple[int, int], int]:
    """How many outline edges each pair of Regions (lower id first) share, point to point."""
    owner: dict[tuple[Point, Point], int] = {}
    for r in geo.region:
        pts = r.outline
        for i in range(len(pts)):
            owner[(pts[i], pts[(i + 1) % len(pts)])] = r.id
    out: dict[tuple[int, int], int] = {}
    for (a, b), rid in owner.items():
        other = owner.get((b, a))
        if other is not None and other != rid and rid < other:
            out[(rid, other)] = out.get((rid, other), 0) + 1
    return out


def _frame_problems(geo: MapGeometry, along: dict[int, list[tuple[Point, Point, int]]]) -> list[Problem]:
    """The edges along each side must run from corner to corner once, in the frame's direction."""
    w, h = geo.width, geo.height
    out: list[Problem] = []
    # per side: the coordinate that runs along it, its start and end, and its direction
    sides = {0: (0, 0, w, 1), 1: (1, 0, h, 1), 2: (0, w, 0, -1), 3: (1, h, 0, -1)}
    names = ("top", "right", "bottom", "left")
    for side, (axis, start, end, sign) in sides.items():
        edges = sorted(along.get(side, []), key=lambda e: sign * e[0][axis])
        at = start
        for a, b, rid in edges:
            if (b[axis] - a[axis]) * sign <= 0:
                out.append(Problem(rid, "outline", f"its edge {a}-{b} runs the wrong way along the "
                                   f"frame's {names[side]} side (the outline must have positive area)"))
                return out
            if a[axis] != at:
                what = "a gap" if (a[axis] - at) * sign > 0 else "an overlap"
                out.append(Problem(rid, "outline", f"{what} along the frame's {names[side]} side "
                                   f"before {a}: the outlines must cover each side once"))
                return out
            at = b[axis]
        if at != end:
            out.append(Problem(None, "region", f"the frame's {names[side]} side is not covered "
                               f"to its end (it stops at {at})"))
    return out


def geometry_problems(m: MapData, geo: MapGeometry) -> list[Problem]:
    """Everything in which ``geo`` does not agree with the map ``m`` (see the module's text)."""
    if len(geo.region) != len(m.region):
        return [Problem(None, "region", f"{len(geo.region)} outlines for the map's "
                        f"{len(m.region)} Regions: each Region needs one")]
    out: list[Problem] = []
    for r in geo.region:
        why = simple_problem(r.outline)
        if why:
            out.append(Problem(r.id, "outline", f"the outline is not a simple polygon: {why}"))
        elif area2(r.outline) <= 0:
            out.append(Problem(r.id, "outline", "the outline must be listed with positive (shoelace) "
                               "area: clockwise on screen, y pointing down"))
        elif not strictly_inside(r.label, r.outline):
            out.append(Problem(r.id, "label", f"the label point {r.label} is not inside the outline"))
    if out:
        return out
    owner: dict[tuple[Point, Point], int] = {}
    along: dict[int, list[tuple[Point, Point, int]]] = {}
    touches_frame: set[int] = set()
    for r in geo.region:
        pts = r.outline
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            side = frame_side(a, b, geo.width, geo.height)
            if side is not None:
                along.setdefault(side, []).append((a, b, r.id))
                touches_frame.add(r.id)
            elif (a, b) in owner:
                out.append(Problem(r.id, "outline", f"its edge {a}-{b} is also Region "
                                   f"{owner[(a, b)]}'s, the same way round: they overlap"))
            else:
                owner[(a, b)] = r.id
    for (a, b), rid in owner.items():
        if (b, a) not in owner:
            out.append(Problem(rid, "outline", f"its edge {a}-{b} inside the frame is no other "
                               "Region's edge: outlines must meet point to point, with no gap"))
    out += _frame_problems(geo, along)
    if out:
        return out
    shared = shared_edges(geo)
    corner = {(min(p), max(p)) for p in geo.corner_contacts}
    points = {r.id: set(r.outline) for r in geo.region}
    for lo, hi in sorted(corner):
        if hi not in m.region[lo].adjacent:
            out.append(Problem(lo, "corner_contacts", f"Region {lo} does not border Region {hi} on the map"))
        elif (lo, hi) in shared:
            out.append(Problem(lo, "corner_contacts", f"Regions {lo} and {hi} share an edge: they are "
                               "no corner contact"))
        elif not points[lo] & points[hi]:
            out.append(Problem(lo, "corner_contacts", f"Regions {lo} and {hi} do not meet at a point"))
    for reg in m.region:
        for other in reg.adjacent:
            if reg.id < other and (reg.id, other) not in shared and (reg.id, other) not in corner:
                out.append(Problem(reg.id, "outline", f"borders Region {other} on the map but their "
                                   "outlines share no edge"))
        if reg.border and reg.id not in touches_frame:
            out.append(Problem(reg.id, "outline", "is an edge Region but its outline does not reach "
                               "the frame's side"))
        if not reg.border and reg.id in touches_frame:
            out.append(Problem(reg.id, "outline", "reaches the frame's side but is not an edge Region"))
    for lo, hi in shared:
        if hi not in m.region[lo].adjacent:
            out.append(Problem(lo, "outline", f"shares an edge with Region {hi}, which it does not "
                               "border on the map"))
    return out
