"""Mage Knight Spells with their own mechanisms (facts 3.2), each played through the decisions
(``play CARD basic|powered`` and its steps) from a hand-set position of a real game."""

from __future__ import annotations

from mk_positions import combat
from test_mk_decisions import GAME, do, in_phase, legal, me, refusal, turn

from boardrules.engine import Action
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.combat.enemies import armor, fortification, resistances
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.movement import terrain_cost

T = GAME.t


def _night(s: MKState) -> MKState:
    """A black mana token for a Spell's strong effect."""
    me(s).mana["black"] = 1
    s.cached = None
    return s


def _space(s: MKState, terrain: str) -> tuple[int, int] | None:
    return next((h for h, (tile, i) in s.g.spaces.items() if T.tile[tile].hexes[i].terrain == terrain), None)


# ---- combat spells ----------------------------------------------------------------------------

def test_burning_shield_a_successful_block_gives_fire_attack_4_in_the_attack_phase() -> None:
    s = in_phase(turn("burning-shield", faces="red red red red", fight="prowlers"), "block")
    assert "play burning-shield basic" not in legal(s)  # it joins a declared block
    do(s, "block 1", "play burning-shield basic", "pay red die-1", "resolve", "next")
    c = s.g.combat
    assert c is not None and c.phase == "attack" and c.enemies[0].blocked == [True]
    assert [x[:3] for x in c.pool] == [("attack", "fire", 4)]


def test_burning_shield_a_failed_block_gives_no_attack() -> None:
    s = in_phase(turn("burning-shield", faces="red red red red", fight="fire-mages"), "block")
    do(s, "block 1", "play burning-shield basic", "pay red die-1", "resolve")  # Fire blocks Fire at half
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [False] and c.this_combat == []


