"""Draw Small World's four maps from their region graphs: writes ``geometry-<n>p.toml`` beside
the map files (the data files are the source of truth; this script is how they were made).

    python benchmarks/sw_map_geometry.py            # write all four, then check them
    python benchmarks/sw_map_geometry.py --check    # only check the files as they are
    python benchmarks/sw_map_geometry.py --svg DIR  # also draw each map as DIR/map-<n>p.svg

How a map is drawn, so that two Regions touch exactly when they border each other:

1. The edge Regions, in the order they follow one another round the map (a cycle of the graph
   through every edge Region), are pinned to the frame's sides, four of them on its corners:
   a Region whose two neighbours on the edge also border each other (a corner Sea) must take a
   corner, the Seas are preferred there, and the sides get edge Regions in proportion to their
   lengths.
2. Every other Region is placed at the weighted average of its neighbours (Tutte's barycentric
   drawing, solved by Gauss-Seidel). For a 3-connected planar graph with that outer cycle this
   draws the graph with straight, non-crossing edges and convex faces, whatever the positive
   weights; a Region with only two neighbours is given a third for the drawing only (a common
   neighbour of the two). The weights are then tuned, round by round, so that small Regions grow
   and large ones shrink.
3. Each Region's outline is the dual cell around its point: for each face round it, the face's
   centre, and between two faces the midpoint of the edge to the neighbour they share. A Region
   and a neighbour thus share the two edges centre-midpoint-centre; Regions that are only on the
   same face (four round a point) meet at its centre alone. Where the straight line between the
   two centres stays valid, the midpoint is dropped, for straighter borders.
4. Points are rounded to integers once each (shared points stay shared) and the result is checked
   exactly by ``boardrules.games.small_world.geometry`` before it is written.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from pathlib import Path

from boardrules.games.small_world.content import (
    CONTENT_DIR,
    GEOMETRY_FILES,
    load_content,
    load_maps,
)
from boardrules.games.small_world.content_model import MapData, MapGeometry, RegionShape
from boardrules.games.small_world.geometry import (
    area2,
    geometry_problems,
    simple_problem,
    strictly_inside,
)

WIDTH, HEIGHT = 1000, 700
# The 5-player map's graph lists both diagonals of four Regions round one point (12 and 20, 13
# and 19): no plane drawing has both as borders, so the four are drawn meeting at that point.
CORNER_CONTACTS = {5: ((12, 20), (13, 19))}
SHORT_BORDER = 40.0  # a border shorter than this is lengthened where the drawing allows
FPoint = tuple[float, float]
# a point of an outline, by what it is: ("v", region, -1), ("m", region, region) the midpoint of
# a border, ("c", face, -1) a face's centre
Key = tuple[str, int, int]
Point = tuple[int, int]


def outer_cycles(adj: dict[int, set[int]], edge: set[int]) -> list[list[int]]:
    """Every cycle through all edge Regions along borders between them (one direction each)."""
    start = min(edge)
    found: list[list[int]] = []

    def walk(path: list[int], seen: set[int]) -> None:
        here = path[-1]
        if len(path) == len(edge):
            if start in adj[here] and path[1] < path[-1]:
                found.append(list(path))
            return
        for nxt in sorted(adj[here] & edge - seen):
            seen.add(nxt)
            path.append(nxt)
            walk(path, seen)
            path.pop()
            seen.discard(nxt)

    walk([start], {start})
    return found


def corner_choices(cycle: list[int], adj: dict[int, set[int]], seas: set[int]) -> list[tuple[int, ...]]:
    """Index quadruples of the cycle for the four corners, best first (see the module's text)."""
    n = len(cycle)
    ears = {i for i in range(n) if cycle[i - 1] in adj[cycle[(i + 1) % n]]}
    chords = [(i, j) for i in range(n) for j in range(i + 2, n)
              if cycle[j] in adj[cycle[i]] and not (i == 0 and j == n - 1)]
    scored: list[tuple[float, tuple[int, ...]]] = []
    for corners in itertools.combinations(range(n), 4):
        if not ears <= set(corners):
            continue
        for phase in (0, 1):  # does the first corner begin a long side or a short one
            lengths = [(WIDTH, HEIGHT)[(k + phase) % 2] for k in range(4)]
            counts = [(corners[(k + 1) % 4] - corners[k]) % n for k in range(4)]
            if min(counts) < 2:
                continue
            sides = _sides(corners, n)
            if any(any({i, j} <= s for s in sides) for i, j in chords):
                continue  # a chord along a side would lie on it
            per = n / (2 * (WIDTH + HEIGHT))
            score = sum((c - per * length) ** 2 for c, length in zip(counts, lengths, strict=True))
            score -= 30 * sum(cycle[i] in seas for i in corners)
            scored.append((score, (*corners, phase)))
    scored.sort()
    return [c for _, c in scored]


def _sides(corners: tuple[int, ...], n: int) -> list[set[int]]:
    out = []
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        out.append({(a + t) % n for t in range((b - a) % n + 1)})
    return out


def pin_outer(cycle: list[int], choice: tuple[int, ...], weight: dict[int, float]) -> dict[int, FPoint]:
    """The edge Regions' points on the frame, corners first, the others spaced by their weights."""
    *corners, phase = choice
    n = len(cycle)
    frame = [(0.0, 0.0), (float(WIDTH), 0.0), (float(WIDTH), float(HEIGHT)), (0.0, float(HEIGHT))]
    if phase:  # the first corner begins a short side: start at the top right
        frame = frame[1:] + frame[:1]
    pos: dict[int, FPoint] = {}
    for k in range(4):
        a, b = corners[k], corners[(k + 1) % 4]
        run = [cycle[(a + t) % n] for t in range((b - a) % n + 1)]
        gaps = [1 / weight[run[t]] + 1 / weight[run[t + 1]] for t in range(len(run) - 1)]
        total, acc = sum(gaps), 0.0
        (x0, y0), (x1, y1) = frame[k], frame[(k + 1) % 4]
        for t, v in enumerate(run):
            f = acc / total
            pos[v] = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)
            if t < len(gaps):
                acc += gaps[t]
    return pos


