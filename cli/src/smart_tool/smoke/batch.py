"""The probes of one wheel, run at once: a tool whose every probe hangs costs one timeout, not
one per probe (seven probes of 20 s took 141 s one after another).

Each probe is already its own session and process group (:mod:`.probe`), so running them side
by side changes nothing of what each one sees. The results come back in the order the probes
were asked for, whatever order they finish in. When smoke itself is interrupted (Ctrl-C, or
SIGTERM turned into an exception by the CLI) every running probe is told to stop, ends what
it started, and is waited for before the interrupt goes on: nothing is left running.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Callable, Optional, TypeVar

Result = TypeVar("Result")

#: one probe: its name, its argv, and the event that stops it early
Probe = Callable[[str, "list[str]", threading.Event], Result]


def run_all(
    calls: Mapping[str, list[str]], probe: Probe[Result], jobs: Optional[int] = None
) -> dict[str, Result]:
    """``probe`` of every call, by name, in the order of ``calls``.

    ``jobs`` None runs them all at once; 1 runs them one after another in this thread (how
    smoke ran before, kept for the benchmark).
    """
    stop = threading.Event()
    if jobs == 1 or len(calls) < 2:
        return {name: probe(name, argv, stop) for name, argv in calls.items()}
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=jobs or len(calls), thread_name_prefix="smoke-probe")
    try:
        futures = {name: pool.submit(probe, name, argv, stop) for name, argv in calls.items()}
        return {name: future.result() for name, future in futures.items()}
    except BaseException:
        stop.set()  # each probe ends its processes and returns; the pool waits for them below
        raise
    finally:
        pool.shutdown(wait=True)
