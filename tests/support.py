"""Helpers shared by the tests: where the fixtures are, running the CLI, dropping privileges.

A plain module rather than conftest.py, so ``from support import ...`` cannot pick up another
folder's conftest (tests/e2e has its own). Set ``SMART_TOOL_TEST_INSTALLED=1`` to test the
installed package: the CLI then runs with the environment as it is; otherwise the
repository's ``src`` and ``cli/src`` are put first on PYTHONPATH (and on sys.path, see conftest.py).
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

import packaging.version  # noqa: F401  (imported before any privilege drop: the core imports it lazily)
import pytest

REPO = Path(__file__).resolve().parents[1]
SRC = REPO / "src"
#: the command line's distribution, smart-tool, beside the build distribution
CLI_SRC = REPO / "cli" / "src"
FIXTURES = REPO / "fixtures"
ROOTS = FIXTURES / "roots"
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def documented_ref() -> str:
    """The git reference the documentation names for this project: the tag ``v<version>``
    once the changelog's entry for the version is a release, the branch ``main`` while it
    says "unreleased" (the release makes the tag; before it no clone carries one)."""
    from smart_tool_build import __version__

    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    heading = re.search(rf"^## v?{re.escape(__version__)}\b(.*)$", changelog, re.M)
    return "main" if heading is None or "unreleased" in heading[1].lower() else f"v{__version__}"


#: the judges our skill verdicts are compared with: each distribution's import package, and the
#: oldest Python it installs on (its Requires-Python; tox.ini's deps install it from there,
#: tests/unit/test_ci.py holds the two together)
JUDGES = {
    "skills_ref": ("skills-ref", (3, 11)),
    "skillmeta": ("skillmeta", (3, 10)),
    "library_skills": ("library-skills", (3, 10)),
}


def in_ci() -> bool:
    """Whether this run is CI's (``CI=true``, as CI services set it) or tox's, where every
    judge tox.ini installs must be there."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"} or "TOX_ENV_NAME" in os.environ


def judge(module: str) -> Any:
    """A judge's module (``skills_ref.validator``). A skip says its real reason: a Python it
    does not install on, or not installed here (CONTRIBUTING's environment installs it). In
    CI a judge missing where it installs fails the run: a lost judge is no green skip."""
    distribution, python = JUDGES[module.split(".")[0]]
    here = f"{sys.version_info[0]}.{sys.version_info[1]}"
    if sys.version_info < python:
        pytest.skip(
            f"{distribution} installs on Python {python[0]}.{python[1]} and newer; this is {here}",
            allow_module_level=True,
        )
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        reason = f"{distribution} is not importable on Python {here} ({exc}); pip install {distribution}"
        if in_ci():
            pytest.fail(f"a judge is missing in CI: {reason}", pytrace=False)
        pytest.skip(reason, allow_module_level=True)


#: the uid a root test process switches to, to see what an ordinary user sees
NOBODY = 65534


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONSTARTUP", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    if env.get("SMART_TOOL_TEST_INSTALLED") != "1":
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), str(CLI_SRC), env.get("PYTHONPATH")]))
    return env


def run_cli(
    *args: str, cwd: Optional[Path] = None, module: str = "smart_tool"
) -> subprocess.CompletedProcess[str]:
    """``python -m smart_tool ARGS``; never raises on a non-zero exit."""
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd or REPO,
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )


def interruptible() -> None:
    """A ``preexec_fn``: the child takes SIGINT as Ctrl-C even when this test process was
    started in the background, where SIGINT is ignored and an ignored signal stays ignored
    across exec (a Python child would then never raise KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def copy_root(name: str, target: Path) -> Path:
    """A writable copy of fixtures/roots/<name> at ``target``."""
    shutil.copytree(ROOTS / name, target, symlinks=True)
    return target


@contextlib.contextmanager
def unprivileged() -> Iterator[None]:
    """Run the block as a user that file permissions apply to.

    As root, permissions do not stop reading (CAP_DAC_OVERRIDE), so a chmod 000 folder
    proves nothing. Root switches its *effective* uid to ``nobody`` for the block and back
    afterwards (the real and saved uid stay 0, so the switch back is allowed). A test
    process that cannot switch is skipped, with the reason.
    """
    if os.name != "posix":
        pytest.skip("permission tests need POSIX permissions")
    if os.geteuid() != 0:
        yield
        return
    try:
        os.seteuid(NOBODY)
    except OSError as exc:  # pragma: no cover - depends on the container's capabilities
        pytest.skip(f"running as root and cannot drop to uid {NOBODY} ({exc}): root reads chmod 000 files")
    try:
        yield
    finally:
        os.seteuid(0)


def validated_sarif(text: str) -> dict[str, object]:
    """A SARIF log checked against sarif-pydantic's SARIF 2.1.0 models: it must load, and no
    object may carry a key those models do not know (they accept extras, so that is asked
    here), then the log as a dict. sarif-pydantic needs Python 3.10: on 3.9 the log is only
    read, and the tests' own assertions still run."""
    import json

    document = json.loads(text)
    if sys.version_info < (3, 10):
        return dict(document)
    from pydantic import BaseModel
    from sarif_pydantic import Sarif

    log = Sarif.model_validate(document)

    def known_keys_only(value: object, where: str) -> None:
        if isinstance(value, BaseModel):
            extra = {k: v for k, v in (value.model_extra or {}).items() if k != "$schema"}
            assert not extra, f"{where}: keys outside SARIF 2.1.0: {sorted(extra)}"
            for name in type(value).model_fields:
                known_keys_only(getattr(value, name), f"{where}.{name}")
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                known_keys_only(item, f"{where}[{index}]")
        elif isinstance(value, dict):
            for key, item in value.items():
                known_keys_only(item, f"{where}.{key}")

    known_keys_only(log, "log")
    assert log.version == "2.1.0" and len(log.runs) == 1
    return dict(document)