def layout_edges(adj: dict[int, set[int]], inner: set[int]) -> dict[int, set[int]]:
    """The graph the drawing uses: a Region inside with two neighbours gets a third."""
    lay = {v: set(a) for v, a in adj.items()}
    for v in sorted(inner):
        if len(adj[v]) == 2:
            a, b = sorted(adj[v])
            common = sorted((adj[a] & adj[b]) - {v})
            if common:
                lay[v].add(common[0])
                lay[common[0]].add(v)
    return lay


def tutte(lay: dict[int, set[int]], fixed: dict[int, FPoint], s: dict[int, float]) -> dict[int, FPoint]:
    pos = dict(fixed)
    for v in lay:
        pos.setdefault(v, (WIDTH / 2, HEIGHT / 2))
    for _ in range(3000):
        moved = 0.0
        for v in lay:
            if v in fixed:
                continue
            ws = [(s[v] * s[u], pos[u]) for u in lay[v]]
            tot = sum(w for w, _ in ws)
            x = sum(w * p[0] for w, p in ws) / tot
            y = sum(w * p[1] for w, p in ws) / tot
            moved = max(moved, abs(x - pos[v][0]) + abs(y - pos[v][1]))
            pos[v] = (x, y)
        if moved < 1e-7:
            break
    return pos


def rotation(adj: dict[int, set[int]], pos: dict[int, FPoint]) -> dict[int, list[int]]:
    """Each Region's neighbours in order of angle round it (positive turn in the frame)."""
    return {v: sorted(adj[v], key=lambda u: math.atan2(pos[u][1] - pos[v][1], pos[u][0] - pos[v][0]))
            for v in adj}


