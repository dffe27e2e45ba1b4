"""action.yml read as a file: it leaves the job's Python alone (setup-python without updating
the environment, nothing written to GITHUB_PATH or GITHUB_ENV, no bare ``python`` or ``pip``),
runs on current majors of the actions it uses, and takes `dist` relative to `path`. The
steps themselves run in tests/e2e/test_action.py.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from support import REPO
from unit.test_release import CURRENT_ACTIONS

ACTION: dict[str, Any] = yaml.safe_load((REPO / "action.yml").read_text(encoding="utf-8"))
STEPS: list[dict[str, Any]] = ACTION["runs"]["steps"]
#: a command that would run whatever ``python`` or ``pip`` the job's PATH holds
BARE = re.compile(r"(?:^|[\s;&|(])(?<!-m\s)(?:python3?|pip3?)(?:\s|$)")


def test_setup_python_does_not_update_the_environment() -> None:
    (setup,) = [step for step in STEPS if "uses" in step]
    name, _, ref = setup["uses"].partition("@")
    assert name == "actions/setup-python"
    assert int(ref.lstrip("v")) >= CURRENT_ACTIONS[name]
    assert setup["with"]["update-environment"] is False
    assert setup["id"] == "python"
    install = STEPS[STEPS.index(setup) + 1]
    assert install["env"]["SETUP_PYTHON"] == "${{ steps.python.outputs.python-path }}"


def test_no_step_changes_the_job_or_runs_its_python() -> None:
    for step in STEPS:
        script = step.get("run", "")
        assert "GITHUB_PATH" not in script and "GITHUB_ENV" not in script, step.get("name")
        for line in script.splitlines():
            code = line.split("#", 1)[0].strip()
            if code.startswith("echo "):
                continue  # a message, not a command
            assert not BARE.search(code), f"{step.get('name')}: {line.strip()}"


def test_dist_is_taken_relative_to_path() -> None:
    for step in STEPS:
        if "INPUT_DIST" in step.get("env", {}):
            assert step["env"]["INPUT_PATH"] == "${{ inputs.path }}"
            assert '("$base"/$INPUT_DIST)' in step["run"], step["name"]


def test_server_json_reaches_inspect_relative_to_path() -> None:
    """An MCP server's server.json is handed to `inspect --server-json`, taken as `dist` is."""
    [step] = [step for step in STEPS if step.get("name") == "smart-tool inspect"]
    assert step["env"]["INPUT_SERVER_JSON"] == "${{ inputs.server-json }}"
    assert 'args+=(--server-json "$base/$INPUT_SERVER_JSON")' in step["run"]
    assert ACTION["inputs"]["server-json"]["default"] == ""
