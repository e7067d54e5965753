"""Small World's board (games/small_world/scene.py): every Region of every map drawn as its outline
coloured by terrain, with its tokens (whose, how many, in decline), symbols and markers; each
player's active and declined Races and coins as the viewer may know them; the combos on offer with
their coins; the board keys of every action (a Region to conquer, abandon or redeploy to, a combo
to pick, a player for peace, the buttons), and the rules' refusal for what cannot be chosen."""

from __future__ import annotations

import pytest
from random_play import check_board
from scene_checks import keyed, paths
from sw_positions import conquer_turn, fresh, give, give_decline, lost_tribe, play, put

from boardrules.agents import RandomAgent
from boardrules.engine import Rng, Scene, Shape
from boardrules.engine.scene import walk
from boardrules.games.small_world.scene import SCALE, TEXT, TOKEN


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_region_is_its_outline_coloured_by_its_terrain(players: int) -> None:
    game, s = fresh(players)
    scene = game.scene(game.view(s, 0), 0)
    geo = game.t.content.geometry[players]
    for r in game.t.content.maps[players].region:
        (poly,) = keyed(scene, f"region:{r.id}")
        assert poly.kind == "polygon" and f"terrain-{r.terrain}" in poly.style.split()
        assert poly.points == tuple((x * SCALE, y * SCALE) for x, y in geo.region[r.id].outline)
        assert all(0 <= x <= scene.width and 0 <= y <= scene.height for x, y in poly.points)
        assert poly.tip.startswith(f"Region {r.id}: {r.terrain.title()}")
    assert scene.width == geo.width * SCALE


def _tokens_at(scene: Scene, game, players: int, region: int) -> list[Shape]:  # type: ignore[no-untyped-def]
    x, y = game.t.content.geometry[players].region[region].label
    return [sh for sh in walk(scene.shapes) if sh.kind == "circle" and (sh.x, sh.y) == (x * SCALE, y * SCALE)]


def test_tokens_show_how_many_whose_and_in_decline() -> None:
    game, s = fresh(3)
    give(s, 0, "orcs", "hill", hand=4)
    give_decline(s, 1, "elves")
    put(s, 12, 0, "orcs", 3)
    put(s, 5, 1, "elves", 1, declined=True)
    lost_tribe(s, 9)
    scene = game.scene(game.view(s, 2), 2)
    (orcs,) = _tokens_at(scene, game, 3, 12)
    assert orcs.label == "3" and orcs.style.split() == ["player-0"]
    (elves,) = _tokens_at(scene, game, 3, 5)
    assert elves.label == "1" and set(elves.style.split()) == {"player-1", "tone-1"}
    (tribe,) = _tokens_at(scene, game, 3, 9)
    assert tribe.style == "token"
    assert _tokens_at(scene, game, 3, 13) == []  # an empty Region shows no tokens
    assert "Player 1's Orcs (3)" in keyed(scene, "region:12")[0].tip
    assert "Player 2's Elves in decline (1)" in keyed(scene, "region:5")[0].tip


def test_symbols_and_markers_are_marked_under_the_tokens() -> None:
    game, s = fresh(3)
    m = game.t.content.maps[3]
    r = next(x.id for x in m.region if x.symbols == ("cavern",))
    give(s, 0, "trolls", "fortified")
    put(s, r, 0, "trolls", 2)
    s.lair[r] = s.fortress[r] = True
    scene = game.scene(game.view(s, 0), 0)
    x, y = game.t.content.geometry[3].region[r].label
    under = y * SCALE + TOKEN + TEXT * 0.7
    marks = [sh.label for sh in walk(scene.shapes) if sh.kind == "text" and (sh.x, sh.y) == (x * SCALE, under)]
    assert marks == ["\u25d0 L F"]  # the Cavern, the Troll's Lair, the Fortress
    assert "troll lair" in keyed(scene, f"region:{r}")[0].tip and "fortress" in keyed(scene, f"region:{r}")[0].tip


