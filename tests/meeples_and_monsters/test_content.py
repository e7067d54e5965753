"""Card content: the shipped set matches the GAME COMPONENTS list and every card or value the
rulebook names; broken files fail at load naming the file, the entry and the field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from boardrules.engine import ContentError
from boardrules.games.meeples_and_monsters.content import CONTENT_DIR, MEEPLE_SUPPLY, load_content


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return load_content()


def test_game_components_counts(content) -> None:  # type: ignore[no-untyped-def]
    """GAME COMPONENTS: 15 Location tiles, 47 Monster cards (12/20/8, 3 Overlords + Henchman,
    3 Dark Council Arrives), 44 Quests, 6 Dark Council Bonus tokens, the meeple counts."""
    assert sum(loc.kind == "tile" for loc in content.locations) == 15
    normal = [m for m in content.monsters if m.council is None]
    assert [sum(m.level == lv for m in normal) for lv in (1, 2, 3)] == [12, 20, 8]
    assert sorted(m.council for m in content.monsters if m.council) == ["henchman", "overlord", "overlord", "overlord"]
    assert len(content.monsters) + 3 == 47  # plus the three Dark Council Arrives cards
    assert len(content.quests) == 44
    assert len(content.council_bonuses) == 6
    assert MEEPLE_SUPPLY == {"peasant": 48, "knight": 15, "warrior": 18, "mage": 18, "cleric": 18,
                             "corruption": 20, "ranger": 5, "paladin": 5, "shaman": 5}


def test_rulebook_cards_are_as_printed(content) -> None:  # type: ignore[no-untyped-def]
    """The cards and values the rulebook names or shows."""
    mon = {m.id: m for m in content.monsters}
    assert mon["skeleton"].strength == 2
    assert mon["tree-beast"].strength == 5
    assert mon["combustor"].council == "henchman"
    assert any(e.boost == "warrior" for e in mon["ghoul"].effects)
    assert any(e.discard_quest for e in mon["timber-wolf"].effects)
    heroes = {h.unit: h for h in content.heroes}
    assert heroes["knight"].levels[0].combat == 3
    assert heroes["peasant"].levels[0].combat == 1
    assert heroes["ranger"].levels[0].combat == 3
    assert heroes["paladin"].levels[0].combat == 2
    assert heroes["shaman"].levels[0].combat == 2
    assert any(a.timing == "reinforce" for a in heroes["warrior"].levels[2].abilities)
    locs = {loc.name: loc for loc in content.locations}
    assert sorted(locs["Healer's Temple"].options[0].requires) == ["cleric", "warrior"]
    levy = locs["Levy Station"].options[0]
    assert sorted(levy.requires) == ["mage", "warrior"]
    assert any(e.boost == "peasant" and e.amount == 2 for e in levy.effects)
    assert any(e.gain == "warrior" for e in levy.effects)
    assert any(e.boost == "mage" for e in locs["Branch & Root Inn"].options[0].effects)
    assert locs["Branch & Root Inn"].options[0].requires == ("cleric",)
    assert locs["Colosseum"].king_of_the_hill
    assert sorted(e.vp for o in locs["Colosseum"].options for e in o.effects if e.vp) == [1, 3]
    assert locs["Mage Academy"].king_of_the_hill
    assert sorted(e.draw for o in locs["Mage Academy"].options for e in o.effects if e.draw) == [1, 2]
    assert "House of Lords" in locs


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, d)
    return d


def test_invalid_field_names_file_entry_and_field(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    text = (d / "monsters.toml").read_text()
    (d / "monsters.toml").write_text(text.replace("strength = 2", "strength = -2", 1))
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert "monsters.toml" in msg and "strength" in msg and "'giant-rat'" in msg


@pytest.mark.parametrize(("file", "old", "bad", "field"), [
    ("locations.toml", "effects = [{ draw = 1 }]", "effects = [{ draw = -5 }]", "draw"),
    ("locations.toml", "recycle = 3, each_other = 1", "recycle = 3, each_other = -1", "each_other"),
    ("locations.toml", "{ cleanse = 2 }, { gain", "{ cleanse = 0 }, { gain", "cleanse"),
    ("heroes.toml", "effects = [{ quests = 1, discard = 0 }]", "effects = [{ quests = -4, discard = 0 }]", "quests"),
])
def test_an_effect_count_below_what_it_counts_is_refused(tmp_path: Path, file: str, old: str, bad: str,
                                                         field: str) -> None:
    """An icon's number of meeples, Quests or Corruption is a count: a negative one (or none to
    draw) loaded and was played as nothing at all; the load names it."""
    d = _copy(tmp_path)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, bad, 1))
    with pytest.raises(ContentError) as err:
        load_content(d)
    assert file in str(err.value) and field in str(err.value) and "greater than or equal to" in str(err.value)


def test_unknown_effect_key_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    text = (d / "locations.toml").read_text()
    (d / "locations.toml").write_text(text.replace('gain = "knight"', 'gian = "knight"', 1))
    with pytest.raises(ContentError) as err:
        load_content(d)
    assert "locations.toml" in str(err.value) and "gian" in str(err.value)


def test_broken_toml_and_missing_file(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    (d / "quests.toml").write_text("[[quest]\nid = ")
    with pytest.raises(ContentError, match="quests.toml.*not valid TOML"):
        load_content(d)
    (d / "quests.toml").write_bytes(b"\xff\xfe[[quest]]\n")
    with pytest.raises(ContentError, match="quests.toml.*not UTF-8 text"):
        load_content(d)
    (d / "quests.toml").unlink()
    (d / "quests.toml").mkdir()  # a folder where the file should be
    with pytest.raises(ContentError, match="quests.toml.*cannot be read"):
        load_content(d)
    (d / "quests.toml").rmdir()
    with pytest.raises(ContentError, match="quests.toml.*missing"):
        load_content(d)


def test_wrong_component_count_is_refused(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    text = (d / "council.toml").read_text()
    first = text.index("[[bonus]]")
    second = text.index("[[bonus]]", first + 1)
    (d / "council.toml").write_text(text[:first] + text[second:])
    with pytest.raises(ContentError, match="6 Dark Council Bonus tokens"):
        load_content(d)


def test_modifier_on_the_wrong_effect_is_refused(tmp_path: Path) -> None:
    """A modifier ('count', 'amount', 'with', ...) must belong to its effect's key."""
    d = _copy(tmp_path)
    text = (d / "locations.toml").read_text()
    (d / "locations.toml").write_text(text.replace('gain = "knight"', 'gain = "knight", amount = 2', 1))
    with pytest.raises(ContentError) as err:
        load_content(d)
    assert "locations.toml" in str(err.value) and "'amount' only goes with" in str(err.value)


