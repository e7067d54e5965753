"""Mage Knight content against the facts: the content data files against the tables of
shared/facts/mage-knight-content.md, parsed from the facts file itself so that a later edit of
either side cannot drift unseen. Map tiles hex by hex (4.3), ruins tokens (4.5), city
garrisons (4.6), the Units' level, cost, Armor, resistances, sites, copies and set (3.4), the
level track (1.3), the reputation table (5.6) and the terrain costs by Day and Night (4.1).
Where the facts flag a disagreement of sources, the choice recorded in
docs/mage-knight/rules-choices.md is what the data must hold.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardrules.games.mage_knight.content import default_content
from boardrules.games.mage_knight.map.movement import TERRAIN_COST
from boardrules.games.mage_knight.map_content import POSITIONS
from boardrules.games.mage_knight.sites.reputation import INFLUENCE_MODIFIER

FACTS = Path(__file__).resolve().parents[3] / "shared" / "facts" / "mage-knight-content.md"
if not FACTS.exists():
    FACTS = Path("/work/shared/facts/mage-knight-content.md")
pytestmark = pytest.mark.skipif(not FACTS.exists(), reason="the shared facts file is not present")

FOOTNOTES = "¹²³⁴⁵⁶⁷"


def _table(after: str) -> list[list[str]]:
    """The rows (cells stripped, header and rule lines dropped) of the first table after the
    line containing ``after``."""
    lines = FACTS.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if after in line)
    rows: list[list[str]] = []
    for line in lines[start if lines[start].startswith("|") else start + 1:]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip().strip("|").split("|")])
        elif rows:
            break
    assert len(rows) > 2, f"no table after {after!r} in {FACTS}"
    return rows[2:]


def _plain(cell: str) -> str:
    return cell.translate({ord(c): None for c in FOOTNOTES}).strip()


def _slug(words: str) -> str:
    return words.strip().lower().replace(" ", "-")


# ---- 4.3 tiles ---------------------------------------------------------------------------

SITE_WORDS = {"glade": "glade", "mine": "mine", "deep-mine": "deep-mine", "portal": "portal"}


def _hex(cell: str) -> tuple[str, str | None, tuple[str, ...]]:
    """'Hills+Mine(green)' -> ('hills', 'mine', ('green',)); 'water' is a lake (rules-choices
    "Starting tile water")."""
    cell = _plain(cell)
    terrain, _, site = cell.partition("+")
    terrain = "lake" if terrain == "water" else terrain.lower()
    if not site:
        return terrain, None, ()
    m = re.fullmatch(r"([A-Za-z ]+?)(?:\(([^)]*)\))?", site)
    assert m, cell
    name, colours = _slug(m.group(1)), m.group(2)
    mine: tuple[str, ...] = ()
    if colours == "all 4":
        mine = ("red", "blue", "green", "white")
    elif colours:
        mine = tuple(colours.split("/"))
    return terrain, SITE_WORDS.get(name, name), mine


def _tile_rows() -> dict[str, list[tuple[str, str | None, tuple[str, ...]]]]:
    out = {}
    for row in _table("**Starting tile (base, two-sided"):
        out[f"starting-{row[0][0].lower()}"] = [_hex(c) for c in row[1:8]]
    for row in _table("**Countryside tiles (green back)**"):
        out[f"countryside-{row[0]}"] = [_hex(c) for c in row[2:9]]
    for row in _table("**Core tiles, non-city (brown back)**"):
        out[f"core-{row[0]}"] = [_hex(c) for c in row[2:9]]
    return out


def _tile_id(t, kind: str, number: int) -> str:  # type: ignore[no-untyped-def]
    return next(x.id for x in t.tiles if x.kind == kind and x.number == number)


def test_tiles_every_tile_hex_by_hex_as_in_the_facts() -> None:
    """Facts 4.3: every starting, countryside and non-city core tile, each of its seven spaces'
    terrain, site and mine colours (in the facts' column order C, NE, E, SE, SW, W, NW)."""
    t = default_content()
    wrong = []
    rows = _tile_rows()
    assert len(rows) == 2 + 14 + 6
    for key, want in rows.items():
        kind, _, number = key.partition("-")
        tid = key if kind == "starting" else _tile_id(t, kind, int(number))
        got = [(h.terrain, h.site, tuple(h.mine)) for h in t.tile[tid].hexes]
        for pos, g, w in zip(POSITIONS, got, want, strict=True):
            if (g[0], g[1], sorted(g[2])) != (w[0], w[1], sorted(w[2])):
                wrong.append(f"{tid} {pos}: data {g}, facts {w}")
    assert not wrong, "\n".join(wrong)


def test_tiles_city_tiles_sites_around_the_city_as_in_the_facts() -> None:
    """Facts 4.3 "Core tiles with a city": the city's colour and the six spaces around it (the
    centre's printed terrain differs by source and costs 2 anyway)."""
    t = default_content()
    wrong = []
    rows = _table("**Core tiles with a city (brown back")
    assert len(rows) == 4
    for row in rows:
        tid = _tile_id(t, "core", int(row[0]))
        tile = t.tile[tid]
        if tile.city != row[1].lower() or tile.hexes[0].site != "city":
            wrong.append(f"{tid}: city {tile.city}, facts {row[1]}")
        for pos, h, cell in zip(POSITIONS[1:], tile.hexes[1:], row[3:9], strict=True):
            w = _hex(cell)
            if (h.terrain, h.site, sorted(h.mine)) != (w[0], w[1], sorted(w[2])):
                wrong.append(f"{tid} {pos}: data {(h.terrain, h.site, h.mine)}, facts {w}")
    assert not wrong, "\n".join(wrong)


def test_tiles_sets_and_counts_base_and_lost_legion() -> None:
    """Facts 4.3 "Base tile counts": 11 countryside, 4 non-city core, 4 city core (+1 starting
    tile, two-sided); LL +3 countryside, +2 core."""
    t = default_content()
    count = {(x.kind, x.set, x.city is not None): 0 for x in t.tiles}
    for x in t.tiles:
        count[(x.kind, x.set, x.city is not None)] += 1
    assert count == {("starting", "base", False): 2, ("countryside", "base", False): 11,
                     ("core", "base", False): 4, ("core", "base", True): 4,
                     ("countryside", "LL", False): 3, ("core", "LL", False): 2}


# ---- 4.5 ruins, 4.6 cities ---------------------------------------------------------------

REWARD_WORDS = {"1 Unit": ("unit",), "1 Artifact": ("artifact",), "1 Spell": ("spell",), "2 Artifacts": ("artifact", "artifact"),
                "1 Advanced Action": ("advanced-action",), "4 crystals": ("crystals-all",)}


def _reward(cell: str) -> list[str]:
    out: list[str] = []
    for part in _plain(cell).split(" + "):
        key = next(k for k in REWARD_WORDS if part.startswith(k))
        out += REWARD_WORDS[key]
    return sorted(out)


def test_ruins_tokens_every_token_as_in_the_facts() -> None:
    """Facts 4.5: each yellow token's set, kind, altar mana and Fame, enemies (the piles) and
    reward; the grey + violet token (the scan, not RS's green + violet) and "4 crystals" as one
    of each colour (rules-choices)."""
    t = default_content()
    rows = _table("| # | Set | Type | Requirement / enemies | Reward |")
    assert len(rows) == len(t.ruins) == 15
    want = []
    for row in rows:
        kind = row[2]
        if kind == "altar":
            m = re.fullmatch(r"3 (\w+) mana", row[3])
            mana = [m.group(1)] * 3 if m else ["red", "blue", "green", "white"]
            fame = int(row[4].split()[0])
            want.append((_plain(row[1]), kind, tuple(sorted(mana)), fame, (), ()))
        else:
            piles = tuple(sorted(x.replace("gray", "grey") for x in row[3].split(" + ")))
            want.append((_plain(row[1]), kind, (), 0, piles, tuple(_reward(row[4]))))
    got = [(r.set, r.kind, tuple(sorted(r.mana)), r.fame, tuple(sorted(r.enemies)), tuple(sorted(r.reward)))
           for r in t.ruins]
    assert sorted(got) == sorted(want)


def test_city_garrisons_every_colour_and_level_as_in_the_facts() -> None:
    """Facts 4.6: the piles each city colour draws its garrison from at each level 1-11."""
    t = default_content()
    piles = {"G": "grey", "V": "violet", "B": "brown", "W": "white"}
    rows = _table("| Lvl | White city | Blue city | Green city | Red city |")
    assert len(rows) == 11
    wrong = []
    for row in rows:
        level = int(row[0])
        for city, cell in zip(("white", "blue", "green", "red"), row[1:5], strict=True):
            want = sorted(piles[x] for x in cell.split())
            got = sorted(t.garrison[(city, level)].garrison)
            if got != want:
                wrong.append(f"{city} {level}: data {got}, facts {want}")
    assert not wrong, "\n".join(wrong)


# ---- 3.4 units --------------------------------------------------------------------------

UNIT_SITES = {"V": "village", "M": "monastery", "K": "keep", "T": "mage-tower", "C": "city", "G": "glade"}
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4}
# Where the facts give two values, the one rules-choices.md records ("Source disagreements on Units")
UNIT_CHOICES = {"fire-mages": {"armor": 3}}


