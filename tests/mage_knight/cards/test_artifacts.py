"""Mage Knight Artifacts with their own mechanisms (facts 3.3), each played through the decisions
(``play CARD basic|powered`` and its steps) from a hand-set position of a real game, the
Mysterious Box used as another Artifact (the Banner of Command, the Tome of All Spells, a Banner)
among them."""

from __future__ import annotations

import pytest
from mk_positions import (
    GAME,
    _tome,
    check_state,
    check_views,
    combat,
    do,
    in_phase,
    legal,
    me,
    taken,
    turn,
)

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
    assert "choose 1" in taken(s)  # the Night option is refused by Day
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
    """Random games where each hero also holds Spells and Artifacts of cards/spells.py and
    cards/artifacts.py, with Units: every decision has a legal action, refusals are errors
    with a rule, texts hide what views hide, and the game ends."""
    from random_play import play_checked

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
    crystals = me(s).crystals["green"]
    do(s, "play book-of-wisdom powered", "throw march")
    assert "learn tremor" in taken(s)  # green, as March: the one Spell, taken at once
    do(s, "learn tremor")
    p = me(s)
    assert sorted(p.hand) == ["rage", "tremor"] and "march" in p.thrown and "book-of-wisdom" in p.thrown
    assert p.crystals["green"] == crystals + 1 and "tremor" not in s.g.spell_offer


def _at(s: MKState, site: str) -> MKState:
    """The current hero stands on the first space of the map holding ``site``."""
    g = s.g
    me(s).position = next(h for h, (tile, i) in g.spaces.items() if GAME.t.tile[tile].hexes[i].site == site)
    s.cached = None
    return s


# ---- The Mysterious Box used as the Banner of Command (facts 3.3: Box "this turn you may use
# Mysterious Box as that artifact ... if used as a banner, it is discarded"; Banner of Command
# "Influence 4; if you recruited a unit this turn you may attach this to it in place of a Command
# token") ----------------------------------------------------------------------------------------

def _boxed_command(units: str = "peasants") -> MKState:
    s = _at(turn("mysterious-box march", units=units), "village")
    s.g.artifact_deck = ["ruby-ring", "banner-of-command"]  # the top is the last
    s.g.unit_offer = ["foresters", "peasants"]
    s.cached = None
    do(s, "play mysterious-box basic")
    return s


def test_mysterious_box_as_the_banner_of_command_a_unit_recruited_takes_it_then_it_is_disbanded() -> None:
    s = _boxed_command()
    fame = me(s).fame
    do(s, "play mysterious-box basic", "play march influence")
    p = me(s)
    assert p.influence_points == 5 and p.fame == fame + 1 and p.command == 1
    do(s, "recruit foresters")  # no disband asked: the Box is the Command token
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {"foresters-1": "banner-of-command"}
    assert "mysterious-box" not in p.play_area
    assert "activate foresters-1 move" in legal(s)  # the Unit serves this turn
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    # the Box is discarded from under the Foresters, who are left with no Command token: disbanded
    assert [u[0] for u in p.units] == ["peasants"] and p.banners == {}
    assert p.discard.count("mysterious-box") == 1 and "banner-of-command" not in p.discard
    assert s.g.artifact_deck == ["banner-of-command", "ruby-ring"]


def test_mysterious_box_as_the_banner_of_command_the_unit_stays_with_a_free_command_token() -> None:
    s = _boxed_command()
    do(s, "play mysterious-box basic", "play march influence", "recruit foresters")
    p = me(s)
    p.command = 2  # a Command token gained before the end of the turn (a level-up, Bonds of Loyalty)
    player = s.g.current
    do(s, "end-turn")
    p = s.g.players[player]
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {}
    assert "mysterious-box" in p.discard


def _fight(hand: str, enemies: str, units: str = "", phase: str = "attack") -> MKState:
    """The first turn with ``hand``, in a combat against ``enemies`` with ``units`` (comma
    separated, as ``mk_positions.combat``) in ``phase``."""
    s = turn(hand)
    s.g.combat = combat(enemies, units=units).c
    p = me(s)
    p.units = [[u.strip().partition(":")[0], 0, False] for u in units.split(",") if u.strip()]
    p.command = max(p.command, len(p.units))
    return in_phase(s, phase)


