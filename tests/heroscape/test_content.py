"""Heroscape content: the 16 Rise of the Valkyrie cards as the facts give them (3.8), and broken
card files named by file, entry and field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from content_copies import broken_copy

from boardrules.engine import ContentError
from boardrules.games.heroscape.content import CONTENT_DIR, default_content, load_content

# name: (kind, height, life, move, range, attack, defense, points, figures, hexes), facts 3.8
CARDS = {
    "Marro Warriors": ("squad", 4, 1, 6, 6, 2, 3, 50, 4, 1),
    "Deathwalker 9000": ("hero", 7, 1, 5, 7, 4, 9, 140, 1, 1),
    "Izumi Samurai": ("squad", 5, 1, 6, 1, 2, 5, 60, 3, 1),
    "Sgt. Drake Alexander": ("hero", 5, 5, 5, 1, 6, 3, 110, 1, 1),
    "Syvarris": ("hero", 5, 4, 5, 9, 3, 2, 100, 1, 1),
    "Krav Maga Agents": ("squad", 4, 1, 6, 7, 3, 3, 100, 3, 1),
    "Tarn Viking Warriors": ("squad", 5, 1, 4, 1, 4, 4, 50, 4, 1),
    "Agent Carr": ("hero", 5, 4, 5, 6, 2, 4, 100, 1, 1),
    "Zettian Guards": ("squad", 5, 1, 4, 7, 2, 7, 70, 2, 1),
    "Airborne Elite": ("squad", 5, 1, 4, 8, 3, 2, 110, 4, 1),
    "Finn the Viking Champion": ("hero", 5, 4, 5, 1, 3, 4, 80, 1, 1),
    "Thorgrim the Viking Champion": ("hero", 5, 4, 5, 1, 3, 4, 80, 1, 1),
    "Raelin the Kyrie Warrior": ("hero", 5, 5, 6, 1, 3, 3, 80, 1, 1),
    "Mimring": ("hero", 9, 5, 6, 1, 4, 3, 150, 1, 2),
    "Ne-gok-sa": ("hero", 5, 5, 5, 1, 3, 6, 90, 1, 1),
    "Grimnak": ("hero", 11, 5, 5, 1, 2, 4, 120, 1, 2),
}


def test_rise_of_the_valkyrie_cards_as_the_facts_give_them() -> None:
    cards = {c.name: c for c in default_content().cards}
    assert set(cards) == set(CARDS)
    for name, want in CARDS.items():
        c = cards[name]
        assert (c.kind, c.height, c.life, c.move, c.range, c.attack, c.defense, c.points, c.figures, c.hexes) == want
        assert c.rarity == "unique" and c.powers


def test_battlefields_are_loaded_from_the_content_folder() -> None:
    fields = default_content().battlefields
    assert {"rulebook-examples", "river-crossing", "valkyrie-highlands", "ruined-keep"} <= set(fields)
    playable = [f for f in fields.values() if len(f.start) >= 4 and {2, 3, 4} <= set(f.players)]
    assert len(playable) >= 2 and sum(1 for f in fields.values() if len(f.start) >= 2) >= 3


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    return broken_copy(CONTENT_DIR, tmp_path, "cards.toml", old, new)


def test_a_broken_card_names_file_entry_and_field(tmp_path: Path) -> None:
    d = _broken(tmp_path, 'id = "syvarris", name = "Syvarris", kind = "hero"', 'id = "syvarris", name = "Syvarris", kind = "legend"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.entry, info.value.field) == ("cards.toml", "syvarris", "kind")


def test_an_unknown_power_is_refused(tmp_path: Path) -> None:
    d = _broken(tmp_path, '"double-attack"', '"triple-attack"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.entry == "syvarris" and info.value.field == "powers.0"


@pytest.mark.parametrize("bad", ["giant rat", "", "sývarris", "-syvarris"])
def test_a_card_id_that_cannot_be_typed_in_an_action_is_refused(bad: str, tmp_path: Path) -> None:
    d = _broken(tmp_path, 'id = "syvarris"', f'id = "{bad}"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.file, info.value.field) == ("cards.toml", "id") and "word of an action" in str(info.value)


def test_a_card_id_that_is_a_squad_figures_name_is_refused(tmp_path: Path) -> None:
    d = _broken(tmp_path, 'id = "syvarris"', 'id = "marro-warriors-2"')
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert (info.value.entry, info.value.field) == ("marro-warriors-2", "id")


def test_a_battlefield_file_name_that_cannot_be_typed_is_refused(tmp_path: Path) -> None:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    (d / "battlefields" / "river-crossing.toml").rename(d / "battlefields" / "river crossing.toml")
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "battlefields/river crossing.toml" and info.value.field == "file name"
