"""Invariants of Heroscape, checked after every action of random games (property tests and
benchmarks/property_run.py --game heroscape)."""

from __future__ import annotations

import json

from boardrules.agents import RandomAgent
from boardrules.engine import Rng
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import SHState

MAX_DECISIONS = 20_000


def check_state(game: Heroscape, s: SHState) -> None:
    bf = game.bf(s)
    seen: set[int] = set()
    for i, f in enumerate(s.figures):
        card = game.fig_card(s, i)
        if not f.alive:
            assert not f.spaces, "a destroyed figure is still on the battlefield"
            continue
        if not f.spaces:
            continue
        assert len(f.spaces) == card.hexes, "a figure on the wrong number of spaces"
        for x in f.spaces:
            assert x not in seen, "two figures on one space"
            assert not bf.ruin[x], "a figure inside a ruin"
            seen.add(x)
        if card.hexes == 2:
            a, b = f.spaces
            assert b in bf.adjacent[a] and bf.level[a] == bf.level[b], "a double-space figure split or uneven"
        assert 0 <= f.wounds < card.life, "wounds reached the life of a figure on the map"
    for p in range(s.num_players):
        drafted = sum(game.card(s, c).points for c, first in enumerate(s.first_owner) if first == p)
        assert drafted <= s.points, "an army over its point limit"
    for c, (_, owner) in enumerate(s.cards):
        assert all(f.owner == owner for f in s.figures if f.card == c), "a figure not under its card's control"
    d = game.decision(s)
    if d is not None:
        assert d.actions, "a decision with no legal action"
        assert len(set(d.actions)) == len(d.actions), "duplicate legal actions"


def check_views(game: Heroscape, s: SHState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        v = game.view(s, viewer)
        json.dumps(v)
        for p, row in enumerate(v["markers"]):
            for k, card in row.items():
                idx = "123x".index(k)
                if p != viewer and not s.revealed[p][idx] and card is not None:
                    assert card == "hidden", "a view shows an unrevealed order marker"
        sample = game.determinize(s, viewer, rng.spawn())
        assert game.view(sample, viewer) == v, "determinize changed what the player knows"


def run_game(game: Heroscape, players: int, seed: int, *, views_every: int = 0) -> tuple[SHState, list[str]]:
    s = game.new_state(players, seed, {"army": "draft" if seed % 2 else "points"})
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    rng = Rng(seed ^ 0x7777)
    actions: list[str] = []
    check_state(game, s)
    while True:
        d = game.decision(s)
        if d is None:
            break
        assert len(actions) < MAX_DECISIONS, "the game does not end"
        a = agents[d.player].act(game, s, d)
        game.apply(s, a)
        actions.append(a.text)
        check_state(game, s)
        if views_every and len(actions) % views_every == 0:
            check_views(game, s, rng)
    r = game.result(s)
    assert r is not None and r.turns <= s.max_rounds
    return s, actions
