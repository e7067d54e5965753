"""The catalogue of Heroes IV (catalogue.py): every Hero, Unit, Town, Location and Artifact card
with its printed numbers, the abilities, the terrain and the alignments; a card's rules text is
its type's and its abilities' from glossary.toml, checked when it is loaded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from random_play import check_catalogue

from boardrules.engine import ContentError
from boardrules.games.heroes_iv import HeroesIV
from boardrules.games.heroes_iv.content import CONTENT_DIR, load_content

GAME = HeroesIV()


def entry(kind: str, ident: str) -> tuple[str, tuple[tuple[str, str], ...], str]:
    e = GAME.catalogue().get(ident, kind)
    assert e is not None, f"no {kind} {ident}"
    return e.name, e.numbers, e.text


def test_every_card_ability_terrain_and_alignment_is_catalogued() -> None:
    cat = check_catalogue(GAME)
    c = GAME.c
    counts = {k: sum(1 for e in cat if e.kind == k) for k in cat.kinds()}
    assert counts == {"hero": len(c.heroes), "unit": len(c.units), "town": 6, "location": len(c.locations),
                      "artifact": len(c.artifacts), "ability": 2, "terrain": len(c.terrain), "alignment": 6}
    assert GAME.catalogue() is GAME.catalogue()


def test_units_with_cost_attack_defense_speed_and_abilities() -> None:
    name, numbers, text = entry("unit", "cerberus")
    assert name == "Cerberus"
    assert numbers == (("Alignment", "Death"), ("Level", "2"), ("Cost", "2 cards"), ("Attack", "3"), ("Defense", "8"),
                       ("Speed", "3"), ("Phase", "7"), ("Targets", "2"))
    assert text.endswith("Multi-target: one attack hits up to 2 enemy stacks, one card of each.")
    assert "without the -2 to the die" in entry("unit", "crossbowman")[2]
    assert entry("unit", "titan")[2].endswith("Only a player who controls a Gem Mine can buy it.")
    assert ("Ranged", "3") in entry("unit", "mage")[1]


def test_two_cards_named_mage_are_both_found_and_told_apart() -> None:
    found = GAME.catalogue().find("Mage")
    assert [(e.kind, e.id) for e in found] == [("hero", "mage-hero"), ("unit", "mage")]
    assert found[0].lines()[0] == "Mage (hero, mage-hero)"


def test_towns_locations_artifacts_terrain_alignments() -> None:
    assert entry("town", "haven")[1] == (("Alignment", "Life"), ("Defense", "10"), ("Income", "1 card"))
    assert entry("location", "gem-mine")[2].endswith("Needed to buy: Titan.")
    assert entry("artifact", "crown-of-might")[1] == (("Attack", "+1"), ("Defense", "+1"))
    assert entry("terrain", "swamp")[1] == (("Map letter", "s"), ("Movement cost", "3"))
    assert entry("terrain", "lava")[2].startswith("Impassable")
    assert entry("alignment", "might")[2].startswith("Its Town: Stronghold. Its Heroes: Barbarian.")


def test_the_glossary_needs_a_text_for_every_ability(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    text = (d / "glossary.toml").read_text(encoding="utf-8")
    start = text.index('[[ability]]\nid = "flight"')
    end = text.index("[[ability]]", start + 1)
    (d / "glossary.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(ContentError, match="glossary.toml.*ability.*flight"):
        load_content(d)
