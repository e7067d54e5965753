"""The map (facts 4.2, 4.3): the tile lattice, map shapes, the Tile deck, exploring, and the
"When Revealed" sentences of the excerpt (MARAUDING ORCS, DRACONUM, KEEP, MAGE TOWER, ANCIENT
RUINS, MONASTERY "Training") and city garrisons (facts 4.6)."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    PLAINS,
    SW,
    _on,
    board,
    east_board,
    tables,
)

from boardrules.engine import IllegalActionError, Rng
from boardrules.games.mage_knight.game_state import GameState
from boardrules.games.mage_knight.map.exploring import explore, new_map, place_tile, tile_deck
from boardrules.games.mage_knight.map.hexes import (
    GRID_STEPS,
    adjacent,
    grid_neighbours,
    in_shape,
    placement_refusal,
    tile_hexes,
)
from boardrules.games.mage_knight.sites.turn_benefits import end_of_turn, start_of_turn

COUNTRYSIDE = [f"countryside-{i}" for i in range(1, 12)]


def test_tile_geometry_each_neighbouring_tile_touches_along_three_hex_sides() -> None:
    here = tile_hexes((0, 0))
    for g in grid_neighbours((0, 0)):
        pairs = sum(adjacent(a, b) for a in here for b in tile_hexes(g))
        assert pairs == 3, g


def test_tile_geometry_the_lattice_never_overlaps() -> None:
    seen: set[tuple[int, int]] = set()
    for x in range(-3, 4):
        for y in range(-3, 4):
            hexes = set(tile_hexes((x, y)))
            assert not hexes & seen
            seen |= hexes


def test_tile_geometry_tile_centres_follow_the_derived_lattice() -> None:
    centres = {d: tile_hexes(g)[0] for d, g in GRID_STEPS.items()}
    assert centres == {"E": (3, -2), "NE": (1, -3), "NW": (-2, -1), "W": (-3, 2), "SW": (-1, 3), "SE": (2, 1)}


def test_map_shape_wedge_allows_x_and_y_not_negative() -> None:
    assert in_shape("wedge", (2, 3)) and in_shape("wedge", (0, 4))
    assert not in_shape("wedge", (-1, 1)) and not in_shape("wedge", (1, -1))


@pytest.mark.parametrize(("shape", "low", "high"), [("open-3", -1, 1), ("open-4", -2, 1), ("open-5", -2, 2)])
def test_map_shape_open_maps_have_3_4_or_5_columns(shape: str, low: int, high: int) -> None:
    columns = {y for x in range(0, 8) for y in range(-4, 5) if in_shape(shape, (x, y))}
    assert columns == set(range(low, high + 1))
    assert not in_shape(shape, (-1, 0))


def test_setup_wedge_reveals_two_tiles_open_maps_three() -> None:
    t = tables()
    s, _ = new_map(t, "wedge", 2, COUNTRYSIDE[:8], ["core-1", "core-2", "core-5"], seed=3)
    assert set(s.tiles) == {(0, 0), (1, 0), (0, 1)} and s.tiles[(0, 0)] == "starting-a"
    assert len(s.tile_deck) == 9
    o, _ = new_map(t, "open-5", 2, COUNTRYSIDE[:8], ["core-1"], seed=3)
    assert set(o.tiles) == {(0, 0), (1, 0), (0, 1), (1, -1)} and o.tiles[(0, 0)] == "starting-b"
    assert all(p.position == (0, 0) for p in s.players)


def test_tile_deck_countryside_on_top_core_below() -> None:
    t = tables()
    s = GameState()
    deck = tile_deck(t, COUNTRYSIDE[:5], ["core-1", "core-2"], s)
    assert set(deck[:5]) == set(COUNTRYSIDE[:5]) and set(deck[5:]) == {"core-1", "core-2"}


def test_tile_deck_first_reconnaissance_countryside_in_numeric_order() -> None:
    t = tables()
    deck = tile_deck(t, ["countryside-9", "countryside-2", "countryside-11"], ["core-3"], GameState(), True)
    assert deck == ["countryside-2", "countryside-9", "countryside-11", "core-3"]


def test_exploring_costs_2_move_and_places_the_top_tile() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"},
              at=(2, -3), move=2, deck=("countryside-3", "countryside-4"))
    explore(b.t, b.s, b.p, (1, 1), [])
    assert b.s.tiles[(1, 1)] == "countryside-3" and b.p.move_points == 0
    assert b.s.tile_deck == ["countryside-4"]


def test_exploring_needs_a_space_next_to_the_open_position() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"},
              at=(0, 0), move=5, deck=("countryside-3",))
    reason, rule = b.refused(explore, b.p, (1, 1))
    assert reason == "you must stand on a space next to the position you explore" and rule == "Exploring"


def test_exploring_needs_2_move_points() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"},
              at=(2, -3), move=1, deck=("countryside-3",))
    reason, _ = b.refused(explore, b.p, (1, 1))
    assert reason == "exploring costs 2 Move points; you have 1"


def test_exploring_countryside_must_touch_two_tiles_or_one_that_touches_two() -> None:
    placed = [(0, 0), (1, 0), (0, 1)]
    assert placement_refusal("wedge", (2, 0), "countryside", placed) == ""  # touches (1,0), which touches 2
    assert placement_refusal("wedge", (1, 1), "countryside", placed) == ""  # touches 2
    line = [(0, 0), (1, 0)]
    assert placement_refusal("open-5", (2, 0), "countryside", line) == \
        "a countryside tile must touch 2 tiles, or one tile that touches 2"


def test_exploring_core_must_touch_two_tiles_and_not_the_wedge_coastal_lanes() -> None:
    placed = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]
    assert placement_refusal("wedge", (2, 1), "core", placed) == ""
    assert placement_refusal("wedge", (3, 0), "core", placed) == \
        "a core tile may not be placed on the coastal lanes of the wedge"
    assert placement_refusal("open-5", (3, -1), "core", [(0, 0), (1, 0), (2, 0), (2, -1)]) == ""
    assert placement_refusal("open-5", (3, 0), "core", [(0, 0), (1, 0), (2, 0)]) == "a core tile must touch at least 2 tiles"


def test_exploring_no_tiles_beyond_the_coastline() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1"}, at=(0, -1), move=5, deck=("countryside-3",))
    reason, _ = b.refused(explore, b.p, (-1, 1))
    assert reason == "that position is beyond the coastline of the map"


def test_exploring_empty_deck_random_unused_countryside_only_where_it_touches_three_tiles() -> None:
    tiles = {(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2", (2, 0): "countryside-4"}
    b = board(tiles, at=(2, -3), move=4, spare=("countryside-5", "core-1"))
    explore(b.t, b.s, b.p, (1, 1), [])  # touches (1,0), (0,1) and (2,0)
    assert b.s.tiles[(1, 1)] == "countryside-5" and b.s.spare_tiles == ["core-1"]
    b2 = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"}, at=(2, -3), move=4,
               spare=("countryside-5",))
    reason, _ = b2.refused(explore, b2.p, (1, 1))
    assert reason == "with the Tile deck empty, a tile may only go where it touches 3 tiles"


def test_marauding_orcs_when_revealed_green_token_face_up() -> None:
    b = board(empty=False, tiles={(0, 0): "starting-a", (1, 0): "countryside-1"})
    (tok,) = b.s.enemies[(3, -3)]
    assert tok.face_up and b.t.enemy[tok.id].colour == "green"


def test_draconum_when_revealed_red_token_face_up() -> None:
    b = board(empty=False, tiles={(0, 0): "starting-a", (1, 0): "core-4"})
    (tok,) = b.s.enemies[(3, -2)]
    assert tok.face_up and b.t.enemy[tok.id].colour == "red"


def test_keep_when_revealed_grey_token_face_down() -> None:
    b = board(empty=False, tiles={(0, 0): "starting-a", (1, 0): "countryside-3"})
    (tok,) = b.s.enemies[(4, -3)]
    assert not tok.face_up and b.t.enemy[tok.id].colour == "grey"


def test_mage_tower_when_revealed_violet_token_face_down() -> None:
    b = board(empty=False, tiles={(0, 0): "starting-a", (1, 0): "countryside-4"})
    (tok,) = b.s.enemies[(3, -2)]
    assert not tok.face_up and b.t.enemy[tok.id].colour == "violet"


@pytest.mark.parametrize("night", [False, True])
def test_ancient_ruins_when_revealed_face_up_by_day_face_down_by_night(night: bool) -> None:
    b = board(night=night)
    place_tile(b.t, b.s, (1, 0), "countryside-8", [])
    assert b.s.ruins[(4, -3)].face_up is (not night)


def test_monastery_training_when_revealed_an_advanced_action_goes_into_the_unit_offer() -> None:
    b = board()
    top = b.s.aa_deck[-1]
    events: list = []
    place_tile(b.t, b.s, (1, 0), "countryside-5", events)
    assert b.s.unit_offer_aa == [top]
    assert "unit-offer" in [e.kind for e in events]


def test_city_when_revealed_garrison_drawn_face_down_for_its_level() -> None:
    b = board()
    b.s.city_level = 4
    place_tile(b.t, b.s, (1, 0), "core-8", [])  # red city: level 4 is brown, violet, violet
    garrison = b.s.enemies[(3, -2)]
    assert sorted(b.t.enemy[x.id].colour for x in garrison) == ["brown", "violet", "violet"]
    assert not any(x.face_up for x in garrison)


def test_enemy_piles_exhausted_pile_is_reshuffled_from_its_discards() -> None:
    from boardrules.games.mage_knight.map.exploring import draw_enemy

    b = board()
    b.s.enemy_piles["red"], b.s.enemy_discards["red"] = [], ["fire-dragon"]
    b.s.rng = Rng(1)
    assert draw_enemy(b.s, "red") == "fire-dragon" and b.s.enemy_discards["red"] == []


def test_keep_when_revealed_token_revealed_by_day_when_exploring_puts_it_next_to_the_hero() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"},
              at=(2, -3), move=2, deck=("countryside-3",))
    explore(b.t, b.s, b.p, (1, 1), [])  # countryside-3's keep is its NE space (5, -6): not next to (2, -3)
    assert not b.s.enemies[(5, -6)][0].face_up
    b2 = board({(0, 0): "starting-a", (1, 0): "countryside-1", (0, 1): "countryside-2"},
               at=(2, -3), move=2, deck=("countryside-10",))
    explore(b2.t, b2.s, b2.p, (1, 1), [])  # countryside-10's keep is its SW space (3, -4), next to (2, -3)
    assert b2.s.enemies[(3, -4)][0].face_up


def test_setup_monastery_training_from_the_advanced_actions_deck() -> None:
    t = tables()
    s, _ = new_map(t, "wedge", 1, ["countryside-5", "countryside-7"], [], advanced_actions=["aa-a", "aa-b", "aa-c"])
    assert s.unit_offer_aa == ["aa-a", "aa-b"] and s.aa_deck == ["aa-c"]


def test_game_state_clone_is_independent_and_to_json_is_plain_json() -> None:
    import json

    t = tables()
    s, _ = new_map(t, "open-4", 2, COUNTRYSIDE[:6], ["core-5"], seed=9)
    copy = s.clone()
    copy.players[0].crystals["red"] = 3
    copy.enemies[next(iter(copy.enemies))][0].face_up = not s.enemies[next(iter(s.enemies))][0].face_up
    assert s.players[0].crystals["red"] == 0
    assert json.loads(json.dumps(s.to_json())) == s.clone().to_json()
    assert s.to_json() != copy.to_json()


def test_monastery_training_each_round_one_advanced_action_per_monastery_not_burned() -> None:
    from boardrules.games.mage_knight.rounds.new_round import start_round

    b = board({(0, 0): "starting-a", (1, 0): "countryside-5", (0, 1): "countryside-7"})
    assert len(b.s.unit_offer_aa) == 2
    old = list(b.s.unit_offer_aa)
    b.s.burned.add((0, -3))  # countryside-7's monastery (its W space)
    start_round(b.t, b.s, [])
    assert len(b.s.unit_offer_aa) == 1 and b.s.unit_offer_aa[0] not in old
    assert b.s.aa_deck[:2] == old[::-1] and b.s.night and b.s.round == 2


def test_round_start_units_readied_and_ruins_revealed_at_the_next_day() -> None:
    from boardrules.games.mage_knight.rounds.new_round import start_round

    b = board(night=True)
    place_tile(b.t, b.s, (1, 0), "countryside-8", [])
    b.p.units = [["peasants", 1, True]]
    assert not b.s.ruins[(4, -3)].face_up
    start_round(b.t, b.s, [])
    assert b.s.ruins[(4, -3)].face_up and b.p.units == [["peasants", 1, False]] and not b.s.night


def test_bad_map_set_up_is_a_clear_error() -> None:
    from boardrules.engine import BoardrulesError

    t = tables()
    with pytest.raises(BoardrulesError, match="unknown map shape 'round'"):
        new_map(t, "round", 1, COUNTRYSIDE, [])
    with pytest.raises(BoardrulesError, match="unknown map tile 'countryside-99'"):
        new_map(t, "wedge", 1, ["countryside-99"], [])
    with pytest.raises(BoardrulesError, match="city_level must be 1 to 11, not 12"):
        new_map(t, "wedge", 1, COUNTRYSIDE, [], city_level=12)


# ---- HIDDEN VALLEY, NECROPOLIS, GRAVEYARD by Day and by Night ----------------------------------

def test_hidden_valley_tile_imbued_with_magic_black_token_at_night() -> None:
    """HIDDEN VALLEY "Imbued With Magic": "If you start your turn on a Hidden Valley Tile during
    the Night, you gain a black mana token" (by Day gold: sites/test_sites.py)."""
    b = _on("hidden-valley", night=True)
    start_of_turn(b.t, b.s, 0, [])
    assert b.p.mana["black"] == 1 and sum(b.p.mana.values()) == 1


