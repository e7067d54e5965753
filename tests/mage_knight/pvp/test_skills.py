"""Skills in a combat between heroes (pvp/skills.py; facts 3.5; rules-choices.md "Player versus
player": the player aids' "partially: no skills"), from hand-set Full Conquest positions through
the game's own actions (``skill SKILL N``)."""

from __future__ import annotations

from mk_positions import attacks, do, legal, meeting, refusal

from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game_state import add


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


def skills(acts: list[str]) -> list[str]:
    return [a for a in acts if a.startswith("skill ")]


# ---- Polarization (facts 3.5 Arythea) -----------------------------------------------------------


def test_pvp_polarization_the_attackers_next_mana_of_the_opposite_colour() -> None:
    """Facts 3.5 Polarization "use one mana as its opposite colour (red<->blue)": in the attacker's
    Attacks with only a blue crystal, Rage's powered Attack 4 (red) is offered once Polarization
    waits, and the blue crystal pays it; the skill is used once a turn."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["polarization"]
    s.g.players[0].crystals["blue"] = 1
    attacks(s)
    assert "card rage 1 powered" not in legal(s) and "skill polarization 1" in legal(s)
    do(s, "skill polarization 1", "card rage 1 powered", "pay red crystal")
    g = s.g
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)]
    assert g.players[0].crystals["blue"] == 0 and not g.polarized
    reason, _ = refusal(s, "skill polarization 1")
    assert "already used this turn" in reason


def test_pvp_polarization_the_defenders_next_mana_of_the_combat() -> None:
    """Facts 3.5 Polarization for the defender taking part fully: their own red token pays
    Determination's powered Block 5 (blue) in the Block step; Polarization is then used up."""
    s = meeting(hand0="rage march", hand1="determination swiftness")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[1].skills = ["polarization"]
    s.g.players[1].mana["red"] = 2
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    assert "card determination 1 powered" not in legal(s)
    do(s, "skill polarization 1")
    assert "card determination 1 powered" in legal(s)
    reason, _ = refusal(s, "skill polarization 1")
    assert "already used" in reason
    do(s, "card determination 1 powered", "pay blue token")
    g = s.g
    assert g.pvp is not None and g.pvp.blocks == [("physical", 5)] and g.players[1].mana["red"] == 1
    assert "polarization" not in g.pvp.defender.marks


# ---- Shamanic Ritual, Invocation (facts 3.5 Krang, Arythea) -------------------------------------