def faces(rot: dict[int, list[int]]) -> dict[tuple[int, int], int]:
    """The face on the left of each directed edge, numbered; next edge: the neighbour before."""
    face_of: dict[tuple[int, int], int] = {}
    count = 0
    for v in rot:
        for u in rot[v]:
            if (v, u) in face_of:
                continue
            a, b = v, u
            while (a, b) not in face_of:
                face_of[(a, b)] = count
                ring = rot[b]
                a, b = b, ring[(ring.index(a) - 1) % len(ring)]
            count += 1
    return face_of


def kernel_point(poly: list[FPoint]) -> FPoint | None:
    """A point from which the whole face is seen (strictly left of every edge), if one is found."""
    def ok(p: FPoint) -> bool:
        return all((b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) > 1e-6
                   for a, b in zip(poly, poly[1:] + poly[:1], strict=True))
    mean = (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    if ok(mean):
        return mean
    best: FPoint | None = None
    for i, j in itertools.combinations(range(len(poly)), 2):
        for t in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (poly[i][0] * t + poly[j][0] * (1 - t), poly[i][1] * t + poly[j][1] * (1 - t))
            q = ((p[0] + mean[0]) / 2, (p[1] + mean[1]) / 2)
            for cand in (q, p):
                if ok(cand):
                    best = cand
                    return best
    return best


class Drawing:
    """One drawing of a map: points, faces and outlines (see the module's text)."""

    def __init__(self, adj: dict[int, set[int]], cycle: list[int], pos: dict[int, FPoint]) -> None:
        self.adj = adj
        self.cycle, self.pos = cycle, pos
        self.rot = rotation(self.adj, pos)
        self.face_of = faces(self.rot)
        n = len(cycle)
        # the outer face: on the left of the cycle walked backwards
        self.outer = self.face_of.get((cycle[1], cycle[0]), -1)
        self.nxt = {cycle[i]: cycle[(i + 1) % n] for i in range(n)}
        self.prev = {cycle[i]: cycle[i - 1] for i in range(n)}
        self.centre: dict[int, FPoint] = {}
        self.bad = False
        ring: dict[int, list[int]] = {}
        for (a, _b), f in self.face_of.items():
            ring.setdefault(f, []).append(a)
        for f, vs in ring.items():
            if f == self.outer:
                continue
            # the face's points in the order it is walked
            walk = self._walk(f)
            k = kernel_point([pos[v] for v in walk])
            if k is None:
                self.bad = True
                k = (sum(pos[v][0] for v in vs) / len(vs), sum(pos[v][1] for v in vs) / len(vs))
            self.centre[f] = k

    def _walk(self, f: int) -> list[int]:
        start = next(e for e, g in self.face_of.items() if g == f)
        out: list[int] = []
        a, b = start
        while True:
            out.append(a)
            ring = self.rot[b]
            a, b = b, ring[(ring.index(a) - 1) % len(ring)]
            if (a, b) == start:
                return out

    def cells(self) -> dict[int, list[Key]]:
        """Each Region's outline as symbolic points: ('v', id), ('m', edge), ('c', face)."""
        out: dict[int, list[Key]] = {}
        for v, ring in self.rot.items():
            k = len(ring)
            if v in self.nxt:
                i = ring.index(self.nxt[v])
                order = [ring[(i + t) % k] for t in range(k)]
                if order[-1] != self.prev[v]:
                    self.bad = True
                pts: list[Key] = [("v", v, -1)]
                for t, u in enumerate(order):
                    pts.append(("m", min(u, v), max(u, v)))
                    if t < k - 1:
                        pts.append(("c", self.face_of[(v, u)], -1))
            else:
                pts = []
                for u in ring:
                    pts.append(("m", min(u, v), max(u, v)))
                    pts.append(("c", self.face_of[(v, u)], -1))
            out[v] = pts
        return out

    def point(self, key: Key) -> FPoint:
        kind, a, b = key
        if kind == "v":
            return self.pos[a]
        if kind == "c":
            return self.centre[a]
        return ((self.pos[a][0] + self.pos[b][0]) / 2, (self.pos[a][1] + self.pos[b][1]) / 2)


def rounded(d: Drawing) -> dict[int, list[Point]]:
    cache: dict[Key, Point] = {}
    out: dict[int, list[Point]] = {}
    for v, keys in d.cells().items():
        pts = []
        for key in keys:
            if key not in cache:
                x, y = d.point(key)
                cache[key] = (round(x), round(y))
            pts.append(cache[key])
        out[v] = pts
    return out


def float_area(pts: list[FPoint]) -> float:
    n = len(pts)
    return abs(sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1]
                   for i in range(n))) / 2


