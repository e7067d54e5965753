"""The research interfaces (docs/research.md): the word encoding of actions, the observation
vector and the PettingZoo environment, for every game."""

from __future__ import annotations

import hashlib
import random
import subprocess
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from boardrules.engine import Action, OptionError, Rng, UnknownGameError
from boardrules.envs import (
    ActionEncoding,
    EncodingError,
    observation_features,
    observation_vector,
    pettingzoo_env,
)
from boardrules.envs.encoding import OBSERVATION_SIZE
from boardrules.games import load_game

GAMES = ("meeples-and-monsters", "small-world", "heroscape", "mage-knight")


def _digest(game: str, players: int) -> str:
    enc = ActionEncoding(load_game(game), players)
    assert enc.digest == hashlib.sha256("\n".join(enc.words).encode()).hexdigest()[:32]
    return enc.digest


def test_encoding_is_the_same_in_two_runs_and_two_processes() -> None:
    here = {(g, n): _digest(g, n) for g in GAMES for n in (2, 3)}
    assert here == {(g, n): _digest(g, n) for g in GAMES for n in (2, 3)}
    code = ("from boardrules.envs import ActionEncoding; "
            "from boardrules.games import load_game\n"
            f"for g in {GAMES!r}:\n for n in (2, 3):\n"
            "  e = ActionEncoding(load_game(g), n)\n"
            "  print(e.digest)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345"}).stdout.split()
    assert out == [here[(g, n)] for g in GAMES for n in (2, 3)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_every_legal_action_of_random_games_has_an_encoding_that_round_trips(game: str, players: int) -> None:
    g = load_game(game)
    enc = ActionEncoding(g, players)
    for seed in range(2):
        s = g.new_state(players, seed)
        rng = random.Random(seed)
        while (d := g.decision(s)) is not None:
            seqs = [enc.encode(a) for a in d.actions]
            assert len(set(seqs)) == len(seqs)
            for a, seq in zip(d.actions, seqs, strict=True):
                assert all(0 <= i < enc.size for i in seq)
                assert enc.decode(seq) == a
                assert enc.complete(d.actions, seq) is a
            g.apply(s, rng.choice(d.actions))


def test_compound_words_are_spelled_from_their_parts() -> None:
    enc = ActionEncoding(load_game("heroscape"), 2)
    action = Action.parse("fire marro-warriors-1 t17-t18 x9")
    words = [enc.words[i] for i in enc.encode(action)]
    assert words == ["fire", " ", "marro-warriors", "-", "1", " ", "t", "17", "-", "t", "18",
                     " ", "x", "9", "<end>"]
    assert enc.decode(enc.encode(action)) == action
    padded = enc.encode_padded(action, 16)
    assert padded.shape == (16,) and list(padded[15:]) == [enc.index["<end>"]]
    assert enc.decode_padded(padded) == action
    with pytest.raises(EncodingError, match="takes 15 words, more than 12"):
        enc.encode_padded(action, 12)


def test_a_word_outside_the_vocabulary_is_a_clear_error() -> None:
    enc = ActionEncoding(load_game("small-world"), 2)
    # an unknown lower-case word is spelled by its letters; anything else has no spelling
    unknown = Action.parse("pick zyzzyva-army")
    assert enc.decode(enc.encode(unknown)) == unknown
    with pytest.raises(EncodingError, match=r"small-world/2p.*'Army_9'.*'pick Army_9'"):
        enc.encode(Action.parse("pick Army_9"))
    with pytest.raises(EncodingError, match="must end with '<end>'"):
        enc.decode([enc.index["done"]])
    with pytest.raises(EncodingError, match="no word has index 99999"):
        enc.decode([99999, enc.index["<end>"]])


@pytest.mark.parametrize("game", GAMES)
def test_equal_views_give_equal_observation_vectors(game: str) -> None:
    g = load_game(game)
    s = g.new_state(2, 7)
    rng = random.Random(7)
    for _ in range(60):
        d = g.decision(s)
        if d is None:
            break
        g.apply(s, rng.choice(d.actions))
    for player in (0, 1):
        # a determinized state differs from the real one only where the player cannot see
        twin = g.determinize(s, player, Rng(99))
        assert g.view(twin, player) == g.view(s, player)
        a = observation_vector(g.view(s, player))
        b = observation_vector(g.view(twin, player))
        assert a.shape == (OBSERVATION_SIZE,)
        assert np.array_equal(a, b)
    assert not np.array_equal(observation_vector(g.view(s, 0)),
                              observation_vector(g.view(g.new_state(2, 7), 0)))


def test_the_observation_vector_has_a_fixed_length_whatever_the_view() -> None:
    assert observation_vector({}).shape == (OBSERVATION_SIZE,)
    big = {"a": list(range(5000)), "b": {"c": "text", "d": [None, True, 1.5]}}
    assert observation_vector(big).shape == (OBSERVATION_SIZE,)
    assert observation_vector({"x": float("nan")})[...].sum() == 0.0
    view = {"turn": 3, "you": {"name": "Ann"}}
    features = observation_features(view)
    assert sorted(p for paths in features.values() for p in paths) == ["/turn", "/you/name=Ann"]
    vec = observation_vector(view)
    assert all(vec[i] != 0 for i in features)


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's advice for Dict observations
@pytest.mark.parametrize("game", GAMES)
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


def test_max_steps_truncates_and_a_masked_word_is_refused() -> None:
    env = pettingzoo_env("meeples-and-monsters", players=2, max_steps=3)
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    refused = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(EncodingError, match="is not allowed for player_"):
        env.step(refused)
    while not any(env.truncations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert env.steps == 3 and all(env.truncations.values())
    with pytest.raises(ValueError, match="max_steps must be at least 1"):
        pettingzoo_env("small-world", max_steps=0)


def test_a_bad_game_player_count_or_word_is_a_clear_error() -> None:
    with pytest.raises(UnknownGameError, match="unknown game 'nope'; installed games: "):
        pettingzoo_env("nope")
    with pytest.raises(OptionError, match="Small World is for 2 to 5 players, not 9"):
        pettingzoo_env("small-world", players=9)
    env = pettingzoo_env("small-world", players=2)
    env.reset(seed=0)
    pick = env.encoding.index["pick"]
    for bad in ("pick", 3.5, -1, 10**6):
        with pytest.raises(EncodingError, match=rf"word .* is not allowed for player_0 now, after '' \(allowed: {pick} 'pick'\)"):
            env.step(bad)  # type: ignore[arg-type]
