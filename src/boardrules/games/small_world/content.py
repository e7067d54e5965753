"""Load and validate the Small World content files: four maps and their drawings, 14 Races,
20 Special Powers, and each Race and Power in a few words.

An invalid file fails at load with the file, the entry and the field named (ContentError).
The rules code implements each Race and Power by its id, so the sets of ids are checked too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...engine import ContentError
from ...engine.content import check_unique, digest_files, parse_entries, read_toml, validate
from .content_model import MapData, MapGeometry, Power, Race, Summary
from .geometry import geometry_problems

CONTENT_DIR = Path(__file__).parent / "content"

RACE_IDS = (
    "amazons", "dwarves", "elves", "ghouls", "giants", "halflings", "humans", "orcs", "ratmen",
    "skeletons", "sorcerers", "tritons", "trolls", "wizards",
)
POWER_IDS = (
    "alchemist", "berserk", "bivouacking", "commando", "diplomat", "dragon-master", "flying", "forest",
    "fortified", "heroic", "hill", "merchant", "mounted", "pillaging", "seafaring", "spirit", "stout",
    "swamp", "underworld", "wealthy",
)
MAP_FILES = {n: f"map-{n}p.toml" for n in (2, 3, 4, 5)}
GEOMETRY_FILES = {n: f"geometry-{n}p.toml" for n in MAP_FILES}


@dataclass(frozen=True)
class Content:
    maps: dict[int, MapData]  # by player count
    races: tuple[Race, ...]
    powers: tuple[Power, ...]
    version: str
    short: dict[str, str] = field(default_factory=dict)  # a few words per Race and Power id
    geometry: dict[int, MapGeometry] = field(default_factory=dict)  # each map as drawn, by player count


def _load_map(file: Path, players: int) -> MapData:
    data = read_toml(file)
    m = validate(MapData, data, file.name, data.get("name", file.stem) if isinstance(data, dict) else file.stem)
    if m.players != players:
        raise ContentError(file.name, m.name, "players", f"this file must hold the {players}-player map")
    return m


def load_geometry(file: Path, m: MapData) -> MapGeometry:
    """A map's drawing, validated, and checked against the map's borders (``geometry.py``)."""
    data = read_toml(file)
    geo = validate(MapGeometry, data, file.name, m.name)
    if geo.players != m.players:
        raise ContentError(file.name, m.name, "players", f"this file must draw the {m.players}-player map")
    for p in geometry_problems(m, geo)[:1]:
        entry = m.name if p.region is None else f"region {p.region}"
        raise ContentError(file.name, entry, p.field, p.message)
    return geo


def _check_ids(file: str, items: tuple[Race, ...] | tuple[Power, ...], want: tuple[str, ...], what: str) -> None:
    check_unique(file, items)
    have = {i.id for i in items}
    for i in items:
        if i.id not in want:
            raise ContentError(file, i.id, "id", f"no rules for a {what} of this id (known: {', '.join(want)})")
    missing = [w for w in want if w not in have]
    if missing:
        raise ContentError(file, "-", "id", f"missing {what}(s): {', '.join(missing)}")


def load_content(directory: Path | str = CONTENT_DIR) -> Content:
    """Read and validate a content set (the shipped one by default)."""
    d = Path(directory)
    races = parse_entries(d / "races.toml", "race", Race)
    powers = parse_entries(d / "powers.toml", "power", Power)
    _check_ids("races.toml", races, RACE_IDS, "Race")
    _check_ids("powers.toml", powers, POWER_IDS, "Special Power")
    maps = load_maps(d)
    geometry = {n: load_geometry(d / f, maps[n]) for n, f in GEOMETRY_FILES.items()}
    files = [d / "races.toml", d / "powers.toml", *(d / f for f in MAP_FILES.values())]
    # the few words and the drawings change nothing in play: not in the version, so saves and
    # replays keep theirs
    return Content(maps, races, powers, digest_files(files), load_summaries(d / "summaries.toml"),
                   geometry)


def load_maps(directory: Path | str = CONTENT_DIR) -> dict[int, MapData]:
    """The four maps' region graphs, by player count (validated)."""
    d = Path(directory)
    return {n: _load_map(d / f, n) for n, f in MAP_FILES.items()}


def load_summaries(path: Path) -> dict[str, str]:
    """The few words of every Race and Power, by id: each once, none unknown."""
    out: dict[str, str] = {}
    for table, want, what in (("race", RACE_IDS, "Race"), ("power", POWER_IDS, "Special Power")):
        items = parse_entries(path, table, Summary)
        check_unique(path.name, items)
        have = {i.id for i in items}
        for i in items:
            if i.id not in want:
                raise ContentError(path.name, i.id, "id", f"no {what} of this id (known: {', '.join(want)})")
        missing = [w for w in want if w not in have]
        if missing:
            raise ContentError(path.name, "-", table, f"no few words for the {what}(s): {', '.join(missing)}")
        out.update((i.id, i.short) for i in items)
    return out


@cache
def default_content() -> Content:
    return load_content(CONTENT_DIR)