def test_pvp_shamanic_ritual_a_mana_token_of_any_colour() -> None:
    """Facts 3.5 Shamanic Ritual "gain a mana token of any colour": ``skill shamanic-ritual 1
    COLOUR`` for the six colours; a red token then pays Rage's powered Attack 4; once a round."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["shamanic-ritual"]
    attacks(s)
    assert skills(legal(s)) == [f"skill shamanic-ritual 1 {c}" for c in ("red", "blue", "green", "white", "gold",
                                                                         "black")]
    reason, rule = refusal(s, "skill shamanic-ritual 1")
    assert "name the colour" in reason and rule == "Using Skills"
    do(s, "skill shamanic-ritual 1 red")
    assert s.g.players[0].mana["red"] == 1
    do(s, "card rage 1 powered", "pay red token")
    assert s.g.pvp is not None and s.g.pvp.pool == [("attack", "physical", 4)]
    assert not skills(legal(s))


def test_pvp_invocation_discards_a_card_for_a_token_spent_in_the_combat() -> None:
    """Facts 3.5 Invocation "discard a Wound -> red or black mana token; or a non-Wound -> white or
    green": by Day black cannot be used, so a Wound offers only red; the red token pays Rage's
    powered Attack 4, the Wound goes to the discard pile."""
    s = meeting(hand0=f"rage {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["invocation"]
    attacks(s)
    assert skills(legal(s)) == ["skill invocation 1 rage:white", "skill invocation 1 rage:green",
                                f"skill invocation 1 {WOUND}:red"]
    reason, _ = refusal(s, f"skill invocation 1 {WOUND}:white")
    assert "a Wound gives red or black" in reason
    do(s, f"skill invocation 1 {WOUND}:red")
    g = s.g
    assert g.players[0].hand == ["rage"] and g.players[0].discard == [WOUND] and g.players[0].mana["red"] == 1
    do(s, "card rage 1 powered", "pay red token")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 4)]


# ---- Regenerate (facts 3.5 Krang, Braevalar) ---------------------------------------------------


def test_pvp_regenerate_pays_a_mana_and_discards_a_wound_red_draws_a_card() -> None:
    """Facts 3.5 Regenerate "pay 1 mana of any colour, discard a Wound; if the mana was red or you
    have least Fame, also draw a card": the attacker pays a red crystal, the Wound goes to the
    discard pile and a card is drawn; with no Wound in hand it is refused."""
    s = meeting(hand0=f"rage {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    g = s.g
    g.players[0].skills = ["krang-regenerate"]
    g.players[0].crystals["red"] = 1
    g.players[0].deck = ["stamina"]
    g.players[0].fame = 5  # not the least Fame: only the red mana draws
    attacks(s)
    assert "skill krang-regenerate 1 red" in legal(s) and "skill krang-regenerate 1 blue" not in legal(s)
    do(s, "skill krang-regenerate 1 red")
    assert legal(s) == ["pay red crystal"] and WOUND in g.players[0].hand
    do(s, "pay red crystal")
    assert g.players[0].discard == [WOUND] and sorted(g.players[0].hand) == ["rage", "stamina"]
    assert g.players[0].crystals["red"] == 0
    other = meeting(hand0="rage", hand1="promise")
    other.g.players[0].skills = ["krang-regenerate"]
    other.g.players[0].crystals["red"] = 1
    attacks(other)
    reason, _ = refusal(other, "skill krang-regenerate 1 red")
    assert reason == "Regenerate: you have no Wound in hand to discard"


def test_pvp_regenerate_the_defender_pays_from_their_own_token_no_draw_without_red_or_least_fame() -> None:
    """Facts 3.5 Regenerate for the defender taking part fully, in the Block step: a green token of
    their own pays it, the Wound is discarded; not red and not the least Fame: no card drawn."""
    s = meeting(hand0="rage march", hand1=f"promise {WOUND}")
    g = s.g
    g.players[1].skills = ["braevalar-regenerate"]
    g.players[1].mana["green"] = 1
    g.players[1].fame = 9
    g.players[1].deck = ["stamina"]
    attacks(s, "full")
    do(s, "card rage 1", "attack", "skill braevalar-regenerate 1 green", "pay green token")
    assert g.players[1].hand == ["promise"] and g.players[1].discard == [WOUND] and g.players[1].deck == ["stamina"]
    assert g.players[1].mana["green"] == 0


# ---- Spirit Guides, Beguile, On Her Own --------------------------------------------------------


def test_pvp_spirit_guides_adds_block_1_against_the_melee_attack() -> None:
    """Facts 3.5 Spirit Guides "Move 1, and you may add +1 to a Block in the Block phase": the
    defender (taking part fully) adds Block 1 against the attacker's melee attack; the Move 1 has
    no use (no moving after the action), so in the attacker's own Attacks it is refused."""
    s = meeting(hand0="rage march", hand1="determination")
    g = s.g
    g.players[0].skills = ["spirit-guides"]
    g.players[1].skills = ["spirit-guides"]
    attacks(s, "full")
    reason, _ = refusal(s, "skill spirit-guides 1")
    assert "its Move 1 has no use" in reason and "Block step" in reason
    do(s, "card rage 1", "attack", "card determination 2", "skill spirit-guides 1")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 2), ("physical", 1)]


