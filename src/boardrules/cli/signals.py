"""The terminal closing while a game is played: SIGTERM and SIGHUP unwind the game like Ctrl-C,
so that it is saved, and a write to a terminal that is gone is recognised as such."""

from __future__ import annotations

import contextlib
import errno
import signal
from collections.abc import Iterator


class Closed(BaseException):
    """The terminal was closed (SIGHUP) or the program asked to stop (SIGTERM). Like
    KeyboardInterrupt, not an Exception: no ``except Exception`` on the way may swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _raise_closed(signum: int, frame: object) -> None:
    for sig in CLOSING:  # a second signal must not interrupt the save
        signal.signal(sig, signal.SIG_IGN)
    raise Closed(signum)


CLOSING = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
SIGHUP = getattr(signal, "SIGHUP", 1)
TERMINAL_GONE = (errno.EIO, errno.EPIPE)  # writing to a closed terminal, or to a pipe nobody reads


@contextlib.contextmanager
def closing_saves() -> Iterator[None]:
    """While a game is played, SIGTERM and SIGHUP unwind it like Ctrl-C, so that it is saved."""
    previous = {}
    try:
        for sig in CLOSING:
            previous[sig] = signal.signal(sig, _raise_closed)
    except ValueError:  # not the main thread: signals cannot be caught here
        pass
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
