"""Cards' effects paid with mana, and mana-powered Unit abilities, in a combat between heroes
(pvp/combat.py; facts 5.3 "Powering", 3.2 Spells, 3.4 Units; rules-choices.md "Player versus player"):
from hand-set Full Conquest positions through the game's own actions (``attack-hero N``, the
defender's answer, ``card CARD N HOW`` and its ``pay COLOUR SOURCE`` steps)."""

from __future__ import annotations

from mk_positions import GAME, attacks, do, legal, meeting, play, refusal, taken

from boardrules.engine import Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.pvp.combat import pvp_decision, start_pvp


def test_pvp_powered_effect_paid_with_the_attackers_own_crystal() -> None:
    """Facts 5.3 "an action card's strong effect costs 1 mana of its colour": in the attacker's
    Attacks Rage's powered Attack 4 is offered once a red mana can be paid, and its points come
    after the ``pay`` step; the crystal is spent from the Inventory."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    attacks(s)
    assert "card rage 1 powered" not in legal(s)  # no red mana at all
    s.g.players[0].crystals["red"] = 1
    s.cached = None
    assert "card rage 1 powered" in legal(s)
    do(s, "card rage 1 powered")
    assert legal(s) == ["pay red crystal"]
    assert s.g.pvp is not None and s.g.pvp.pool == []  # nothing before the mana is paid
    do(s, "pay red crystal")
    assert s.g.pvp.pool == [("attack", "physical", 4)] and s.g.players[0].crystals["red"] == 0
    assert "rage" in s.g.players[0].play_area


def test_pvp_the_defender_takes_a_source_die_only_when_taking_part_fully() -> None:
    """The player aids: a partial participation means no Source die (rules-choices.md: a full
    one allows one die, taken during the attacker's turn, not the attacker's own die of the
    turn). Determination's powered Block 5 against the attacker's melee attack: partially the
    defender has only a crystal to pay; fully a blue die of the Source too, once."""
    s = meeting(hand0="march rage", hand1="determination tranquility")
    s.g.source = ["blue", "blue", "green", "white"]
    attacks(s, "partial")
    do(s, "sideways march", "attack")
    assert "card determination 1 powered" not in legal(s)  # no crystal, no die
    full = meeting(hand0="march rage", hand1="determination tranquility")
    full.g.source = ["blue", "blue", "green", "white"]
    attacks(full, "full")
    do(full, "sideways march", "attack")
    do(full, "card determination 1 powered")
    assert legal(full) == ["pay blue die-1", "pay blue die-2"]
    do(full, "pay blue die-2")
    g = full.g
    assert g.pvp is not None and g.pvp.blocks == [("physical", 5)] and g.source_used == [1]
    assert g.dice_allowed == 2  # the attacker's own die of the turn is still free
    do(full, "block")
    assert g.pvp.phase == "defender-attack" and g.pvp.defender_dice == 1


def test_pvp_the_defenders_second_die_is_refused() -> None:
    """One Source die for the defender (facts 5.3 "use at most 1 die per turn"): after a blue
    die for Determination, Instinct's powered Block 4 is offered only with a red crystal, and a
    red die is refused naming the rule."""
    s = meeting(hand0="march rage", hand1="determination instinct")
    s.g.source = ["blue", "red", "green", "white"]
    attacks(s, "full")
    do(s, "sideways march", "sideways rage", "attack")
    assert "card instinct 4 powered" in legal(s)
    do(s, "card determination 1 powered", "pay blue die-1")
    assert "card instinct 4 powered" not in legal(s)
    s.g.players[1].crystals["red"] = 1
    s.cached = None
    do(s, "card instinct 4 powered")
    assert legal(s) == ["pay red crystal"]
    reason, rule = refusal(s, "pay red die-2")
    assert "a Source die only when taking part fully" in reason and rule == "Mana"
    do(s, "pay red crystal", "block")
    assert s.g.pvp is not None and s.g.pvp.phase == "defender-attack"  # Block 9 against 2


def test_pvp_a_spells_basic_effect_paid_with_its_colour() -> None:
    """Facts 3.2: a Spell's basic effect costs a mana of its colour: Fireball's Ranged Fire
    Attack 5 in the attacker's Ranged and Siege phase (``card fireball 1 basic``, then the red
    mana); Fire against a Unit without Fire resistance wounds it for its Armor."""
    s = meeting(hand0="fireball march", hand1="promise")
    s.g.source = ["red", "green", "white", "white"]
    s.g.players[1].units = [["peasants", 0, False]]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert legal(s) == ["card fireball 1 basic", "next"]
    do(s, "card fireball 1 basic", "pay red die-1", "attack")
    assert s.g.pvp is not None and s.g.pvp.damage == 5 and s.g.pvp.elements == ("fire",)
    do(s, "wound peasants-1", "wound hero")
    assert s.g.pvp.defender.units[0][2] == 1 and s.g.pvp.defender.wounds == 1


def test_pvp_a_spells_strong_effect_at_night_its_colour_and_black_and_its_wound() -> None:
    """Facts 3.2: a Spell's strong effect costs its colour and black (black only at Night):
    Fireball's strong effect, Siege Fire Attack 8, takes a Wound into the hand; two ``pay``
    steps, each offering only the ways that leave the other payable (one die a turn)."""
    s = meeting(hand0="fireball march", hand1="promise")
    s.g.night = True
    s.g.source = ["red", "black", "green", "white"]
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    assert "card fireball 1 powered" not in legal(s)  # red and black from one die each: one die a turn
    s.g.players[0].crystals["red"] = 1
    s.cached = None
    do(s, "card fireball 1 powered")
    assert legal(s) == ["pay red crystal"]  # the die would leave the black unpaid
    do(s, "pay red crystal")
    assert legal(s) == ["pay black die-2"]
    do(s, "pay black die-2")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("siege", "fire", 8)] and g.players[0].hand.count(WOUND) == 1


def test_pvp_mana_powered_unit_ability() -> None:
    """Facts 3.4 "unit abilities marked with a colour cost that mana": Red Cape Monks' (red)
    Fire Attack 4 in the attacker's Attacks, paid from a red mana token; the Unit is spent;
    without red mana only its Attack 3 is offered."""
    s = meeting(hand0="march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].units = [["red-cape-monks", 0, False]]
    attacks(s)
    acts = [a for a in legal(s) if a.startswith("activate")]
    assert acts == ["activate red-cape-monks-1 attack"]
    s.g.players[0].mana["red"] = 1
    s.cached = None
    do(s, "activate red-cape-monks-1 fire-attack")
    assert legal(s) == ["pay red token"] and s.g.players[0].units[0][2]
    do(s, "pay red token")
    assert s.g.pvp is not None and s.g.pvp.pool == [("attack", "fire", 4)] and s.g.players[0].mana["red"] == 0


def test_pvp_a_wrong_payment_is_a_clear_error() -> None:
    """Bad input: a payment that is not offered names the ways that are, and the rule."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].crystals["red"] = 1
    attacks(s)
    do(s, "card rage 1 powered")
    reason, rule = refusal(s, "pay red die-1")
    assert "pay red mana for rage with one of: pay red crystal" in reason and rule == "Mana"


