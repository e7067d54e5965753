"""Property test of the map: random legal sequences of map actions (move, explore, challenge,
enter sites, assaults, interaction, end of turn) with scripted combat outcomes, checking after
every step that enemy and ruins tokens are conserved between piles, discards, the map and the
combat, that no count goes negative, that refused actions change nothing, and that the state
stays plain JSON."""

from __future__ import annotations

import json

import pytest
from mk_positions import Board, settle

from boardrules.engine import IllegalActionError, Rng
from boardrules.games.mage_knight.content import COLOURS, PILE_SIZES, Tables, default_content
from boardrules.games.mage_knight.game_state import GameState
from boardrules.games.mage_knight.map.exploring import explore, new_map, open_positions
from boardrules.games.mage_knight.map.hexes import Grid, neighbours
from boardrules.games.mage_knight.map.movement import move, move_refusal
from boardrules.games.mage_knight.sites.interaction import buy_healing, plunder, recruit
from boardrules.games.mage_knight.sites.site_combats import (
    challenge,
    enter_site,
    pay_altar,
    start_movement_combat,
)
from boardrules.games.mage_knight.sites.turn_benefits import end_of_turn, start_of_turn


def check(b: Board) -> None:
    t, s = b.t, b.s
    counts = dict.fromkeys(COLOURS, 0)
    for colour in COLOURS:
        counts[colour] += len(s.enemy_piles[colour]) + len(s.enemy_discards[colour])
    for tokens in s.enemies.values():
        for tok in tokens:
            counts[t.enemy[tok.id].colour] += 1
    if s.combat is not None:
        for e in s.combat.enemies:
            if e.summoner < 0:
                counts[t.enemy[e.token].colour] += 1
    assert counts == PILE_SIZES
    assert len(s.ruins_pile) + len(s.ruins_discard) + len(s.ruins) == 15
    for p in s.players:
        assert all(0 <= n <= 3 for n in p.crystals.values())
        assert all(n >= 0 for n in p.mana.values())
        assert min(p.move_points, p.influence_points, p.fame, p.shields) >= 0
        assert set(p.hand + p.discard + p.deck) <= set(t.card)
        assert -7 <= p.reputation <= 7
        assert len(p.units) <= p.command
        assert p.position in s.spaces
    assert sum(len(v) for v in s.shields.values()) == sum(p.shields for p in s.players)
    json.dumps(s.to_json())


def attempt(b: Board, fn, *args, **kw) -> bool:  # type: ignore[no-untyped-def]
    before = json.dumps(b.s.to_json(), sort_keys=True)
    try:
        fn(b.t, b.s, *args, events=b.events, **kw)
    except IllegalActionError as err:
        assert err.reason and err.rule
        assert json.dumps(b.s.to_json(), sort_keys=True) == before, f"{fn.__name__} refused but changed the state"
        return False
    return True


def fight(b: Board, rng: Rng) -> None:
    c = b.s.combat
    assert c is not None
    defeated = tuple(i + 1 for i in range(len(c.enemies)) if rng.below(2))
    settle(b, defeated)


def play(seed: int, steps: int = 200) -> None:
    t = default_content()
    countryside = [f"countryside-{i}" for i in range(1, 15)]
    core = ["core-1", "core-2", "core-3", "core-4", "core-5", "core-6", "core-9", "core-10"]
    s: GameState
    s, _ = new_map(t, ("wedge", "open-5", "open-3")[seed % 3], 2, countryside, core, seed=seed,
                   sets=frozenset({"base", "LL"}), advanced_actions=[f"aa-{i}" for i in range(20)])
    b = Board(t, s)
    rng = Rng(seed + 1000)
    total_ruins = len(s.ruins_pile) + len(s.ruins_discard) + len(s.ruins)
    assert total_ruins == 15
    for _ in range(steps):
        player = s.current
        p = s.players[player]
        roll = rng.below(11)
        if roll < 5 and not p.moving_done:
            p.move_points += rng.below(6)
            targets = [h for h in neighbours(p.position) if not move_refusal(t, s, player, h)[0]]
            if targets:
                move(t, s, player, rng.choice(targets), b.events)
                if p.moving_done:
                    if attempt(b, start_movement_combat, player):
                        fight(b, rng)
            elif rng.below(2):
                attempt(b, move, player, rng.choice(neighbours(p.position)))
        elif roll in (5, 10):
            p.move_points += 2
            for g in open_positions(s):
                if attempt(b, explore_as, player, g):
                    break
        elif roll == 6:
            path = rng.choice((0, 2, 4, 6))
            if attempt(b, enter_site, player, path=path, move_paid=path) or attempt(b, challenge, player, [h for h in neighbours(p.position) if s.enemies.get(h)][:1]):
                fight(b, rng)
        elif roll == 7:
            p.influence_points += rng.below(8)
            p.hand += ["wound"] * rng.below(2)
            unit = rng.choice([u.id for u in t.units])
            attempt(b, recruit, player, unit)
            attempt(b, buy_healing, player, 1)
            attempt(b, pay_altar, player)
            attempt(b, plunder, 1 - player)
        else:
            colour = rng.choice(("red", "blue", "green", "white"))
            if not attempt(b, end_of_turn, player, crystal=colour):  # a deep mine of other colours
                assert any(attempt(b, end_of_turn, player, crystal=c) for c in ("red", "blue", "green", "white"))
            s.current = 1 - player
            start_of_turn(t, s, s.current, b.events)
            if rng.below(6) == 0:
                s.night = not s.night
        check(b)


def explore_as(t: Tables, s: GameState, player: int, g: Grid, events: list) -> None:  # type: ignore[type-arg]
    explore(t, s, s.players[player], g, events)


@pytest.mark.parametrize("seed", range(12))
def test_random_map_actions_keep_the_invariants(seed: int) -> None:
    play(seed)
