"""Heroes IV map and Army Stacks (facts: rules10 set-up, rules12 Army Stacks and Movement): map
sections interlocking, edge starting spaces, the top card rule, movement points from the top
card's Hex Speed spent on terrain, at most 4 Army Stacks, splitting, joining, forming up, and the
Army, Location and Town Markers."""

from __future__ import annotations

import pytest
from h4_positions import deck, picture, position, put_army

from boardrules.engine import Action, Event, IllegalActionError
from boardrules.games.heroes_iv import HeroesIV, armies, claiming, discovery, turn
from boardrules.games.heroes_iv.board import board_for, open_slots
from boardrules.games.heroes_iv.content import default_content


def test_setup_map_sections_interlock_edge_to_edge() -> None:
    c = default_content()
    b = board_for(c, (("green-vale", 0, 0), ("old-kingdom", 1, 0), ("mirewood", 0, 1)))
    assert len(b) == 57 and len(set(b.coords)) == 57  # no hex shared
    for other in ("old-kingdom", "mirewood"):
        touching = {(b.section[i], b.section[j]) for i in range(len(b)) for j in b.neighbours[i]}
        assert ("green-vale", other) in touching  # each attached section borders the first


def test_setup_sections_attach_next_to_a_placed_section() -> None:
    assert open_slots([]) == [(0, 0)]
    assert open_slots([(0, 0)]) == sorted([(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)])
    assert (0, 0) not in open_slots([(0, 0), (1, 0)]) and (2, 0) in open_slots([(0, 0), (1, 0)])


def test_setup_starting_spaces_on_the_edge_not_impassable() -> None:
    c, s = position()
    b = s.board
    assert b is not None
    starts = b.starting_spaces()
    assert starts and all(b.edge[h] and not b.impassable[h] and not b.kind[h] for h in starts)
    assert 7 not in starts and b.terrain[7] == "water" and b.edge[7]  # water is impassable
    assert 0 not in starts and b.kind[0] == "dwelling"
    assert 14 not in starts  # an inner hex


def test_army_stacks_top_card_is_the_hero_else_the_fastest_unit() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["gold-golem", "squire", "knight"])
    assert a.cards[0] == "knight"
    b = put_army(c, s, 0, 14, ["gold-golem", "wolf", "squire"])  # wolf: hex speed 4
    assert b.cards[0] == "wolf"


def test_movement_top_card_hex_speed_and_terrain_costs() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["knight", "squire"])
    assert a.mp == 4  # the Knight's Hex Speed Score
    armies.move(c, s, a, 13, [])  # forest: 2
    assert a.mp == 2 and a.hex == 13
    armies.move(c, s, a, 8, [])  # grass: 1
    assert a.mp == 1
    with pytest.raises(IllegalActionError) as info:
        armies.move(c, s, a, 13, [])  # back into the forest: 2 points, 1 left
    assert "costs 2 movement points" in info.value.reason and info.value.rule == "Movement"


def test_movement_impassable_terrain_refused() -> None:
    c, s = position()
    a = put_army(c, s, 0, 8, ["knight"])
    with pytest.raises(IllegalActionError) as info:
        armies.move(c, s, a, 7, [])
    assert "impassable" in info.value.reason and info.value.rule == "Movement"
    assert 7 not in armies.moves(c, s, a)


def test_movement_not_enough_movement_points() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["gold-golem"])  # hex speed 2
    armies.move(c, s, a, 13, [])  # forest: 2
    with pytest.raises(IllegalActionError) as info:
        armies.move(c, s, a, 12, [])
    assert "has 0 left" in info.value.reason
    assert armies.moves(c, s, a) == []


def test_movement_a_flying_army_pays_one_a_hex() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["griffin"])
    armies.move(c, s, a, 13, [])  # forest, 1 for a flying army
    assert a.mp == 2
    b = put_army(c, s, 0, 14, ["griffin", "wolf"])  # the wolf (hex speed 4, on top) cannot fly
    armies.move(c, s, b, 13, [])
    assert b.mp == 2


def test_army_stacks_at_most_four() -> None:
    c, s = position()
    for _ in range(3):
        put_army(c, s, 0, 14, ["squire"])
    a = put_army(c, s, 0, 12, ["knight", "squire"])
    with pytest.raises(IllegalActionError) as info:
        armies.split(c, s, a, "squire", [])
    assert "at most 4" in info.value.reason and info.value.rule == "Army Stacks"


def test_splitting_forms_a_new_stack_with_a_new_marker_in_the_same_space() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["knight", "squire", "wolf"])
    new = armies.split(c, s, a, "wolf", [])
    assert new.hex == 14 and new.cards == ["wolf"] and new.marker != a.marker and new.mp == 4
    assert a.cards == ["knight", "squire"]


