"""Mage Knight Artifacts with their own mechanisms (facts 3.3), each played through the decisions
(``play CARD basic|powered`` and its steps) from a hand-set position of a real game."""

from __future__ import annotations

import pytest
from test_mk_decisions import GAME, do, in_phase, legal, me, turn

from boardrules.engine import Action, Rng
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.cards.mana import mana_sources, roll_die
from boardrules.games.mage_knight.game_state import MKState, marks
from boardrules.games.mage_knight.map.movement import terrain_cost


def _terrain(s: MKState, terrain: str) -> tuple[int, int]:
    return next(h for h, (tile, i) in s.g.spaces.items() if GAME.t.tile[tile].hexes[i].terrain == terrain)


def _rolls(s: MKState, n: int) -> list[str]:
    """The next ``n`` faces the game's dice will show."""
    r = s.g.rng.copy()
    return [roll_die(r) for _ in range(n)]


def _seed_rolling(s: MKState, wanted: list[str]) -> None:
    """Reseed the game so that its next rolls show ``wanted`` first (a hand-set die)."""
    seed = 0
    while _rolls(s, len(wanted)) != wanted:
        seed += 1
        s.g.rng = Rng(seed)
    s.cached = None


def _night(s: MKState) -> MKState:
    """A black mana token for a Spell's strong effect."""
    me(s).mana["black"] = 1
    s.cached = None
    return s


# ---- Rings ------------------------------------------------------------------------------------

def test_rings_powered_any_number_of_red_mana_and_fame_per_red_spell_cast() -> None:
    s = turn("ruby-ring offering march", faces="blue blue blue blue")
    do(s, "play ruby-ring powered")
    assert "ruby-ring" in me(s).thrown and me(s).mana["red"] == 0
    assert "play offering basic" in legal(s)  # no red die, token or crystal: the Ring pays
    do(s, "play offering basic", "pay red token", "offer done")
    player = s.g.current
    p = me(s)
    assert p.crystals["red"] == 1 and p.mana["red"] == 0
    fame = p.fame
    GAME.apply(s, Action.parse("end-turn"))
    p = s.g.players[player]
    assert p.fame == fame + 1 and marks(p) == []  # one red Spell cast


def test_rings_powered_black_mana_too_where_it_is_usable() -> None:
    s = turn("sapphire-ring", faces="blue blue blue blue", night=True)
    do(s, "play sapphire-ring powered")
    assert "token" in mana_sources(s.g, s.g.current, "black")
    assert "token" in mana_sources(s.g, s.g.current, "blue") and "token" not in mana_sources(s.g, s.g.current, "red")
    s = turn("sapphire-ring", faces="blue blue blue blue")
    do(s, "play sapphire-ring powered")
    assert mana_sources(s.g, s.g.current, "black") == []  # black is still depleted by Day


# ---- Amulets ----------------------------------------------------------------------------------

def test_amulet_of_the_sun_at_night_gold_usable_and_forest_costs_3() -> None:
    s = turn("amulet-of-the-sun", faces="blue blue blue blue", night=True)
    forest = _terrain(s, "forest")
    assert terrain_cost(GAME.t, s.g, forest) == 5
    do(s, "play amulet-of-the-sun basic")
    p = me(s)
    assert p.mana["gold"] == 1 and "token" in mana_sources(s.g, s.g.current, "red")  # gold pays red as by Day
    assert terrain_cost(GAME.t, s.g, forest) == 3


def test_amulet_of_the_sun_by_day_only_its_tokens() -> None:
    s = turn("amulet-of-the-sun", faces="blue blue blue blue")
    do(s, "play amulet-of-the-sun powered")
    p = me(s)
    assert p.mana["gold"] == 3 and marks(p) == [] and "amulet-of-the-sun" in p.thrown


def test_amulet_of_darkness_by_day_black_usable_and_desert_costs_3() -> None:
    s = turn("amulet-of-darkness", faces="blue blue blue blue")
    desert = _terrain(s, "desert") if any(GAME.t.tile[x].hexes[i].terrain == "desert"
                                          for x, i in s.g.spaces.values()) else None
    do(s, "play amulet-of-darkness powered")
    assert legal(s) == [f"colour {c}" for c in ("red", "blue", "green", "white", "gold", "black")]
    do(s, "colour black")
    player = s.g.current
    assert me(s).mana["black"] == 3 and "token" in mana_sources(s.g, player, "black")
    if desert is not None:
        assert terrain_cost(GAME.t, s.g, desert) == 3
    GAME.apply(s, Action.parse("end-turn"))
    assert marks(s.g.players[player]) == []  # the Day rules come back at the end of the turn


# ---- Endless Gem Pouch, Golden Grail, Horn of Wrath ----------------------------------------

