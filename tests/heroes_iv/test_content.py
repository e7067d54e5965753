"""Heroes IV content: the values the facts give are in the data (alignments and Towns, hero
classes, the few printed card values, impassable terrain, set-up numbers), every entry says
where its values come from, and a broken file fails with the file, the entry and the field
named."""

from __future__ import annotations

import ast
import shutil
from collections import Counter
from pathlib import Path

import pytest
from content_copies import broken_copy

from boardrules.engine import ContentError
from boardrules.games.heroes_iv.content import CONTENT_DIR, default_content, load_content


def test_six_alignments_each_with_its_town() -> None:
    c = default_content()
    towns = {a.id: a.town for a in c.alignments}
    assert towns == {"life": "haven", "death": "necropolis", "order": "academy", "chaos": "asylum",
                     "nature": "preserve", "might": "stronghold"}
    assert all(t.defense == 10 for t in c.towns)  # rules18: a Town card has Defense 10 in a siege


def test_eleven_hero_classes_and_heroes_cost_three_cards() -> None:
    c = default_content()
    assert sorted(h.hero_class for h in c.heroes) == sorted(
        ["Knight", "Priest", "Death Knight", "Necromancer", "Lord", "Mage", "Thief", "Sorcerer", "Archer",
         "Druid", "Barbarian"])
    assert all(h.cost == 3 for h in c.heroes)


def test_units_of_levels_one_to_four_in_every_alignment() -> None:
    c = default_content()
    for a in c.alignments:
        levels = Counter(u.level for u in c.units if u.alignment == a.id)
        assert sorted(levels) == [1, 2, 3, 4], a.id


def test_the_printed_values_the_facts_give() -> None:
    c = default_content()
    golem, behemoth = c.card("gold-golem"), c.card("behemoth")
    assert (golem.level, golem.attack, golem.phase) == (2, 3, 7)  # type: ignore[union-attr]
    assert behemoth.defense == 13  # type: ignore[union-attr]
    assert c.card("halfling").ranged > 0  # type: ignore[union-attr]
    assert "ignores-distance-penalty" in c.card("crossbowman").abilities  # type: ignore[union-attr]
    assert c.card("cerberus").targets == 2 and c.card("hydra").targets == 3  # type: ignore[union-attr]
    assert c.card("hydra").requires == "alchemists-lab" and c.card("titan").requires == "gem-mine"  # type: ignore[union-attr]


def test_impassable_terrain_as_the_facts_list_it() -> None:
    c = default_content()
    assert {t.id for t in c.terrain if t.impassable} == {"water", "mountains", "volcano", "lava"}


def test_setup_values_from_the_facts() -> None:
    r = default_content().rules
    assert (r.max_army_stacks, r.hand, r.adventure_stack, r.guard_flips) == (4, 3, 5, 3)
    assert r.start_units == (3, 2, 1, 0)


def test_every_entry_says_where_its_values_come_from() -> None:
    c = default_content()
    groups = (c.terrain, c.alignments, c.heroes, c.units, c.towns, c.locations, c.artifacts, c.decks, c.sections)
    for group in groups:
        for entry in group:
            assert entry.source.startswith(("facts", "ours")), entry
    assert set(c.rules.sources) >= {"scouting_radius", "max_army_stacks"}


def test_every_section_has_undefined_town_dwelling_and_location_spaces() -> None:
    for s in default_content().sections:
        kinds = Counter(sp.kind for sp in s.spaces)
        assert kinds["town"] == 1 and kinds["dwelling"] >= 1 and kinds["location"] >= 1, s.id


def _broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    return broken_copy(CONTENT_DIR, tmp_path, file, old, new)


