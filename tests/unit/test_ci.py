"""The CI's tox.ini runs every real-build file once: each ``tests/e2e/test_*.py`` is in
exactly one of the two halves of the real builds (``e2e-a``, ``e2e-b``), so that a new file
cannot be left out of CI, nor run twice."""

from __future__ import annotations

import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HALVES = ("e2e_a", "e2e_b")


def _tox() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(ROOT / "tox.ini", encoding="utf-8")
    return parser


def _files(key: str) -> list[str]:
    return _tox()["vars"][key].split()


def test_every_real_build_file_is_in_exactly_one_half() -> None:
    on_disk = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "e2e").glob("test_*.py"))
    listed = [name for half in HALVES for name in _files(half)]
    twice = sorted({name for name in listed if listed.count(name) > 1})
    assert twice == [], f"in both halves (or twice in one) of tox.ini's [vars]: {twice}"
    missing = sorted(set(on_disk) - set(listed))
    assert missing == [], f"add these to e2e_a or e2e_b in tox.ini's [vars], or CI never runs them: {missing}"
    gone = sorted(set(listed) - set(on_disk))
    assert gone == [], f"tox.ini's [vars] names files that do not exist: {gone}"


def test_both_halves_run_in_ci() -> None:
    tox = _tox()
    ci = [name.strip() for name in tox["tox"]["labels"].split("ci =", 1)[1].split("\n", 1)[0].split(",")]
    assert {"e2e-a", "e2e-b"} <= set(ci), ci
    assert "e2e" not in ci, "the whole real-build suite runs as its two halves"
    for half in HALVES:
        env = f"testenv:{half.replace('_', '-')}"
        assert f"{{[vars]{half}}}" in tox[env]["commands"], tox[env]["commands"]


def test_the_core_builds_are_real_build_files() -> None:
    """The core real builds (``e2e-py39``, ``e2e-py313``) name files that exist."""
    assert [name for name in _files("core_builds") if not (ROOT / name).is_file()] == []
