"""The backend seam of simulate and tournament (boardrules.sim.backends): the local backend
plays every index once and the runs on it come back in game order; a backend is chosen by name
with clear refusals. The Ray backend's own tests are in test_ray_backend.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from heroes_iv.test_decks import TOURNAMENT, write

from boardrules.engine import OptionError
from boardrules.sim.backends import LocalBackend, make_backend
from boardrules.sim.simulate import game_seed, simulate
from boardrules.sim.tournament import iter_tournament

GAME = "small-world"
T = TypeVar("T")


class DeletingFirst:
    """A backend that deletes a file, then plays the games here: as a cluster node that does
    not have the file."""

    name = "deleting"

    def __init__(self, path: Path) -> None:
        self.path = path

    def finished(self, task: Callable[[int], T], n: int) -> Iterator[T]:
        self.path.unlink()
        return LocalBackend(1).finished(task, n)


def square(i: int) -> int:
    return i * i


@pytest.mark.parametrize("workers", [1, 2])
def test_the_local_backend_plays_every_index_once(workers: int) -> None:
    got = list(LocalBackend(workers).finished(square, 7))
    assert sorted(got) == [i * i for i in range(7)]
    assert list(LocalBackend(workers).finished(square, 0)) == []


def test_a_run_on_a_backend_given_is_the_run_on_workers() -> None:
    seats = ["greedy", "random"]
    on_workers = simulate(GAME, 4, seats, seed=2, workers=2)
    on_backend = simulate(GAME, 4, seats, seed=2, backend=LocalBackend(2))
    assert on_backend == on_workers
    assert [r.index for r in on_backend] == [0, 1, 2, 3]
    assert [r.seed for r in on_backend] == [game_seed(2, i) for i in range(4)]


def test_a_tournament_on_a_pool_comes_back_in_game_order() -> None:
    agents = ["random", "greedy", "ismcts:iterations=3,depth=1"]
    pooled = list(iter_tournament(GAME, agents, 2, seed=4, backend=LocalBackend(2)))
    assert [r.index for r in pooled] == list(range(6))
    assert pooled == list(iter_tournament(GAME, agents, 2, seed=4, workers=1))


@pytest.mark.parametrize(("args", "message"), [
    (("dask", 1, None), "unknown backend 'dask'; choose one of: local, ray"),
    (("local", 1, "127.0.0.1:6379"), "--address is the address of a Ray cluster"),
    (("ray", 3, None), "--workers is for the local backend"),
    (("local", 0, None), "--workers must be at least 1 (not 0)"),
])
def test_a_backend_is_refused_with_what_is_wrong(args: tuple[str, int, str | None], message: str) -> None:
    with pytest.raises(OptionError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        make_backend(*args)


def test_a_file_an_option_names_is_read_once_where_the_run_starts(tmp_path: Path) -> None:
    """Heroes IV's decks=FILE: the games play on the file's text read when the run starts,
    so a node without the file plays the same games."""
    path = write(tmp_path, TOURNAMENT)
    options = {"alignments": "life,death", "decks": str(path)}
    seats = ["random", "random"]
    here = simulate("heroes-iv", 3, seats, seed=5, options=options)
    assert all(r.finished for r in here)
    assert here != simulate("heroes-iv", 3, seats, seed=5, options={"alignments": "life,death"})  # the decks count
    assert simulate("heroes-iv", 3, seats, seed=5, options=options, backend=DeletingFirst(path)) == here
    path = write(tmp_path, TOURNAMENT)
    table = list(iter_tournament("heroes-iv", ["random", "greedy"], 2, seed=5, options=options))
    assert list(iter_tournament("heroes-iv", ["random", "greedy"], 2, seed=5, options=options,
                                backend=DeletingFirst(path))) == table