def test_mana_curse_the_attacker_paying_the_cursed_colour_takes_a_wound() -> None:
    """Mana Curse (facts 3.2 "any other player who uses mana of that colour on their turn takes
    a Wound"): the attacker pays red in their own turn's combat between heroes: a Wound."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["red", "green", "white", "white"]
    s.g.mana_claims = ((1, 0, 0, 1),)  # player 2 keeps the red die 1 with Mana Curse
    s.g.players[0].crystals["red"] = 1
    attacks(s)
    do(s, "card rage 1 powered", "pay red crystal")
    assert s.g.players[0].hand.count(WOUND) == 1


def test_mana_curse_the_defender_paying_the_cursed_colour_out_of_their_turn_takes_none() -> None:
    """Mana Curse: "on their turn" - the defender pays blue during the attacker's turn (our
    reading, rules-choices.md): no Wound, though the attacker owns the curse."""
    s = meeting(hand0="march rage", hand1="determination tranquility")
    s.g.source = ["blue", "green", "white", "white"]
    s.g.mana_claims = ((0, 0, 0, 1),)  # player 1 keeps the blue die 1 with Mana Curse
    s.g.players[1].crystals["blue"] = 1
    attacks(s)
    do(s, "sideways march", "attack", "card determination 1 powered", "pay blue crystal")
    assert WOUND not in s.g.players[1].hand and s.g.players[1].crystals["blue"] == 0


def test_pvp_heroes_units_cost_the_attacker_2_influence_in_a_pvp_attack() -> None:
    """Facts 3.4 "Heroes units: ... during an assault (or PvP attack) you must pay 2 Influence to
    use them": the attacker's Heroes are offered once 2 Influence is played in the combat
    (sideways, Influence 1 each, facts 5.4), paid once a combat; the defender's Heroes, not
    attacking, block freely (our reading, rules-choices.md)."""
    s = meeting(hand0="march rage stamina", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].units = [["hero-red", 0, False]]
    s.g.players[1].units = [["hero-blue", 0, False]]
    attacks(s)
    acts = legal(s)
    assert not any(a.startswith("activate hero-red-1") for a in acts) and "sideways march influence" in acts
    do(s, "sideways march influence")
    assert not any(a.startswith("activate hero-red-1") for a in legal(s))
    do(s, "sideways rage influence")
    acts = legal(s)
    assert "activate hero-red-1 attack" in acts and not any(a.endswith(" influence") for a in acts)
    do(s, "activate hero-red-1 attack")
    g = s.g
    assert g.pvp is not None and g.pvp.attacker.influence == 0 and g.pvp.attacker.paid == ["hero-red-1"]
    assert g.pvp.pool == [("attack", "physical", 5)]
    do(s, "attack")
    assert "activate hero-blue-1 block" in legal(s)  # the defender's Heroes: no Influence
    do(s, "activate hero-blue-1 block", "block")
    assert g.pvp.phase == "defender-attack"


def test_underground_attack_onto_another_heros_space_is_a_combat_between_heroes() -> None:
    """Facts 3.2 Underground Attack: "the same move but must end on a fortified site (or another
    player's space): it is an assault/attack, site fortifications ignored": the space of a hero
    2 spaces away is offered, the combat between heroes starts at once (the defender answers),
    the defender not fortified (no wall crossed underground); the turn ends on their space, so
    the Forced Withdrawal takes the hero back to the space the spell started from."""
    s = meeting(hand0="underground-travel march", hand1="promise")
    g = s.g
    g.night = True
    g.source = ["green", "red", "red", "red"]
    g.players[0].mana["black"] = 1
    g.players[1].position = (0, -3)
    s.cached = None
    do(s, "play underground-travel powered", "pay green die-1", "pay black token")
    assert "move 0:-3" in taken(s)  # the one space: taken at once
    do(s, "move 0:-3")
    assert g.pvp is not None and g.players[0].position == (0, -3) and g.pvp.fortified == 0
    d = GAME.decision(s)
    assert d is not None and d.player == 1 and d.actions[0].text == "participate full"
    do(s, "participate partial", "next", "next", "next", "next")
    assert g.pvp is None and "end-turn" in legal(s)
    do(s, "end-turn")
    assert g.players[0].position == (0, -1)  # back where the spell started


def test_underground_attack_not_onto_a_hero_who_may_not_be_attacked() -> None:
    """Facts 5.5: not against a face-down round-order token: that hero's space is not offered
    (and with no fortified site in reach the strong effect is not offered at all)."""
    s = meeting(hand0="underground-travel march", hand1="promise")
    g = s.g
    g.night = True
    g.source = ["green", "red", "red", "red"]
    g.players[0].mana["black"] = 1
    g.players[1].position = (0, -3)
    g.pvp_face_down = [1]
    s.cached = None
    assert "play underground-travel powered" not in legal(s)


def test_pvp_swift_reflexes_reduces_the_melee_attack_met() -> None:
    """Swift Reflexes (facts 2: "one enemy attack -1 in the Block phase", powered -2): played by
    the hero attacked against a melee attack (our reading: the attack met, before any Block),
    not in the hero's own attacks; the powered side paid from the defender's white crystal."""
    s = meeting(hand0="march rage stamina swift-reflexes", hand1="swift-reflexes promise")
    s.g.source = ["green", "green", "red", "red"]
    s.g.players[1].crystals["white"] = 1
    attacks(s)
    assert not any(a.startswith("card swift-reflexes 3") for a in legal(s))  # not in one's own attacks
    do(s, "sideways march", "sideways rage", "sideways stamina", "attack")
    acts = legal(s)
    assert "card swift-reflexes 3" in acts and "card swift-reflexes 3 powered" in acts
    do(s, "card swift-reflexes 3 powered", "pay white crystal", "block")
    g = s.g
    assert g.pvp is not None and g.pvp.damage == 1 and g.pvp.step == "assign"


def test_pvp_what_is_hidden_a_powered_card_and_its_mana_are_shown_the_hand_is_not() -> None:
    """Hidden information: the defender's powered card is named to the attacker (it goes to the
    play area at once), and so is its payment; the rest of the defender's hand stays hidden in
    the attacker's view and determinizing keeps the combat, the play waiting for its mana too."""
    from boardrules.engine import Action

    s = meeting(hand0="march rage", hand1="determination tranquility")
    s.g.players[1].crystals["blue"] = 1
    s.g.source = ["green", "green", "white", "white"]
    attacks(s)
    do(s, "sideways march", "attack")
    assert GAME.action_text(s, Action.parse("card determination 1 powered"), 0) == "card determination 1 powered"
    do(s, "card determination 1 powered")
    assert GAME.action_text(s, Action.parse("pay blue crystal"), 0) == "pay blue crystal"
    v = GAME.view(s, 0)
    assert v["pvp"]["pending"] == [1, "card", "determination", 1, "powered", ["blue"], "", "", [], False, ""]
    assert "hand" not in v["players"][1]
    for k in range(3):
        assert GAME.view(GAME.determinize(s, 0, Rng(k)), 0) == v


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
    from mk_positions import walled_meeting as board

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
