"""The last gaps of a combat between heroes (issue 11; pvp.py, pvp_play.py, pvp_skills.py;
rules-choices.md "Player-versus-player combat"): cards that count the cards they discard, effects
that destroy an enemy, and the skills read between heroes, from hand-set Full Conquest positions
through the game's own actions."""

from __future__ import annotations

import json

from mk_positions import EAST, east_board
from test_mk_decisions import GAME, do, legal, refusal
from test_mk_pvp_cards import attacks
from test_mk_pvp_game import meeting

from boardrules.engine import Event, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.pvp.combat import (
    add_points,
    apply_pvp,
    finish_pvp,
    pvp_decision,
    start_pvp,
)

# ---- counts of cards discarded (facts 3.3 Sword of Justice, Bow of Starsdawn; Stout Resolve) ----


def test_pvp_sword_of_justice_attack_3_per_card_discarded() -> None:
    """Sword of Justice "Discard any number of cards: Attack 3 each, Fame +1 per enemy defeated
    this turn": in the attacker's Attacks the cards are discarded one at a time after the card
    (``shed CARD``, then ``shed done``, as against enemies), never a Wound (facts 4.3); two cards
    give Attack 6; no enemy is defeated between heroes, so no Fame."""
    s = meeting(hand0=f"sword-of-justice march rage {WOUND}", hand1="swiftness")
    attacks(s)
    assert "card sword-of-justice 1" in legal(s)
    do(s, "card sword-of-justice 1")
    assert legal(s) == ["shed march", "shed rage", "shed done"]
    reason, rule = refusal(s, f"shed {WOUND}")
    assert "never a Wound" in reason and rule == "Sword of Justice"
    do(s, "shed march", "shed rage")
    assert legal(s) == ["shed done"]
    do(s, "shed done")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 6)]
    assert sorted(g.players[0].discard) == ["march", "rage"] and g.players[0].hand == [WOUND]
    assert g.pvp.attacker.fame == 0 and g.players[0].fame == 0


def test_pvp_bow_of_starsdawn_ranged_2_per_card_discarded_in_the_ranged_phase() -> None:
    """Bow of Starsdawn "Discard any number of cards: Ranged 2 each": in the attacker's Ranged
    and Siege phase; one card discarded gives Ranged 2, none gives nothing."""
    s = meeting(hand0="bow-of-starsdawn march", hand1="swiftness")
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "card bow-of-starsdawn 1", "shed march", "shed done")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("ranged", "physical", 2)] and g.players[0].discard == ["march"]
    none = meeting(hand0="bow-of-starsdawn march", hand1="swiftness")
    do(none, "move 0:-2", "attack-hero 2", "participate partial", "card bow-of-starsdawn 1", "shed done")
    assert none.g.pvp is not None and none.g.pvp.pool == [] and none.g.players[0].hand == ["march"]


def test_pvp_stout_resolve_discards_a_wound_or_cards_for_its_bonus() -> None:
    """Stout Resolve "Attack or Block 2, +1 if you discard a Wound; powered 3, +2 per card
    discarded (at most one Wound)": the attacker's Attack 2 + 1 for a Wound; the defender's
    powered Block 3 + 2 + 2 for a Wound and a card (a green crystal, taking part fully)."""
    s = meeting(hand0=f"stout-resolve {WOUND} march", hand1=f"stout-resolve {WOUND} promise swiftness")
    s.g.players[1].crystals["green"] = 1
    attacks(s, "full")
    do(s, "card stout-resolve 3")
    assert legal(s) == [f"shed {WOUND}", "shed done"]
    do(s, f"shed {WOUND}")
    assert legal(s) == ["shed done"]
    do(s, "shed done")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 2), ("attack", "physical", 1)]
    assert g.players[0].discard == [WOUND]
    do(s, "attack", "card stout-resolve 4 powered", "pay green crystal", f"shed {WOUND}")
    assert f"shed {WOUND}" not in legal(s)
    do(s, "shed promise", "shed done")
    assert g.pvp.blocks == [("physical", 3), ("physical", 4)] and g.players[1].hand == ["swiftness"]


