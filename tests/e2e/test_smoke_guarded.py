"""`smart-tool smoke` guarding its caller: from a wheel that writes wherever it can reach, from
signals sent in bursts, from silence while it works.

- A hostile wheel (fixtures/smoke-isolation/hostile, laid over fixtures/smoke/valid) writes
  into $HOME, $PWD, $TMPDIR and its parent's working folder (/proc/<ppid>/cwd), at every
  interpreter start (a .pth) and in every answer: under smoke, nothing lands outside the
  throwaway folders; run as a user runs it, it does land (the fixture is hostile indeed).
- Bursts of SIGINT and SIGTERM while every probe hangs: one line, exit 130 or 143, no
  traceback, nothing left running, the environment removed whole.
- Progress: a line per step on a pipe, one status line rewritten in place on a terminal.

The two wheels are built once for the module.
"""

from __future__ import annotations

import os
import pty
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from buildkit import FIXTURES, Builder
from test_smoke import (
    EVERY,
    EVERY_MARK,
    Runner,
    _cmdlines_with,
    _our_processes,
    _wait_for,
    kept_at,
    project_of,
)

from support import interruptible

pytestmark = [pytest.mark.build, pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")]

HOSTILE = FIXTURES / "smoke-isolation" / "hostile"
#: what every file the hostile tool writes is named after (smoke_demo/hostile.py)
MARK = "smoke-demo-hostile"
INTERRUPTED = (
    "smart-tool: error: smoke interrupted ({}): every probe it started was ended and its environment removed"
)


@pytest.fixture(scope="module")
def wheels(builder: Builder) -> dict[str, Path]:
    hostile = builder.copy(FIXTURES / "smoke" / "valid", "guarded-hostile")
    shutil.copytree(HOSTILE, hostile, dirs_exist_ok=True)
    built = {}
    for name, project in (("hostile", hostile), (EVERY, project_of(builder, EVERY))):
        done = builder.build(project, isolated=False, targets=("wheel",))
        assert done.ok, done.output
        built[name] = done.wheel
    return built


@pytest.fixture(scope="module")
def runner(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Runner:
    return Runner(builder, tmp_path_factory.mktemp("guarded"))


def marked(*folders: Path) -> list[str]:
    """The hostile tool's files in ``folders`` (it writes into them, never below)."""
    return sorted(str(p) for folder in folders for p in folder.glob(f"{MARK}-*"))


def test_a_hostile_wheel_writes_only_into_the_throwaway_folders(
    wheels: dict[str, Path], runner: Runner, tmp_path: Path
) -> None:
    wheel = wheels["hostile"]
    home, temp = tmp_path / "home", runner.tmp / "temp"
    home.mkdir()
    env = {**runner.env(), "HOME": str(home), "PWD": str(wheel.parent), "UV_CACHE_DIR": str(runner.uv_cache)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "smart_tool",
            "smoke",
            "--no-deps",
            "--keep",
            "--format",
            "json",
            wheel.name,
        ],
        cwd=wheel.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in done.stderr, done.stderr
    kept = kept_at(done.stderr)
    try:
        # the caller's HOME, project (cwd and $PWD), temporary folder, and this test's folder
        # (smoke's parent) hold nothing of it: every write landed in the kept environment
        assert marked(home, wheel.parent, Path.cwd()) == []
        assert [p.name for p in temp.iterdir()] == [kept.name]
        landed = {p.name.rsplit("-", 1)[0] for p in kept.rglob(f"{MARK}-*")}
        # into the throwaway HOME, TMPDIR, the probes' folders ($PWD) and smoke's own (parent-cwd),
        # at interpreter start (pth) and in the answers (cli)
        assert landed == {f"{MARK}-{where}" for where in ("home", "tmpdir", "pwd", "parent-cwd")}, landed
        assert {p.name.rsplit("-", 1)[1] for p in kept.rglob(f"{MARK}-*")} == {"cli.txt", "pth.txt"}
        # run as a user runs it, it writes into HOME, the folder it runs in and its parent's
        theirs = {name: tmp_path / name for name in ("their-home", "their-project", "their-parent")}
        for folder in theirs.values():
            folder.mkdir()
        tool = kept / "env" / "bin" / "smoke-demo"
        project = str(theirs["their-project"])
        start = f"import subprocess; subprocess.run([{str(tool)!r}, '--version'], cwd={project!r})"
        subprocess.run(
            [sys.executable, "-c", start],
            cwd=theirs["their-parent"],
            env={
                "PATH": os.environ["PATH"],
                "HOME": str(theirs["their-home"]),
                "PWD": str(theirs["their-project"]),
            },
            check=True,
            timeout=60,
        )
        assert {Path(p).parent.name for p in marked(*theirs.values())} == set(theirs)
    finally:
        shutil.rmtree(kept)


@pytest.mark.parametrize(
    ("number", "name", "count", "code"),
    [(signal.SIGINT, "SIGINT", 5, 130), (signal.SIGTERM, "SIGTERM", 7, 143)],
)
@pytest.mark.parametrize("attempt", [1, 2])
def test_a_burst_of_signals_says_one_line_and_removes_the_environment(
    number: int, name: str, count: int, code: int, attempt: int, wheels: dict[str, Path], runner: Runner
) -> None:
    """Signals 20 ms apart while every probe hangs: the first interrupts, the rest are
    dropped; the cleanup they would cut short runs whole."""
    wheel = wheels[EVERY]
    env = runner.env()
    temp = runner.tmp / f"burst-{name}-{attempt}"
    temp.mkdir()
    env["TMPDIR"] = str(temp)
    process = subprocess.Popen(
        [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", "--timeout", "120", wheel.name],
        cwd=wheel.parent,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        assert _wait_for(lambda: len(_cmdlines_with(EVERY_MARK)) >= 7, 60), "the probes never started"
        for _ in range(count):
            process.send_signal(number)
            time.sleep(0.02)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    left = _cmdlines_with(EVERY_MARK)
    for pid in left:
        os.kill(pid, 9)
    assert process.returncode == code, stderr
    assert stdout == ""
    lines = stderr.splitlines()
    assert lines[-1] == INTERRUPTED.format(name), stderr
    assert all(line.startswith(f"smart-tool: {wheel.name}: ") for line in lines[:-1]), stderr  # progress
    assert left == []
    assert _our_processes(temp) == []
    assert list(temp.iterdir()) == []


def test_progress_is_a_line_per_step_on_a_pipe(wheels: dict[str, Path], runner: Runner) -> None:
    wheel = wheels["hostile"]
    result = runner.run(wheel, "--no-deps")
    steps = [line.split(": ", 2)[2] for line in result.stderr.splitlines()]
    assert steps[:3] == [
        "making a throwaway environment",
        "installing it without its dependencies (uv)",
        "running 7 probes of `smoke-demo` side by side (timeout 20 s)",
    ], result.stderr
    assert [step.split(":", 1)[0] for step in steps[3:]] == [f"probe {n}/8" for n in range(1, 9)], (
        result.stderr
    )
    assert "`smoke-demo stats --text hello world` exits 0 (" in result.stderr
    quiet = runner.run(wheel, "--no-deps", "--no-progress")
    assert quiet.stderr == "" and quiet.document == result.document


def test_progress_is_one_status_line_on_a_terminal(wheels: dict[str, Path], runner: Runner) -> None:
    """On a terminal each step rewrites the one status line, which is cleared at the end:
    only the findings stay on the screen."""
    wheel = wheels["hostile"]
    primary, secondary = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", "--format", "json", wheel.name],
            cwd=wheel.parent,
            env=runner.env(),
            stdout=subprocess.PIPE,
            stderr=secondary,
            timeout=600,
        )
        os.close(secondary)
        secondary = -1
        said = b""
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # EIO: the other side is closed
                break
            if not chunk:
                break
            said += chunk
    finally:
        os.close(primary)
        if secondary != -1:
            os.close(secondary)
    assert done.returncode == 0, said
    text = said.decode()
    assert "\n" not in text.replace("\r\n", "\n").rstrip("\n"), text  # never a line of its own
    updates = text.split("\r\x1b[K")
    assert updates[0] == "" and updates[-1] == "", text  # cleared at the end
    assert len([u for u in updates if u.startswith("smart-tool: ")]) == 11, text  # 3 steps, 8 probes