# ---- Sword of Justice ---------------------------------------------------------------------------

def test_sword_of_justice_powered_physical_attacks_count_double_and_enemies_lose_physical_resistance() -> None:
    """Facts 3.3, Sword of Justice thrown away: "physical attacks you play in the Attack phase
    count double; enemies lose Physical resistance this turn; Fame +1 per enemy defeated"."""
    s = _fight("sword-of-justice rage march", "golems, diggers")  # Golems: Armor 5, Physical Resistance
    do(s, "play sword-of-justice powered")
    c = s.g.combat
    assert c is not None and "sword-of-justice" in me(s).thrown and c.enemies[0].resistances_lost == ["physical"] == c.enemies[1].resistances_lost
    do(s, "play rage basic", "choose 1", "play march attack", "target 1")
    fame = me(s).fame
    do(s, "resolve")  # physical 3 counts 6 against Armor 5 (without the Sword: 3 halved, 1)
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated and c.fame == 4 + 1 and me(s).fame == fame


def test_sword_of_justice_powered_in_the_ranged_phase_no_resistance_but_nothing_doubled() -> None:
    """Only the Attack phase's physical attacks count double; the lost resistance holds at once."""
    s = _fight("sword-of-justice swiftness", "golems", phase="ranged")
    do(s, "play sword-of-justice powered", "play swiftness powered", "pay white die-4", "target 1")
    GAME.apply(s, Action.parse("resolve"))  # it defeats nothing: asked to confirm
    events = GAME.apply(s, Action.parse("confirm"))
    assert [e.data["attack"] for e in events if e.kind == "attack-failed"] == [3]  # neither halved nor doubled


def test_sword_of_justice_powered_is_played_in_a_combat() -> None:
    s = turn("sword-of-justice march")
    assert "play sword-of-justice powered" not in legal(s)


# ---- Bow of Starsdawn ---------------------------------------------------------------------------

def test_bow_of_starsdawn_powered_ranged_attacks_doubled() -> None:
    """Facts 3.3, Bow of Starsdawn thrown away: "each of your ranged attacks this turn is doubled or
    becomes a siege attack of the same element": against an unfortified enemy, doubled."""
    s = _fight("bow-of-starsdawn swiftness", "orc-tracker, prowlers", phase="ranged")
    do(s, "play bow-of-starsdawn powered", "play swiftness powered", "pay white die-4", "target 1")
    events = GAME.apply(s, Action.parse("resolve"))
    assert [e.data["token"] for e in events if e.kind == "defeated"] == ["orc-tracker"]  # Ranged 3 counts 6
    assert "bow-of-starsdawn" in me(s).thrown


def test_bow_of_starsdawn_powered_a_ranged_attack_counts_as_siege_against_a_fortified_enemy() -> None:
    s = _fight("bow-of-starsdawn swiftness", "diggers, prowlers", phase="ranged")  # Diggers: fortified, Armor 3
    do(s, "play swiftness powered", "pay white die-4", "target 1")
    assert "resolve" not in legal(s)  # a Ranged Attack does not count against a fortified enemy
    do(s, "play bow-of-starsdawn powered", "resolve")
    c = s.g.combat
    assert c is not None and c.enemies[0].defeated


def test_bow_of_starsdawn_powered_is_played_in_a_combat() -> None:
    s = turn("bow-of-starsdawn march")
    assert "play bow-of-starsdawn powered" not in legal(s)


# ---- Banner of Glory ----------------------------------------------------------------------------

