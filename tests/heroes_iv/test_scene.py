"""Heroes IV's board (games/heroes_iv/scene.py, board_clicks.py): every hex of the map drawn once
with its terrain and its space (face down until defined), the Army Stacks on their hexes, the
viewer's own cards only, a battle's lines; and the board keys of every action (a stack then a
hex, a card then a market, a target in a battle) with the rules' refusal for what cannot be
chosen, checked over whole random games."""

from __future__ import annotations

import random

import pytest
from h4_positions import position, put_army
from scene_checks import keyed, paths

from boardrules.engine import Rng
from boardrules.engine.scene import walk
from boardrules.games.heroes_iv import HeroesIV, fight
from boardrules.games.heroes_iv.state import H4State


@pytest.fixture(scope="module")
def game() -> HeroesIV:
    return HeroesIV()


def played(game: HeroesIV, seed: int, until: str) -> H4State:
    """A random game of two played until ``until`` holds ("battle", "purchase", "build")."""
    s = game.new_state(2, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        d = game.decision(s)
        assert d is not None, f"seed {seed}: the game ended before {until}"
        if until == "battle" and s.battle is not None and s.battle.step == "attack":
            return s
        if until == "purchase" and s.stage == "purchase" and any(a.name == "buy" for a in d.actions):
            return s
        if until == "build" and s.stage == "build":
            return s
        game.apply(s, rng.choice(d.actions))
    raise AssertionError(f"seed {seed}: never reached {until}")


def test_every_hex_of_the_map_is_drawn_once_with_its_terrain_and_its_space(game: HeroesIV) -> None:
    c, s = position(2)
    s.spaces[9].card, s.spaces[9].owner = "haven", 1  # a Town held by Player 2; the rest undefined
    scene = game.scene(game.view(s, 0), 0)
    hexes = [sh for sh in walk(scene.shapes) if sh.kind == "hex" and sh.key.startswith("hex:")]
    assert sorted(h.key for h in hexes) == sorted(f"hex:{i}" for i in range(len(s.board or ())))
    assert s.board is not None
    for i in range(len(s.board)):
        (h,) = keyed(scene, f"hex:{i}")
        assert f"terrain-{s.board.terrain[i]}" in h.style.split() and h.label.split("\n")[0] == str(i)
        assert all(0 <= x <= scene.width and 0 <= y <= scene.height for x, y in h.corners()), i
    (town,) = keyed(scene, "hex:9")
    assert town.label == "9\nT2" and "Player 2" in town.tip and town.ref == "town:haven"
    (dwelling,) = keyed(scene, "hex:0")  # undefined: face down
    assert dwelling.label == "0\nD?" and "face-down" in dwelling.style.split() and "undefined" in dwelling.tip
    (water,) = keyed(scene, "hex:7")
    assert "impassable" in water.tip


def test_army_stacks_stand_on_their_hexes_in_their_players_colour_and_leave_the_centre_free(
        game: HeroesIV) -> None:
    c, s = position(2)
    put_army(c, s, 0, 10, ["knight", "pikeman"], marker=1)
    put_army(c, s, 0, 10, ["squire"], marker=3)
    put_army(c, s, 1, 12, ["skeleton"], marker=2)
    scene = game.scene(game.view(s, 0), 0)
    (hex10,) = keyed(scene, "hex:10")
    on_map = {k: next(sh for sh in keyed(scene, k) if sh.kind == "circle") for k in ("army:1", "army:2", "army:3")}
    for key, sh in on_map.items():
        assert ((sh.x - hex10.x) ** 2 + (sh.y - hex10.y) ** 2) ** 0.5 > sh.size, key  # off the centre
    assert "player-0" in on_map["army:1"].style.split() and "player-1" in on_map["army:2"].style.split()
    assert (on_map["army:1"].x, on_map["army:1"].y) != (on_map["army:3"].x, on_map["army:3"].y)
    assert "Knight" in on_map["army:1"].tip and "Pikeman" in on_map["army:1"].tip
    # a row per Army Stack lists its cards, each with its catalogue entry
    (card,) = keyed(scene, "army-card:1:knight")
    assert card.ref == "hero:knight" and "Attack" in card.tip


def test_two_cards_that_both_read_mage_are_told_apart_on_the_board(game: HeroesIV) -> None:
    c, s = position(2)
    put_army(c, s, 0, 10, ["mage-hero", "mage"], marker=1)
    s.players[0].hand = ["mage"]
    scene = game.scene(game.view(s, 0), 0)
    (hero,), (unit,), (held,) = (keyed(scene, k) for k in ("army-card:1:mage-hero", "army-card:1:mage", "hand:mage"))
    assert (hero.label, unit.label, held.label) == ("Mage (Hero)", "Mage (Unit)", "Mage (Unit)")
    assert (hero.ref, unit.ref) == ("hero:mage-hero", "unit:mage")


def test_a_stack_then_a_hex_moves_it_its_own_hex_claims_and_a_card_splits_off(game: HeroesIV) -> None:
    c, s = position(2)
    s.spaces[18].card = "windmill"  # a defined Location, unclaimed
    put_army(c, s, 0, 18, ["knight", "pikeman"], marker=1)
    enemy = put_army(c, s, 1, 30, ["skeleton"], marker=2)
    keys = paths(game, s)
    assert keys["claim 1"] == ("army:1", "hex:18")
    moves = {text: path for text, path in keys.items() if text.startswith("move 1 ")}
    assert moves and all(path == ("army:1", f"hex:{text.split()[2]}") for text, path in moves.items())
    assert keys["split 1 pikeman"] == ("army:1", "army-card:1:pikeman")
    assert keys["end"] == ("button:end",)
    scene = game.scene(game.view(s, 0), 0)
    assert all(k in scene.keys for path in keys.values() for k in path)
    assert game.why_not(s, 0, f"army:{enemy.marker}") == "Army Stack 2 is not yours"
    # the rules' own refusals: 'done' belongs to the Purchase Sequence, a card is not played now
    assert game.why_not(s, 0, "button:done") == ("the Movement Sequence ends with 'end'; now it is the "
                                                 "Movement Sequence")
    s.players[0].hand = ["pikeman"]
    assert "now it is the Movement Sequence" in (game.why_not(s, 0, "hand:pikeman") or "")


def test_the_viewer_sees_their_own_cards_and_only_counts_of_the_others(game: HeroesIV) -> None:
    s = played(game, 23, "purchase")
    mine = {seat: {k for k in game.scene(game.view(s, seat), seat).keys if k.split(":")[0] in ("hand", "adventure")}
            for seat in (0, 1)}
    for seat in (0, 1):
        p = s.players[seat]
        assert mine[seat] == {f"hand:{k}" for k in p.hand} | {f"adventure:{k}" for k in p.adventure}, seat
    # what the viewer may not know (the others' cards, every deck's order) does not change their board
    for seat in (0, 1):
        twin = game.determinize(s, seat, Rng(11))
        assert game.scene(game.view(twin, seat), seat) == game.scene(game.view(s, seat), seat)
    scene = game.scene(game.view(s, 0), 0)
    other = next(sh for sh in walk(scene.shapes) if sh.label.startswith("Player 2"))
    assert f"hand {len(s.players[1].hand)}," in other.label


def test_a_card_then_its_market_buys_it_and_the_hand_pays(game: HeroesIV) -> None:
    s = played(game, 23, "purchase")
    keys = paths(game, s)
    buys = {text: path for text, path in keys.items() if text.startswith("buy ")}
    assert buys and all(path == (f"{text.split()[2]}:{text.split()[1]}", f"hex:{text.split()[3]}")
                        for text, path in buys.items())
    game.apply(s, game.decision(s).actions[0])  # type: ignore[union-attr]
    if s.stage == "pay":
        keys = paths(game, s)
        assert all(path == (f"hand:{text.split()[1]}",) for text, path in keys.items())


def test_face_down_sections_are_only_counted_while_the_map_is_built(game: HeroesIV) -> None:
    s = game.new_state(3, 4)
    assert s.stage == "build"
    d = game.decision(s)
    assert d is not None
    keys = paths(game, s)
    assert all(path == (f"slot:{text.split()[1]}",) for text, path in keys.items())
    scene = game.scene(game.view(s, d.player), d.player)
    assert all(k in scene.keys for path in keys.values() for k in path)
    twin = game.determinize(s, d.player, Rng(2))  # the face-down sections reshuffled
    assert game.scene(game.view(twin, d.player), d.player) == scene
    assert any("face down" in sh.label for sh in walk(scene.shapes))


def test_in_a_battle_a_click_on_an_enemy_stack_attacks_it(game: HeroesIV) -> None:
    c, s = position(2)
    a = put_army(c, s, 0, 10, ["knight", "pikeman"], marker=1)
    put_army(c, s, 1, 12, ["skeleton", "skeleton"], marker=2)
    fight.enter(c, s, a, 10, [])  # not a move: the battle is joined where they meet
    a.hex = 12
    fight.enter(c, s, a, 10, [])
    assert s.battle is not None
    while s.battle.step != "attack":  # the Tactical Setup: each stack goes to a line (deploy/spread share it)
        keys = paths(game, s)
        assert all(path[0].startswith(("line:", "button:")) for path in keys.values())
        game.apply(s, game.decision(s).actions[0])  # type: ignore[union-attr]
    keys = paths(game, s)
    scene = game.scene(game.view(s, 0), 0)
    (where,) = keyed(scene, "hex:12")
    assert "battle-here" in where.style.split() and "a battle is fought here" in where.tip
    attacks = {text: path for text, path in keys.items() if text.startswith("attack ")}
    assert attacks, keys
    for text, path in attacks.items():
        assert path == tuple(f"stack:{t.partition(':')[0]}" for t in text.split()[2:])
        assert all(k in scene.keys and k != f"stack:{text.split()[1]}" for k in path)
    assert keys[f"swarm {text.split()[1]}"] == ("button:swarm",)
    assert game.why_not(s, s.battle.sides[s.battle.acting].player, "hex:0") == \
        "a battle is under way at hex 12: finish it first"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (2, 5), (2, 8), (3, 4)])
def test_every_path_is_on_the_board_and_every_other_element_says_why(game: HeroesIV, players: int,
                                                                     seed: int) -> None:
    s = game.new_state(players, seed)
    rng = random.Random(seed)
    battles = decisions = 0
    while (d := game.decision(s)) is not None and decisions < 600:
        if decisions % 3 == 0 or s.battle is not None:
            scene = game.scene(game.view(s, d.player), d.player)
            keys = game.action_keys(s, d)
            assert len(keys) == len(d.actions)
            used = {k for path in keys for k in path}
            assert used <= scene.keys, (d.prompt, used - scene.keys)
            assert all(keys), (d.prompt, [a.text for a, p in zip(d.actions, keys, strict=True) if not p])
            for key in scene.keys - used:
                assert game.why_not(s, d.player, key), (d.prompt, key)
            battles += s.battle is not None
        game.apply(s, rng.choice(d.actions))
        decisions += 1
    assert battles, f"seed {seed}: no battle was checked"
