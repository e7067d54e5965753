"""Range and line of sight for Heroscape attacks ("Who can attack? Any figure(s) ... within Range
of an opponent's figure, and with a clear Line of Sight, can attack"; facts 3.7).

Range counts spaces and ignores levels. Line of sight is a documented three-dimensional model
(docs/heroscape/README.md, "Line of sight"), decided exactly:

- The plane is that of ``hexes.centre``: pointy-top hexes 1 unit from centre to corner, so
  adjacent centres are sqrt(3) apart and a hex is sqrt(3)/2 from centre to side. A level is
  ``LEVEL`` units thick (0.4 in on a 1.75 in tile). Heights below are counted in levels: scaling
  all heights by one factor maps straight lines to straight lines and columns to columns, so the
  outcome never depends on that thickness.
- A figure is a ``Body``: a vertical cylinder of radius ``BODY_RADIUS`` over the centre of each
  of its spaces, from its base (the top of the space, ``bf.level``) up ``height`` levels.
- Sight goes from the attacker's target point (over the centre of one of its spaces,
  ``height - TARGET_DROP`` levels above the base) to the defender's hit zone (its body from
  ``HIT_LOW`` above the base to the top). Everything solid stands on solid ground, so the body
  is visible if a point of its top is; the points tried, over each of its spaces, are the centre
  of the top and four points of its rim: the two silhouette edges across the line of sight, the
  nearest and the farthest.
- A sight line is blocked when it passes through the inside of a solid: a space's column of
  terrain (the full hex, from the table up to its level), a ruin (the full hex of its space,
  from the level up ``ruin`` levels more) or another figure's body. Touching a surface does not
  block: skimming a top, running along the side of a single column, grazing a body. A line that
  runs along the edge between two spaces is blocked where it is below both columns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .battlefield import Battlefield
from .hexes import centre, distance

SQRT3 = math.sqrt(3.0)
INNER_RADIUS = SQRT3 / 2  # hex centre to the middle of a side, plane units
LEVEL = 0.4 / 1.75 * SQRT3  # a level's thickness in plane units (documentation: it drops out)
BODY_RADIUS = 0.6 * INNER_RADIUS  # a figure fills 60% of its hex across
TARGET_DROP = 0.5  # the target point is this many levels below the top of the Height
HIT_LOW = 0.5  # the hit zone starts this many levels above the base (only its top is tried)
EPS = 1e-9  # touching within this (in levels, or in fractions of a sight line) does not block

_K1 = 1 / SQRT3
_K2 = 2 / SQRT3
_R2 = BODY_RADIUS * BODY_RADIUS
_REACH2 = (2 * BODY_RADIUS + EPS) ** 2  # a body this near the line between centres may block
# Slab coordinates: a hex with axial (q, r) is {p : |s_i(p) - c_i| <= 1 for i = 0, 1, 2}, with
# s_0 = 2x/sqrt3, s_1 = x/sqrt3 + y, s_2 = y - x/sqrt3 and (c_0, c_1, c_2) = (2q+r, q+2r, r-q).
# The neighbour across the side where s_i - c_i = +1 (and -1):
_ACROSS = (((1, 0), (-1, 0)), ((0, 1), (0, -1)), ((-1, 1), (1, -1)))


@dataclass(frozen=True, slots=True)
class Body:
    """A figure for sight: the space(s) its base stands on (two for a double-space figure) and
    its Height in levels."""

    spaces: tuple[int, ...]
    height: int


def range_between(bf: Battlefield, attacker_spaces: Sequence[int], defender_spaces: Sequence[int]) -> int:
    """Spaces from the nearest space of one figure to the nearest of the other, ignoring levels
    (a double-space figure measures from either of its spaces)."""
    coords = bf.coords
    if len(attacker_spaces) == 1 and len(defender_spaces) == 1:  # most figures: one pair
        return distance(coords[attacker_spaces[0]], coords[defender_spaces[0]])
    return min(distance(coords[a], coords[d]) for a in attacker_spaces for d in defender_spaces)


def in_range(bf: Battlefield, attacker_spaces: Sequence[int], defender_spaces: Sequence[int], rng: int) -> bool:
    """Whether the defender is within ``rng`` spaces (Range 1: adjacent spaces only)."""
    return range_between(bf, attacker_spaces, defender_spaces) <= rng


# -- per-battlefield geometry --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Geo:
    x: tuple[float, ...]
    y: tuple[float, ...]
    slab: tuple[tuple[int, int, int], ...]
    top: tuple[int, ...]  # the top of the solid column: level plus ruin
    across: tuple[tuple[float, float, float, float, float, float], ...]  # column top beyond each side
    rows: dict[int, tuple[int, tuple[int, ...]]]  # row r: first q, then the space at each q (-1: none)


_GEO: dict[int, tuple[Battlefield, _Geo]] = {}
_NONE = -math.inf  # beyond the battlefield's edge: nothing solid


def _geo(bf: Battlefield) -> _Geo:
    hit = _GEO.get(id(bf))
    if hit is not None and hit[0] is bf:
        return hit[1]
    xs, ys, slab, tops = [], [], [], []
    for i, (q, r) in enumerate(bf.coords):
        x, y = centre(q, r)
        xs.append(x)
        ys.append(y)
        slab.append((2 * q + r, q + 2 * r, r - q))
        tops.append(bf.level[i] + bf.ruin[i])
    across = []
    for q, r in bf.coords:
        row: list[float] = []
        for pair in _ACROSS:
            for dq, dr in pair:
                j = bf.index.get((q + dq, r + dr))
                row.append(_NONE if j is None else float(tops[j]))
        across.append((row[0], row[1], row[2], row[3], row[4], row[5]))
    rows: dict[int, tuple[int, tuple[int, ...]]] = {}
    for r in {r for _, r in bf.coords}:
        qs = [q for q, rr in bf.coords if rr == r]
        q0 = min(qs)
        rows[r] = (q0, tuple(bf.index.get((q, r), -1) for q in range(q0, max(qs) + 1)))
    geo = _Geo(tuple(xs), tuple(ys), tuple(slab), tuple(tops), tuple(across), rows)
    if len(_GEO) >= 16:
        _GEO.clear()
    _GEO[id(bf)] = (bf, geo)
    return geo


def _near_segment(geo: _Geo, ax: float, ay: float, bx: float, by: float, reach: float,
                  floor: float) -> list[int]:
    """The spaces whose column top is above ``floor``, among (at least) every space whose centre
    is within ``reach`` of the segment a-b: row by row, the band around the segment's line within
    its bounding box widened by ``reach``. (A line crosses a hex only if it passes within 1 of its
    centre; the lines to a defender's rim stay within BODY_RADIUS of the line between centres.)"""
    dx, dy = bx - ax, by - ay
    tops, rows = geo.top, geo.rows
    x_lo, x_hi = min(ax, bx) - reach, max(ax, bx) + reach
    if dy:
        slope = dx / dy
        w = reach * math.hypot(dx, dy) / abs(dy)
    else:
        slope, w = 0.0, math.inf
    out: list[int] = []
    for r in range(math.ceil((min(ay, by) - reach) / 1.5), math.floor((max(ay, by) + reach) / 1.5) + 1):
        row = rows.get(r)
        if row is None:
            continue
        q0, ids = row
        xc = ax + (1.5 * r - ay) * slope
        lo = xc - w if xc - w > x_lo else x_lo
        hi = xc + w if xc + w < x_hi else x_hi
        half = r / 2 + q0
        a = math.ceil(lo / SQRT3 - half)
        b = math.floor(hi / SQRT3 - half) + 1
        if a < 0:
            a = 0
        if b <= a:
            continue
        for i in ids[a:b]:
            if i >= 0 and tops[i] > floor:
                out.append(i)
    return out


# -- sight lines -----------------------------------------------------------------------------------------
_Hex = tuple[int, int, int, float, tuple[float, float, float, float, float, float]]


def _clear(ax: float, ay: float, az: float, bx: float, by: float, bz: float,
           hexes: list[_Hex], figs: list[tuple[float, float, float]]) -> bool:
    """Whether the segment from (ax, ay, az) to (bx, by, bz) (heights in levels) passes through
    the inside of none of the candidate columns and bodies."""
    dx, dy, dz = bx - ax, by - ay, bz - az
    s0, s1, s2 = ax * _K2, ax * _K1 + ay, ay - ax * _K1
    d0, d1, d2 = dx * _K2, dx * _K1 + dy, dy - dx * _K1
    par = EPS * (1.0 + abs(dx) + abs(dy))
    for c0, c1, c2, top, across in hexes:
        lo, hi, eff = 0.0, 1.0, top
        for o, d, k in ((s0 - c0, d0, 0), (s1 - c1, d1, 2), (s2 - c2, d2, 4)):
            if -par < d < par:  # parallel to this pair of sides
                if o <= -1 - EPS or o >= 1 + EPS:
                    lo = 2.0
                    break
                if o >= 1 - EPS:  # running along a side: solid only where both columns are
                    eff = min(eff, across[k])
                elif o <= -1 + EPS:
                    eff = min(eff, across[k + 1])
                continue
            t1, t2 = (-1 - o) / d, (1 - o) / d
            if t1 > t2:
                t1, t2 = t2, t1
            if t1 > lo:
                lo = t1
            if t2 < hi:
                hi = t2
            if hi - lo <= EPS:
                break
        if hi - lo <= EPS:
            continue
        low = az + dz * (lo if dz >= 0 else hi)
        if low < eff - EPS:
            return False
    if figs:
        aa = dx * dx + dy * dy
        for fx, fy, ftop in figs:
            ex, ey = ax - fx, ay - fy
            b = dx * ex + dy * ey
            cc = ex * ex + ey * ey - _R2
            if aa == 0:  # a vertical line
                if cc >= 0:
                    continue
                lo, hi = 0.0, 1.0
            else:
                disc = b * b - aa * cc
                if disc <= 0:
                    continue
                sq = math.sqrt(disc)
                lo, hi = max((-b - sq) / aa, 0.0), min((-b + sq) / aa, 1.0)
            if hi - lo <= EPS:
                continue
            low = az + dz * (lo if dz >= 0 else hi)
            if low < ftop - EPS:
                return False
    return True


def clear_line(bf: Battlefield, a: tuple[float, float, float], b: tuple[float, float, float],
               others: Sequence[Body] = ()) -> bool:
    """Whether the straight line between two points (x, y in the plane of ``hexes.centre``, then
    a height in levels) passes through the inside of no terrain column, ruin or body of
    ``others``."""
    geo = _geo(bf)
    (ax, ay, az), (bx, by, bz) = a, b
    floor = min(az, bz) + EPS
    hexes: list[_Hex] = []
    for i in _near_segment(geo, ax, ay, bx, by, 1 + EPS, floor):
        c = geo.slab[i]
        hexes.append((c[0], c[1], c[2], float(geo.top[i]), geo.across[i]))
    figs = [(geo.x[s], geo.y[s], float(bf.level[s] + o.height)) for o in others for s in o.spaces
            if bf.level[s] + o.height > floor]
    return _clear(ax, ay, az, bx, by, bz, hexes, figs)


def line_of_sight(bf: Battlefield, attacker: Body, defender: Body, others: Sequence[Body] = ()) -> bool:
    """Whether a straight line runs from the attacker's target point to a point of the
    defender's hit zone without passing through terrain, a ruin or another figure's body.
    ``others``: the other figures on the battlefield (any sharing a space with the attacker or
    the defender is taken to be that figure and skipped).

    Everything solid stands on solid ground (a height field), so a line to a lower point of the
    hit zone is lower all along than the line to the point above it: only the top of the body
    is tried, at its centre and four points of its rim."""
    geo = _geo(bf)
    xs, ys, level, tops, slab, acr = geo.x, geo.y, bf.level, geo.top, geo.slab, geo.across
    own = set(attacker.spaces) | set(defender.spaces)
    bodies = [(s, o.height) for o in others if own.isdisjoint(o.spaces) for s in o.spaces]
    for sa in attacker.spaces:
        ax, ay = xs[sa], ys[sa]
        az = level[sa] + attacker.height - TARGET_DROP
        for sd in defender.spaces:
            bx, by = xs[sd], ys[sd]
            bz = level[sd] + defender.height  # the top of the hit zone
            ex, ey = bx - ax, by - ay
            ll = ex * ex + ey * ey
            if ll == 0:
                continue
            floor = min(az, bz) + EPS  # no line to this top is lower
            # candidate columns, the ones rising highest above the line between centres first
            ranked: list[tuple[float, _Hex]] = []
            dz = bz - az
            for i in _near_segment(geo, ax, ay, bx, by, 1 + BODY_RADIUS + EPS, floor):
                t = ((xs[i] - ax) * ex + (ys[i] - ay) * ey) / ll
                t = 0.0 if t < 0 else 1.0 if t > 1 else t
                c = slab[i]
                top = tops[i]
                ranked.append((az + t * dz - top, (c[0], c[1], c[2], float(top), acr[i])))
            ranked.sort(key=lambda e: e[0])
            cand = [h for _, h in ranked]
            figs: list[tuple[float, float, float]] = []
            for s, h in bodies:
                ftop = level[s] + h
                if ftop > floor:
                    fx, fy = xs[s], ys[s]
                    t = ((fx - ax) * ex + (fy - ay) * ey) / ll
                    t = 0.0 if t < 0 else 1.0 if t > 1 else t
                    gx, gy = ax + t * ex - fx, ay + t * ey - fy
                    if gx * gx + gy * gy < _REACH2:
                        figs.append((fx, fy, float(ftop)))
            if not cand and not figs:
                return True
            k = BODY_RADIUS / math.sqrt(ll)
            ux, uy = ex * k, ey * k  # along the line of sight, BODY_RADIUS long
            for px, py in ((bx, by), (bx - uy, by + ux), (bx + uy, by - ux), (bx - ux, by - uy), (bx + ux, by + uy)):
                if _clear(ax, ay, az, px, py, bz, cand, figs):
                    return True
    return False