def test_pvp_sword_of_justice_thrown_away_physical_attacks_double_and_units_lose_physical_resistance() -> None:
    """Sword of Justice thrown away (facts 3.3): "physical attacks count double in the Attack
    phase, enemies lose Physical resistance": the attacker's Attack 2 + 1 counts 6, and the
    defender's Fire Golems (Physical and Fire Resistant, Armor 4) are wounded for 4, not 8."""
    s = meeting(hand0="sword-of-justice rage march", hand1="swiftness")
    g = s.g
    g.players[1].units = [["fire-golems", 0, False]]
    attacks(s)
    do(s, "card sword-of-justice 1 powered")
    assert g.pvp is not None and g.pvp.on_units == [[1, "fire-golems-1", "lose-physical", 0]]
    assert g.players[0].thrown == ["sword-of-justice"] and "card sword-of-justice 1 powered" not in legal(s)
    do(s, "card rage 1", "sideways march", "attack", "block")
    assert g.pvp.damage == 6 and legal(s) == ["wound fire-golems-1", "wound hero"]
    do(s, "wound fire-golems-1")
    assert g.pvp.damage == 2


def test_pvp_bow_of_starsdawn_thrown_away_ranged_doubled_or_as_siege_against_a_fortified_hero() -> None:
    """Bow of Starsdawn thrown away (facts 3.3): "your ranged attacks are doubled or become siege":
    against a defender fortified by a wall (WALLS "Combat") Swift Reflexes' Ranged 1 is played
    in the Ranged and Siege phase as Siege (undoubled); against an unfortified one it counts 2."""
    from test_mk_pvp import meeting as board
    from test_mk_pvp import play

    b = board(walls=(("W", "NE"),))
    b.s.players[0].hand = ["bow-of-starsdawn", "swift-reflexes"]
    pvp = start_pvp(b.t, b.s, 0, 1, b.events)
    play(b, pvp, "participate partial")
    d = pvp_decision(b.t, b.s)
    assert d is not None and [a.text for a in d.actions] == ["card bow-of-starsdawn 1 powered", "next"]
    play(b, pvp, "card bow-of-starsdawn 1 powered", "card swift-reflexes 2", "attack")
    assert pvp.pool == [("ranged", "physical", 1)] and pvp.damage == 1 and pvp.step == "assign"
    open_board = board()
    open_board.s.players[0].hand = ["bow-of-starsdawn", "swift-reflexes"]
    q = start_pvp(open_board.t, open_board.s, 0, 1, [])
    play(open_board, q, "participate partial", "card bow-of-starsdawn 1 powered", "card swift-reflexes 2", "attack")
    assert q.damage == 2


def test_pvp_heroic_tale_and_chivalry_count_no_unit_recruited_and_no_enemy_defeated() -> None:
    """Heroic Tale "Influence 3; Reputation +1 per Unit recruited this turn" and Chivalry "Attack
    2 with Reputation +1 per enemy it defeats": no Unit is recruited after the turn's action and
    no enemy is defeated between heroes, so they count 0: Heroic Tale's Influence 3 pays for the
    attacker's Heroes Unit, Chivalry is Attack 2, the Reputation unchanged."""
    s = meeting(hand0="heroic-tale chivalry march", hand1="swiftness")
    g = s.g
    g.players[0].units = [["hero-blue", 0, False]]
    attacks(s)
    do(s, "card heroic-tale 1")
    assert g.pvp is not None and g.pvp.attacker.influence == 3 and g.players[0].reputation == 0
    do(s, "card chivalry 2")
    assert g.pvp.pool == [("attack", "physical", 2)] and g.players[0].reputation == 0


