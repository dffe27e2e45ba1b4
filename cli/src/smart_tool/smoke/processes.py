"""The processes one probe started, found in the process table, and ending them.

A probe's process belongs to it by either of two marks: its process group (the probe's own,
started as a new session), or a token in its environment (inherited through ``setsid`` and
double forks, so a daemon that leaves the group still carries it). Without ``/proc``
(macOS) only the group is known. What is found gets SIGTERM, then SIGKILL after a grace
period. (A working folder is no mark: a process of the caller's may stand in it.)
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import time
from pathlib import Path
from typing import NamedTuple

#: the environment variable that carries a probe's token to everything it starts
PROBE_VARIABLE = "SMART_TOOL_SMOKE_PROBE"
_PROC = Path("/proc")
_POLL_SECONDS = 0.05
#: rounds of SIGKILL for processes that keep starting new ones
_KILL_ROUNDS = 20


class Marks(NamedTuple):
    """What the processes of one probe carry."""

    #: the process group (the probe's pid: it leads a new session)
    group: int
    #: ``PROBE_VARIABLE=<token>`` as it stands in an environment block
    token: bytes


def new_token() -> str:
    return secrets.token_hex(8)


def marks(group: int, token: str) -> Marks:
    return Marks(group, f"{PROBE_VARIABLE}={token}".encode())


class Ended(NamedTuple):
    """What :func:`end` found."""

    #: a process bearing a mark was running
    found: bool = False
    #: one still ran after the grace period and got SIGKILL
    killed: bool = False


def _marked(entry: Path, found: Marks) -> bool:
    """Whether the live process of ``entry`` (a ``/proc/<pid>`` folder) bears a mark."""
    try:
        stat = (entry / "stat").read_text()
    except OSError:
        return False
    fields = stat[stat.rfind(")") + 2 :].split()
    if len(fields) < 3 or fields[0] in ("Z", "X"):
        return False
    if fields[2] == str(found.group):
        return True
    try:
        environment = (entry / "environ").read_bytes()
    except OSError:
        return False
    return environment.startswith(found.token + b"\0") or b"\0" + found.token + b"\0" in environment


def running(found: Marks) -> list[int]:
    """The live processes (zombies aside) bearing a mark of ``found``, this one never."""
    if not _PROC.is_dir():
        try:
            os.killpg(found.group, 0)
        except (ProcessLookupError, PermissionError):
            return []
        return [found.group]
    me = os.getpid()
    pids = []
    for entry in _PROC.iterdir():
        if entry.name.isdigit() and int(entry.name) != me and _marked(entry, found):
            pids.append(int(entry.name))
    return pids


def _signal(found: Marks, pids: list[int], number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(found.group, number)
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, number)


def end(found: Marks, grace: float) -> Ended:
    """SIGTERM every process bearing a mark (those appearing meanwhile too), SIGKILL what is
    left after ``grace`` seconds."""
    left = running(found)
    if not left:
        return Ended()
    told: set[int] = set()
    deadline = time.monotonic() + grace
    while left:
        new = [pid for pid in left if pid not in told]
        if new or not told:
            _signal(found, new, signal.SIGTERM)
            told.update(new)
        if time.monotonic() >= deadline:
            break
        time.sleep(_POLL_SECONDS)
        left = running(found)
    killed = bool(left)
    for _ in range(_KILL_ROUNDS):
        if not left:
            break
        _signal(found, left, signal.SIGKILL)
        time.sleep(_POLL_SECONDS)
        left = running(found)
    return Ended(found=True, killed=killed)