def test_endless_gem_pouch_a_crystal_per_roll_gold_the_chosen_colour_black_fame() -> None:
    s = turn("endless-gem-pouch", faces="blue blue blue blue")
    _seed_rolling(s, ["gold", "black"])
    do(s, "play endless-gem-pouch basic")
    assert legal(s) == ["colour red", "colour blue", "colour green", "colour white"]
    fame = me(s).fame
    do(s, "colour green")
    p = me(s)
    assert p.crystals == {"red": 0, "blue": 0, "green": 1, "white": 0} and p.fame == fame + 1
    s = turn("endless-gem-pouch", faces="blue blue blue blue")
    _seed_rolling(s, ["red", "red"])
    do(s, "play endless-gem-pouch basic", "colour white")
    assert me(s).crystals["red"] == 2 and me(s).crystals["white"] == 0


def test_endless_gem_pouch_powered_a_token_of_each_basic_colour_and_gold_by_day() -> None:
    s = turn("endless-gem-pouch", faces="blue blue blue blue")
    do(s, "play endless-gem-pouch powered")
    assert legal(s) == ["choose 1"]  # the Night option is refused by Day
    do(s, "choose 1")
    assert me(s).mana == {"red": 1, "blue": 1, "green": 1, "white": 1, "gold": 1, "black": 0}


def test_golden_grail_heal_2_fame_per_point_used() -> None:
    s = turn(f"golden-grail {WOUND} {WOUND} {WOUND} march")
    fame = me(s).fame
    do(s, "play golden-grail basic")
    assert me(s).hand.count(WOUND) == 1 and me(s).fame == fame + 2
    s = turn(f"golden-grail {WOUND} march")
    fame = me(s).fame
    do(s, "play golden-grail basic")
    assert me(s).fame == fame + 1  # one point of the Heal is used


def test_golden_grail_powered_heal_6_a_card_drawn_per_wound_healed_this_turn() -> None:
    s = turn(f"golden-grail {WOUND} {WOUND} {WOUND}")
    me(s).deck = ["march", "rage", "swiftness", "stamina", "promise"]
    s.cached = None
    do(s, "play golden-grail powered")
    p = me(s)
    assert sorted(p.hand) == ["promise", "stamina", "swiftness"] and "golden-grail" in p.thrown


def test_horn_of_wrath_siege_5_a_wound_on_a_red_or_black_roll() -> None:
    s = in_phase(turn("horn-of-wrath", faces="blue blue blue blue", fight="prowlers"), "ranged")
    _seed_rolling(s, ["red"])
    do(s, "play horn-of-wrath basic")
    c = s.g.combat
    assert c is not None and ("siege", "physical", 5) in [x[:3] for x in c.pool] and me(s).hand == [WOUND]
    s = in_phase(turn("horn-of-wrath", faces="blue blue blue blue", fight="prowlers"), "ranged")
    _seed_rolling(s, ["green"])
    do(s, "play horn-of-wrath basic")
    assert me(s).hand == []


def test_horn_of_wrath_powered_up_to_5_more_a_die_per_point_added() -> None:
    s = in_phase(turn("horn-of-wrath", faces="blue blue blue blue", fight="prowlers"), "ranged")
    _seed_rolling(s, ["black", "white", "red"])
    do(s, "play horn-of-wrath powered")
    assert legal(s) == [f"choose {i}" for i in range(1, 7)]
    do(s, "choose 4")  # Siege 5 + 3: three dice
    c = s.g.combat
    assert c is not None and ("siege", "physical", 8) in [x[:3] for x in c.pool]
    assert me(s).hand == [WOUND, WOUND]


# ---- Banners thrown away, Soul Harvester, Shield of the Fallen Kings, Book of Wisdom -------

def test_banner_of_courage_powered_outside_combat_ready_all_your_units() -> None:
    s = turn("banner-of-courage", units="peasants:spent utem-guardsmen:spent herbalists:wounded")
    do(s, "play banner-of-courage powered")
    p = me(s)
    assert [u[1:3] for u in p.units] == [[0, False], [0, False], [1, False]] and "banner-of-courage" in p.thrown


def test_banner_of_fortitude_powered_outside_combat_fully_heal_all_your_units() -> None:
    s = turn("banner-of-fortitude", units="peasants:wounded utem-guardsmen:spent")
    do(s, "play banner-of-fortitude powered")
    assert [u[1:3] for u in me(s).units] == [[0, False], [0, True]]


def test_banner_of_protection_powered_wounds_received_this_turn_thrown_away_at_its_end() -> None:
    from boardrules.games.mage_knight.cards.deck import take_wounds

    s = turn(f"banner-of-protection horn-of-wrath {WOUND}")
    player = s.g.current
    take_wounds(me(s), 1)  # received earlier this turn
    me(s).deck = []
    s.cached = None
    do(s, "play banner-of-protection powered")
    take_wounds(me(s), 1)  # and after it
    s.cached = None
    GAME.apply(s, Action.parse("end-turn"))
    p = s.g.players[player]
    assert p.hand == ["horn-of-wrath", WOUND] and WOUND not in p.discard  # the Wound held before the turn stays