def test_hidden_valley_tile_healing_essence_is_not_healing_and_not_combined() -> None:
    """HIDDEN VALLEY "Healing Essence": "This is not the same as Healing and the effect cannot be
    combined with other Healing effects": the Wound thrown away leaves the Healing points of the
    turn as they were, and one Wound only, however many are in hand."""
    b = _on("hidden-valley")
    b.p.hand, b.p.healing = ["wound", "wound", "march"], 2
    end_of_turn(b.t, b.s, 0, [], throw_away="hand")
    assert b.p.hand.count("wound") == 1
    assert b.p.healing == 2  # no Healing point spent or gained by it


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_mana_in_a_combat_by_day(site: str) -> None:
    """NECROPOLIS / GRAVEYARD "Eternal Night: During the Day, Night rules apply": a combat fought
    from there by Day (rampaging Orcs challenged) uses them: a gold die or token pays nothing,
    a black die pays black (rules-choices.md "Eternal Night": combats only)."""
    from boardrules.games.mage_knight.cards.mana import mana_sources, pay_mana
    from boardrules.games.mage_knight.sites.site_combats import challenge

    words = PLAINS.split()
    words[4], words[3] = f"plains+{site}", "plains+orcs"
    b = east_board(" ".join(words), at=SW)
    se = (3, -1)
    b.tokens(se, "diggers")
    b.s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    challenge(b.t, b.s, 0, [se], [])
    assert b.s.combat is not None and b.s.combat.night and not b.s.night
    assert mana_sources(b.s, 0, "green") == [] and mana_sources(b.s, 0, "red") == ["die-3"]
    assert mana_sources(b.s, 0, "black") == ["die-2", "token"]
    assert pay_mana(b.s, 0, "black", "die-2") == "black"


