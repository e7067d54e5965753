"""Simulations on a Ray cluster: ``simulate ... --backend ray [--address ADDR]`` and the same for
``tournament``.

Each game is one Ray task taking one CPU, spread over the nodes; a few games per CPU of the
cluster are in flight at once, and each comes back alone as it finishes (so the progress bar
moves as locally, and Ctrl-C keeps the finished games). A game's record depends on its index
only, so the run's records, put back in game order by the caller, are those of a local run
whatever the number of nodes, and a game Ray plays again after losing a node is the same game.

That holds only if every node plays by the same rules: each task compares a digest of its
node's boardrules (the code and content files of the installed package) with this machine's,
and the run stops with a clear error naming the node when they differ. Every node needs
``pip install 'boardrules[cluster]'`` of the same boardrules, and the same Python and Ray.

Ray is imported only here, and only when the backend is used: without the extra,
``--backend ray`` says how to install it.
"""

from __future__ import annotations

import functools
import hashlib
import ipaddress
import logging
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from ..engine import BoardrulesError, OptionError

T = TypeVar("T")

INSTALL = "pip install 'boardrules[cluster]'"
GAMES_PER_CPU = 2  # games in flight per CPU of the cluster: none idles while a result comes back
CONNECT_SECONDS = 5.0  # how long the address may take to answer before it is called unreachable
DIGESTED = (".py", ".toml")  # the package's code and content: what decides a game's record
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
EMPTY_SETTINGS = b"\x00\x00\x00\x04\x00\x00\x00\x00\x00"  # length 0, type 4 (SETTINGS), no flags, stream 0
SETTINGS = 4


def import_ray() -> Any:
    """The ``ray`` module, or a clear error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise BoardrulesError(f"--backend ray needs Ray, which is not installed here: {INSTALL} "
                              "(on this machine and on every node of the cluster)") from None
    return ray


def parse_address(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster address (``HOST:PORT``, ``[IPv6]:PORT`` or a Ray Client
    ``ray://HOST:PORT``), or None for ``auto`` (the cluster started on this machine with
    ``ray start``). Anything else is an OptionError saying what is wrong."""
    text = address.strip()
    if text == "auto":
        return None
    where = f"--address {address!r}"
    rest = text[len("ray://"):] if text.startswith("ray://") else text
    if not rest or any(c.isspace() for c in rest) or "/" in rest:
        raise OptionError(f"{where} is not a cluster address: give HOST:PORT (as 'ray start --head' "
                          "prints it, e.g. 10.0.0.5:6379), ray://HOST:PORT or auto")
    host, colon, port = rest.rpartition(":")
    if not colon:
        raise OptionError(f"{where} has no port: give HOST:PORT (the head's port is 6379 unless "
                          "'ray start --head --port' said otherwise)")
    if not host:
        raise OptionError(f"{where} has no host: give HOST:PORT, the head node's address and port")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise OptionError(f"{where}: {host!r} is not an IPv6 address") from None
    elif ":" in host:
        raise OptionError(f"{where}: write an IPv6 address in brackets, as [{host}]:{port}")
    if not port.isascii() or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise OptionError(f"{where}: the port must be a number from 1 to 65535 (not {port!r})")
    return host, int(port)


def check_reachable(address: str, timeout: float = CONNECT_SECONDS) -> None:
    """A clear error when no Ray cluster answers at ``address``: nothing listens there, or
    something that is not Ray does (Ray itself would retry for minutes, then fail with a
    traceback). A Ray head speaks gRPC: it answers HTTP/2's opening with its SETTINGS frame.
    ``auto`` is left to Ray."""
    parsed = parse_address(address)
    if parsed is None:
        return
    host, port = parsed
    try:
        with socket.create_connection((host, port), timeout=timeout) as conn:
            conn.sendall(HTTP2_PREFACE + EMPTY_SETTINGS)
            frame = b""
            while len(frame) < 9:
                more = conn.recv(9 - len(frame))
                if not more:
                    break
                frame += more
    except socket.gaierror:
        raise BoardrulesError(f"cannot reach a Ray cluster at {address}: no host is called {host!r}") from None
    except TimeoutError:
        raise BoardrulesError(f"cannot reach a Ray cluster at {address}: no answer within {timeout:g} s") from None
    except OSError as exc:
        reason = (exc.strerror or type(exc).__name__).lower()
        raise BoardrulesError(f"cannot reach a Ray cluster at {address}: {reason}; start one with "
                              "'ray start --head' and give the address it prints") from None
    if len(frame) < 9 or frame[3] != SETTINGS:
        raise BoardrulesError(f"something answers at {address}, but not a Ray cluster: give the address that "
                              "'ray start --head' prints (the head's port, 6379 unless --port said otherwise)")


