"""Mage Knight cards' remaining limits (facts 3.1-3.3, mage-knight-content.md): Call to Arms in a
combat, Blood of Ancients' powered effect, each played through the decisions (``play CARD basic|powered`` and its steps) from a
hand-set position of a real game."""

from __future__ import annotations

from mk_positions import GAME, _lending, combat, do, legal, me, refusal, turn

from boardrules.games.mage_knight.decisions import MKState
from boardrules.games.mage_knight.deck import WOUND
from boardrules.games.mage_knight.specials_actions import DODGE

T = GAME.t


# ---- Call to Arms in a combat (facts 3.2: "use one ability of a unit in the Unit offer this turn as if
# yours (no damage may be assigned to it)") ---------------------------------------------------------
def test_call_to_arms_basic_in_a_combat_the_offered_unit_is_lent_no_damage_to_it_and_it_stays_in_the_offer() -> None:
    s = _lending("prowlers", ["peasants", "herbalists"])
    do(s, "play call-to-arms basic")
    assert legal(s) == ["recruit peasants"]  # the Herbalists have no ability for a combat
    do(s, "recruit peasants", "pay white die-1", "next")
    c = s.g.combat
    assert c is not None and [u.label for u in c.units] == ["peasants-1", "peasants-2"]
    assert "activate peasants-2 block" in legal(s)
    do(s, "next")  # nothing blocked: the Assign Damage phase
    assert legal(s) == ["assign 1 unit peasants-1", "assign 1 hero"]  # never to the lent Unit
    do(s, "assign 1 hero", "activate peasants-2 attack")
    assert "activate peasants-2 attack" not in legal(s) and c.units[1].spent
    do(s, "next")  # the combat ends: the lent Unit leaves with it
    p = me(s)
    assert s.g.combat is None and p.units == [["peasants", 0, False]]
    assert s.g.unit_offer == ["peasants", "herbalists"]


def test_call_to_arms_basic_in_a_combat_one_ability_of_a_lent_unit_that_may_use_several() -> None:
    s = _lending("prowlers", ["delphana-masters"], units="delphana-masters", mana="green green")
    do(s, "play call-to-arms basic", "recruit delphana-masters", "pay white die-1",
       "activate delphana-masters-2 weaken 1")
    acts = legal(s)
    assert "activate delphana-masters-1 weaken 1" in acts  # its own Masters: several abilities
    assert not [a for a in acts if a.startswith("activate delphana-masters-2")]


def test_call_to_arms_basic_in_a_combat_not_where_units_cannot_be_used() -> None:
    s = _lending("prowlers", ["peasants"], units="", site="dungeon")
    assert "play call-to-arms basic" not in legal(s)  # a dungeon: Units cannot be used
    s = _lending("prowlers", ["peasants"], units="")
    c = s.g.combat
    assert c is not None
    c.phase = "attack"
    s.cached = None
    do(s, "play call-to-arms basic")  # in the Attack phase, Units with an attack only
    assert legal(s) == ["recruit peasants"]
    s.g.unit_offer = ["utem-guardsmen"]
    s.play = []
    s.cached = None
    assert "play call-to-arms basic" in legal(s)
    s.g.unit_offer = ["herbalists"]
    s.cached = None
    assert "play call-to-arms basic" not in legal(s)
    reason, rule = refusal(s, "play call-to-arms basic")
    assert rule and reason


# ---- Blood of Ancients (powered; facts 3.1: "take a Wound (to hand or discard pile); use the powered
# effect of any AA in the offer for free (it stays there)") -------------------------------------------
def _blood(offer: list[str], hand: str = "blood-of-ancients march") -> MKState:
    s = turn(hand, faces="red blue green white")
    s.g.aa_offer = offer
    s.cached = None
    return s