def test_soul_harvester_a_crystal_for_the_enemy_its_attack_defeats() -> None:
    s = in_phase(turn("soul-harvester", fight="prowlers, freezers"), "attack")
    do(s, "play soul-harvester basic", "target 1", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.this_combat == ["crystal:white"]


def test_soul_harvester_powered_a_crystal_per_enemy_defeated_in_the_phase_by_resistance() -> None:
    s = _night(in_phase(turn("soul-harvester", fight="freezers, ironclads", night=True), "attack"))
    c = s.g.combat
    assert c is not None
    c.pool.append(("attack", "ice", 9, False, -1))  # more points played before
    s.g.combat_site = {"kind": "challenge", "at": list(me(s).position), "homes": []}
    s.cached = None
    do(s, "play soul-harvester powered", "target 1", "target 2", "resolve")
    assert s.g.combat is None and me(s).crystals == {"red": 1, "blue": 0, "green": 1, "white": 0}


def test_shield_of_the_fallen_kings_two_blocks_4_against_different_attacks() -> None:
    s = in_phase(turn("shield-of-the-fallen-kings", fight="prowlers, prowlers"), "block")
    do(s, "block 1", "play shield-of-the-fallen-kings basic", "choose 2")
    c = s.g.combat
    assert c is not None and [x[:3] for x in c.pool] == [("block", "physical", 4)]  # one for this attack
    do(s, "resolve", "block 2", "resolve")
    c = s.g.combat
    assert c is not None and [e.blocked for e in c.enemies] == [[True], [True]]


def test_book_of_wisdom_throw_away_an_action_card_an_advanced_action_of_its_colour_to_hand() -> None:
    s = turn("book-of-wisdom march rage")
    s.g.aa_offer = ["fire-bolt", "refreshing-walk", "path-finding"]
    s.cached = None
    do(s, "play book-of-wisdom basic")
    assert legal(s) == ["throw march", "throw rage"]
    do(s, "throw march")
    assert legal(s) == ["learn path-finding", "learn refreshing-walk"]  # green, as March
    do(s, "learn path-finding")
    p = me(s)
    assert sorted(p.hand) == ["path-finding", "rage"] and "march" in p.thrown and "path-finding" not in s.g.aa_offer


def test_a_turn_an_artifact_thrown_away_is_the_turns_card_played() -> None:
    s = turn("endless-bag-of-gold march")
    do(s, "play endless-bag-of-gold powered")
    assert me(s).play_area == [] and "end-turn" in legal(s)  # facts 5.4: a card was played


# ---- Banners under a Unit --------------------------------------------------------------------

def test_banners_assigned_to_a_unit_lie_under_it_and_replace_its_banner() -> None:
    s = turn("banner-of-protection banner-of-fortitude", units="peasants utem-guardsmen")
    do(s, "play banner-of-protection basic")
    assert legal(s) == ["banner peasants-1", "banner utem-guardsmen-1"]
    do(s, "banner utem-guardsmen-1")
    p = me(s)
    assert p.banners == {"utem-guardsmen-1": "banner-of-protection"} and p.play_area == [] and "end-turn" in legal(s)
    view = GAME.view(s, 1 - s.g.current)
    assert view["players"][s.g.current]["banners"] == {"utem-guardsmen-1": "banner-of-protection"}  # in sight
    do(s, "play banner-of-fortitude basic", "banner utem-guardsmen-1")
    p = me(s)
    assert p.banners == {"utem-guardsmen-1": "banner-of-fortitude"} and p.discard == ["banner-of-protection"]


def test_banners_a_unit_leaving_discards_its_banner_the_others_stay_with_their_units() -> None:
    from boardrules.games.mage_knight.cards.offers import disband_unit

    s = turn("march", units="peasants peasants herbalists")
    p = me(s)
    p.banners = {"peasants-1": "banner-of-fortitude", "peasants-2": "banner-of-protection:flipped"}
    disband_unit(GAME.t, s.g, s.g.current, "peasants-1", [])
    assert p.banners == {"peasants-1": "banner-of-protection:flipped"} and p.discard == ["banner-of-fortitude"]


def test_banner_of_protection_under_a_unit_armor_plus_1_and_fire_and_ice_resistance() -> None:
    from mk_positions import combat as fight

    from boardrules.games.mage_knight.combat.damage import damage_unit

    for banner, left in ((False, 3), (True, 0)):
        c = fight("fire-mages", units="peasants").c
        if banner:
            c.this_combat.append("banner:peasants-1:banner-of-protection")
        c.enemies[0].left[0] = 6  # Fire Attack 6 assigned to the Peasants (Armor 3)
        damage_unit(c, GAME.t, c.enemies[0], 0, c.units[0], [])
        assert c.enemies[0].left[0] == left and c.units[0].wounds == 1


def test_banner_of_fortitude_once_a_round_the_unit_ignores_a_wound_the_banner_flips() -> None:
    from mk_positions import EAST, east_board

    from boardrules.games.mage_knight.sites.site_combats import challenge

    words = ["plains", "plains", "plains", "plains+orcs", "plains", "plains", "plains"]
    b = east_board(" ".join(words), at=EAST["SW"])
    b.tokens(EAST["SE"], "prowlers")
    p = b.s.players[0]
    p.units = [["peasants", 0, False]]
    p.banners = {"peasants-1": "banner-of-fortitude"}
    challenge(b.t, b.s, 0, [EAST["SE"]], [])
    c = b.s.combat
    assert c is not None and c.this_combat == ["banner:peasants-1:banner-of-fortitude"]
    from boardrules.games.mage_knight.combat.damage import damage_unit

    c.enemies[0].left[0] = 4
    damage_unit(c, b.t, c.enemies[0], 0, c.units[0], [])
    assert c.units[0].wounds == 0 and c.units[0].resisted and c.enemies[0].left[0] == 1
    assert c.this_combat == ["fortitude-used:peasants-1"]
    from boardrules.games.mage_knight.sites.site_combats import finish_combat

    c.phase = "over"
    finish_combat(b.t, b.s, [])
    assert b.s.players[0].banners == {"peasants-1": "banner-of-fortitude:flipped"}  # until the next round


def test_banner_of_command_powered_fame_2_and_an_offered_unit_free() -> None:
    s = turn("banner-of-command")
    s.g.unit_offer = ["herbalists"]
    me(s).command = 2
    fame = me(s).fame
    s.cached = None
    do(s, "play banner-of-command powered", "recruit herbalists")
    assert [u[0] for u in me(s).units] == ["herbalists"] and me(s).fame == fame + 2


# ---- random games holding these cards (property) ------------------------------------------------

@pytest.mark.parametrize("seed", range(2))
def test_random_games_with_the_spells_and_artifacts_in_hand_keep_the_invariants(seed: int) -> None:
    """Random games where each hero also holds Spells and Artifacts of specials_spells.py and
    specials_artifacts.py, with Units: every decision has a legal action, refusals are errors
    with a rule, texts hide what views hide, and the game ends."""
    from random_play import play_checked
    from test_mk_game import check_state, check_views

    cards = ["ruby-ring", "banner-of-protection", "wings-of-wind", "space-bending", "mind-read", "mana-meltdown",
             "energy-flow", "burning-shield", "soul-harvester", "call-to-arms", "underground-travel", "golden-grail",
             "banner-of-fortitude", "amulet-of-the-sun", "horn-of-wrath", "shield-of-the-fallen-kings", "cure",
             "offering", "book-of-wisdom", "endless-gem-pouch"]
    s = GAME.new_state(2 + seed, 500 + seed)
    for i, p in enumerate(s.g.players):
        p.command = 3
        p.units = [["peasants", 0, False], ["utem-guardsmen", 0, False]]
        p.crystals = dict.fromkeys(p.crystals, 1)
        p.deck += cards[i::len(s.g.players)]
    s.cached = None
    actions = play_checked(GAME, s, seed, check_state, salt=0x4D53, views=check_views, views_every=23, texts_every=7)
    assert s.over and any(a.startswith("play ") for a in actions)


def test_banner_of_courage_once_a_round_outside_combat_flip_it_to_ready_the_unit() -> None:
    s = turn("banner-of-courage march", units="peasants:spent utem-guardsmen")
    assert "activate peasants-1 banner" not in legal(s)
    do(s, "play banner-of-courage basic", "banner peasants-1", "activate peasants-1 banner")
    p = me(s)
    assert p.units[0][2] is False and p.banners == {"peasants-1": "banner-of-courage:flipped"}
    p.units[0][2] = True
    s.cached = None
    assert "activate peasants-1 banner" not in legal(s)  # once a round


def test_book_of_wisdom_powered_throw_away_an_action_card_a_spell_of_its_colour_to_hand_and_a_crystal() -> None:
    s = turn("book-of-wisdom march rage")
    s.g.spell_offer = ["fireball", "tremor", "snowstorm"]
    s.cached = None
    do(s, "play book-of-wisdom powered", "throw march")
    assert legal(s) == ["learn tremor"]  # green, as March
    crystals = me(s).crystals["green"]
    do(s, "learn tremor")
    p = me(s)
    assert sorted(p.hand) == ["rage", "tremor"] and "march" in p.thrown and "book-of-wisdom" in p.thrown
    assert p.crystals["green"] == crystals + 1 and "tremor" not in s.g.spell_offer