def test_splitting_only_before_the_stack_moves() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["knight", "squire"])
    armies.move(c, s, a, 17, [])
    with pytest.raises(IllegalActionError) as info:
        armies.split(c, s, a, "squire", [])
    assert info.value.rule == "Splitting"


def test_splitting_keeps_the_movement_an_artifact_gives_the_hero_on_top() -> None:
    # facts 5.4 (the top card's Hex Speed) and rules-choices "Artifacts under a stack's top Hero add
    # their speed": splitting set the points again from the cards alone, and the Boots were lost
    c, s = position(2)
    a = put_army(c, s, 0, 14, ["knight", "squire", "wolf"])
    s.players[0].artifacts = {"knight": ["boots-of-travel"]}
    turn.income_sequence(c, s, [])  # the turn starts: Hex Speed 4 and the Boots' 1
    assert a.mp == 5
    armies.split(c, s, a, "wolf", [])
    assert a.cards == ["knight", "squire"] and a.mp == 5
    hero = armies.split(c, s, a, "knight", [])  # the Hero leaves with his Artifact
    assert hero.cards == ["knight"] and hero.mp == 5 and a.mp == 3  # the Squire's own Hex Speed


def test_joining_merges_and_ends_movement_for_both() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["squire"])
    b = put_army(c, s, 0, 14, ["knight"])
    armies.join(c, s, a, b, [])
    assert a.cards == ["knight", "squire"] and a.mp == 0 and b not in s.armies


def test_joining_swapping_a_card_ends_movement_for_both() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["knight", "squire"])
    b = put_army(c, s, 0, 14, ["wolf"])
    armies.give(c, s, a, b, "squire", [])
    assert a.cards == ["knight"] and b.cards == ["wolf", "squire"] and a.mp == b.mp == 0


def test_joining_refused_for_stacks_in_different_spaces() -> None:
    c, s = position()
    a = put_army(c, s, 0, 14, ["squire"])
    b = put_army(c, s, 0, 13, ["knight"])
    with pytest.raises(IllegalActionError) as info:
        armies.join(c, s, a, b, [])
    assert info.value.rule == "Joining"


def test_forming_up_the_cards_under_a_town_you_control() -> None:
    c, s = position()
    sp = s.spaces[9]
    sp.card, sp.owner, sp.under = "haven", 0, ["squire", "knight"]
    a = armies.form_up(c, s, 0, 9, [])
    assert a.hex == 9 and a.cards == ["knight", "squire"] and sp.under == []
    with pytest.raises(IllegalActionError) as info:
        armies.form_up(c, s, 1, 9, [])
    assert info.value.rule == "Forming Up"


def test_forming_up_the_units_bought_at_a_creature_dwelling() -> None:
    c, s = position()
    sp = s.spaces[0]
    sp.card, sp.owner, sp.under = "squire", 0, ["squire"]
    a = armies.form_up(c, s, 0, 0, [])
    assert a.hex == 0 and a.cards == ["squire"] and sp.under == []


def test_forming_up_refused_while_an_enemy_army_stack_stands_in_the_town() -> None:
    # facts 5.4 Forming Up (ours: not in a space an enemy holds): an enemy stack that entered the
    # Town and did not claim it once had a new stack formed up beside it, two enemies in one space
    # and no battle
    game = HeroesIV()
    c, s = position(2)
    town = s.spaces[9]
    town.card, town.owner, town.under = "haven", 0, ["squire"]
    put_army(c, s, 1, 9, ["mage"], marker=5)
    d = game.decision(s)
    assert d is not None and [a.text for a in d.actions] == ["end"]
    reason, rule = game.explain_illegal(s, Action("formup", ("9",)))
    assert rule == "Forming Up" and reason.startswith("Player 2's Army Stack 5 stands at hex 9")
    with pytest.raises(IllegalActionError):
        game.apply(s, Action("formup", ("9",)))
    s.armies = [a for a in s.armies if a.owner == 0]  # once the enemy has gone, the cards form up
    s.cached = None
    game.apply(s, Action("formup", ("9",)))
    assert [(a.owner, a.hex, a.cards) for a in s.armies] == [(0, 9, ["squire"])]


def test_movement_the_hexes_offered_are_exactly_those_a_move_accepts() -> None:
    """Move generation reads a table of passable steps: it must agree with ``move`` everywhere
    (walking and flying stacks, every hex of the map, every movement point count)."""
    c, s = position()
    b = s.board
    assert b is not None
    for cards in (["gold-golem"], ["griffin"], ["knight", "squire"]):
        for h in range(len(b)):
            if b.impassable[h]:
                continue
            for mp in (0, 1, 2, 3):
                a = put_army(c, s, 0, h, cards)
                a.mp = mp
                accepted = []
                for to in range(len(b)):
                    probe = put_army(c, s, 0, h, cards)
                    probe.mp = mp
                    try:
                        armies.move(c, s, probe, to, [])
                    except IllegalActionError:
                        pass
                    else:
                        accepted.append(to)
                    s.armies.remove(probe)
                assert sorted(armies.moves(c, s, a)) == accepted, (cards, h, mp)
                s.armies.remove(a)


