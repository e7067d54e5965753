"""The catalogue of Meeples & Monsters (catalogue.py): every meeple kind, Hero card, Location,
slot bonus, Monster, Dark Council Bonus token, Quest, Tower Room and the Dark Council Arrives
card, with the numbers read from the content files; the meeple kinds' texts are in
components.toml, checked when it is loaded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from random_play import check_catalogue

from boardrules.engine import ContentError, LookupRefused
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.content import CONTENT_DIR, load_content

GAME = MeeplesAndMonsters()


def entry(kind: str, ident: str) -> tuple[str, tuple[tuple[str, str], ...], str]:
    e = GAME.catalogue().get(ident, kind)
    assert e is not None, f"no {kind} {ident}"
    return e.name, e.numbers, e.text


def test_every_kind_of_content_is_catalogued() -> None:
    cat = check_catalogue(GAME)
    c = GAME.t.content
    counts = {k: sum(1 for e in cat if e.kind == k) for k in cat.kinds()}
    assert counts == {
        "meeple": 9, "hero": sum(len(h.levels) for h in c.heroes), "location": len(c.locations), "slot": 8,
        "monster": len(c.monsters), "token": 6, "quest": 44, "room": 20, "card": 1,
    }
    assert GAME.catalogue() is GAME.catalogue()  # built once


def test_a_monster_with_its_strength_vp_level_type_and_district() -> None:
    """The rulebook's Tree Beast has strength 5 (the Knight example)."""
    name, numbers, _ = entry("monster", "tree-beast")
    assert name == "Tree Beast"
    assert numbers == (("Strength", "5"), ("VP", "2"), ("Level", "2"), ("Type", "beast"), ("District", "Villages"))
    _, numbers, text = entry("monster", "the-hollow-king")
    assert ("Dark Council", "Dark Overlord") in numbers and text.startswith("Dark Overlord.")
    assert entry("monster", "goblin-raider")[2].startswith("When defeated: gain 1 Peasant")


def test_hero_cards_with_combat_value_cost_and_abilities() -> None:
    assert entry("hero", "knight-1") == ("Knight level 1", (("Combat", "3"),), "Printed on the Player board.")
    name, numbers, text = entry("hero", "mage-3")
    assert name == "Mage level 3" and numbers == (("Combat", "2"), ("Cost", "5 VP"))
    assert "draw 2 Quests, then discard 1 Quest" in text and "to gain 2 VP" in text
    assert entry("hero", "ranger-2")[2].startswith("Prestige level 2, never leveled up. A Prestige Unit")


def test_meeples_capitol_locations_slots_tokens_quests_rooms() -> None:
    assert entry("meeple", "ranger")[1] == (("Combat", "3"), ("Prestige level", "2"))
    assert entry("meeple", "corruption")[1] == () and "not a Unit" in entry("meeple", "corruption")[2]
    name, numbers, text = entry("location", "guild-hall")
    assert numbers == (("District", "Capitol"),)
    assert text.startswith("1) peasant → +1 peasant; 2) 2 peasant → construct a Location.")
    assert entry("location", "spirit-well")[1] == (("District", "Cathedral"), ("Comes with", "3 shaman"))
    assert entry("slot", "castle-3")[:2] == ("Castle slot 3", ())
    assert entry("token", "council-3-3") == (
        "Dark Council Bonus 3-3", (("VP", "6"), ("Unit types", "3"), ("Hero level", "3+")),
        "Under a Dark Overlord: +6 VP if 3 Unit types at Hero level 3+ among the Units you assign to it.")
    assert entry("quest", "chivalry")[1] == (("Type", "End of Game"), ("VP", "4"), ("Penalty", "2"))
    assert entry("room", "dusty-stairwell")[2] == "Tower Room (The Four Towers): peasant → +1 VP. Sweep the steps: gain 1 VP."
    assert "final turns" in entry("card", "dark-council-arrives")[2]


def test_lookup_by_kind_and_closest_names() -> None:
    cat = GAME.catalogue()
    assert [e.kind for e in cat.find("meeple:knight")] == ["meeple"]
    with pytest.raises(LookupRefused, match="the closest: Tree Beast"):
        cat.find("tree baest")


def test_components_file_needs_every_meeple_kind(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    text = (d / "components.toml").read_text(encoding="utf-8")
    start = text.index('[[meeple]]\nid = "shaman"')
    end = text.index("[[meeple]]", start + 1)
    (d / "components.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(ContentError, match="components.toml.*one entry for each meeple kind"):
        load_content(d)
    (d / "components.toml").write_text(text.replace('name = "Shaman"', 'name = ""'), encoding="utf-8")
    with pytest.raises(ContentError, match="components.toml"):
        load_content(d)