def test_pvp_bad_input_in_the_discard_and_naming_steps_is_a_clear_error() -> None:
    """Bad input names its rule, never a traceback: a payment while the cards to discard are asked
    (or while a Unit is named) was an IndexError; a card not in the hand; a skill's colour or
    token that is no such thing."""
    s = meeting(hand0="sword-of-justice march rage", hand1="swiftness")
    s.g.players[0].skills = ["universal-power", "puppet-master"]
    attacks(s)
    reason, rule = refusal(s, "skill universal-power 1 purple")
    assert "basic colour" in reason and rule == "Using Skills"
    reason, rule = refusal(s, "skill puppet-master 1 nowhere")
    assert "name a token you keep" in reason and rule == "Using Skills"
    do(s, "card sword-of-justice 1")
    reason, rule = refusal(s, "pay red crystal")
    assert "shed march" in reason and rule == "Player versus player combat"
    reason, rule = refusal(s, "shed stamina")
    assert "shed done" in reason and rule == "Sword of Justice"
    named = meeting(hand0="chilling-stare march", hand1="swiftness")
    named.g.players[0].mana["blue"] = 1
    named.g.players[1].units = [["peasants", 0, False]]
    do(named, "move 0:-2", "attack-hero 2", "participate partial", "card chilling-stare 2 powered blue",
       "pay blue token")
    reason, rule = refusal(named, "pay blue token")
    assert "unit peasants-1" in reason and rule == "Player versus player combat"


# ---- destroy, destroy if blocked, loses attack abilities -----------------------------------------


def tornado(defender_units: list[list[object]]):  # type: ignore[no-untyped-def]
    """Player 1 at Night in their Attacks with Whirlwind and Demolish, a white crystal, a red
    crystal and a black die; player 2's Units as given."""
    s = meeting(hand0="whirlwind demolish march", hand1="swiftness")
    g = s.g
    g.night = True
    g.source = ["black", "green", "green", "blue"]
    g.players[0].crystals["white"] = g.players[0].crystals["red"] = 1
    g.players[1].units = defender_units
    attacks(s)
    return s


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


def test_render_shows_a_unit_destroyed_in_a_combat_between_heroes() -> None:
    """The terminal picture names a Unit destroyed in the combat (Tornado) as such, to every viewer."""
    from rich.console import Console

    s = tornado([["peasants", 0, False], ["utem-guardsmen", 0, False]])
    do(s, "card whirlwind 1 powered", "pay white crystal", "pay black die-1", "unit peasants-1")
    for viewer in (None, 0, 1):
        console = Console(record=True, width=200, color_system=None)
        console.print(GAME.render(s, viewer))
        out = console.export_text()
        assert "peasants-1 (destroyed)" in out and "utem-guardsmen-1" in out


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


# ---- skills with their own mechanisms, read between heroes (facts 3.5) ---------------------------


def test_pvp_universal_power_either_heros_next_card_played_sideways() -> None:
    """Universal Power "add a mana to a card played sideways: +3 instead of +1, or +4 if it is an
    Action or Spell of that colour": the attacker names green and pays it, then March (green)
    sideways is Attack 4; the defender, taking part fully, names blue and blocks with
    Determination (blue) sideways for Block 4. A colour is named; the skill is used once."""
    s = meeting(hand0="march rage", hand1="determination swiftness")
    s.g.source = ["red", "red", "white", "white"]
    s.g.players[0].skills = ["universal-power"]
    s.g.players[1].skills = ["universal-power"]
    s.g.players[0].crystals["green"] = 1
    s.g.players[1].crystals["blue"] = 1
    attacks(s, "full")
    acts = legal(s)
    assert "skill universal-power 1 green" in acts and "skill universal-power 1 blue" not in acts
    reason, rule = refusal(s, "skill universal-power 1")
    assert "name the basic colour" in reason and rule == "Using Skills"
    do(s, "skill universal-power 1 green", "pay green crystal")
    g = s.g
    assert g.sideways_bonus == "universal-power:green"
    do(s, "sideways march")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)] and not g.sideways_bonus
    do(s, "attack", "skill universal-power 1 blue", "pay blue crystal")
    assert g.pvp.defender.bonus == "universal-power:blue"
    do(s, "sideways determination")
    assert g.pvp.blocks == [("physical", 4)] and g.pvp.defender.bonus == ""


