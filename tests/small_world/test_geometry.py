"""Small World's maps as drawn (``content/geometry-<n>p.toml``, checked by ``geometry.py``): on all
four maps two Regions that border each other share an edge, Regions that do not border each other
share none, no two Regions overlap and the frame has no gap, every outline is simple with its label
inside, and the edge Regions are the ones that reach the frame. The checks themselves are tried on
hand-set maps of four squares, each broken in one way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from content_copies import broken_copy

from boardrules.engine import ContentError
from boardrules.games.small_world.content import CONTENT_DIR, default_content, load_content
from boardrules.games.small_world.content_model import MapData, MapGeometry, Region, RegionShape
from boardrules.games.small_world.geometry import (
    area2,
    geometry_problems,
    on_outline,
    shared_edges,
    simple_problem,
    strictly_inside,
)

PLAYERS = [2, 3, 4, 5]


def _edges(points: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _shared_length2(a: RegionShape, b: RegionShape) -> int:
    """The squared lengths, summed, of the edges of ``a`` that ``b`` has the other way round."""
    back = {(q, p) for p, q in _edges(b.outline)}
    return sum((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 for p, q in _edges(a.outline) if (p, q) in back)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_drawing_agrees_with_the_map(players: int) -> None:
    c = default_content()
    assert geometry_problems(c.maps[players], c.geometry[players]) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_bordering_regions_share_an_edge(players: int) -> None:
    c = default_content()
    m, geo = c.maps[players], c.geometry[players]
    corner = {tuple(sorted(p)) for p in geo.corner_contacts}
    for r in m.region:
        for other in r.adjacent:
            a, b = geo.region[r.id], geo.region[other]
            if (min(r.id, other), max(r.id, other)) in corner:
                assert _shared_length2(a, b) == 0 and set(a.outline) & set(b.outline)
            else:
                assert _shared_length2(a, b) > 0, f"Regions {r.id} and {other} border but do not touch"


@pytest.mark.parametrize("players", PLAYERS)
def test_regions_that_do_not_border_share_no_edge(players: int) -> None:
    c = default_content()
    m, geo = c.maps[players], c.geometry[players]
    for r in m.region:
        for other in range(len(m.region)):
            if other != r.id and other not in r.adjacent:
                assert _shared_length2(geo.region[r.id], geo.region[other]) == 0, (r.id, other)


@pytest.mark.parametrize("players", PLAYERS)
def test_regions_tile_the_frame_without_overlap(players: int) -> None:
    geo = default_content().geometry[players]
    # the areas add up to the frame's ...
    assert sum(area2(r.outline) for r in geo.region) == 2 * geo.width * geo.height
    # ... and every point of a grid over the frame (off the outlines) lies in exactly one Region
    boxes = [(min(x for x, _ in r.outline), max(x for x, _ in r.outline),
              min(y for _, y in r.outline), max(y for _, y in r.outline)) for r in geo.region]
    tested = 0
    for x in range(3, geo.width, 17):
        for y in range(2, geo.height, 13):
            near = [r for r, (x0, x1, y0, y1) in zip(geo.region, boxes, strict=True)
                    if x0 <= x <= x1 and y0 <= y <= y1]
            if any(on_outline((x, y), r.outline) for r in near):
                continue
            inside = [r.id for r in near if strictly_inside((x, y), r.outline)]
            assert len(inside) == 1, f"({x}, {y}) lies in Regions {inside}"
            tested += 1
    assert tested > 2500


@pytest.mark.parametrize("players", PLAYERS)
def test_outlines_are_simple_with_their_label_inside(players: int) -> None:
    for r in default_content().geometry[players].region:
        assert simple_problem(r.outline) is None, r.id
        assert area2(r.outline) > 0 and strictly_inside(r.label, r.outline), r.id


@pytest.mark.parametrize("players", PLAYERS)
def test_edge_regions_and_only_they_reach_the_frame(players: int) -> None:
    c = default_content()
    geo = c.geometry[players]
    for r in c.maps[players].region:
        on_side = any((a[0] == b[0] and a[0] in (0, geo.width)) or (a[1] == b[1] and a[1] in (0, geo.height))
                      for a, b in _edges(geo.region[r.id].outline))
        assert on_side == r.border, r.id


def test_only_the_five_player_map_has_corner_contacts() -> None:
    """The 5-player map's graph lists both diagonals of four Regions round a point (12 and 20,
    13 and 19): the only pairs drawn meeting at a point rather than along an edge."""
    c = default_content()
    assert {n: c.geometry[n].corner_contacts for n in PLAYERS} == {
        2: (), 3: (), 4: (), 5: ((12, 20), (13, 19))}
    four = [set(c.geometry[5].region[i].outline) for i in (12, 13, 19, 20)]
    assert four[0] & four[1] & four[2] & four[3]  # the four meet at one point


# -- the checks on hand-set maps ----------------------------------------------------------------
# Four squares in a 100 x 100 frame: 0 top left, 1 top right, 2 bottom left, 3 bottom right.
SQUARES = {
    0: ((0, 0), (50, 0), (50, 50), (0, 50)),
    1: ((50, 0), (100, 0), (100, 50), (50, 50)),
    2: ((0, 50), (50, 50), (50, 100), (0, 100)),
    3: ((50, 50), (100, 50), (100, 100), (50, 100)),
}
SIDES = {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: [1, 2]}


def _map(adjacent: dict[int, list[int]] = SIDES, border: tuple[int, ...] = (0, 1, 2, 3)) -> MapData:
    return MapData(name="squares", players=2, turns=1, region=tuple(
        Region(id=i, terrain="farmland", border=i in border, adjacent=tuple(adjacent[i])) for i in range(4)))


def _geo(outlines: dict[int, tuple[tuple[int, int], ...]] = SQUARES,
         labels: dict[int, tuple[int, int]] | None = None, **extra: object) -> MapGeometry:
    labels = labels or {i: (sum(x for x, _ in o) // len(o), sum(y for _, y in o) // len(o))
                        for i, o in outlines.items()}
    return MapGeometry.model_validate(dict(players=2, width=100, height=100, region=[
        dict(id=i, label=labels[i], outline=outlines[i]) for i in range(4)], **extra))


def _messages(m: MapData, geo: MapGeometry) -> list[str]:
    return [f"{p.region}: {p.message}" for p in geometry_problems(m, geo)]


def test_four_squares_agree() -> None:
    assert _messages(_map(), _geo()) == []
    assert shared_edges(_geo()) == {(0, 1): 1, (0, 2): 1, (1, 3): 1, (2, 3): 1}


def test_a_border_drawn_as_a_point_only_is_refused() -> None:
    diagonal = {0: [1, 2, 3], 1: [0, 3], 2: [0, 3], 3: [0, 1, 2]}
    assert _messages(_map(diagonal), _geo()) == ["0: borders Region 3 on the map but their outlines share no edge"]
    # unless the drawing declares it a corner contact, which it is: 0 and 3 meet at (50, 50)
    assert _messages(_map(diagonal), _geo(corner_contacts=[[0, 3]])) == []


def test_a_corner_contact_that_is_an_edge_or_no_border_is_refused() -> None:
    assert _messages(_map(), _geo(corner_contacts=[[0, 1]])) == [
        "0: Regions 0 and 1 share an edge: they are no corner contact"]
    assert _messages(_map(), _geo(corner_contacts=[[0, 3]])) == [
        "0: Region 0 does not border Region 3 on the map"]


def test_an_edge_shared_without_a_border_is_refused() -> None:
    no_top = {0: [2], 1: [3], 2: [0, 3], 3: [1, 2]}
    assert _messages(_map(no_top), _geo()) == [
        "0: shares an edge with Region 1, which it does not border on the map"]


def test_an_overlap_is_refused() -> None:
    wide = dict(SQUARES)
    wide[0] = ((0, 0), (60, 0), (60, 50), (0, 50))  # into Region 1
    problems = _messages(_map(), _geo(wide))
    assert any("overlap along the frame's top side" in p or "no other Region's edge" in p for p in problems)


def test_a_gap_is_refused() -> None:
    small = dict(SQUARES)
    small[3] = ((50, 50), (100, 50), (100, 90), (50, 90))  # the frame's bottom right uncovered
    problems = _messages(_map(), _geo(small))
    assert problems and all("no other Region's edge" in p or "frame" in p for p in problems)


def test_outlines_that_meet_at_a_t_junction_are_refused() -> None:
    # Region 0's right side split at (50, 25): Region 1's side (50, 0)-(50, 50) does not match it
    split = dict(SQUARES)
    split[0] = ((0, 0), (50, 0), (50, 25), (50, 50), (0, 50))
    problems = _messages(_map(), _geo(split))
    assert any("point to point" in p for p in problems)


def test_a_crossed_outline_a_wrong_turn_and_a_label_outside_are_refused() -> None:
    bowtie = dict(SQUARES)
    bowtie[0] = ((0, 0), (50, 0), (0, 50), (50, 50))
    assert _messages(_map(), _geo(bowtie))[0].startswith("0: the outline is not a simple polygon")
    backwards = dict(SQUARES)
    backwards[1] = tuple(reversed(SQUARES[1]))
    assert "positive (shoelace) area" in _messages(_map(), _geo(backwards))[0]
    labels = {0: (25, 25), 1: (75, 25), 2: (25, 75), 3: (25, 25)}
    assert _messages(_map(), _geo(labels=labels)) == ["3: the label point (25, 25) is not inside the outline"]


def test_edge_regions_must_reach_the_frame_and_others_not() -> None:
    assert _messages(_map(border=(0, 1, 2)), _geo()) == [
        "3: reaches the frame's side but is not an edge Region"]


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(CONTENT_DIR, tmp_path, file, old, new)


def test_a_broken_drawing_fails_at_load_naming_the_file_and_region(tmp_path: Path) -> None:
    geo = default_content().geometry[2]
    x, y = geo.region[7].outline[0]
    d = _broken(tmp_path, "geometry-2p.toml", f"outline = [[{x}, {y}]", f"outline = [[{x + 3}, {y + 2}]")
    with pytest.raises(ContentError) as info:
        load_content(d)
    # the moved point no longer matches its neighbours' outlines: one of the Regions round it is named
    round_it = {f"region {r.id}" for r in geo.region if (x, y) in r.outline}
    assert info.value.file == "geometry-2p.toml" and info.value.entry in round_it
    assert info.value.field == "outline" and "point to point" in str(info.value)


def test_a_point_outside_the_frame_fails_at_load(tmp_path: Path) -> None:
    d = _broken(tmp_path, "geometry-3p.toml", "width = 1000", "width = 900")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "geometry-3p.toml" and "outside the frame" in str(info.value)


def test_a_missing_drawing_fails_at_load(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    (d / "geometry-4p.toml").unlink()
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "geometry-4p.toml" and "missing" in str(info.value)


def test_the_drawings_are_not_part_of_the_content_version(tmp_path: Path) -> None:
    """Saves and replays record the content version: redrawing a map must not change it."""
    d = _broken(tmp_path, "geometry-2p.toml", "# Small World", "# Redrawn: Small World")
    assert load_content(d).version == default_content().version
