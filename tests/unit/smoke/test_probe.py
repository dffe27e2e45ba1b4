"""One bounded probe: real processes that hang, ignore SIGTERM, print megabytes, leave
children behind, escape their process group or daemonize; and the scrubbed environment."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from smart_tool.smoke.probe import (
    PROVIDER_VARIABLE,
    ProbeResult,
    probe_environment,
    provider_variables,
    run_probe,
)
from smart_tool.smoke.processes import PROBE_VARIABLE

pytestmark = pytest.mark.skipif(os.name == "nt", reason="process groups are POSIX")
PY = sys.executable


def probe(code: str, tmp_path: Path, timeout: float = 5.0, **kwargs: float) -> ProbeResult:
    return run_probe([PY, "-c", code], env=dict(os.environ), cwd=tmp_path, timeout=timeout, **kwargs)  # type: ignore[arg-type]


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_plain_run(tmp_path: Path) -> None:
    result = probe("import os, sys; print(os.getcwd()); print('err', file=sys.stderr); sys.exit(3)", tmp_path)
    assert (result.returncode, result.stdout.strip(), result.stderr.strip()) == (3, str(tmp_path), "err")
    assert not (result.timed_out or result.truncated or result.left_behind or result.ok)


def test_stdin_is_closed(tmp_path: Path) -> None:
    assert probe("import sys; print(repr(sys.stdin.read()))", tmp_path).stdout.strip() == "''"


def test_a_hang_is_ended_at_the_timeout(tmp_path: Path) -> None:
    result = probe("import time\nwhile True: time.sleep(0.1)", tmp_path, timeout=0.3)
    assert result.timed_out and result.returncode is None and not result.ok
    assert result.seconds < 3


def test_sigterm_ignored_means_sigkill_after_the_grace(tmp_path: Path) -> None:
    code = (
        "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "print('up', flush=True)\nwhile True: time.sleep(0.1)"
    )
    result = probe(code, tmp_path, timeout=0.4, grace=0.3)
    assert result.timed_out and result.stdout.strip() == "up"
    assert 0.65 < result.seconds < 4


def test_the_whole_group_is_killed_on_timeout(tmp_path: Path) -> None:
    pid_file = tmp_path / "child"
    code = (
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen(['sleep', '60'])\nopen({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "while True: time.sleep(0.1)"
    )
    result = probe(code, tmp_path, timeout=0.6)
    assert result.timed_out
    time.sleep(0.2)
    assert not alive(int(pid_file.read_text()))


def test_children_left_behind_are_killed_and_said(tmp_path: Path) -> None:
    pid_file = tmp_path / "child"
    code = (
        "import subprocess\nchild = subprocess.Popen(['sleep', '60'])\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))"
    )
    result = probe(code, tmp_path)
    assert result.ok and result.left_behind and result.seconds < 4
    time.sleep(0.2)
    assert not alive(int(pid_file.read_text()))


def test_an_escaped_child_holding_the_output_is_found_and_ended(tmp_path: Path) -> None:
    pid_file = tmp_path / "child"
    code = (
        "import subprocess\n"
        "child = subprocess.Popen(['sleep', '30'], start_new_session=True)\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))\nprint('done')"
    )
    try:
        result = probe(code, tmp_path, timeout=10)
        assert result.ok and result.left_behind and result.stdout.strip() == "done"
        assert not result.escaped and result.seconds < 3
        time.sleep(0.2)
        assert not alive(int(pid_file.read_text()))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


#: a daemon as the books write one: fork, setsid, fork again, stdio to /dev/null, cd /
DAEMON = """
import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.chdir("/")
        {before}
        open({pid_file!r}, "w").write(str(os.getpid()))
        while True:
            time.sleep(0.1)
    os._exit(0)
os.wait()
while not os.path.exists({pid_file!r}):
    time.sleep(0.01)
print("started")
"""


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc to find what left the group")
@pytest.mark.parametrize("ignores_sigterm", [False, True])
def test_a_daemon_that_left_the_group_and_the_output_is_found_and_ended(
    tmp_path: Path, ignores_sigterm: bool
) -> None:
    pid_file = tmp_path / "daemon"
    before = "import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN)" if ignores_sigterm else "pass"
    try:
        result = probe(DAEMON.format(pid_file=str(pid_file), before=before), tmp_path, grace=0.3)
        assert result.ok and result.stdout.strip() == "started"
        assert result.left_behind and result.sigkilled == ignores_sigterm and not result.escaped
        assert result.seconds < 3
        time.sleep(0.2)
        assert not alive(int(pid_file.read_text()))
    finally:
        with contextlib.suppress(ProcessLookupError, FileNotFoundError):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)


def test_a_child_left_behind_that_ignores_sigterm_gets_sigkill(tmp_path: Path) -> None:
    pid_file = tmp_path / "child"
    code = (
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import signal, time; "
        "signal.signal(signal.SIGTERM, signal.SIG_IGN); print(1, flush=True); time.sleep(60)'], "
        "stdout=subprocess.PIPE)\nchild.stdout.readline()\n"
        f"open({str(pid_file)!r}, 'w').write(str(child.pid))"
    )
    result = probe(code, tmp_path, grace=0.3)
    assert result.ok and result.left_behind and result.sigkilled
    assert 0.3 < result.seconds < 3
    time.sleep(0.2)
    assert not alive(int(pid_file.read_text()))


def test_the_probe_token_is_its_own(tmp_path: Path) -> None:
    """Each run carries a new token; the caller's own processes carry none."""
    code = f"import os; print(os.environ[{PROBE_VARIABLE!r}])"
    first, second = probe(code, tmp_path).stdout.strip(), probe(code, tmp_path).stdout.strip()
    assert len(first) == 16 and first != second
    assert PROBE_VARIABLE not in os.environ