def test_pvp_power_of_pain_a_wound_played_sideways_by_either_hero() -> None:
    """Power of Pain "play one Wound sideways as if it were not a Wound, worth +2; it goes to the
    discard pile at end of turn": the attacker's Wound is Attack 2; the defender's (taking part
    fully) Block 2, to their discard pile when the combat ends. Without the skill a Wound is
    never played sideways."""
    s = meeting(hand0=f"march {WOUND}", hand1=f"swiftness {WOUND}")
    g = s.g
    g.players[0].skills = ["power-of-pain"]
    g.players[1].skills = ["power-of-pain"]
    attacks(s, "full")
    assert f"sideways {WOUND}" not in legal(s)
    do(s, "skill power-of-pain 1", f"sideways {WOUND}")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 2)] and g.players[0].play_area == [WOUND]
    do(s, "attack", "skill power-of-pain 1", f"sideways {WOUND}")
    assert g.pvp.blocks == [("physical", 2)]
    do(s, "block", "next")
    assert g.pvp is None and WOUND in g.players[1].discard and WOUND not in g.players[1].hand


def test_pvp_who_needs_magic_the_defenders_plus_3_without_a_source_die() -> None:
    """Who Needs Magic? "one card played sideways gives +2 (+3 if you use no Source die this
    turn)": the defender, taking part fully and with no die taken, blocks with Swiftness
    sideways for 3, and then takes no Source die (Determination's powered Block, payable with a
    blue die before, is no longer offered)."""
    s = meeting(hand0="march", hand1="determination swiftness")
    g = s.g
    g.source = ["blue", "blue", "green", "white"]
    g.players[1].skills = ["who-needs-magic"]
    attacks(s, "full")
    do(s, "sideways march", "attack")
    assert "card determination 1 powered" in legal(s)
    do(s, "skill who-needs-magic 1", "sideways swiftness")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 3)]
    assert "card determination 1 powered" not in legal(s)


def test_pvp_battle_frenzy_attack_4_flips_it_until_its_owner_rests() -> None:
    """Battle Frenzy "Attack 2, or flip it for Attack 4 (it flips back when you rest)": the
    defender (fully) attacks for 4 in their Attacks; when the combat ends their once-a-turn
    skills face up again (the turn was not theirs), but Battle Frenzy stays flipped until they
    rest (it was refused between heroes before)."""
    s = meeting(hand0="march", hand1="swiftness")
    g = s.g
    g.players[1].skills = ["battle-frenzy"]
    attacks(s, "full")
    do(s, "next")
    assert [a for a in legal(s) if a.startswith("skill")] == ["skill battle-frenzy 1", "skill battle-frenzy 2"]
    do(s, "skill battle-frenzy 2")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)]
    do(s, "attack", "block", "wound hero")
    assert g.pvp is None and g.players[1].skills_used == ["flipped:battle-frenzy"]


def test_pvp_know_your_prey_a_units_resistance_or_an_element_of_the_attack_met() -> None:
    """Know Your Prey "one enemy ignores one ability or loses one element of its attack": between
    heroes the attacker takes the Physical resistance of the defender's Fire Golems (wounded for
    4 physical damage, not 8); the defender (fully) turns the attacker's Altem Mages' Cold Fire
    Attack 5 to Fire in the Block step. Neither has an ability to ignore."""
    s = meeting(hand0="rage march stamina", hand1="swiftness")
    g = s.g
    g.players[0].skills = ["know-your-prey"]
    g.players[1].units = [["fire-golems", 0, False]]
    attacks(s)
    acts = [a for a in legal(s) if a.startswith("skill")]
    assert acts == ["skill know-your-prey 1 fire-golems-1:physical", "skill know-your-prey 1 fire-golems-1:fire"]
    reason, rule = refusal(s, "skill know-your-prey 1")
    assert "no ability to ignore" in reason and rule == "Using Skills"
    do(s, "skill know-your-prey 1 fire-golems-1:physical", "card rage 1", "sideways march", "sideways stamina",
       "attack", "block")
    assert g.pvp is not None and g.pvp.damage == 4 and "wound fire-golems-1" in legal(s)
    met = meeting(hand0="march", hand1="swiftness")
    m = met.g
    m.players[0].units = [["altem-mages", 0, False]]
    m.players[1].skills = ["know-your-prey"]
    attacks(met, "full")
    do(met, "activate altem-mages-1 cold-fire-attack", "attack")
    assert [a for a in legal(met) if "element:" in a] == ["skill know-your-prey 1 element:cold-fire:fire",
                                                          "skill know-your-prey 1 element:cold-fire:ice"]
    do(met, "skill know-your-prey 1 element:cold-fire:fire")
    assert m.pvp is not None and m.pvp.pool == [("attack", "fire", 5)]


