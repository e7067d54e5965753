"""Files read from a user's path and files written for them, done safely.

A file named by a user (a save, a replay, a content file) is read only when it is a regular file,
and only up to a size limit: ``/dev/zero`` or a named pipe sent as a save must not exhaust memory
or hang. A save is written whole or not at all (a temporary file beside it, renamed over it),
under a lock shared by every session saving to that name, and a signal arriving meanwhile (the
terminal closed, Ctrl-C) waits until the file is written.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows: no advisory locks; the rename is still atomic)
    fcntl = None  # type: ignore[assignment]

MAX_CONTENT_BYTES = 4 << 20  # the largest shipped content file is about 43 kB
MAX_SAVE_BYTES = 64 << 20  # a save of 100,000 actions is about 2 MB
DEFERRED = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGINT", "SIGTERM") if hasattr(signal, name))


def read_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises FileNotFoundError, or OSError whose ``strerror`` says what is wrong: not a regular
    file (a device, a pipe, a folder), or larger than the limit."""
    p = Path(path)
    if not stat.S_ISREG(os.stat(p).st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a device, a pipe or a folder cannot be read as one)", str(p))
    # O_NONBLOCK: a file swapped for a named pipe after the check opens at once rather than waiting
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(p))
        data = f.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {limit:,} bytes, more than any such file holds", str(p))
    return data


@contextlib.contextmanager
def deferred_signals() -> Iterator[None]:
    """While held, SIGHUP, SIGINT and SIGTERM wait: the first one that arrives is delivered
    when the block ends (so a save is never cut short by the terminal closing). Outside the
    main thread, where handlers cannot be set, signals are not deferred."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def note(signum: int, frame: Any) -> None:
        arrived.append(signum)

    previous = {sig: signal.signal(sig, note) for sig in DEFERRED}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if arrived:
            signal.raise_signal(arrived[0])


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path``'s name, held by one process at a time: a lock file beside
    it (``.NAME.lock``, left in place: removing it would let two holders in at once)."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    lock = path.with_name(f".{path.name}.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole: to a new file in the same folder, synced, then renamed
    over ``path`` (a reader sees the old file or the new one, never half of one)."""
    folder = path.parent
    for n in range(100):
        tmp = folder / f".{path.name}.{os.getpid()}.{n}.tmp"
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover
        raise FileExistsError(errno.EEXIST, "no free temporary name beside the file", str(path))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError, AttributeError):  # the rename itself, on disk (POSIX only)
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def os_reason(exc: Exception) -> str:
    """Why a file could not be read or written, in a few words (``strerror``: "Permission
    denied"; a NUL byte in a name is a ValueError, said as such)."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return "a file name cannot hold a NUL character" if "null" in str(exc) else str(exc)
