"""Movement (facts 4.1, 5.5; excerpt WALLS "Movement" / "Provoking", MARAUDING ORCS and
DRACONUM "Effect", HIDDEN VALLEY / NECROPOLIS / GRAVEYARD TILE "Movement", KEEP and MAGE TOWER
"When Revealed", ANCIENT RUINS "When Revealed") from hand-set maps."""

from __future__ import annotations

import pytest
from mk_positions import (
    EAST,
    GAME,
    _on,
    _orcs_around,
    board,
    do,
    east_board,
    hand_tile,
    legal,
    me,
    turn,
    with_tiles,
)

from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.movement import (
    heroes_met,
    move,
    move_cost,
    start_day,
    terrain_cost,
)

# a made-up tile east of the starting tile: its spaces are (3,-2) C, (4,-3) NE, (4,-2) E,
# (3,-1) SE, (2,-1) SW, (2,-2) W, (3,-3) NW; (2,-1) and (2,-2) touch the starting tile
C, NE, E, SE, SW, W, NW = (3, -2), (4, -3), (4, -2), (3, -1), (2, -1), (2, -2), (3, -3)


def east(spec: str, walls: tuple[tuple[str, str], ...] = ()):  # type: ignore[no-untyped-def]
    tile = hand_tile("test-east", spec, walls=walls)
    return with_tiles(tile)


def on_east(spec: str, walls: tuple[tuple[str, str], ...] = (), **kw):  # type: ignore[no-untyped-def]
    return board({(0, 0): "starting-a", (1, 0): "test-east"}, t=east(spec, walls), **kw)


@pytest.mark.parametrize(("terrain", "day", "night"), [
    ("plains", 2, 2), ("hills", 3, 3), ("forest", 3, 5), ("wasteland", 4, 4), ("desert", 5, 3), ("swamp", 5, 5),
])
def test_terrain_move_costs_by_day_and_night(terrain: str, day: int, night: int) -> None:
    b = on_east(f"{terrain} plains plains plains plains plains plains")
    assert terrain_cost(b.t, b.s, C) == day
    b.s.night = True
    assert terrain_cost(b.t, b.s, C) == night


def test_terrain_forest_costs_3_by_day_5_by_night_when_moving() -> None:
    b = board(move=8)
    b.move((1, -1))  # the starting tile's NE space is forest
    assert b.p.move_points == 5
    n = board(move=8, night=True)
    n.move((1, -1))
    assert n.p.move_points == 3


@pytest.mark.parametrize("terrain", ["lake", "mountain"])
def test_terrain_lakes_and_mountains_cannot_be_entered(terrain: str) -> None:
    b = on_east(f"plains plains plains plains {terrain} plains plains", at=(1, 0), move=20)
    reason, rule = b.refused(move, 0, SW)
    assert reason == f"{terrain} spaces cannot be entered"
    assert rule == "Movement"
    assert b.p.position == (1, 0) and b.p.move_points == 20


def test_terrain_city_space_costs_2_whatever_the_terrain() -> None:
    t = with_tiles(hand_tile("test-city", "swamp+city lake lake lake lake lake lake", kind="core", city="green"))
    b = board({(0, 0): "starting-a", (1, 0): "test-city"}, t=t)
    assert terrain_cost(b.t, b.s, C) == 2


def test_movement_not_enough_move_points_is_refused() -> None:
    b = board(move=2)
    reason, _ = b.refused(move, 0, (1, -1))
    assert reason == "entering that space costs 3 Move points; you have 2"


def test_movement_one_space_at_a_time() -> None:
    b = on_east("plains " * 7, move=20)
    reason, _ = b.refused(move, 0, C)
    assert "neighbouring space" in reason


def test_hidden_valley_tile_movement_cost_is_2() -> None:
    b = on_east("mountain plains plains plains swamp+hidden-valley plains plains", at=(1, 0), move=2)
    b.move(SW)
    assert b.p.position == SW and b.p.move_points == 0


def test_necropolis_tile_movement_cost_is_2() -> None:
    b = on_east("plains plains plains plains desert+necropolis plains plains", at=(1, 0), move=2)
    b.move(SW)
    assert b.p.move_points == 0


def test_graveyard_tile_movement_cost_is_the_terrain_it_covers_eternal_night_does_not_change_it() -> None:
    b = on_east("plains plains plains plains forest+graveyard plains plains", at=(1, 0), move=5)
    b.move(SW)
    assert b.p.move_points == 2  # forest by Day: 3, although Night rules apply in a graveyard


def test_walls_movement_crossing_a_wall_costs_1_extra_move_point() -> None:
    b = on_east("plains plains plains plains plains plains plains", walls=(("C", "SW"),), at=C, move=3)
    b.move(SW)
    assert b.p.move_points == 0  # plains 2 + wall 1


