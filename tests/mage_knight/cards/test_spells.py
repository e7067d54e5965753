"""Mage Knight Spells with their own mechanisms (facts 3.2), each played through the decisions
(``play CARD basic|powered`` and its steps) from a hand-set position of a real game: Call to Arms
in and out of a combat, Space Bending, Charm, Wings of Night, Underground Attack, Time Bending,
Mana Claim / Mana Curse among them."""

from __future__ import annotations

from mk_positions import (
    GAME,
    _lending,
    _night,
    combat,
    do,
    in_phase,
    legal,
    me,
    refusal,
    taken,
    them,
    turn,
)

from boardrules.engine import Action
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
from boardrules.games.mage_knight.combat.enemies import armor, fortification, resistances
from boardrules.games.mage_knight.game_state import MKState, clear_marks
from boardrules.games.mage_knight.map.movement import terrain_cost
from boardrules.games.mage_knight.rounds.turn import start_turn

T = GAME.t


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
    do(s, "block 1", "play burning-shield basic", "pay red die-1", "resolve", "confirm")  # Fire blocks Fire at half
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [False] and c.this_combat == []


def test_burning_shield_exploding_shield_destroys_the_blocked_enemy() -> None:
    s = _night(in_phase(turn("burning-shield", faces="red red red red", fight="prowlers", night=True), "block"))
    fame = me(s).fame
    events = do(s, "block 1", "play burning-shield powered", "pay red die-1", "pay black token", "resolve")
    # (the hand empty, the rest of the combat has one answer a question: it ends at once)
    assert [e.data["token"] for e in events if e.kind == "defeated"] == ["prowlers"]
    assert s.g.combat is None and me(s).fame == fame + T.enemy["prowlers"].fame


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
    assert "disband peasants-1" in taken(s)  # one Command token, taken
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


# ---- Call to Arms in a combat (facts 3.2: "use one ability of a unit in the Unit offer this turn as if
# yours (no damage may be assigned to it)") ---------------------------------------------------------

def test_call_to_arms_basic_in_a_combat_the_offered_unit_is_lent_no_damage_to_it_and_it_stays_in_the_offer() -> None:
    s = _lending("prowlers", ["peasants", "herbalists"])
    do(s, "play call-to-arms basic")
    assert "recruit peasants" in taken(s)  # the Herbalists have no ability for a combat
    do(s, "recruit peasants", "pay white die-1", "next")
    c = s.g.combat
    assert c is not None and [u.label for u in c.units] == ["peasants-1", "peasants-2"]
    assert "activate peasants-2 block" in legal(s)
    do(s, "next")  # nothing blocked: the Assign Damage phase
    assert legal(s) == ["assign 1 unit peasants-1", "assign 1 hero"]  # never to the lent Unit
    do(s, "assign 1 hero", "activate peasants-2 attack")
    assert "activate peasants-2 attack" not in legal(s) and c.units[1].spent
    do(s, "next", "confirm")  # the combat ends: the lent Unit leaves with it
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
    assert "recruit peasants" in taken(s)
    for offer, offered in ((["utem-guardsmen"], True), (["herbalists"], False)):
        s = _lending("prowlers", offer, units="")
        c = s.g.combat
        assert c is not None
        c.phase = "attack"
        s.cached = None
        assert ("play call-to-arms basic" in legal(s)) == offered
    reason, rule = refusal(s, "play call-to-arms basic")
    assert rule and reason


# ---- Space Bending (facts 3.2: "this turn move (and explore) to spaces 2 away as if adjacent") ------

def test_space_bending_explores_a_tile_position_2_spaces_away() -> None:
    from boardrules.games.mage_knight.map.exploring import (
        next_to,
        open_positions,
        placement_refusal,
    )
    from boardrules.games.mage_knight.map.movement import terrain_cost

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


# ---- Charm (facts 3.2) ------------------------------------------------------------------------

def _at_village(s: MKState) -> MKState:
    g = s.g
    me(s).position = next(h for h, (tile, i) in g.spaces.items() if T.tile[tile].hexes[i].site == "village")
    s.cached = None
    return s


def test_charm_basic_influence_4_and_in_an_interaction_a_crystal_of_a_chosen_colour() -> None:
    s = _at_village(turn("charm", faces="white red red red"))
    do(s, "play charm basic")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 1", "colour green", "pay white die-1")
    assert me(s).influence_points == 4 and me(s).crystals["green"] == 1


