"""Invariants of Meeples & Monsters, checked after every action of random games (used by the
property tests and by benchmarks/property_run.py for the big runs)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from random_play import check_decision, check_view, play_checked

from boardrules.engine import Action, Event, Rng
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.content import MEEPLE_SUPPLY
from boardrules.games.meeples_and_monsters.content_model import Effect
from boardrules.games.meeples_and_monsters.state import KINDS, MMState


def meeple_totals(s: MMState) -> list[int]:
    """Every meeple of each colour, wherever it is."""
    total = s.supply[:]
    zones: list[list[int]] = []
    for p in s.players:
        zones += [p.bag, p.tavern, p.lodgings, p.waiting, p.held]
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
    check_decision(game, s)


def check_views(game: MeeplesAndMonsters, s: MMState, rng: Rng) -> None:
    for viewer in range(s.num_players):
        blob = json.dumps(check_view(game, s, viewer, rng))
        for other, p in enumerate(s.players):
            if other == viewer:
                continue
            for q in p.quests:
                assert f'"{game.t.quests[q].id}"' not in blob, "a view shows another player's Quest"


def vp_deltas(events: list[Any], n: int) -> list[int]:
    out = [0] * n
    for e in events:
        if "vp" in e.data and e.player is not None:
            out[e.player] += e.data["vp"]
    return out


def _effects(node: Any) -> list[Effect]:
    """Every Effect anywhere in the content (Locations, slot bonuses, Hero cards, Monsters,
    Quests, Tower Rooms), found by walking the models."""
    if isinstance(node, Effect):
        return [node]
    if isinstance(node, (tuple, list)):
        return [e for item in node for e in _effects(item)]
    if isinstance(node, BaseModel):
        return [e for name in type(node).model_fields for e in _effects(getattr(node, name))]
    return []


_EFFECT_VPS: dict[str, set[int]] = {}


def _effect_vps(game: MeeplesAndMonsters) -> set[int]:
    """The VP amounts printed on effects in the game's content (found once per content version)."""
    c = game.t.content
    if c.version not in _EFFECT_VPS:
        _EFFECT_VPS[c.version] = {e.vp for e in _effects([c.locations, c.slot_bonuses, c.heroes, c.monsters, c.quests,
                                                     c.tower_rooms]) if e.vp is not None}
    return _EFFECT_VPS[c.version]


def check_vp_amounts(game: MeeplesAndMonsters, s: MMState, events: list[Event]) -> None:
    """Each VP change is an amount a rule gives, read from the content, not from the code that
    made the event: a Monster's VP (+1 with Rangers, + a Dark Council Bonus token), a Quest's
    VP or penalty, a Hero card's cost, or a printed VP effect."""
    t = game.t
    effect_vps = _effect_vps(game)
    token_vp = {m: t.bonuses[tok].vp if tok >= 0 else 0 for m, tok in s.overlords}
    for e in events:
        if "vp" not in e.data:
            continue
        vp, data = e.data["vp"], e.data
        if e.kind == "defeat":
            m = t.mon_index[data["monster"]]
            base = t.monsters[m].vp
            tokens = {0, token_vp[m]} if m in token_vp else {0}  # only the Dark Council has tokens
            assert vp in {base + ranger + token for ranger in (0, 1) for token in tokens}, e.text
        elif e.kind == "quest":
            assert vp == t.quests[t.quest_index[data["quest"]]].vp, e.text
        elif e.kind == "penalty":
            assert vp == -t.quests[t.quest_index[data["quest"]]].penalty, e.text
        elif e.kind == "level-up":
            assert vp == -t.cost[KINDS.index(data["kind"])][data["level"]], e.text
        elif e.kind == "vp":
            assert vp in effect_vps, e.text
        else:
            raise AssertionError(f"VP changed by an event no rule names: {e.kind}: {e.text}")


def run_game(game: MeeplesAndMonsters, players: int, seed: int, *, views_every: int = 0) -> tuple[MMState, list[str]]:
    """Play one random game checking the invariants after every action (VP change only by the
    amounts the events give)."""
    s = game.new_state(players, seed, {"expansion": "four-towers"} if seed % 3 == 0 else None)

    def watch(s: MMState, a: Action) -> Callable[[list[Event]], None]:
        before = [p.vp for p in s.players]

        def after(events: list[Event]) -> None:
            gained = [p.vp - b for p, b in zip(s.players, before, strict=True)]
            assert gained == vp_deltas(events, players), f"VP changed by something other than a rule's amount after {a}"
            check_vp_amounts(game, s, events)
            for e in events:  # structured for programs: every event carries JSON data
                assert e.data and json.dumps(dict(e.data)), f"the {e.kind} event has no data: {e.text}"
        return after

    actions = play_checked(game, s, seed, lambda s: check_state(game, s), salt=0xABCDEF,
                           views=lambda s, rng: check_views(game, s, rng), views_every=views_every, watch=watch)
    return s, actions