def _unit_id(t, name: str) -> str:  # type: ignore[no-untyped-def]
    m = re.fullmatch(r"Hero \((\w+)\)", name)
    if m:
        return next(u.id for u in t.units if u.name.lower().startswith("hero") and m.group(1) in u.id)
    return next(u.id for u in t.units if u.name == name)


def test_units_level_cost_armor_resistances_sites_copies_and_set_of_all_thirty() -> None:
    """Facts 3.4: each Unit's set, level, cost, Armor, resistances, recruiting sites and copies;
    regular Units are levels I-II, elite III-IV."""
    t = default_content()
    rows = _table("**Regular**") + _table("**Elite**")
    assert len(rows) == len(t.units) == 30
    wrong = []
    for row in rows:
        uid = _unit_id(t, row[0])
        u = t.unit[uid]
        armor = int(re.match(r"\d+", row[4]).group())  # type: ignore[union-attr]
        resist = row[5].split("(")[0].strip()
        want = {
            "set": row[1], "level": ROMAN[row[2]], "cost": int(row[3]), "armor": armor,
            "resistances": sorted(x.strip().lower() for x in resist.split(",") if x.strip() not in ("–", "-", "")),
            "sites": sorted(UNIT_SITES[x.strip()] for x in row[6].split(",")), "copies": int(row[7]),
        }
        want.update(UNIT_CHOICES.get(uid, {}))
        got = {"set": u.set, "level": u.level, "cost": u.cost, "armor": u.armor,
               "resistances": sorted(u.resistances), "sites": sorted(u.sites), "copies": u.copies}
        for k in want:
            if got[k] != want[k]:
                wrong.append(f"{uid} {k}: data {got[k]}, facts {want[k]}")
        if u.elite != (u.level >= 3):
            wrong.append(f"{uid}: elite {u.elite} at level {u.level}")
    assert not wrong, "\n".join(wrong)


