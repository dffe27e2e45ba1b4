"""The pure parts of `smart-tool smoke`: which command of a wheel runs, how probe results
become diagnostics, --ignore, and the CLI's usage errors. Real wheels, installed and smoked:
tests/e2e/test_smoke.py."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Optional

import pytest

from smart_tool.smoke.command import Command, choose_command
from smart_tool.smoke.probe import ProbeResult
from smart_tool.smoke.rules import Observed, _printed_version, judge, probe_args
from smart_tool.smoke.run import _changes, _left_in
from smart_tool.smoke.wheel_facts import WheelFacts
from smart_tool_build.diagnostics.codes import resolve
from smart_tool_build.diagnostics.diagnostic import Severity, make
from smart_tool_build.diagnostics.verdict import set_aside
from smart_tool_build.rules.descriptor import Descriptor
from smart_tool_build.rules.manifest import parse_bytes
from support import run_cli

MANIFEST = b"""---
smart_tool_format: 1
name: acme
version: 1.0.0
description: Does things.
use_cases:
  - Do things
platforms:
  - linux
---

# acme

Does things well.
"""


def facts(
    argv: Optional[tuple[str, ...]] = ("acme",),
    scripts: tuple[str, ...] = ("acme",),
    smoke: Optional[tuple[str, ...]] = ("stats",),
    top_level: tuple[str, ...] = ("acme",),
) -> WheelFacts:
    found = WheelFacts(Path("acme.whl"), "acme.whl", name="acme", version="1.0.0")
    found.scripts = {name: "acme.cli:main" for name in scripts}
    found.top_level = set(top_level)
    found.members = {"acme/__init__.py", "acme/cli.py", "acme/SMART_TOOL.md"}
    if argv is not None:
        found.descriptor = Descriptor("src/acme/SMART_TOOL.md", argv, smoke)
        found.descriptor_path = "acme.whl/acme-1.0.0.dist-info/smart-tool.json"
        found.descriptor_lines = {"cli_argv": 3, "deterministic_smoke": 4}
    found.manifest = parse_bytes(MANIFEST).manifest
    found.manifest_version, found.manifest_body = "1.0.0", "# acme\n\nDoes things well."
    found.manifest_member, found.version_line, found.body_line = "acme/SMART_TOOL.md", 4, 12
    return found


def codes(found: list) -> list[tuple[str, str, Optional[str], Optional[int]]]:  # type: ignore[type-arg]
    return [(d.code, d.severity.value, d.path, d.line) for d in found]


D = "acme.whl/acme-1.0.0.dist-info/smart-tool.json"


ACME = Command("script", "acme", ())


@pytest.mark.parametrize(
    ("argv", "scripts", "command", "found"),
    [
        (("uvx", "acme", "serve"), ("acme", "acme-admin"), Command("script", "acme", ("serve",)), []),
        (("python", "-m", "acme.cli"), (), Command("module", "acme.cli", ()), []),
        # a source file, looked through its runner: the file the wheel installs, run by python
        (
            ("uv", "run", "--no-project", "src/acme/cli.py", "-q"),
            (),
            Command("file", "acme/cli.py", ("-q",)),
            [],
        ),
        (("python3", "acme/cli.py"), ("acme",), Command("file", "acme/cli.py", ()), []),
        # nothing the wheel installs: an error; its only command is run so the rest is judged
        (("python", "-m", "other"), ("acme",), ACME, [("cli-argv-installed", "error", D, 3)]),
        (("acme-cli",), ("acme",), ACME, [("cli-argv-installed", "error", D, 3)]),
        (("python", "src/other/cli.py"), ("acme",), ACME, [("cli-argv-installed", "error", D, 3)]),
        (("python", "../acme/cli.py"), (), None, [("cli-argv-installed", "error", D, 3)]),
        (("acme-cli",), ("a", "b"), None, [("cli-argv-installed", "error", D, 3)]),
        (("acme-cli",), (), None, [("cli-argv-installed", "error", D, 3)]),
        (("docker", "run", "acme/acme"), ("acme",), ACME, [("cli-argv-installed", "error", D, 3)]),
        # no descriptor at all: cli_argv cannot be judged; the only command runs
        (None, ("acme",), ACME, [("cli-argv-installed", "info", "acme.whl", None)]),
        (None, ("a", "b"), None, [("cli-argv-installed", "error", "acme.whl", None)]),
    ],
)
def test_choose_command(
    argv: Optional[tuple[str, ...]],
    scripts: tuple[str, ...],
    command: Optional[Command],
    found: list[tuple[str, str, Optional[str], Optional[int]]],
) -> None:
    chosen, diagnostics = choose_command(facts(argv, scripts))
    assert chosen == command
    assert codes(diagnostics) == found


def test_a_module_the_wheel_does_not_ship_names_what_it_ships() -> None:
    _, (diagnostic,) = choose_command(facts(("python", "-m", "other"), top_level=("acme", "acme_extra")))
    assert "ships no 'other' (it ships acme, acme_extra)" in diagnostic.message


def test_a_command_the_wheel_does_not_install_names_those_it_does() -> None:
    found = facts(("team-pulse",), scripts=("team-pulse-reports",))
    command, (diagnostic,) = choose_command(found)
    assert command == Command("script", "team-pulse-reports", ())
    assert diagnostic.message == (
        "cli_argv starts the command 'team-pulse', which the wheel does not install (it installs the "
        "commands team-pulse-reports); the probes run its only command 'team-pulse-reports' instead"
    )
    assert diagnostic.hint == "start cli_argv with a command the wheel installs: team-pulse-reports"
    found.data_scripts = {"team-pulse"}  # a script file the wheel installs (.data/scripts)
    assert choose_command(found) == (Command("script", "team-pulse", ()), [])


def run(returncode: Optional[int] = 0, stdout: str = "", stderr: str = "", **kw: bool) -> ProbeResult:
    return ProbeResult(("acme",), returncode, stdout, stderr, **kw)  # type: ignore[arg-type]


SKILL = '<skill_content name="acme">\nSkill directory: {}\n\n# acme\n\nDoes things well.\n</skill_content>'

#: a skill that lists one resource
LISTING = SKILL.replace(
    "</skill_content>",
    "<skill_resources>\n  <file>SMART_TOOL.md</file>\n</skill_resources>\n</skill_content>",
)


def good(directory: Path) -> dict[str, ProbeResult]:
    return {
        "help": run(stdout=SKILL.format(directory)),
        "short-help": run(stdout="usage: acme"),
        "version": run(stdout="acme 1.0.0"),
        "short-version": run(stdout="1.0.0"),
        "bad": run(2),
        "smoke": run(),
        "capability-help": run(stdout="usage: acme stats"),
    }


def observed(tmp_path: Path, **probes: ProbeResult) -> Observed:
    site = tmp_path / "lib" / "site-packages"
    (site / "acme").mkdir(parents=True, exist_ok=True)
    results = {**good(site / "acme"), **{k.replace("_", "-"): v for k, v in probes.items()}}
    return Observed(Command("script", "acme", ()), "acme", results, 20.0, prefix=tmp_path, site=[site])


def test_a_good_run_says_nothing(tmp_path: Path) -> None:
    assert judge(facts(), observed(tmp_path)) == []


@pytest.mark.parametrize(
    ("probes", "expected", "words"),
    [
        ({"help": run(stderr="usage on stderr")}, ("help-flags-supported", D, 3), "prints nothing on stdout"),
        (
            {"version": run(stdout="", stderr="acme 1.0.0")},
            ("cli-version", "acme.whl/acme/SMART_TOOL.md", 4),
            "(it is on stderr)",
        ),
        ({"short_version": run(stdout="acme 1.0")}, None, ""),  # PEP 440: 1.0 == 1.0.0
        (
            {"bad": run(timed_out=True, returncode=None)},
            ("no-hang-stdin-closed", D, 3),
            "`acme __conformance_no_such_verb__` did not finish",
        ),
        (
            {"smoke": run(timed_out=True, returncode=None)},
            ("no-hang-stdin-closed", D, 4),
            "process group was killed",
        ),
        (
            {"help": run(stdout=LISTING.format("/elsewhere"))},
            ("skill-resources-ship", "acme.whl", None),
            "/elsewhere is not a folder",
        ),
        # a skill that lists no resources has nothing that must resolve, wherever it says it is
        ({"help": run(stdout=SKILL.format("/elsewhere"))}, None, ""),
        (
            {"smoke": run(left_behind=True)},
            ("no-processes-left-behind", D, 3),
            "`acme stats` exited but left processes running (smoke ended them: SIGTERM)",
        ),
        (
            {"bad": run(left_behind=True, sigkilled=True, escaped=True)},
            ("no-processes-left-behind", D, 3),
            "(smoke ended them: SIGTERM, then SIGKILL); a process no mark finds still held the output",
        ),
        (
            {"smoke": run(None, timed_out=True, sigkilled=True)},
            ("no-hang-stdin-closed", D, 4),
            "the process group was killed with SIGTERM, then SIGKILL after 2 s: it ignored SIGTERM",
        ),
    ],
)
def test_one_finding(
    tmp_path: Path,
    probes: dict[str, ProbeResult],
    expected: Optional[tuple[str, str, Optional[int]]],
    words: str,
) -> None:
    found = [d for d in judge(facts(), observed(tmp_path, **probes)) if d.severity is not Severity.INFO]
    if expected is None:
        assert found == []
        return
    (diagnostic,) = [d for d in found if d.code == expected[0]]
    assert (diagnostic.code, diagnostic.path, diagnostic.line) == expected
    assert words in diagnostic.message


def test_a_timed_out_help_is_inconclusive_not_passed(tmp_path: Path) -> None:
    found = judge(facts(), observed(tmp_path, help=run(None, timed_out=True)))
    info = {d.code for d in found if d.severity is Severity.INFO}
    assert {
        "loads-without-provider",
        "help-flags-supported",
        "help-renders-manifest-body",
        "skill-resources-ship",
    } <= info
    assert "no-hang-stdin-closed" in {d.code for d in found if d.severity is Severity.ERROR}


def test_no_smoke_declared_is_said(tmp_path: Path) -> None:
    found = judge(facts(smoke=None), observed(tmp_path))
    assert codes(found) == [
        ("capability-help-supported", "info", D, 4),
        ("deterministic-capability-runs", "info", D, 4),
    ]
    assert all("declares no deterministic_smoke" in d.message for d in found)
    assert "capability-help" not in probe_args(facts(smoke=("--selftest",)))  # an option is no capability


@pytest.mark.parametrize(
    ("text", "version", "printed"),
    [
        ("acme 1.0.0", "1.0.0", True),
        ("acme, version v1.0.0.", "1.0", True),
        ("acme-1.0.0rc1", "1.0.0rc1", True),
        ("acme 11.0.0", "1.0.0", False),
        ("acme 1.0.0.1", "1.0.0", False),
        ("acme 0.9.0", "1.0.0", False),
        ("", "1.0.0", False),
    ],
)
def test_printed_version(text: str, version: str, printed: bool) -> None:
    assert _printed_version(text, version) is printed


@pytest.mark.parametrize(
    ("smoke", "wrote", "expected"),
    [
        (("stats",), {"smoke": [".acme/cache.json"]}, ("working-folder-untouched", D, 4)),
        (("stats",), {"help": ["acme.log"], "smoke": ["x"]}, ("working-folder-untouched", D, 3)),
        (("stats",), {"capability-help": ["empty/"]}, ("working-folder-untouched", D, 4)),
        # what the arguments name is output the caller asked for
        (("stats", "--out", "out.json"), {"smoke": ["out.json"]}, None),
        (("stats", "--out=./out.json"), {"smoke": ["out.json"]}, None),
        (("stats", "--out-dir", "build"), {"smoke": ["build/a.json", "build/b/"]}, None),
        (
            ("stats", "--out", "out.json"),
            {"smoke": ["out.json", "out.json.lock"]},
            ("working-folder-untouched", D, 4),
        ),
        (("stats", "--out", "out.json"), {"help": ["out.json"]}, ("working-folder-untouched", D, 3)),
    ],
)
def test_files_left_in_the_working_folder(
    tmp_path: Path,
    smoke: tuple[str, ...],
    wrote: dict[str, list[str]],
    expected: Optional[tuple[str, str, int]],
) -> None:
    seen = observed(tmp_path)
    seen.wrote = wrote
    found = [d for d in judge(facts(smoke=smoke), seen) if d.code == "working-folder-untouched"]
    assert [(d.code, d.path, d.line) for d in found] == ([expected] if expected else [])
    for d in found:
        assert d.severity is Severity.WARNING
        assert "out.json, " not in d.message  # what was asked for is not listed


def test_what_a_working_folder_holds(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "c.txt").write_text("")
    (tmp_path / "empty").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "a")
    (tmp_path / "top.log").write_text("")
    assert _left_in(tmp_path) == ["a/b/c.txt", "empty/", "link", "top.log"]
    for index in range(80):
        (tmp_path / "empty" / f"{index}.tmp").write_text("")
    assert len(_left_in(tmp_path)) == 50


def test_names_that_are_not_utf8_are_shown_as_text(tmp_path: Path) -> None:
    os.close(os.open(os.fsencode(tmp_path) + b"/log-\xff.txt", os.O_CREAT | os.O_WRONLY))
    assert _left_in(tmp_path) == ["log-\ufffd.txt"]
    assert _changes({}, {"a-\udcff.py": (1, 1)}) == ["a-\ufffd.py (created)"]


def test_changes_of_the_installed_files() -> None:
    before = {"a.py": (1, 1), "b.py": (1, 1), "c.py": (1, 1)}
    after = {"a.py": (1, 1), "b.py": (2, 5), "d.json": (1, 1)}
    assert _changes(before, after) == ["d.json (created)", "b.py (changed)", "c.py (removed)"]


def test_ignore_filters_by_code_and_knows_the_codes() -> None:
    kept = make("cli-version", "x.whl", None, "m")
    dropped = make("failure-exits-non-zero", "x.whl", None, "m")
    assert set_aside([kept, dropped], ["failure-exits-non-zero"]) == ([kept], [dropped])
    names = ["cli-version", "no-such-code", "failure-exit-non-zero"]
    assert sorted(name for name in names if resolve(name) is None) == [
        "failure-exit-non-zero",
        "no-such-code",
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["smoke", "missing.whl"], "no such file"),
        (["smoke", "README.md"], "not a wheel"),
        (["smoke", "--ignore", "no-such-code", "README.md"], "no such code 'no-such-code'"),
        (["smoke", "--timeout", "0", "README.md"], "positive number of seconds"),
        (["smoke"], "required"),
    ],
)
def test_usage_errors_are_exit_2(args: list[str], words: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2, done
    assert words in done.stderr and "Traceback" not in done.stderr


def test_a_wheel_that_cannot_be_read_is_a_finding_and_no_environment_is_made(tmp_path: Path) -> None:
    broken = tmp_path / "acme-1.0-py3-none-any.whl"
    broken.write_bytes(b"not a zip")
    done = run_cli("smoke", "--format", "json", str(broken))
    assert done.returncode == 1, done.stderr
    assert '"code": "artifact-readable"' in done.stdout
    empty = tmp_path / "empty-1.0-py3-none-any.whl"
    with zipfile.ZipFile(empty, "w") as archive:
        archive.writestr("empty.py", "")
    done = run_cli("smoke", str(empty))
    assert done.returncode == 1 and "artifact-readable" in done.stdout


def accessor_says(tmp_path: Path, answer: str, *, deps: bool = True) -> list[tuple[str, str, str]]:
    seen = observed(tmp_path)
    seen.accessor, seen.deps = run(stdout=answer), deps
    return [(d.code, d.severity.value, d.message) for d in judge(facts(), seen)]


def test_the_installed_accessor(tmp_path: Path) -> None:
    manifest = facts().manifest
    assert manifest is not None
    same = {"installed": True, "version": "0.1.0", "frontmatter": manifest.to_dict(), "body": manifest.body}
    assert accessor_says(tmp_path, json.dumps(same)) == []
    other = {**same, "frontmatter": {**manifest.to_dict(), "version": "0.9.0"}}
    ((code, severity, message),) = accessor_says(tmp_path, json.dumps(other))
    assert (code, severity) == ("installed-manifest-matches", "error")
    assert message.endswith("returns other fields: version")
    ((_, _, message),) = accessor_says(tmp_path, json.dumps({**same, "body": "stale"}))
    assert message.endswith("returns another body")
    unusable = {
        "installed": True,
        "version": "0.1.0",
        "unusable": "ModuleNotFoundError: No module named 'yaml'",
    }
    ((code, severity, message),) = accessor_says(tmp_path, json.dumps(unusable), deps=False)
    assert (code, severity) == ("installed-manifest-matches", "info")
    assert "cannot run here, installed with --no-deps: ModuleNotFoundError" in message
    ((code, severity, message),) = accessor_says(tmp_path, "Segmentation fault")
    assert (code, severity) == ("installed-manifest-matches", "error")
    assert "asking the installed accessor failed" in message