@pytest.mark.parametrize(
    ("file", "old", "bad", "shown"),
    [
        ("monsters.toml", 'id = "giant-rat"', 'id = "giant rat"', "'giant rat'"),  # a space: two words
        ("monsters.toml", 'id = "giant-rat"', 'id = ""', "''"),
        ("locations.toml", 'id = "muster-green"', 'id = "müster-green"', "'müster-green'"),
        ("quests.toml", 'id = "', 'id = "-dash', "'-dash"),
    ],
)
def test_content_id_that_cannot_be_typed_is_refused(tmp_path: Path, file: str, old: str, bad: str, shown: str) -> None:
    """Ids are typed as words of actions (``fight giant-rat``, ``activate muster-green``,
    ``discard <quest>``): one with a space, an empty one or a non-ASCII one is a ContentError
    naming the file, the entry and the field."""
    d = _copy(tmp_path)
    text = (d / file).read_text(encoding="utf-8")
    assert old in text
    (d / file).write_text(text.replace(old, bad, 1), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(d)
    msg = str(err.value)
    assert file in msg and "id" in msg and shown in msg and "cannot be typed as a word of an action" in msg


def test_no_section_imports_the_game_class_back() -> None:
    """STYLE.md, imports point down: the sections, the refusals and the terminal picture use
    the content tables and small query modules; only the package's __init__ imports game.py."""
    package = CONTENT_DIR.parent
    importers = [f.name for f in sorted(package.glob("*.py"))
                 if f.name != "__init__.py" and re.search(r"from \.game import|from \. import game", f.read_text())]
    assert importers == []
