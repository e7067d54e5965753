"""Mage Knight with the Lost Legion pieces (issue 11: "every ... tagged with its set; scenarios
choose which sets they use", ``--option sets=base,LL``): the set-up puts each LL piece in its pile
(facts 0 "Set labels", 1.1, 3.1-3.4, 4.3, 4.5; the enemy tokens of facts 4.4), and only then."""

from __future__ import annotations

import random

import pytest
from mk_positions import do, legal

from boardrules.engine import Action, OptionError, Rng
from boardrules.games.mage_knight.cards.offers import UNITS_WAITING
from boardrules.games.mage_knight.game import MageKnight
from boardrules.games.mage_knight.game_state import MKState
from boardrules.games.mage_knight.map.exploring import place_tile
from boardrules.games.mage_knight.map.hexes import tile_hexes

GAME = MageKnight()
T = GAME.t
LL = {"sets": "base,LL"}
SCENARIOS = [("first-reconnaissance", 2), ("solo-conquest", 1), ("full-conquest", 3)]


def _cards(m: MKState) -> list[str]:
    g = m.g
    return [*g.aa_deck, *g.aa_offer, *g.spell_deck, *g.spell_offer, *g.artifact_deck]


def _units(m: MKState) -> list[str]:
    return [*m.g.regular_units, *m.g.elite_units, *m.g.unit_offer]


def _tokens(m: MKState) -> list[str]:
    return [x for pile in m.g.enemy_piles.values() for x in pile] + [x.id for h in m.g.enemies for x in m.g.enemies[h]]


def _tiles(m: MKState) -> list[str]:
    return [*m.g.tile_deck, *m.g.spare_tiles, *m.g.tiles.values()]


@pytest.mark.parametrize(("scenario", "players"), SCENARIOS)
def test_sets_base_and_ll_every_ll_piece_in_its_pile(scenario: str, players: int) -> None:
    """Facts 0: LL brings countryside tiles 12-14 and core 9-10 (4.3), 12 Advanced Actions, 4
    Spells, 8 Artifacts (3.1-3.3), 8 regular and 8 elite Units (3.4), ruins tokens 13-15 (4.5),
    Wolfhawk (1.1) and the enemy tokens the facts tag ``exp`` (4.4); the base set alone has none."""
    for seed in range(3):
        m = GAME.new_state(players, seed, {"scenario": scenario, **LL})
        base = GAME.new_state(players, seed, {"scenario": scenario})
        ll_tiles = {x.id for x in T.tiles if x.set == "LL"}
        assert ll_tiles == {"countryside-12", "countryside-13", "countryside-14", "core-9", "core-10"}
        assert ll_tiles <= set(_tiles(m)) and not ll_tiles & set(_tiles(base))
        cards = [c for c in _cards(m) if T.card[c].set == "LL"]
        assert sorted(T.card[c].kind for c in cards).count("advanced") == 12
        assert [T.card[c].kind for c in cards].count("spell") == 4
        assert [T.card[c].kind for c in cards].count("artifact") == 8
        assert {T.card[c].set for c in _cards(base)} == {"base"}
        ll_units = {u.id for u in T.units if u.set == "LL"} - set(UNITS_WAITING)
        expected = ll_units if scenario != "first-reconnaissance" else {u for u in ll_units if not T.unit[u].elite}
        assert {u for u in _units(m) if T.unit[u].set == "LL"} == expected
        assert {T.unit[u].set for u in _units(base)} == {"base"}
        assert sorted(r for r in m.g.ruins_pile if T.ruins_token[r].set == "LL") == [
            "altar-all", "green-green-green", "violet-violet"]
        assert {T.ruins_token[r].set for r in base.g.ruins_pile} == {"base"}
        assert {T.enemy[x].set for x in _tokens(m)} == {"base", "exp"}
        assert {T.enemy[x].set for x in _tokens(base)} == {"base"}


