"""Meeples & Monsters' board (games/meeples_and_monsters/scene.py): the City's districts with their
slots, Locations and Monsters, the Capitol, the tiles and the players' boards drawn from the
viewer's view alone; the board keys of every action (a Location, a Monster, the Tavern's meeple to
add, the place assigned to for confirm), and why an element cannot be chosen."""

from __future__ import annotations

from mm_positions import build_location, give_quest, main_phase, play, put_monster
from scene_checks import keyed, paths

from boardrules.engine import Rng
from boardrules.engine.scene import walk
from boardrules.games.meeples_and_monsters.state import DISTRICTS


def test_the_city_shows_every_district_its_slots_locations_and_monsters() -> None:
    game, s = main_phase(peasant=2)
    build_location(game, s, "tiltyard", "castle-2")
    put_monster(game, s, "skeleton", "villages")
    scene = game.scene(game.view(s, 0), 0)
    for d, name in enumerate(DISTRICTS):
        assert keyed(scene, f"district:{name}")
        for k, loc in enumerate(s.buildings[d]):
            key = f"slot:{name}-{k + 1}" if loc < 0 else f"location:{game.t.locations[loc].id}"
            assert keyed(scene, key), key
    assert "slot:castle-2" not in scene.keys and "location:tiltyard" in scene.keys
    (skeleton,) = keyed(scene, "monster:skeleton")
    assert "Skeleton" in skeleton.label and skeleton.ref == "monster:skeleton"
    for i in game.t.capitol:
        assert f"location:{game.t.locations[i].id}" in scene.keys
    assert all(f"tile:{game.t.locations[x].id}" in scene.keys for x in s.face_up)


def test_only_the_viewer_sees_and_clicks_their_quests_and_meeples() -> None:
    game, s = main_phase(peasant=2, knight=1)  # seat 1 holds a Peasant
    give_quest(game, s, 1, "round-table")
    own = game.scene(game.view(s, 0), 0)
    other = game.scene(game.view(s, 1), 1)
    assert "quest:round-table" in other.keys and "quest:round-table" not in own.keys
    assert not any("Round Table" in sh.label for sh in walk(own.shapes))
    assert "tavern:knight" in own.keys and "tavern:knight" not in other.keys
    twin = game.determinize(s, 0, Rng(3))  # what seat 0 may not see does not change their board
    assert game.scene(game.view(twin, 0), 0) == own


def test_a_location_then_the_tavern_then_the_place_again_to_confirm() -> None:
    game, s = main_phase(peasant=2, knight=1)
    put_monster(game, s, "skeleton", "villages")
    keys = paths(game, s)
    assert keys["activate muster-green"] == ("location:muster-green",)
    assert keys["done"] == ("button:done",)
    fights = [t for t in keys if t.startswith("fight ")]
    assert fights and all(keys[t] == (f"monster:{t.split()[1]}",) for t in fights)
    play(game, s, "fight skeleton")
    keys = paths(game, s)
    assert keys["add knight"] == ("tavern:knight",) and keys["add peasant"] == ("tavern:peasant",)
    assert all(path == ("monster:skeleton",) for text, path in keys.items() if not text.startswith("add "))
    scene = game.scene(game.view(s, 0), 0)
    assert all(k in scene.keys for path in keys.values() for k in path)


def test_why_an_element_cannot_be_chosen() -> None:
    game, s = main_phase(peasant=1)
    put_monster(game, s, "skeleton", "villages")
    d = game.decision(s)
    assert d is not None and "fight skeleton" not in [a.text for a in d.actions]
    why = game.why_not(s, 0, "monster:skeleton")
    assert why and "Skeleton" in why
    assert game.why_not(s, 0, "slot:castle-2") == "a slot is chosen for a tile being constructed"