def test_blood_of_ancients_powered_its_wound_to_the_discard_pile_and_an_offered_cards_own_steps() -> None:
    s = _blood(["decompose", "pure-magic"])
    do(s, "play blood-of-ancients powered")
    assert legal(s) == ["wound hand", "wound discard"]
    do(s, "wound discard")
    assert legal(s) == ["learn decompose"]  # Pure Magic's mana: the one die pays Blood's red
    do(s, "learn decompose")
    assert legal(s) == ["throw march"]  # Decompose's own step
    do(s, "throw march", "pay red die-1")
    p = me(s)
    assert p.hand == [] and p.discard == [WOUND] and p.thrown == ["march"]
    assert p.crystals == {"red": 1, "blue": 1, "green": 0, "white": 1}  # each colour but March's green
    assert s.g.aa_offer == ["decompose", "pure-magic"] and p.play_area == ["blood-of-ancients"]


def test_blood_of_ancients_powered_an_offered_cards_own_mana_paid_after_bloods_red() -> None:
    s = _blood(["pure-magic"])
    me(s).crystals["green"] = 1
    s.cached = None
    do(s, "play blood-of-ancients powered", "wound hand", "learn pure-magic")
    assert legal(s) == ["colour green"]
    do(s, "colour green", "pay red die-1", "pay green crystal")
    p = me(s)
    assert p.move_points == 7 and p.hand == ["march", WOUND] and s.g.aa_offer == ["pure-magic"]


def test_blood_of_ancients_powered_the_offered_card_stays_in_the_offer_training_cannot_take_itself() -> None:
    s = _blood(["training"])
    assert "play blood-of-ancients powered" not in legal(s)  # the only green card is Training itself
    s = _blood(["training", "ambush"])
    do(s, "play blood-of-ancients powered", "wound discard", "learn training", "throw march", "pay red die-1")
    assert legal(s) == ["learn ambush"]
    do(s, "learn ambush")
    p = me(s)
    assert "ambush" in p.hand and "training" in s.g.aa_offer and "ambush" not in s.g.aa_offer


# ---- Mysterious Box (facts 3.3, UE: "this turn you may use Mysterious Box as that artifact (then Fame
# +1)"): as the Artifacts whose plays have steps of their own -----------------------------------------
def _box(top: str, hand: str = "mysterious-box march") -> MKState:
    s = turn(hand)
    s.g.artifact_deck = ["ruby-ring", top]  # the top is the last
    s.cached = None
    do(s, "play mysterious-box basic")
    return s


def test_mysterious_box_used_as_the_tome_of_all_spells_its_steps_and_fame_1() -> None:
    s = _box("tome-of-all-spells")
    s.g.spell_offer = ["fireball", "cure"]
    me(s).hand.append(WOUND)
    s.cached = None
    fame = me(s).fame
    do(s, "play mysterious-box basic")
    assert legal(s) == ["discard march"]  # the Tome's own steps
    do(s, "discard march")
    assert legal(s) == ["learn cure"]  # Fireball is for a combat
    do(s, "learn cure")
    p = me(s)
    assert WOUND not in p.hand and p.fame == fame + 1 and p.play_area == ["mysterious-box"]
    assert s.g.spell_offer == ["fireball", "cure"] and "march" in p.discard
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert "mysterious-box" in p.discard and "mysterious-box" not in p.hand  # used: not back to the hand


def test_mysterious_box_used_as_the_druidic_staff_and_the_book_of_wisdom() -> None:
    s = _box("druidic-staff")
    me(s).hand.append(WOUND)
    s.cached = None
    do(s, "play mysterious-box basic", "choose 4")  # green: Heal 3, a green card discarded
    assert legal(s) == ["discard march"]
    do(s, "discard march")
    assert WOUND not in me(s).hand and me(s).play_area == ["mysterious-box"]
    s = _box("book-of-wisdom")
    s.g.aa_offer = ["refreshing-walk", "fire-bolt"]
    s.cached = None
    do(s, "play mysterious-box basic")
    assert legal(s) == ["throw march"]
    do(s, "throw march", "learn refreshing-walk")
    p = me(s)
    assert "refreshing-walk" in p.hand and p.thrown == ["march"] and p.play_area == ["mysterious-box"]


def test_mysterious_box_used_as_the_circlet_of_proficiency_thrown_away() -> None:
    s = _box("circlet-of-proficiency")
    s.g.common_skills = ["double-time", "healing-ritual"]
    s.cached = None
    do(s, "play mysterious-box basic", "skill double-time", "choose 1")  # Move 2 by Day, twice
    assert me(s).move_points == 4
    s = _box("circlet-of-proficiency")
    s.g.common_skills = ["double-time", "healing-ritual"]
    s.cached = None
    do(s, "play mysterious-box powered", "skill healing-ritual")
    p = me(s)
    assert "healing-ritual" in p.skills and p.thrown == ["mysterious-box"] and s.g.common_skills == ["double-time"]