@pytest.mark.parametrize(("file", "old", "new", "entry", "field", "words"), [
    ("units.toml", 'name = "Gold Golem"\nalignment = "order"\nlevel = 2\nattack = 3', 'name = "Gold Golem"\nalignment = "order"\nlevel = 2\nattack = "three"',
     "gold-golem", "attack", "integer"),
    ("units.toml", 'id = "gold-golem"', 'id = "gold golem"', "gold golem", "id", "cannot be typed"),
    ("units.toml", 'alignment = "order"', 'alignment = "neutral"', "dwarf", "alignment", "no such alignment"),
    ("units.toml", 'requires = "gem-mine"', 'requires = "windmill"', "titan", "requires", "not a mine"),
    ("units.toml", "level = 1", "level = 5", "squire", "level", "less than or equal to 4"),
    # a battle takes scores of two digits: a card past them loaded, then stopped the first battle
    ("units.toml", "phase = 5\nspeed = 3\ncost = 1\nsource = \"ours: level", "phase = 5\nspeed = 1000\ncost = 1\n"
     "source = \"ours: level", "squire", "speed", "less than or equal to 99"),
    ("units.toml", "attack = 2\ndefense = 6\nranged = 0\nphase = 5\nspeed = 3\ncost = 1\nsource = \"ours: level",
     "attack = 100\ndefense = 6\nranged = 0\nphase = 5\nspeed = 3\ncost = 1\nsource = \"ours: level", "squire",
     "attack", "less than or equal to 99"),
    ("units.toml", 'source = "ours: level', 'source = "level', "squire", "source", "must start with"),
    ("units.toml", 'id = "squire"', 'id = "knight"', "knight", "id", "already used in heroes.toml"),
    ("decks.toml", '{ card = "haven", copies = 2 }', '{ card = "havn", copies = 2 }', "life", "cards", "no card 'havn'"),
    ("decks.toml", '{ card = "squire", copies = 5 }', '{ card = "skeleton", copies = 5 }', "life", "cards",
     "is a death card"),
    ("decks.toml", '{ card = "knight", copies = 1 }', '{ card = "knight", copies = 2 }', "life", "cards", "one character"),
    ("sections.toml", '"g g f", "g d g f"', '"g g f", "g d g"', "green-vale", "rows", "row 1 must hold 4"),
    ("sections.toml", '"g g f", "g d g f"', '"g g f", "g d x f"', "green-vale", "rows", "unknown terrain letter 'x'"),
    ("sections.toml", '{ at = "2,2", kind = "town" }, { at = "0,0"', '{ at = "2,0", kind = "town" }, { at = "0,0"',
     "green-vale", "spaces", "impassable"),
    ("sections.toml", 'at = "2,2", kind = "town" }, { at = "0,0"', 'at = "2,2", kind = "castle" }, { at = "0,0"',
     "green-vale", "spaces.0.kind", "Input should be"),
    ("rules.toml", "scouting_radius = 2", "scouting_radius = -1", "rules", "scouting_radius", "greater than"),
    # values the supply cannot meet: every set-up would fail (set-up draws 8 cards past the starting forces)
    ("rules.toml", "adventure_stack = 5", "adventure_stack = 100", "rules", "adventure_stack",
     "cannot be drawn from a deck of 40"),
    ("rules.toml", "hand = 3", "hand = 100", "rules", "hand", "cannot be drawn from a deck of 40"),
    ("rules.toml", "start_units = [3, 2, 1, 0]", "start_units = [3, 2, 1, 27]", "rules", "adventure_stack",
     "less the 35 cards of the starting forces: at most 5"),
    ("rules.toml", "start_units = [3, 2, 1, 0]", "start_units = [3, 2, 1, 40]", "rules", "start_units",
     "are 48 cards, more than a deck of 40"),
    ("rules.toml", "start_units = [3, 2, 1, 0]", "start_units = [-1, 2, 1, 0]", "rules", "start_units.0",
     "greater than or equal to 0"),
    ("rules.toml", 'scouting_radius = "ours', 'radius = "ours', "rules", "", "where 'scouting_radius' comes from"),
])
def test_broken_file_names_file_entry_and_field(tmp_path: Path, file: str, old: str, new: str, entry: str,
                                                field: str, words: str) -> None:
    d = _broken(tmp_path, file, old, new)
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.entry) == (file, entry), str(info.value)
    if field:
        assert info.value.field == field, str(info.value)
    assert words in str(info.value)


def test_broken_file_not_toml(tmp_path: Path) -> None:
    d = _broken(tmp_path, "terrain.toml", "terrain = [", "terrain = [[")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "terrain.toml" and "not valid TOML" in str(info.value)


def test_broken_file_missing(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    (d / "decks.toml").unlink()
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "decks.toml" and "missing" in str(info.value)


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
