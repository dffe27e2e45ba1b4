"""`smart-tool smoke --find-links DIR`: each folder goes to the installer that installs the
wheel (uv's or pip's ``--find-links``), as an absolute path since the installer runs in the
throwaway environment's folder; a folder that is not there is one line and exit 2.

A real smoke run of a tool that needs smart-tool-build at run time, offline, with pip and
with uv: tests/e2e/test_getting.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from smart_tool.smoke import environment
from smart_tool.smoke.environment import EnvironmentProblem, ThrowawayEnvironment, install
from support import run_cli


def installer_args(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, installer: str, find_links: tuple[str, ...]
) -> list[str]:
    seen: list[list[str]] = []

    def run(args: list[str], cwd: Path, env: object, what: str, fix: str) -> None:
        seen.append(args)

    monkeypatch.setattr(environment, "_run", run)
    monkeypatch.setattr(environment, "find_uv", lambda environ: "/opt/uv" if installer == "uv" else None)
    monkeypatch.chdir(tmp_path)
    made = ThrowawayEnvironment(tmp_path / "root", tmp_path / "root" / "env", installer)
    install(made, tmp_path / "tool.whl", deps=True, environ={}, find_links=find_links)
    (args,) = seen
    return args


@pytest.mark.parametrize("installer", ["uv", "pip"])
def test_each_folder_goes_to_the_installer_absolute(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, installer: str
) -> None:
    args = installer_args(monkeypatch, tmp_path, installer, ("wheels", "https://example.org/wheels/"))
    where = args.index("--find-links")
    assert args[where : where + 4] == [
        "--find-links",
        str(tmp_path / "wheels"),
        "--find-links",
        "https://example.org/wheels/",
    ]
    assert args[-1] == str(tmp_path / "tool.whl")
    assert (args[0] == "/opt/uv") is (installer == "uv")


def test_without_it_nothing_is_added(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert "--find-links" not in installer_args(monkeypatch, tmp_path, "pip", ())


def test_the_install_failure_names_the_option(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def fail(args: list[str], cwd: Path, env: object, what: str, fix: str) -> None:
        raise EnvironmentProblem(what, fix)

    monkeypatch.setattr(environment, "_run", fail)
    made = ThrowawayEnvironment(tmp_path, tmp_path / "env", "pip")
    with pytest.raises(EnvironmentProblem) as raised:
        install(made, tmp_path / "tool.whl", deps=True, environ={})
    assert "pass --find-links DIR for a folder of wheels (smart-tool-build's, say)" in raised.value.fix


def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "tool-1.0-py3-none-any.whl"
    wheel.write_bytes(b"")
    done = run_cli("smoke", "--find-links", "no-such-folder", wheel.name, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "smart-tool: error: --find-links no-such-folder: no such folder (a folder of wheels, or its URL)\n"
    )


def test_a_wheel_whose_path_holds_a_hash_installs(tmp_path: Path) -> None:
    """uv reads ``dist#1/x.whl`` as a requirement with a comment: the wheel is installed
    from a copy in the environment's own folder (a real install)."""
    import os

    from archive_kit import record_of, write_wheel
    from smart_tool.smoke.environment import make_environment

    info = "tiny_hash-1.0.dist-info"
    members = {
        "tiny_hash/__init__.py": b"VALUE = 1\n",
        f"{info}/METADATA": b"Metadata-Version: 2.1\nName: tiny-hash\nVersion: 1.0\n",
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    members[f"{info}/RECORD"] = record_of(members, f"{info}/RECORD")
    folder = tmp_path / "dist#1"
    folder.mkdir()
    wheel = write_wheel(folder / "tiny_hash-1.0-py3-none-any.whl", members)
    made = make_environment(None, os.environ)
    try:
        install(made, wheel, deps=False, environ=os.environ)
        assert list(made.prefix.glob("lib/python3*/site-packages/tiny_hash/__init__.py"))
    finally:
        made.remove()
