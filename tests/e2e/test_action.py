"""The GitHub Action (action.yml): its composite steps run as GitHub runs them.

Each ``run:`` step is taken from action.yml, its ``env`` filled in with the inputs as GitHub
would (defaults from the file), its ``if:`` decided the same way, and run with
``bash --noprofile --norc -eo pipefail`` from a workspace holding a fixture project.
``actions/setup-python`` is the one step not run: its output ``python-path`` is this test's
interpreter, from which the install step makes the action's own environment and fills it
from the action's checkout (this repository). The caller's ``python`` on PATH is a stand-in
that fails if run, and ``GITHUB_PATH``/``GITHUB_ENV`` are files that must stay empty: the
action leaves the job's Python to later steps as it found it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional
from urllib.parse import unquote

import pytest
import yaml
from buildkit import REPO, Builder
from smartkit import venv_env

from archive_kit import DIST_INFO, wheel_members, write_wheel
from support import ROOTS, validated_sarif

ACTION = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
STEPS: list[dict[str, Any]] = ACTION["runs"]["steps"]
EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")
CONDITION = re.compile(r"^inputs\.([a-z-]+) (==|!=) '([^']*)'$")
HOME = "my tool/café"  # a space and a non-ASCII letter, as a checkout may have
M = "src/demo_tool/SMART_TOOL.md"


def _value(expression: str, inputs: dict[str, str]) -> str:
    if expression == "github.action_path":
        return str(REPO)
    if expression == "steps.python.outputs.python-path":  # what setup-python installed
        return sys.executable
    name = expression.removeprefix("inputs.")
    assert expression.startswith("inputs.") and name in inputs, expression
    return inputs[name]


def _holds(condition: Optional[str], inputs: dict[str, str]) -> bool:
    if condition is None:
        return True
    match = CONDITION.match(condition)
    assert match, f"an `if:` this test cannot decide: {condition}"
    name, operator, value = match.groups()
    return (inputs[name] == value) == (operator == "==")


@dataclass
class Ran:
    name: str
    returncode: int
    stdout: str
    stderr: str


#: the caller's ``python`` and ``python3``: the job's own, which the action must not run
CALLER_PYTHON = '#!/bin/sh\necho "the caller\'s python was run: $0 $*" >&2\nexit 97\n'


class Runner:
    """The action's steps, with a workspace, a caller's Python on PATH it must leave alone,
    and the files through which a step would change the job's environment."""

    def __init__(self, builder: Builder, temp: Path) -> None:
        self.builder = builder
        self.temp = temp
        self.caller = temp.parent / "caller-bin"
        self.caller.mkdir(exist_ok=True)
        for name in ("python", "python3", "pip"):
            (self.caller / name).write_text(CALLER_PYTHON)
            (self.caller / name).chmod(0o755)
        self.github_files = {name: temp.parent / name.lower() for name in ("GITHUB_PATH", "GITHUB_ENV")}
        for path in self.github_files.values():
            path.write_text("")

    @property
    def python(self) -> Path:
        """The interpreter of the action's own environment, as the install step recorded it."""
        return Path((self.temp / "smart-tool-build-python").read_text().strip())

    def env(self, step_env: dict[str, str]) -> dict[str, str]:
        env = venv_env(self.builder)
        env["PATH"] = os.pathsep.join([str(self.caller), env.get("PATH", "")])
        env["RUNNER_TEMP"] = str(self.temp)
        env.update({name: str(path) for name, path in self.github_files.items()})
        env.update(step_env)
        return env

    def run(self, step: dict[str, Any], inputs: dict[str, str], workspace: Path) -> Ran:
        assert step["shell"] == "bash"
        script = step["run"]
        assert "${{" not in script, "inputs reach a script through env only (no injection)"
        step_env = {
            key: EXPRESSION.sub(lambda m: _value(m.group(1), inputs), str(value))
            for key, value in step.get("env", {}).items()
        }
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
            cwd=workspace,
            env=self.env(step_env),
            capture_output=True,
            text=True,
            timeout=600,
        )
        return Ran(step.get("name", "?"), done.returncode, done.stdout, done.stderr)

    def action(self, workspace: Path, **given: str) -> list[Ran]:
        """Every step after the install, as GitHub runs them for these inputs; a step that
        fails ends the job, as in GitHub."""
        inputs = {name: str(spec.get("default", "")) for name, spec in ACTION["inputs"].items()}
        unknown = set(given) - set(inputs)
        assert not unknown, unknown
        inputs.update(given)
        ran = []
        for step in STEPS[2:]:
            if not _holds(step.get("if"), inputs):
                continue
            ran.append(self.run(step, inputs, workspace))
            if ran[-1].returncode != 0:
                break
        return ran


