"""Probes run at once: results in the order asked, whatever order they end in; an interrupt of
smoke (SIGINT, or SIGTERM raised as one) stops every probe and ends what it started."""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from smart_tool.cli.interrupts import Terminated, exit_code, signal_name, sigterm_raises
from smart_tool.smoke.batch import run_all
from smart_tool.smoke.probe import ProbeResult, run_probe
from unit.smoke.test_probe import alive

pytestmark = pytest.mark.skipif(os.name == "nt", reason="process groups are POSIX")


def test_results_come_in_the_order_asked_and_the_probes_overlap() -> None:
    def probe(name: str, argv: list[str], stop: threading.Event) -> str:
        time.sleep(float(argv[0]))
        return name

    calls = {"slow": ["0.4"], "fast": ["0.0"], "middle": ["0.2"]}
    started = time.monotonic()
    assert list(run_all(calls, probe).items()) == [("slow", "slow"), ("fast", "fast"), ("middle", "middle")]
    assert time.monotonic() - started < 0.55  # at once: the slowest, not the sum
    assert run_all(calls, probe, jobs=1) == {"slow": "slow", "fast": "fast", "middle": "middle"}


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt, as in a terminal: a test process started in the
    background inherits SIGINT ignored, and Python keeps an ignored signal ignored."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupt_main_thread_in(seconds: float) -> None:
    main = threading.main_thread().ident
    assert main is not None
    timer = threading.Timer(seconds, signal.pthread_kill, (main, signal.SIGINT))
    timer.start()


@pytest.mark.parametrize("jobs", [None, 1])
@pytest.mark.usefixtures("ctrl_c_raises")
def test_an_interrupt_ends_every_probe_and_what_it_started(tmp_path: Path, jobs: int | None) -> None:
    pids = tmp_path / "pids"
    code = (
        "import os, subprocess, sys, time\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pids)!r}, 'a').write(f'{{os.getpid()}} {{child.pid}}\\n')\n"
        "time.sleep(60)\n"
    )
    results: list[ProbeResult] = []

    def probe(name: str, argv: list[str], stop: threading.Event) -> ProbeResult:
        result = run_probe(argv, env=dict(os.environ), cwd=tmp_path, timeout=60, grace=0.5, stop=stop)
        results.append(result)
        return result

    calls = {name: [sys.executable, "-c", code] for name in ("a", "b", "c")}
    _interrupt_main_thread_in(1.5)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        run_all(calls, probe, jobs)
    assert time.monotonic() - started < 10
    if jobs is None:  # at once: every probe was running, and every one was stopped
        assert len(results) == 3 and all(r.interrupted and r.timed_out for r in results)
    started = [int(p) for line in pids.read_text().splitlines() for p in line.split()]
    assert len(started) == (6 if jobs is None else 2)
    assert [pid for pid in started if alive(pid)] == []


def test_sigterm_raises_inside_the_block_only() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(Terminated) as raised, sigterm_raises():
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)
    assert (exit_code(raised.value), signal_name(raised.value)) == (143, "SIGTERM")
    assert (exit_code(KeyboardInterrupt()), signal_name(KeyboardInterrupt())) == (130, "SIGINT")
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_crash_is_said_as_the_signal_that_ended_it(tmp_path: Path) -> None:
    result = run_probe(
        [sys.executable, "-c", "import os; os.abort()"], env=dict(os.environ), cwd=tmp_path, timeout=10
    )
    assert result.ended() == "is killed by SIGABRT"
    assert ProbeResult(("x",), 3, "", "").ended() == "exits 3"
    assert (
        ProbeResult(("x",), None, "", "", error="cannot be started: no such file").ended()
        == "cannot be started"
    )
