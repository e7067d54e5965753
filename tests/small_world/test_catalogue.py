"""The catalogue of Small World (catalogue.py, ``info NAME``): the 14 Races with their banner's
tokens and the box, the 20 Special Powers with their badge's tokens, each with its text; the few
words of content/summaries.toml beside the combos on offer, validated at load and kept out of
the content version."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from random_play import check_catalogue
from rich.console import Console

from boardrules.engine import ContentError
from boardrules.games.small_world import SmallWorld
from boardrules.games.small_world.content import (
    CONTENT_DIR,
    POWER_IDS,
    RACE_IDS,
    default_content,
    load_content,
)
from boardrules.games.small_world.content_model import SHORT

G = SmallWorld()


def test_the_catalogue_holds_every_race_and_power() -> None:
    cat = check_catalogue(G)
    assert [e.id for e in cat if e.kind == "race"] == list(RACE_IDS)
    assert [e.id for e in cat if e.kind == "power"] == list(POWER_IDS)
    assert G.catalogue() is cat  # built once


def test_a_race_and_a_power_with_their_tokens_and_text() -> None:
    cat = G.catalogue()
    ratmen = cat.get("ratmen", "race")
    assert ratmen is not None and ratmen.numbers == (("Tokens", "8"), ("In the box", "13"))
    assert ratmen.text == "No Race ability: they have numbers."
    skeletons = cat.get("skeletons")
    assert skeletons is not None and ("In the box", "20") in skeletons.numbers
    merchant = cat.get("merchant", "power")
    assert merchant is not None and merchant.numbers == (("Tokens", "2"),)
    assert merchant.line() == "Merchant: Tokens 2. +1 coin for each Region you hold at the end of your turn."
    assert [e.kind for e in cat.find("power:dragon master")] == ["power"]


def test_every_race_and_power_has_a_few_words_short_enough_for_one_line_of_the_offer() -> None:
    short = default_content().short
    assert set(short) == set(RACE_IDS) | set(POWER_IDS)
    assert max(len(w) for w in short.values()) <= SHORT
    assert short["elves"] == "lose no token when conquered" and short["merchant"] == "+1 coin a Region"


def test_the_combos_on_offer_say_what_they_do() -> None:
    s = G.new_state(3, 1)
    console = Console(record=True, width=120, color_system=None, file=io.StringIO())
    console.print(G.render(s, 0))
    text = console.export_text()
    assert "What they do" in text
    t = G.t
    for race, power, _ in s.market:
        words = f"{default_content().short[t.powers[power].id]}; {default_content().short[t.races[race].id]}"
        assert words in text


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


@pytest.mark.parametrize(("old", "new", "words"), [
    ('{ id = "elves", short = "lose no token when conquered" },\n', "", "no few words for the Race(s): elves"),
    ('id = "wealthy"', 'id = "rich"', "no Special Power of this id"),
    ('short = "+7 coins once"', 'short = "' + "x" * (SHORT + 1) + '"', "at most"),
    ('short = "+7 coins once"', 'short = ""', "at least"),
])
def test_a_broken_summary_is_refused_naming_the_file(tmp_path: Path, old: str, new: str, words: str) -> None:
    d = _copy(tmp_path)
    p = d / "summaries.toml"
    text = p.read_text()
    assert old in text
    p.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_content(d)
    assert info.value.file == "summaries.toml" and words in str(info.value)


def test_the_summaries_are_not_part_of_the_content_version(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    p = d / "summaries.toml"
    p.write_text(p.read_text().replace('"+7 coins once"', '"seven coins, once"'))
    other = load_content(d)
    assert other.version == default_content().version and other.short["wealthy"] == "seven coins, once"
