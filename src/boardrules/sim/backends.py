"""Where a simulation's games are played: the backend seam of ``simulate`` and ``tournament``.

A run is a function of the game index alone (``task(i)`` plays game ``i``: its seed, seats and
options follow from the index), so a backend has one job: call ``task`` on ``0 .. n-1`` and
give back each result as it finishes, in any order. The callers put the results back in game
order (``InOrder``), which is why a run gives the same records on any backend and any number
of workers or nodes.

- ``local``: this machine, in-process on one worker or on a process pool (``LocalBackend``);
- ``ray``: a Ray cluster (``boardrules.sim.ray_backend``, loaded only when asked for, since Ray
  is an optional extra: ``pip install 'boardrules[cluster]'``).
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from ..engine import OptionError

T = TypeVar("T")

BACKENDS = ("local", "ray")


class Backend(Protocol):
    """Plays ``task(0) .. task(n - 1)`` and yields each result as it finishes (any order).
    Stopping the iteration early (Ctrl-C, an error) stops the games still being played."""

    name: str

    def finished(self, task: Callable[[int], T], n: int) -> Iterator[T]: ...


class LocalBackend:
    """This machine: in this process on one worker, else on a pool of ``workers`` processes,
    one game at a time (a chunk's games would come back together, and Ctrl-C would lose the
    finished ones)."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise OptionError(f"--workers must be at least 1 (not {workers})")
        self.workers = workers

    def finished(self, task: Callable[[int], T], n: int) -> Iterator[T]:
        if self.workers == 1 or n <= 1:
            for i in range(n):
                yield task(i)
            return
        with mp_context().Pool(min(self.workers, n), initializer=ignore_interrupts) as pool:
            yield from pool.imap_unordered(task, range(n))


def make_backend(name: str = "local", workers: int = 1, address: str | None = None) -> Backend:
    """The backend called ``name``: ``local`` with ``workers`` processes, or ``ray`` on the
    cluster at ``address`` (None: a Ray instance started on this machine for the run). A bad
    name, or an address or worker count given where it means nothing, is an OptionError."""
    if name == "local":
        if address is not None:
            raise OptionError("--address is the address of a Ray cluster: give it with --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        if workers != 1:
            raise OptionError("--workers is for the local backend; on Ray, the cluster's CPUs set how many "
                              "games are played at once")
        from .ray_backend import RayBackend  # Ray is optional: imported only when asked for

        return RayBackend(address)
    raise OptionError(f"unknown backend {name!r}; choose one of: {', '.join(BACKENDS)}")


def ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which stops the run and reports the games so far
    (without this, each worker would print its own traceback). A forked worker also drops the
    parent's own SIGTERM handler, if any, since the pool ends its workers with SIGTERM: Ray's,
    in a process that started Ray nodes, would shut those nodes down."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def mp_context() -> Any:
    """fork on Linux: workers start at once with the content loaded, and work whatever the main
    module is (a script read from stdin, a notebook). Elsewhere the platform default (spawn).
    Callers showing progress should not run threads meanwhile (the CLI refreshes its bar by hand)."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


__all__ = ["BACKENDS", "Backend", "LocalBackend", "ignore_interrupts", "make_backend", "mp_context"]
