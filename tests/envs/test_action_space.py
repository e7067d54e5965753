"""The declared action spaces (docs/research.md), for every game: the same in every process, an
index for every legal action that reads back, the layout docs/research.md lists, the options
followed, and clear errors for an action or index outside the space or a game without one."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from env_games import declared

import boardrules
from boardrules.engine import Action, Decision, Event, Game, Result, Rng
from boardrules.engine.spaces import ActionSpace, ActionSpaceError, ActionTemplate
from boardrules.envs import pettingzoo_env
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
