"""Small World content: the four maps match the facts (Regions, borders, edge Regions, terrain
and symbol counts, turns), the 14 Races and 20 Powers, and broken files fail with the file,
the entry and the field named; and the package's imports point down (nothing imports game.py
back)."""

from __future__ import annotations

import ast
import shutil
from collections import Counter
from pathlib import Path

import pytest
from content_copies import broken_copy

from boardrules.engine import ContentError
from boardrules.games.small_world.content import CONTENT_DIR, default_content, load_content

# from shared/facts/small-world.md, section 2.6
MAPS = {
    2: dict(regions=23, borders=51, edge=15, turns=10,
            terrain={"sea": 2, "farmland": 4, "forest": 4, "swamp": 4, "hill": 4, "mountain": 4, "lake": 1},
            symbols={"magic": 4, "mine": 4, "cavern": 4, "lost-tribe": 9}),
    3: dict(regions=30, borders=71, edge=16, turns=10,
            terrain={"sea": 2, "forest": 5, "mountain": 7, "farmland": 5, "swamp": 5, "hill": 5, "lake": 1},
            symbols={"mine": 5, "cavern": 5, "lost-tribe": 10, "magic": 5}),
    4: dict(regions=39, borders=95, edge=18, turns=9,
            terrain={"sea": 2, "farmland": 7, "forest": 7, "hill": 7, "swamp": 7, "mountain": 8, "lake": 1},
            symbols={"lost-tribe": 14, "mine": 7, "cavern": 7, "magic": 7}),
    5: dict(regions=48, borders=120, edge=21, turns=8,
            terrain={"sea": 2, "mountain": 9, "swamp": 9, "forest": 9, "farmland": 10, "hill": 8, "lake": 1},
            symbols={"magic": 9, "cavern": 9, "lost-tribe": 18, "mine": 9}),
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_maps_match_the_facts(players: int) -> None:
    m = default_content().maps[players]
    want = MAPS[players]
    assert len(m.region) == want["regions"]
    assert sum(len(r.adjacent) for r in m.region) // 2 == want["borders"]
    assert sum(r.border for r in m.region) == want["edge"]
    assert m.turns == want["turns"] and m.players == players
    assert Counter(r.terrain for r in m.region) == Counter(want["terrain"])
    assert Counter(s for r in m.region for s in r.symbols) == Counter(want["symbols"])


def test_races_and_powers_as_the_facts_list_them() -> None:
    c = default_content()
    races = {r.id: (r.tokens, r.box) for r in c.races}
    assert len(races) == 14 and races["ratmen"] == (8, 13) and races["skeletons"] == (6, 20)
    assert races["sorcerers"] == (5, 18) and races["amazons"] == (6, 15) and races["dwarves"] == (3, 8)
    powers = {p.id: p.tokens for p in c.powers}
    assert len(powers) == 20 and powers["merchant"] == 2 and powers["fortified"] == 3
    assert powers["bivouacking"] == 5 and powers["wealthy"] == 4


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(CONTENT_DIR, tmp_path, file, old, new)


def test_broken_map_one_sided_border(tmp_path: Path) -> None:
    d = _broken(tmp_path, "map-2p.toml", "adjacent = [1, 5] }", "adjacent = [1, 5, 7] }")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "map-2p.toml" and "does not list" in str(info.value)


def test_broken_map_unknown_terrain(tmp_path: Path) -> None:
    d = _broken(tmp_path, "map-3p.toml", 'terrain = "swamp"', 'terrain = "desert"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "map-3p.toml" and "region" in info.value.field and "terrain" in info.value.field


def test_broken_race_entry_names_file_entry_and_field(tmp_path: Path) -> None:
    d = _broken(tmp_path, "races.toml", 'id = "orcs", name = "Orcs", tokens = 5', 'id = "orcs", name = "Orcs", tokens = "five"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.entry, info.value.field) == ("races.toml", "orcs", "tokens")


def test_broken_race_unknown_id(tmp_path: Path) -> None:
    d = _broken(tmp_path, "races.toml", 'id = "orcs"', 'id = "goblins"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.entry == "goblins" and "no rules for a Race" in str(info.value)


@pytest.mark.parametrize("bad", ["giant rat", "\u00e9lves", "orcs!"])
def test_broken_race_id_that_cannot_be_typed_in_an_action(tmp_path: Path, bad: str) -> None:
    d = _broken(tmp_path, "races.toml", 'id = "orcs"', f'id = "{bad}"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.entry, info.value.field) == ("races.toml", bad, "id")
    assert "cannot be typed as a word of an action" in str(info.value)


def test_broken_race_id_empty(tmp_path: Path) -> None:
    d = _broken(tmp_path, "races.toml", 'id = "orcs"', 'id = ""')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.field) == ("races.toml", "id")
    assert "cannot be typed as a word of an action" in str(info.value)


def test_broken_power_id_names_file_entry_and_field(tmp_path: Path) -> None:
    d = _broken(tmp_path, "powers.toml", 'id = "stout"', 'id = "stout heart"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.entry, info.value.field) == ("powers.toml", "stout heart", "id")
    assert "cannot be typed as a word of an action" in str(info.value)


def test_broken_power_missing(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    p = d / "powers.toml"
    p.write_text("\n".join(line for line in p.read_text().splitlines() if '"stout"' not in line))
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert "missing Special Power(s): stout" in str(info.value)


def test_broken_map_file_is_not_toml(tmp_path: Path) -> None:
    d = _broken(tmp_path, "map-4p.toml", "region = [", "region = [[[")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "map-4p.toml" and "not valid TOML" in str(info.value)


def test_no_module_imports_the_game_module_back() -> None:
    package = Path(CONTENT_DIR).parent
    for f in sorted(package.glob("*.py")):
        if f.name in ("game.py", "__init__.py"):
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.level == 1 and node.module == "game"), f"{f.name} imports game.py"
                assert not (node.level == 1 and node.module is None
                            and any(a.name == "game" for a in node.names)), f"{f.name} imports game.py"