@pytest.fixture(scope="module")
def runner(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Runner:
    """The install step, run once: smart-tool-build from the action's own checkout."""
    runner = Runner(builder, tmp_path_factory.mktemp("runner-temp"))
    setup, install = STEPS[0], STEPS[1]
    assert setup["uses"].startswith("actions/setup-python@")
    assert setup["with"]["update-environment"] is False
    assert "github.action_path" in install["env"]["ACTION_PATH"]
    done = runner.run(install, {}, tmp_path_factory.mktemp("workspace"))
    assert done.returncode == 0, done.stdout + done.stderr
    return runner


def by_name(ran: list[Ran]) -> dict[str, Ran]:
    return {r.name: r for r in ran}


def test_the_action_is_composite_and_documented() -> None:
    assert ACTION["runs"]["using"] == "composite"
    assert [s.get("uses") for s in STEPS if "uses" in s] == ["actions/setup-python@v6"]
    for name, spec in ACTION["inputs"].items():
        assert spec["description"], name
        assert name in (REPO / "README.md").read_text(encoding="utf-8"), f"README names input {name}"
    for step in STEPS[1:]:
        assert "run" in step and step["shell"] == "bash", step


def test_findings_annotate_and_go_into_one_sarif_log(runner: Runner, tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOTS / "manifest-name-format", workspace / HOME)
    dist = workspace / HOME / "dist"  # `dist` is relative to `path`
    dist.mkdir()
    stale = wheel_members()
    stale[f"{DIST_INFO}/RECORD"] = b"demo_tool/__init__.py,sha256=x,0\n"  # a RECORD that lies
    write_wheel(dist / "demo_tool-1.0.0-py3-none-any.whl", stale)
    ran = runner.action(workspace, path=HOME, inspect="true", **{"sarif-file": "out/smart tool.sarif"})
    steps = by_name(ran)
    assert list(steps) == [
        "smart-tool check",
        "smart-tool inspect",
        "Write the SARIF log",
        "Verdict",
    ]
    check = steps["smart-tool check"]
    assert check.returncode == 0, check.stderr  # the verdict fails the job, after every command ran
    assert f"::error file={HOME}/{M},line=3,title=manifest-name-format::" in check.stdout
    inspected = steps["smart-tool inspect"].stdout
    assert "title=artifact-record-matches::" in inspected
    verdict = steps["Verdict"]
    assert verdict.returncode == 1
    assert verdict.stdout.splitlines() == ["smart-tool check exited 1", "smart-tool inspect exited 1"]
    document = validated_sarif((workspace / "out" / "smart tool.sarif").read_text(encoding="utf-8"))
    (run,) = document["runs"]  # type: ignore[attr-defined]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules[0] == "manifest-name-format" and "artifact-record-matches" in rules
    first = run["results"][0]
    place = first["locations"][0]["physicalLocation"]
    assert place["artifactLocation"]["uri"] == f"my%20tool/caf%C3%A9/{M}"
    assert place["region"] == {"startLine": 3}
    assert (workspace / unquote(place["artifactLocation"]["uri"])).is_file()
    for result in run["results"]:
        assert rules[result["ruleIndex"]] == result["ruleId"]
    record = next(r for r in run["results"] if r["ruleId"] == "artifact-record-matches")
    assert record["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == (
        "my%20tool/caf%C3%A9/dist/demo_tool-1.0.0-py3-none-any.whl"
    )
    the_job_is_as_it_was(runner, ran)


def the_job_is_as_it_was(runner: Runner, ran: list[Ran]) -> None:
    """No step ran the caller's python or changed the job's PATH or environment."""
    for step in ran:
        assert "the caller's python was run" not in step.stderr, (step.name, step.stderr)
    assert {name: path.read_text() for name, path in runner.github_files.items()} == {
        "GITHUB_PATH": "",
        "GITHUB_ENV": "",
    }


def test_dist_is_relative_to_path_and_absolute_as_given(runner: Runner, tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOTS / "valid", workspace / "tools" / "valid")
    (workspace / "dist").mkdir()
    write_wheel(workspace / "dist" / "other-1.0.0-py3-none-any.whl", wheel_members())  # not path's
    ran = runner.action(workspace, path="tools/valid", inspect="true")
    steps = by_name(ran)
    assert "no artifact matches tools/valid/dist/*" in steps["smart-tool inspect"].stdout
    assert steps["Verdict"].stdout.splitlines() == ["smart-tool inspect exited 2"]
    (workspace / "tools" / "valid" / "dist").mkdir()
    write_wheel(workspace / "tools" / "valid" / "dist" / "demo_tool-1.0.0-py3-none-any.whl", wheel_members())
    ran = runner.action(workspace, path="tools/valid/", inspect="true")
    steps = by_name(ran)
    assert steps["Verdict"].returncode == 0, [r.stdout + r.stderr for r in ran]
    assert "1 artifact checked: 0 errors" in steps["smart-tool inspect"].stdout
    absolute = f"{workspace}/dist/*"
    ran = runner.action(workspace, path="tools/valid", inspect="true", dist=absolute)
    assert "1 artifact checked: 0 errors" in by_name(ran)["smart-tool inspect"].stdout
    the_job_is_as_it_was(runner, ran)


def test_a_clean_tree_passes_and_writes_no_log_unasked(runner: Runner, tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOTS / "valid", workspace / "tools" / "valid")
    ran = runner.action(workspace, recursive="true")
    assert [(r.name, r.returncode) for r in ran] == [("smart-tool check", 0), ("Verdict", 0)]
    assert "1 root checked: 0 errors, 0 warnings, 0 info" in ran[0].stdout
    assert not any(workspace.rglob("*.sarif"))


def test_nothing_built_is_said_and_fails(runner: Runner, tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOTS / "valid", workspace)
    ran = runner.action(workspace, smoke="true", **{"sarif-file": "smart-tool.sarif"})
    steps = by_name(ran)
    assert "::error title=smart-tool smoke::no artifact matches dist/*" in steps["smart-tool smoke"].stdout
    assert steps["Verdict"].returncode == 1
    assert steps["Verdict"].stdout.splitlines() == ["smart-tool smoke exited 2"]
    document = validated_sarif((workspace / "smart-tool.sarif").read_text(encoding="utf-8"))
    assert document["runs"][0]["results"] == []  # type: ignore[index]


def test_the_python_is_the_action_checkout(runner: Runner) -> None:
    done = subprocess.run(
        [str(runner.python), "-m", "smart_tool", "--version"], capture_output=True, text=True
    )
    assert done.stdout.startswith("smart-tool "), done.stdout + done.stderr
    assert "(smart-tool-build " in done.stdout, done.stdout
    assert sys.executable != str(runner.python)


def test_an_mcp_servers_artifacts_are_inspected_for_the_claim(runner: Runner, tmp_path: Path) -> None:
    """`server-json`, relative to `path`, makes `inspect` check each artifact's description for
    the server's `mcp-name:` claim: a wheel whose description lost it fails on its METADATA."""
    workspace = tmp_path / "workspace"
    home = workspace / "server"
    shutil.copytree(ROOTS / "valid-mcp-server", home)
    (home / "dist").mkdir()
    info = "acme_mcp-1.2.0.dist-info"
    metadata = b"Metadata-Version: 2.4\nName: acme-mcp\nVersion: 1.2.0\n\n# acme-mcp\n"
    write_wheel(
        home / "dist" / "acme_mcp-1.2.0-py3-none-any.whl",
        {
            "acme_mcp/__init__.py": b"",
            f"{info}/METADATA": metadata,
            f"{info}/WHEEL": b"Wheel-Version: 1.0\n",
            f"{info}/RECORD": b"",
        },
    )
    ran = runner.action(workspace, path="server", inspect="true", **{"server-json": "server.json"})
    steps = by_name(ran)
    inspected = steps["smart-tool inspect"].stdout
    assert "title=mcp-name-claimed::" in inspected, inspected
    assert "artifact-descriptor-present" not in inspected
    assert steps["Verdict"].stdout.splitlines() == ["smart-tool inspect exited 1"]
    the_job_is_as_it_was(runner, ran)
