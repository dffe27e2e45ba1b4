"""SIGTERM handled as Ctrl-C is, while a command runs processes of its own.

Python's default SIGTERM ends the interpreter at once: no ``finally`` runs, so the probes
``smoke`` started (each in a session of its own, out of reach of a signal to smoke's group)
would keep running and the throwaway environment would stay on disk. Raised as an exception
instead, SIGTERM takes the same way out as SIGINT: every probe is ended, the environment is
removed, one line is printed and the exit code is 128 + the signal's number.

Only the first signal interrupts (:func:`first_interrupt_raises`): the ones after it, however
many and however close, are taken and dropped, so the cleanup they would cut short (ending
probes, removing the environment, waiting for the probe threads at exit) runs to its end and
the one line is the only thing said.
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


def _dropped(signum: int, frame: Optional[FrameType]) -> None:
    """A signal after the first: the command is already on its way out."""


def _first(signum: int, frame: Optional[FrameType]) -> None:
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, _dropped)
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


@contextlib.contextmanager
def first_interrupt_raises() -> Iterator[None]:
    """Inside the block, the first SIGINT or SIGTERM raises (``KeyboardInterrupt``,
    :class:`Terminated`) and every one after it is dropped, inside the block and after it
    until the process exits: once interrupted, the command only cleans up, says one line and
    exits. Without an interrupt the handlers before the block are put back (main thread
    only: a signal handler can be set nowhere else)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {number: signal.signal(number, _first) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is _first:  # not interrupted
            for number, handler in before.items():
                signal.signal(number, handler)


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number: 130 for SIGINT, 143 for SIGTERM."""
    return 128 + (signal.SIGTERM if isinstance(interrupt, Terminated) else signal.SIGINT)


def signal_name(interrupt: KeyboardInterrupt) -> str:
    return "SIGTERM" if isinstance(interrupt, Terminated) else "SIGINT"