def test_charm_basic_in_an_interaction_a_unit_3_influence_cheaper_without_reputation_lost() -> None:
    s = _at_village(turn("charm", faces="white red red red"))
    s.g.unit_offer = ["peasants"]  # cost 4
    do(s, "play charm basic", "choose 2", "pay white die-1")
    rep = me(s).reputation
    do(s, "recruit peasants")
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants"] and p.influence_points == 3 and p.reputation == rep


def test_charm_basic_without_an_interaction_influence_4_only() -> None:
    s = turn("charm", faces="white red red red")
    do(s, "play charm basic", "pay white die-1")
    assert me(s).influence_points == 4 and sum(me(s).crystals.values()) == 0


# ---- Wings of Night (facts 3.2, errata) -------------------------------------------------------

def _wings(move: int) -> MKState:
    s = in_phase(turn("wings-of-wind", faces="white red red red", fight="prowlers, prowlers, prowlers", night=True),
                 "ranged")
    me(s).mana["black"] = 1
    c = s.g.combat
    assert c is not None
    c.move_points = move
    s.cached = None
    return s


def test_wings_of_night_one_enemy_free_the_second_for_1_move_the_third_for_2() -> None:
    s = _wings(3)
    do(s, "play wings-of-wind powered", "enemy 2", "pay white die-1", "pay black token")
    assert legal(s) == ["also 1", "also 3", "also done"]
    do(s, "also 3")
    assert legal(s) == ["also 1", "also done"]
    do(s, "also 1", "also done")
    c = s.g.combat
    assert c is not None and all(e.prevented for e in c.enemies) and c.move_points == 0


def test_wings_of_night_without_move_one_enemy_only() -> None:
    s = _wings(0)
    do(s, "play wings-of-wind powered", "enemy 1", "pay white die-1", "pay black token")
    assert "also done" in taken(s)
    do(s, "also done")
    c = s.g.combat
    assert c is not None and [e.prevented for e in c.enemies] == [True, False, False]


# ---- Underground Attack (facts 3.2) -----------------------------------------------------------

def _keep_nearby(s: MKState, at: tuple[int, int] = (2, -1)) -> tuple[int, int]:
    """Make the space ``at`` (2 spaces from the portal) an unconquered keep with Guardsmen."""
    from boardrules.games.mage_knight.game_state import Token

    tile = next(x for x in T.tiles if any(h.site == "keep" for h in x.hexes))
    s.g.spaces[at] = (tile.id, next(i for i, h in enumerate(tile.hexes) if h.site == "keep"))
    s.g.enemies[at] = [Token("guardsmen", False)]
    s.cached = None
    return at


def test_underground_attack_to_a_fortified_site_assaulted_at_once_fortifications_ignored() -> None:
    s = turn("underground-travel", faces="green red red red", night=True)
    me(s).mana["black"] = 1
    keep = _keep_nearby(s)
    do(s, "play underground-travel powered", "pay green die-1", "pay black token")
    assert f"move {keep[0]}:{keep[1]}" in taken(s)  # only the fortified site: taken at once
    do(s, f"move {keep[0]}:{keep[1]}")
    c = s.g.combat
    p = me(s)
    assert c is not None and p.position == keep and "no-site-fortifications" in c.this_combat
    assert p.came_from == (0, 0)  # a failed assault withdraws to where the spell started


