"""Property tests: seeded random games of 2, 3 and 4 players with invariants checked after
every action (components conserved, no negative counts, VP only by the rules' amounts, every
decision has a legal action, every event carries data, every game ends), views hiding secrets, determinization, and
replays. The big run (2,000+ games) is `python benchmarks/property_run.py`."""

from __future__ import annotations

import os
import zlib

import pytest
from mm_invariants import run_game

from boardrules.agents import make_agent
from boardrules.engine import Action, Rng, Session, replay_from_data
from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import MMState

GAMES = int(os.environ.get("BOARDRULES_PROPERTY_GAMES", "90"))


@pytest.fixture(scope="module")
def game() -> MeeplesAndMonsters:
    return MeeplesAndMonsters()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(GAMES // 3):
        run_game(game, players, 1000 * players + seed, views_every=0)


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_secrets_and_determinize_agrees(game: MeeplesAndMonsters, players: int) -> None:
    for seed in range(4):
        run_game(game, players, 50 + seed, views_every=7)


def test_replay_reproduces_the_final_hash(game: MeeplesAndMonsters) -> None:
    state, actions = run_game(game, 3, 77)
    session = Session(game, 77, 3, {"expansion": "none"})
    for a in actions:
        session.play(a)
    data = session.replay_data()
    assert data["final_hash"] == game.state_hash(state)
    again = replay_from_data(game, data)
    assert game.state_hash(again.state) == data["final_hash"]


def test_same_seed_same_game(game: MeeplesAndMonsters) -> None:
    a, acts_a = run_game(game, 4, 12345)
    b, acts_b = run_game(game, 4, 12345)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)


def _resolve_rest(game: MeeplesAndMonsters, s: MMState, first: Action, salt: int) -> str:
    """Apply ``first``, then finish the Resolution Step answering every decision by a fixed
    rule of what is offered (the same offer gets the same answer: salt 0 the first action,
    1 the last, 2 the one before last, more by a checksum of the texts); the state's hash."""
    game.apply(s, first)
    while not game.is_over(s) and s.phase == "main-resolve":
        actions = game.decision(s).actions
        if salt < 3:
            a = actions[(0, -1, -2)[salt] if len(actions) > 1 else 0]
        else:
            a = min(actions, key=lambda x: zlib.crc32(f"{salt} {x.text}".encode()))
        game.apply(s, a)
    return game.state_hash(s)


def _order_changes(game: MeeplesAndMonsters, s: MMState, answers: tuple[Action, ...]) -> bool:
    """Do two answers to an order question lead to different states, the sub-decisions that
    follow answered by one of the fixed rules of ``_resolve_rest``?"""
    return any(len({_resolve_rest(game, game.clone(s), a, salt) for a in answers}) > 1 for salt in range(6))


def test_resolution_order_asked_only_when_it_can_matter(
    game: MeeplesAndMonsters, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Resolution Step: every time two or more Main Phase assignments wait, the order is made
    a question (resolution.order_matters is patched), and every answer is tried on clones.
    Not asked: every order gives the same state. Asked: two orders give different states, in
    this game or, when it hangs on hidden cards (the Quests drawn), in one resampled as the
    player may believe it to be."""
    from boardrules.games.meeples_and_monsters import resolution

    real = resolution.order_matters
    monkeypatch.setattr(resolution, "order_matters", lambda t, s, pending: True)
    asked = 0
    for seed in range(GAMES // 6):
        s = game.new_state(4, seed, {"expansion": ("none", "four-towers")[seed % 2]})
        agents = [make_agent(("greedy", "random")[seed % 3 == 0], seed * 4 + i) for i in range(4)]
        while not game.is_over(s):
            d = game.decision(s)
            if s.phase == "main-resolve" and not s.stack and d.actions[0].name == "resolve" and len(d.actions) > 1:
                where = f"seed {seed}, turn {s.turn}: {[a.text for a in d.actions]}"
                if not real(game.t, s, [g for g in s.groups if not g.resolved]):
                    assert not _order_changes(game, s, d.actions), f"order matters but is not asked ({where})"
                else:
                    asked += 1
                    rng = Rng(seed)
                    assert _order_changes(game, s, d.actions) or any(
                        _order_changes(game, game.determinize(s, d.player, rng), d.actions) for _ in range(100)
                    ), f"asked, yet no order changes anything ({where})"
            game.apply(s, agents[d.player].act(game, s, d))
    assert asked  # the games did ask
