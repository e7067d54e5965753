"""The PettingZoo environment (docs/research.md), for every game: PettingZoo's own API and seed
tests, a whole game ending with the result as rewards, truncation, and clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from env_games import declared
from pettingzoo.test import api_test, seed_test

from boardrules.engine import OptionError, UnknownGameError
from boardrules.envs import EncodingError, pettingzoo_env

DECLARED = declared()


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's advice for Dict observations
@pytest.mark.parametrize("game", DECLARED)
def test_pettingzoo_api_test_and_seed_test_pass(game: str) -> None:
    api_test(pettingzoo_env(game, players=2, max_steps=40), num_cycles=300)
    seed_test(lambda: pettingzoo_env(game, players=2, max_steps=40), num_cycles=100)


def test_a_whole_game_in_the_environment_ends_with_the_result_as_rewards() -> None:
    env = pettingzoo_env("small-world", players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=50_000):
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        env.step(int(rng.choice(np.flatnonzero(mask))))
    result = env.game.result(env.game_state)
    assert result is not None
    assert totals == {f"player_{i}": (1.0 if i in result.winners else -1.0) for i in range(2)}


def test_max_steps_truncates_and_an_illegal_index_is_refused() -> None:
    env = pettingzoo_env("meeples-and-monsters", players=2, max_steps=3)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    refused = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    text = env.encoding.space.action(refused).text
    with pytest.raises(EncodingError, match=rf"action {refused} \('{text}'\) is not legal for player_"):
        env.step(refused)
    while not any(env.truncations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.steps == 3 and all(env.truncations.values())
    with pytest.raises(ValueError, match="max_steps must be at least 1"):
        pettingzoo_env("small-world", max_steps=0)


def test_a_bad_game_player_count_or_index_is_a_clear_error() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'nope'; installed games: "):
        pettingzoo_env("nope")
    with pytest.raises(OptionError, match="Small World is for 2 to 5 players, not 9"):
        pettingzoo_env("small-world", players=9)
    env = pettingzoo_env("small-world", players=2)
    env.reset(seed=0)
    legal = sorted(env.legal.of(env.game.decision(env.game_state)))
    for bad in ("pick", 3.5, -1, 10**6, True):
        with pytest.raises(EncodingError, match=rf"action .* is not legal for player_0 now \(legal: {legal[0]} 'pick "):
            env.step(bad)  # type: ignore[arg-type]