def test_underground_attack_not_offered_without_a_fortified_site_in_reach() -> None:
    s = turn("underground-travel", faces="green red red red", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    assert "play underground-travel powered" not in legal(s)
    assert "play underground-travel basic" in legal(s)


# ---- Time Bending (facts 3.2, errata) ---------------------------------------------------------

def test_time_bending_the_other_cards_back_to_hand_no_draw_and_another_turn() -> None:
    s = turn("space-bending march rage", faces="blue red red red", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    player = s.g.current
    do(s, "play space-bending powered", "pay blue die-1", "pay black token", "play march basic")
    deck = len(me(s).deck)
    do(s, "end-turn")
    p = s.g.players[player]
    assert s.g.current == player and sorted(p.hand) == ["march", "rage"] and len(p.deck) == deck
    assert "space-bending" in p.discard and not p.play_area
    assert "play march basic" in legal(s)
    do(s, "play march basic", "end-turn")
    assert s.g.current != player  # one more turn only


# ---- Mana Claim / Mana Curse (facts 3.2) ------------------------------------------------------

def test_mana_claim_basic_a_basic_die_kept_for_the_round_and_three_tokens_of_it_now() -> None:
    s = turn("mana-claim march", faces="blue red gold white")
    player = s.g.current
    do(s, "play mana-claim basic", "choose 1")
    assert legal(s) == ["die 1", "die 2", "die 4"]  # a basic colour: not gold
    do(s, "die 2", "pay blue die-1")
    assert me(s).mana["red"] == 3 and s.g.mana_claims == ((player, 1, 0, 0),)
    do(s, "end-turn")
    other = s.g.current
    assert other != player and s.g.source[1] == "red" and "die-2" not in mana_sources(s.g, other, "red")


def test_mana_claim_basic_or_a_token_of_its_colour_on_each_later_turn_this_round() -> None:
    s = turn("mana-claim march", faces="blue red gold white")
    player = s.g.current
    do(s, "play mana-claim basic", "choose 2", "die 4", "pay blue die-1")
    assert me(s).mana["white"] == 0
    s.g.players[player].hand = ["march"]  # a card for the next turn
    do(s, "end-turn")
    assert s.g.players[player].mana["white"] == 0
    start_turn(T, s.g, player, [])  # the player's next turn this round
    assert s.g.players[player].mana["white"] == 1


def test_mana_curse_another_player_using_that_colour_takes_a_wound_once_a_turn() -> None:
    s = turn("mana-claim", faces="blue red gold white", night=True)
    me(s).mana["black"] = 1
    s.cached = None
    player = s.g.current
    do(s, "play mana-claim powered", "choose 1", "die 2", "pay blue die-1", "pay black token")
    g = s.g
    other = 1 - player
    g.current = other
    q = g.players[other]
    clear_marks(q)
    q.mana["red"] = 2
    pay_mana(g, other, "red", "token")
    pay_mana(g, other, "red", "token")
    assert q.hand.count(WOUND) == 1  # one a turn
    me_ = g.players[player]
    g.current = player
    clear_marks(me_)
    pay_mana(g, player, "red", "token")
    assert WOUND not in me_.hand  # not its owner


# ---- Call to Arms (facts 3.2) -----------------------------------------------------------------

def test_call_to_arms_basic_an_offered_units_ability_used_as_yours_the_unit_stays_in_the_offer() -> None:
    s = turn("call-to-arms", faces="white red red red")
    s.g.unit_offer = ["peasants", "utem-guardsmen"]
    s.cached = None
    do(s, "play call-to-arms basic")
    assert "recruit peasants" in taken(s)  # the Guardsmen have no ability used outside combat
    do(s, "recruit peasants")
    assert legal(s) == ["choose 1", "choose 2"]  # Influence 2, Move 2
    do(s, "choose 2", "pay white die-1")
    p = me(s)
    assert p.move_points == 2 and p.units == [] and s.g.unit_offer == ["peasants", "utem-guardsmen"]


def test_call_to_arms_basic_the_abilitys_mana_is_paid_after_the_spells() -> None:
    s = turn("call-to-arms", faces="white green red red")
    s.g.unit_offer = ["herbalists"]
    me(s).hand.append(WOUND)
    me(s).crystals["green"] = 1
    s.cached = None
    do(s, "play call-to-arms basic", "recruit herbalists")
    assert legal(s) == ["choose 1", "choose 3"]  # Heal 2 for a green mana, or a mana token (nothing to ready)
    do(s, "choose 1", "pay white die-1")
    assert "pay green crystal" in taken(s)  # one die a turn: the green die is not free
    do(s, "pay green crystal")
    assert WOUND not in me(s).hand and me(s).crystals["green"] == 0


def test_mana_claim_the_kept_die_is_out_of_the_source_mana_storm_does_not_reroll_it() -> None:
    s = turn("mana-storm", faces="blue red red red red")
    s.g.mana_claims = ((1 - s.g.current, 1, 1, 0),)  # die 2 kept by the other player on an earlier turn
    me(s).crystals["white"] = 1
    s.cached = None
    assert "die-2" not in mana_sources(s.g, s.g.current, "red")
    do(s, "play mana-storm powered", "pay white crystal")
    assert s.g.source[1] == "red" and s.g.source[2:] != ["red", "red", "red"]  # the others re-rolled