def test_pvp_taunt_the_attack_met_plus_2_and_the_other_heros_armor_minus_2() -> None:
    """Taunt's second option "in the Block phase ... +2 to it and its Armor -2 (min 1)": between
    heroes the defender (fully) raises the attacker's melee attack to 3, blocks it whole, and
    strikes back against Armor 2 instead of 4: 3 damage are 2 Wounds (it was refused before: "a
    hero has no Armor to lower")."""
    s = meeting(hand0="march", hand1="determination swiftness rage stamina")
    g = s.g
    g.players[1].skills = ["taunt"]
    attacks(s, "full")
    assert g.pvp is not None
    g.pvp.attacker.armor = 4
    do(s, "sideways march", "attack")
    assert "skill taunt 2" in legal(s)
    do(s, "skill taunt 2")
    assert g.pvp.pool == [("attack", "physical", 1), ("attack", "physical", 2)] and g.pvp.attacker.armor == 2
    do(s, "card determination 2", "sideways swiftness", "block", "card rage 1", "sideways stamina", "attack", "block")
    assert g.pvp.damage == 3
    do(s, "wound hero")
    assert g.players[0].hand.count(WOUND) == 2


def test_pvp_leadership_the_next_unit_activated_gets_its_bonus() -> None:
    """Leadership "when activating a Unit: +3 to its Block, +2 to its Attack or +1 to its Ranged
    Attack": the attacker's Peasants attack for 2 + 2; the defender's Peasants block for 2 + 3,
    their I Don't Give a Damn waiting besides for Swiftness sideways (Block 2); without a ready
    Unit it is refused naming why."""
    s = meeting(hand0="march rage", hand1="swiftness")
    s.g.players[0].skills = ["leadership"]
    s.g.players[0].units = [["peasants", 0, False]]
    attacks(s)
    do(s, "skill leadership 1", "activate peasants-1 attack")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)] and "leadership" not in g.pvp.attacker.marks
    do(s, "attack")
    s.g.players[1].skills = ["leadership", "i-dont-give-a-damn"]  # the defender's two bonuses wait together
    s.g.players[1].units = [["peasants", 0, False]]
    g.pvp.participation = "full"
    g.pvp.defender.units = [["peasants", "peasants-1", 0]]
    s.cached = None
    do(s, "skill leadership 1", "skill i-dont-give-a-damn 1", "activate peasants-1 block", "sideways swiftness")
    assert g.pvp.blocks == [("physical", 5), ("physical", 2)]
    alone = meeting(hand0="march rage", hand1="swiftness")
    alone.g.players[0].skills = ["leadership"]
    attacks(alone)
    assert "skill leadership 1" not in legal(alone)
    reason, rule = refusal(alone, "skill leadership 1")
    assert "no ready Unit" in reason and rule == "Using Skills"


def test_pvp_dueling_block_1_then_attack_1_against_the_other_hero_fame_without_units() -> None:
    """Dueling "Block 1 in the Block phase and Attack 1 against the same enemy in the Attack
    phase; Fame +1 if you defeat it without Unit abilities": the defender (fully) blocks the
    attacker's Attack 1 with it, starts their Attacks with Attack 1 against the attacker, and
    knocking them out with no Unit ability used gains Fame +1 besides the Wound's."""
    s = meeting(hand0="march", hand1="swiftness")
    s.g.players[1].skills = ["dueling"]
    attacks(s, "full")
    g = s.g
    assert g.pvp is not None
    g.pvp.attacker.hand_limit = 1
    do(s, "sideways march", "attack")
    assert "skill dueling 1" in legal(s)
    do(s, "skill dueling 1")
    assert g.pvp.blocks == [("physical", 1)]
    do(s, "block")
    assert g.pvp.phase == "defender-attack" and g.pvp.pool == [("attack", "physical", 1)]
    do(s, "attack", "block", "wound hero")
    assert g.pvp is None and g.players[1].fame == 2 and g.players[0].hand.count(WOUND) == 1


