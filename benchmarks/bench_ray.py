"""Simulation speed on this machine's processes against Ray on the same machine.

    python benchmarks/bench_ray.py [--game small-world] [--games 200] [--seats greedy,random]
                                   [--workers 2] [--address HOST:PORT] [--repeat 3]

Plays the same run (the same seed, so the same records: checked; the best of --repeat runs
is kept, as the machine may be shared) on one process, on a pool of
--workers processes, and on Ray (a Ray instance started here with --workers CPUs, on the
loopback address, or the cluster at --address), and prints games/s for each with the ratios
to the one-process run measured in the same go. Ray's time excludes connecting (printed
apart), and a first warm-up run starts its workers; a cold run, as one ``simulate --backend ray``
command, is timed whole too. The pool's time includes starting its processes, as every
``simulate --workers`` run does. The overhead per game is what Ray adds
to each game: (Ray's time - the pool's time) / games, and, measured directly, the time per
game of a run whose games do nothing.

Needs the cluster extra: pip install -e '.[cluster]'.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

from boardrules.agents import parse_seats
from boardrules.sim.backends import Backend, LocalBackend
from boardrules.sim.ray_backend import RayBackend, import_ray
from boardrules.sim.simulate import GameRecord, simulate


def nothing(index: int) -> int:
    return index


def timed(label: str, run: Callable[[], list[GameRecord]], n: int, baseline: float | None,
          repeat: int = 1) -> tuple[float, list[GameRecord]]:
    """The best of ``repeat`` runs (the machine is shared: the best is the least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        records = run()
        best = min(best, time.perf_counter() - t0)
    elapsed = best
    ratio = f"; {baseline / elapsed:.2f}x the one-process run's games/s" if baseline else ""
    print(f"{label}: {n} games in {elapsed:.2f} s = {n / elapsed:.1f} games/s{ratio}")
    return elapsed, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="small-world")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seats", default="greedy,random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2, help="pool processes, and the CPUs of the Ray started here")
    ap.add_argument("--address", help="a running Ray cluster to measure instead of one started here")
    ap.add_argument("--repeat", type=int, default=3, help="runs per backend, the best kept (the cold run: one)")
    args = ap.parse_args()
    seats = parse_seats(args.seats)
    n = args.games
    # before Ray is imported: a Ray started here stays on 127.0.0.1 and reports nothing
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray = import_ray()

    def run_on(backend: Backend) -> Callable[[], list[GameRecord]]:
        return lambda: simulate(args.game, n, seats, args.seed, backend=backend)

    r = args.repeat
    one, first = timed("local, 1 process", run_on(LocalBackend(1)), n, None, r)
    pool, pooled = timed(f"local, {args.workers} processes", run_on(LocalBackend(args.workers)), n, one, r)

    cold, started = timed("Ray, cold (one simulate command: starting or connecting Ray, its workers, the games)",
                          run_on(RayBackend(args.address, cpus=None if args.address else args.workers)), n, one)
    t0 = time.perf_counter()
    if args.address:
        ray.init(address=args.address, log_to_driver=False, logging_level="WARNING")
    else:
        ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False, logging_level="WARNING")
    cpus = int(ray.cluster_resources().get("CPU", 0))
    print(f"Ray: connected in {time.perf_counter() - t0:.2f} s to {len(ray.nodes())} node(s), {cpus} CPU(s)")
    backend = RayBackend(args.address)  # Ray is connected: the backend uses the connection
    simulate(args.game, min(n, 2 * cpus), seats, args.seed, backend=backend)  # warm-up: the workers start
    on_ray, remote = timed(f"Ray, {cpus} CPU(s)", run_on(backend), n, one, r)
    empty = 2000
    t0 = time.perf_counter()
    done = sum(1 for _ in backend.finished(nothing, empty))
    per_task = (time.perf_counter() - t0) / done
    ray.shutdown()

    same = first == pooled == remote == started
    print(f"the same {n} records on every backend: {'yes' if same else 'NO'}")
    print(f"Ray against the local pool: {pool / on_ray:.2f}x its games/s; overhead per game "
          f"{(on_ray - pool) / n * 1000:+.2f} ms (Ray's time less the pool's, per game); "
          f"a game that does nothing takes {per_task * 1000:.2f} ms on Ray ({empty} of them)")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