def test_walls_movement_the_wall_is_on_both_spaces_sides() -> None:
    b = on_east("plains plains plains plains plains plains plains", walls=(("C", "SW"),), at=SW, move=2)
    reason, _ = b.refused(move, 0, C)
    assert reason == "entering that space costs 3 Move points (1 of it for the wall); you have 2"


def test_marauding_orcs_effect_no_one_can_enter_their_space() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1"}, at=W, move=10)
    b.tokens(NW, "diggers")
    reason, rule = b.refused(move, 0, NW)
    assert reason == "the Orcs are rampaging: no one can enter their space"
    assert rule == "MARAUDING ORCS"


def test_draconum_effect_no_one_can_enter_its_space() -> None:
    b = on_east("plains plains plains plains plains plains plains+draconum", at=W, move=10)
    b.tokens(NW, "swamp-dragon")
    reason, rule = b.refused(move, 0, NW)
    assert reason == "the Draconum is rampaging: no one can enter their space"
    assert rule == "DRACONUM"


def test_marauding_orcs_effect_provoked_moving_between_two_spaces_adjacent_to_them() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1"}, at=W, move=10)
    b.tokens(NW, "diggers")
    events = b.move(C)  # W and C both touch the orcs at NW
    assert [e.kind for e in events][-1] == "provoked"
    assert b.p.moving_done
    reason, _ = b.refused(move, 0, SE)
    assert reason == "your movement is over for this turn"


def test_marauding_orcs_not_provoked_when_moving_next_to_them_from_elsewhere() -> None:
    b = board({(0, 0): "starting-a", (1, 0): "countryside-1"}, at=SW, move=10)
    b.tokens(NW, "diggers")
    events = b.move(W)  # SW does not touch NW
    assert "provoked" not in [e.kind for e in events]
    assert not b.p.moving_done


def test_walls_provoking_no_provoking_if_the_target_space_is_separated_from_the_enemy_by_a_wall() -> None:
    spec = "plains plains plains plains plains plains plains+orcs"
    walled = on_east(spec, walls=(("C", "NW"),), at=W, move=10)
    walled.tokens(NW, "diggers")
    events = walled.move(C)
    assert "provoked" not in [e.kind for e in events]
    open_ = on_east(spec, at=W, move=10)
    open_.tokens(NW, "diggers")
    assert "provoked" in [e.kind for e in open_.move(C)]


def test_keep_unconquered_entering_it_ends_movement_assault() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", at=SW, move=10)
    b.tokens(C, "golems", face_up=False)
    events = b.move(C)
    assert events[-1].kind == "assault" and b.p.moving_done


def test_keep_your_own_keep_does_not_end_movement() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", at=SW, move=10)
    b.p.keeps.append(C)
    b.s.conquered.add(C)
    b.move(C)
    assert not b.p.moving_done


def test_keep_other_players_keep_entering_it_is_an_assault() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", players=2, at=SW, move=10)
    b.s.players[1].keeps.append(C)
    b.s.conquered.add(C)
    assert b.move(C)[-1].kind == "assault"


def test_keep_when_revealed_token_revealed_during_the_day_if_a_player_is_adjacent() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", at=(1, 0), move=10)
    b.tokens(C, "golems", face_up=False)
    b.move(SW)
    assert b.s.enemies[C][0].face_up


def test_keep_when_revealed_token_stays_hidden_at_night_when_adjacent() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", at=(1, 0), move=10, night=True)
    b.tokens(C, "golems", face_up=False)
    b.move(SW)
    assert not b.s.enemies[C][0].face_up


def test_mage_tower_when_revealed_token_revealed_during_the_day_if_a_player_is_adjacent() -> None:
    b = on_east("plains+mage-tower plains plains plains plains plains plains", at=(1, 0), move=10)
    b.tokens(C, "monks", face_up=False)
    b.move(SW)
    assert b.s.enemies[C][0].face_up


def test_ancient_ruins_face_down_token_revealed_if_someone_enters_the_space() -> None:
    b = on_east("plains plains plains plains plains+ruins plains plains", at=(1, 0), move=10, night=True)
    b.ruins(SW, "altar-red", face_up=False)
    b.move(SW)
    assert b.s.ruins[SW].face_up


def test_ancient_ruins_face_down_token_revealed_at_the_start_of_the_next_day_round() -> None:
    b = on_east("plains plains plains plains plains+ruins plains plains", night=True)
    b.ruins(SW, "altar-red", face_up=False)
    start_day(b.t, b.s, [])
    assert b.s.ruins[SW].face_up