def test_pvp_master_of_chaos_turns_and_its_colours_effect_acts_between_heroes() -> None:
    """Master of Chaos "turn the token a step: blue Block 3, green Move 1, black Cold Fire Ranged
    1, white Influence 2, red Attack 2, gold any of these": from white to red, Attack 2 in the
    attacker's Attacks; from red to gold, a colour is named among the effects that act now
    (black's Cold Fire Ranged 1, red's Attack 2; not blue's Block, green's Move or white's
    Influence); from blue to green, the Move 1 is lost but the token has turned."""
    s = meeting(hand0="march rage", hand1="swiftness")
    p = s.g.players[0]
    p.skills, p.chaos = ["master-of-chaos"], "white"
    attacks(s)
    do(s, "skill master-of-chaos 1")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 2)] and p.chaos == "red"
    gold = meeting(hand0="march rage", hand1="swiftness")
    q = gold.g.players[0]
    q.skills, q.chaos = ["master-of-chaos"], "red"
    attacks(gold)
    chaos = [a for a in legal(gold) if a.startswith("skill master-of-chaos")]
    assert chaos == ["skill master-of-chaos 1 black", "skill master-of-chaos 1 red"]
    do(gold, "skill master-of-chaos 1 black")
    assert gold.g.pvp is not None and gold.g.pvp.pool == [("ranged", "cold-fire", 1)] and q.chaos == "gold"
    lost = meeting(hand0="march rage", hand1="swiftness")
    r = lost.g.players[0]
    r.skills, r.chaos = ["master-of-chaos"], "blue"
    attacks(lost)
    do(lost, "skill master-of-chaos 1")
    assert lost.g.pvp is not None and lost.g.pvp.pool == [] and r.chaos == "green"


def test_pvp_puppet_master_a_kept_token_for_its_attack_or_its_block() -> None:
    """Puppet Master "discard one kept for Attack half its attack or Block half its Armor (rounded
    up), with its elements": the attacker's Orc Skirmishers give Attack 1 + 1 in their Attacks;
    the defender's Prowlers (fully) Block 2 against it; the tokens go to the green discard pile.
    No enemy is defeated between heroes, so none is kept (refused naming why)."""
    s = meeting(hand0="march", hand1="swiftness")
    g = s.g
    g.players[0].skills, g.players[0].puppets = ["puppet-master"], ("orc-skirmishers", "prowlers")
    g.players[1].skills, g.players[1].puppets = ["puppet-master"], ("prowlers",)
    attacks(s, "full")
    acts = legal(s)
    assert "skill puppet-master 1 orc-skirmishers" in acts and "skill puppet-master 1 prowlers" in acts
    reason, rule = refusal(s, "skill puppet-master 1")
    assert "no enemy is defeated between heroes" in reason and rule == "Using Skills"
    do(s, "skill puppet-master 1 orc-skirmishers")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 1), ("attack", "physical", 1)]
    assert g.players[0].puppets == ("prowlers",) and "orc-skirmishers" in g.enemy_discards["green"]
    do(s, "attack", "skill puppet-master 1 prowlers")
    assert g.pvp.blocks == [("physical", 2)] and g.players[1].puppets == ()


# ---- interactive skills in the centre during a combat between heroes (facts 3.5) --------------------


def test_pvp_wolfs_howl_in_the_centre_the_other_heros_units_minus_1() -> None:
    """Wolf's Howl "until your next turn other players' units get -1 to attacks and blocks": the
    defender's Howl in the centre (from their turn) lowers the attacker's Peasants' Attack 2 to
    1; the defender's own Peasants block for 2."""
    s = meeting(hand0="march", hand1="swiftness")
    g = s.g
    g.centre = (("wolfs-howl", 1, ""),)
    g.players[0].units = [["peasants", 0, False]]
    g.players[1].units = [["peasants", 0, False]]
    attacks(s)
    do(s, "activate peasants-1 attack")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 1)]
    do(s, "attack", "activate peasants-1 block")
    assert g.pvp.blocks == [("physical", 2)]


