"""Skills in a combat between heroes (pvp_skills.py; facts 3.5; rules-choices.md "Player versus
player": the player aids' "partially: no skills"), from hand-set Full Conquest positions through
the game's own actions (``skill SKILL N``)."""

from __future__ import annotations

from test_mk_decisions import do, legal, refusal
from test_mk_pvp_cards import attacks
from test_mk_pvp_game import meeting


def test_pvp_skills_night_sharpshooting_by_night_and_by_day() -> None:
    """Facts 3.5 Tovak's Night Sharpshooting "Ranged Attack 1 by Day, 2 at Night": in the
    attacker's Ranged and Siege phase the option of the time of day is offered; the other is
    refused naming it; the skill is then face down for the turn."""
    s = meeting(hand0="march", hand1="swiftness")
    s.g.night = True
    s.g.players[0].skills = ["night-sharpshooting"]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert [a for a in legal(s) if a.startswith("skill")] == ["skill night-sharpshooting 2"]
    do(s, "skill night-sharpshooting 2")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("ranged", "physical", 2)]
    assert "night-sharpshooting" in g.players[0].skills_used
    reason, rule = refusal(s, "skill night-sharpshooting 2")
    assert "already used this turn" in reason and rule == "Using Skills"
    day = meeting(hand0="march", hand1="swiftness")
    day.g.players[0].skills = ["night-sharpshooting"]
    do(day, "move 0:-2", "attack-hero 2", "participate partial")
    assert [a for a in legal(day) if a.startswith("skill")] == ["skill night-sharpshooting 1"]
    reason, rule = refusal(day, "skill night-sharpshooting 2")
    assert "only used night" in reason and rule == "Using Skills"


def test_pvp_skills_the_defender_taking_part_partially_uses_none() -> None:
    """The player aids: taking part partially means "no skills": the defender's Shield Mastery is
    not offered against the melee attack, and is refused naming why; taking part fully it is
    (Block 3), and their "once a turn" skill is face up again once the combat is over."""
    s = meeting(hand0="march rage", hand1="swiftness")
    s.g.players[1].skills = ["shield-mastery"]
    attacks(s, "partial")
    do(s, "sideways march", "attack")
    assert not any(a.startswith("skill") for a in legal(s))
    reason, rule = refusal(s, "skill shield-mastery 1")
    assert "partially means no skills" in reason and rule == "Using Skills"
    full = meeting(hand0="march rage", hand1="swiftness")
    full.g.players[1].skills = ["shield-mastery"]
    attacks(full, "full")
    do(full, "sideways march", "sideways rage", "attack")
    assert [a for a in legal(full) if a.startswith("skill")] == ["skill shield-mastery 1", "skill shield-mastery 2",
                                                                  "skill shield-mastery 3"]
    do(full, "skill shield-mastery 1")
    g = full.g
    assert g.pvp is not None and g.pvp.blocks == [("physical", 3)] and "shield-mastery" in g.players[1].skills_used
    do(full, "block", "next")
    assert g.pvp is None and "shield-mastery" not in g.players[1].skills_used