def test_mysterious_box_used_as_a_banner_under_a_unit_this_turn_then_discarded() -> None:
    s = _box("banner-of-courage")
    me(s).units = [["peasants", 0, False]]
    s.cached = None
    do(s, "play mysterious-box basic")
    assert legal(s) == ["banner peasants-1"]
    do(s, "banner peasants-1")
    p = me(s)
    assert p.banners == {"peasants-1": "banner-of-courage"} and p.play_area == [] and p.fame == 1
    p.units[0][2] = True  # Spent: the Banner of Courage readies it, once a round
    s.cached = None
    do(s, "activate peasants-1 banner")
    assert p.units == [["peasants", 0, False]]
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert p.banners == {} and "mysterious-box" in p.discard and "banner-of-courage" not in p.discard
    assert s.g.artifact_deck == ["banner-of-courage", "ruby-ring"]  # the revealed Banner to the bottom


def test_mysterious_box_used_as_a_banner_goes_to_the_discard_pile_when_its_unit_leaves() -> None:
    from boardrules.games.mage_knight.game_state import remove_unit

    s = _box("banner-of-glory")
    me(s).units = [["peasants", 0, False]]
    s.cached = None
    do(s, "play mysterious-box basic", "banner peasants-1")
    p = me(s)
    remove_unit(p, 0)  # disbanded, or destroyed
    assert p.discard.count("mysterious-box") == 1 and "banner-of-glory" not in p.discard


# ---- Tome of All Spells and Magic Talent casting a Spell whose play needs a Unit of the offer
# (facts 3.3: "discard a card -> strong effect of a Spell of that colour in the offer, no mana"; 3.1) ----
def _tome(hand: str = "tome-of-all-spells promise", offer: tuple[str, ...] = ("utem-guardsmen", "herbalists"),
          faces: str = "red blue green white") -> MKState:
    s = turn(hand, faces=faces, units="peasants")
    me(s).command = 1
    s.g.spell_offer = ["call-to-arms", "fireball"]
    s.g.unit_offer = list(offer)
    s.cached = None
    return s


def test_tome_of_all_spells_powered_casts_call_to_glory_a_unit_of_the_offer_recruited_free() -> None:
    s = _tome()
    do(s, "play tome-of-all-spells powered", "discard promise", "learn call-to-arms")
    assert legal(s) == ["recruit herbalists", "recruit utem-guardsmen"]
    do(s, "recruit utem-guardsmen")
    assert legal(s) == ["disband peasants-1"]  # one Command token, taken
    do(s, "disband peasants-1")
    p = me(s)
    assert p.units == [["utem-guardsmen", 0, False]] and s.g.unit_offer == ["herbalists"]
    assert p.thrown == ["tome-of-all-spells"] and s.g.spell_offer == ["call-to-arms", "fireball"]


def test_tome_of_all_spells_basic_casts_call_to_arms_an_offered_units_ability_with_no_mana() -> None:
    s = _tome(offer=("peasants", "herbalists"))
    do(s, "play tome-of-all-spells basic", "discard promise", "learn call-to-arms", "recruit peasants")
    assert legal(s) == ["choose 1", "choose 2"]  # Influence 2, Move 2
    do(s, "choose 2")  # no mana: the Spell's white is not paid
    p = me(s)
    assert p.move_points == 2 and s.g.unit_offer == ["peasants", "herbalists"] and len(p.units) == 1
    s = _tome()
    s.g.combat = combat("prowlers", units="peasants").c
    s.g.unit_offer = ["peasants"]
    s.cached = None
    do(s, "play tome-of-all-spells basic", "discard promise", "learn call-to-arms", "recruit peasants")
    c = s.g.combat
    assert c is not None and c.this_combat == ["lent:peasants-2"]  # in a combat: lent to it


