"""Mage Knight scenarios (facts 5.8): First Reconnaissance's tiles, its closed city, the end
a revealed city triggers, the options, and the final scoring with the standard achievements."""

from __future__ import annotations

import pytest

from boardrules.engine import Action, IllegalActionError, OptionError
from boardrules.games.mage_knight.cards.deck import WOUND
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes
from boardrules.games.mage_knight.rounds.scoring import achievement_points, final_scores

GAME = MageKnight()
NEEDS_CHOICES = ("rethink", "preparation", "mana-steal")  # tactics asking for cards (or a die) once taken
T = GAME.t
CITY_TILE = "core-5"  # the green city
NEXT_TO_CORE = (2, -3)  # a village space of the setup's NE tile, next to tile position (1,1)


def tactics_taken(n: int, seed: int = 1) -> MKState:
    s = GAME.new_state(n, seed)
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, next(a for a in d.actions if a.args[0] not in NEEDS_CHOICES))
    return s


def finish_turn(s: MKState) -> int:
    """Rest (or end) the current turn; the player whose turn it was. Another player asked as the
    turn begins (a village to plunder) answers ``next``."""
    while (d := GAME.decision(s)) is not None and d.player != s.g.current and d.actions[-1].name == "next":
        GAME.apply(s, d.actions[-1])
    player = s.g.current
    while (d := GAME.decision(s)) is not None and d.player == player and s.g.current == player:
        acts = d.actions
        a = next((a for a in acts if a.name == "rest" and a.args[0] != WOUND), None) \
            or next((a for a in acts if a.name in ("end-turn", "announce")), None) or acts[0]
        GAME.apply(s, a)
        if a.name in ("end-turn", "announce") and not s.g.players[player].pending:
            if a.name == "announce":
                continue
            break
    return player


def reveal_the_city(s: MKState) -> int:
    player = s.g.current
    p = s.g.players[player]
    p.position, p.move_points, p.play_area = NEXT_TO_CORE, 2, ["march"]
    s.g.tile_deck.insert(0, CITY_TILE)
    s.cached = None
    GAME.apply(s, Action("explore", ("1:1",)))
    assert s.g.tiles[(1, 1)] == CITY_TILE
    return player


def test_first_reconnaissance_setup_two_non_city_core_tiles_and_one_city_tile() -> None:
    """Facts 5.8 First Reconnaissance "Map": 2 non-city core tiles and 1 city tile, chosen at
    random, shuffled together below the countryside tiles (facts 4.2 "Tile deck")."""
    seen = set()
    for seed in range(6):
        s = GAME.new_state(2, seed)
        core = [x for x in s.g.tile_deck if T.tile[x].kind == "core"]
        assert len(core) == 3 and sum(1 for x in core if T.tile[x].city) == 1
        assert s.g.tile_deck[-3:] == core  # below every countryside tile
        seen.add(next(x for x in core if T.tile[x].city))
        assert not s.g.elite_units  # "no elite units"
    assert len(seen) > 1


def test_first_reconnaissance_cities_can_be_neither_entered_nor_conquered() -> None:
    """Facts 5.8 First Reconnaissance: "Cities can be neither entered nor conquered" (and its
    garrison is never drawn)."""
    s = tactics_taken(2)
    place_tile(T, s.g, (1, 1), CITY_TILE, [])
    centre, ring = tile_hexes((1, 1))[0], tile_hexes((1, 1))[1]
    assert s.g.enemies.get(centre) is None
    p = s.g.players[s.g.current]
    p.position, p.move_points, p.play_area = ring, 5, ["march"]
    s.cached = None
    with pytest.raises(IllegalActionError) as e:
        GAME.apply(s, Action("move", (f"{centre[0]}:{centre[1]}",)))
    assert e.value.rule == "First Reconnaissance" and "neither entered nor conquered" in e.value.reason


def test_first_reconnaissance_end_a_city_revealed_every_player_takes_one_last_turn() -> None:
    """Facts 5.8 First Reconnaissance "End": when a player reveals a city, every player (the
    revealer included) gets one last turn; then the game is over and scored."""
    s = tactics_taken(3)
    revealer = reveal_the_city(s)
    assert s.g.end_triggered and sorted(s.g.last_turns) == [0, 1, 2]
    assert finish_turn(s) == revealer and not s.over
    took = [finish_turn(s), finish_turn(s)]
    assert revealer not in took and not s.over
    assert finish_turn(s) == revealer
    assert s.over and GAME.decision(s) is None and s.g.round == 1
    assert len(s.g.scores) == 3 and all("total" in x for x in s.g.scores)


def test_first_reconnaissance_end_if_the_round_ends_meanwhile_the_game_ends_then() -> None:
    """Facts 5.8 "End" / 5.7: the End of the Round announced first, a city revealed in a final
    turn: the game ends when the round does (the announcer takes no last turn)."""
    s = tactics_taken(3)
    announcer = s.g.current
    s.g.players[announcer].deck = []
    s.cached = None
    GAME.apply(s, Action("announce", ()))
    finish_turn(s)
    revealer = reveal_the_city(s)
    assert revealer != announcer and s.g.end_triggered
    finish_turn(s)
    finish_turn(s)
    assert s.over and s.g.round == 1
    assert s.g.current != announcer


