"""The research interfaces' fast paths (docs/research.md, Speed): observations written into a
buffer kept from step to step are the vectors of ``schema.vector`` (made as a list and
converted, as before), on seeded games of every game; the mask without the observation; and
OpenSpiel clones that copy the game state rather than set up a new game."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from env_games import declared

from boardrules.envs import Encoding, pettingzoo_env
from boardrules.envs.openspiel_game import register
from boardrules.games import load_game

DECLARED = declared()


def _listed(enc: Encoding, view: dict) -> np.ndarray:
    """The vector as the environments made it before the buffer: a list, then float32."""
    assert enc.schema is not None
    vec = np.asarray(enc.schema.vector(view), dtype=np.float32)
    return np.clip(vec, enc.low, enc.high) if enc._clip else vec


@pytest.mark.parametrize("game", DECLARED)
@pytest.mark.parametrize("players", [2, 3])
def test_the_buffered_observation_is_the_listed_vector(game: str, players: int) -> None:
    g = load_game(game)
    if not g.min_players <= players <= g.max_players:
        pytest.skip(f"{game} is not for {players} players")
    enc = Encoding(g, players, g.check_options(players, {}))
    kept = np.zeros(enc.observation_size, dtype=np.float32)
    checked = 0
    for seed in (11, 12):
        s = g.new_state(players, seed)
        rng = random.Random(seed)
        for step in range(400):
            d = g.decision(s)
            if d is None:
                break
            if step % 9 == 0:
                for seat in range(players):
                    view = g.view(s, seat)
                    want = _listed(enc, view)
                    first = enc.observe(view)
                    assert first.dtype == np.float32 and np.array_equal(first, want)
                    assert enc.observe_into(view, kept) is kept and np.array_equal(kept, want)
                    other = enc.observe(g.view(s, (seat + 1) % players))
                    assert np.array_equal(first, want)  # a vector handed out is never written again
                    assert np.array_equal(other, _listed(enc, g.view(s, (seat + 1) % players)))
                    checked += 1
            g.apply(s, d.actions[rng.randrange(len(d.actions))])
    assert checked > 20


@pytest.mark.parametrize("game", DECLARED)
def test_the_mask_comes_without_the_observation(game: str) -> None:
    env = pettingzoo_env(game, players=2, max_steps=150)
    env.reset(seed=4)
    pick = np.random.default_rng(4)
    seen = []
    for agent in env.agent_iter():
        _, _, termination, truncation, info = env.last(observe=False)
        if termination or truncation:
            env.step(None)
            continue
        mask = info["action_mask"]
        assert np.array_equal(mask, env.action_mask()) and np.array_equal(mask, env.observe(agent)["action_mask"])
        other = next(a for a in env.agents if a != agent)
        assert not env.infos[other]["action_mask"].any() and not env.action_mask(other).any()
        if len(seen) < 3:
            seen.append((env.observe(agent)["observation"], env.observe(agent)["observation"].copy()))
        legal = np.flatnonzero(mask)
        assert len(legal) == len(env.game.decision(env.game_state).actions)
        env.step(int(legal[int(pick.integers(len(legal)))]))
    for handed, copy in seen:  # the buffer is written step after step: what was handed out stays
        assert np.array_equal(handed, copy)


def test_openspiel_clones_copy_the_state_and_set_up_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    game = pyspiel.load_game(register("small-world"), {"seed": 40})
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    rules = state.rules
    made: list[int] = []
    original = type(rules).new_state
    monkeypatch.setattr(type(rules), "new_state", lambda self, *a, **k: made.append(1) or original(self, *a, **k))
    twin = state.clone()
    assert not made  # the clone's state is a copy, not a new game
    assert twin.state is not state.state and rules.state_hash(twin.state) == rules.state_hash(state.state)
    for _ in range(25):  # the same future: the clone plays as the original
        if state.is_terminal():
            break
        a = rng.choice(state.legal_actions())
        state.apply_action(a)
        twin.apply_action(a)
        assert twin.legal_actions() == state.legal_actions()
        assert rules.state_hash(twin.state) == rules.state_hash(state.state)
    # the n-th initial state (the clone's made one too) is seeded seed + n, set up when first read
    fresh = game.new_initial_state()
    assert not made
    assert rules.state_hash(fresh.state) == rules.state_hash(rules.new_state(2, 40 + 2, {}))
    assert len(made) == 2
