"""An outside auditor's check of the sites around a combat: the excerpt's DUNGEON, TOMB,
NECROPOLIS and GRAVEYARD "Night rules apply" sentences carried into the mana a hero can pay
while fighting there, from hand-set boards (tests/mk_positions.py)."""

from __future__ import annotations

import pytest
from mk_positions import EAST, east_board

from boardrules.engine import IllegalActionError
from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
from boardrules.games.mage_knight.sites.site_combats import enter_site

PLAINS = "plains plains plains plains plains plains plains"


def on(site: str, **kw):  # type: ignore[no-untyped-def]
    words = PLAINS.split()
    words[4] = f"plains+{site}"
    return east_board(" ".join(words), at=EAST["SW"], **kw)


@pytest.mark.parametrize("site", ["dungeon", "tomb"])
def test_dungeon_and_tomb_night_rules_by_day_gold_mana_cannot_be_used_black_can(site: str) -> None:
    """DUNGEON / TOMB: "Night rules apply for this combat": by Day, inside the combat, a gold
    die or gold token pays nothing and a black die pays black (cards powered by black mana)."""
    b = on(site)
    s = b.s
    s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    assert mana_sources(s, 0, "black") == []
    assert mana_sources(s, 0, "green") == ["die-1", "token"]  # outside the combat: Day rules
    enter_site(b.t, s, 0, [])
    assert s.combat is not None and s.combat.night and not s.night
    assert mana_sources(s, 0, "green") == []
    assert mana_sources(s, 0, "red") == ["die-3"]
    with pytest.raises(IllegalActionError, match=r"no green mana token, and gold mana cannot be used under Night "
                                                 r"rules \(this combat\)"):
        pay_mana(s, 0, "green", "token")
    assert mana_sources(s, 0, "black") == ["die-2", "token"]
    assert pay_mana(s, 0, "black", "die-2") == "black"



@pytest.mark.parametrize("site", ["maze", "labyrinth"])
def test_maze_and_labyrinth_entering_the_chosen_unit_is_the_one_named_among_two_of_a_kind(site: str) -> None:
    """MAZE / LABYRINTH "Entering": "choose one ready unwounded Unit". With two Peasants, the
    second one named is the one checked and taken (the first of the kind was checked instead:
    a ready second Peasants was refused, and a wounded second one passed the check and then
    broke the combat's set-up)."""
    b = on(site)
    b.p.units = [["peasants", 1, False], ["peasants", 0, False]]
    b.p.command = 2
    enter_site(b.t, b.s, 0, [], path=2, unit="peasants-2", move_paid=2)
    c = b.s.combat
    assert c is not None and c.chosen_unit == "peasants-2"
    b2 = on(site)
    b2.p.units = [["peasants", 0, False], ["peasants", 1, False]]
    b2.p.command = 2
    with pytest.raises(IllegalActionError, match="ready and unwounded"):
        enter_site(b2.t, b2.s, 0, [], path=2, unit="peasants-2", move_paid=2)
    with pytest.raises(IllegalActionError, match="ready and unwounded"):
        enter_site(b2.t, b2.s, 0, [], path=2, unit="peasants-3", move_paid=2)


def test_dungeon_night_rules_by_day_a_skills_night_option_is_the_one_used() -> None:
    """DUNGEON: "Night rules apply for this combat": by Day, inside the combat, an effect marked
    for Night (Night Sharpshooting's Ranged 2) is the one played, not the Day one."""
    from boardrules.games.mage_knight.skills.using import use_skill

    b = on("dungeon")
    s = b.s
    b.p.skills.append("night-sharpshooting")
    enter_site(b.t, s, 0, [])
    assert s.combat is not None and s.combat.night and not s.night
    with pytest.raises(IllegalActionError, match="only used day"):
        use_skill(b.t, s.clone(), 0, "night-sharpshooting", [], option=1)
    use_skill(b.t, s, 0, "night-sharpshooting", [], option=2)
    assert [(i[0], i[2]) for i in s.combat.pool] == [("ranged", 2)]


def test_ancient_ruins_altar_3_mana_from_a_source_die_a_gold_token_by_day_and_a_crystal() -> None:
    """ANCIENT RUINS "Altar: You can pay 3 mana of the color shown": mana as for cards (facts
    5.3): a Source die of the colour, a gold token by Day, a crystal; named or found in turn."""
    from boardrules.games.mage_knight.sites.site_combats import pay_altar

    b = on("ruins")
    b.ruins(EAST["SW"], "altar-green")
    s = b.s
    s.source = ["green", "red", "blue"]
    b.p.mana["gold"], b.p.crystals["green"] = 1, 1
    pay_altar(b.t, s, 0, [])
    p = s.players[0]
    assert p.fame == 7 and p.mana["gold"] == 0 and p.crystals["green"] == 0 and s.source_used == [0]


def test_mage_tower_a_spells_mana_from_a_source_die() -> None:
    """MAGE TOWER "While Conquered": the Spell's mana may come from a Source die."""
    from boardrules.games.mage_knight.sites.interaction import buy_spell

    b = on("mage-tower", influence=7)
    s = b.s
    s.conquered.add(EAST["SW"])
    s.source = ["white", "red", "red"]
    s.spell_offer = ["expose"]
    buy_spell(b.t, s, 0, "white", [], source="die-1")
    p = s.players[0]
    assert p.pending == ["spell:white"] and p.influence_points == 0 and s.source_used == [0]
