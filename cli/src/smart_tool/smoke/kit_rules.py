"""The smart-tools conformance kit's seventeen rules, in the kit's order, and ours after them:
each with the spec sentence it puts to work and the codes of ours that judge it.

The kit (``conformance/run.py`` in microsoft/amplifier-smart-tools) names its rules as we name
our codes, so a kit rule is judged by the code of the same id. One takes two of ours:
``descriptor-present`` is our ``descriptor-present`` (no file) and ``descriptor-shape`` (not
the object the packaging text describes). A rule that goes beyond the spec says so rather
than quote a sentence that is not there (the kit's own convention).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from smart_tool_build.diagnostics.codes import CodeId


class Rule(NamedTuple):
    id: str
    #: the spec sentence the rule puts to work (``document.md: '...'``)
    spec: str
    #: our codes whose findings decide it
    codes: tuple[CodeId, ...]
    #: the detail of a PASS
    passed: str


def _rule(id: CodeId, spec: str, passed: str, *more: CodeId) -> Rule:
    return Rule(id, spec, (id, *more), passed)


#: the ten rules the kit judges from the files of the distribution root
FILE_RULES: tuple[Rule, ...] = (
    _rule(
        "descriptor-present",
        "packaging.md: 'smart-tool.json, at the distribution root.' 'manifest: required. Path to "
        "SMART_TOOL.md, relative to this file.' 'cli_argv: required. The argv prefix that starts "
        "the tool's CLI.'",
        "smart-tool.json names the manifest and how to start the CLI",
        "descriptor-shape",
    ),
    _rule(
        "manifest-present",
        "packaging.md: 'manifest: required. Path to SMART_TOOL.md, relative to this file.'",
        "the manifest the descriptor names is there, inside the root, named SMART_TOOL.md",
    ),
    _rule(
        "manifest-frontmatter-parses",
        "manifest.md: 'SMART_TOOL.md ... YAML frontmatter, then a Markdown body.'",
        "the frontmatter is YAML and reads as a mapping",
    ),
    _rule(
        "manifest-fields-closed",
        "manifest.md: 'Fields not listed here are not part of the manifest.'",
        "only the seven fields of the spec",
    ),
    _rule(
        "manifest-required-fields",
        "manifest.md: 'Every field is required and carries content, except requires, which a tool "
        "with no prerequisites leaves out.'",
        "every required field is there, with content",
    ),
    _rule(
        "manifest-field-shapes",
        "manifest.md: 'The example fixes each field's shape. smart_tool_format is a number, name, "
        "version, and description are strings, use_cases and platforms are lists of strings, and "
        "requires is a list of entries.'",
        "every field has the shape the spec gives it",
    ),
    _rule(
        "manifest-name-format",
        "manifest.md: 'name is lowercase alphanumeric and hyphens.'",
        "the name is lowercase alphanumerics and hyphens",
    ),
    _rule(
        "manifest-version-matches-package",
        "manifest.md: 'version is the tool's version, and it matches the version in the package definition.'",
        "the manifest's version is the package's",
    ),
    _rule(
        "manifest-requires-shape",
        "manifest.md: 'Each entry carries name, purpose, and install, and may carry optional. install "
        "is a reference to documentation, a relative path or a URL, never a command.'",
        "every requires entry is well formed, its install a document",
    ),
    _rule(
        "manifest-single-per-root",
        "manifest.md: 'Exactly one manifest per distribution. A second SMART_TOOL.md under a "
        "distribution root is incorrect and not a valid smart tool.'",
        "one SMART_TOOL.md under the root, nested tools aside",
    ),
)

#: the seven the kit judges by running the tool (smoke: the installed wheel)
RUNTIME_RULES: tuple[Rule, ...] = (
    _rule(
        "loads-without-provider",
        "invocation.md: 'Callers who never invoke a model-backed path never need model credentials, "
        "and the tool must not require them in order to load.'",
        "`--help` exits 0 with every provider variable removed",
    ),
    _rule(
        "help-flags-supported",
        "invocation.md: '-h is the user summary.' '--help is the skill' 'Stdout carries the "
        "requested result'",
        "`-h` and `--help` exit 0, `--help` prints on stdout",
    ),
    _rule(
        "cli-version",
        "packaging.md: 'Each tool specifies its version and keeps it consistent across any pieces "
        "it exposes to users (ex. the lib, cli, optional skills, etc).'",
        "`-V` and `--version` exit 0 and print the manifest's version",
    ),
    _rule(
        "capability-help-supported",
        "invocation.md: 'each pointing at <tool> <capability> --help. That per-capability listing "
        "is required for every capability'",
        "the capability of deterministic_smoke answers `--help` with exit 0",
    ),
    _rule(
        "deterministic-capability-runs",
        "packaging.md: 'deterministic_smoke: a capability that runs with no provider configured.'",
        "cli_argv + deterministic_smoke exits 0 with every provider variable removed",
    ),
    _rule(
        "failure-exits-non-zero",
        "invocation.md: 'At the CLI, a failure exits non-zero.'",
        "an unknown verb exits non-zero",
    ),
    _rule(
        "no-hang-stdin-closed",
        "invocation.md: 'Invoked non-interactively, with stdin closed, it completes or it fails, "
        "rather than blocking on a prompt'",
        "every probe finished within the timeout, stdin closed",
    ),
)

#: ours, about the installed copy: judged on every smoke run
OUR_RUNTIME_RULES: tuple[Rule, ...] = (
    _rule(
        "cli-argv-installed",
        "packaging.md: 'cli_argv resolves to a build of the distribution it sits in.'",
        "cli_argv starts a command, module or file the wheel installs",
    ),
    _rule(
        "help-renders-manifest-body",
        "manifest.md: 'Everything below the frontmatter is the skill ... It is what --help renders'",
        "`--help` prints the manifest body",
    ),
    _rule(
        "installed-manifest-matches",
        "manifest.md: 'the library exposes it as structured data read from the copy built into the tool'",
        "the installed accessor returns the manifest the wheel carries",
    ),
    _rule(
        "skill-resources-ship",
        "invocation.md: 'Every path resolves after installation, so the files ship inside the package.'",
        "every resource the skill lists is in the installed copy",
    ),
    _rule(
        "installed-files-untouched",
        "invocation.md: 'State, caches, logs, and temporary files belong outside the tool's own directory.'",
        "the probes wrote nothing into the installed environment",
    ),
    _rule(
        "working-folder-untouched",
        "invocation.md: 'is invoked from a working directory it did not choose, so neither is a safe "
        "place to write.'",
        "the probes left nothing in the folder they ran from but what their arguments name",
    ),
    _rule(
        "no-processes-left-behind",
        "beyond the spec: a probe that exits leaves nothing running the caller did not ask for",
        "no probe left a process running",
    ),
)

KIT_IDS = tuple(rule.id for rule in FILE_RULES + RUNTIME_RULES)

#: the specification these rules follow, as the conformance document's provenance says it:
#: the manifest format they read, the kit's document and rule count they match, and the
#: spec's commit once the texts they were written from are pinned to one (None until then)
SPEC_REVISION: Optional[str] = None
SPEC = {
    "repository": "https://github.com/microsoft/amplifier-smart-tools",
    "revision": SPEC_REVISION,
    "smart_tool_format": 1,
    "conformance": "smart-tools-conformance/v1",
    "kit_rules": len(KIT_IDS),
}
