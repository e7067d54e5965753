"""Mage Knight Solo Conquest (facts 5.8): the set-up, the Dummy player's turns, Tactics and round
preparation, the cities' levels, the end when every city is conquered, and its scoring."""

from __future__ import annotations

from boardrules.engine import Action
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import DUMMY, MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes
from boardrules.games.mage_knight.rounds.dummy import dummy_turn
from boardrules.games.mage_knight.rounds.new_round import begin_round
from boardrules.games.mage_knight.rounds.scoring import city_points, final_scores

GAME = MageKnight()
NEEDS_CHOICES = ("rethink", "preparation", "mana-steal")  # tactics asking for cards (or a die) once taken
T = GAME.t


def solo(seed: int = 3) -> MKState:
    return GAME.new_state(1, seed)


def tactic_taken(s: MKState) -> None:
    d = GAME.decision(s)
    assert d is not None and d.actions[0].name == "tactic"
    GAME.apply(s, next(a for a in d.actions if a.args[0] not in NEEDS_CHOICES))


def test_solo_conquest_setup_map_dummy_and_no_interactive_pieces() -> None:
    """Facts 5.8 Solo Conquest: a wedge, 7 countryside, 2 non-city core and 2 city tiles; the
    interactive Spells and skill removed; the Dummy: an unused hero, its 16 cards and 3 crystals
    by its hero card's dots, in the Round Order; one player: 1 + 2 Source dice."""
    s = solo()
    g = s.g
    assert g.shape == "wedge" and s.rounds == 6 and s.num_players == 1
    kinds = [(T.tile[x].kind, T.tile[x].city is not None) for x in g.tile_deck]
    assert kinds.count(("countryside", False)) == 7 - 2 and kinds.count(("core", False)) == 2
    assert kinds.count(("core", True)) == 2
    assert not any(T.card[x].interactive for x in g.spell_deck + g.spell_offer) and len(g.spell_offer) == 3
    assert not any(T.skill[x].type == "interactive" for x in g.players[0].skill_pile)
    d = g.dummy
    assert d is not None and d.hero != s.heroes[0] and len(d.deck) == 16
    crystals = T.hero[d.hero].dummy_crystals
    assert all(d.crystals[c] == crystals.count(c) for c in d.crystals)
    assert DUMMY in g.round_order and len(g.source) == 3


def test_dummy_player_turn_flips_3_then_1_per_crystal_of_the_last_colour() -> None:
    """Facts 5.8 "Dummy player": it flips 3 cards to its discard pile, then 1 more per crystal
    it has of the last flipped card's colour."""
    s = solo()
    d = s.g.dummy
    assert d is not None
    d.deck = ["march", "stamina", "swiftness", "rage", "march", "march"]  # top last
    d.crystals.update(red=2, blue=0, green=0, white=0)
    dummy_turn(T, s.g, [])
    assert d.discard == ["march", "march", "rage", "swiftness", "stamina"] and d.deck == ["march"]
    d.crystals["red"] = 0
    d.deck, d.discard = ["rage", "rage", "march", "march", "march"], []
    dummy_turn(T, s.g, [])
    assert d.discard == ["march"] * 3 and len(d.deck) == 2


def test_dummy_player_announces_the_end_of_the_round_with_an_empty_deck() -> None:
    """Facts 5.8: with an empty deck the Dummy announces the End of the Round; the player takes
    one last turn, then the round ends."""
    s = solo()
    tactic_taken(s)
    d = s.g.dummy
    assert d is not None
    d.deck = []
    dummy_turn(T, s.g, [])
    assert s.g.announced_by == DUMMY and s.g.final_turns == [0] and not s.g.round_over


def test_solo_conquest_tactics_player_first_dummy_random_both_removed_after_the_round() -> None:
    """Facts 5.8 "Tactics": the player picks first, the Dummy takes a random one of the rest;
    at the end of every round both used Tactic cards leave the game."""
    s = solo()
    tactic_taken(s)
    g = s.g
    mine, dummy = g.players[0].tactic, g.dummy.tactic if g.dummy else ""
    assert mine and dummy and dummy != mine and dummy not in g.tactics
    number = {i: T.tactic[mine if i == 0 else dummy].number for i in g.round_order}
    assert [number[i] for i in g.round_order] == sorted(number.values())
    g.round_over, s.turn_begun = True, False  # the turn is over
    s.cached = None
    GAME._advance(s, [])  # the next round (a Night): its own tactics
    assert {mine, dummy} <= set(g.removed_tactics)
    assert g.night
    begin_round(T, g, [])  # a Day again: the two used Day tactics are out
    assert mine not in g.tactics and dummy not in g.tactics and len(g.tactics) == 4


def test_dummy_player_round_preparation_takes_the_advanced_action_and_a_spell_crystal() -> None:
    """Facts 5.2 step 3 (Dummy player): the Advanced Action leaving the offer goes into the
    Dummy's deck, and it gains a crystal of the leaving Spell's colour (no crystal limit)."""
    s = solo()
    tactic_taken(s)
    g = s.g
    d = g.dummy
    assert d is not None
    leaving_aa, leaving_spell = g.aa_offer[-1], g.spell_offer[-1]
    colour = T.card[leaving_spell].colours[0]
    d.crystals[colour] = 3
    cards = len(d.deck) + len(d.discard)
    g.round_over, s.turn_begun = True, False
    GAME._advance(s, [])
    assert leaving_aa in d.deck and len(d.deck) == cards + 1 and not d.discard
    assert d.crystals[colour] == 4 and leaving_aa not in g.aa_deck


