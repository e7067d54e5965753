"""Influence, dual-colour powering and effects with a count or a condition in a combat between
heroes (pvp/combat.py, pvp/playing.py, pvp/effects.py; facts 3.1, 3.2, 3.4, 5.3; rules-choices.md "Player
versus player"), from hand-set Full Conquest positions through the game's own actions."""

from __future__ import annotations

from mk_positions import GAME, attacks, do, legal, meeting, play, refusal, tornado

from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.pvp.combat import pvp_decision, start_pvp


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
    from mk_positions import walled_meeting as walled


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
    from mk_positions import walled_meeting as walled


    b = walled(walls=(("W", "NE"),))
    b.s.players[0].units = [["sorcerers", 0, False]]
    b.s.players[0].mana["white"] = 1
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["activate sorcerers-1 unfortify", "next"]
    play(b, pvp, "activate sorcerers-1 unfortify", "pay white token")
    assert pvp.fortified == 0 and pvp.pool == [("ranged", "physical", 3)]


# ---- destroy, destroy if blocked, loses attack abilities -----------------------------------------

def test_pvp_tornado_destroys_one_of_the_other_heros_units() -> None:
    """Tornado (Whirlwind's strong effect, facts 3.2 "(Attack phase only) destroy one enemy"):
    between heroes the enemies that effects reach are the other hero's Units (rules-choices.md),
    so the Unit named is destroyed: out of the combat (never wounded, never counted), removed
    from its hero's army when the combat ends; Fame +1 as for a Unit wounded. The hero is never
    named."""
    s = tornado([["peasants", 0, False], ["utem-guardsmen", 0, False]])
    do(s, "card whirlwind 1 powered", "pay white crystal", "pay black die-1")
    assert legal(s) == ["unit peasants-1", "unit utem-guardsmen-1"]
    do(s, "unit peasants-1")
    g = s.g
    assert g.pvp is not None and g.pvp.on_units == [[1, "peasants-1", "destroyed", 0]] and g.pvp.attacker.fame == 1
    do(s, "sideways march", "attack", "block")
    assert legal(s) == ["wound hero"]  # Guardsmen's Armor 5 against 1 damage; the Peasants are gone
    do(s, "wound hero", "next")
    assert g.pvp is None and [u[0] for u in g.players[1].units] == ["utem-guardsmen"]
    assert g.players[0].fame == 2  # the Unit destroyed and the hero's Wound
    alone = tornado([])  # no Unit to name: the hero is never destroyed, Tornado is not offered
    assert not any(a.startswith("card whirlwind") for a in legal(alone))
    reason, rule = refusal(alone, "card whirlwind 1 powered")
    assert "effect on the other hero's Units" in reason and rule == "Player versus player combat"


def test_pvp_a_unit_destroyed_is_no_target_of_resistance_break() -> None:
    """Facts 3.5 Resistance Break ("one enemy gets Armor -1 per resistance it has") after Tornado
    destroyed the other hero's only resistant Unit (the Fire Golems): no Unit left to name, so
    the skill is not offered (it was, and used up the skill for nothing)."""
    s = tornado([["peasants", 0, False], ["fire-golems", 0, False]])
    s.g.players[0].skills = ["resistance-break"]
    s.cached = None
    assert "skill resistance-break 1" in legal(s)
    do(s, "card whirlwind 1 powered", "pay white crystal", "pay black die-1", "unit fire-golems-1")
    assert "skill resistance-break 1" not in legal(s)
    assert refusal(s, "skill resistance-break 1")[1] == "Using Skills"


def test_pvp_a_card_option_of_thousands_of_digits_is_refused_by_the_rule() -> None:
    """Bad input between heroes: ``card rage 999...`` (5,000 digits) is refused by the combat's
    own rule, not by the catch-all of a refusal that failed (int() of such a word raises)."""
    from boardrules.engine import Action
    from boardrules.games.mage_knight.pvp.cards import no_meaning

    assert no_meaning(GAME.t, Action("card", ("rage", "9" * 5000))) == ""
    s = tornado([])
    reason, rule = refusal(s, "card rage " + "9" * 5000)
    assert rule == "Player versus player combat" and "not one of the choices" not in reason


