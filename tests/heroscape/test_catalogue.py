"""The catalogue of Heroscape (catalogue.py, ``info NAME``): army cards with their printed
numbers and powers, every power on its own with its text, the battlefields; the power texts
of content/powers.toml validated at load, and kept out of the content version."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from random_play import check_catalogue

from boardrules.engine import ContentError, LookupRefused
from boardrules.games.heroscape import powers
from boardrules.games.heroscape.content import CONTENT_DIR, POWERS, default_content, load_content
from boardrules.games.heroscape.game import Heroscape

G = Heroscape()


def test_the_catalogue_holds_every_army_card_power_and_battlefield() -> None:
    cat = check_catalogue(G)
    c = default_content()
    assert {e.id for e in cat if e.kind == "army card"} == {card.id for card in c.cards}
    assert {e.id for e in cat if e.kind == "power"} == set(POWERS)
    assert {e.id for e in cat if e.kind == "battlefield"} == set(c.battlefields)
    assert G.catalogue() is cat  # built once


def test_an_army_card_with_its_numbers_and_its_powers_text() -> None:
    e = G.catalogue().get("syvarris", "army card")
    assert e is not None and e.name == "Syvarris"
    assert e.numbers == (("Points", "100"), ("Life", "4"), ("Move", "5"), ("Range", "9"), ("Attack", "3"),
                         ("Defense", "2"), ("Height", "Medium 5"), ("Figures", "1"))
    assert e.text.startswith("Unique Hero of Ullar, Elf archer. Double Attack: When Syvarris attacks, he may "
                             "attack one extra time")


def test_a_squad_and_a_double_space_figure() -> None:
    cat = G.catalogue()
    marro = cat.get("marro-warriors")
    assert marro is not None and ("Figures", "4") in marro.numbers and marro.text.startswith("Unique Squad of 4")
    mimring = cat.get("mimring")
    assert mimring is not None and ("Spaces", "2 (a double-space figure)") in mimring.numbers
    assert ("Height", "Huge 9") in mimring.numbers
    assert "Fire Line Special Attack: " in mimring.text and "Flying: " in mimring.text


def test_a_power_entry_names_its_cards_and_a_special_attack_its_range_and_dice() -> None:
    cat = G.catalogue()
    explosion = cat.get("explosion-special-attack", "power")
    assert explosion is not None and explosion.name == "Explosion Special Attack"
    assert explosion.numbers == (("Range", "7"), ("Attack", "3"))
    assert explosion.text.endswith("(on Deathwalker 9000)")
    fire = cat.get("fire-line-special-attack")
    assert fire is not None and fire.numbers == (("Range", "a line of 8"), ("Attack", "4"))
    flying = cat.get("flying")
    assert flying is not None and flying.text.endswith("(on Raelin the Kyrie Warrior, Mimring)")


def test_info_finds_a_card_by_its_name_and_a_power_by_kind() -> None:
    cat = G.catalogue()
    assert [e.id for e in cat.find("Finn the Viking Champion")] == ["finn"]
    assert [e.kind for e in cat.find("power:Ghost Walk")] == ["power"]
    assert cat.find("river crossing")[0].kind == "battlefield"
    with pytest.raises(LookupRefused, match="the closest: Syvarris"):
        cat.find("syvaris")


@pytest.mark.parametrize(("power", "words"), [
    ("berserker-charge", f"on {powers.CHARGE_ROLL} or more"),
    ("chomp", f"d20 of {powers.CHOMP_HERO_ROLL} or more"),
    ("mind-shackle-20", f"on a {powers.SHACKLE_ROLL}"),
    ("water-clone", f"on {powers.CLONE_ROLL} or more ({powers.CLONE_ROLL_ON_WATER} or more if it stands on water)"),
    ("the-drop", f"on {powers.DROP_ROLL} or more"),
    ("sword-of-reckoning-4", f"adds {powers.SWORD_DICE} attack dice"),
    ("range-enhancement", f"add {powers.RANGE_BONUS} to their Range"),
    ("defensive-aura", f"within {powers.DEFENSIVE_AURA_RANGE} spaces of Raelin and in her line of sight add "
                       f"{powers.DEFENSIVE_AURA_DICE} defense dice"),
    ("grapple-gun-25", f"up to {powers.GRAPPLE_LEVELS} levels higher"),
    ("explosion-special-attack", "Range {}, Attack {}.".format(*powers.SPECIAL_ATTACKS[powers.EXPLOSION])),
    ("grenade-special-attack", "Range {}, Attack {},".format(*powers.SPECIAL_ATTACKS[powers.GRENADE])),
    ("fire-line-special-attack", "a straight line of {} spaces out from one of Mimring's spaces. Attack {}.".format(
        *powers.SPECIAL_ATTACKS[powers.FIRE_LINE])),
])
def test_a_power_text_says_the_numbers_the_rules_play(power: str, words: str) -> None:
    e = G.catalogue().get(power, "power")
    assert e is not None and words in e.text


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


def test_a_power_without_a_text_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "powers.toml"
    p.write_text("\n".join(line for line in p.read_text().splitlines() if '"chomp"' not in line) + "\n")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "powers.toml" and "chomp" in str(info.value)


@pytest.mark.parametrize(("old", "new", "field"), [
    ('id = "chomp"', 'id = "nibble"', "id"),
    ('name = "Chomp", ', 'name = "", ', "name"),
])
def test_a_broken_power_text_names_file_entry_and_field(tmp_path: Path, old: str, new: str, field: str) -> None:
    d = _copy(tmp_path)
    p = d / "powers.toml"
    p.write_text(p.read_text().replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "powers.toml" and info.value.field == field


def test_the_power_texts_are_not_part_of_the_content_version(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "powers.toml"
    p.write_text(p.read_text().replace("Agent Carr may move through all figures.", "Through every figure."))
    other = load_content(d)
    assert other.version == default_content().version
    assert next(x for x in other.powers if x.id == "ghost-walk").text == "Through every figure."
