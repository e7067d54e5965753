"""Influence, dual-colour powering and effects with a count or a condition in a combat between
heroes (pvp.py, pvp_play.py, pvp_effects.py; facts 3.1, 3.2, 3.4, 5.3; rules-choices.md "Player
versus player"), from hand-set Full Conquest positions through the game's own actions."""

from __future__ import annotations

from test_mk_decisions import do, legal, refusal
from test_mk_pvp_cards import attacks
from test_mk_pvp_game import meeting

from boardrules.games.mage_knight.cards.deck import WOUND


def test_pvp_influence_from_a_card_pays_for_the_attackers_heroes_unit() -> None:
    """Facts 3.4 Heroes "during an assault (or PvP attack) you must pay 2 Influence to use them";
    5.6 "Influence from cards/skills/units": Promise's Influence 2, played in the attacker's
    Attacks, pays for Hero (blue)'s Attack 5; with no Heroes Unit asking, Promise is not offered."""
    s = meeting(hand0="promise march", hand1="swiftness")
    s.g.source = ["green", "green", "red", "red"]
    s.g.players[0].units = [["hero-blue", 0, False]]
    attacks(s)
    acts = legal(s)
    assert "card promise 1" in acts and not any(a.startswith("activate hero-blue-1") for a in acts)
    do(s, "card promise 1")
    g = s.g
    assert g.pvp is not None and g.pvp.attacker.influence == 2 and "promise" in g.players[0].play_area
    do(s, "activate hero-blue-1 attack")
    assert g.pvp.pool == [("attack", "physical", 5)] and g.pvp.attacker.influence == 0
    plain = meeting(hand0="promise march", hand1="swiftness")
    attacks(plain)
    assert "card promise 1" not in legal(plain)


def test_pvp_thugs_the_side_spending_the_damage_pays_2_influence_to_wound_them() -> None:
    """Facts 3.4 Thugs "you must pay 2 Influence in a combat to be allowed to assign damage to
    them": between heroes the attacking side spends the damage, so it pays. Without Influence
    the defender's Thugs cannot be wounded (a clear refusal naming Thugs); with Intimidate's
    Influence 4 (Reputation -1) they are, for 2 of it."""
    hand = "intimidate rage march stamina swiftness"
    s = meeting(hand0=hand, hand1="promise")
    s.g.players[1].units = [["thugs", 0, False]]
    attacks(s)
    assert "card intimidate 1" in legal(s)  # Influence 4: the other hero's Thugs ask for it
    do(s, "card rage 1", "sideways march", "sideways stamina", "sideways swiftness", "attack", "block")
    assert s.g.pvp is not None and s.g.pvp.damage == 5 and legal(s) == ["wound hero"]
    reason, rule = refusal(s, "wound thugs-1")
    assert "pay 2 Influence" in reason and rule == "Thugs"
    paid = meeting(hand0=hand, hand1="promise")
    paid.g.players[1].units = [["thugs", 0, False]]
    attacks(paid)
    do(paid, "card intimidate 1")
    g = paid.g
    assert g.pvp is not None and g.pvp.attacker.influence == 4 and g.players[0].reputation == -1
    do(paid, "card rage 1", "sideways march", "sideways stamina", "attack", "block")
    assert g.pvp.damage == 4 and "wound thugs-1" not in legal(paid)  # Armor 5
    paid = meeting(hand0=hand, hand1="promise")
    paid.g.players[1].units = [["thugs", 0, False]]
    attacks(paid)
    do(paid, "card intimidate 1", "card rage 1", "sideways march", "sideways stamina", "sideways swiftness")
    do(paid, "attack", "block", "wound thugs-1")
    g = paid.g
    assert g.pvp is not None and g.pvp.defender.units[0][2] == 1 and g.pvp.attacker.influence == 2
    assert g.pvp.attacker.paid == ["wound:thugs-1"]


