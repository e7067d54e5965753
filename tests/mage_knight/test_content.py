"""Mage Knight content: every enemy token of facts 4.4 and every Unit of facts 3.4, as data (also
against a table written apart from the content files); broken files (numbers of thousands of
digits, a Unit of a million copies, a broken scenarios file) fail at load naming the file, the
entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mk_positions import HUGE, broken_content, check_broken_content

from boardrules.engine import ContentError
from boardrules.games.mage_knight.content import (
    CONTENT_DIR,
    PILE_SIZES,
    Tables,
    default_content,
    load_content,
)
from boardrules.games.mage_knight.rounds.scenarios import SCENARIOS_FILE, load_scenarios


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


# colour | name | attacks | Armor | elusive Armor | Fame | resistances | abilities | Defend |
# Reputation on defeat | tokens | set   ("-": none; attacks joined by "+")
TOKENS = [
    "green | Diggers | 3 physical | 3 | - | 2 | - | fortified | - | 0 | 2 | base",
    "green | Prowlers | 4 physical | 3 | - | 2 | - | - | - | 0 | 2 | base",
    "green | Cursed Hags | 3 physical | 5 | - | 3 | - | poison | - | 0 | 2 | base",
    "green | Wolf Riders | 3 physical | 4 | - | 3 | - | swift | - | 0 | 2 | base",
    "green | Ironclads | 4 physical | 3 | - | 4 | physical | brutal | - | 0 | 2 | base",
    "green | Orc Summoners | summon brown | 4 | - | 4 | - | - | - | 0 | 2 | base",
    "green | Centaur Outriders | 3 physical | 5 | - | 2 | - | swift | - | 0 | 2 | faction-E",
    "green | Orc Skirmishers | 1 physical + 1 physical | 4 | - | 2 | - | - | - | 0 | 2 | exp",
    "green | Orc War Beasts | 3 physical | 5 | - | 3 | fire ice | unfortified brutal | - | 0 | 2 | exp",
    "green | Orc Stonethrowers | 7 physical | 2 | - | 4 | physical | fortified cumbersome | - | 0 | 2 | exp",
    "green | Orc Tracker | 4 physical | 3 | 6 | 3 | - | elusive assassination | - | 0 | 2 | exp",
    "green | Skeletal Warriors | 3 physical | 4 | - | 1 | fire | - | - | 0 | 2 | faction-D",
    "green | Shrouded Necromancers | summon green | 5 | - | 3 | - | fortified | - | 0 | 2 | faction-D",
    "green | Corrupted Priests | 4 cold-fire | 5 | - | 3 | - | defend | 1 | 0 | 2 | faction-D",
    "green | Gibbering Ghouls | 4 physical | 4 | - | 2 | - | vampiric | - | 0 | 2 | faction-D",
    "green | Elemental Priests | 3 fire + 3 ice | 4 | - | 3 | fire ice | - | - | 0 | 2 | faction-E",
    "green | Elven Protectors | 3 physical | 4 | - | 2 | fire | defend | 2 | 0 | 2 | faction-E",
    "green | Cloud Griffons | 4 physical | 4 | 8 | 3 | - | unfortified swift elusive | - | 0 | 2 | faction-E",
    "green | Crystal Sprites | 1 ice + 1 ice | 1 | 2 | 1 | ice | elusive defend | 1 | 0 | 2 | faction-E",
    "green | Zombie Horde | 1 physical + 1 physical + 1 physical | 5 | - | 2 | ice | cumbersome | - | 0 | 2 | faction-D",
    "grey | Crossbowmen | 4 physical | 4 | - | 3 | - | swift | - | 0 | 3 | base",
    "grey | Guardsmen | 3 physical | 7 | - | 3 | - | fortified | - | 0 | 3 | base",
    "grey | Swordsmen | 6 physical | 5 | - | 4 | - | - | - | 0 | 2 | base",
    "grey | Golems | 2 physical | 5 | - | 4 | physical | - | - | 0 | 2 | base",
    "grey | Heroes | 5 physical + 3 physical | 4 | - | 5 | - | fortified | - | -1 | 1 | exp",
    "grey | Thugs | 3 physical | 5 | - | 2 | - | brutal | - | +1 | 2 | exp",
    "grey | Shocktroops | 5 physical | 3 | 6 | 3 | - | unfortified elusive | - | 0 | 2 | exp",
    "brown | Air Elemental | 3 cold-fire | 4 | 8 | 4 | fire ice | swift elusive | - | 0 | 2 | faction-E",
    "brown | Minotaur | 5 physical | 5 | - | 4 | - | brutal | - | 0 | 2 | base",
    "brown | Gargoyle | 5 physical | 4 | - | 4 | physical | - | - | 0 | 2 | base",
    "brown | Medusa | 6 physical | 4 | - | 5 | - | paralyze | - | 0 | 2 | base",
    "brown | Crypt Worm | 6 physical | 6 | - | 5 | - | fortified | - | 0 | 2 | base",
    "brown | Werewolf | 7 physical | 5 | - | 5 | - | swift | - | 0 | 2 | base",
    "brown | Shadow | 4 cold-fire | 4 | 8 | 4 | - | elusive arcane-immunity | - | 0 | 2 | exp",
    "brown | Fire Elemental | 7 physical | 6 | - | 4 | fire | - | - | 0 | 2 | faction-E",
    "brown | Earth Elemental | 4 physical | 5 | - | 4 | physical | fortified cumbersome brutal | - | 0 | 2 | faction-E",
    "brown | Mummy | 4 physical | 5 | - | 4 | ice physical | poison | - | 0 | 2 | exp",
    "brown | Hydra | 2 physical + 2 physical + 2 physical | 6 | - | 5 | ice | - | - | 0 | 2 | exp",
    "brown | Manticore | 4 physical | 6 | - | 5 | fire | swift assassination poison | - | 0 | 2 | exp",
    "brown | Water Elemental | 6 physical | 7 | - | 4 | ice | - | - | 0 | 2 | faction-E",
    "brown | Vampire | 5 physical | 5 | 10 | 4 | - | elusive vampiric | - | 0 | 2 | faction-D",
    "brown | Blood Demon | 6 physical | 6 | - | 5 | fire | brutal assassination arcane-immunity | - | 0 | 2 | faction-D",
    "brown | Pain Wraith | 4 physical | 4 | 8 | 3 | - | elusive paralyze | - | 0 | 2 | faction-D",
    "violet | Monks | 5 physical | 5 | - | 4 | - | poison | - | 0 | 2 | base",
    "violet | Illusionists | summon brown | 3 | - | 4 | physical | - | - | 0 | 2 | base",
    "violet | Ice Mages | 5 ice | 6 | - | 5 | ice | - | - | 0 | 2 | base",
    "violet | Fire Mages | 6 fire | 5 | - | 5 | fire | - | - | 0 | 2 | base",
    "violet | Ice Golems | 2 ice | 4 | - | 5 | ice physical | paralyze | - | 0 | 1 | base",
    "violet | Fire Golems | 3 fire | 4 | - | 5 | fire physical | brutal | - | 0 | 1 | base",
    "violet | Sorcerers | 6 physical | 6 | - | 5 | - | assassination poison arcane-immunity | - | 0 | 2 | exp",
    "violet | Magic Familiars | 3 physical + 3 physical | 7 | - | 5 | - | unfortified brutal | - | 0 | 2 | exp",
    "white | Thugs | 6 physical | 5 | - | 5 | - | - | - | 0 | 2 | exp",
    "white | Shocktroops | 5 physical | 5 | - | 5 | - | swift brutal | - | 0 | 2 | exp",
    "white | Freezers | 3 ice | 7 | - | 7 | fire | paralyze swift | - | 0 | 3 | base",
    "white | Gunners | 6 fire | 6 | - | 7 | ice | brutal | - | 0 | 3 | base",
    "white | Fire Catapult | 8 fire | 7 | - | 7 | - | fortified cumbersome | - | 0 | 1 | exp",
    "white | Ice Catapult | 9 ice | 6 | - | 7 | - | fortified cumbersome | - | 0 | 1 | exp",
    "white | Altem Guardsmen | 5 physical | 7 | - | 8 | physical fire ice | fortified | - | 0 | 2 | base",
    "white | Altem Mages | 4 cold-fire | 8 | - | 8 | physical | brutal poison | - | 0 | 2 | base",
    "white | Delphana Masters | 5 cold-fire | 8 | - | 9 | fire ice | assassination paralyze | - | 0 | 2 | exp",
    "white | Grim Legionnaries | 11 physical | 10 | - | 8 | - | unfortified arcane-immunity | - | 0 | 2 | exp",
    "red | Swamp Dragon | 5 physical | 9 | - | 7 | - | swift paralyze | - | 0 | 2 | base",
    "red | Fire Dragon | 9 fire | 7 | - | 8 | physical fire | - | - | 0 | 2 | base",
    "red | Ice Dragon | 6 ice | 7 | - | 8 | physical ice | paralyze | - | 0 | 2 | base",
    "red | High Dragon | 6 cold-fire | 9 | - | 9 | fire ice | brutal | - | 0 | 2 | base",
    "red | Death Dragon | 7 physical | 9 | - | 6 | - | assassination paralyze | - | 0 | 2 | faction-D",
    "red | Lava Dragon | 6 fire | 8 | - | 8 | fire | fortified brutal | - | 0 | 2 | exp",
    "red | Savage Dragon | 5 physical | 7 | - | 6 | physical | brutal | - | 0 | 2 | faction-E",
    "red | Dragon Summoner | summon brown + summon brown | 8 | - | 9 | physical | arcane-immunity | - | 0 | 2 | exp",
    "red | Lightning Dragon | 6 cold-fire | 7 | 14 | 7 | fire ice | elusive | - | 0 | 2 | faction-E",
    "red | Vampire Dragon | 8 physical | 8 | 16 | 7 | - | elusive vampiric | - | 0 | 2 | faction-D",
    "red | Storm Dragon | 4 ice | 7 | 14 | 7 | ice | elusive swift | - | 0 | 2 | faction-E",
]

# name | Armor | resistances (Fire Mages: Armor 3, the Ultimate Edition value; rules-choices.md)
UNITS = [
    "Peasants | 3 | -", "Foresters | 4 | -", "Herbalists | 2 | -", "Utem Crossbowmen | 4 | -",
    "Utem Guardsmen | 5 | -", "Utem Swordsmen | 4 | -", "Guardian Golems | 3 | physical",
    "Illusionists | 2 | physical", "Northern Monks | 4 | -", "Red Cape Monks | 4 | -", "Savage Monks | 4 | -",
    "Scouts | 2 | -", "Thugs | 5 | -", "Shocktroops | 3 | -", "Magic Familiars | 5 | -",
    "Fire Golems | 4 | physical fire", "Ice Golems | 4 | physical ice", "Fire Mages | 3 | fire",
    "Ice Mages | 4 | ice", "Amotep Gunners | 6 | -", "Amotep Freezers | 6 | -", "Catapults | 4 | -",
    "Altem Guardians | 7 | -", "Altem Mages | 5 | fire ice", "Sorcerers | 4 | fire ice",
    "Hero (blue) | 4 | ice", "Hero (red) | 4 | fire", "Hero (green) | 3 | physical", "Hero (white) | 6 | -",
    "Delphana Masters | 3 | physical fire ice",
]


def _words(cell: str) -> set[str]:
    return set() if cell == "-" else set(cell.split())


def _attacks(cell: str) -> list[tuple[int, str, str | None]]:
    out: list[tuple[int, str, str | None]] = []
    for part in cell.split(" + "):
        first, second = part.split()
        out.append((0, "physical", second) if first == "summon" else (int(first), second, None))
    return out


@pytest.fixture(scope="module")
def t() -> Tables:
    return default_content()


@pytest.mark.parametrize("row", TOKENS, ids=[r.split(" | ")[0] + "-" + r.split(" | ")[1] for r in TOKENS])
def test_enemy_tokens_every_token_as_in_the_facts(t: Tables, row: str) -> None:
    colour, name, attacks, armor, elusive, fame, res, abilities, defend, rep, count, set_ = row.split(" | ")
    matches = [e for e in t.enemies if e.colour == colour and e.name == name]
    assert len(matches) == 1, f"{colour} {name}: {len(matches)} entries"
    e = matches[0]
    assert [(a.value, a.element, a.summon) for a in e.attacks] == _attacks(attacks)
    assert (e.armor, e.elusive_armor, e.fame) == (int(armor), None if elusive == "-" else int(elusive), int(fame))
    assert set(e.resistances) == _words(res) and set(e.abilities) == _words(abilities)
    assert (e.defend, e.reputation_on_defeat) == (0 if defend == "-" else int(defend), int(rep))
    assert (e.count, e.set) == (int(count), set_)


def test_enemy_tokens_no_token_beyond_the_facts(t: Tables) -> None:
    assert len(t.enemies) == len(TOKENS) == 72
    assert sum(int(r.split(" | ")[10]) for r in TOKENS) == sum(e.count for e in t.enemies) == 143


def test_units_armor_and_resistances_of_all_thirty(t: Tables) -> None:
    assert len(t.units) == len(UNITS) == 30
    for row in UNITS:
        name, armor, res = row.split(" | ")
        u = next(x for x in t.units if x.name == name)
        assert (u.armor, set(u.resistances)) == (int(armor), _words(res)), name


# ---- content files ---------------------------------------------------------------------------

@pytest.mark.parametrize(("file", "old", "line"), [
    ("units.toml", "level = 3\ncost = 8", 268), ("enemies.toml", "armor = 4", 11)])
def test_content_a_number_of_thousands_of_digits_names_the_file_and_the_line(
        tmp_path: Path, file: str, old: str, line: int) -> None:
    # Python's TOML reader raises ValueError (not its TOMLDecodeError) on an integer of over 4300
    # digits: it once came out as a traceback
    new = old.replace("8", HUGE) if "cost" in old else old.replace("4", HUGE)
    with pytest.raises(ContentError) as info:
        load_content(broken_content(tmp_path, file, old, new))
    assert str(info.value) == f"{file}: entry '-': a number too long to read at line {line}"


def test_content_a_card_effect_with_a_word_of_thousands_of_digits_is_refused_plainly(tmp_path: Path) -> None:
    # the card notation's "move N": int() once refused 5,000 digits with Python's own advice
    # (sys.set_int_max_str_digits) as the message
    check_broken_content(tmp_path, "cards.toml", 'basic = "move 2"\npowered = "move 4"',
                         f'basic = "move {HUGE}"\npowered = "move 4"', "march", "basic",
                         "'999999999999...' (5000 characters) is too long for a word of the card notation")
    check_broken_content(tmp_path / "b", "cards.toml", 'basic = "move 2"\npowered = "move 4"',
                         'basic = "move 2 ٣"\npowered = "move 4"', "march", "basic",
                         "'٣' is not a word of the card notation")


@pytest.mark.parametrize(("old", "new", "field"), [
    ("level = 3\ncost = 8", "level = 3\ncost = 800", "cost"),
    ("level = 3\ncost = 8\narmor = 4", "level = 3\ncost = 8\narmor = 400", "armor"),
])
def test_content_a_unit_with_a_number_far_over_the_printed_ones_is_refused(
        tmp_path: Path, old: str, new: str, field: str) -> None:
    check_broken_content(tmp_path, "units.toml", old, new, "fire-golems", field, "less than or equal to 99")


def test_content_a_unit_of_a_million_copies_is_refused_at_load(tmp_path: Path) -> None:
    # each copy is a label of the action space (peasants-1...): a million copies once loaded
    text = (Path(str(SCENARIOS_FILE)).parent / "units.toml").read_text()
    start = text.index('id = "peasants"')
    old = text[start:text.index("copies = ", start) + len("copies = 3")]
    check_broken_content(tmp_path, "units.toml", old, old[:-1] + "1000000", "peasants", "copies",
                         "less than or equal to 9")


@pytest.mark.parametrize(("old", "new", "words"), [
    ("[[scenario]]", "[[scenario]\n", "not valid TOML"),
    ("[[scenario]]", "[[scenario]]\nmoon = 1\n", "Extra inputs are not permitted"),
])
def test_content_a_broken_scenarios_file_names_the_file(tmp_path: Path, old: str, new: str, words: str) -> None:
    path = tmp_path / "scenarios.toml"
    path.write_text(Path(SCENARIOS_FILE).read_text().replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_scenarios(path)
    assert info.value.file == "scenarios.toml" and words in str(info.value)
