"""The map content (facts 4.3-4.6): tiles hex by hex, ruins tokens, city garrisons; broken
files name the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_copies import broken_copy
from mk_positions import hand_tile, tables
from pydantic import ValidationError

from boardrules.engine import ContentError
from boardrules.games.mage_knight.content import CONTENT_DIR, load_content


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(CONTENT_DIR, tmp_path, file, old, new)


def test_tiles_every_base_and_lost_legion_tile() -> None:
    t = tables()
    kinds = [(x.kind, x.set, x.city is not None) for x in t.tiles]
    assert kinds.count(("starting", "base", False)) == 2  # the two sides of the starting tile
    assert kinds.count(("countryside", "base", False)) == 11 and kinds.count(("countryside", "LL", False)) == 3
    assert kinds.count(("core", "base", False)) == 4 and kinds.count(("core", "base", True)) == 4
    assert kinds.count(("core", "LL", False)) == 2


def test_tiles_hex_by_hex_samples_from_the_facts() -> None:
    t = tables()
    c2 = t.tile["countryside-2"].hexes
    assert (c2[4].terrain, c2[4].site, c2[4].mine) == ("hills", "mine", ("green",))
    c7 = t.tile["countryside-7"].hexes
    assert c7[3].site == "dungeon"  # YAV, LOR and AP: a dungeon (RS: a tomb)
    assert t.tile["countryside-13"].hexes[3].mine == ("green", "blue")
    assert t.tile["core-10"].hexes[6].mine == ("red", "blue", "green", "white")
    assert t.tile["core-8"].city == "red" and t.tile["core-8"].hexes[0].site == "city"
    assert all(not x.walls for x in t.tiles)  # the printed tiles have no walls


def test_tiles_walls_are_data_on_the_sides_of_spaces() -> None:
    tile = hand_tile("walled", "plains " * 7, walls=(("C", "E"), ("NE", "SW")))
    assert [(w.at, w.side) for w in tile.walls] == [("C", "E"), ("NE", "SW")]
    with pytest.raises(ValidationError):
        hand_tile("walled", "plains " * 7, walls=(("C", "N"),))


def test_ruins_tokens_altars_and_enemies() -> None:
    t = tables()
    assert len(t.ruins) == 15
    assert t.ruins_token["grey-violet"].reward == ("unit",)  # the token scan: grey, not green
    assert t.ruins_token["green-green"].reward == ("crystals-all",)
    assert t.ruins_token["altar-all"].mana == ("red", "blue", "green", "white")


def test_city_garrisons_every_colour_and_level() -> None:
    t = tables()
    assert t.garrison[("white", 1)].garrison == ("white",)
    assert t.garrison[("green", 9)].garrison == ("grey", "brown", "brown", "brown", "white")
    assert len(t.garrisons) == 44


@pytest.mark.parametrize(("file", "old", "new", "entry", "field", "words"), [
    ("tiles.toml", 'id = "countryside-1"', 'id = "giant tile"', "giant tile", "id", "cannot be typed"),
    ("tiles.toml", '{ at = "C", terrain = "forest", site = "glade" }',
     '{ at = "C", terrain = "jungle", site = "glade" }', "countryside-1", "hexes.0.terrain", "Input should be"),
    ("tiles.toml", '{ at = "SW", terrain = "hills", site = "mine", mine = ["green"] }',
     '{ at = "SW", terrain = "hills", site = "mine" }', "countryside-2", "", "exactly one colour"),
    ("tiles.toml", 'id = "countryside-2"', 'id = "countryside-1"', "countryside-1", "id", "used twice"),
    ("tiles.toml", 'id = "countryside-2"\nkind = "countryside"\nset = "base"\nnumber = 2',
     'id = "countryside-2"\nkind = "countryside"\nset = "base"\nnumber = 1', "countryside-2", "number",
     "another countryside tile has number 1"),
    ("ruins.toml", 'mana = ["red", "red", "red"]\nfame = 7', 'mana = ["red", "red", "red"]\nfame = 0',
     "altar-red", "", "an altar has mana and fame"),
    ("cities.toml", 'city = "white"\nlevel = 1\n', 'city = "white"\nlevel = 12\n', "white", "level",
     "less than or equal to 11"),
])
def test_broken_map_content_names_file_entry_and_field(tmp_path: Path, file: str, old: str, new: str, entry: str,
                                                       field: str, words: str) -> None:
    with pytest.raises(ContentError) as info:
        load_content(_broken(tmp_path, file, old, new))
    err = info.value
    assert (err.file, err.entry) == (file, entry)
    if field:
        assert err.field == field
    assert words in str(err)


def test_broken_map_content_a_missing_city_level(tmp_path: Path) -> None:
    d = _broken(tmp_path, "cities.toml", 'city = "red"\nlevel = 11\n', 'city = "red"\nlevel = 10\n')
    with pytest.raises(ContentError, match="level is given twice"):
        load_content(d)
