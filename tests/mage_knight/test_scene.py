"""Mage Knight's board (games/mage_knight/scene.py, board_clicks.py): every explored space drawn
once with its terrain and site, the tile positions to explore, enemy tokens face up or face down
exactly as the viewer may see them, the Source, the offers, the viewer's hand and Units, the
combat; and the board keys of every action, with the rules' refusal for a piece that chooses
nothing now."""

from __future__ import annotations

import random

import pytest
from mk_positions import GAME, _scouted_prowlers, do, first_turn, me, turn
from scene_checks import keyed, paths

from boardrules.engine import Action, Rng
from boardrules.engine.scene import walk
from boardrules.games.mage_knight.game_state import MKState, Token
from boardrules.games.mage_knight.map.hexes import neighbours, tile_hexes
from boardrules.games.mage_knight.scene import grid_of


def scene_of(s: MKState, viewer: int):  # type: ignore[no-untyped-def]
    return GAME.scene(GAME.view(s, viewer), viewer)


def test_every_space_of_every_explored_tile_is_drawn_once_with_its_terrain_and_site() -> None:
    s = first_turn()
    scene = scene_of(s, 0)
    spaces = [sh.key for sh in walk(scene.shapes) if sh.key.startswith("space:")]
    expected = []
    for where, tile in s.g.tiles.items():
        for h, space in zip(tile_hexes(where), GAME.t.tile[tile].hexes, strict=True):
            expected.append(f"space:{h[0]}:{h[1]}")
            (drawn,) = keyed(scene, f"space:{h[0]}:{h[1]}")
            assert drawn.kind == "hex" and f"terrain-{space.terrain}" in drawn.style.split()
            assert drawn.ref == (f"site:{space.site}" if space.site else "")
            assert all(0 <= x <= scene.width and 0 <= y <= scene.height for x, y in drawn.corners())
    assert sorted(spaces) == sorted(expected) and len(spaces) == 7 * len(s.g.tiles)
    # the positions to explore: one group of seven dashed spaces each, none on a placed tile
    tiles = [sh for sh in scene.shapes if sh.key.startswith("tile:")]
    assert tiles and all(sh.kind == "group" and len(sh.shapes) == 7 for sh in tiles)
    assert not {tuple(map(int, sh.key[5:].split(":"))) for sh in tiles} & set(s.g.tiles)


def test_a_face_down_enemy_shows_only_its_colour_and_a_face_up_one_its_name() -> None:
    s = first_turn()
    here = me(s).position
    up, down = [h for h in neighbours(here) if h in s.g.spaces][:2]
    s.g.enemies[up] = [Token("cursed-hags", True)]
    s.g.enemies[down] = [Token("guardsmen", False)]
    s.cached = None
    for viewer in (0, 1):
        scene = scene_of(s, viewer)
        (hags,) = keyed(scene, f"token:{up[0]}:{up[1]}")
        assert "Cursed Hags" in hags.tip and hags.ref == "enemy:cursed-hags"
        (hidden,) = keyed(scene, f"token:{down[0]}:{down[1]}")
        assert "face-down grey" in hidden.tip and hidden.ref == "" and hidden.label == "?"
        assert all("Guardsmen" not in sh.tip and sh.ref != "enemy:guardsmen" for sh in walk(scene.shapes))


def test_a_token_the_scouts_looked_at_is_named_to_their_owner_only() -> None:
    s, far = _scouted_prowlers()
    owner = s.g.current
    key = f"token:{far[0]}:{far[1]}"
    (seen,) = keyed(scene_of(s, owner), key)
    (unseen,) = keyed(scene_of(s, 1 - owner), key)
    assert "Prowlers" in seen.tip and "Prowlers" not in unseen.tip and not unseen.ref


def test_the_hand_is_drawn_to_its_owner_only_each_card_once_with_its_catalogue_entry() -> None:
    s = turn("march march rage tranquility", faces="red blue gold")
    mine, other = s.g.current, 1 - s.g.current
    scene = scene_of(s, mine)
    (march,) = keyed(scene, "card:march")
    assert march.label == "March x2" and march.ref == "card:march"
    assert {k for k in scene.keys if k.startswith("card:")} == {"card:march", "card:rage", "card:tranquility"}
    theirs = {k for k in scene_of(s, other).keys if k.startswith("card:")}
    assert theirs == {f"card:{c}" for c in s.g.players[other].hand}  # their own hand, not this one
    assert not any(k.startswith(("card:", "own:")) for k in GAME.scene(GAME.view(s, None), None).keys)
    dice = sorted(k for k in scene.keys if k.startswith("die:"))
    assert dice == ["die:1", "die:2", "die:3"] and "gold" in keyed(scene, "die:3")[0].tip