# ---- NECROPOLIS / GRAVEYARD TILE: Eternal Night for the hero there, combat or not ----------------


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_night_rules_for_the_hero_there_outside_combat_by_day(site: str) -> None:
    """NECROPOLIS TILE "Eternal Night: During the Day, Night rules apply in a Necropolis Tile"
    (GRAVEYARD: "in a graveyard"), for everything the hero there does, not only a combat: by Day,
    with no combat, a gold die or token pays nothing (refused naming Eternal Night), a black die
    pays black; Double Time gives its Night option (Move 1) only. The round stays Day: the other
    hero, on the starting tile, pays green with the gold die, as does this hero once off the
    space."""
    from boardrules.games.mage_knight.cards.mana import mana_sources, night_rules, pay_mana
    from boardrules.games.mage_knight.skills.using import use_skill

    b = _on(site, players=2)
    b.s.players[1].position = (0, 0)
    b.s.source = ["gold", "black", "red"]
    b.p.mana["gold"] = b.p.mana["black"] = 1
    assert b.s.combat is None and not b.s.night
    assert mana_sources(b.s, 0, "green") == [] and mana_sources(b.s, 0, "black") == ["die-2", "token"]
    assert night_rules(b.s, 0) and not night_rules(b.s, 1)
    assert mana_sources(b.s, 1, "green") == ["die-1"] and mana_sources(b.s, 1, "black") == []
    with pytest.raises(IllegalActionError, match="gold mana cannot be used under Night rules \\(Eternal Night"):
        pay_mana(b.s, 0, "green", "token")
    b.p.skills = ["double-time"]
    with pytest.raises(IllegalActionError, match=r"only used by Day, and Night rules apply \(Eternal Night"):
        use_skill(b.t, b.s, 0, "double-time", [], option=1)  # Move 2 @day
    use_skill(b.t, b.s, 0, "double-time", [], option=2)  # Move 1 @night
    assert b.p.move_points == 1
    assert pay_mana(b.s, 0, "black", "die-2") == "black"
    b.p.position = EAST["C"]  # off the space: Day rules again
    assert not night_rules(b.s, 0) and mana_sources(b.s, 0, "green") == ["token"]
    assert pay_mana(b.s, 0, "green", "token") == "gold"


@pytest.mark.parametrize("site", ["necropolis", "graveyard"])
def test_necropolis_and_graveyard_eternal_night_a_keep_next_to_the_hero_there_is_not_revealed_by_day(site: str) -> None:
    """NECROPOLIS / GRAVEYARD "Eternal Night" against KEEP "When Revealed" (its garrison is
    revealed during the Day if a player is adjacent, not at Night): by Day a hero who moves into
    the necropolis, next to a keep, is under Night rules and the garrison stays face down; the
    same move onto plains reveals it."""
    for here, revealed in ((f"plains+{site}", False), ("plains", True)):
        words = PLAINS.split()
        words[4], words[5] = here, "plains+keep"
        b = east_board(" ".join(words), at=(1, 0), move=5)
        b.tokens(EAST["W"], "guardsmen", face_up=False)
        b.move(SW)
        assert b.p.position == SW and not b.s.night
        assert b.s.enemies[EAST["W"]][0].face_up is revealed, here