def straighten(outlines: dict[int, list[Point]], adj: dict[int, set[int]], inner_mid: set[Point]) -> None:
    """Drop a border's midpoint where the two Regions stay simple without it."""
    for v in sorted(outlines):
        for u in sorted(adj[v]):
            if u < v:
                continue
            a, b = outlines[v], outlines[u]
            common = [p for p in a if p in inner_mid and p in b]
            for p in common:
                na = [q for q in a if q != p]
                nb = [q for q in b if q != p]
                if all(simple_problem(x) is None and area2(x) > 0 for x in (na, nb)):
                    outlines[v], outlines[u] = na, nb
                    a, b = na, nb


def relax(outlines: dict[int, list[Point]], target: dict[int, float], passes: int = 12) -> None:
    """Move the outlines' points, one at a time, wherever that makes the Regions' sizes more even
    and their shapes rounder, keeping every outline simple. A point on a side of the frame slides
    along it; the corners stay. The tiling survives every move: a point is moved in every outline
    that has it, so the outlines still add up to the frame's, and each stays simple."""
    holders: dict[Point, list[int]] = {}
    for v, pts in outlines.items():
        for p in pts:
            holders.setdefault(p, []).append(v)
    mean = sum(area2(p) for p in outlines.values()) / 2 / len(outlines)

    def lengths(v: int) -> dict[int, float]:
        """How long Region v's border with each neighbour is."""
        pts, out = outlines[v], dict[int, float]()
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            other = owner.get((b, a))
            if other is not None:
                out[other] = out.get(other, 0.0) + math.dist(a, b)
        return out

    def cost(v: int) -> float:
        pts = outlines[v]
        a = area2(pts) / 2
        per = sum(math.dist(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))
        short = sum(max(0.0, SHORT_BORDER - x) ** 2 for x in lengths(v).values()) / SHORT_BORDER ** 2
        return (a / (mean * target[v]) - 1) ** 2 + 0.5 / (4 * math.pi * a / (per * per)) + 2 * short

    def own(v: int) -> None:
        pts = outlines[v]
        for i in range(len(pts)):
            owner[(pts[i], pts[(i + 1) % len(pts)])] = v

    owner: dict[tuple[Point, Point], int] = {}
    for v in outlines:
        own(v)

    corners = {(0, 0), (WIDTH, 0), (WIDTH, HEIGHT), (0, HEIGHT)}
    for step in [24, 16, 12, 8, 6, 4, 3, 2, 1, 1, 1, 1][:passes]:
        for p in sorted(holders):
            if p in corners:
                continue
            moves = [(dx, dy) for dx in (-step, 0, step) for dy in (-step, 0, step) if dx or dy]
            if p[0] in (0, WIDTH):
                moves = [(0, dy) for dy in (-step, step)]
            elif p[1] in (0, HEIGHT):
                moves = [(dx, 0) for dx in (-step, step)]
            owners = holders[p]
            here = sum(cost(v) for v in owners)
            best: tuple[float, Point] | None = None
            for dx, dy in moves:
                q = (p[0] + dx, p[1] + dy)
                if q in holders or not (0 <= q[0] <= WIDTH and 0 <= q[1] <= HEIGHT):
                    continue
                if (p[0] not in (0, WIDTH) and q[0] in (0, WIDTH)) or (p[1] not in (0, HEIGHT) and q[1] in (0, HEIGHT)):
                    continue  # a point inside stays off the frame's sides
                saved = {v: outlines[v] for v in owners}
                for v in owners:
                    outlines[v] = [q if x == p else x for x in outlines[v]]
                    own(v)
                if all(area2(outlines[v]) > 0 and simple_problem(outlines[v]) is None for v in owners):
                    c = sum(cost(v) for v in owners)
                    if c < here - 1e-9 and (best is None or c < best[0]):
                        best = (c, q)
                outlines.update(saved)
                for v in owners:
                    own(v)
            if best is not None:
                q = best[1]
                for v in owners:
                    outlines[v] = [q if x == p else x for x in outlines[v]]
                    own(v)
                holders[q] = holders.pop(p)