def test_a_card_click_plays_it_and_its_ways_of_play_share_the_card() -> None:
    s = turn("march rage", faces="red blue green")
    ways = paths(GAME, s)
    assert ways["play march basic"] == ("card:march",) and ways["play march powered"] == ("card:march",)
    assert ways["rest march"] == ("card:march",) and ways["play rage move"] == ("card:rage",)
    here = me(s).position
    do(s, "play march basic")
    ways = paths(GAME, s)
    moves = {t: p for t, p in ways.items() if t.startswith("move ")}
    assert moves and all(p == (f"space:{t[5:]}",) for t, p in moves.items())
    assert all(p == ("button:end-turn",) for t, p in ways.items() if t.startswith("end-turn"))
    assert all(tuple(map(int, t[5:].split(":"))) in neighbours(here) for t in moves)


def test_a_combat_draws_its_enemies_and_the_preview_and_a_click_targets_one() -> None:
    s = turn("swiftness rage", fight="prowlers", night=False)
    scene = scene_of(s, s.g.current)
    (enemy,) = keyed(scene, "enemy:1")
    assert "Prowlers" in enemy.tip and enemy.ref == "enemy:prowlers"
    preview = GAME.view(s, s.g.current)["combat"]["preview"]
    assert any(sh.kind == "text" and sh.label == preview[:180] for sh in walk(scene.shapes))
    ways = paths(GAME, s)
    targets = {t: p for t, p in ways.items() if t.startswith("target ")}
    assert targets == {"target 1": ("enemy:1",)}


def test_a_piece_that_chooses_nothing_says_the_rules_refusal() -> None:
    s = turn("march", faces="red blue green")
    d = GAME.decision(s)
    assert d is not None
    far = next(k for k in scene_of(s, s.g.current).keys if k.startswith("space:")
               and tuple(map(int, k[6:].split(":"))) not in neighbours(me(s).position))
    assert GAME.why_not(s, s.g.current, far) == GAME.explain_illegal(s, Action("move", (far[6:],)))[0]
    assert GAME.why_not(s, s.g.current, far) == "you move one space at a time, to a neighbouring space"
    do(s, "play march basic")
    assert GAME.why_not(s, s.g.current, "button:announce") == GAME.explain_illegal(s, Action("announce"))[0]
    assert GAME.why_not(s, s.g.current, "unit:" + s.g.unit_offer[0]) == \
        GAME.explain_illegal(s, Action("recruit", (s.g.unit_offer[0],)))[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_path_names_a_drawn_piece_and_every_piece_is_a_choice_or_says_why(seed: int) -> None:
    """Random 2-player games against the greedy agent: at every decision of seat 0 (and every
    fifth of seat 1), each action's path is one key of the decider's board, and every other key
    of it has a refusal."""
    s = GAME.new_state(2, seed)
    r, rng, n, checked = random.Random(seed), Rng(seed), 0, 0
    while (d := GAME.decision(s)) is not None and n < 400:
        if d.player == 0 or n % 5 == 0:
            scene = GAME.scene(GAME.view(s, d.player), d.player)
            ways = GAME.action_keys(s, d)
            assert len(ways) == len(d.actions)
            used = {k for p in ways for k in p}
            assert all(len(p) == 1 and p[0] in scene.keys for p in ways), (d.prompt, ways)
            for key in scene.keys - used:
                assert GAME.why_not(s, d.player, key), key
            tiles = {grid_of(w) for w in GAME.view(s, d.player)["tiles"]}
            assert sum(1 for k in scene.keys if k.startswith("space:")) == 7 * len(tiles)
            checked += 1
        a = r.choice(d.actions) if d.player == 0 else (GAME.greedy_action(s, d, rng) or d.actions[0])
        GAME.apply(s, a)
        n += 1
    assert checked > 30
