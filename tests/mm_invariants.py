"""Invariants of Meeples & Monsters, checked after every action of random games (used by the
property tests and by benchmarks/property_run.py for the big runs)."""

from __future__ import annotations

import json
from typing import Any

from boardrules.agents import RandomAgent
from boardrules.engine import Rng
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.content import MEEPLE_SUPPLY
from boardrules.games.meeples_and_monsters.state import KINDS, MMState

MAX_DECISIONS = 20_000


def meeple_totals(s: MMState) -> list[int]:
    """Every meeple of each colour, wherever it is."""
    total = s.supply[:]
    zones: list[list[int]] = []
    for p in s.players:
        zones += [p.bag, p.tavern, p.lodgings, p.held]
    zones += [g.units for g in s.groups]
    if s.open_group is not None:
        zones.append(s.open_group.units)
    zones += [units for _, units, _ in s.koth.values()]
    zones += list(s.stock.values())
    for z in zones:
        for k in range(9):
            assert z[k] >= 0, f"negative count of {KINDS[k]}"
            total[k] += z[k]
    return total


EXPECTED = [MEEPLE_SUPPLY[k] for k in KINDS]


def check_state(game: MeeplesAndMonsters, s: MMState) -> None:
    assert meeple_totals(s) == EXPECTED, "meeples are not conserved"
    for k in range(9):
        assert s.supply[k] >= 0
    for row in s.monsters:
        assert len(row) == 3
    cards = [m for row in s.monsters for m in row if m >= 0]
    assert len(cards) == len(set(cards)), "a Monster is in the City twice"
    hands = [q for p in s.players for q in p.quests + p.completed] + s.quest_deck + s.quest_discard
    assert sorted(hands) == list(range(len(game.t.quests))), "Quest cards are not conserved"
    d = game.decision(s)
    if d is not None:
        assert d.actions, "a decision with no legal action"
        assert len(set(d.actions)) == len(d.actions), "duplicate legal actions"


def check_views(game: MeeplesAndMonsters, s: MMState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        v = game.view(s, viewer)
        blob = json.dumps(v)
        for other, p in enumerate(s.players):
            if other == viewer:
                continue
            for q in p.quests:
                assert f'"{game.t.quests[q].id}"' not in blob, "a view shows another player's Quest"
        sample = game.determinize(s, viewer, rng.spawn())
        assert game.view(sample, viewer) == v, "determinize changed what the player knows"


def vp_deltas(events: list[Any], n: int) -> list[int]:
    out = [0] * n
    for e in events:
        if "vp" in e.data and e.player is not None:
            out[e.player] += e.data["vp"]
    return out


def run_game(game: MeeplesAndMonsters, players: int, seed: int, *, views_every: int = 0) -> tuple[MMState, list[str]]:
    """Play one random game checking the invariants after every action."""
    s = game.new_state(players, seed, {"expansion": "four-towers"} if seed % 3 == 0 else None)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    rng = Rng(seed ^ 0xABCDEF)
    actions: list[str] = []
    check_state(game, s)
    while True:
        d = game.decision(s)
        if d is None:
            break
        assert len(actions) < MAX_DECISIONS, "the game does not end"
        a = agents[d.player].act(game, s, d)
        before = [p.vp for p in s.players]
        events = game.apply(s, a)
        actions.append(a.text)
        after = [p.vp for p in s.players]
        assert [x - y for x, y in zip(after, before, strict=True)] == vp_deltas(events, players), \
            f"VP changed by something other than a rule's amount after {a}"
        check_state(game, s)
        if views_every and len(actions) % views_every == 0:
            check_views(game, s, rng)
    assert game.result(s) is not None
    return s, actions