def test_pvp_mana_exploit_wounds_the_defender_using_another_colour() -> None:
    """Mana Exploit "until your next turn other players take a Wound when they use mana of any
    OTHER colour" (no "on their turn", unlike Mana Curse): the attacker's Exploit marked red, the
    defender paying a blue crystal for Determination's Block 5 takes a Wound into the hand."""
    s = meeting(hand0="march", hand1="determination swiftness")
    g = s.g
    g.centre = (("mana-exploit", 0, "red"),)
    g.players[1].crystals["blue"] = 1
    attacks(s)
    do(s, "sideways march", "attack", "card determination 1 powered", "pay blue crystal")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 5)] and g.players[1].hand.count(WOUND) == 1
    assert g.centre == (("mana-exploit", 0, "red;1:blue"),)


def test_pvp_source_freeze_the_defender_takes_no_die() -> None:
    """Source Freeze "other players may not use their normal die from the Source": the defender
    taking part fully has one die, their normal one; under the attacker's Source Freeze it is
    not offered (their crystal is)."""
    s = meeting(hand0="march", hand1="determination swiftness")
    g = s.g
    g.source = ["blue", "blue", "green", "white"]
    g.centre = (("source-freeze", 0, ""),)
    g.players[1].crystals["blue"] = 1
    attacks(s, "full")
    do(s, "sideways march", "attack", "card determination 1 powered")
    assert legal(s) == ["pay blue crystal"]


# ---- random combats between heroes reaching what this file adds (property) -----------------------

NEW_CARDS = ("sword-of-justice", "bow-of-starsdawn", "stout-resolve", "burning-shield", "whirlwind", "demolish",
             "march", "rage", "determination", "swiftness", "promise", "stamina", WOUND)
NEW_UNITS = ("peasants", "delphana-masters", "delphana-masters", "utem-guardsmen", "fire-golems", "peasants")
NEW_SKILLS = ("universal-power", "leadership", "dueling", "master-of-chaos", "puppet-master", "power-of-pain",
              "who-needs-magic", "i-dont-give-a-damn", "know-your-prey", "battle-frenzy")
TOKENS = ("orc-skirmishers", "prowlers", "diggers")
CHAOS_COLOURS = ("", "blue", "green", "black", "white", "red", "gold")


def _new_kind(action, pvp) -> str:  # type: ignore[no-untyped-def]
    """The part of this file an action reaches ("" for none)."""
    if action.name == "skill" and action.args[0] in NEW_SKILLS:
        return str(action.args[0])
    if action.name == "shed" and action.args[0] != "done":
        return "shed"
    if action.name == "activate" and action.args[1] == "destroy":
        return "destroy if blocked"
    if action.name == "card" and action.args[0] in ("whirlwind", "demolish") and action.args[2:3] == ("powered",):
        return "destroy"
    if action.name == "card" and action.args[0] == "burning-shield":
        return "burning shield"
    if action.name == "card" and action.args[0] in ("sword-of-justice", "bow-of-starsdawn") and \
            action.args[2:3] == ("powered",):
        return "thrown away"
    return ""