def test_sets_ll_tags_match_the_facts() -> None:
    """Facts 0 "Set labels" and the LL rows: 12 Advanced Actions (3.1), 4 Spells (3.2), 8
    Artifacts (3.3), Wolfhawk's 2 own cards (2.2) and 10 skills (3.5), 8 regular and 8 elite
    Unit cards (3.4), 3 countryside and 2 core tiles (4.3), ruins tokens 13-15 (4.5)."""
    kinds = [c.kind for c in T.cards if c.set == "LL"]
    assert [kinds.count(k) for k in ("advanced", "spell", "artifact", "hero")] == [12, 4, 8, 2]
    assert sorted(c.number for c in T.cards if c.set == "LL" and c.kind in ("spell", "artifact")) == list(
        range(299, 311))
    assert [h.id for h in T.heroes if h.set == "LL"] == ["wolfhawk"]
    assert {s.hero for s in T.skills if s.set == "LL"} == {"wolfhawk"} and sum(s.set == "LL" for s in T.skills) == 10
    units = [u for u in T.units if u.set == "LL"]
    assert sum(u.copies for u in units if not u.elite) == sum(u.copies for u in units if u.elite) == 8
    assert sorted((x.kind, x.number) for x in T.tiles if x.set == "LL") == [
        ("core", 9), ("core", 10), ("countryside", 12), ("countryside", 13), ("countryside", 14)]
    assert sum(r.set == "LL" for r in T.ruins) == 3


def test_sets_enemy_piles_base_as_the_2011_box_ll_adds_its_tokens_factions_never() -> None:
    """Facts 4.4: the 2011 box's piles hold green 12, grey 10, brown 10, violet 10, red 8, white
    10 tokens; with LL the ``exp`` tokens join their colours; the faction tokens (Elementalist,
    Dark Crusaders) come with no set played. (The piles held every token whatever the sets.)"""
    sizes = {"green": 12, "grey": 10, "brown": 10, "violet": 10, "red": 8, "white": 10}
    more = {c: sum(e.count for e in T.enemies if e.colour == c and e.set == "exp") for c in sizes}
    for opts, want in (({}, sizes), (LL, {c: n + more[c] for c, n in sizes.items()})):
        m = GAME.new_state(2, 5, {"scenario": "first-reconnaissance", **opts})
        on_map = [x.id for h in m.g.enemies for x in m.g.enemies[h]]
        got = {c: len(m.g.enemy_piles[c]) + sum(T.enemy[x].colour == c for x in on_map) for c in sizes}
        assert got == want
    assert more == {"green": 8, "grey": 5, "brown": 8, "violet": 4, "red": 4, "white": 10}


def test_sets_wolfhawk_is_a_hero_only_with_ll_and_plays_with_her_own_cards() -> None:
    """Facts 1.1: Wolfhawk (LL) swaps Swift Reflexes for a Swiftness and Tirelessness for a
    Stamina; named without LL she is refused, naming the option."""
    with pytest.raises(OptionError, match=r"wolfhawk \(LL\): a hero of a set not in option sets"):
        GAME.new_state(2, 0, {"heroes": "wolfhawk,random"})
    m = GAME.new_state(2, 7, {"heroes": "wolfhawk,random", **LL})
    p = m.g.players[0]
    deck = sorted(p.hand + p.deck)
    assert m.heroes[0] == "wolfhawk" and len(deck) == 16
    assert {"swift-reflexes", "tirelessness"} <= set(deck)
    assert deck.count("swiftness") == 1 and deck.count("stamina") == 1
    assert set(p.skill_pile) == {s.id for s in T.skills if s.hero == "wolfhawk" and s.mode != "cooperative"}
    rng = random.Random(7)
    while (d := GAME.decision(m)) is not None:
        GAME.apply(m, rng.choice(d.actions))
    assert m.over and GAME.result(m) is not None
    dealt = {GAME.new_state(2, seed, LL).heroes[1] for seed in range(12)}
    assert "wolfhawk" in dealt  # a random seat may be dealt her too


def test_sets_solo_conquest_the_dummy_may_be_wolfhawk_without_her_interactive_skill() -> None:
    dummies = {}
    for seed in range(12):
        m = GAME.new_state(1, seed, {"scenario": "solo-conquest", **LL})
        assert m.g.dummy is not None
        dummies[m.g.dummy.hero] = m
    assert "wolfhawk" in dummies
    assert {T.skill[x].type for x in dummies["wolfhawk"].g.dummy.skill_pile} <= {"turn", "round"}


def test_sets_option_names_a_bad_set_and_keeps_base() -> None:
    with pytest.raises(OptionError, match=r"no set 'll': a game plays base or base,LL \(the content's tags: .*LL"):
        GAME.new_state(2, 0, {"sets": "base,ll"})
    with pytest.raises(OptionError, match="the base set is always used"):
        GAME.new_state(2, 0, {"sets": "LL"})
    with pytest.raises(OptionError, match="the SoT pieces are in the content, but a game cannot use them yet"):
        GAME.new_state(2, 0, {"sets": "base,LL,SoT"})
    with pytest.raises(OptionError, match="the exp pieces come with the LL set: name LL"):
        GAME.new_state(2, 0, {"sets": "base,exp"})
    assert GAME.options_spec[2].default == "base"