def test_other_heroes_can_be_passed_through_ending_on_one_is_met() -> None:
    b = on_east("plains " * 7, players=2, at=(1, 0), move=10)
    b.s.players[1].position = SW
    b.move(SW)
    assert heroes_met(b.t, b.s, 0) == [1]
    b.move(C)
    assert heroes_met(b.t, b.s, 0) == []


def test_the_portal_and_conquered_cities_hold_several_heroes() -> None:
    b = board(players=2)
    assert heroes_met(b.t, b.s, 0) == []  # both on the portal
    c = east_board("plains+city plains plains plains plains plains plains", kind="core", city="red", players=2, at=C)
    assert heroes_met(c.t, c.s, 0) == [1]
    c.s.conquered.add(C)
    assert heroes_met(c.t, c.s, 0) == []


def test_walls_movement_no_effect_on_movement_invoked_directly_by_an_effect() -> None:
    b = on_east("plains plains plains plains plains plains plains", walls=(("C", "SW"),))
    assert move_cost(b.t, b.s, C, SW) == 3
    assert move_cost(b.t, b.s, C, SW, direct=True) == 2


def test_keep_when_revealed_a_hero_already_adjacent_when_the_day_begins_reveals_it() -> None:
    b = on_east("plains+keep plains plains plains plains plains plains", at=SW)
    b.tokens(C, "golems", face_up=False)
    start_day(b.t, b.s, [])
    assert b.s.enemies[C][0].face_up


# ---- WALLS "Movement" ------------------------------------------------------------------------

def test_walls_movement_terrain_discounts_cannot_negate_the_extra_cost() -> None:
    """WALLS "Movement": "Terrain discounts cannot negate this extra cost": a plains space made
    free (Song of Wind's "N less", never below 0), set to 1 (Frost Bridge's "at most N"), or 2 less
    by Prayer of Weather (min 1), still costs 1 more across a wall."""
    from boardrules.games.mage_knight.map.movement import move_cost

    c, sw = EAST["C"], EAST["SW"]
    b = east_board(" ".join(["plains"] * 7), walls=(("C", "SW"),), at=c)
    assert move_cost(b.t, b.s, c, sw, lasting=(("less", "plains", 5),)) == 0 + 1
    assert move_cost(b.t, b.s, c, sw, lasting=(("set", "plains", 1),)) == 1 + 1
    b.s.centre = (("prayer-of-weather", 0, ""),)
    assert move_cost(b.t, b.s, c, sw) == 1 + 1
    assert move_cost(b.t, b.s, c, (c[0] + 1, c[1])) == 1  # no wall on that side


@pytest.mark.parametrize(("site", "terrain", "day", "night"), [
    ("hidden-valley", "swamp", 2, 2), ("necropolis", "forest", 2, 2), ("graveyard", "forest", 3, 5),
    ("graveyard", "desert", 5, 3),
])
def test_night_tiles_movement_by_day_and_by_night(site: str, terrain: str, day: int, night: int) -> None:
    """HIDDEN VALLEY / NECROPOLIS "Movement: The move cost ... is 2", by Day and by Night alike;
    GRAVEYARD: the terrain it covers, at its Day or Night cost (Night rules in a graveyard do not
    change it: a forest graveyard costs 3 by Day, 5 by Night)."""
    b = _on(site, terrain)
    assert terrain_cost(b.t, b.s, SW) == day
    b.s.night = True
    assert terrain_cost(b.t, b.s, SW) == night


def test_walls_movement_flight_and_wings_of_wind_cross_a_wall_for_no_extra_move() -> None:
    """WALLS "Movement": "Walls have no effect on movement invoked directly by an effect
    (Flight, etc)": across the wall between C and SW, Flight (Goldyx) reaches SW for free with no
    Move point, and Wings of Wind for 1 Move point (a step would cost plains 2 + the wall 1)."""
    from boardrules.games.mage_knight.cards.movement_spells import spell_moves
    from boardrules.games.mage_knight.map.movement import move_refusal
    from boardrules.games.mage_knight.skills.flight import flight_moves

    b = east_board(" ".join(["plains"] * 7), walls=(("C", "SW"),), at=EAST["C"], move=1)
    assert move_refusal(b.t, b.s, 0, EAST["SW"])[0] == \
        "entering that space costs 3 Move points (1 of it for the wall); you have 1"
    assert EAST["SW"] in spell_moves(b.t, b.s, 0, "wings-of-wind")
    b.p.move_points = 0
    assert EAST["SW"] in flight_moves(b.t, b.s, 0)