def test_random_pvp_combats_reach_the_discards_destroys_and_skills_and_keep_the_invariants() -> None:
    """Random combats between two heroes with the cards, Units and skills of this file: every
    decision has a legal action and every action offered is applied without error (tried on a
    copy now and then); each of the discards for a bonus, the destroys (by an effect and by a
    Block whole), Burning Shield, the Artifacts thrown away and the five skills is reached; cards are conserved (the cards
    discarded to the discard pile), Units too but for those destroyed, nothing goes negative, the
    combat's state is plain JSON and each combat ends."""
    reached: dict[str, int] = {}
    for seed in range(300):
        rng = Rng(seed)
        b = east_board("plains plains plains plains plains plains plains", players=2, at=EAST["NW"])
        b.s.night = bool(rng.below(3))  # black mana for the strong effects of Spells
        b.s.source = [("red", "blue", "green", "white", "black", "gold")[rng.below(6)] for _ in range(3)]
        for p in b.s.players:
            p.hand = [NEW_CARDS[rng.below(len(NEW_CARDS))] for _ in range(2 + rng.below(5))]
            p.units = [[NEW_UNITS[rng.below(len(NEW_UNITS))], 0, False] for _ in range(1 + rng.below(2))]
            p.hand_limit = 1 + rng.below(5)
            p.crystals = {c: rng.below(3) for c in p.crystals}
            p.mana = {c: int(c == "black") for c in p.mana}
            p.skills = sorted({NEW_SKILLS[rng.below(len(NEW_SKILLS))] for _ in range(1 + rng.below(3))})
            p.puppets = tuple(TOKENS[rng.below(len(TOKENS))] for _ in range(rng.below(3)))
            p.chaos = CHAOS_COLOURS[rng.below(len(CHAOS_COLOURS))]
        before = [sorted(p.hand + p.play_area + p.discard + p.deck) for p in b.s.players]
        units = [[u[0] for u in p.units] for p in b.s.players]
        pvp = start_pvp(b.t, b.s, 0, 1, [])
        for step in range(300):
            d = pvp_decision(b.t, b.s)
            if d is None:
                break
            assert d.actions, (seed, pvp.to_json())
            if step % 11 == 0:  # every action offered applies
                for a in d.actions:
                    g = b.s.clone()
                    assert g.pvp is not None
                    apply_pvp(b.t, g, a, [], d.player)
            if pvp.step in ("play", "block") and not pvp.pending and pvp.phase != "participation" and \
                    rng.below(4) == 0 and not (pvp.phase == "ranged" and pvp.fortified >= 2):
                kind = "block" if pvp.step == "block" else "siege" if pvp.phase.endswith("ranged") else "attack"
                add_points(b.t, pvp, d.player, kind, 1 + rng.below(6))
                continue
            new = [a for a in d.actions if _new_kind(a, pvp) or a.name == "activate"]  # Units attack: blocked
            action = new[rng.below(len(new))] if new and rng.below(2) else d.actions[rng.below(len(d.actions))]
            if kind := _new_kind(action, pvp):
                reached[kind] = reached.get(kind, 0) + 1
            events: list[Event] = []
            apply_pvp(b.t, b.s, action, events, d.player)
            for e in events:
                if e.kind == "unit-affected" and e.data.get("effect") in ("destroy", "destroy-if-blocked") and \
                        "destroyed" in e.text and "if the attack" not in e.text:
                    what = "destroyed by an effect" if e.data["effect"] == "destroy" else "destroyed by a Block whole"
                    reached[what] = reached.get(what, 0) + 1
            assert min(pvp.damage, pvp.attacker.wounds, pvp.defender.wounds, pvp.attacker.influence,
                       pvp.defender.influence) >= 0
            json.dumps(pvp.to_json())
        assert pvp.phase == "over", seed
        sides = (pvp.attacker, pvp.defender)
        kept = [[u[0] for u in side.units if [i, u[1], "destroyed", 0] not in pvp.on_units]
                for i, side in enumerate(sides)]
        assert [[u[0] for u in side.units] for side in sides] == units
        finish_pvp(b.t, b.s, [])
        for i, p in enumerate(b.s.players):
            assert [u[0] for u in p.units] == kept[i], seed  # Units conserved, but for those destroyed
            non_wounds = sorted(c for c in p.hand + p.play_area + p.discard + p.thrown + p.deck if c != WOUND)
            assert non_wounds == [c for c in before[i] if c != WOUND], seed
            assert all(u[1] >= 0 for u in p.units) and p.fame >= 0
            assert min(p.mana.values()) >= 0 and min(p.crystals.values()) >= 0
    assert set(reached) == {*NEW_SKILLS, "shed", "destroy", "destroy if blocked", "burning shield", "thrown away",
                            "destroyed by an effect", "destroyed by a Block whole"}, reached