def test_pvp_dual_colour_powering_either_colour_pays_explosive_bolt() -> None:
    """Facts 3.1 (UE dual-colour Advanced Actions, "red or white"): Explosive Bolt's powered
    Ranged 3 is played with a white mana when there is no red (``card explosive-bolt 1 powered
    white``); its "for each enemy it defeats, another enemy gets Armor -1" does nothing between
    heroes (no enemy is defeated). A colour the card does not take is refused naming the rule."""
    s = meeting(hand0="explosive-bolt march", hand1="swiftness")
    s.g.source = ["green", "green", "blue", "blue"]
    s.g.players[0].crystals["white"] = 1
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    acts = legal(s)
    assert "card explosive-bolt 1 powered white" in acts and "card explosive-bolt 1 powered red" not in acts
    reason, rule = refusal(s, "card explosive-bolt 1 powered green")
    assert "powered COLOUR" in reason and rule == "Player versus player combat"
    do(s, "card explosive-bolt 1 powered white")
    assert legal(s) == ["pay white crystal"]
    do(s, "pay white crystal")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("ranged", "physical", 3)] and g.players[0].crystals["white"] == 0


def test_pvp_dual_colour_chilling_stare_a_unit_does_not_attack_ice_resistant_ignore_it() -> None:
    """Chilling Stare (blue or white) powered: "one enemy without Ice resistance ... does not
    attack this combat" on the other hero's Unit; UNIT RESISTANCES: an Ice Resistant Unit ignores
    the non-Attack effects of an opponent's blue card, so the Ice Golems cannot be named."""
    s = meeting(hand0="chilling-stare march", hand1="swiftness")
    s.g.source = ["green", "green", "red", "red"]
    s.g.players[0].mana["blue"] = 1
    s.g.players[1].units = [["ice-golems", 0, False], ["peasants", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert "card chilling-stare 2 powered blue" in legal(s)
    do(s, "card chilling-stare 2 powered blue", "pay blue token")
    assert legal(s) == ["unit peasants-1"]
    do(s, "unit peasants-1")
    assert s.g.pvp is not None and s.g.pvp.on_units == [[1, "peasants-1", "no-attack", 0]]


def test_pvp_counterattack_counts_the_melee_attack_blocked_whole() -> None:
    """Counterattack "Atk 2, +2 per enemy blocked this turn" (facts 3.1): the defender who
    blocked the attacker's melee attack whole (Determination's Block 2 against Attack 1) then
    attacks for 4 in their Attacks; the attacker, who has blocked nothing, would get 2."""
    s = meeting(hand0="march counterattack", hand1="determination counterattack")
    attacks(s)
    assert "card counterattack 1" in legal(s)
    do(s, "sideways march", "attack", "card determination 2", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.phase == "defender-attack" and g.pvp.blocked == [1]
    do(s, "card counterattack 1")
    assert g.pvp.pool == [("attack", "physical", 4)]


def test_pvp_flame_wave_counts_the_other_hero_and_their_units() -> None:
    """Flame Wave (Flame Wall's strong effect, facts 3.2: "+2 per enemy token you face"): between
    heroes the enemies faced are the other hero and each of their Units: with two Units, Fire
    Attack 5 + 6 = 11, paid red and black at Night."""
    s = meeting(hand0="flame-wall march", hand1="swiftness")
    s.g.night = True
    s.g.source = ["black", "green", "blue", "blue"]
    s.g.players[0].crystals["red"] = 1
    s.g.players[1].units = [["peasants", 0, False], ["peasants", 0, False]]
    attacks(s)
    do(s, "card flame-wall 1 powered", "pay red crystal", "pay black die-1")
    assert s.g.pvp is not None and s.g.pvp.pool == [("attack", "fire", 11)]


def test_pvp_in_need_counts_the_wounds_in_hand_and_on_units_for_influence() -> None:
    """In Need "Influence 3, +1 per Wound in your hand and on your units" (facts 3.1): two Wounds
    in hand and a wounded Unit give Influence 6 to the attacker, whose Hero (blue) asks for 2."""
    s = meeting(hand0=f"in-need march {WOUND} {WOUND}", hand1="swiftness")
    s.g.players[0].units = [["hero-blue", 0, False], ["peasants", 1, False]]
    attacks(s)
    do(s, "card in-need 1")
    assert s.g.pvp is not None and s.g.pvp.attacker.influence == 6


def test_pvp_cold_toughness_counts_the_elements_of_the_attack_blocked() -> None:
    """Cold Toughness powered "Ice Blk 5, +1 ... for each ... attack colour/element ... shown on
    the blocked enemy" (facts 2.2): against the attacker's Fire Attack (Flame Wall), Ice Block 6;
    a hero shows no ability icon or resistance."""
    s = meeting(hand0="flame-wall march", hand1="cold-toughness")
    s.g.source = ["red", "green", "white", "white"]
    s.g.players[1].crystals["blue"] = 1
    attacks(s)
    do(s, "card flame-wall 1 basic", "pay red die-1", "attack")
    assert "card cold-toughness 1 powered" in legal(s)
    do(s, "card cold-toughness 1 powered", "pay blue crystal")
    assert s.g.pvp is not None and s.g.pvp.blocks == [("ice", 6)]


def test_pvp_expose_the_defender_loses_fortification_and_a_unit_its_resistances() -> None:
    """Expose (facts 3.2, white Spell: "one enemy loses fortification and resistances, Ranged 2")
    between heroes: the fortification is the other hero's (a wall, WALLS "Combat"), so its Ranged
    2 counts in the Ranged and Siege phase; the resistances are a Unit's, named: the Fire Golems
    are then wounded for their Armor 4 by a physical attack (not twice as much)."""
    from test_mk_pvp import meeting as walled
    from test_mk_pvp import play

    from boardrules.games.mage_knight.pvp.combat import pvp_decision, start_pvp

    b = walled(walls=(("W", "NE"),))
    b.s.players[0].hand = ["expose", "march", "rage", "stamina", "swiftness"]
    b.s.players[0].crystals["white"] = 1
    b.s.players[1].units = [["fire-golems", 0, False]]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    assert pvp.fortified == 1
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and "card expose 1 basic" in [a.text for a in d.actions]
    play(b, pvp, "card expose 1 basic", "pay white crystal")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["unit fire-golems-1"]
    play(b, pvp, "unit fire-golems-1")
    assert pvp.fortified == 0 and pvp.pool == [("ranged", "physical", 2)]
    assert pvp.on_units == [[1, "fire-golems-1", "lose-resistances", 0]]
    play(b, pvp, "attack", "wound hero", "next")
    play(b, pvp, "sideways march", "sideways rage", "sideways stamina", "sideways swiftness", "attack", "block")
    d = pvp_decision(b.t, b.s)
    assert d is not None and "wound fire-golems-1" in [a.text for a in d.actions]


def test_pvp_sorcerers_strip_the_fortification_then_their_ranged_attack_counts() -> None:
    """The Sorcerers' (white) "one enemy loses fortification, Ranged 3" (facts 3.4) against a
    hero fortified by a wall: offered in the Ranged and Siege phase, the fortification is lost
    first, so the Ranged 3 counts; without a fortification to lose it is a plain Ranged 3."""
    from test_mk_pvp import meeting as walled
    from test_mk_pvp import play

    from boardrules.games.mage_knight.pvp.combat import pvp_decision, start_pvp

    b = walled(walls=(("W", "NE"),))
    b.s.players[0].units = [["sorcerers", 0, False]]
    b.s.players[0].mana["white"] = 1
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["activate sorcerers-1 unfortify", "next"]
    play(b, pvp, "activate sorcerers-1 unfortify", "pay white token")
    assert pvp.fortified == 0 and pvp.pool == [("ranged", "physical", 3)]
