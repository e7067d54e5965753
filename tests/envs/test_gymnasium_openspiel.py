"""The Gymnasium environments and the OpenSpiel games (docs/research.md), for every game that
declares an action space."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pyspiel
import pytest
from env_games import declared
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts

import boardrules.envs  # noqa: F401  (registers the Gymnasium environments)
from boardrules.engine import OptionError, UnknownGameError
from boardrules.envs import gymnasium_env
from boardrules.envs.gymnasium_single import env_id
from boardrules.envs.openspiel_game import register
from boardrules.games import load_game

DECLARED = declared()


def test_each_game_is_registered_under_its_class_name() -> None:
    assert env_id("meeples-and-monsters") == "boardrules/MeeplesAndMonsters-v0"
    assert env_id("small-world") == "boardrules/SmallWorld-v0"
    assert env_id("heroscape") == "boardrules/Heroscape-v0"


@pytest.mark.parametrize("game", DECLARED)
def test_gymnasium_check_env_passes(game: str) -> None:
    env = gymnasium.make(env_id(game), max_steps=40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no advice either: every observation number is bounded
        check_env(env.unwrapped, skip_render_check=True)
    space = env.unwrapped.observation_space
    assert np.isfinite(space.low).all() and np.isfinite(space.high).all()


def test_the_learner_plays_one_seat_and_the_mask_is_in_the_info() -> None:
    env = gymnasium_env("small-world", players=3, seat=1, opponents="greedy,random")
    obs, info = env.reset(seed=4)
    assert obs.shape == env.observation_space.shape
    total, steps = 0.0, 0
    rng = np.random.default_rng(4)
    while True:
        d = env.game.decision(env.game_state)
        assert d is not None and d.player == 1  # the other seats have played up to the learner
        mask = info["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(env.encoding.space.indices(d.actions))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += float(reward)
        steps += 1
        if terminated:
            break
    result = env.game.result(env.game_state)
    assert result is not None
    assert total == (1.0 if 1 in result.winners else -1.0)


def test_an_illegal_index_costs_the_illegal_reward_and_changes_nothing() -> None:
    env = gymnasium_env("meeples-and-monsters", illegal_reward=-0.5)
    _, info = env.reset(seed=2)
    before = env.game.state_hash(env.game_state)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-0.5, False, False)
    assert info["illegal_action"] == env.encoding.space.action(illegal).text
    assert env.game.state_hash(env.game_state) == before


def test_bad_gymnasium_settings_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="seat must be a seat number from 0 to 1, not 2"):
        gymnasium_env("small-world", seat=2)
    with pytest.raises(OptionError, match="opponents names 2 agents for the 1 other seats"):
        gymnasium_env("small-world", opponents="random,greedy")
    with pytest.raises(OptionError, match="seat 2: unknown agent 'nobody'"):
        gymnasium_env("small-world", opponents="nobody")


@pytest.mark.parametrize("game", DECLARED)
def test_openspiel_random_playouts_and_its_mcts_bot_run(game: str) -> None:
    short = register(game)
    assert register(game) == short == "python_boardrules_" + game.replace("-", "_")
    g = pyspiel.load_game(short, {"players": 2})
    space = load_game(game).action_space(2)
    assert g.num_distinct_actions() == space.size
    pyspiel.random_sim_test(g, num_sims=1, serialize=False, verbose=False)
    state = g.new_initial_state()
    assert state.observation_tensor(0) == state.information_state_tensor(0)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(g, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng, max_length=10), random_state=rng)
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    # ISMCTS searches states resampled from what the player to move knows (determinize)
    seat = state.current_player()
    twin = state.resample_from_infostate(seat, np.random.RandomState(1).uniform)
    assert twin.information_state_string(seat) == state.information_state_string(seat)
    assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
    searcher = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rng, max_length=10), 2.0, 4,
                                random_state=rng, allow_inconsistent_action_sets=True)
    for _ in range(2):
        action = searcher.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_environment_makers_stay_callable_once_their_modules_are_imported() -> None:
    import boardrules.envs.gymnasium_single
    import boardrules.envs.pettingzoo_aec  # noqa: F401

    for _ in range(2):
        assert boardrules.envs.pettingzoo_env("small-world").num_players == 2
        assert boardrules.envs.gymnasium_env("small-world").num_players == 2


def test_bad_openspiel_parameters_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="Small World is for 2 to 5 players, not 9"):
        pyspiel.load_game(register("small-world"), {"players": 9})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'nope'"):
        pyspiel.load_game(register("small-world"), {"nope": 1})
    with pytest.raises(OptionError, match="option 'points' must be a whole number"):
        pyspiel.load_game(register("heroscape"), {"points": "abc"})
    with pytest.raises(UnknownGameError, match="unknown game 'nope'; installed games: "):
        register("nope")
