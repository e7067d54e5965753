"""The research interfaces (docs/research.md): the declared action spaces, the observation
vectors and the PettingZoo environment, for every game."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from env_games import declared
from pettingzoo.test import api_test, seed_test

import boardrules
from boardrules.engine import (
    Action,
    Decision,
    Event,
    Game,
    OptionError,
    Result,
    Rng,
    UnknownGameError,
)
from boardrules.engine.spaces import (
    ActionSpace,
    ActionSpaceError,
    ActionTemplate,
    Field,
    ObservationSchema,
    Part,
)
from boardrules.envs import (
    Encoding,
    EncodingError,
    observation_features,
    observation_vector,
    pettingzoo_env,
)
from boardrules.envs.encoding import OBSERVATION_SIZE
from boardrules.games import load_game

# the second process imports the code under test (this checkout's), whatever is installed
SOURCE = str(Path(boardrules.__file__).resolve().parents[1])

HOOKED = ("meeples-and-monsters", "small-world", "heroscape")


DECLARED = declared()


def _digests() -> list[str]:
    return [load_game(g).action_space(n).digest for g in HOOKED for n in (2, 3)]


def test_the_action_space_is_the_same_in_two_runs_and_two_processes() -> None:
    here = _digests()
    assert here == _digests()
    code = ("from boardrules.games import load_game\n"
            f"for g in {HOOKED!r}:\n for n in (2, 3):\n"
            "  print(load_game(g).action_space(n).digest)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONHASHSEED": "12345", "PYTHONPATH": SOURCE}).stdout.split()
    assert out == here


@pytest.mark.parametrize("game", DECLARED)
@pytest.mark.parametrize("players", [2, 3])
def test_every_legal_action_of_random_games_has_an_index_that_round_trips(game: str, players: int) -> None:
    g = load_game(game)
    space = g.action_space(players)
    nvec = space.nvec
    for seed in range(2):
        s = g.new_state(players, seed)
        rng = random.Random(seed)
        while (d := g.decision(s)) is not None:
            indices = space.indices(d.actions)
            assert len(set(indices)) == len(indices)
            for a, i in zip(d.actions, indices, strict=True):
                assert 0 <= i < space.size
                assert space.action(i) == a
                parts = space.factored(a)
                assert len(parts) == len(nvec) and all(0 <= p < m for p, m in zip(parts, nvec, strict=True))
                assert space.from_factored(parts) == a
            g.apply(s, rng.choice(d.actions))


def test_a_heroscape_action_has_its_place_in_the_declared_layout() -> None:
    space = load_game("heroscape").action_space(2)
    layout = {what.split()[0]: (first, size) for first, size, what in space.layout()}
    fire = Action.parse("fire mimring w18 p18")
    first, size = layout["fire"]
    assert first <= space.index(fire) < first + size
    assert space.action(space.index(fire)) == fire
    assert space.index(Action.parse("done")) == layout["done"][0]
    # the same action in another state, another game object, has the same index
    assert load_game("heroscape").action_space(2).index(fire) == space.index(fire)
    assert "valkyrie-highlands/400-points" in space.key


def test_an_action_or_index_outside_the_space_is_a_clear_error() -> None:
    space = load_game("small-world").action_space(2)
    with pytest.raises(ActionSpaceError, match=r"small-world/2p.*'99' is not among the \d+ values of slot 1 of 'conquer'"):
        space.index(Action.parse("conquer 99"))
    with pytest.raises(ActionSpaceError, match="no action 'fly' with 1 argument"):
        space.index(Action.parse("fly 3"))
    for bad in (-1, space.size, 2.5, True):
        with pytest.raises(ActionSpaceError, match=rf"no action has index .* \(0 to {space.size - 1}\)"):
            space.action(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionSpaceError, match="is not a factored action of shape"):
        space.from_factored([0])
    with pytest.raises(ActionSpaceError, match="two templates for 'done' with 0 argument"):
        ActionSpace("x", (ActionTemplate("done"), ActionTemplate("done")))
    with pytest.raises(ActionSpaceError, match="slot 1 of 'go' must all have the same number of words"):
        ActionSpace("x", (ActionTemplate("go", (("a", "b c"),)),))


class _Bare(Game[int]):
    """A game that declares no action space."""

    name, title, min_players, max_players, rules_version = "bare", "Bare", 2, 2, "0"

    def new_state(self, num_players: int, seed: int, options: Mapping[str, str] | None = None) -> int:
        return 0

    def decision(self, state: int) -> Decision | None:
        return None

    def apply(self, state: int, action: Action) -> list[Event]:
        return []

    def result(self, state: int) -> Result | None:
        return None

    def view(self, state: int, player: int | None) -> dict[str, Any]:
        return {}

    def determinize(self, state: int, player: int, rng: Rng) -> int:
        return state

    def clone(self, state: int) -> int:
        return state

    def to_json(self, state: int) -> dict[str, Any]:
        return {}


def test_a_game_without_an_action_space_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ActionSpaceError, match=r"Bare declares no action space \(Game.action_space\)"):
        pettingzoo_env(_Bare())
    assert _Bare().observation_schema(2) is None


@pytest.mark.parametrize("game", DECLARED)
def test_equal_views_give_equal_observation_vectors(game: str) -> None:
    g = load_game(game)
    schema = g.observation_schema(2)
    assert schema is not None
    enc = Encoding(g, 2)
    s = g.new_state(2, 7)
    rng = random.Random(7)
    for step in range(200):
        d = g.decision(s)
        if d is None:
            break
        if step % 20 == 0:
            for player in (0, 1):
                # a determinized state differs from the real one only where the player cannot see
                twin = g.determinize(s, player, Rng(99 + step))
                assert g.view(twin, player) == g.view(s, player)
                a, b = enc.observe(g.view(s, player)), enc.observe(g.view(twin, player))
                assert a.shape == (schema.size,) and np.array_equal(a, b)
                assert np.array_equal(observation_vector(g.view(s, player)),
                                      observation_vector(g.view(twin, player)))
        g.apply(s, rng.choice(d.actions))
    assert not np.array_equal(enc.observe(g.view(s, 0)), enc.observe(g.view(g.new_state(2, 7), 0)))
    assert not np.array_equal(enc.observe(g.view(s, 0)), enc.observe(g.view(s, 1)))


@pytest.mark.parametrize("game", DECLARED)
@pytest.mark.parametrize("players", [2, 3])
def test_the_observation_has_one_length_per_set_up_whatever_the_view(game: str, players: int) -> None:
    g = load_game(game)
    schema = g.observation_schema(players)
    assert schema is not None
    assert len(schema.check({})) == schema.size
    odd = {"players": "odd", "regions": [None, 3], "figures": [{"figure": 1}], "city": [{"monsters": 5}],
           "turn": "x", "market": [{"coins": float("nan")}], "supply": {"peasant": None}}
    assert len(schema.check(odd)) == schema.size
    s = g.new_state(players, 3)
    rng = random.Random(3)
    for _ in range(100):
        d = g.decision(s)
        if d is None:
            break
        g.apply(s, rng.choice(d.actions))
    view = g.view(s, players - 1)
    assert schema.check(view) == schema.vector(view) and len(schema.vector(view)) == schema.size
    layout = schema.layout()
    assert [first for first, *_ in layout] == [sum(size for _, size, *_ in layout[:i]) for i in range(len(layout))]


@pytest.mark.parametrize("game", DECLARED)
def test_every_observation_number_has_a_declared_bound_that_random_games_keep(game: str) -> None:
    """No unbounded box: each number is bounded by a rule or clipped to a documented bound
    (docs/research.md, each game's section)."""
    g = load_game(game)
    schema = g.observation_schema(2)
    assert schema is not None and schema.unbounded() == []
    low, high = schema.low, schema.high
    assert len(low) == len(high) == schema.size and all(lo <= hi for lo, hi in zip(low, high, strict=True))
    s = g.new_state(2, 5)
    rng = random.Random(5)
    for step in range(300):
        d = g.decision(s)
        if d is None:
            break
        if step % 30 == 0:
            for seat in range(2):
                vec = schema.vector(g.view(s, seat))
                assert all(lo <= x <= hi for x, lo, hi in zip(vec, low, high, strict=True))
        g.apply(s, rng.choice(d.actions))
    odd = {"turn": 10**9, "round": -10**9, "players": [{"vp": 10**9, "coins": 10**9, "fame": 10**9}]}
    vec = schema.vector(odd)
    assert all(lo <= x <= hi for x, lo, hi in zip(vec, low, high, strict=True))  # clipped


def test_a_small_world_region_reads_into_its_documented_indices() -> None:
    schema = load_game("small-world").observation_schema(2)
    assert schema is not None
    first = {name: start for start, _, name, _ in schema.layout()}["regions"]
    races = len(load_game("small-world").t.races)
    region = {"owner": 1, "race": "orcs", "tokens": 3, "in_decline": True,
              "markers": ["fortress", "encampment", "encampment"]}
    vec = schema.vector({"regions": [{}, region]})
    width = 3 + races + 2 + 7  # owner (2 seats, Lost Tribes), race, tokens, in decline, 7 markers
    got = vec[first + width:first + 2 * width]
    assert got[:3] == [0.0, 1.0, 0.0]
    assert got[3:3 + races] == [1.0 if r.id == "orcs" else 0.0 for r in load_game("small-world").t.races]
    assert got[3 + races:] == [3.0, 1.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0]
    assert not any(vec[first:first + width])


def test_a_field_writing_outside_its_indices_is_a_clear_error() -> None:
    def fill(v: object, out: list[float], at: int) -> None:
        out[at + 2] = 1.0

    bad = ObservationSchema("demo", (Field("turn", "the turn", Part(2, fill)),))
    with pytest.raises(ActionSpaceError, match="demo: field 'turn' writes outside its 2 numbers"):
        bad.check({})


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


@pytest.mark.parametrize("game", HOOKED)
def test_docs_research_md_lists_each_games_layout(game: str) -> None:
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    g = load_game(game)
    space, schema = g.action_space(2), g.observation_schema(2)
    assert schema is not None
    for first, size, what in space.layout():
        assert f"| {first}-{first + size - 1} | `{what}` |" in doc
    for first, size, name, meaning in schema.layout():
        assert f"| {name} | {first}-{first + size - 1} | {meaning} |" in doc


@pytest.mark.parametrize(("game", "players", "options"), [
    ("meeples-and-monsters", 2, {"expansion": "four-towers"}),
    ("heroscape", 2, {"army": "draft"}),
    ("heroscape", 3, {"battlefield": "ruined-keep", "points": "600"}),
    ("small-world", 5, {}),
])
def test_the_action_space_and_observation_follow_the_options(game: str, players: int, options: dict[str, str]) -> None:
    g = load_game(game)
    space, schema = g.action_space(players, options), g.observation_schema(players, options)
    assert schema is not None
    s = g.new_state(players, 5, options)
    rng = random.Random(5)
    while (d := g.decision(s)) is not None:
        for a in d.actions:
            assert space.action(space.index(a)) == a
        g.apply(s, rng.choice(d.actions))
    assert len(schema.vector(g.view(s, 0))) == schema.size
    if game == "heroscape":
        assert space.key.endswith(("valkyrie-highlands/400-points", "ruined-keep/600-points"))


def test_heroscapes_round_bound_is_the_rounds_options_limit() -> None:
    """Heroscape's observation bounds the rounds by the option's largest value, a copy of the
    game's constant (observation.py does not import the game class back)."""
    from boardrules.games.heroscape.game import MAX_ROUNDS
    from boardrules.games.heroscape.observation import MOST_ROUNDS

    assert MOST_ROUNDS == MAX_ROUNDS