def test_banner_of_glory_under_a_unit_armor_plus_1_plus_1_to_its_blocks_and_attacks_fame_when_it_fights() -> None:
    """Facts 3.3, Banner of Glory: "unit Armor +1 and +1 to its attacks/blocks; Fame +1 whenever it
    attacks or blocks"; put under a Unit in the combat, it works at once."""
    from boardrules.games.mage_knight.combat.damage import unit_armor

    s = _fight("banner-of-glory", "prowlers, diggers", units="peasants, utem-guardsmen", phase="block")
    do(s, "play banner-of-glory basic", "banner peasants-1")
    assert me(s).banners == {"peasants-1": "banner-of-glory"}
    do(s, "block 1", "activate peasants-1 block", "activate utem-guardsmen-1 block")
    c = s.g.combat
    assert c is not None
    assert [x[2] for x in c.pool] == [3, 4]  # the Peasants' Block 2 +1; the Guardsmen's without a Banner
    assert c.fame == 1  # the Peasants blocked under the Banner
    assert unit_armor(c, GAME.t, c.units[0]) == 4 and unit_armor(c, GAME.t, c.units[1]) == 5


def test_banner_of_glory_powered_every_unit_armor_plus_1_plus_1_and_fame_per_unit_that_fights() -> None:
    """Thrown away: "all your units Armor +1 and +1 to attacks/blocks this turn; Fame +1 per unit
    that attacks or blocks"."""
    from boardrules.games.mage_knight.combat.damage import unit_armor

    s = _fight("banner-of-glory", "prowlers, diggers", units="peasants, utem-guardsmen", phase="block")
    assert "play banner-of-glory powered" in legal(s)
    do(s, "play banner-of-glory powered", "block 1", "activate peasants-1 block", "activate utem-guardsmen-1 block")
    c = s.g.combat
    assert c is not None and "banner-of-glory" in me(s).thrown
    assert [x[2] for x in c.pool] == [3, 5] and c.fame == 2
    assert unit_armor(c, GAME.t, c.units[0]) == 4 and unit_armor(c, GAME.t, c.units[1]) == 6
    s = turn("banner-of-glory march")
    assert "play banner-of-glory powered" not in legal(s)  # its bonus is to a combat's attacks and blocks


# ---- Banner of Fear -----------------------------------------------------------------------------

def test_banner_of_fear_in_the_block_phase_spend_the_unit_to_cancel_an_attack_fame_1() -> None:
    """Facts 3.3, Banner of Fear: "in the Block phase you may spend this unit to cancel one enemy
    attack; Fame +1"; the attack is the one declared (``block N``)."""
    s = _fight("banner-of-fear", "prowlers, orc-summoners", units="peasants", phase="block")
    do(s, "play banner-of-fear basic", "banner peasants-1")
    assert "activate peasants-1 banner" not in legal(s)  # no attack declared yet
    do(s, "block 1", "activate peasants-1 banner")
    c = s.g.combat
    assert c is not None and c.enemies[0].blocked == [True] and c.units[0].spent and c.fame == 1
    assert "block 1" not in legal(s) and "activate peasants-1 banner" not in legal(s)
    do(s, "next")
    assert c.enemies[0].left == [0]  # no damage from the cancelled attack


def test_banner_of_fear_the_unit_must_be_ready_and_only_in_the_block_phase() -> None:
    s = _fight("march", "prowlers, diggers", units="peasants", phase="block")
    me(s).banners = {"peasants-1": "banner-of-fear"}
    c = s.g.combat
    assert c is not None
    c.this_combat.append("banner:peasants-1:banner-of-fear")
    c.units[0].spent = True
    do(s, "block 1")
    assert "activate peasants-1 banner" not in legal(s)
    c.units[0].spent = False
    c.cached = s.cached = None
    assert "activate peasants-1 banner" in legal(s)
    in_phase(s, "attack").g.combat.cached = None  # type: ignore[union-attr]
    assert "activate peasants-1 banner" not in legal(s)


# ---- Banner of Command --------------------------------------------------------------------------

def test_banner_of_command_influence_4_and_a_unit_recruited_takes_it_in_place_of_a_command_token() -> None:
    """Facts 3.3, Banner of Command: "Influence 4; if you recruited a unit this turn you may attach
    this to it in place of a Command token": with no free token, the Unit recruited takes it."""
    s = turn("banner-of-command march", units="peasants")
    g = s.g
    g.unit_offer = ["foresters", "peasants"]
    village = next(h for h, (tile, i) in g.spaces.items() if GAME.t.tile[tile].hexes[i].site == "village")
    me(s).position = village
    s.cached = None
    do(s, "play banner-of-command basic", "play march influence")
    p = me(s)
    assert p.influence_points == 5 and p.command == 1 and "banner-of-command" in p.play_area
    do(s, "recruit foresters")  # no disband asked: the Banner is the Command token
    p = me(s)
    assert [u[0] for u in p.units] == ["peasants", "foresters"] and p.banners == {"foresters-1": "banner-of-command"}
    assert "banner-of-command" not in p.play_area and "recruit peasants" not in legal(s)  # no Influence left
    p.influence_points = 9
    s.cached = None
    do(s, "recruit peasants")
    # the Banner is used: a Unit goes first, one holding a token (the Foresters hold the Banner)
    assert "disband peasants-1" in taken(s)


