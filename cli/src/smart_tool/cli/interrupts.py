"""SIGTERM handled as Ctrl-C is, while a command runs processes of its own.

Python's default SIGTERM ends the interpreter at once: no ``finally`` runs, so the probes
``smoke`` started (each in a session of its own, out of reach of a signal to smoke's group)
would keep running and the throwaway environment would stay on disk. Raised as an exception
instead, SIGTERM takes the same way out as SIGINT: every probe is ended, the environment is
removed, one line is printed and the exit code is 128 + the signal's number.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Optional


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where SIGINT raises KeyboardInterrupt."""


def _raise(signum: int, frame: Optional[FrameType]) -> None:
    raise Terminated()


@contextlib.contextmanager
def sigterm_raises() -> Iterator[None]:
    """SIGTERM raises :class:`Terminated` inside the block (main thread only: a signal handler
    can be set nowhere else); the handler before it is put back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGTERM, _raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for SIGINT, 143 for SIGTERM."""
    return 128 + (signal.SIGTERM if isinstance(interrupt, Terminated) else signal.SIGINT)


def signal_name(interrupt: KeyboardInterrupt) -> str:
    return "SIGTERM" if isinstance(interrupt, Terminated) else "SIGINT"
