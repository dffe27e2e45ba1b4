"""``smart-tool smoke --format conformance``: the conformance kit's own document, from our rules.

The kit prints ``{"schema": "smart-tools-conformance/v1", "target", "verdict", "counts",
"failed_rules", "checks": [{"id", "status", "spec", "detail"}]}``: every rule, always, as PASS,
FAIL or SKIP, a SKIP with its reason, the verdict FAIL iff a check FAILs. Here every check is
decided by our diagnostics of the rule's codes (:mod:`.kit_rules`): an error FAILs it; a
warning PASSes it with the warning said (FAILs it under ``--warnings-as-errors``, so that the
verdict is always the exit code); an info is the rule saying it could not be judged, a SKIP;
no finding PASSes it when the rule could be judged, and SKIPs it, with why, when it could not
(no manifest to read, no frontmatter, no requires entry to look at).

The ten file rules come from the sdist (``archives.verify``) or a source root given with
``--root`` (``rules.root``); the seven runtime rules from the installed wheel. The document's
checks, counts and verdict are those seventeen, as the kit gives them; ours (the installed
copy's rules, and any further code with findings) are a section of their own,
``beyond_kit``, with a verdict of its own. Then ``provenance``: what was judged, from where,
by which rules.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple, Optional

from smart_tool_build.diagnostics.codes import CODES
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity

from .kit_rules import FILE_RULES, OUR_RUNTIME_RULES, RUNTIME_RULES, SPEC, Rule

SCHEMA = "smart-tools-conformance/v1"
PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"
#: what an info of a rule that could not be judged starts with (the judge's skip)
_NOT_JUDGED = "not judged: "


class FileFacts(NamedTuple):
    """What the file rules were judged from: an sdist or a source root, and what was found."""

    #: the sdist or the root, as given
    shown: str
    diagnostics: Sequence[Diagnostic]
    #: the manifest's frontmatter as read (a mapping), None when it was not read
    frontmatter: Any = None


class Check(NamedTuple):
    id: str
    status: str
    spec: str
    detail: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "status": self.status, "spec": self.spec, "detail": self.detail}


def _said(diagnostic: Diagnostic) -> str:
    where = diagnostic.path or ""
    if diagnostic.line is not None:
        where += f":{diagnostic.line}"
    message = diagnostic.message
    if message.startswith(_NOT_JUDGED):
        message = message[len(_NOT_JUDGED) :]
    return f"{where}: {message}" if where else message


def _decide(found: Sequence[Diagnostic], strict: bool) -> Optional[tuple[str, str]]:
    """(status, detail) from a rule's findings; None when there is none."""

    def listed(severities: Collection[Severity]) -> list[str]:
        return [_said(d) for d in found if d.severity in severities]

    failing = listed({Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR})
    if failing:
        return FAIL, "; ".join(failing)
    warnings = listed({Severity.WARNING})
    if warnings:
        return PASS, "warning: " + "; ".join(warnings)
    skipped = listed({Severity.INFO})
    return (SKIP, "; ".join(skipped)) if skipped else None


class _Judged:
    """Checks, written in order, each decided from the findings of its codes."""

    def __init__(self, findings: Sequence[Diagnostic], ignored: Collection[str], strict: bool) -> None:
        self.by_code: dict[str, list[Diagnostic]] = {}
        for d in findings:
            self.by_code.setdefault(d.code, []).append(d)
        self.ignored, self.strict = set(ignored), strict
        self.checks: list[Check] = []
        self.status: dict[str, str] = {}
        self.used: set[str] = set()

    def add(self, rule: Rule, unjudged: Optional[str] = None) -> None:
        """Decide ``rule``; ``unjudged`` is why it could not be judged, if it could not."""
        self.used.update(rule.codes)
        found = [d for code in rule.codes if code not in self.ignored for d in self.by_code.get(code, [])]
        decided = _decide(found, self.strict)
        if decided is None and all(code in self.ignored for code in rule.codes):
            decided = SKIP, f"set aside by ignore ({', '.join(rule.codes)})"
        if decided is None:
            decided = (SKIP, unjudged) if unjudged else (PASS, rule.passed)
        self.status[rule.id] = decided[0]
        self.checks.append(Check(rule.id, decided[0], rule.spec, decided[1]))

    def skip_all(self, rules: Sequence[Rule], why: str) -> None:
        for rule in rules:
            self.used.update(rule.codes)
            self.status[rule.id] = SKIP
            self.checks.append(Check(rule.id, SKIP, rule.spec, why))


def _entries(frontmatter: Any, key: str) -> bool:
    return isinstance(frontmatter, Mapping) and frontmatter.get(key) not in (None, [], "")