# ---- Challenging rampaging enemies on several adjacent spaces in one action (MARAUDING ORCS /
# DRACONUM "Action"; facts 5.4 "challenge adjacent rampaging enemies"; RB Combat 1d "If there are
# rampaging enemies on multiple adjacent spaces, you can choose to challenge one or more of them") --

def test_challenge_two_adjacent_rampaging_spaces_in_one_action() -> None:
    s, (a, b) = _orcs_around("prowlers", "diggers")
    assert f"challenge {a}" in legal(s) and f"challenge {b}" in legal(s)
    do(s, f"challenge {a}")
    assert legal(s) == [f"challenge {b}", "challenge done"]  # one or more of them
    do(s, f"challenge {b}")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "prowlers"]
    assert not s.g.enemies.get(tuple(map(int, a.split(":"))))  # both spaces' tokens are in the combat


def test_challenge_one_of_two_adjacent_rampaging_spaces_then_done() -> None:
    s, (a, b) = _orcs_around("prowlers", "diggers")
    do(s, f"challenge {b}", "challenge done")
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == ["diggers"]
    assert s.g.enemies[tuple(map(int, a.split(":")))][0].id == "prowlers"  # left on its space
    assert me(s).acted  # one action a turn: no other challenge after this combat


# ---- Rampaging enemies challenged to join a combat a move started (RB Combat 2c: "If your move
# started a combat and there are one or more rampaging enemies adjacent to the space you moved into,
# you may challenge them to join the fight"; facts mage-knight.md "Rampaging enemies that join an
# assault are not fortified") ------------------------------------------------------------------------

def _move_next_to_orcs(target: tuple[str, int] = ("starting-a", 2), defender: str = "") -> MKState:
    """The hero at 0:0 with orcs on 1:-1 (provoked by a move to 1:0) and on 2:-1 (next to 1:0 only);
    1:0 is ``target``'s space (a plain, or a keep with ``defender``)."""
    from boardrules.games.mage_knight.game_state import Token

    s = turn("march march")
    g = s.g
    for h in ((0, 0), (1, 0), (1, -1), (2, -1)):
        g.spaces[h] = ("starting-a", 2)  # plains
    g.spaces[(1, 0)] = target
    for h, tok in (((1, -1), "prowlers"), ((2, -1), "diggers")):
        g.spaces[h] = ("countryside-5", 2)  # orcs
        g.enemies[h] = [Token(tok, True)]
    if defender:
        g.enemies[(1, 0)] = [Token(defender, True)]
    me(s).position = (0, 0)
    s.cached = None
    return s


def test_challenge_rampaging_enemies_to_join_a_combat_a_move_provoked() -> None:
    s = _move_next_to_orcs()
    do(s, "play march basic", "move 1:0")  # provokes the Prowlers on 1:-1
    assert s.g.combat is None and legal(s) == ["challenge 2:-1", "challenge done"]
    do(s, "challenge 2:-1")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "prowlers"]


def test_challenge_rampaging_enemies_to_join_an_assault_unfortified() -> None:
    from boardrules.games.mage_knight.combat.enemies import site_fortification

    s = _move_next_to_orcs(target=("countryside-3", 1), defender="guardsmen")
    do(s, "play march basic", "play march basic", "move 1:0")  # hills: an assault of the keep
    assert legal(s) == ["challenge 2:-1", "challenge done"]  # the Prowlers are provoked already
    do(s, "challenge 2:-1")
    c = s.g.combat
    assert c is not None and sorted(e.token for e in c.enemies) == ["diggers", "guardsmen", "prowlers"]
    by = {e.token: e for e in c.enemies}
    assert by["diggers"].rampaging and site_fortification(c, GAME.t, by["diggers"]) == 0
    assert site_fortification(c, GAME.t, by["guardsmen"]) == 1


def test_challenge_to_join_done_the_combat_of_the_move_alone() -> None:
    s = _move_next_to_orcs()
    do(s, "play march basic", "move 1:0", "challenge done")
    c = s.g.combat
    assert c is not None and [e.token for e in c.enemies] == ["prowlers"]


def test_challenge_to_join_an_assault_across_a_wall_the_challenged_enemy_is_fortified() -> None:
    """WALLS "Combat": "When challenging rampaging enemies across a wall, consider the enemies to be
    fortified", also those challenged to join an assault; the garrison is double fortified."""
    from boardrules.games.mage_knight.combat.enemies import site_fortification
    from boardrules.games.mage_knight.combat.phases import start_combat

    c = start_combat(GAME.t, ["prowlers", "swordsmen"], rampaging=[True, False], site="keep", site_fortified=True,
                     across_wall=[True, True])
    assert site_fortification(c, GAME.t, c.enemies[0]) == 1 and site_fortification(c, GAME.t, c.enemies[1]) == 2