def test_pvp_beguile_and_on_her_own_influence_for_a_heroes_unit() -> None:
    """Facts 3.5 Beguile "Influence 3 (2 at a fortified site, 4 at a magical glade)" and On Her
    Own "Influence 1, or 3 if you recruit no unit with Influence this turn": on plains with no
    Unit recruited both give 3; the attacker's Heroes Unit asks for 2 (facts 3.4), so they are
    offered, and not once it is paid."""
    s = meeting(hand0="rage march", hand1="promise")
    g = s.g
    g.players[0].skills = ["beguile", "on-her-own"]
    g.players[0].units = [["hero-red", 0, False]]
    attacks(s)
    assert skills(legal(s)) == ["skill beguile 1", "skill on-her-own 1"]
    do(s, "skill beguile 1")
    assert g.pvp is not None and g.pvp.attacker.influence == 3
    do(s, "activate hero-red-1 attack")
    assert skills(legal(s)) == []
    reason, _ = refusal(s, "skill on-her-own 1")
    assert "none asks for it now" in reason
    own = meeting(hand0="rage march", hand1="promise")
    own.g.players[0].skills = ["on-her-own"]
    own.g.players[0].units = [["hero-red", 0, False]]
    add(own.g.players[0], "recruited")
    attacks(own)
    do(own, "skill on-her-own 1")
    assert own.g.pvp is not None and own.g.pvp.attacker.influence == 1


# ---- the refusals kept, with their reasons --------------------------------------------------------


def test_pvp_refusals_kept_name_why_the_effect_has_no_meaning_between_heroes() -> None:
    """Facts 5.4 "no moving after the action": Hawk Eyes, Secret Ways and Flight move the hero;
    Arcane Disguise's second choice ignores Reputation effects, which only an interaction has."""
    s = meeting(hand0="rage march", hand1="promise")
    s.g.players[0].skills = ["hawk-eyes", "secret-ways", "arcane-disguise"]
    attacks(s)
    assert skills(legal(s)) == []
    assert "no moving or exploring after the action" in refusal(s, "skill hawk-eyes 1")[0]
    assert "no moving after the action" in refusal(s, "skill secret-ways 1")[0]
    assert "only an interaction" not in refusal(s, "skill arcane-disguise 2")[0]
    assert "in an interaction" in refusal(s, "skill arcane-disguise 2")[0]


# ---- Shapeshift (facts 3.5 Braevalar) -----------------------------------------------------------


def test_pvp_shapeshift_the_attackers_march_gives_attack_2() -> None:
    """Facts 3.5 Shapeshift "a Basic Action giving a fixed Move, Attack or Block gives the same
    amount of one of the other two instead": in the attacker's Attacks March's Move 2 is given as
    Attack 2 (``skill shapeshift 2``), then the change is used up; choosing Move (1) is refused,
    a Move having no use between heroes."""
    s = meeting(hand0="march march", hand1="promise")
    g = s.g
    g.players[0].skills = ["shapeshift"]
    attacks(s)
    assert "card march 1" not in legal(s) and skills(legal(s)) == ["skill shapeshift 2", "skill shapeshift 3"]
    reason, _ = refusal(s, "skill shapeshift 1")
    assert "a Move has no use between heroes" in reason
    do(s, "skill shapeshift 2", "card march 1")
    assert g.pvp is not None and g.pvp.pool == [("attack", "physical", 2)] and g.players[0].hand == ["march"]
    assert "card march 1" not in legal(s) and not g.players[0].lasting


def test_pvp_shapeshift_the_defenders_swiftness_gives_block_2() -> None:
    """Facts 3.5 Shapeshift for the defender taking part fully: in the Block step Swiftness's Move 2
    is given as Block 2 (``skill shapeshift 3``); with no Basic Action of another kind in hand it
    is not offered."""
    s = meeting(hand0="rage march", hand1="swiftness")
    g = s.g
    g.players[1].skills = ["shapeshift"]
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    assert "card swiftness 1" not in legal(s)
    do(s, "skill shapeshift 3", "card swiftness 1")
    assert g.pvp is not None and g.pvp.blocks == [("physical", 2)]
    assert not any(m.startswith("shapeshift:") for m in g.pvp.defender.marks)
    none = meeting(hand0="rage march", hand1="promise")
    none.g.players[1].skills = ["shapeshift"]
    attacks(none, "full")
    do(none, "card rage 1", "attack")
    assert "no Basic Action of your hand" in refusal(none, "skill shapeshift 3")[0]