def test_burning_shield_exploding_shield_destroys_the_blocked_enemy() -> None:
    s = _night(in_phase(turn("burning-shield", faces="red red red red", fight="prowlers", night=True), "block"))
    do(s, "block 1", "play burning-shield powered", "pay red die-1", "pay black token", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.fame == T.enemy["prowlers"].fame


def test_chill_the_enemy_does_not_attack_and_loses_fire_resistance() -> None:
    s = in_phase(turn("chill", faces="blue red red red", fight="fire-mages"), "ranged")
    do(s, "play chill basic", "enemy 1", "pay blue die-1")
    c = s.g.combat
    assert c is not None and c.enemies[0].prevented and resistances(T, c.enemies[0]) == ()
    s = in_phase(turn("chill", faces="blue red red red", fight="prowlers"), "ranged")
    do(s, "play chill basic", "enemy 1", "pay blue die-1")
    c = s.g.combat
    assert c is not None and c.enemies[0].prevented and c.enemies[0].resistances_lost == []


def test_demolish_site_fortifications_ignored_and_all_enemies_armor_minus_1() -> None:
    s = turn("demolish", faces="red red red red")
    s.g.combat = combat("guardsmen, prowlers", site="keep").c
    s.cached = None
    c = s.g.combat
    assert [fortification(c, T, e) for e in c.enemies] == [2, 1]
    do(s, "play demolish basic", "pay red die-1")
    c = s.g.combat
    assert c is not None and [fortification(c, T, e) for e in c.enemies] == [1, 0]  # Fortified stays
    assert [e.armor_cut for e in c.enemies] == [1, 1]


def test_cure_disease_enemies_blocked_this_combat_have_armor_1() -> None:
    s = _night(in_phase(turn("cure", faces="green red red red", fight="guardsmen, prowlers", night=True), "attack"))
    c = s.g.combat
    assert c is not None
    c.enemies[0].blocked = [True]
    do(s, "play cure powered", "pay green die-1", "pay black token")
    c = s.g.combat
    assert c is not None and armor(c, T, c.enemies[0]) == 1 and armor(c, T, c.enemies[1]) == 3


def test_cure_heal_2_a_card_per_wound_healed_from_hand_this_turn() -> None:
    s = turn(f"cure {WOUND} {WOUND} {WOUND}", faces="green red red red")
    me(s).deck = ["march", "rage", "stamina"]
    s.cached = None
    do(s, "play cure basic", "pay green die-1")
    assert sorted(me(s).hand) == ["rage", "stamina", WOUND]


# ---- movement spells --------------------------------------------------------------------------

def test_mist_form_move_4_every_space_costs_2_lakes_too_no_hills() -> None:
    s = turn("mist-form", faces="blue red red red")
    lake, hills, forest = _space(s, "lake"), _space(s, "hills"), _space(s, "forest")
    do(s, "play mist-form basic", "pay blue die-1")
    assert me(s).move_points == 4
    for h, cost in ((lake, 2), (hills, None), (forest, 2)):
        if h is not None:
            assert terrain_cost(T, s.g, h) == cost
    assert forest is not None


# ---- Restoration / Rebirth --------------------------------------------------------------------

def test_restoration_rebirth_heal_3_and_ready_units_of_up_to_3_levels() -> None:
    s = _night(turn(f"restoration {WOUND} {WOUND} {WOUND} {WOUND}", faces="green red red red", night=True,
                    units="peasants:spent utem-guardsmen:spent fire-golems:spent"))
    do(s, "play restoration powered", "pay green die-1", "pay black token")
    assert legal(s) == ["coerce peasants-1", "coerce utem-guardsmen-1", "coerce fire-golems-1", "coerce done"]
    do(s, "coerce peasants-1")
    assert legal(s) == ["coerce utem-guardsmen-1", "coerce done"]  # 1 + 3 levels: too many
    do(s, "coerce utem-guardsmen-1", "coerce done")
    p = me(s)
    assert [u[2] for u in p.units] == [False, False, True] and p.hand == [WOUND]


def test_mist_form_veil_of_mist_the_hero_ignores_the_first_wound_and_units_resist_all() -> None:
    from boardrules.games.mage_knight.combat.damage import damage_hero

    s = _night(in_phase(turn("mist-form", faces="blue red red red", fight="prowlers", night=True), "block"))
    do(s, "play mist-form powered", "pay blue die-1", "pay black token")
    c = s.g.combat
    assert c is not None and c.units_resist_all and c.this_combat == ["veil-of-mist"]
    c.enemies[0].left[0] = 4  # Attack 4 against the hero's Armor 2: two Wounds, the first ignored
    damage_hero(c, T, c.enemies[0], 0, [])
    assert c.hero.wounds_this_combat == 1 and c.this_combat == []


# ---- interactive spells (facts 3.2: 109-112) ---------------------------------------------------

def them(s: MKState):  # type: ignore[no-untyped-def]
    return s.g.players[1 - s.g.current]


def test_mana_meltdown_each_other_player_loses_a_random_crystal_or_takes_a_wound() -> None:
    s = turn("mana-meltdown", faces="red red red red")
    them(s).crystals.update(blue=2)
    do(s, "play mana-meltdown basic", "pay red die-1")
    assert them(s).crystals["blue"] == 1 and me(s).crystals["blue"] == 1  # you take the lost crystal
    s = turn("mana-meltdown", faces="red red red red")
    wounds = them(s).hand.count(WOUND)
    do(s, "play mana-meltdown basic", "pay red die-1")
    assert them(s).hand.count(WOUND) == wounds + 1 and me(s).crystals == dict.fromkeys(me(s).crystals, 0)


def test_mana_meltdown_mana_radiance_a_wound_per_crystal_of_the_colour_for_everyone() -> None:
    s = _night(turn("mana-meltdown", faces="red red red red", night=True))
    them(s).crystals.update(green=2)
    me(s).crystals.update(green=1)
    wounds = them(s).hand.count(WOUND)
    do(s, "play mana-meltdown powered", "colour green", "pay red die-1", "pay black token")
    assert them(s).hand.count(WOUND) == wounds + 2 and me(s).hand.count(WOUND) == 1
    assert me(s).crystals["green"] == 3


def test_mind_read_a_crystal_each_other_player_discards_a_card_of_its_colour() -> None:
    s = turn("mind-read", faces="white red red red")
    other = 1 - s.g.current
    them(s).hand = ["rage", "march", "tranquility", "stamina"]
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    d = GAME.decision(s)
    assert d is not None and d.player == other  # the other player chooses the card
    assert me(s).crystals["green"] == 1 and legal(s) == ["discard march", "discard tranquility"]
    assert GAME.action_text(s, Action.parse("discard tranquility"), 1 - other) == "discard tranquility"
    do(s, "discard tranquility")
    assert them(s).hand == ["rage", "march", "stamina"] and them(s).discard == ["tranquility"]
    d = GAME.decision(s)
    assert d is not None and d.player == s.g.current and not s.g.asked


def test_mind_read_a_hand_without_the_colour_is_shown_and_nobody_is_asked() -> None:
    s = turn("mind-read", faces="white red red red")
    them(s).hand = ["rage", "stamina"]
    do(s, "play mind-read basic", "colour green", "pay white die-1")
    d = GAME.decision(s)
    assert d is not None and d.player == s.g.current and not s.g.asked and them(s).hand == ["rage", "stamina"]


def test_mind_read_mind_steal_keeps_the_discarded_action_card() -> None:
    s = _night(turn("mind-read", faces="white red red red", night=True))
    them(s).hand = ["rage", "march"]
    do(s, "play mind-read powered", "colour red", "pay white die-1", "pay black token")
    do(s, "discard rage")
    assert legal(s) == ["keep rage", "next"]
    do(s, "keep rage")
    assert them(s).hand == ["march"] and them(s).discard == [] and me(s).hand == ["rage"]


def test_energy_flow_ready_a_unit_and_spend_a_level_1_2_unit_of_each_other_player() -> None:
    s = turn("energy-flow", faces="green red red red", units="peasants:spent")
    them(s).units = [["fire-golems", 0, False], ["utem-guardsmen", 0, False], ["peasants", 0, False]]
    do(s, "play energy-flow basic", "ready peasants-1", "pay green die-1")
    assert legal(s) == ["spend utem-guardsmen-1", "spend peasants-1", "spend none"]  # level III is too high
    do(s, "spend peasants-1")  # the caster's choice ("you may spend")
    assert me(s).units[0][2] is False
    assert [u[2] for u in them(s).units] == [False, False, True]


def test_energy_flow_the_caster_may_spend_none() -> None:
    s = turn("energy-flow", faces="green red red red", units="peasants:spent")
    them(s).units = [["peasants", 0, False]]
    do(s, "play energy-flow basic", "ready peasants-1", "pay green die-1", "spend none")
    assert me(s).units[0][2] is False and them(s).units[0][2] is False


def test_wings_of_wind_fly_1_to_5_revealed_spaces_for_as_many_move_points_to_a_safe_space() -> None:
    from boardrules.games.mage_knight.cards.movement_spells import reach

    s = turn("wings-of-wind", faces="white red red red")
    reason, rule = refusal(s, "play wings-of-wind basic")
    assert "no safe space within reach with 0 Move point(s)" in reason and rule == "Movement"
    me(s).move_points = 2
    s.cached = None
    start = me(s).position
    do(s, "play wings-of-wind basic", "pay white die-1")
    moves = [a.split()[1] for a in legal(s)]
    far = reach(T, s.g, start, 2)
    assert moves and all(far[(int(m.split(":")[0]), int(m.split(":")[1]))] <= 2 for m in moves)
    two = next(m for m in moves if far[(int(m.split(":")[0]), int(m.split(":")[1]))] == 2)
    do(s, f"move {two}")
    p = me(s)
    assert f"{p.position[0]}:{p.position[1]}" == two and p.move_points == 0 and p.provoked == []


def test_underground_travel_up_to_3_spaces_never_into_or_through_a_swamp_or_lake() -> None:
    from boardrules.games.mage_knight.cards.movement_spells import reach

    s = turn("underground-travel", faces="green red red red")
    do(s, "play underground-travel basic", "pay green die-1")
    moves = [tuple(int(x) for x in a.split()[1].split(":")) for a in legal(s)]
    burrow = reach(T, s.g, me(s).position, 3, ("swamp", "lake"))
    assert moves and all(h in burrow and T.tile[s.g.spaces[h][0]].hexes[s.g.spaces[h][1]].terrain not in
                         ("swamp", "lake") for h in moves)
    do(s, f"move {moves[-1][0]}:{moves[-1][1]}")
    assert me(s).position == moves[-1] and me(s).move_points == 0


def test_call_to_arms_call_to_glory_recruit_an_offered_unit_free_disbanding_one_at_the_limit() -> None:
    s = _night(turn("call-to-arms", faces="white red red red", night=True, units="peasants"))
    s.g.unit_offer = ["utem-guardsmen", "herbalists"]
    s.cached = None
    do(s, "play call-to-arms powered", "pay white die-1", "pay black token")
    assert legal(s) == ["recruit herbalists", "recruit utem-guardsmen"]
    do(s, "recruit utem-guardsmen")
    assert legal(s) == ["disband peasants-1"]  # one Command token, taken
    do(s, "disband peasants-1")
    p = me(s)
    assert [u[0] for u in p.units] == ["utem-guardsmen"] and s.g.unit_offer == ["herbalists"]
    assert p.influence_points == 0


def test_call_to_glory_a_unit_holding_the_banner_of_command_leaves_the_command_token_free() -> None:
    """Facts 3.3, Banner of Command: a Unit with it holds it "in place of a Command token", so Call
    to Glory (facts 3.2) recruits into the free token without asking for a Unit to disband."""
    s = _night(turn("call-to-arms", faces="white red red red", night=True, units="peasants"))
    me(s).banners = {"peasants-1": "banner-of-command"}
    s.g.unit_offer = ["utem-guardsmen", "herbalists"]
    s.cached = None
    do(s, "play call-to-arms powered", "pay white die-1", "pay black token", "recruit herbalists")
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants", "herbalists"] and p.play_area.count("call-to-arms") == 1




def test_space_bending_move_to_a_space_2_away_as_if_adjacent_provoking_no_one() -> None:
    from boardrules.games.mage_knight.map.movement import two_away

    s = turn("space-bending", faces="blue red red red")
    me(s).move_points = 5
    s.cached = None
    start = me(s).position
    before = legal(s)
    do(s, "play space-bending basic", "pay blue die-1")
    leaps = [a for a in legal(s) if a.startswith("move ") and
             tuple(int(x) for x in a.split()[1].split(":")) in two_away(start)]
    assert leaps and not set(leaps) & set(before)
    to = tuple(int(x) for x in leaps[0].split()[1].split(":"))
    cost = terrain_cost(T, s.g, to)
    do(s, leaps[0])
    p = me(s)
    assert p.position == to and p.move_points == 5 - (cost or 0) and p.provoked == []


def test_offering_sacrifice_each_pair_of_crystals_an_attack_and_two_mana_tokens() -> None:
    s = _night(in_phase(turn("offering", faces="red red red red", fight="prowlers", night=True), "ranged"))
    me(s).crystals.update(white=2, blue=3, green=1)
    s.cached = None
    do(s, "play offering powered")
    assert legal(s) == ["choose 2", "choose 4"]  # no red crystal: no green-red or white-red pair
    do(s, "choose 4", "pay red die-1", "pay black token")
    p = me(s)
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "ice", 6)] * 2
    assert p.crystals == {"red": 0, "blue": 1, "green": 1, "white": 0} and p.mana["white"] == 2 and p.mana["blue"] == 2