def test_banner_of_command_a_unit_with_it_holds_no_command_token_until_it_leaves() -> None:
    from boardrules.games.mage_knight.cards.offers import disband_unit
    from boardrules.games.mage_knight.game_state import command_tokens_used

    s = turn("march", units="peasants foresters")
    p = me(s)
    p.command = 1
    p.banners = {"foresters-1": "banner-of-command"}
    assert command_tokens_used(p) == 1
    disband_unit(GAME.t, s.g, s.g.current, "foresters-1", [])
    assert p.banners == {} and p.discard == ["banner-of-command"] and command_tokens_used(p) == 1


# ---- Druidic Staff ------------------------------------------------------------------------------

def test_druidic_staff_discard_a_card_its_colour_gives_the_effect_blue_two_crystals_red_ready_green_heal() -> None:
    """Facts 3.3, Druidic Staff: "discard a card; by its colour: white move up to 2 revealed spaces
    to a safe space; blue 2 crystals of one colour; red ready a unit of level <=III; green Heal 3"."""
    s = turn("druidic-staff stamina rage march", units="peasants:spent")
    do(s, "play druidic-staff basic")
    assert legal(s) == ["choose 1", "choose 2", "choose 3", "choose 4"][1:]  # no white card in hand
    do(s, "choose 2")
    assert legal(s) == ["discard stamina"]  # the blue card
    do(s, "discard stamina", "colour red")
    p = me(s)
    assert p.crystals["red"] == 2 and "stamina" in p.discard and p.hand == ["rage", "march"]
    s = turn("druidic-staff stamina rage", units="peasants:spent")
    do(s, "play druidic-staff basic", "choose 3", "discard rage", "ready peasants-1")
    assert me(s).units[0][2] is False
    s = turn("druidic-staff march wound wound wound wound")
    do(s, "play druidic-staff basic", "choose 4", "discard march")
    assert me(s).hand == ["wound"]


def test_druidic_staff_white_flies_up_to_2_revealed_spaces_to_a_safe_space() -> None:
    from boardrules.games.mage_knight.cards.artifacts import staff_moves

    s = turn("druidic-staff swiftness")
    spaces = staff_moves(GAME.t, s.g, s.g.current)
    start = me(s).position
    far = next(h for h in spaces if max(abs(h[0] - start[0]), abs(h[1] - start[1]),
                                         abs(h[0] + h[1] - start[0] - start[1])) == 2)
    do(s, "play druidic-staff basic", "choose 1", "discard swiftness")
    assert sorted(legal(s)) == sorted(f"move {h[0]}:{h[1]}" for h in spaces)
    do(s, f"move {far[0]}:{far[1]}")
    assert me(s).position == far and me(s).move_points == 0


def test_druidic_staff_powered_two_different_effects_no_discard() -> None:
    s = turn("druidic-staff wound wound wound wound", units="peasants:spent")
    do(s, "play druidic-staff powered", "choose 2")
    assert legal(s) == ["choose 3", "choose 4"]  # a different effect, each pair once
    do(s, "choose 4", "colour white")
    p = me(s)
    assert p.crystals["white"] == 2 and p.hand == ["wound"] and "druidic-staff" in p.thrown
    assert p.units[0][2] is True


# ---- Tome of All Spells -------------------------------------------------------------------------

