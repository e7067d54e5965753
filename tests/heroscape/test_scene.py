"""Heroscape's board (games/heroscape/scene.py): every space of every battlefield drawn as a hex of
its terrain and level, figures on their spaces (both of a double-space one), order markers as the
viewer may see them, and the board keys of every action: a figure then its destination, an
attacker then its target, with the rules' refusal for what cannot be chosen."""

from __future__ import annotations

import pytest
from hs_positions import act, game_with, position
from scene_checks import keyed

from boardrules.engine import Rng
from boardrules.engine.scene import walk
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.scene import short
from boardrules.games.heroscape.state import NO_CARD


@pytest.fixture(scope="module")
def game() -> Heroscape:
    return game_with()



def test_every_space_of_every_battlefield_is_a_hex_of_its_terrain_and_level() -> None:
    game = Heroscape()
    for stem, bf in game.c.battlefields.items():
        s = game.new_state(2, 1)
        s.field = stem  # armies are being chosen: nothing stands on it yet
        scene = game.scene(game.view(s, 0), 0)
        hexes = [sh for sh in walk(scene.shapes) if sh.kind == "hex"]
        assert sorted(h.key for h in hexes) == sorted(f"space:{n}" for n in bf.names), stem
        for i, name in enumerate(bf.names):
            (h,) = keyed(scene, f"space:{name}")
            assert f"terrain-{bf.terrain[i]}" in h.style.split() and h.label == str(bf.level[i])
            assert all(0 <= x <= scene.width and 0 <= y <= scene.height for x, y in h.corners()), name
        assert sum(1 for sh in walk(scene.shapes) if "ruin" in sh.style.split()) == sum(1 for r in bf.ruin if r)


def test_figures_stand_on_their_spaces_and_a_double_space_one_on_both(game: Heroscape) -> None:
    s = position(game, [(0, "syvarris", ["c3"]), (1, "grimnak", ["f3-g3"])], active="syvarris")
    scene = game.scene(game.view(s, 0), 0)
    (grimnak,) = keyed(scene, "figure:grimnak")
    assert grimnak.kind == "group" and len(grimnak.shapes) == 2 and grimnak.ref == "army card:grimnak"
    spaces = [keyed(scene, f"space:{n}")[0] for n in ("f3", "g3")]
    assert [(c.x, c.y) for c in grimnak.shapes] == [(h.x, h.y) for h in spaces]
    assert all("player-1" in c.style.split() for c in grimnak.shapes)
    (syvarris,) = keyed(scene, "figure:syvarris")
    assert "Syvarris" in syvarris.tip and "Player 1" in syvarris.tip


def test_order_markers_show_as_the_viewer_may_see_them(game: Heroscape) -> None:
    s = position(game, [(0, "syvarris", ["c3"]), (0, "finn", ["c4"]), (1, "grimnak", ["f3-g3"])])
    s.stage, s.round = "move", 1
    s.markers[0] = [0, 1, 0, NO_CARD]  # 1 and 3 on Syvarris, 2 on Finn, X not placed
    s.markers[1] = [2, 2, 2, 2]
    s.revealed[1][0] = True  # Player 2's marker 1 is face up
    for viewer, syvarris, grimnak in ((0, "1 3", "1 ? ? ?"), (1, "? ?", "1 2 3 X")):
        scene = game.scene(game.view(s, viewer), viewer)
        label = {key: keyed(scene, key)[0].label.split("\n") for key in ("card:syvarris", "card:grimnak")}
        assert label["card:syvarris"][1] == syvarris and label["card:grimnak"][1] == grimnak, viewer
    # what the viewer may not see does not change their board
    twin = game.determinize(s, 0, Rng(5))
    assert game.scene(game.view(twin, 0), 0) == game.scene(game.view(s, 0), 0)


def test_a_figure_then_its_destination_then_an_attacker_then_its_target(game: Heroscape) -> None:
    s = position(game, [(0, "syvarris", ["c3"]), (1, "grimnak", ["f3-g3"]), (1, "finn", ["j6"])],
                 active="syvarris", stage="move")
    d = game.decision(s)
    assert d is not None
    keys = dict(zip((a.text for a in d.actions), game.action_keys(s, d), strict=True))
    assert keys == {"move syvarris": ("figure:syvarris",), "done": ("button:done",)}
    assert "not on Syvarris" in (game.why_not(s, 0, "figure:finn") or "")
    act(game, s, "move syvarris")
    d = game.decision(s)
    assert d is not None
    keys = dict(zip((a.text for a in d.actions), game.action_keys(s, d), strict=True))
    assert keys.pop("stay") == ("figure:syvarris",)  # clicking the figure again: it stays
    assert keys and all(path == (f"space:{text.split()[1]}",) for text, path in keys.items())
    scene = game.scene(game.view(s, 0), 0)
    assert all(k in scene.keys for path in keys.values() for k in path)
    assert "occupied" in (game.why_not(s, 0, "space:f3") or "")
    s = position(game, [(0, "syvarris", ["c3"]), (1, "grimnak", ["d3-e3"]), (1, "finn", ["j6"])],
                 active="syvarris", stage="attack")
    d = game.decision(s)
    assert d is not None
    keys = dict(zip((a.text for a in d.actions), game.action_keys(s, d), strict=True))
    assert keys["attack syvarris grimnak"] == ("figure:syvarris", "figure:grimnak")
    assert keys["done"] == ("button:done",)


def test_a_double_space_figure_is_placed_by_its_two_spaces() -> None:
    game = Heroscape()
    s = game.new_state(2, 3)
    while s.stage != "place":
        d = game.decision(s)
        assert d is not None
        game.apply(s, d.actions[0])
    d = game.decision(s)
    assert d is not None
    for a, path in zip(d.actions, game.action_keys(s, d), strict=True):
        assert path == tuple(f"space:{x}" for x in a.args[0].split("-"))


def test_short_marks() -> None:
    assert [short(n) for n in ("marro-warriors-3", "finn", "sgt-drake-alexander", "airborne-elite-12")] == [
        "MW3", "Fin", "SDA", "AE12"]