def test_scenario_option_names_the_bad_value() -> None:
    with pytest.raises(OptionError, match="'second-reconnaissance'"):
        GAME.new_state(2, 0, {"scenario": "second-reconnaissance"})
    with pytest.raises(OptionError, match="First Reconnaissance is for 2 to 4 players"):
        GAME._scenario(1, "first-reconnaissance")


def test_sets_option_refuses_a_set_not_in_the_content_or_not_playable() -> None:
    with pytest.raises(OptionError, match="no set 'shades'"):
        GAME.new_state(2, 0, {"sets": "base,shades"})
    with pytest.raises(OptionError, match="the Krang pieces are in the content, but a game cannot use them"):
        GAME.new_state(2, 0, {"sets": "base,Krang"})
    assert GAME.new_state(2, 0, {"sets": "base"}).g.scenario == "First Reconnaissance"


def test_heroes_option_one_per_seat_random_seats_dealt_from_the_others() -> None:
    for seed in range(5):
        s = GAME.new_state(3, seed, {"heroes": "random,tovak,random"})
        assert s.heroes[1] == "tovak" and len(set(s.heroes)) == 3
    with pytest.raises(OptionError, match="one per seat"):
        GAME.new_state(3, 0, {"heroes": "tovak,tovak,random"})


def test_standard_achievements_points_per_player() -> None:
    """Facts 5.8 "Standard achievements": Knowledge 2 per Spell and 1 per Advanced Action;
    Leader the Unit levels (wounded half, rounded down); Adventurer and Conqueror 2 per Shield on
    their sites; Loot 2 per Artifact and 1 per 2 crystals; Beating -2 per Wound."""
    s = tactics_taken(2)
    g = s.g
    spell = next(c.id for c in T.cards if c.kind == "spell")
    aa = next(c.id for c in T.cards if c.kind == "advanced")
    artifact = next(c.id for c in T.cards if c.kind == "artifact")
    p = g.players[0]
    p.deck, p.hand, p.discard, p.play_area = [spell, aa], [artifact, WOUND], [WOUND, aa], []
    p.units = [["peasants", 0, False], ["foresters", 1, True]]  # levels 1 and 1 (wounded: 0)
    p.crystals.update(red=3, blue=2)
    place_tile(T, g, (1, 1), "core-1", [])  # monastery in the centre, tomb NE, spawning grounds W
    monastery, tomb = tile_hexes((1, 1))[0], tile_hexes((1, 1))[1]
    g.shields = {monastery: [0], tomb: [0, 1]}
    pts = achievement_points(T, g, 0)
    assert pts == {"knowledge": 2 + 2, "leader": 1, "adventurer": 2, "loot": 2 + 2, "conqueror": 2, "beating": -4}
    p.banners = {"peasants-1": "banner-of-fear"}  # facts 5.8: "per Artifact (deck or on units)"
    assert achievement_points(T, g, 0)["loot"] == 2 + 2 + 2


def test_standard_achievements_titles_best_plus_3_tie_plus_1_none_when_all_0() -> None:
    """Facts 5.8: each title +3 to the best (tie +1 each, none when nobody scores); Greatest
    Beating an extra -3 to the most Wounds (tie -1 each)."""
    s = tactics_taken(3)
    g = s.g
    spell = next(c.id for c in T.cards if c.kind == "spell")
    for p in g.players:
        p.deck, p.hand, p.discard, p.play_area, p.units = ["march"], [], [], [], []
        p.crystals.update(red=0, blue=0, green=0, white=0)
    g.players[0].deck += [spell]
    g.players[1].deck += [WOUND, WOUND]
    g.players[2].deck += [WOUND, WOUND]
    g.players[0].fame = 3
    rows = final_scores(T, g)
    assert rows[0]["title-knowledge"] == 3 and "title-knowledge" not in rows[1]
    assert rows[1]["title-beating"] == rows[2]["title-beating"] == -1 and "title-beating" not in rows[0]
    assert not any(k.startswith("title-leader") for r in rows for k in r)  # all 0: no title
    assert rows[0]["total"] == 3 + 2 + 3 and rows[1]["total"] == -4 - 1
    assert not any(k.startswith("title") for r in final_scores(T, g, titles=False) for k in r)


def test_first_reconnaissance_scoring_fame_plus_achievements_most_wins_ties_share() -> None:
    """Facts 5.8 First Reconnaissance "Scoring": Fame + standard achievements; most wins, ties
    share the victory."""
    s = tactics_taken(2)
    for p in s.g.players:
        p.deck, p.hand, p.discard, p.play_area = ["march"], [], [], []
    s.g.players[0].fame, s.g.players[1].fame = 6, 5
    s.g.players[0].deck.append(WOUND)  # -2 and Greatest Beating -3
    s.over = True
    r = GAME.result(s)
    assert r is not None and r.scores == (1, 5) and r.winners == (1,)
    s.g.players[0].deck.remove(WOUND)
    s.g.players[0].fame = 5
    r = GAME.result(s)
    assert r is not None and r.winners == (0, 1)


