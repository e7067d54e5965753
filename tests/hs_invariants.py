"""Invariants of Heroscape, checked after every action of random games (property tests and
benchmarks/property_run.py --game heroscape)."""

from __future__ import annotations

from random_play import check_decision, check_view, play_checked

from boardrules.engine import Rng
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.state import SHState


def check_state(game: Heroscape, s: SHState) -> None:
    bf = game.q.bf(s)
    seen: set[int] = set()
    for i, f in enumerate(s.figures):
        card = game.q.fig_card(s, i)
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
        drafted = sum(game.q.card(s, c).points for c, first in enumerate(s.first_owner) if first == p)
        assert drafted <= s.points, "an army over its point limit"
    for c, (_, owner) in enumerate(s.cards):
        assert all(f.owner == owner for f in s.figures if f.card == c), "a figure not under its card's control"
    if s.stage == "route" and not s.pending:  # the ways offered: more than one, none beaten by another
        d = game.decision(s)
        assert d is not None and s.routes is not None
        ways = s.routes[1][s.dest]
        assert len(ways) == len(d.actions) > 1, "a way to choose where there is one"
        assert not any(a.beats(b) for a in ways for b in ways if a is not b), "a way offered that another beats"
    check_decision(game, s)


def check_views(game: Heroscape, s: SHState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        v = check_view(game, s, viewer, rng)
        for p, row in enumerate(v["markers"]):
            for k, card in row.items():
                idx = "123x".index(k)
                if p != viewer and not s.revealed[p][idx] and card is not None:
                    assert card == "hidden", "a view shows an unrevealed order marker"


def run_game(game: Heroscape, players: int, seed: int, *, views_every: int = 0) -> tuple[SHState, list[str]]:
    """Play one random game (drafted armies for odd seeds) checking the invariants after every
    action; it ends within the round limit."""
    s = game.new_state(players, seed, {"army": "draft" if seed % 2 else "points"})
    actions = play_checked(game, s, seed, lambda s: check_state(game, s), salt=0x7777,
                           views=lambda s, rng: check_views(game, s, rng), views_every=views_every)
    r = game.result(s)
    assert r is not None and r.turns <= s.max_rounds
    return s, actions
