"""Shared by the invariant modules of every game (tests/*_invariants.py): a random game played
to its end with the game's own checks after every action, and the checks every game shares."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from boardrules.agents import RandomAgent
from boardrules.engine import Action, Event, Game, Rng

MAX_DECISIONS = 20_000


def check_decision(game: Game[Any], s: Any) -> None:
    """Every decision has at least one legal action, and no action twice."""
    d = game.decision(s)
    if d is not None:
        assert d.actions, "a decision with no legal action"
        assert len(set(d.actions)) == len(d.actions), "duplicate legal actions"


def check_view(game: Game[Any], s: Any, viewer: int, rng: Rng) -> dict[str, Any]:
    """The view is JSON, and a determinized state shows the viewer the same; the view, for the
    game's own checks of what it hides."""
    v = game.view(s, viewer)
    json.dumps(v)
    sample = game.determinize(s, viewer, rng.spawn())
    assert game.view(sample, viewer) == v, "determinize changed what the player knows"
    return v


def play_checked(game: Game[Any], s: Any, seed: int, check: Callable[[Any], None], *, salt: int,
                 views: Callable[[Any, Rng], None] | None = None, views_every: int = 0,
                 watch: Callable[[Any, Action], Callable[[list[Event]], None]] | None = None) -> list[str]:
    """Play ``s`` to the end with seeded random agents, calling ``check(s)`` after every action
    (and ``views(s, rng)`` every ``views_every`` actions). ``watch(s, a)``, called before an
    action, returns what to call with its events. The actions played, as text."""
    agents = [RandomAgent(seed * 10 + i) for i in range(s.num_players)]
    rng = Rng(seed ^ salt)
    actions: list[str] = []
    check(s)
    while True:
        d = game.decision(s)
        if d is None:
            break
        assert len(actions) < MAX_DECISIONS, "the game does not end"
        a = agents[d.player].act(game, s, d)
        after = watch(s, a) if watch is not None else None
        events = game.apply(s, a)
        if after is not None:
            after(events)
        actions.append(a.text)
        check(s)
        if views is not None and views_every and len(actions) % views_every == 0:
            views(s, rng)
    assert game.result(s) is not None, "the game ended without a result"
    return actions
