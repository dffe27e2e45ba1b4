"""Codes of the runtime rules: what ``smart-tool smoke`` finds running an installed wheel.

The first seven are the smart-tools conformance kit's runtime rules, under the kit's ids;
smoke runs them against the wheel installed in a throwaway environment instead of the source
tree. Any of them is info when it cannot be judged (the kit's SKIP), with the reason.
"""

from __future__ import annotations

from .base import ERROR, INFO, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "loads-without-provider",
        ERROR,
        "With every model-provider variable removed from the environment (API keys, tokens, "
        "provider and model names), `--help` does not exit 0: the tool refuses to load "
        "without a provider.",
        "Read provider settings when a model-backed capability runs, not at import or start-up.",
    ),
    Code(
        "help-flags-supported",
        ERROR,
        "`-h` or `--help` does not exit 0, or `--help` prints nothing on stdout.",
        "Answer both flags with exit 0; print the skill (`--help`) and the summary (`-h`) on stdout.",
    ),
    Code(
        "cli-version",
        ERROR,
        "`-V` or `--version` does not exit 0, or does not print the manifest's version on stdout.",
        "Answer both flags with the version the manifest and the package metadata carry.",
    ),
    Code(
        "capability-help-supported",
        ERROR,
        "`<capability> --help` (the capability `deterministic_smoke` starts with) does not exit 0.",
        "Give every capability its own `--help`: arguments, result and exit codes.",
    ),
    Code(
        "deterministic-capability-runs",
        ERROR,
        "`cli_argv` + `deterministic_smoke` does not exit 0, or does not finish, with every "
        "provider variable removed.",
        "Make the declared capability run with no provider, or declare one that does.",
    ),
    Code(
        "failure-exits-non-zero",
        ERROR,
        "An unknown verb (`__conformance_no_such_verb__`) exits 0: a failure that scripts cannot see.",
        "Exit non-zero on every failure, a bad invocation included.",
    ),
    Code(
        "no-hang-stdin-closed",
        ERROR,
        "A probe run with stdin closed did not finish within the timeout (its process group was killed).",
        "Never wait for input when stdin is closed or not a terminal: finish or fail.",
    ),
    Code(
        "cli-argv-installed",
        ERROR,
        "What `cli_argv` starts (its runner prefix looked through: uvx, uv run, python, ...) is "
        "nothing the wheel installs: none of its commands (console scripts, `.data/scripts`), no "
        "module it ships (`python -m`), no file it ships (a source path such as "
        "`src/acme/cli.py` is the installed `acme/cli.py`). When the wheel has exactly one "
        "command, the probes run it instead, so the other rules are still judged. As info: "
        "the wheel has no descriptor (and no sdist or `--descriptor` gave one), so its only "
        "command was run.",
        "Start `cli_argv` with a command the wheel installs (the hint lists them), `python -m` "
        "with a module it ships, or a file inside its package.",
    ),
    Code(
        "help-renders-manifest-body",
        WARNING,
        "The manifest body does not appear in the `--help` output (whitespace aside, whatever "
        "wrapper is around it): `--help` does not render the skill.",
        "Print the skill on `--help`: `smart_tool_build.render_skill(...)` renders it from "
        "the installed copy.",
    ),
    Code(
        "installed-manifest-matches",
        ERROR,
        "`load_manifest` of the smart-tool-build installed with the tool does not return the "
        "manifest the wheel carries: it raises, or its fields or body differ. As info: "
        "smart-tool-build is not installed beside the tool, so there is nothing to ask.",
        "Build with smart-tool-build so the manifest ships where the accessor reads it; "
        "depend on a smart-tool-build that understands the manifest's format.",
    ),
    Code(
        "skill-resources-ship",
        ERROR,
        "A file the skill lists in `<skill_resources>` is not under the skill directory of the "
        "installed copy (the wheel does not ship it), is not a relative path, or `Skill "
        "directory:` is not a folder of the installed copy.",
        "Ship the file inside the package (package data), or drop it from the resources; "
        "resolve the skill directory at run time from the installed package.",
    ),
    Code(
        "installed-files-untouched",
        ERROR,
        "Running the probes created, changed or removed files in the installed environment: "
        "the tool writes beside its own installed files.",
        "Put state, caches and logs in the per-user location, temporary files in a temporary "
        "folder, and output where the caller asks.",
    ),
    Code(
        "working-folder-untouched",
        WARNING,
        "A probe left files in the working folder it was started from (a fresh, empty scratch "
        "folder), none of which its arguments name: the tool writes state, caches or logs into "
        "whatever folder it is invoked from.",
        "Put state, caches and logs in the per-user location and temporary files in a temporary "
        "folder; write output only where the caller asks for it.",
    ),
    Code(
        "no-processes-left-behind",
        WARNING,
        "A probe exited but left processes running (they were ended: SIGTERM, then SIGKILL), "
        "daemons that left its process group included, or one of them kept its output open.",
        "Wait for what the tool starts, or do not start servers and daemons unless asked.",
    ),
    Code(
        "dependencies-installed",
        INFO,
        "Probes failed for want of a module no installed distribution provides, and smoke installed "
        "the wheel without some of its dependencies (`--no-deps`, `--no-install-package`): the "
        "rules those probes decide are not judged.",
        "Give smoke the missing dependency: a folder holding its wheel (`--find-links DIR`), or "
        "install it and drop `--no-install-package` / `--no-deps`.",
    ),
)