def _file_checks(judged: _Judged, files: Optional[FileFacts]) -> None:
    """The ten file rules, each judged only when what it reads was read (the kit's cascade)."""
    if files is None:
        judged.skip_all(
            FILE_RULES,
            "judged from the sdist or the source root: give the sdist beside the wheel "
            "(smart-tool smoke dist/*), or --root",
        )
        return
    fm = files.frontmatter
    for rule in FILE_RULES:
        judged.add(rule, _unjudged(rule.id, judged.status, fm))


def _unjudged(rule: str, status: Mapping[str, str], fm: Any) -> Optional[str]:
    """Why the file rule ``rule`` could not be judged, given the rules before it."""
    if rule == "descriptor-present":
        return None
    if rule == "manifest-present":
        return (
            "there is no usable descriptor to name it (see descriptor-present)"
            if status["descriptor-present"] == FAIL
            else None
        )
    if rule == "manifest-frontmatter-parses":
        return None if status["manifest-present"] == PASS else "no manifest was read (see manifest-present)"
    if rule == "manifest-single-per-root":
        return None if status["manifest-present"] == PASS else "no manifest was found (see manifest-present)"
    if status["manifest-frontmatter-parses"] != PASS:
        return "the frontmatter was not read (see manifest-frontmatter-parses)"
    if rule == "manifest-name-format" and not (isinstance(fm, Mapping) and "name" in fm):
        return "the manifest has no name to look at"
    if rule == "manifest-version-matches-package" and not (isinstance(fm, Mapping) and "version" in fm):
        return "the manifest has no version to compare"
    if rule == "manifest-requires-shape" and not _entries(fm, "requires"):
        return "the manifest lists no requires entries to look at"
    return None


def document(
    *,
    target: str,
    runtime: Sequence[Diagnostic],
    files: Optional[FileFacts],
    provenance: Mapping[str, Any],
    ignored: Collection[str] = (),
    warnings_as_errors: bool = False,
    not_run: Optional[str] = None,
) -> dict[str, Any]:
    """The kit's document: its 17 checks, ours in a section of their own, and ``provenance``.

    ``checks``, ``counts``, ``failed_rules`` and ``verdict`` are the kit's seventeen rules only,
    so that whatever reads the kit's verdict reads the same rules; ``beyond_kit`` holds ours
    (the installed copy's seven, and any other code that found something) with a verdict of
    their own. ``not_run`` says why the wheel was not run at all (it cannot be read): every
    runtime rule is then a SKIP with that reason, and what stopped it a check of ours.
    """
    found = [*(files.diagnostics if files else ()), *runtime]
    kit = _Judged(found, ignored, warnings_as_errors)
    _file_checks(kit, files)
    ours = _Judged(found, ignored, warnings_as_errors)
    if not_run is not None:
        kit.skip_all(RUNTIME_RULES, not_run)
        ours.skip_all(OUR_RUNTIME_RULES, not_run)
    else:
        for rule in RUNTIME_RULES:
            kit.add(rule)
        for rule in OUR_RUNTIME_RULES:
            ours.add(rule)
    used = kit.used | ours.used
    for code in CODES.values():  # our other rules, when they found something
        if code.id not in used and code.id not in ignored and ours.by_code.get(code.id):
            spec = f"beyond the kit: {code.means}"
            ours.add(Rule(code.id, spec, (code.id,), ""))
    return {
        "schema": SCHEMA,
        "target": target,
        **_verdict(kit.checks),
        "beyond_kit": _verdict(ours.checks),
        "provenance": dict(provenance),
    }


def _verdict(checks: Sequence[Check]) -> dict[str, Any]:
    """The kit's verdict of ``checks``: FAIL iff one FAILs; the counts; the failed rules; the checks."""
    counts = {
        "pass": sum(c.status == PASS for c in checks),
        "fail": sum(c.status == FAIL for c in checks),
        "skip": sum(c.status == SKIP for c in checks),
    }
    return {
        "verdict": FAIL if counts["fail"] else PASS,
        "counts": counts,
        "failed_rules": [c.id for c in checks if c.status == FAIL],
        "checks": [c.to_dict() for c in checks],
    }


def provenance(
    *,
    distribution: Optional[str],
    version: Optional[str],
    wheel: str,
    sdist: Optional[str],
    root: Optional[str],
    descriptor: Optional[Mapping[str, str]],
    source: Mapping[str, Optional[str]],
    tool_version: str,
) -> dict[str, Any]:
    """What was judged and by what: the release, the artifacts and root, the descriptor used
    (``{"path", "from"}``), the repository, ref and commit when known (``source``), the spec
    the rules follow, and smart-tool-build's version."""
    return {
        "distribution": distribution,
        "version": version,
        "wheel": wheel,
        "sdist": sdist,
        "root": root,
        "descriptor": dict(descriptor) if descriptor else None,
        "repository": source.get("repository"),
        "ref": source.get("ref"),
        "commit": source.get("commit"),
        "spec": dict(SPEC),
        "smart_tool_build": tool_version,
    }
