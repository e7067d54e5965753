"""Mage Knight content: every enemy token of facts 4.4 and every Unit of facts 3.4, as data;
broken files fail at load naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mk_positions import broken_content, check_broken_content

from boardrules.engine import ContentError
from boardrules.games.mage_knight.content import CONTENT_DIR, PILE_SIZES, load_content


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return load_content()


def test_every_enemy_token_by_colour(content) -> None:  # type: ignore[no-untyped-def]
    """Facts 4.4: 72 token types; piles green 40, grey 15, brown 32, violet 14, white 20, red 22."""
    assert len(content.enemies) == 72
    for colour, n in PILE_SIZES.items():
        assert len(content.pile(colour)) == n
    assert PILE_SIZES == {"green": 40, "grey": 15, "brown": 32, "violet": 14, "white": 20, "red": 22}


def test_base_set_piles_match_the_2011_box(content) -> None:  # type: ignore[no-untyped-def]
    """Facts 4.4: the original base set has orcs 12, keep 10, dungeon 10, mage tower 10,
    draconum 8, city 10."""
    base = frozenset({"base"})
    assert [len(content.pile(c, base)) for c in ("green", "grey", "brown", "violet", "red", "white")] == [
        12, 10, 10, 10, 8, 10]


def test_enemy_values_as_in_the_facts(content) -> None:  # type: ignore[no-untyped-def]
    e = content.enemy
    assert [(a.value, a.element) for a in e["elemental-priests"].attacks] == [(3, "fire"), (3, "ice")]
    assert e["orc-tracker"].elusive_armor == 6 and "assassination" in e["orc-tracker"].abilities
    assert e["elven-protectors"].defend == 2 and e["crystal-sprites"].defend == 1
    assert [a.summon for a in e["dragon-summoner"].attacks] == ["brown", "brown"]
    assert e["shrouded-necromancers"].attacks[0].summon == "green"
    assert e["heroes"].reputation_on_defeat == -1 and e["grey-thugs"].reputation_on_defeat == 1
    assert e["grey-thugs"].name == e["white-thugs"].name == "Thugs"
    assert e["grey-shocktroops"].name == e["white-shocktroops"].name == "Shocktroops"


def test_source_disagreements_resolved_as_recorded(content) -> None:  # type: ignore[no-untyped-def]
    """docs/mage-knight/rules-choices.md: Ultimate Edition values throughout."""
    e, u = content.enemy, content.unit
    assert "paralyze" in e["swamp-dragon"].abilities and "poison" not in e["swamp-dragon"].abilities
    assert e["altem-guardsmen"].attacks[0].value == 5
    assert "fortified" not in e["altem-mages"].abilities
    assert e["ironclads"].resistances == ("physical",)
    assert u["fire-mages"].armor == 3
    assert u["amotep-gunners"].resistances == () and u["amotep-freezers"].resistances == ()


def test_all_thirty_units(content) -> None:  # type: ignore[no-untyped-def]
    """Facts 3.4: 15 regular and 15 elite Units, 20 types in the base set."""
    assert len(content.units) == 30
    assert sum(u.elite for u in content.units) == 15
    assert sum(u.set == "base" for u in content.units) == 20
    g = content.unit["utem-guardsmen"]
    assert (g.level, g.cost, g.armor, g.sites, g.copies) == (2, 5, 5, ("village", "keep"), 2)
    block = next(a for a in g.abilities if a.key == "block")
    assert block.effects[0].swift_double
    assert next(a for a in content.unit["guardian-golems"].abilities if a.key == "fire-block").mana == ("red",)
    assert content.unit["delphana-masters"].resistances == ("physical", "fire", "ice")



@pytest.mark.parametrize(("file", "old", "new", "entry", "field", "words"), [
    ("enemies.toml", 'id = "wolf-riders"', 'id = "wolf riders"', "wolf riders", "id", "cannot be typed"),
    ("enemies.toml", 'id = "prowlers"', 'id = ""', "#2", "id", "cannot be typed"),
    ("enemies.toml", 'id = "diggers"', 'id = "diggérs"', "diggérs", "id", "cannot be typed"),
    ("enemies.toml", "armor = 4, elusive_armor = 8, fame = 3", "armor = 4, fame = 3", "cloud-griffons", "",
     "elusive_armor"),
    ("enemies.toml", 'element = "cold-fire" }], armor = 5, fame = 3', 'element = "frost" }], armor = 5, fame = 3',
     "corrupted-priests", "attacks.0.element", "Input should be"),
    ("enemies.toml", '{ summon = "brown" }], armor = 4', '{ summon = "brown", value = 2 }], armor = 4',
     "orc-summoners", "attacks.0", "summon attack has no value"),
    ("enemies.toml", "count = 3, attacks = [{ value = 4 }], armor = 4, fame = 3, abilities = [\"swift\"]",
     "count = 3, attacks = [{ value = 4 }], armor = 4, fame = 3, abilities = [\"quick\"]", "crossbowmen",
     "abilities.0", "Input should be"),
    ("enemies.toml", 'id = "swordsmen"', 'id = "guardsmen"', "guardsmen", "id", "used twice"),
    ("units.toml", 'id = "peasants"', 'id = "peasants!"', "peasants!", "id", "cannot be typed"),
    ("units.toml", '{ key = "ranged", effects = [{ type = "ranged", value = 2 }] }',
     '{ key = "ranged", effects = [{ type = "ranged" }] }', "utem-crossbowmen", "abilities.2.effects.0",
     "value of at least 1"),
    ("units.toml", 'mana = ["red"], effects = [{ type = "block", value = 4, element = "fire" }]',
     'mana = ["pink"], effects = [{ type = "block", value = 4, element = "fire" }]', "guardian-golems",
     "abilities.2.mana.0", "Input should be"),
    ("units.toml", "level = 3\ncost = 8\narmor = 4\nresistances = [\"physical\", \"fire\"]",
     "level = 2\ncost = 8\narmor = 4\nresistances = [\"physical\", \"fire\"]", "fire-golems", "",
     "elite Units are levels III-IV"),
    ("units.toml", '{ key = "ranged", effects = [{ type = "ranged", value = 2 }] }',
     '{ key = "attack", effects = [{ type = "ranged", value = 2 }] }', "utem-crossbowmen", "", "share a key"),
])
def test_broken_content_names_file_entry_and_field(tmp_path: Path, file: str, old: str, new: str, entry: str,
                                                   field: str, words: str) -> None:
    check_broken_content(tmp_path, file, old, new, entry, field, words)


def test_missing_or_malformed_file(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    (d / "units.toml").unlink()
    with pytest.raises(ContentError, match="units.toml.*missing"):
        load_content(d)
    (d / "units.toml").write_text("[[unit]\n")
    with pytest.raises(ContentError, match="units.toml.*not valid TOML"):
        load_content(d)


def test_pile_sizes_checked(tmp_path: Path) -> None:
    d = broken_content(tmp_path, "enemies.toml", 'set = "base", count = 2, attacks = [{ value = 4 }], armor = 3, fame = 2',
                'set = "base", count = 3, attacks = [{ value = 4 }], armor = 3, fame = 2')
    with pytest.raises(ContentError, match="expected 40 green tokens, found 41"):
        load_content(d)
