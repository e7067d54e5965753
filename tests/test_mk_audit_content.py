"""The auditor's check of the content the combat reads: all 72 enemy token types of facts 4.4
(colour, attacks, Armor, elusive Armor, Fame, resistances, abilities, Defend, Reputation on
defeat, tokens in the pile, set) and the Armor and resistances of the 30 Units of facts 3.4,
written out here independently of content/*.toml."""

from __future__ import annotations

import pytest

from boardrules.games.mage_knight.content import Tables, default_content

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