def test_tome_of_all_spells_discard_a_card_the_basic_effect_of_an_offered_spell_of_its_colour_no_mana() -> None:
    """Facts 3.3, Tome of All Spells: "discard a card -> basic effect of a Spell of the same colour
    in the offer, no mana"; the Spell stays in the offer."""
    s = _fight("tome-of-all-spells rage stamina", "prowlers, diggers", phase="ranged")
    s.g.spell_offer = ["fireball", "snowstorm", "tremor"]
    s.cached = None
    do(s, "play tome-of-all-spells basic")
    assert legal(s) == ["discard rage", "discard stamina"]
    do(s, "discard rage")
    assert "learn fireball" in taken(s)  # the red Spell of the offer
    do(s, "learn fireball")
    c = s.g.combat
    p = me(s)
    assert c is not None and [x[:3] for x in c.pool] == [("ranged", "fire", 5)]
    assert p.discard == ["rage"] and p.hand == ["stamina"] and "tome-of-all-spells" in p.play_area
    assert s.g.spell_offer == ["fireball", "snowstorm", "tremor"] and p.mana == dict.fromkeys(p.mana, 0)


def test_tome_of_all_spells_powered_the_strong_effect_by_day_with_the_spells_own_choices() -> None:
    """Thrown away: "discard a card -> strong effect of a Spell of that colour in the offer, no mana,
    even by day" (Tremor's Earthquake: an option, then the enemy)."""
    s = _fight("tome-of-all-spells march", "prowlers, diggers", phase="ranged")
    s.g.spell_offer = ["fireball", "tremor"]
    s.cached = None
    do(s, "play tome-of-all-spells powered", "discard march", "learn tremor")
    assert legal(s) == ["choose 1", "choose 2"]
    do(s, "choose 1", "enemy 2")
    c = s.g.combat
    assert c is not None and c.enemies[1].armor_cut == 6  # Armor -3, and again: the Diggers are fortified
    assert "tome-of-all-spells" in me(s).thrown
    s = turn("tome-of-all-spells crystallize")  # no blue Spell in the offer
    s.g.spell_offer = ["fireball", "tremor"]
    s.cached = None
    assert "play tome-of-all-spells basic" not in legal(s)


# ---- Circlet of Proficiency --------------------------------------------------------------------

def test_circlet_of_proficiency_a_skill_of_the_common_offer_used_as_yours_a_once_a_turn_one_twice() -> None:
    """Facts 3.3, Circlet of Proficiency: "use a non-interactive skill from the Common Skill offer as
    yours; a once-per-turn skill is used twice"; the skill stays in the offer."""
    s = turn("circlet-of-proficiency march")
    s.g.common_skills = ["double-time", "potion-making", "healing-ritual"]
    s.cached = None
    do(s, "play circlet-of-proficiency basic")
    assert legal(s) == ["skill double-time", "skill potion-making"]  # not the interactive one
    do(s, "skill double-time", "choose 1")  # Move 2 by Day, twice
    p = me(s)
    assert p.move_points == 4 and s.g.common_skills == ["double-time", "potion-making", "healing-ritual"]
    assert "double-time" not in p.skills and "circlet-of-proficiency" in p.play_area
    s = turn("circlet-of-proficiency wound wound wound wound")
    s.g.common_skills = ["potion-making"]
    s.cached = None
    do(s, "play circlet-of-proficiency basic", "skill potion-making")  # once a round: Heal 2 once
    assert me(s).hand == ["wound", "wound"]


def test_circlet_of_proficiency_powered_take_a_skill_of_the_common_offer_for_good() -> None:
    s = turn("circlet-of-proficiency")
    s.g.common_skills = ["double-time", "healing-ritual"]
    s.cached = None
    do(s, "play circlet-of-proficiency powered")
    assert legal(s) == ["skill double-time", "skill healing-ritual"]
    do(s, "skill healing-ritual")
    p = me(s)
    assert "healing-ritual" in p.skills and s.g.common_skills == ["double-time"]
    assert "circlet-of-proficiency" in p.thrown
    s = turn("circlet-of-proficiency march")  # an empty Common Skill offer
    assert "play circlet-of-proficiency basic" not in legal(s)


# ---- Mysterious Box -----------------------------------------------------------------------------