def test_sets_determinize_resamples_the_ll_pieces_from_their_own_pools() -> None:
    """Hidden information with LL: the unseen tiles, tokens and cards are drawn again from pools
    holding the LL pieces, and the view is unchanged."""
    m = GAME.new_state(2, 3, {"scenario": "full-conquest", **LL})
    rng = random.Random(3)
    for _ in range(60):
        d = GAME.decision(m)
        assert d is not None
        GAME.apply(m, rng.choice(d.actions))
    twin = GAME.determinize(m, 0, Rng(9))
    assert GAME.view(twin, 0) == GAME.view(m, 0)
    assert sorted(_tiles(twin)) == sorted(_tiles(m)) and sorted(_cards(twin)) == sorted(_cards(m))
    assert sorted(_tokens(twin)) == sorted(_tokens(m))
    assert sorted(twin.g.ruins_pile) == sorted(m.g.ruins_pile)


# ---- MAZE and LABYRINTH through the decisions (LL's sites) -----------------------------------

def _at_maze(hand: str, units: str = "", on_maze: bool = True) -> tuple[MKState, tuple[int, int]]:
    """The first turn of a 2-player LL game, countryside 14 (its maze at E, Wasteland) placed
    next to the map, the hero on the maze or on the tile's centre (Plains) next to it."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx", **LL})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    g = s.g
    place_tile(T, g, (1, 1), "countryside-14", [])
    centre, maze = tile_hexes((1, 1))[0], tile_hexes((1, 1))[2]
    assert T.tile["countryside-14"].hexes[2].site == "maze" and not g.night
    p = g.players[g.current]
    p.hand, p.position = hand.split(), maze if on_maze else centre
    p.units = [[u, 0, False] for u in units.split()]
    p.command = max(p.command, len(p.units))
    s.cached = None
    return s, maze


def _on_tile(tile: str, at: int, hand: str) -> MKState:
    """The first turn of a 2-player LL game, ``tile`` placed next to the map, the hero on its
    space ``at`` (0 C, 1 NE, ... 6 NW)."""
    s = GAME.new_state(2, 1, {"heroes": "tovak,goldyx", **LL})
    while (d := GAME.decision(s)) is not None and d.actions[0].name == "tactic":
        GAME.apply(s, d.actions[0])
    place_tile(T, s.g, (1, 1), tile, [])
    p = s.g.players[s.g.current]
    p.hand, p.position = hand.split(), tile_hexes((1, 1))[at]
    s.cached = None
    return s


def test_refugee_camp_recruiting_any_unit_at_its_surcharge_in_the_decisions() -> None:
    """REFUGEE CAMP (LL, countryside 12 W): any Unit of the offer, +0 for a village's, +1 for a
    keep's, tower's or monastery's, +3 for a city's only (facts 3.4)."""
    s = _on_tile("countryside-12", 5, "march")
    assert T.tile["countryside-12"].hexes[5].site == "refugee-camp"
    s.g.unit_offer = ["peasants", "utem-guardsmen", "altem-mages"]
    me = s.g.players[s.g.current]
    for influence, offered in ((4, ["recruit peasants"]), (6, ["recruit peasants", "recruit utem-guardsmen"]),
                               (15, ["recruit altem-mages", "recruit peasants", "recruit utem-guardsmen"])):
        me.influence_points = influence
        s.cached = None
        assert [a for a in legal(s) if a.startswith("recruit")] == offered


def test_deep_mine_a_crystal_of_one_of_its_colours_at_the_end_of_the_turn_in_the_decisions() -> None:
    """DEEP MINES (LL, countryside 14 W: red and white): the end of the turn there names one of
    the mine's colours."""
    s = _on_tile("countryside-14", 5, "march rage")
    do(s, "play march basic")
    assert [a for a in legal(s) if a.startswith("end-turn")] == ["end-turn red", "end-turn white",
                                                                 "end-turn-discard red", "end-turn-discard white"]
    me = s.g.current
    do(s, "end-turn white")
    assert s.g.players[me].crystals["white"] == 1