@functools.cache
def install_digest() -> str:
    """A digest of this boardrules: every code and content file of the installed package, by
    its path inside the package. Two installs of the same boardrules give the same digest."""
    root = Path(__file__).resolve().parents[1]
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in DIGESTED and "__pycache__" not in path.parts and path.is_file():
            h.update(path.relative_to(root).as_posix().encode() + b"\0")
            h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def play_on_node(task: Callable[[int], T], index: int, digest: str) -> tuple[bool, Any]:
    """A Ray task: ``(True, task(index))``, or ``(False, node)`` when this node's boardrules
    is not the one the run was started with (its digest differs)."""
    if install_digest() != digest:
        return False, _node_name()
    return True, task(index)


def _node_name() -> str:
    try:
        import ray

        return str(ray.util.get_node_ip_address())
    except Exception:  # the name is for the message only
        return socket.gethostname()


def _first_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


class RayBackend:
    """The games of a run as tasks on the Ray cluster at ``address`` (None: the cluster that
    ``ray.init()`` finds, that of ``RAY_ADDRESS`` or of ``ray start`` on this machine, else a
    Ray instance started on this machine for the run, with ``cpus`` CPUs, default all).
    Connects when a run starts, and disconnects after it unless Ray was already connected."""

    name = "ray"

    def __init__(self, address: str | None = None, cpus: int | None = None) -> None:
        self.ray = import_ray()
        if address is not None:  # a malformed or silent address is refused before anything is written
            check_reachable(address)
        self.address = address
        self.cpus = cpus
        self.digest = install_digest()

    def connect(self) -> bool:
        """Connect to the cluster; True when this call connected (and so disconnects after)."""
        ray = self.ray
        if ray.is_initialized():
            return False
        kwargs: dict[str, Any] = {"address": self.address, "logging_level": logging.WARNING,
                                  "log_to_driver": False}
        if self.address is None and not os.environ.get("RAY_ADDRESS"):
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a Ray started here reports nothing
            if self.cpus is not None:
                kwargs["num_cpus"] = self.cpus
        try:
            ray.init(**kwargs)
        except Exception as exc:  # ConnectionError, a version mismatch (RuntimeError), Ray's own errors
            where = f"the Ray cluster at {self.address}" if self.address else "Ray"
            hint = "" if os.environ.get("RAY_AUTH_MODE") or not self.address else (
                " (a cluster with Ray's token authentication needs RAY_AUTH_MODE=token here, and its token "
                "in ~/.ray/auth_token or RAY_AUTH_TOKEN: see docs/simulation.md)")
            raise BoardrulesError(f"could not connect to {where}: {_first_line(exc)}{hint}") from None
        return True

    def finished(self, task: Callable[[int], T], n: int) -> Iterator[T]:
        if n <= 0:
            return
        connected = self.connect()
        try:
            yield from self._play(task, n, cancel=not connected)
        finally:
            if connected:
                self.ray.shutdown()

    def _play(self, task: Callable[[int], T], n: int, cancel: bool) -> Iterator[T]:
        """The games' results as they finish. A run stopped early (Ctrl-C, an error) leaves games
        in flight: on a connection of its own, ``shutdown`` ends the job and Ray stops its tasks;
        on the caller's connection (``cancel``) they are cancelled. Never ``force=True`` here:
        force-cancelling tasks as they finish aborted the driver on a CHECK of Ray's own
        ("Tried to complete task that was not pending", Ray 2.60), taking the process with it."""
        ray = self.ray
        remote = ray.remote(num_cpus=1, scheduling_strategy="SPREAD")(play_on_node)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        window = GAMES_PER_CPU * cpus
        shared = ray.put(task)  # sent to the cluster once, not with every game
        pending: dict[Any, int] = {}
        submitted = 0
        try:
            while submitted < n or pending:
                while submitted < n and len(pending) < window:
                    pending[remote.remote(shared, submitted, self.digest)] = submitted
                    submitted += 1
                done, rest = ray.wait(list(pending), num_returns=1)
                if rest:  # and every other game finished meanwhile: one wait per game would cost the window
                    done += ray.wait(rest, num_returns=len(rest), timeout=0)[0]
                for ref in done:
                    index = pending.pop(ref)
                    yield self._result(ref, index)
        finally:
            if cancel:
                for ref in pending:
                    ray.cancel(ref)

    def _result(self, ref: Any, index: int) -> Any:
        ray = self.ray
        try:
            same, value = ray.get(ref)
        except ray.exceptions.RayError as exc:
            raise BoardrulesError(
                f"game {index + 1} could not be played on the cluster: {_first_line(exc)} (is the same "
                f"boardrules installed on every node? {INSTALL})") from None
        if not same:
            raise BoardrulesError(
                f"node {value} has another boardrules than this machine (its code or content differs), so "
                f"its games would not be this run's: install the same boardrules on every node ({INSTALL})")
        return value


__all__ = ["INSTALL", "RayBackend", "check_reachable", "import_ray", "install_digest", "parse_address",
           "play_on_node"]