def test_charm_possess_the_enemy_does_not_attack_its_attack_is_yours_against_the_others() -> None:
    from boardrules.games.mage_knight.combat.choices import counting_points

    s = _night(in_phase(turn("charm", faces="white red red red", fight="prowlers, prowlers", night=True), "ranged"))
    do(s, "play charm powered", "enemy 1", "pay white die-1", "pay black token")
    c = s.g.combat
    assert c is not None and c.enemies[0].prevented
    c.enemies[1].prevented = True  # the other one does not attack either (hand-set)
    s.cached = None
    do(s, "next", "next")  # to the Attack phase: nothing to block, no damage
    c = s.g.combat
    assert c is not None and c.phase == "attack" and [x[:3] for x in c.pool] == [("attack", "physical", 4)]
    c.targets = [0]
    assert counting_points(c, T) == []  # not against the possessed enemy itself
    c.targets = []
    s.cached = None
    do(s, "target 2", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[1].defeated and not c.enemies[0].defeated


def test_meditation_two_random_cards_of_the_discard_pile_on_top_or_bottom_and_hand_limit_plus_2() -> None:
    s = turn("meditation", faces="green green green green")
    p = me(s)
    p.discard, p.deck = ["march", "rage", "stamina"], ["swiftness"]
    s.cached = None
    do(s, "play meditation basic", "pay green die-1")
    picks = sorted({x.split()[1] for x in legal(s)})
    assert len(picks) == 2 and set(picks) < {"march", "rage", "stamina"}  # the random two only
    do(s, f"deck {picks[0]} top")
    assert legal(s) == [f"deck {picks[1]} top", f"deck {picks[1]} bottom"]
    do(s, f"deck {picks[1]} bottom")
    p = me(s)
    assert p.deck == [picks[1], "swiftness", picks[0]] and len(p.discard) == 1 and s.g.hand_bonus == 2


def test_meditation_powered_trance_the_two_cards_chosen() -> None:
    s = turn("meditation", faces="green green green green", night=True)
    p = me(s)
    p.discard, p.deck, p.mana["black"] = ["march", "rage", "stamina"], ["swiftness"], 1
    s.cached = None
    do(s, "play meditation powered", "pay green die-1", "pay black token")
    assert len(legal(s)) == 6  # any card of the discard pile, top or bottom
    do(s, "deck stamina top", "deck rage top")
    p = me(s)
    assert p.deck == ["swiftness", "stamina", "rage"] and p.discard == ["march"] and s.g.hand_bonus == 2