def label_point(pts: list[Point]) -> Point:
    """An inside point far from the outline, for the label: the best of a grid of 16 units,
    then of a grid of 2 round it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]

    def room(p: Point) -> float:
        if not strictly_inside(p, pts):
            return -1.0
        return min(_seg_dist(p, pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))

    grid = [(x, y) for x in range(min(xs), max(xs) + 1, 16) for y in range(min(ys), max(ys) + 1, 16)]
    best = max(grid or [pts[0]], key=room)
    if room(best) <= 0:  # a sliver: the finest grid over the whole outline
        grid = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
        best = max(grid, key=room)
    fine = [(best[0] + dx, best[1] + dy) for dx in range(-16, 17, 2) for dy in range(-16, 17, 2)]
    return max(fine, key=room)


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def draw_map(m: MapData, corner_contacts: tuple[tuple[int, int], ...] = (), rounds: int = 30) -> MapGeometry:
    """The drawing of the map with the best score found (even sizes, compact shapes) that passes
    every check. ``corner_contacts``: bordering pairs drawn meeting at a point only."""
    adj = {r.id: set(r.adjacent) for r in m.region}
    for a, b in corner_contacts:
        adj[a].discard(b)
        adj[b].discard(a)
    edge = {r.id for r in m.region if r.border}
    seas = {r.id for r in m.region if r.terrain == "sea"}
    lay = layout_edges(adj, set(adj) - edge)
    tried: list[tuple[float, int, Drawing]] = []
    want = sizes(adj)
    for cycle in outer_cycles(adj, edge):
        for choice in corner_choices(cycle, adj, seas)[:8]:
            s = {v: 1.0 for v in adj}
            for _ in range(rounds):
                d = Drawing(adj, cycle, tutte(lay, pin_outer(cycle, choice, s), s))
                if d.bad:
                    break
                polys = {v: [d.point(k) for k in keys] for v, keys in d.cells().items()}
                areas = {v: float_area(p) for v, p in polys.items()}
                mean = sum(areas.values()) / len(areas)
                tried.append((score(polys, areas), len(tried), d))
                for v in s:
                    s[v] *= (areas[v] / (mean * want[v])) ** 0.35
    tried.sort(key=lambda t: t[:2])
    for value, _, d in tried[:20]:
        geo = _finish(m, d, corner_contacts)
        if geo is not None:
            print(f"{m.name}: {len(tried)} drawings tried, the best scores {value:.2f}")
            return geo
    raise SystemExit(f"{m.name}: no drawing passed the checks")


def sizes(adj: dict[int, set[int]]) -> dict[int, float]:
    """Each Region's wanted size, relative to the mean: more neighbours, more room (a Sea of
    eight neighbours is drawn larger than a Region of three)."""
    mean = sum(len(a) for a in adj.values()) / len(adj)
    return {v: (0.5 + len(a) / mean) / 1.5 for v, a in adj.items()}


def score(polys: dict[int, list[FPoint]], areas: dict[int, float]) -> float:
    """Lower is better: the largest Region over the smallest, and how far from round the least
    round one is (isoperimetric quotient)."""
    def roundness(p: list[FPoint]) -> float:
        per = sum(math.dist(p[i], p[(i + 1) % len(p)]) for i in range(len(p)))
        return 4 * math.pi * float_area(p) / (per * per)
    worst = min(roundness(p) for p in polys.values())
    return max(areas.values()) / min(areas.values()) + 4 / worst


def _finish(m: MapData, d: Drawing, corner_contacts: tuple[tuple[int, int], ...]) -> MapGeometry | None:
    outlines = rounded(d)
    for pts in outlines.values():
        if simple_problem(pts) is not None or area2(pts) <= 0:
            return None
    inner_mid = {(round(x), round(y)) for key in {k for ks in d.cells().values() for k in ks}
                 if key[0] == "m" and not (key[1] in d.nxt and key[2] in d.nxt)
                 for x, y in [d.point(key)]}
    straighten(outlines, d.adj, inner_mid)
    relax(outlines, sizes(d.adj))
    geo = MapGeometry(players=m.players, width=WIDTH, height=HEIGHT, corner_contacts=corner_contacts,
                      region=tuple(RegionShape(id=v, label=label_point(outlines[v]),
                                               outline=tuple(outlines[v])) for v in sorted(outlines)))
    return None if geometry_problems(m, geo) else geo


def to_toml(m: MapData, geo: MapGeometry) -> str:
    lines = [
        f"# Small World: the {m.name} map as drawn, one outline per Region of map-{m.players}p.toml.",
        "# Made by benchmarks/sw_map_geometry.py; checked against the map's borders when loaded.",
        "# Points are (x, y) in the frame, y down; each outline has positive shoelace area.",
        f"players = {geo.players}",
        f"width = {geo.width}",
        f"height = {geo.height}",
    ]
    if geo.corner_contacts:
        lines += ["# bordering on the map, drawn meeting at one point (four Regions round it): the",
                  "# map's graph lists both diagonals of that point, which no plane drawing can border",
                  "corner_contacts = [" + ", ".join(f"[{a}, {b}]" for a, b in geo.corner_contacts) + "]"]
    for r in geo.region:
        pts = ", ".join(f"[{x}, {y}]" for x, y in r.outline)
        lines += ["", "[[region]]", f"id = {r.id}  # {m.region[r.id].terrain}",
                  f"label = [{r.label[0]}, {r.label[1]}]", f"outline = [{pts}]"]
    return "\n".join(lines) + "\n"


COLOURS = {"sea": "#6fa8dc", "lake": "#9fc5e8", "farmland": "#f6e08b", "forest": "#6aa84f",
           "hill": "#b6d7a8", "mountain": "#a4a4a4", "swamp": "#8e7cc3"}


def to_svg(m: MapData, geo: MapGeometry) -> str:
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {geo.width} {geo.height}">']
    for r in geo.region:
        pts = " ".join(f"{x},{y}" for x, y in r.outline)
        out.append(f'<polygon points="{pts}" fill="{COLOURS[m.region[r.id].terrain]}" '
                   'stroke="#333" stroke-width="2"/>')
        out.append(f'<text x="{r.label[0]}" y="{r.label[1]}" font-size="18" '
                   f'text-anchor="middle">{r.id}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only check the files as they are")
    ap.add_argument("--svg", type=Path, help="also draw each map into this folder")
    args = ap.parse_args(argv)
    maps = load_maps(CONTENT_DIR)
    for n, m in maps.items():
        if args.check:
            geo = load_content(CONTENT_DIR).geometry[n]  # loading checks the files
            print(f"{m.name}: {len(geo.region)} outlines agree with the map")
        else:
            geo = draw_map(m, CORNER_CONTACTS.get(n, ()))
            (CONTENT_DIR / GEOMETRY_FILES[n]).write_text(to_toml(m, geo), encoding="utf-8")
        if args.svg:
            args.svg.mkdir(parents=True, exist_ok=True)
            (args.svg / f"map-{n}p.svg").write_text(to_svg(m, geo), encoding="utf-8")
    if not args.check:
        load_content(CONTENT_DIR)  # what was written loads and passes every check
    return 0


if __name__ == "__main__":
    sys.exit(main())