def test_a_tool_that_closes_its_output_and_keeps_running(tmp_path: Path) -> None:
    code = "import os, time\nos.close(1); os.close(2)\ntime.sleep(60)"
    result = probe(code, tmp_path, timeout=0.5)
    assert result.timed_out and result.seconds < 4


def test_megabytes_are_read_and_capped(tmp_path: Path) -> None:
    result = probe("import sys\nfor _ in range(30): sys.stdout.write('x' * 1048576)", tmp_path, cap=1000)
    assert result.ok and result.truncated and result.stdout == "x" * 1000


def test_what_cannot_be_started(tmp_path: Path) -> None:
    result = run_probe(["/no/such/tool"], env={}, cwd=tmp_path, timeout=5)
    assert result.returncode is None and not result.ok
    assert result.error is not None and "cannot be started" in result.first_line()


def test_first_line_of_a_traceback_is_its_exception(tmp_path: Path) -> None:
    result = probe("raise LookupError('no manifest for acme')", tmp_path)
    assert result.first_line() == "LookupError: no manifest for acme"
    assert probe("pass", tmp_path).first_line() == "(no output)"


def test_the_environment_of_a_probe(tmp_path: Path) -> None:
    caller = {
        "PATH": "/usr/bin",
        "HOME": "/home/me",
        "LANG": "C.UTF-8",
        "OPENAI_API_KEY": "sk-1",
        "ANTHROPIC_BASE_URL": "https://x",
        "AZURE_OPENAI_ENDPOINT": "https://y",
        "MY_TOOL_MODEL": "big",
        "LLM_PROVIDER": "z",
        "GITHUB_TOKEN": "t",
        "AWS_SECRET_ACCESS_KEY": "s",
        "HF_HOME": "/hf",
        "PYTHONPATH": "/src",
        "PYTHONHOME": "/py",
        "VIRTUAL_ENV": "/other",
    }
    caller.update({"PWD": "/home/me/project", "TMPDIR": "/tmp/me", "LC_TIME": "C", "TZ": "UTC"})
    caller.update({"XDG_CONFIG_HOME": "/home/me/.config", "USER": "me", "SSH_AUTH_SOCK": "/s"})
    home, temp = tmp_path / "home", tmp_path / "temp"
    env = probe_environment(caller, tmp_path / "env", tmp_path / "env" / "bin", home=home, temp=temp)
    # the caller's PATH and locale, nothing else of the caller's: the throwaway HOME and temp
    assert env == {
        "PATH": f"{tmp_path / 'env' / 'bin'}{os.pathsep}/usr/bin",
        "HOME": str(home),
        "TMPDIR": str(temp),
        "TEMP": str(temp),
        "TMP": str(temp),
        "LANG": "C.UTF-8",
        "LC_TIME": "C",
        "TZ": "UTC",
        "VIRTUAL_ENV": str(tmp_path / "env"),
        "PYTHONNOUSERSITE": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    assert provider_variables(caller) == [
        "ANTHROPIC_BASE_URL",
        "AWS_SECRET_ACCESS_KEY",
        "AZURE_OPENAI_ENDPOINT",
        "GITHUB_TOKEN",
        "HF_HOME",
        "LLM_PROVIDER",
        "MY_TOOL_MODEL",
        "OPENAI_API_KEY",
    ]


@pytest.mark.parametrize(
    "name", ["PATH", "HOME", "LANG", "TERM", "TMPDIR", "USER", "SHELL", "PWD", "LC_ALL", "SSH_AUTH_SOCK"]
)
def test_what_a_tool_needs_to_run_is_kept(name: str) -> None:
    assert not PROVIDER_VARIABLE.search(name)


def test_the_callers_processes_are_never_touched(tmp_path: Path) -> None:
    """One of the caller's processes standing in the probe's working folder, or in its own
    process group, lives on."""
    bystander = subprocess.Popen(["sleep", "30"], cwd=tmp_path)
    try:
        result = probe("import subprocess; subprocess.Popen(['sleep', '60'])", tmp_path)
        assert result.left_behind
        assert alive(bystander.pid)
    finally:
        bystander.kill()
        bystander.wait()