def test_maze_entering_choosing_path_paid_with_move_of_the_action_and_one_unit_along() -> None:
    """MAZE "Entering": one ready unwounded Unit may come along; "Choosing Path": pay 2, 4 or 6
    Move. The path and the Unit are named in the action (``enter 4 peasants-1``); without the
    Move for a path it is not offered. (Entering a maze was never offered: ``enter`` named no
    path.)"""
    s, maze = _at_maze("march stamina rage", units="peasants utem-crossbowmen")
    assert not [a for a in legal(s) if a.startswith("enter")]
    do(s, "play march basic")
    assert [a for a in legal(s) if a.startswith("enter")] == [
        "enter 2", "enter 2 peasants-1", "enter 2 utem-crossbowmen-1"]
    do(s, "play stamina basic", "enter 4 utem-crossbowmen-1")
    g = s.g
    assert g.combat is not None and g.combat_site["path"] == 4 and g.combat_site["kind"] == "maze"
    assert T.enemy[g.combat.enemies[0].token].colour == "brown"
    assert g.combat.units_allowed == "one" and g.combat.chosen_unit == "utem-crossbowmen-1"
    assert g.players[g.current].move_points == 0


def test_maze_choosing_path_move_points_left_from_the_move_phase_cannot_be_used() -> None:
    """MAZE "Choosing Path": "Move points left from the Move phase cannot be used for this": 5
    Move played, 4 spent entering the maze's Wasteland, the 1 left pays no path; 2 more played
    after the step pay the 2 path, not the 4."""
    s, maze = _at_maze("march stamina rage swiftness", on_maze=False)
    do(s, "play march basic", "play stamina basic", "play rage move", f"move {maze[0]}:{maze[1]}")
    p = s.g.players[s.g.current]
    assert p.position == maze and p.move_points == 1 and p.move_left == 1
    assert not [a for a in legal(s) if a.startswith("enter")]
    do(s, "play swiftness basic")
    assert [a for a in legal(s) if a.startswith("enter")] == ["enter 2"]
    reason, rule = GAME.explain_illegal(s, Action.parse("enter 4"))
    assert reason == "the path costs 4 Move, paid for this action (not Move points left from the Move phase)"
    assert rule == "MAZE"
    assert GAME.explain_illegal(s, Action.parse("enter"))[0] == "choose a path: pay 2, 4 or 6 Move"
    do(s, "enter 2")
    assert s.g.combat is not None and s.g.combat_site["path"] == 2


def test_sets_ll_random_games_reach_a_maze_or_labyrinth_in_the_decisions() -> None:
    """With LL, Solo Conquest's countryside (7 of 14, shuffled) and core tiles may hold a maze
    (countryside 12, 14) or a labyrinth (core 9, 10): a seeded random game enters one through
    its decisions, fights there and goes on to its end."""
    for seed in range(100):  # (the first to enter one is 84: it changes with the game's choices)
        s = GAME.new_state(1, seed, {"scenario": "solo-conquest", **LL})
        rng = random.Random(seed)
        entered = ""
        while (d := GAME.decision(s)) is not None:
            a = rng.choice(d.actions)
            GAME.apply(s, a)
            if a.name == "enter" and a.args:
                g = s.g
                entered = str(g.combat_site["kind"])
                assert entered in ("maze", "labyrinth") and g.combat_site["path"] == int(a.args[0])
                break
        if entered:
            while (d := GAME.decision(s)) is not None:
                GAME.apply(s, rng.choice(d.actions))
            assert s.over
            return
    raise AssertionError("no seeded game entered a maze or a labyrinth")


def test_sets_ll_game_every_legal_action_has_an_index_and_every_view_a_vector() -> None:
    """docs/research.md: the action space and the observation are the same for every state of a
    player count, content version and sets; with LL the map's bound holds its 24 tiles, the key
    names the sets, and a random LL game's actions and views all fit."""
    space, schema = GAME.action_space(2, LL), GAME.observation_schema(2, LL)
    assert space.key.endswith("/LL+base") and space.digest != GAME.action_space(2).digest
    assert schema.size > GAME.observation_schema(2).size
    m = GAME.new_state(2, 4, {"scenario": "full-conquest", **LL})
    rng = random.Random(4)
    step = 0
    while (d := GAME.decision(m)) is not None and step < 400:
        for a, i in zip(d.actions, space.indices(d.actions), strict=True):
            assert space.action(i) == a
        if step % 25 == 0:
            for player in range(2):
                assert len(schema.check(GAME.view(m, player))) == schema.size
        GAME.apply(m, rng.choice(d.actions))
        step += 1
    for text in ("enter 6 peasants-2", "enter 4", "recruit delphana-masters", "explore 23:0"):
        a = Action.parse(text)
        assert space.action(space.index(a)) == a
