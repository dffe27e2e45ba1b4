"""`smart-tool smoke` on real wheels: one small tool per runtime rule, each breaking that
rule, a good one of each backend (the wrapping backend's included), and tools that misbehave:
hang, ignore SIGTERM, print 100 MB, leave processes or a daemon, write into the folder they
are run from, ask for a terminal.

Every fixture (fixtures/smoke/, see its README) is built once per module and smoked once;
the tests read the results. Expected lists are the *whole* output for a fixture, as in
tests/unit/diagnostics/test_codes.py: code, severity, path (the wheel, or a member of it) and line.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple, Optional

import pytest
from buildkit import FIXTURES, Builder
from smartkit import WITHOUT_UV, cli_env

from smart_tool_build.diagnostics.codes import runtime as runtime_codes
from smart_tool_build.diagnostics.diagnostic import Severity
from support import interruptible
from unit.diagnostics.test_codes import ERR, Expected, e, i, w

pytestmark = pytest.mark.build

SMOKE = FIXTURES / "smoke"
#: overlays of the library tool; every other overlay is laid over valid/
LIBRARY = "valid-library"
OVER_LIBRARY = {"valid-library--setuptools", "valid-library--wrapper", "installed-manifest-matches"}
#: built as a user builds them (isolated, backend from the wheelhouse); the rest without
#: isolation, for speed
ISOLATED = {LIBRARY, "valid-library--setuptools", "valid-library--wrapper"}
#: fixtures that need their dependencies (smart-tool-build) installed
WITH_DEPS = {LIBRARY, *OVER_LIBRARY}
TIMEOUT = {
    "no-hang-stdin-closed": 2.0,
    "no-hang-stdin-closed--ignores-sigterm": 2.0,
    "no-hang-stdin-closed--every-probe": 2.0,
}
#: seconds between SIGTERM and SIGKILL (smart_tool.smoke.probe.GRACE_SECONDS)
GRACE = 2.0
#: smoked with their peak memory measured
MEASURED = {"valid--megabytes"}
#: what the caller's environment sets, and smoke must remove from every probe
PROVIDER = {"SAMPLE_PROVIDER_KEY": "set-by-the-caller", "SMOKE_LIB_API_KEY": "set-by-the-caller"}


def fixture_names() -> list[str]:
    return sorted(p.name for p in SMOKE.iterdir() if p.is_dir())


def project_of(builder: Builder, name: str) -> Path:
    """A private copy of the fixture: the base tool with the overlay laid over it."""
    if name in ("valid", LIBRARY):
        return builder.copy(SMOKE / name, f"smoke-{name}")
    base = LIBRARY if name in OVER_LIBRARY else "valid"
    project = builder.copy(SMOKE / base, f"smoke-{name}")
    shutil.copytree(SMOKE / name, project, dirs_exist_ok=True)
    return project


def uv_folder() -> Optional[str]:
    """Where uv is: on PATH, or beside the interpreter running the tests."""
    beside = Path(sys.executable).with_name("uv")
    found = shutil.which("uv") or (str(beside) if beside.exists() else None)
    return os.path.dirname(found) if found else None


def _key(item: Expected) -> tuple[str, str, str, int]:
    code, severity, path, line = item
    return (code, severity.value, path or "", line or 0)


class Smoked(NamedTuple):
    returncode: int
    document: dict[str, Any]
    stderr: str
    seconds: float
    #: smoke's own peak resident memory (VmHWM), in KiB, when measured
    peak_kib: Optional[int] = None

    def messages(self, code: str) -> list[str]:
        return [d["message"] for d in self.document["diagnostics"] if d["code"] == code]

    def found(self) -> list[Expected]:
        found = [
            (d["code"], Severity(d["severity"]), d["path"], d["line"]) for d in self.document["diagnostics"]
        ]
        return sorted(found, key=_key)


def kept_at(stderr: str) -> Path:
    """The folder smoke says it kept (``--keep``), from its line among the progress lines."""
    (line,) = [line for line in stderr.splitlines() if line.startswith("smart-tool: kept the environment")]
    return Path(line.split(" at ", 1)[1].strip())


class Runner:
    """Runs `smart-tool smoke` from the wheel's folder, with the test run's wheelhouse as index."""

    def __init__(self, builder: Builder, tmp: Path) -> None:
        self.builder = builder
        self.tmp = tmp
        self.uv_cache = tmp / "uv-cache"

    def env(self, *, uv: bool = True) -> dict[str, str]:
        env = cli_env()
        env.update(self.builder.env)
        env.update(PROVIDER)
        env.update(
            {
                "UV_OFFLINE": "1",
                "UV_FIND_LINKS": str(self.builder.wheelhouse),
                "UV_CACHE_DIR": str(self.uv_cache),
                "TMPDIR": str(self.tmp / "temp"),
            }
        )
        (self.tmp / "temp").mkdir(exist_ok=True)
        folders = [p for p in env.get("PATH", "").split(os.pathsep) if p and not (Path(p) / "uv").exists()]
        folder = uv_folder()
        if uv and folder:
            folders.insert(0, folder)
        env["PATH"] = os.pathsep.join(folders)
        return env

    def run(self, wheel: Path, *args: str, uv: bool = True, peak: bool = False) -> Smoked:
        """``python -m smart_tool smoke``; with ``peak``, the same main run by a few lines
        that then write the process's peak memory into a file."""
        started = time.monotonic()
        env = self.env(uv=uv)
        start = [sys.executable, "-m", "smart_tool"] if uv else [sys.executable, "-c", WITHOUT_UV]
        if peak:
            env["SMOKE_PEAK_FILE"] = str(self.tmp / f"peak-{wheel.name}")
            start = [sys.executable, "-c", PEAK]
        done = subprocess.run(
            [*start, "smoke", "--format", "json", *args, wheel.name],
            cwd=wheel.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert "Traceback" not in done.stderr, done.stderr
        document = json.loads(done.stdout) if done.returncode in (0, 1) else {}
        measured = int(Path(env["SMOKE_PEAK_FILE"]).read_text()) if peak else None
        return Smoked(done.returncode, document, done.stderr, time.monotonic() - started, measured)


#: runs smart-tool's main, then writes VmHWM (the peak resident set, in KiB) to SMOKE_PEAK_FILE
PEAK = """
import os, re, sys
from smart_tool.cli import main
try:
    code = main(sys.argv[1:])
finally:
    status = open("/proc/self/status").read()
    with open(os.environ["SMOKE_PEAK_FILE"], "w") as out:
        out.write(re.search(r"VmHWM:\\s+(\\d+) kB", status).group(1))
raise SystemExit(code)
"""


def options_of(name: str) -> list[str]:
    args = [] if name in WITH_DEPS else ["--no-deps"]
    if name == "dependencies-installed":  # its git requirement cannot be had: every other one is
        args = ["--no-install-package", "smoke-missing-dep"]
    if name in TIMEOUT:
        args += ["--timeout", str(TIMEOUT[name])]
    return args


@pytest.fixture(scope="module")
def wheels(builder: Builder) -> dict[str, Path]:
    def build(name: str) -> Path:
        done = builder.build(project_of(builder, name), isolated=name in ISOLATED, targets=("wheel",))
        assert done.ok, done.output
        return done.wheel

    names = fixture_names()
    with ThreadPoolExecutor(2) as pool:
        return dict(zip(names, pool.map(build, names)))


@pytest.fixture(scope="module")
def runner(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Runner:
    return Runner(builder, tmp_path_factory.mktemp("smoke"))


@pytest.fixture(scope="module")
def smoked(wheels: dict[str, Path], runner: Runner) -> dict[str, Smoked]:
    with ThreadPoolExecutor(2) as pool:
        results = pool.map(
            lambda name: runner.run(wheels[name], *options_of(name), peak=name in MEASURED), sorted(wheels)
        )
        return dict(zip(sorted(wheels), results))


W = "smoke_demo-1.0.0-py3-none-any.whl"
D = f"{W}/smoke_demo-1.0.0.dist-info/smart-tool.json"  # cli_argv on line 3, deterministic_smoke 4
M = f"{W}/smoke_demo/SMART_TOOL.md"  # version on line 4, the body from line 13
L = "smoke_lib-2.1.0-py3-none-any.whl"


#: every smoke-demo fixture is installed --no-deps: no smart-tool-build to ask
NO_LIBRARY = i("installed-manifest-matches", M, None)
#: --help printed no skill (or failed): no skill directory to look in
NO_SKILL = i("skill-resources-ship", W, None)
#: no command to run: every probe's rule says so
NO_COMMAND = [
    i("loads-without-provider", D, 3),
    i("help-flags-supported", D, 3),
    i("failure-exits-non-zero", D, 3),
    i("no-hang-stdin-closed", D, 3),
    i("installed-files-untouched", W, None),
    i("working-folder-untouched", D, 3),
    i("no-processes-left-behind", D, 3),
    i("capability-help-supported", D, 4),
    i("deterministic-capability-runs", D, 4),
    i("cli-version", M, 4),
    i("help-renders-manifest-body", M, 13),
    NO_SKILL,
    NO_LIBRARY,
]

# fixture -> the whole output of smoke for its wheel
EXPECTED: dict[str, list[Expected]] = {
    "valid": [NO_LIBRARY],
    "valid--megabytes": [NO_LIBRARY],  # 100 MB on stdout: read, capped, nothing to report
    "valid--python-m": [NO_LIBRARY],  # cli_argv `python -m smoke_demo`: the environment's python
    "valid-library": [],  # hatchling hook
    "valid-library--setuptools": [],  # setuptools plugin
    "valid-library--wrapper": [],  # the wrapping backend, over uv_build
    # refuses to load: every probe fails, and --help gives no skill to read
    "loads-without-provider": [
        e("loads-without-provider", D, 3),
        e("help-flags-supported", D, 3),
        e("capability-help-supported", D, 4),
        e("deterministic-capability-runs", D, 4),
        e("cli-version", M, 4),
        i("help-renders-manifest-body", M, 13),
        NO_SKILL,
        NO_LIBRARY,
    ],
    "help-flags-supported": [e("help-flags-supported", D, 3), NO_LIBRARY],
    "cli-version": [e("cli-version", M, 4), NO_LIBRARY],  # no --version
    "cli-version--not-the-manifests": [e("cli-version", M, 4), NO_LIBRARY],  # prints 0.9.0
    "capability-help-supported": [e("capability-help-supported", D, 4), NO_LIBRARY],
    "deterministic-capability-runs": [e("deterministic-capability-runs", D, 4), NO_LIBRARY],
    "failure-exits-non-zero": [e("failure-exits-non-zero", D, 3), NO_LIBRARY],
    # the deterministic verb hangs: that probe fails both rules, as in the kit
    "no-hang-stdin-closed": [
        e("no-hang-stdin-closed", D, 4),
        e("deterministic-capability-runs", D, 4),
        NO_LIBRARY,
    ],
    # ... and one that ignores SIGTERM: SIGKILL after the grace period
    "no-hang-stdin-closed--ignores-sigterm": [
        e("no-hang-stdin-closed", D, 4),
        e("deterministic-capability-runs", D, 4),
        NO_LIBRARY,
    ],
    # every probe hangs, ignores SIGTERM, prints 8 MB and leaves a daemon: all at once
    "no-hang-stdin-closed--every-probe": [
        e("no-hang-stdin-closed", D, 3),
        e("deterministic-capability-runs", D, 4),
        i("loads-without-provider", D, 3),
        i("help-flags-supported", D, 3),
        i("failure-exits-non-zero", D, 3),
        i("capability-help-supported", D, 4),
        i("cli-version", M, 4),
        i("help-renders-manifest-body", M, 13),
        NO_SKILL,
        NO_LIBRARY,
    ],
    # asks for its input on /dev/tty, then on stdin: neither is there, it fails at once
    "deterministic-capability-runs--terminal": [e("deterministic-capability-runs", D, 4), NO_LIBRARY],
    "help-renders-manifest-body": [w("help-renders-manifest-body", M, 13), NO_SKILL, NO_LIBRARY],
    "skill-resources-ship": [e("skill-resources-ship", f"{W}/smoke_demo/docs/usage.md", None), NO_LIBRARY],
    "skill-resources-ship--directory-not-installed": [e("skill-resources-ship", W, None), NO_LIBRARY],
    "installed-files-untouched": [e("installed-files-untouched", W, None), NO_LIBRARY],
    "working-folder-untouched": [w("working-folder-untouched", D, 4), NO_LIBRARY],
    "no-processes-left-behind": [w("no-processes-left-behind", D, 3), NO_LIBRARY],
    # a daemon: out of the process group, stdio on /dev/null, in /; found and ended all the same
    "no-processes-left-behind--daemon": [w("no-processes-left-behind", D, 3), NO_LIBRARY],
    # cli_argv names none of two console scripts: nothing to run
    "cli-argv-installed": [e("cli-argv-installed", D, 3), *NO_COMMAND],
    # a module the wheel does not ship: an error; its only console script is run instead
    "cli-argv-installed--module-not-shipped": [e("cli-argv-installed", D, 3), NO_LIBRARY],
    # cli_argv names a command the wheel does not install: an error; its only console script
    # is run instead, so every other rule is still judged (and passes)
    "cli-argv-installed--only-script": [e("cli-argv-installed", D, 3), NO_LIBRARY],
    # cli_argv runs a source file (`uv run --no-project src/smoke_demo/cli.py`): the file the
    # wheel installs is run with the environment's python
    "valid--source-file": [NO_LIBRARY],
    # smoked without its git requirement (--no-install-package), its other one (smart-tool-build)
    # installed, so the installed accessor answers: every probe fails for want of the git one's
    # module, which says nothing of the tool: each rule not judged, and one line says why
    "dependencies-installed": [
        i("dependencies-installed", D, 3),
        i("loads-without-provider", D, 3),
        i("help-flags-supported", D, 3),
        i("failure-exits-non-zero", D, 3),
        i("capability-help-supported", D, 4),
        i("deterministic-capability-runs", D, 4),
        i("cli-version", M, 4),
        i("help-renders-manifest-body", M, 13),
        NO_SKILL,
    ],
    # built without smart-tool-build and the manifest left out: the installed accessor finds
    # nothing, so the tool's own --help (render_skill) fails too; no descriptor to point into
    "installed-manifest-matches": [
        e("installed-manifest-matches", L, None),
        e("loads-without-provider", L, None),
        e("help-flags-supported", L, None),
        i("cli-argv-installed", L, None),
        i("cli-version", L, None),
        i("capability-help-supported", L, None),
        i("deterministic-capability-runs", L, None),
        i("help-renders-manifest-body", L, None),
        i("skill-resources-ship", L, None),
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture(name: str, smoked: dict[str, Smoked]) -> None:
    result = smoked[name]
    assert result.found() == sorted(EXPECTED[name], key=_key), json.dumps(result.document, indent=1)
    failing = any(severity == ERR for _, severity, _, _ in EXPECTED[name])
    assert result.returncode == (1 if failing else 0), result.stderr
    assert result.document["checked"] == [wheel_name(name)]


def test_wrapping_backend(wheels: dict[str, Path], smoked: dict[str, Smoked]) -> None:
    """The third backend, smart_tool_build.backend, smoked like the other two: its wheel of
    smoke-lib (uv_build wrote it, the wrapper added the manifest and the descriptor) passes
    every rule with nothing to report (test_fixture), as the hatchling and setuptools ones do."""
    with zipfile.ZipFile(wheels["valid-library--wrapper"]) as archive:
        generator = archive.read("smoke_lib-2.1.0.dist-info/WHEEL").decode()
        names = archive.namelist()
    assert "Generator: uv" in generator, generator
    assert {"smoke_lib/SMART_TOOL.md", "smoke_lib-2.1.0.dist-info/smart-tool.json"} <= set(names)
    assert smoked["valid-library--wrapper"].found() == []


def wheel_name(name: str) -> str:
    return L if name == LIBRARY or name in OVER_LIBRARY else W


def test_every_runtime_code_has_a_fixture_that_breaks_it() -> None:
    for code in runtime_codes.CODES:
        expected = {(c, s) for c, s, _, _ in EXPECTED[code.id]}
        assert (code.id, code.severity) in expected, code.id


def test_every_fixture_folder_is_in_the_table() -> None:
    assert set(fixture_names()) == set(EXPECTED)


def test_messages_say_what_failed_and_never_show_a_secret(smoked: dict[str, Smoked]) -> None:
    for name, result in smoked.items():
        for d in result.document["diagnostics"]:
            assert d["message"].strip(), (name, d)
            assert "set-by-the-caller" not in d["message"] + (d["hint"] or ""), (name, d)
            assert "Traceback" not in d["message"], (name, d)
    (loads,) = [
        d
        for d in smoked["loads-without-provider"].document["diagnostics"]
        if d["code"] == "loads-without-provider"
    ]
    assert "SAMPLE_PROVIDER_KEY, SMOKE_LIB_API_KEY" in loads["message"]  # the names removed
    assert "SAMPLE_PROVIDER_KEY is not set" in loads["message"]  # what the tool said
    (version,) = [
        d
        for d in smoked["cli-version--not-the-manifests"].document["diagnostics"]
        if d["code"] == "cli-version"
    ]
    assert "'smoke-demo 0.9.0', not the manifest's version 1.0.0" in version["message"]
    (accessor,) = [
        d
        for d in smoked["installed-manifest-matches"].document["diagnostics"]
        if d["code"] == "installed-manifest-matches"
    ]
    assert "raises ManifestNotFound" in accessor["message"]
    (wrote,) = smoked["installed-files-untouched"].document["diagnostics"][:1]
    assert "smoke_demo/stats-cache.json (created)" in wrote["message"]


def test_a_hang_costs_the_timeout_not_more(smoked: dict[str, Smoked]) -> None:
    # one probe hangs: the timeout, the grace period before SIGKILL is not needed (SIGTERM
    # ends it), and the rest of the run
    assert smoked["no-hang-stdin-closed"].seconds < TIMEOUT["no-hang-stdin-closed"] + 8
    (said,) = smoked["no-hang-stdin-closed"].messages("no-hang-stdin-closed")
    assert said.endswith("the process group was killed with SIGTERM"), said


def test_sigterm_ignored_costs_the_timeout_and_the_grace(smoked: dict[str, Smoked]) -> None:
    result = smoked["no-hang-stdin-closed--ignores-sigterm"]
    assert result.seconds < TIMEOUT["no-hang-stdin-closed--ignores-sigterm"] + GRACE + 8
    (said,) = result.messages("no-hang-stdin-closed")
    assert "killed with SIGTERM, then SIGKILL after 2 s: it ignored SIGTERM" in said, said


EVERY = "no-hang-stdin-closed--every-probe"
#: the daemons its probes start carry this in their command lines
EVERY_MARK = "smoke-demo-every-probe"


def test_every_probe_hanging_costs_one_timeout(smoked: dict[str, Smoked]) -> None:
    """Seven probes that hang and ignore SIGTERM, run at once: one timeout and one grace period
    (one after another they took 7 x (2 + 2) s), every daemon ended, the output bounded."""
    result = smoked[EVERY]
    assert result.seconds < 2 * TIMEOUT[EVERY] + GRACE + 8, result.seconds
    (said,) = result.messages("no-hang-stdin-closed")
    assert said.startswith("`smoke-demo --help`, `smoke-demo -h`, `smoke-demo --version`, `smoke-demo -V`")
    assert "killed with SIGTERM, then SIGKILL after 2 s: it ignored SIGTERM" in said, said
    assert len(json.dumps(result.document)) < 8192
    left = _cmdlines_with(EVERY_MARK)
    for pid in left:  # never leave one running, whatever the outcome
        os.kill(pid, 9)
    assert left == []


def _wait_for(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
@pytest.mark.parametrize(
    ("number", "name", "code"), [(signal.SIGINT, "SIGINT", 130), (signal.SIGTERM, "SIGTERM", 143)]
)
def test_an_interrupt_of_smoke_ends_every_probe(
    number: int, name: str, code: int, wheels: dict[str, Path], runner: Runner, smoked: dict[str, Smoked]
) -> None:
    """SIGINT or SIGTERM to smoke while its probes hang: one line, exit 128 + the signal, no
    probe or daemon left running, no environment left on disk."""
    wheel = wheels[EVERY]
    env = runner.env()
    temp = runner.tmp / f"interrupted-{name}"
    temp.mkdir()
    env["TMPDIR"] = str(temp)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "smart_tool",
            "smoke",
            "--no-progress",
            "--no-deps",
            "--timeout",
            "120",
            wheel.name,
        ],
        cwd=wheel.parent,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        assert _wait_for(lambda: len(_cmdlines_with(EVERY_MARK)) >= 7, 60), "the probes never started"
        process.send_signal(number)
        stdout, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    left = _cmdlines_with(EVERY_MARK)
    for pid in left:
        os.kill(pid, 9)
    assert process.returncode == code, stderr
    assert stdout == ""
    assert stderr.splitlines() == [
        f"smart-tool: error: smoke interrupted ({name}): every probe it started was ended and its "
        "environment removed"
    ]
    assert left == []
    assert _our_processes(temp) == []
    assert list(temp.iterdir()) == []


def test_100_megabytes_of_output_are_read_and_dropped(smoked: dict[str, Smoked]) -> None:
    result = smoked["valid--megabytes"]
    assert result.seconds < 20
    assert len(json.dumps(result.document)) < 4096
    # 1 MiB kept of each stream of each probe; the interpreter and the core take the rest
    assert result.peak_kib is not None and result.peak_kib < 64 * 1024, result.peak_kib


def test_a_terminal_is_never_waited_for(smoked: dict[str, Smoked]) -> None:
    result = smoked["deterministic-capability-runs--terminal"]
    (said,) = result.messages("deterministic-capability-runs")
    assert said.endswith("exits 1 with the provider variables removed: EOFError: EOF when reading a line"), (
        said
    )
    assert result.seconds < 20 and not result.messages("no-hang-stdin-closed")


def test_files_in_the_working_folder_are_said(smoked: dict[str, Smoked]) -> None:
    (said,) = smoked["working-folder-untouched"].messages("working-folder-untouched")
    # the log's name is not UTF-8: shown with U+FFFD, in every format
    assert said.endswith(
        "which no argument names: `smoke-demo stats --text hello world`: "
        ".smoke-demo/cache.json, log-\ufffd.txt"
    ), said


def _cmdlines_with(mark: str) -> list[int]:
    """The processes whose command line holds ``mark``, from the process table."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and mark.encode() in (entry / "cmdline").read_bytes().split(b"\0"):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_a_daemon_is_found_and_ended(smoked: dict[str, Smoked]) -> None:
    left = _cmdlines_with("smoke-demo-daemon")
    for pid in left:  # never leave it running, whatever the outcome
        os.kill(pid, 9)
    assert left == []
    (said,) = smoked["no-processes-left-behind--daemon"].messages("no-processes-left-behind")
    assert said == (
        "`smoke-demo stats --text hello world` exited but left processes running (smoke ended them: SIGTERM)"
    )


def _our_processes(folder: Path) -> list[str]:
    """Processes whose working folder is under ``folder`` (a scratch folder of a probe)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and str(folder) in os.readlink(entry / "cwd"):
                found.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except OSError:
            continue
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_nothing_is_left_running_and_nothing_left_on_disk(smoked: dict[str, Smoked], runner: Runner) -> None:
    assert _our_processes(runner.tmp) == []
    assert list((runner.tmp / "temp").iterdir()) == []  # every environment was removed


def test_smoke_writes_nothing_beside_the_wheel(smoked: dict[str, Smoked], wheels: dict[str, Path]) -> None:
    for name, wheel in wheels.items():
        assert sorted(p.name for p in wheel.parent.iterdir()) == [wheel.name], name


def test_the_provider_variables_made_the_difference(wheels: dict[str, Path], runner: Runner) -> None:
    """Installed and run with the caller's variables, the tool loads: smoke removed them."""
    result = runner.run(
        wheels["loads-without-provider"], "--no-deps", "--keep", "--ignore", "installed-manifest-matches"
    )
    kept = kept_at(result.stderr)
    try:
        assert result.returncode == 1
        done = subprocess.run(
            [str(kept / "env" / "bin" / "smoke-demo"), "--help"],
            env={**runner.env(), **PROVIDER},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert "<skill_content" in done.stdout
        assert "installed-manifest-matches" not in {d["code"] for d in result.document["diagnostics"]}
    finally:
        shutil.rmtree(kept)


def test_venv_and_pip_when_uv_is_not_found(wheels: dict[str, Path], runner: Runner) -> None:
    """Neither on PATH nor as the uv package: venv and pip, and one line says so first."""
    result = runner.run(wheels[LIBRARY], "--keep", uv=False)
    kept = kept_at(result.stderr)
    try:
        assert result.stderr.splitlines()[0] == (
            "smart-tool: uv not found (on PATH, or the uv package): smoke makes its environments with "
            "venv and pip, many times slower (pip install uv)"
        )
        assert result.found() == [], result.document
        assert (kept / "env" / "bin" / "pip").exists()  # made by venv, installed by pip
        done = subprocess.run(
            [str(kept / "env" / "bin" / "smoke-lib"), "--help"], capture_output=True, text=True, timeout=60
        )
        (site,) = (kept / "env" / "lib").glob("python*/site-packages")
        assert (
            f"Skill directory: {site / 'smoke_lib'}\nRepository: https://github.com/example/smoke-lib\n"
            in done.stdout
        )
        assert "- `summary` [model-backed] -- Summarise TEXT." in done.stdout
    finally:
        shutil.rmtree(kept)


def test_render_skill_of_an_editable_install(builder: Builder, runner: Runner, tmp_path: Path) -> None:
    """Editable, the skill directory is the package in the source tree."""
    project = project_of(builder, LIBRARY)
    env = runner.env()
    uv = shutil.which("uv", path=env["PATH"])
    if uv is None:
        pytest.skip("needs uv")
    prefix = tmp_path / "env"
    for args in (
        ["venv", "--quiet", "--python", sys.executable, str(prefix)],
        ["pip", "install", "--quiet", "--python", str(prefix / "bin" / "python"), "-e", str(project)],
    ):
        done = subprocess.run([uv, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [str(prefix / "bin" / "smoke-lib"), "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"Skill directory: {project / 'src' / 'smoke_lib'}\n" in done.stdout
    assert (project / "src" / "smoke_lib" / "docs" / "examples.md").is_file()


def other_python() -> Optional[str]:
    """An interpreter other than this one that runs (a pyenv shim may not)."""
    wanted = "3.9" if sys.version_info[:2] != (3, 9) else "3.10"
    candidates = [shutil.which(f"python{wanted}")]
    candidates += [str(p) for p in Path.home().glob(f".pyenv/versions/{wanted}*/bin/python{wanted}")]
    for candidate in filter(None, candidates):
        done = subprocess.run([candidate, "-c", "pass"], capture_output=True, timeout=60)
        if done.returncode == 0:
            return candidate
    return None


def test_python_picks_the_interpreter(wheels: dict[str, Path], runner: Runner) -> None:
    python = other_python()
    if python is None:
        pytest.skip("no second Python interpreter here")
    result = runner.run(wheels["valid"], "--no-deps", "--keep", "--python", python)
    kept = kept_at(result.stderr)
    try:
        assert result.found() == sorted(EXPECTED["valid"], key=_key)
        version = Path(python).name.replace("python", "")
        assert list((kept / "env" / "lib").glob(f"python{version}/site-packages/smoke_demo"))
    finally:
        shutil.rmtree(kept)


def test_an_environment_that_cannot_be_made_is_exit_2(wheels: dict[str, Path], runner: Runner) -> None:
    for uv in (True, False):
        result = runner.run(wheels["valid"], "--no-deps", "--python", "/no/such/python", uv=uv)
        assert result.returncode == 2
        assert "/no/such/python" in result.stderr and "fix:" in result.stderr


def test_a_wheel_that_cannot_be_installed_is_exit_2(
    wheels: dict[str, Path], runner: Runner, tmp_path: Path
) -> None:
    other = tmp_path / "smoke_demo-1.0.0-cp27-cp27m-win32.whl"  # for another Python and platform
    shutil.copy(wheels["valid"], other)
    result = runner.run(other, "--no-deps")
    assert result.returncode == 2
    assert "installing smoke_demo-1.0.0-cp27-cp27m-win32.whl failed" in result.stderr
    assert "fix:" in result.stderr and "--python" in result.stderr
    # with SARIF asked for, an install failure is still exit 2 and no log: nothing was judged
    done = subprocess.run(
        [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", "--output-format", "sarif", other.name],
        cwd=other.parent,
        env=runner.env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert (done.returncode, done.stdout) == (2, ""), done.stdout + done.stderr
    assert "installing smoke_demo-1.0.0-cp27-cp27m-win32.whl failed" in done.stderr


def test_ignore_and_the_other_formats(wheels: dict[str, Path], runner: Runner) -> None:
    wheel = wheels["failure-exits-non-zero"]
    env = runner.env()
    args = [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", wheel.name]
    text = subprocess.run(
        [*args, "--ignore", "installed-manifest-matches"],
        cwd=wheel.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert text.returncode == 1
    assert text.stdout.splitlines() == [
        f"{D}:3: failure-exits-non-zero: `smoke-demo __conformance_no_such_verb__` (a verb no tool "
        "defines) exits 0 (exit non-zero on a bad invocation)",
        # what --ignore set aside is counted, as check and inspect count it
        "1 wheel checked: 1 error, 0 warnings, 0 info; 1 ignored (installed-manifest-matches)",
    ]
    github = subprocess.run(
        [*args, "--format", "github", "--ignore", "failure-exits-non-zero,installed-manifest-matches"],
        cwd=wheel.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert github.returncode == 0
    assert github.stdout.splitlines() == [
        "1 wheel checked: 0 errors, 0 warnings, 0 info; "
        "2 ignored (failure-exits-non-zero, installed-manifest-matches)"
    ]


def test_sarif_of_a_smoked_wheel(wheels: dict[str, Path], runner: Runner, tmp_path: Path) -> None:
    """`--format sarif`: the finding inside the installed wheel points at the wheel, and says
    where in it; `--sarif-output` writes the same log."""
    from support import validated_sarif

    wheel = wheels["failure-exits-non-zero"]
    written = tmp_path / "smoke ü.sarif"
    options = ["--format", "sarif", "--ignore", "installed-manifest-matches", "--sarif-output", str(written)]
    done = subprocess.run(
        [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", wheel.name, *options],
        cwd=wheel.parent,
        env=runner.env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    document = validated_sarif(done.stdout)
    assert validated_sarif(written.read_text(encoding="utf-8")) == document
    (run,) = document["runs"]  # type: ignore[attr-defined]
    (result,) = run["results"]
    assert (result["ruleId"], result["level"]) == ("failure-exits-non-zero", "error")
    assert [rule["id"] for rule in run["tool"]["driver"]["rules"]] == ["failure-exits-non-zero"]
    place = result["locations"][0]["physicalLocation"]
    assert place == {"artifactLocation": {"uri": W, "uriBaseId": "%SRCROOT%"}}
    assert result["message"]["text"].startswith(f"{D}:3: `smoke-demo __conformance_no_such_verb__`")