# ---- 1.3 level track, 5.6 reputation, 4.1 terrain ---------------------------------------

def test_level_track_every_level_as_in_the_facts() -> None:
    """Facts 1.3: the Fame each level starts at, Armor, Hand limit and Command tokens."""
    t = default_content()
    rows = _table("| Level | Fame range | Armor | Hand limit | Command tokens |")
    assert len(rows) == len(t.levels) == 10
    for row, lv in zip(rows, t.levels, strict=True):
        assert (lv.level, lv.fame, lv.armor, lv.hand_limit, lv.command) == (
            int(row[0]), int(row[1].split("–")[0]), int(row[2]), int(row[3]), int(row[4])), row
        assert t.level_of(int(row[1].split("–")[1])).level == lv.level


def test_reputation_table_influence_modifier_of_every_space() -> None:
    """Facts 5.6: the Reputation track -7..+7 and its Influence modifier (X: no interaction)."""
    rows = FACTS.read_text(encoding="utf-8").splitlines()
    i = next(n for n, line in enumerate(rows) if line.startswith("| Reputation | −7"))
    spaces = [int(x.replace("−", "-")) for x in rows[i].strip("|").split("|")[1:]]
    mods = [x.strip() for x in rows[i + 2].strip("|").split("|")[1:]]
    want = {r: (None if m.startswith("X") else int(m.replace("−", "-"))) for r, m in zip(spaces, mods, strict=True)}
    assert want == INFLUENCE_MODIFIER


def test_terrain_costs_by_day_and_night_as_in_the_facts() -> None:
    """Facts 4.1: each terrain's Move cost by Day and Night (lake, mountain impassable)."""
    rows = _table("| Terrain | Day | Night | Notes |")
    want = {}
    for row in rows:
        name = row[0].lower()
        if name in TERRAIN_COST:
            want[name] = tuple(None if x == "–" else int(x) for x in row[1:3])
    assert want == TERRAIN_COST