def test_pvp_resistance_break_armor_minus_one_per_resistance_of_the_unit_named() -> None:
    """Facts 3.5 Tovak's Resistance Break "One enemy gets Armor -1 per resistance it has (min 1)"
    on the other hero's Unit (the effects on enemies reach the Units): only a Unit with a
    resistance can be named; the Fire Golems (Physical and Fire) get Armor 4 - 2 = 2, so 4
    physical damage (twice as much: they resist) wound them."""
    s = meeting(hand0="march rage stamina swiftness", hand1="promise")
    s.g.players[0].skills = ["resistance-break"]
    s.g.players[1].units = [["peasants", 0, False], ["fire-golems", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "skill resistance-break 1")
    assert legal(s) == ["unit fire-golems-1"]
    do(s, "unit fire-golems-1")
    g = s.g
    assert g.pvp is not None and g.pvp.on_units == [[1, "fire-golems-1", "armor", 2]]
    do(s, "next", "next", "sideways march", "sideways rage", "sideways stamina", "sideways swiftness", "attack",
       "block")
    assert "wound fire-golems-1" in legal(s)


def test_pvp_battle_hardened_ignores_damage_of_the_melee_attack_met() -> None:
    """Facts 3.5 Krang's Battle Hardened "Ignore 2 damage of one physical attack, or 1 of another
    attack": the defender taking part fully uses it in the Block step against the attacker's
    physical Attack 3: 1 damage gets through."""
    s = meeting(hand0="march rage stamina", hand1="promise")
    s.g.players[1].skills = ["battle-hardened"]
    attacks(s, "full")
    do(s, "sideways march", "sideways rage", "sideways stamina", "attack")
    do(s, "skill battle-hardened 1", "block")
    assert s.g.pvp is not None and s.g.pvp.damage == 1


def test_pvp_i_dont_give_a_damn_either_heros_next_card_played_sideways() -> None:
    """Facts 3.5 Tovak's I Don't Give a Damn "One card played sideways gives +2 instead of +1":
    the attacker's next card played sideways in the combat gives Attack 2; the defender's (taking
    part fully) Block 2 (issue 11: a card the defender plays sideways is theirs as much; it was
    refused before)."""
    s = meeting(hand0="march rage", hand1="promise")
    s.g.players[0].skills = ["i-dont-give-a-damn"]
    s.g.players[1].skills = ["i-dont-give-a-damn"]
    attacks(s, "full")
    do(s, "skill i-dont-give-a-damn 1", "sideways march")
    assert s.g.pvp is not None and s.g.pvp.pool == [("attack", "physical", 2)]
    do(s, "attack", "skill i-dont-give-a-damn 1")
    reason, rule = refusal(s, "skill i-dont-give-a-damn 1")
    assert "already used" in reason and rule == "Using Skills"
    do(s, "sideways promise")
    assert s.g.pvp.blocks == [("physical", 2)] and s.g.pvp.defender.bonus == ""


def test_pvp_a_skills_own_mechanism_that_does_not_act_between_heroes_is_refused_naming_why() -> None:
    """Skills whose own mechanism has no place in a combat between heroes are refused with the
    reason: Flight (facts 5.4 "no moving after the action"), Power of Pain with no Wound in hand
    to play sideways, an interactive skill, Healing (facts 5.4 "healing never during combat") and Move
    (Dark Paths)."""
    s = meeting(hand0="march", hand1="promise")
    s.g.players[0].skills = ["flight", "power-of-pain", "mana-exploit"]
    attacks(s)
    assert not any(a.startswith("skill") for a in legal(s))
    reason, rule = refusal(s, "skill flight 1")
    assert "no moving after the action" in reason and rule == "Using Skills"
    reason, rule = refusal(s, "skill power-of-pain 1")
    assert "no Wound in hand to play sideways" in reason and rule == "Using Skills"
    reason, rule = refusal(s, "skill mana-exploit 1")
    assert "interactive skill" in reason and rule == "Using Skills"
    s.g.players[0].skills = ["potion-making", "inspiration", "dark-paths"]
    s.cached = None
    for skill in ("potion-making", "inspiration"):  # facts 5.4 "healing never during combat"
        reason, rule = refusal(s, f"skill {skill} 1")
        assert "Healing never during combat" in reason and rule == "Using Skills"
    reason, rule = refusal(s, "skill dark-paths 1")
    assert "no moving after the action" in reason


def test_pvp_a_skills_plain_gains_mana_for_the_defender() -> None:
    """Facts 3.5 Arythea's Dark Fire Magic (once a round) "A red crystal and a red or black mana
    token": the defender taking part fully uses it against a melee attack and then pays
    Instinct's powered Block 4 with the red token."""
    s = meeting(hand0="march stamina", hand1="instinct")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[1].skills = ["dark-fire-magic"]
    attacks(s, "full")
    do(s, "sideways march", "sideways stamina", "attack")
    assert "card instinct 4 powered" not in legal(s)
    do(s, "skill dark-fire-magic 1")
    d2 = s.g.players[1]
    assert d2.crystals["red"] == 1 and d2.mana["red"] == 1
    do(s, "card instinct 4 powered", "pay red token", "block")
    assert s.g.pvp is not None and s.g.pvp.phase == "defender-attack"


def test_pvp_forked_lightning_against_the_other_hero_and_their_units() -> None:
    """Facts 3.5 Braevalar's Forked Lightning "Cold Fire Ranged Attack 1 against each of up to
    three different enemies": the enemies between heroes are the other hero and their Units, so
    with one Unit it gives Cold Fire Ranged 1 twice."""
    s = meeting(hand0="march", hand1="promise")
    s.g.players[0].skills = ["forked-lightning"]
    s.g.players[1].units = [["peasants", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial", "skill forked-lightning 1")
    assert s.g.pvp is not None and s.g.pvp.pool == [("ranged", "cold-fire", 1), ("ranged", "cold-fire", 1)]


def test_pvp_curse_lowers_the_melee_attack_met_in_the_block_step() -> None:
    """Facts 3.5 Krang's Curse "One enemy attack -1 or Armor -1 (min 1)": the hero attacked
    (taking part fully) lowers the melee attack met by 1 before any Block; in their own attacks
    its Armor -1 names one of the other hero's Units."""
    s = meeting(hand0="march rage", hand1="promise")
    s.g.players[1].skills = ["curse"]
    s.g.players[0].units = [["peasants", 0, False]]
    attacks(s, "full")
    do(s, "sideways march", "sideways rage", "attack")
    assert [a for a in legal(s) if a.startswith("skill")] == ["skill curse 1"]
    do(s, "skill curse 1", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.damage == 1 and "curse" in g.players[1].skills_used


def test_unit_resistances_both_fire_and_ice_resist_an_opponents_cold_fire_attack() -> None:
    """UNIT RESISTANCES "Both Fire and Ice Resistance — Also counts as resistance to ... Cold
    Fire Attacks of an opponent": Altem Mages' Cold Fire Attack 5 against the defender's Units:
    the Fire Mages (Fire Resistance alone, Armor 3) are wounded for 3; the Sorcerers (Fire and
    Ice, Armor 4) would need 8."""
    s = meeting(hand0="march", hand1="promise")
    s.g.players[0].units = [["altem-mages", 0, False]]
    s.g.players[1].units = [["sorcerers", 0, False], ["fire-mages", 0, False]]
    attacks(s)
    do(s, "activate altem-mages-1 cold-fire-attack", "attack", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.damage == 5 and g.pvp.elements == ("cold-fire",)
    assert legal(s) == ["wound fire-mages-1", "wound hero"]
    do(s, "wound fire-mages-1")
    assert g.pvp.defender.units[1][2] == 1 and g.pvp.damage == 2
