"""Heroscape property tests: seeded random games of 2 and 4 players with invariants after every
action (no figure on an occupied space, double-space figures on two same-level spaces, wounds
below life while on the map, armies within their point limit, every decision has a legal
action, every game ends), views hiding unrevealed order markers, determinization, replays, and
the ways a move may take checked against a step-by-step count."""

from __future__ import annotations

import os
from itertools import pairwise

import pytest
from hs_invariants import run_game
from hs_positions import game_with, position
from random_play import check_independent_of_earlier_games

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Rng, Session, replay_from_data
from boardrules.games.heroscape import combat
from boardrules.games.heroscape.content import DISENGAGE
from boardrules.games.heroscape.game import Heroscape
from boardrules.games.heroscape.movement import Route
from boardrules.games.heroscape.state import SHState

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90")) // 6


@pytest.fixture(scope="module")
def game() -> Heroscape:
    return Heroscape()


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_keep_the_invariants(game: Heroscape, players: int) -> None:
    for seed in range(GAMES):
        run_game(game, players, 1000 * players + seed)


def test_views_hide_markers_and_determinize_agrees(game: Heroscape) -> None:
    run_game(game, 2, 5, views_every=7)


def test_replay_reproduces_the_final_hash(game: Heroscape) -> None:
    state, actions = run_game(game, 2, 77)
    session = Session(game, 77, 2, {"army": "draft"})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    assert game.state_hash(replay_from_data(game, data).state) == data["final_hash"]


def _left_on_the_way(game: Heroscape, s: SHState, fig: int, route: Route) -> list[int]:
    """The leaving-engagement attacks along a route, found step by step from the figure's
    engagement on each pair of spaces it stands on (independently of the route search)."""
    q = game.q
    start = s.figures[fig].spaces
    if route.flown:
        return sorted(q.engaged_with(s, fig, start))
    steps = [(x,) for x in route.path] if len(start) == 1 else [start] + [
        (route.path[i], route.path[i - 1]) for i in range(1, len(route.path))]
    out: list[int] = []
    for before, after in pairwise(steps):
        now = set(q.engaged_with(s, fig, after))
        out += [e for e in q.engaged_with(s, fig, before) if e not in now]
    return sorted(out)


def _check_routes(game: Heroscape, s: SHState) -> tuple[int, int]:
    """Each way offered to the selected figure costs what a step-by-step walk of it says, and
    none is beaten by another; (ways checked, ways with a leaving attack)."""
    d = game.decision(s)
    assert d is not None and s.stage == "move-to" and s.routes is not None
    fig = s.selected
    card = game.q.fig_card(s, fig)
    bf = game.q.bf(s)
    checked = leaving = 0
    for ways in s.routes[1].values():
        assert not any(a.beats(b) for a in ways for b in ways if a is not b)
        for r in ways:
            if DISENGAGE not in card.powers:
                assert sorted(r.leaves) == _left_on_the_way(game, s, fig, r)
            drops = [(bf.level[a] - bf.level[b], b) for a, b in pairwise(r.path)]
            want = max((combat.fall_dice(d, card.height, bf.water[b]) for d, b in drops), default=0)
            assert r.fall == (0 if r.flown else want)
            checked += 1
            leaving += bool(r.leaves)
    return checked, leaving


def test_routes_leaving_attacks_and_falls_agree_with_a_step_by_step_count(game: Heroscape) -> None:
    """At every choice of destination in random games, and from random hand-set crowds of
    enemies on random hills and water, the ways offered cost what a step-by-step walk says."""
    checked = leaving = 0
    for seed in range(4):
        s = game.new_state(2, seed, {"army": "draft"})
        agents = [RandomAgent(seed), RandomAgent(seed + 50)]
        while (d := game.decision(s)) is not None:
            if s.stage == "move-to":
                checked += _check_routes(game, s)[0]
            game.apply(s, agents[d.player].act(game, s, d))
    rng = Rng(9)
    for k in range(24):
        layout = "\n".join(" ".join(("w" if rng.below(6) == 0 else "g") + str(1 + rng.below(12)) for _ in range(9))
                           for _ in range(7)) + "\n"
        g = game_with(layout=layout)
        mover = ("finn", "grimnak", "raelin", "mimring", "agent-carr", "sgt-drake-alexander")[k % 6]
        double = mover in ("grimnak", "mimring")
        spaces = [f"{c}{r}" for c in "cdefg" for r in range(2, 7)]
        here = "e4-d4" if double else "e4"
        enemies = [x for x in spaces if x not in ("e4", "d4")]
        picked = [enemies[rng.below(len(enemies))] for _ in range(4)]
        army = [(0, mover, [here]), (1, "marro-warriors", list(dict.fromkeys(picked)))]
        s = position(g, army, active=mover, stage="move")
        g.apply(s, Action.parse(f"move {mover}"))
        c, lv = _check_routes(g, s)
        checked, leaving = checked + c, leaving + lv
    assert checked > 1000 and leaving > 100, (checked, leaving)