def test_solo_conquest_cities_first_revealed_level_5_second_level_8() -> None:
    """Facts 5.8 Solo Conquest: the first city revealed is level 5, the second level 8."""
    s = solo()
    g = s.g
    place_tile(T, g, (1, 1), "core-5", [])
    place_tile(T, g, (2, 1), "core-6", [])
    first, second = g.enemies[tile_hexes((1, 1))[0]], g.enemies[tile_hexes((2, 1))[0]]
    assert len(first) == len(T.garrison[("green", 5)].garrison)
    assert len(second) == len(T.garrison[("blue", 8)].garrison) and g.city_level == 8


def test_solo_conquest_end_every_city_conquered_the_player_one_last_turn_not_the_dummy() -> None:
    """Facts 5.8 Solo Conquest "End": when all cities are conquered the player gets one last
    turn (the Dummy does not); victory and the score's bonuses."""
    s = solo()
    tactic_taken(s)
    g = s.g
    for grid, tile in (((1, 1), "core-5"), ((2, 1), "core-6")):
        place_tile(T, g, grid, tile, [])
        centre = tile_hexes(grid)[0]
        g.enemies.pop(centre, None)
        g.conquered.add(centre)
        g.shields[centre] = [0]
    p = g.players[0]
    p.play_area = ["march"]
    s.cached = None
    GAME.apply(s, Action("end-turn", ()))
    assert g.end_triggered and g.last_turns == () and not s.over  # this next turn is the last
    assert GAME.decision(s) is not None and g.current == 0
    g.players[0].play_area = ["march"]
    s.cached = None
    GAME.apply(s, Action("end-turn", ()))
    assert s.over
    r = GAME.result(s)
    assert r is not None and r.winners == (0,)
    row = g.scores[0]
    assert row["cities-conquered"] == 20 and row["all-cities"] == 15 and row["rounds-left"] == 30 * 5
    assert row["dummy-deck"] == len(g.dummy.deck) if g.dummy else False
    assert row["no-announcement"] == 5 and row["cities"] == 14 and "title-cities" not in row


def test_conquest_city_points_leader_7_others_4_greatest_city_conqueror() -> None:
    """Facts 5.8 "Conquest scenarios also score cities": the leader 7 per city, 4 per other
    city with your Shield; the most city Fame +5 (tied +2)."""
    s = GAME.new_state(3, 0)
    g = s.g
    place_tile(T, g, (1, 1), "core-5", [])
    place_tile(T, g, (2, 1), "core-6", [])
    a, b = tile_hexes((1, 1))[0], tile_hexes((2, 1))[0]
    g.shields = {a: [0, 1, 1], b: [0]}
    assert city_points(T, g) == [4 + 7, 7, 0]
    rows = final_scores(T, g, cities=True)
    assert rows[0]["title-cities"] == 5 and "title-cities" not in rows[1]
    g.shields = {a: [1], b: [0]}
    rows = final_scores(T, g, cities=True)
    assert rows[0]["title-cities"] == rows[1]["title-cities"] == 2


def test_solo_conquest_skills_a_dummy_skill_joins_the_common_offer_when_you_gain_one() -> None:
    """Facts 5.8 Solo Conquest "Skills": each time you gain a skill, one of the Dummy's skill
    tokens (not its interactive one) is revealed into the Common Skill offer."""
    s = solo()
    tactic_taken(s)
    g = s.g
    d = g.dummy
    assert d is not None and len(d.skill_pile) == 9
    assert not any(T.skill[x].type == "interactive" for x in d.skill_pile)
    top = d.skill_pile[-1]
    p = g.players[0]
    p.fame, p.play_area = 8, ["march"]
    s.cached = None
    GAME.apply(s, Action("end-turn", ()))
    act = next(a for a in GAME.legal_actions(s) if a.name == "level-up")
    GAME.apply(s, act)
    GAME.apply(s, GAME.legal_actions(s)[0])  # its Advanced Action
    assert g.players[0].skills == [act.args[0]]
    d = s.g.dummy  # the rules apply to a copy and take it over
    assert d is not None and top in g.common_skills and len(g.common_skills) == 2 and len(d.skill_pile) == 8


def test_solo_conquest_views_hide_the_dummy_deck_order_and_the_countryside_tiles_dealt() -> None:
    """Hidden information: the Dummy's deck order and skill tokens, and which countryside tiles
    were dealt (Solo Conquest shuffles them): the view shows counts; determinize resamples."""
    from boardrules.engine import Rng

    s = solo()
    v = GAME.view(s, 0)
    d = s.g.dummy
    assert d is not None and v["dummy"]["deck"] == sorted(d.deck) and v["dummy"]["skill_pile_size"] == 9
    assert v["tile_deck"] == [] and v["countryside_tiles_left"] == 5
    orders, dealt = set(), set()
    for k in range(8):
        sample = GAME.determinize(s, 0, Rng(k))
        assert GAME.view(sample, 0) == v and sample.g.dummy is not None
        orders.add(tuple(sample.g.dummy.deck))
        dealt.add(tuple(sorted(x for x in sample.g.tile_deck if T.tile[x].kind == "countryside")))
    assert len(orders) > 1 and len(dealt) > 1