def test_pvp_disintegrate_destroys_a_unit_not_one_that_ignores_red_and_the_others_armor_minus_1() -> None:
    """Disintegrate (Demolish's strong effect): "(Attack phase only) destroy one enemy; the others
    Armor -1": a Fire Resistant Unit ignores an opponent's red card (UNIT RESISTANCES), so the
    Fire Golems cannot be named; the Peasants are destroyed, the Guardsmen get Armor -1. Not in
    the Ranged and Siege phase."""
    s = meeting(hand0="demolish march", hand1="swiftness")
    s.g.night = True
    s.g.source = ["black", "green", "green", "blue"]
    s.g.players[0].crystals["red"] = 1
    s.g.players[1].units = [["fire-golems", 0, False], ["peasants", 0, False], ["utem-guardsmen", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert "card demolish 1 powered" not in legal(s)  # the Ranged and Siege phase
    do(s, "next", "next", "card demolish 1 powered", "pay red crystal", "pay black die-1")
    assert legal(s) == ["unit peasants-1", "unit utem-guardsmen-1"]
    do(s, "unit peasants-1")
    g = s.g
    assert g.pvp is not None
    assert [1, "peasants-1", "destroyed", 0] in g.pvp.on_units and [1, "utem-guardsmen-1", "armor", 1] in g.pvp.on_units
    assert not any(x[1] == "fire-golems-1" for x in g.pvp.on_units)


def test_pvp_chilling_stare_loses_attack_abilities_refused_naming_why() -> None:
    """Chilling Stare "one enemy ... loses its attack abilities": the abilities of an enemy's
    attack (Swift, Brutal, Poison, Paralyze...) have no counterpart on a hero's attack or a
    Unit's, so it is refused naming why; its Influence 3 is offered where Influence buys something."""
    s = meeting(hand0="chilling-stare march", hand1="swiftness")
    s.g.players[1].units = [["peasants", 0, False]]
    attacks(s)
    assert "card chilling-stare 2" not in legal(s)
    reason, rule = refusal(s, "card chilling-stare 2")
    assert "no attack abilities" in reason and rule == "Chilling Stare"


def test_pvp_the_game_removes_a_destroyed_unit_and_its_banner() -> None:
    """The Unit destroyed between heroes leaves its hero's army when the combat ends, its Banner
    to the discard pile (facts 3.3), as any Unit destroyed."""
    s = tornado([["peasants", 0, False]])
    s.g.players[1].banners = {"peasants-1": "banner-of-glory"}
    do(s, "card whirlwind 1 powered", "pay white crystal", "pay black die-1", "unit peasants-1", "next", "next")
    g = s.g
    assert g.pvp is None and g.players[1].units == [] and g.players[1].banners == {}
    assert "banner-of-glory" in g.players[1].discard
    assert GAME.decision(s) is not None


def delphana(hand1: str = "determination march"):  # type: ignore[no-untyped-def]
    """Player 1 attacks with their Peasants' Attack 2 in their Attacks; player 2 has Delphana
    Masters and a red crystal."""
    s = meeting(hand0="march rage", hand1=hand1)
    s.g.players[0].units = [["peasants", 0, False], ["fire-golems", 0, False]]
    s.g.players[1].units = [["delphana-masters", 0, False]]
    s.g.players[1].crystals["red"] = 1
    attacks(s)
    return s


def test_pvp_delphana_masters_destroy_if_blocked_the_attacking_unit_blocked_whole() -> None:
    """Delphana Masters (red) "one enemy is destroyed if it is blocked": between heroes the hero
    attacked names, in the Block step, a Unit of the other hero whose attack is in the melee
    attack met (the Peasants' Attack 2; the Fire Golems, Fire Resistant, ignore the red mana's
    effect, UNIT RESISTANCES); blocked whole (Block 5 against 3 + 2), the Peasants are destroyed,
    Fame +1."""
    s = delphana("determination march rage stamina")
    do(s, "activate fire-golems-1 attack", "activate peasants-1 attack", "attack")
    assert "activate delphana-masters-1 destroy" in legal(s)
    do(s, "activate delphana-masters-1 destroy", "pay red crystal")
    assert legal(s) == ["unit peasants-1"]
    do(s, "unit peasants-1", "card determination 2", "sideways march", "sideways rage", "sideways stamina")
    g = s.g
    assert g.pvp is not None and g.pvp.if_blocked == [[1, "destroy", "peasants-1"]]
    do(s, "block")
    assert [0, "peasants-1", "destroyed", 0] in g.pvp.on_units and g.pvp.defender.fame == 1
    do(s, "next")
    assert g.pvp is None and [u[0] for u in g.players[0].units] == ["fire-golems"]


def test_pvp_delphana_masters_no_destroy_when_the_block_falls_short_or_no_unit_attacks() -> None:
    """Not blocked whole (Block 2 against Attack 2 + 1), the Unit named stays; with no Unit in the
    attack met (a card played sideways), Delphana Masters' destroy is not offered."""
    s = delphana()
    do(s, "activate peasants-1 attack", "sideways march", "attack", "activate delphana-masters-1 destroy",
       "pay red crystal", "unit peasants-1", "card determination 2", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.damage == 1 and not any(x[2] == "destroyed" for x in g.pvp.on_units)
    plain = delphana()
    do(plain, "sideways march", "attack")
    assert not any(a.startswith("activate delphana-masters-1 destroy") for a in legal(plain))


def test_pvp_burning_shield_a_block_whole_gives_fire_attack_4_in_the_blockers_attacks() -> None:
    """Burning Shield "Fire Block 4; if part of a successful block, Fire Attack 4 in the Attack
    phase": the defender blocks the attacker's Attack 3 whole and starts their own Attacks with
    Fire Attack 4 (the attacker, blocking in the last phase, would have no Attacks phase left)."""
    s = meeting(hand0="rage march", hand1="burning-shield swiftness")
    s.g.players[1].crystals["red"] = 1
    attacks(s)
    do(s, "card rage 1", "sideways march", "attack", "card burning-shield 1 basic", "pay red crystal", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.phase == "defender-attack" and g.pvp.pool == [("attack", "fire", 4)]
    assert legal(s)[-1] == "attack"


def test_pvp_exploding_shield_destroys_the_attacking_unit_blocked() -> None:
    """Exploding Shield (Burning Shield's strong effect, red and black at Night): "if part of a
    successful block, the blocked enemy is destroyed": the Peasants whose attack is met, named,
    are destroyed once the Fire Block 4 stops the attack whole."""
    s = meeting(hand0="march rage", hand1="burning-shield swiftness")
    g = s.g
    g.night = True
    g.source = ["black", "green", "green", "blue"]
    g.players[0].units = [["peasants", 0, False]]
    g.players[1].crystals["red"] = 1
    attacks(s, "full")
    do(s, "activate peasants-1 attack", "attack", "card burning-shield 1 powered", "pay red crystal",
       "pay black die-1", "unit peasants-1", "block")
    assert g.pvp is not None and [0, "peasants-1", "destroyed", 0] in g.pvp.on_units and g.pvp.pool == []
