"""What guards smoke's caller, unit by unit: only the first interrupt counts, progress on
stderr, the dependencies installed when one is left out. The real runs:
tests/e2e/test_smoke_guarded.py and tests/e2e/test_smoke.py."""

from __future__ import annotations

import io
import os
import signal
import time
import zipfile
from pathlib import Path

import pytest

from smart_tool.cli.interrupts import Terminated, first_interrupt_raises
from smart_tool.cli.progress import Progress
from smart_tool.smoke.environment import EnvironmentProblem, wanted_requirements


@pytest.fixture
def handlers():  # type: ignore[no-untyped-def]
    """The test process's handlers of SIGINT and SIGTERM, put back after the test."""
    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    yield before
    for number, handler in before.items():
        signal.signal(number, handler)


@pytest.mark.parametrize(
    ("first", "raised"), [(signal.SIGINT, KeyboardInterrupt), (signal.SIGTERM, Terminated)]
)
def test_only_the_first_interrupt_raises(handlers: object, first: int, raised: type) -> None:
    cleaned = False
    with pytest.raises(raised) as caught, first_interrupt_raises():
        try:
            os.kill(os.getpid(), first)
            time.sleep(5)
        finally:  # the cleanup: a burst of both signals cuts none of it short
            for _ in range(5):
                os.kill(os.getpid(), signal.SIGINT)
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.02)
            cleaned = True
    assert cleaned and type(caught.value) is raised
    os.kill(os.getpid(), signal.SIGTERM)  # after the block too, until the process exits
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)


def test_without_an_interrupt_the_handlers_are_put_back(handlers: dict[int, object]) -> None:
    with first_interrupt_raises():
        pass
    assert {number: signal.getsignal(number) for number in handlers} == handlers


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_line_per_step_elsewhere_than_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress.on(stream)
    progress.say("a.whl: making a throwaway environment")
    progress.say("a.whl: probe 1/2: `a --help` exits 0 (0.1 s)")
    progress.clear()
    assert stream.getvalue() == (
        "smart-tool: a.whl: making a throwaway environment\n"
        "smart-tool: a.whl: probe 1/2: `a --help` exits 0 (0.1 s)\n"
    )


def test_progress_rewrites_one_line_on_a_terminal_and_clears_it() -> None:
    stream = Terminal()
    progress = Progress.on(stream)
    progress.say("one")
    progress.say("two")
    progress.clear()
    progress.clear()  # once is enough
    assert stream.getvalue() == "\r\x1b[Ksmart-tool: one\r\x1b[Ksmart-tool: two\r\x1b[K"


def wheel(tmp_path: Path, *requires: str) -> Path:
    path = tmp_path / "acme-1.0-py3-none-any.whl"
    metadata = "Metadata-Version: 2.1\nName: acme\nVersion: 1.0\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("acme-1.0.dist-info/METADATA", metadata)
    return path


def test_every_requirement_but_the_ones_left_out_and_the_extras(tmp_path: Path) -> None:
    path = wheel(
        tmp_path,
        "Private_Dep @ git+https://example.invalid/private-dep.git",
        "pyyaml>=6; python_version >= '3.9'",
        "rich; extra == 'pretty'",
        "packaging",
    )
    # names as pip and uv compare them: case, _ and - aside
    assert wanted_requirements(path, ("private-dep",)) == ["pyyaml>=6; python_version >= '3.9'", "packaging"]


def test_leaving_out_what_the_wheel_does_not_require_is_a_problem(tmp_path: Path) -> None:
    with pytest.raises(EnvironmentProblem) as raised:
        wanted_requirements(wheel(tmp_path, "packaging"), ("nothing-like-it",))
    assert raised.value.why == (
        "--no-install-package nothing-like-it: acme-1.0-py3-none-any.whl does not require it "
        "(it requires packaging)"
    )
