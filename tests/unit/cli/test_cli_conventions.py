"""The conventions of ruff, pip and uv: ``-q``/``-v`` on every command, ``--exit-zero``,
``--output-format`` (``--format`` kept as its alias), and ``inspect -v``'s line per artifact
that passed. Run as a user runs them: a subprocess, real roots and real archives.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from archive_kit import DIST_INFO, sdist_members, wheel_members, write_sdist, write_wheel
from smart_tool.cli.parser import COMMANDS, _parser
from support import REPO, ROOTS, run_cli

R = "fixtures/roots"
BAD = f"{R}/manifest-name-format"
FINDING = f"{BAD}/src/demo_tool/SMART_TOOL.md:3: manifest-name-format: "

#: what each command needs besides its options
REQUIRED = {
    "check": [],
    "fix": [],
    "init": [],
    "inspect": ["x.whl"],
    "smoke": ["x.whl"],
    "show": ["demo-tool"],
    "snapshot": [".", "-d", "out"],
    "catalog": ["check", "."],
    "codes": [],
}


def cli(*args: str, cwd: Path = REPO) -> tuple[int, list[str], str]:
    done = run_cli(*args, cwd=cwd)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done.returncode, done.stdout.splitlines(), done.stderr


def test_every_command_takes_q_and_v() -> None:
    assert set(REQUIRED) == set(COMMANDS)
    for command, required in REQUIRED.items():
        for flag in ("-q", "-qq", "-v", "--quiet", "--verbose"):
            args = _parser().parse_args([command, *required, flag])
            assert (args.quiet, args.verbose) == (
                {"-q": 1, "-qq": 2, "--quiet": 1}.get(flag, 0),
                {"-v": 1, "--verbose": 1}.get(flag, 0),
            ), (command, flag)


def test_check_v_says_what_passed() -> None:
    code, out, err = cli("check", "-v", f"{R}/valid", BAD)
    assert code == 1, err
    assert out[0].startswith(FINDING)
    assert out[1:] == [f"{R}/valid: ok", "2 roots checked: 1 error, 0 warnings, 0 info"]


def test_check_v_says_how_many_skills_it_checked() -> None:
    """A library's ok line counts its skills, in both layouts; a tool's says ok alone."""
    code, out, err = cli("check", "-v", f"{R}/valid-skills", f"{R}/valid-skills-option", f"{R}/valid")
    assert code == 0, err
    assert out == [
        f"{R}/valid-skills: ok, 2 skills checked",
        f"{R}/valid-skills-option: ok, 1 skill checked",
        f"{R}/valid: ok",
        "3 roots checked: 0 errors, 0 warnings, 0 info",
    ]


def test_q_prints_the_findings_only_and_qq_nothing() -> None:
    code, out, _ = cli("check", "-q", f"{R}/valid", BAD)
    assert code == 1
    assert len(out) == 1 and out[0].startswith(FINDING)
    assert cli("check", "-q", f"{R}/valid") == (0, [], "")
    assert cli("check", "-qq", BAD) == (1, [], "")
    code, out, _ = cli("check", "-q", "--format", "json", BAD)  # one document stays whole
    assert json.loads("\n".join(out))["summary"]["error"] == 1


def test_exit_zero_keeps_findings_and_failures() -> None:
    code, out, _ = cli("check", "--exit-zero", BAD)
    assert code == 0
    assert out[0].startswith(FINDING)
    assert cli("check", "--exit-zero", f"{R}/does-not-exist")[0] == 2  # the tool's failure stays
    assert cli("catalog", "check", "--exit-zero", f"{R}/valid")[0] == 0


def test_output_format_is_format() -> None:
    long = cli("check", "--output-format", "json", BAD)
    assert long == cli("check", "--format", "json", BAD)
    assert json.loads("\n".join(long[1]))["diagnostics"][0]["code"] == "manifest-name-format"
    assert cli("codes", "--output-format", "markdown")[1][0].startswith("| code |")


def test_inspect_v_says_each_artifact_that_passed(tmp_path: Path) -> None:
    write_wheel(tmp_path / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    write_sdist(tmp_path / "demo_tool-1.0.0.tar.gz", sdist_members())
    broken = wheel_members()
    broken[f"{DIST_INFO}/RECORD"] = b"demo_tool/__init__.py,sha256=x,0\n"
    write_wheel(tmp_path / "other-1.0.0-py3-none-any.whl", broken)
    names = ["demo_tool-1.0.0-py3-none-any.whl", "demo_tool-1.0.0.tar.gz", "other-1.0.0-py3-none-any.whl"]
    code, out, _ = cli("inspect", "-v", *names, cwd=tmp_path)
    assert code == 1
    assert out[-3:] == [
        "demo_tool-1.0.0-py3-none-any.whl: ok",
        "demo_tool-1.0.0.tar.gz: ok",
        "3 artifacts checked: 6 errors, 0 warnings, 0 info",
    ]
    assert all(line.startswith("other-1.0.0-py3-none-any.whl/") for line in out[:-3])
    code, out, _ = cli("inspect", *names[:2], cwd=tmp_path)  # without -v: the summary alone
    assert (code, out) == (0, ["2 artifacts checked: 0 errors, 0 warnings, 0 info"])


@pytest.mark.parametrize("flag", ["-v", "-q"])
def test_v_and_q_after_the_command_are_not_a_usage_error(flag: str) -> None:
    code, _, err = cli("check", flag, str(ROOTS / "valid"))
    assert code == 0, err
    assert "usage:" not in err


def test_smart_tool_without_smart_tool_build_says_so_in_one_line() -> None:
    """``smart-tool`` installed with --no-deps (or smart-tool-build removed since): one line
    naming the fix and the exit status of a command that could not run, no traceback."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['smart_tool_build'] = None\n"
        "from smart_tool.cli import main\nraise SystemExit(main(['--help']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    from smart_tool.cli.exits import EXIT_FAILURE

    assert done.returncode == EXIT_FAILURE, done.stderr
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("smart-tool: error: smart-tool ") and "which is not installed" in line, line
    assert "pip install 'smart-tool-build==" in line