def full_conquest(n: int = 2, seed: int = 1) -> MKState:
    s = GAME.new_state(n, seed, {"scenario": "full-conquest"})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, next(a for a in d.actions if a.args[0] not in NEEDS_CHOICES))
    return s


def test_full_conquest_setup_six_rounds_two_cities_of_level_4() -> None:
    """Facts 5.8 Full Conquest: 6 rounds, cities of level 4 (the map: our reading)."""
    s = full_conquest(3)
    g = s.g
    assert s.rounds == 6 and not g.cities_closed and g.scenario == "Full Conquest"
    assert sum(1 for x in g.tile_deck if T.tile[x].city) == 2
    place_tile(T, g, (1, 1), CITY_TILE, [])
    assert len(g.enemies[tile_hexes((1, 1))[0]]) == len(T.garrison[("green", 4)].garrison)


def test_full_conquest_assaulting_a_city_its_garrison_fortified_reputation_minus_1() -> None:
    """Facts 4.6 "Assault": entering a city is an assault on its garrison, Reputation -1."""
    s = full_conquest()
    g = s.g
    place_tile(T, g, (1, 1), CITY_TILE, [])
    centre, ring = tile_hexes((1, 1))[0], tile_hexes((1, 1))[1]
    garrison = [x.id for x in g.enemies[centre]]
    for h in tile_hexes((1, 1))[1:]:
        g.enemies.pop(h, None)  # the tile's rampaging orcs would join the assault when provoked
    player = g.current
    p = g.players[player]
    p.position, p.move_points, p.play_area = ring, 2, ["march"]
    s.cached = None
    GAME.apply(s, Action("move", (f"{centre[0]}:{centre[1]}",)))
    c = g.combat
    assert c is not None and g.combat_site["kind"] == "city" and g.players[player].reputation == -1
    assert sorted(e.token for e in c.enemies) == sorted(garrison)


def test_full_conquest_end_every_city_conquered_every_player_one_last_turn() -> None:
    """Facts 5.8 (our reading for Full Conquest): with every city conquered, every player takes
    one last turn; the score adds the city points and Greatest City Conqueror."""
    s = full_conquest()
    g = s.g
    for grid, tile in (((1, 1), "core-5"), ((2, 1), "core-6")):
        place_tile(T, g, grid, tile, [])
        centre = tile_hexes(grid)[0]
        g.enemies.pop(centre, None)
        g.conquered.add(centre)
        g.shields[centre] = [g.current]
    first = g.current
    g.players[first].play_area = ["march"]
    s.cached = None
    GAME.apply(s, Action("end-turn", ()))
    assert g.end_triggered and not s.over
    assert finish_turn(s) != first and not s.over
    assert finish_turn(s) == first and s.over
    row = g.scores[first]
    assert row["cities"] == 14 and row["title-cities"] == 5


def test_first_reconnaissance_which_core_tiles_are_dealt_is_hidden_and_resampled() -> None:
    """Hidden information: a player sees how many core tiles are left, not which (nor which city);
    determinize draws them again from the core tiles not on the map."""
    from boardrules.engine import Rng

    s = tactics_taken(2)
    v = GAME.view(s, 0)
    assert "core" not in str(v["tile_deck"]) and v["core_tiles_left"] == 3
    cities = set()
    for k in range(12):
        d = GAME.determinize(s, 0, Rng(k))
        assert GAME.view(d, 0) == v
        core = [x for x in d.g.tile_deck if T.tile[x].kind == "core"]
        assert len(core) == 3 and sum(1 for x in core if T.tile[x].city) == 1
        assert sorted(d.g.tile_deck + d.g.spare_tiles) == sorted(s.g.tile_deck + s.g.spare_tiles)
        cities.add(next(x for x in core if T.tile[x].city))
    assert len(cities) > 1


# ---- the issue: options as it names them -----------------------------------------------------


def test_issue_option_hero_names_the_heroes_as_the_issue_writes_it() -> None:
    """Issue 11: "`--option scenario=...`, `--option hero=...` (or heroes dealt at random)": the
    singular is the option's other name; both at once, or a bad hero, are refused naming it."""
    s = GAME.new_state(2, 4, {"hero": "norowas,arythea"})
    assert s.heroes == ["norowas", "arythea"]
    assert GAME.new_state(2, 4, {"hero": "norowas,arythea"}).heroes == \
        GAME.new_state(2, 4, {"heroes": "norowas,arythea"}).heroes
    with pytest.raises(OptionError, match="hero"):
        GAME.new_state(2, 4, {"hero": "bob,arythea"})
    with pytest.raises(OptionError, match="hero and heroes"):
        GAME.new_state(2, 4, {"hero": "tovak,goldyx", "heroes": "tovak,goldyx"})