def test_movement_the_movement_decision_is_generated_once_a_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The automatic steps keep the Movement decision they generate (it is the costly part of a
    random game): asking for it afterwards does not generate it again."""
    from boardrules.games.heroes_iv import decisions
    from boardrules.games.heroes_iv.game import HeroesIV

    g = HeroesIV(default_content())
    s = g.new_state(2, 3)
    while (d := g.decision(s)) is not None and s.stage != "move":
        g.apply(s, d.actions[0])
    assert d is not None and s.stage == "move"
    def quiet(a: Action) -> bool:  # a step that leads to no battle or discovery
        t = g.clone(s)
        g.apply(t, a)
        return not t.pending and t.stage == "move"

    move = next(a for a in d.actions if a.name == "move" and quiet(a))
    calls = []
    real = decisions.move_actions
    monkeypatch.setattr(decisions, "move_actions", lambda c, st: calls.append(1) or real(c, st))
    g.apply(s, move)
    d2 = g.decision(s)
    assert d2 is not None and s.stage == "move" and not s.pending
    assert len(calls) == 1


def test_army_markers_a_new_stack_takes_the_lowest_number_not_on_the_map() -> None:
    """Markers (facts, rules8 and rules10): each Army Marker number is a pair, one on the stack
    and one on the map; a stack gone frees its pair, and a new stack takes the lowest free one
    (ours), so the numbers in play stay within 4 Army Stacks a player."""
    c, s = position()
    put_army(c, s, 1, 20, ["wolf"], marker=1)
    a = put_army(c, s, 0, 14, ["knight", "squire", "wolf"], marker=3)
    assert armies.split(c, s, a, "wolf", []).marker == 2
    assert armies.split(c, s, a, "squire", []).marker == 4
    assert s.next_marker == 100  # Location Markers are numbered apart


def test_army_markers_stay_within_four_a_player_through_random_games() -> None:
    import random

    from boardrules.games.heroes_iv.game import HeroesIV

    g = HeroesIV(default_content())
    for players in (2, 6):
        s = g.new_state(players, 7)
        rng = random.Random(7)
        while (d := g.decision(s)) is not None:
            g.apply(s, rng.choice(d.actions))
            assert all(1 <= a.marker <= 4 * players for a in s.armies)


def test_markers_a_town_carries_a_town_marker_a_location_a_location_marker() -> None:
    # facts 5.1 and rules10: "Markers come in 3 kinds: Army, Location and Town"; a Town's card and
    # hex once carried a "Location Marker" in the events and the picture
    c, s = position(2)
    deck(s, 1, ["skeleton", "wolf"])
    s.players[0].aside = ["haven"]
    s.players[0].hand = ["windmill"]
    s.pending = [("discover", 9, 0, 0)]
    events: list[Event] = []
    discovery.define(c, s, "haven", "aside", events)
    assert f"haven; Town Marker {s.spaces[9].marker}" in events[0].text
    s.pending = [("discover", 6, 0, 0)]
    events = []
    discovery.define(c, s, "windmill", "hand", events)
    assert f"(Unclaimed); Location Marker {s.spaces[6].marker}" in events[0].text
    s.spaces[9].guards, s.spaces[9].guarding = [], -1
    army = put_army(c, s, 0, 9, ["squire"])
    events = []
    claiming.claim(c, s, army, "", events)
    assert f"claims haven at hex 9; Town Marker {s.spaces[9].marker}" in events[0].text
    text = picture(HeroesIV(), s, 0, width=200)
    assert f"T{s.spaces[9].marker} (Player 1)" in text and f"L{s.spaces[6].marker} (Player 1)" in text


def test_movement_the_walk_round_impassable_terrain_costs_the_hexes_entered() -> None:
    # the greedy agent's sense of distance (Board.walk): the terrain cost of each hex entered on
    # the cheapest way, never through impassable terrain
    c = default_content()
    b = board_for(c, (("green-vale", 0, 0), ("old-kingdom", 1, 0)))
    assert b.walk(10, 10) == 0
    for n in b.neighbours[10]:
        if not b.impassable[n]:
            assert b.walk(10, n) <= b.cost[n]
    for a in range(len(b)):
        if b.impassable[a]:
            continue
        assert b.walk(a, 6) >= b.distance(a, 6)  # every hex entered costs 1 at least
        if a != 6:  # the cheapest way is a first step and the cheapest way on from there
            assert b.walk(a, 6) == min(cost + b.walk(n, 6) for n, cost in b.steps[a])
