"""The Mage Knight catalogue (catalogue.py: ``info NAME`` at the prompt): every card, Unit, skill,
Tactic, enemy, ability, site, ruins token, hero and level of the content with its numbers and
text, read from the content files; a few known entries with their printed numbers."""

from __future__ import annotations

import pytest
from random_play import check_catalogue

from boardrules.engine import LookupRefused
from boardrules.games.mage_knight.game import MageKnight

GAME = MageKnight()
CAT = check_catalogue(GAME)


def numbers(kind: str, ident: str) -> dict[str, str]:
    e = CAT.get(ident, kind)
    assert e is not None, ident
    return dict(e.numbers)


def test_every_piece_of_the_content_has_an_entry_with_a_text() -> None:
    t = GAME.t
    expected = {"card": len(t.cards), "unit": len(t.units), "skill": len(t.skills), "tactic": len(t.tactics),
                "enemy": len(t.enemies), "ability": len(t.abilities), "site": len(t.sites), "ruins": len(t.ruins),
                "hero": len(t.heroes), "level": len(t.levels)}
    counted = {k: sum(1 for e in CAT if e.kind == k) for k in expected}
    assert counted == expected
    assert GAME.catalogue() is CAT  # built once per game object


def test_a_card_its_kind_colour_and_both_sides() -> None:
    e = CAT.get("ice-bolt", "card")
    assert e is not None and e.name == "Ice Bolt" and e.text == "A blue crystal; powered Ice Ranged Attack 3."
    assert numbers("card", "ice-bolt") == {"Kind": "Advanced Action", "Colour": "blue", "Copies": "1", "Set": "base"}
    assert numbers("card", "fireball")["Strong effect"] == "Firestorm"
    assert numbers("card", "cold-toughness")["Hero"] == "Tovak"


def test_a_unit_its_level_cost_armor_sites_and_abilities() -> None:
    assert numbers("unit", "utem-guardsmen") == {"Level": "II", "Cost": "5", "Armor": "5",
                                                 "Recruited at": "village, keep", "Copies": "2", "Set": "base"}
    e = CAT.get("utem-guardsmen", "unit")
    assert e is not None and e.text == "Attack 2 · Block 4, counts twice against Swift."
    assert numbers("unit", "fire-golems")["Resistances"] == "physical/fire"
    herbalists = CAT.get("herbalists", "unit")
    assert herbalists is not None and herbalists.text.startswith("Heal 2 (green mana) · ")


def test_an_enemy_its_armor_attack_abilities_and_fame_with_what_they_do() -> None:
    assert numbers("enemy", "wolf-riders") == {"Colour": "green", "Armor": "4", "Attack": "3", "Abilities": "Swift",
                                               "Fame": "3", "Tokens": "2", "Set": "base"}
    e = CAT.get("wolf-riders", "enemy")
    assert e is not None and e.text == "Swift: Blocking it takes twice its Attack."
    assert numbers("enemy", "orc-summoners")["Attack"] == "summons brown"
    assert numbers("enemy", "orc-tracker")["Armor"] == "3/6"  # Elusive: both values


def test_skills_tactics_sites_ruins_heroes_and_levels() -> None:
    assert numbers("skill", "dark-paths") == {"Hero": "Arythea", "Use": "once a turn", "Set": "base"}
    assert numbers("tactic", "sparing-power") == {"Time": "Night", "Number": "6", "Use": "each turn"}
    site = CAT.get("village", "site")
    assert site is not None and "3 Influence" in site.text
    altar = CAT.get("altar-green", "ruins")
    assert altar is not None and altar.text == "Altar: pay 3 green mana for Fame +7 (and the site's Shield)."
    assert numbers("level", "level-4") == {"Fame": "15", "Armor": "3", "Hand limit": "5", "Command tokens": "2"}
    tovak = CAT.get("tovak", "hero")
    assert tovak is not None and "Cold Toughness instead of Determination" in tovak.text


@pytest.mark.parametrize("query", ["Ice Bolt", "ice-bolt", "ICE_BOLT", "card:ice bolt"])
def test_info_finds_a_card_by_its_name_or_id(query: str) -> None:
    assert [e.id for e in CAT.find(query)] == ["ice-bolt"]


def test_info_names_both_the_unit_and_the_enemy_of_one_name_and_refuses_a_miss() -> None:
    assert {e.kind for e in CAT.find("Altem Mages")} == {"unit", "enemy"}
    assert [e.kind for e in CAT.find("unit:altem-mages")] == ["unit"]
    with pytest.raises(LookupRefused, match="the closest: Fireball"):
        CAT.find("firebal")