def test_each_player_row_shows_their_races_and_coins_as_the_viewer_may_know_them() -> None:
    game, s = fresh(3)
    give(s, 0, "orcs", "hill", hand=4)
    give_decline(s, 0, "elves", "alchemist")
    s.players[0].coins = 9
    for viewer, coins in ((0, "9 coins"), (1, "coins hidden")):
        scene = game.scene(game.view(s, viewer), viewer)
        (row,) = keyed(scene, "player:1")
        assert "Hill Orcs, 4 in hand" in row.label and "Alchemist Elves in decline" in row.label
        assert coins in row.label and ("(you)" in row.label) == (viewer == 0)
    # what the viewer may not see (the stacks' order, the dice to come) does not change their board
    twin = game.determinize(s, 1, Rng(4))
    assert game.scene(game.view(twin, 1), 1) == game.scene(game.view(s, 1), 1)


def test_the_combos_on_offer_with_their_coins_are_picked_by_clicking_them() -> None:
    game, s = fresh(2)
    s.market[2][2] = 2  # two coins on the third combo
    view = game.view(s, 0)
    scene = game.scene(view, 0)
    third = view["market"][2]
    (combo,) = keyed(scene, f"combo:{third['race']}")
    assert combo.label.endswith("\u00b7 2 coins") and combo.ref == f"power:{third['power']}"
    keys = paths(game, s)
    assert keys and all(path == (f"combo:{text.split()[1]}",) for text, path in keys.items() if text.startswith("pick "))
    assert all(k in scene.keys for path in keys.values() for k in path)


def test_conquering_abandoning_and_declining_are_clicks_on_regions_and_buttons() -> None:
    game, s = fresh(3)
    give(s, 0, "orcs", "hill", hand=6)
    put(s, 12, 0, "orcs", 2)
    conquer_turn(game, s, 0)
    keys = paths(game, s)
    assert keys["abandon 12"] == ("region:12",)
    assert keys["decline"] == ("button:decline",) and keys["done"] == ("button:done",)
    conquests = [t for t in keys if t.startswith("conquer ")]
    assert conquests and all(keys[t] == (f"region:{t.split()[1]}",) for t in conquests)
    scene = game.scene(game.view(s, 0), 0)
    assert all(k in scene.keys for path in keys.values() for k in path)
    # a Sea cannot be conquered: the rules say why on hover
    sea = next(r.id for r in game.t.content.maps[3].region if r.terrain == "sea")
    assert "Sea" in (game.why_not(s, 0, f"region:{sea}") or "")
    assert "a combo is taken at the start of your turn" in (game.why_not(s, 0, "combo:elves") or "")


def test_redeploying_one_token_or_all_is_the_same_region_told_apart_by_the_menu() -> None:
    game, s = fresh(3)
    give(s, 0, "orcs", "hill", hand=3)
    put(s, 12, 0, "orcs", 2)
    put(s, 13, 0, "orcs", 1)
    conquer_turn(game, s, 0)
    play(game, s, "done")
    keys = paths(game, s)
    assert keys["place 12"] == keys["place 12 all"] == ("region:12",)
    assert keys["place 13"] == keys["place 13 all"] == ("region:13",)
    assert "redeployed only into Regions your Orcs occupy" in (game.why_not(s, 0, "region:14") or "")


@pytest.mark.parametrize("players", [2, 5])
def test_a_random_game_is_played_to_its_end_by_board_clicks_alone(players: int) -> None:
    """Every action of every decision has a path of keys on the decider's board."""
    game, _ = fresh(players)
    s = game.new_state(players, 11)
    agents = [RandomAgent(7 + i) for i in range(players)]
    decisions = 0
    while (d := game.decision(s)) is not None:
        check_board(game, s, d)
        game.apply(s, agents[d.player].act(game, s, d))
        decisions += 1
    assert s.over and decisions > 50