def test_mysterious_box_reveals_the_top_artifact_to_all_and_is_used_as_it_fame_1() -> None:
    """Facts 3.3, Mysterious Box: "reveal the top Artifact; this turn you may use Mysterious Box as
    that artifact (then Fame +1); at end of turn the revealed artifact goes to the deck bottom"."""
    from boardrules.engine import Rng

    s = turn("mysterious-box march")
    s.g.artifact_deck = ["ruby-ring", "golden-grail", "endless-bag-of-gold"]  # the top is the last
    s.cached = None
    other = 1 - s.g.current
    assert GAME.view(s, other)["artifacts_drawn"] == [] and "play mysterious-box powered" not in legal(s)
    assert GAME.explain_illegal(s, Action.parse("play mysterious-box powered"))[0] == \
        "Mysterious Box has no strong effect of its own"
    do(s, "play mysterious-box basic")
    assert GAME.view(s, other)["artifacts_drawn"] == ["endless-bag-of-gold"]  # seen by everyone
    for seed in range(3):  # what is seen stays as it is
        assert GAME.determinize(s, other, Rng(seed)).g.artifact_deck[-1] == "endless-bag-of-gold"
    assert "play mysterious-box powered" in legal(s) and "mysterious-box" in me(s).play_area
    fame = me(s).fame
    do(s, "play mysterious-box powered")  # as the Endless Bag of Gold thrown away: Influence 9, Fame +3
    p = me(s)
    assert p.influence_points == 9 and p.fame == fame + 3 + 1 and "mysterious-box" in p.thrown
    do(s, "end-turn")
    assert s.g.artifact_deck == ["endless-bag-of-gold", "ruby-ring", "golden-grail"]  # to the bottom


def test_mysterious_box_unused_returns_to_the_hand_at_the_end_of_the_turn() -> None:
    s = turn("mysterious-box march")
    s.g.artifact_deck = ["ruby-ring", "banner-of-courage"]
    s.cached = None
    player = s.g.current
    do(s, "play mysterious-box basic")
    assert "play mysterious-box basic" not in legal(s)  # as the Banner: no Unit to go under
    do(s, "end-turn")
    p = s.g.players[player]
    assert "mysterious-box" in p.hand and "mysterious-box" not in p.discard
    assert s.g.artifact_deck == ["banner-of-courage", "ruby-ring"] and GAME.view(s, 1 - player)["artifacts_drawn"] == []


# ---- random games holding these cards (property) ------------------------------------------------

def test_random_games_with_the_stage_17_artifacts_in_hand_keep_the_invariants() -> None:
    """Random games where each hero also holds the Artifacts offered here, with Units: every
    decision has a legal action, refusals are errors with a rule, texts hide what views hide,
    and the game ends."""
    from random_play import play_checked

    cards = ["banner-of-glory", "banner-of-fear", "sword-of-justice", "druidic-staff", "tome-of-all-spells",
             "circlet-of-proficiency", "bow-of-starsdawn", "banner-of-command", "mysterious-box"] * 2
    s = GAME.new_state(2, 517)
    s.g.common_skills = ["universal-power", "invocation", "inspiration", "double-time", "healing-ritual"]
    for i, p in enumerate(s.g.players):
        p.command = 3
        p.units = [["peasants", 0, False], ["utem-guardsmen", 0, False]]
        p.crystals = dict.fromkeys(p.crystals, 1)
        p.deck = cards[i::2] + p.deck  # each hero draws half of them first
    s.cached = None
    actions = play_checked(GAME, s, 17, check_state, salt=0x4D42, views=check_views, views_every=23, texts_every=7)
    assert s.over and any(a.startswith("play ") for a in actions)


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
    assert "learn cure" in taken(s)  # Fireball is for a combat
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
    assert "banner peasants-1" in taken(s)
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

def test_tome_of_all_spells_powered_casts_call_to_glory_a_unit_of_the_offer_recruited_free() -> None:
    s = _tome()
    do(s, "play tome-of-all-spells powered", "discard promise", "learn call-to-arms")
    assert legal(s) == ["recruit herbalists", "recruit utem-guardsmen"]
    do(s, "recruit utem-guardsmen")
    assert "disband peasants-1" in taken(s)  # one Command token, taken
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