Costs = tuple[int, int, int]  # move spaces, leaving attacks (one die each, whoever rolls it), fall dice


def _every_path(game: Heroscape, s: SHState, fig: int) -> dict[tuple[int, ...], set[Costs]]:
    """The costs of every path a single-space walker may take, by where it ends."""
    q, bf = game.q, game.q.bf(s)
    card = q.fig_card(s, fig)
    enemies = {x for f in s.figures if f.owner != s.figures[fig].owner and f.alive for x in f.spaces}
    found: dict[tuple[int, ...], set[Costs]] = {}
    todo = [([s.figures[fig].spaces[0]], 0, [], 0)]
    while todo:
        path, cost, left, fall = todo.pop()
        u = path[-1]
        if len(path) > 1:
            if u not in enemies:
                found.setdefault((u,), set()).add((cost, len(left), fall))
            if bf.water[u]:
                continue  # entering water ends the move
        for v in bf.adjacent[u]:
            rise = bf.level[v] - bf.level[u]
            if v in path or v in enemies or bf.ruin[v] or rise >= card.height or cost + 1 + max(rise, 0) > card.move:
                continue
            gone = [e for e in q.engaged_with(s, fig, (u,)) if e not in q.engaged_with(s, fig, (v,))]
            drop = combat.fall_dice(-rise, card.height, bf.water[v]) if rise < 0 else 0
            todo.append((path + [v], cost + 1 + max(rise, 0), left + gone, max(fall, drop)))
    return found


def _beats(a: Costs, b: Costs) -> bool:
    return a[0] <= b[0] and a[1] <= b[1] and a[2] <= b[2]


def test_routes_are_exactly_the_best_of_every_path_walked() -> None:
    """A single-space walker among enemies on random hills and water: every path within its Move
    is walked one by one; the ways offered are exactly the paths no other path beats on move
    spaces, leaving-engagement attacks and fall dice (one per set of costs)."""
    rng = Rng(21)
    multi = 0
    for k in range(36):
        top = (3, 9, 16)[k % 3]  # gentle hills, steep ones, cliffs to fall from
        layout = "\n".join(" ".join(("w" if rng.below(6) == 0 else "g") + str(1 + rng.below(top)) for _ in range(9))
                           for _ in range(7)) + "\n"
        g = game_with(layout=layout)
        spaces = [f"{c}{r}" for c in "cdefg" for r in range(2, 7) if f"{c}{r}" != "e4"]
        picked = list(dict.fromkeys(spaces[rng.below(len(spaces))] for _ in range(4)))
        s = position(g, [(0, "finn", ["e4"]), (1, "marro-warriors", picked)], active="finn", stage="move")
        g.apply(s, Action.parse("move finn"))
        assert g.decision(s) is not None and s.routes is not None
        offered = {end: [(r.cost, len(r.leaves), r.fall) for r in ways] for end, ways in s.routes[1].items()}
        assert all(len(set(costs)) == len(costs) for costs in offered.values())  # one way per set of costs
        found = _every_path(g, s, s.selected)
        best = {end: {a for a in costs if not any(b != a and _beats(b, a) for b in costs)} for end, costs in found.items()}
        assert {end: set(costs) for end, costs in offered.items()} == best
        multi += sum(len(ways) > 1 for ways in offered.values())
    assert multi > 10  # the test saw many destinations with a choice of ways


def test_a_game_played_after_others_in_one_process_plays_as_it_does_alone() -> None:
    """Determinism (issue 22): a Heroscape game between greedy and random seats, played in this
    process after other games, is the game played alone in a fresh process (actions, events
    and final hash): nothing outlives a game, so ``simulate`` gives the same rows on any
    number of workers."""
    check_independent_of_earlier_games("heroscape", ["greedy", "random"], seeds=[3], earlier=[1, 2])
