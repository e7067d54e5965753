"""The server under load: N concurrent games with 2 to 5 clients each, on loopback.

    python benchmarks/bench_server.py [--games 50] [--moves 40] [--seconds 120]
                                      [--stores sqlite,postgresql]

Starts ``boardrules serve`` in a process of its own (on a new SQLite file, then on a new
database of a PostgreSQL server it starts from Debian's ``initdb``, as the tests do), makes
``--games`` games rotating through the five games and through 2 to 5 seats (each game's own
limits), and plays every seat with a client of its own, as a browser page does: it listens to the
game's event stream, fetches its view on each ``move`` event, and posts its action when it is
asked (the same choice as the tests' human: the legal action numbered move * 7 modulo their
count). Each game stops after ``--moves`` moves, the whole run after ``--seconds``: bounded in
count and in time. The clients run in this process (asyncio and httpx), the server in its own.

Prints, for each store: the moves played, moves per second, the latency of a move's POST and
of a view's GET (p50 and p99, as the clients timed them), and the CPU seconds the server's
process and the clients' used (the machine's two cores are shared by both); and, in the same run, the
in-process engine loop of the same games (the same seeds, seats and moves: ``decision`` and
``apply``) for comparison.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import ssl
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from web_support import PostgresServer, ProcessServer, Where, find_initdb  # noqa: E402

from boardrules.engine import Rng  # noqa: E402
from boardrules.games import GAMES, load_game  # noqa: E402

SEED = 0x5E12


@dataclass(frozen=True)
class Planned:
    game: str
    players: int
    seed: int


@dataclass
class Timings:
    posts: list[float] = field(default_factory=list)
    gets: list[float] = field(default_factory=list)
    moves: int = 0
    stale: int = 0  # posts answered 409: a page that looked twice at one move
    dropped: int = 0  # connections that went quiet or were closed, and were opened again


def plan(count: int) -> list[Planned]:
    """``count`` games: the five games in turn, with 2, 3, 4, 5 seats in turn within each
    game's limits, each seeded."""
    out = []
    names = list(GAMES)
    for i in range(count):
        game = load_game(names[i % len(names)])
        players = min(max(2 + (i // len(names)) % 4, game.min_players), game.max_players)
        out.append(Planned(game.name, players, Rng(SEED + i).next64()))
    return out


def pick(actions: list[Any], move: int) -> Any:
    return actions[move * 7 % len(actions)]


def engine_loop(games: list[Planned], moves: int) -> tuple[int, float]:
    """The same games in process: (moves, seconds)."""
    played, elapsed = 0, 0.0
    for p in games:
        game = load_game(p.game)
        state = game.new_state(p.players, p.seed, game.check_options(p.players, {}))
        t0 = time.perf_counter()
        for move in range(moves):
            d = game.decision(state)
            if d is None:
                break
            game.apply(state, pick(list(d.actions), move))
            played += 1
        elapsed += time.perf_counter() - t0
    return played, elapsed


async def seat(url: str, tls: ssl.SSLContext, gid: str, seat_no: int, token: str, moves: int, deadline: float,
               timings: Timings) -> None:
    """One client, with its own connections as a browser's page has: on each move event, its
    view; its action when asked; until the game has ``moves`` moves, is over, or the run's time
    is up."""
    async with httpx.AsyncClient(base_url=url, verify=tls, timeout=30) as client:
        await play_seat(client, gid, seat_no, token, moves, deadline, timings)


async def play_seat(client: httpx.AsyncClient, gid: str, seat_no: int, token: str, moves: int, deadline: float,
                    timings: Timings) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < deadline:
        try:
            async with client.stream("GET", f"/api/games/{gid}/events", timeout=httpx.Timeout(30, read=2)) as r:
                async for line in r.aiter_lines():
                    if not line.startswith("data: "):
                        continue
                    t0 = time.perf_counter()
                    got = (await client.get(f"/api/games/{gid}", headers=headers)).json()
                    timings.gets.append(time.perf_counter() - t0)
                    if got["over"] or got["move"] >= moves or time.monotonic() >= deadline:
                        return
                    decision = got["decision"]
                    if decision["player"] != seat_no or "actions" not in decision:
                        continue
                    action = pick(decision["actions"], got["move"])["text"]
                    t0 = time.perf_counter()
                    answer = await client.post(f"/api/games/{gid}/actions", headers=headers,
                                               json={"move": got["move"], "action": action})
                    timings.posts.append(time.perf_counter() - t0)
                    if answer.status_code == 200:
                        timings.moves += 1
                    else:
                        timings.stale += 1
        except httpx.TransportError:  # a quiet stream, a kept-alive connection closed: connect again
            timings.dropped += 1  # (the current move comes first on every connection)


async def load(url: str, games: list[Planned], moves: int, seconds: float) -> tuple[Timings, float]:
    tls = ssl.create_default_context()  # made once: httpx would load the certificates for every client
    async with httpx.AsyncClient(base_url=url, verify=tls, timeout=30) as client:
        made = []
        for p in games:
            r = await client.post("/api/games", json={"game": p.game, "seats": ["human"] * p.players, "seed": p.seed})
            r.raise_for_status()
            made.append(r.json())
        timings = Timings()
        t0 = time.perf_counter()
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(seat(url, tls, m["id"], s["seat"], s["token"], moves, deadline, timings)
                               for m in made for s in m["seats"]))
        return timings, time.perf_counter() - t0


def ms(values: list[float], q: float) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000:.1f}"


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` so far (Linux: /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_store(name: str, db: Where, games: list[Planned], moves: int, seconds: float) -> None:
    server = ProcessServer(db).start()
    try:
        server_cpu, client_cpu = cpu_seconds(server.proc.pid), time.process_time()
        timings, elapsed = asyncio.run(load(server.url, games, moves, seconds))
        server_cpu, client_cpu = cpu_seconds(server.proc.pid) - server_cpu, time.process_time() - client_cpu
    finally:
        server.stop()
    print(f"{name:<11} {timings.moves:6d} moves in {elapsed:6.2f} s = {timings.moves / elapsed:8.1f} moves/s; "
          f"POST p50 {ms(timings.posts, .5)} ms, p99 {ms(timings.posts, .99)} ms; "
          f"GET p50 {ms(timings.gets, .5)} ms, p99 {ms(timings.gets, .99)} ms"
          + (f"; {timings.stale} stale posts" if timings.stale else "")
          + (f"; {timings.dropped} reconnections" if timings.dropped else "")
          + f"; CPU: server {server_cpu:.1f} s, clients {client_cpu:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves played in each game, at most")
    parser.add_argument("--seconds", type=float, default=120, help="the most a store's run lasts")
    parser.add_argument("--stores", default="sqlite,postgresql")
    args = parser.parse_args()
    games = plan(args.games)
    clients = sum(p.players for p in games)
    print(f"bench_server: {len(games)} concurrent games ({', '.join(sorted({p.game for p in games}))}; "
          f"{min(p.players for p in games)} to {max(p.players for p in games)} seats), {clients} clients, "
          f"at most {args.moves} moves a game and {args.seconds:g} s a store, on loopback")
    played, elapsed = engine_loop(games, args.moves)
    print(f"{'engine loop':<11} {played:6d} moves in {elapsed:6.2f} s = {played / elapsed:8.1f} moves/s "
          "(the same games in process: decision and apply only)")
    for store in args.stores.split(","):
        if store == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                run_store("sqlite", Path(folder) / "bench.db", games, args.moves, args.seconds)
        elif store == "postgresql":
            if find_initdb() is None:
                print("postgresql: skipped (no initdb: apt-get install postgresql)")
                continue
            with PostgresServer() as pg:
                run_store("postgresql", pg.new_database(), games, args.moves, args.seconds)
        else:
            parser.error(f"unknown store {store!r} (sqlite, postgresql)")


if __name__ == "__main__":
    main()