# ---- Delphana Masters: several abilities in one activation (facts 3.4) -----------------------------


def test_pvp_delphana_masters_several_abilities_in_one_activation() -> None:
    """Facts 3.4 Delphana Masters "one activation may use several different abilities (each once,
    paying each mana)": in the attacker's Attacks, Armor -5 (green) and then, the Unit spent,
    "loses fortifications and resistances" (white) on the other hero's Guardian Golems; the same
    ability is not used twice, and in a later step (the Block step against the defender's
    attack) the spent Unit is no longer activated, its red ability not offered."""
    s = meeting(hand0="march rage", hand1="determination")
    g = s.g
    g.players[0].units = [["delphana-masters", 0, False]]
    for colour in ("green", "white", "red"):
        g.players[0].crystals[colour] = 1
    g.players[1].units = [["guardian-golems", 0, False]]
    g.source = ["green", "green", "white", "white"]
    attacks(s, "full")
    do(s, "activate delphana-masters-1 weaken", "pay green crystal", "unit guardian-golems-1")
    acts = legal(s)
    assert "activate delphana-masters-1 strip" in acts and "activate delphana-masters-1 weaken" not in acts
    do(s, "activate delphana-masters-1 strip", "pay white crystal", "unit guardian-golems-1")
    assert g.pvp is not None
    assert [1, "guardian-golems-1", "armor", 5] in g.pvp.on_units
    assert [1, "guardian-golems-1", "lose-resistances", 0] in g.pvp.on_units
    assert not any(a.startswith("activate delphana-masters-1") for a in legal(s))
    do(s, "next", "activate guardian-golems-1 attack", "attack")
    assert g.pvp.step == "block" and not any(a.startswith("activate delphana-masters-1") for a in legal(s))


def test_invocation_between_heroes_the_attackers_token_lost_unless_spent_at_once() -> None:
    """In a combat between heroes (pvp/skill_mechanisms.py): the attacker's red token, not spent by the
    next card played (March sideways as Attack), is lost; Rage's powered Attack is no longer offered."""
    s = meeting(hand0=f"rage march {WOUND}", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["invocation"]
    attacks(s)
    do(s, f"skill invocation 1 {WOUND}:red")
    assert s.g.players[0].mana["red"] == 1 and "card rage 1 powered" in legal(s)
    do(s, "sideways march")
    assert s.g.players[0].mana["red"] == 0
    assert "card rage 1 powered" not in legal(s)


def test_invocation_between_heroes_the_defenders_token_lost_unless_spent_at_once() -> None:
    """The defender taking part fully: their white token (Swiftness discarded) not spent by
    their next card (Determination's basic Block 2) is lost."""
    s = meeting(hand0="rage march", hand1="determination swiftness promise")
    s.g.source = ["green", "green", "red", "red"]
    s.g.players[1].skills = ["invocation"]
    attacks(s, "full")
    do(s, "card rage 1", "attack")
    do(s, "skill invocation 1 swiftness:white")
    assert s.g.players[1].mana["white"] == 1
    do(s, "card determination 2")
    assert s.g.players[1].mana["white"] == 0


def test_polarization_between_heroes_black_by_day_not_for_a_spells_strong_effect() -> None:
    """Between heroes the attacker's Polarization follows the same sentence: black by Day (an
    Amulet of Darkness played) does not pay Snowstorm's blue for Blizzard; it pays Snowstorm's
    basic effect."""
    s = meeting(hand0="snowstorm march", hand1="promise")
    s.g.source = ["green", "green", "white", "white"]
    s.g.players[0].skills = ["polarization"]
    add(s.g.players[0], "amulet:darkness")
    s.g.players[0].mana["black"] = 2
    do(s, "move 0:-2", "attack-hero 2", "participate partial")
    do(s, "skill polarization 1")
    acts = legal(s)
    assert "card snowstorm 1 powered" not in acts and "card snowstorm 1 basic" in acts