def test_magic_talent_basic_casts_call_to_arms_its_white_mana_paid_as_from_the_hand() -> None:
    s = _tome("magic-talent promise", offer=("peasants",), faces="white red red red")
    do(s, "play magic-talent basic", "discard promise", "learn call-to-arms", "recruit peasants", "choose 2")
    assert legal(s) == ["pay white die-1"]
    do(s, "pay white die-1")
    assert me(s).move_points == 2 and s.g.spell_offer == ["call-to-arms", "fireball"]


# ---- Dodge and Weave (facts 3.1: powered "reduce one attack by 4 or two attacks by 2 each") ---------
def _dodging(fight: str) -> MKState:
    s = turn("dodge-and-weave march", faces="blue white green red", fight=fight)
    c = s.g.combat
    assert c is not None
    c.phase = "block"
    s.cached = None
    return s


def test_dodge_and_weave_powered_two_attacks_by_2_each_of_two_enemies() -> None:
    s = _dodging("prowlers, guardsmen")
    do(s, "play dodge-and-weave powered")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 2", "enemy 1", "pay white die-2")
    assert legal(s) == ["also 2"]  # the Prowlers have one attack: the other enemy
    do(s, "also 2")
    c = s.g.combat
    assert c is not None and [e.reduction for e in c.enemies] == [[2], [2]]
    assert DODGE in [x[0] for x in me(s).lasting]  # its Attack 2 waits for the Attack phase


def test_dodge_and_weave_powered_two_attacks_by_2_each_of_one_enemy_with_two() -> None:
    s = _dodging("heroes")
    do(s, "play dodge-and-weave powered", "choose 2", "enemy 1", "pay white die-2")
    assert legal(s) == ["also 1"]  # its other attack
    do(s, "also 1")
    c = s.g.combat
    assert c is not None and c.enemies[0].reduction == [2, 2]
    s = _dodging("prowlers")  # a single attack in the combat: one attack -4 only
    do(s, "play dodge-and-weave powered")
    assert legal(s) == ["choose 1"]


# ---- Diplomacy (facts 3.1: "Influence 2; Influence may be used as Block this turn") ------------------
def test_diplomacy_lasts_the_turn_influence_had_later_in_the_block_phase_becomes_block() -> None:
    s = turn("diplomacy march", faces="white red red red")
    do(s, "play diplomacy powered", "pay white die-1")
    assert legal(s) == ["colour red", "colour blue"]  # the element is chosen when played
    do(s, "colour red")
    assert me(s).influence_points == 4  # outside the Block phase: its Influence
    s.g.combat = combat("prowlers").c  # a combat later this turn (the Influence before it vanishes)
    s.g.combat.phase = "block"
    s.cached = None
    do(s, "play march influence")  # Influence 1 in the Block phase: Fire Block 1
    c = s.g.combat
    assert c is not None and c.influence == 0 and ("block", "fire", 1) in [x[:3] for x in c.pool]
    s = turn("march")  # without Diplomacy, Influence stays Influence
    s.g.combat = combat("prowlers").c
    s.g.combat.phase = "block"
    s.cached = None
    do(s, "play march influence")
    c = s.g.combat
    assert c is not None and c.influence == 1 and not c.pool


# ---- Space Bending (facts 3.2: "this turn move (and explore) to spaces 2 away as if adjacent") ------
def test_space_bending_explores_a_tile_position_2_spaces_away() -> None:
    from boardrules.games.mage_knight.exploring import next_to, open_positions, placement_refusal
    from boardrules.games.mage_knight.movement import terrain_cost

    s = turn("space-bending march", faces="blue red red red")
    g = s.g
    h, grid = next((h, grid) for h in sorted(g.spaces) for grid in open_positions(g)
                   if next_to(h, grid, 2) and not any(next_to(h, x) for x in open_positions(g))
                   and terrain_cost(T, g, h) is not None and not placement_refusal(g.shape, grid, "countryside",
                                                                                    g.tiles))
    me(s).position, me(s).move_points = h, 2
    s.cached = None
    assert f"explore {grid[0]}:{grid[1]}" not in legal(s)
    do(s, "play space-bending basic", "pay blue die-1", f"explore {grid[0]}:{grid[1]}")
    assert grid in s.g.tiles and me(s).move_points == 0
