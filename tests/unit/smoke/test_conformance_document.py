"""The conformance document from diagnostics: every kit rule in the kit's order, a status each
(a SKIP with its reason), the counts and verdict the kit computes over its seventeen, ours in
a section of their own (``beyond_kit``) with a verdict of its own.
The same on real wheels: tests/e2e/test_conformance.py."""

from __future__ import annotations

from typing import Any, Optional

import pytest

from smart_tool.smoke.conformance import FileFacts, document, provenance
from smart_tool.smoke.kit_rules import FILE_RULES, KIT_IDS, OUR_RUNTIME_RULES, RUNTIME_RULES
from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity, make

FM = {"name": "acme", "version": "1.0", "requires": [{"name": "x"}]}
S = "acme-1.0.tar.gz"


def doc(
    files: Optional[list[Diagnostic]] = None,
    runtime: Optional[list[Diagnostic]] = None,
    fm: Any = FM,
    **kw: Any,
) -> dict[str, Any]:
    facts = None if files is None else FileFacts(S, files, fm)
    return document(target="/x/acme.whl", runtime=runtime or [], files=facts, provenance={}, **kw)


def checks(found: dict[str, Any]) -> list[dict[str, str]]:
    """The kit's checks, then ours."""
    return [*found["checks"], *found["beyond_kit"]["checks"]]


def status(found: dict[str, Any]) -> dict[str, str]:
    return {c["id"]: c["status"] for c in checks(found)}


def detail(found: dict[str, Any], rule: str) -> str:
    return next(c["detail"] for c in checks(found) if c["id"] == rule)


def test_a_clean_tool_passes_every_rule_in_the_kits_order() -> None:
    found = doc([], [])
    assert [c["id"] for c in found["checks"]] == list(KIT_IDS)
    assert [c["id"] for c in found["beyond_kit"]["checks"]] == [r.id for r in OUR_RUNTIME_RULES]
    assert set(status(found).values()) == {"PASS"}
    assert found["verdict"] == "PASS" and found["failed_rules"] == []
    assert found["counts"] == {"pass": 17, "fail": 0, "skip": 0}
    assert found["beyond_kit"]["counts"] == {"pass": 7, "fail": 0, "skip": 0}
    assert list(found) == [
        "schema",
        "target",
        "verdict",
        "counts",
        "failed_rules",
        "checks",
        "beyond_kit",
        "provenance",
    ]
    assert list(found["beyond_kit"]) == ["verdict", "counts", "failed_rules", "checks"]


def test_a_rule_the_kit_does_not_have_fails_only_our_section() -> None:
    """skill-resources-ship is ours: failing it leaves the kit's verdict PASS."""
    missing = make("skill-resources-ship", "w.whl/acme/docs/a.md", None, "the skill lists 'docs/a.md'")
    found = doc([], [missing])
    assert found["verdict"] == "PASS" and found["counts"] == {"pass": 17, "fail": 0, "skip": 0}
    assert "skill-resources-ship" not in {c["id"] for c in found["checks"]}
    ours = found["beyond_kit"]
    assert ours["verdict"] == "FAIL" and ours["failed_rules"] == ["skill-resources-ship"]


def test_an_error_fails_its_rule_with_where_and_what() -> None:
    bad = make("manifest-name-format", f"{S}/acme-1.0/SMART_TOOL.md", 3, "`name` 'Acme' is not lowercase")
    found = doc([bad], [])
    assert status(found)["manifest-name-format"] == "FAIL"
    assert (
        detail(found, "manifest-name-format")
        == f"{S}/acme-1.0/SMART_TOOL.md:3: `name` 'Acme' is not lowercase"
    )
    assert found["verdict"] == "FAIL" and found["failed_rules"] == ["manifest-name-format"]
    assert found["counts"] == {"pass": 16, "fail": 1, "skip": 0}


def test_descriptor_shape_decides_the_kits_descriptor_present() -> None:
    found = doc([make("descriptor-shape", f"{S}/acme-1.0/smart-tool.json", 1, "`manifest` is missing")], [])
    assert status(found)["descriptor-present"] == "FAIL"
    # what reads the manifest cannot be judged: skipped with why, never passed
    assert status(found)["manifest-present"] == "SKIP"
    assert "no usable descriptor" in detail(found, "manifest-present")
    assert {status(found)[r.id] for r in FILE_RULES[2:]} == {"SKIP"}


def test_a_warning_passes_its_rule_and_says_so_unless_warnings_are_errors() -> None:
    unknown = make("descriptor-shape", "d.json", 4, "unknown key 'x'", severity=Severity.WARNING)
    found = doc([unknown], [])
    assert status(found)["descriptor-present"] == "PASS"
    assert detail(found, "descriptor-present") == "warning: d.json:4: unknown key 'x'"
    strict = doc([unknown], [], warnings_as_errors=True)
    assert status(strict)["descriptor-present"] == "FAIL" and strict["verdict"] == "FAIL"


def test_an_info_is_a_skip_with_its_reason() -> None:
    said = make("cli-version", "w.whl", None, "not judged: the probe did not finish", severity=Severity.INFO)
    found = doc([], [said])
    assert status(found)["cli-version"] == "SKIP"
    assert detail(found, "cli-version") == "w.whl: the probe did not finish"


@pytest.mark.parametrize(
    ("files", "fm", "skipped", "words"),
    [
        (
            [make("manifest-present", "m", None, "missing")],
            None,
            "manifest-frontmatter-parses",
            "no manifest was read",
        ),
        ([make("manifest-frontmatter-parses", "m", 1, "no ---")], None, "manifest-fields-closed", "not read"),
        ([], {"version": "1"}, "manifest-name-format", "no name"),
        ([], {"name": "acme"}, "manifest-version-matches-package", "no version"),
        ([], {"name": "acme", "version": "1", "requires": []}, "manifest-requires-shape", "no requires"),
        ([make("manifest-present", "m", None, "missing")], None, "manifest-single-per-root", "no manifest"),
    ],
)
def test_a_file_rule_that_cannot_be_judged_is_skipped_with_why(
    files: list[Diagnostic], fm: Any, skipped: str, words: str
) -> None:
    found = doc(files, [], fm=fm)
    assert status(found)[skipped] == "SKIP"
    assert words in detail(found, skipped)


def test_no_sdist_and_no_root_skips_the_file_rules_saying_what_to_give() -> None:
    found = doc(None, [])
    assert {status(found)[r.id] for r in FILE_RULES} == {"SKIP"}
    assert "give the sdist beside the wheel" in detail(found, "descriptor-present")
    assert {status(found)[r.id] for r in RUNTIME_RULES} == {"PASS"}


def test_a_wheel_not_run_skips_every_runtime_rule_and_its_problem_is_a_check() -> None:
    unreadable = make("artifact-readable", "w.whl", None, "artifact cannot be read: not a zip")
    found = document(
        target="w",
        runtime=[unreadable],
        files=None,
        provenance={},
        not_run="the wheel cannot be read",
    )
    assert {status(found)[r.id] for r in RUNTIME_RULES + OUR_RUNTIME_RULES} == {"SKIP"}
    assert status(found)["artifact-readable"] == "FAIL"  # ours, after the kit's
    assert found["beyond_kit"]["checks"][-1]["spec"].startswith("beyond the kit: ")
    assert found["beyond_kit"]["verdict"] == "FAIL" and found["verdict"] == "PASS"


def test_an_ignored_rule_is_a_skip_and_fails_nothing() -> None:
    found = doc([], [], ignored={"cli-version"})
    assert status(found)["cli-version"] == "SKIP"
    assert "set aside by ignore" in detail(found, "cli-version")
    # one of the two codes of descriptor-present ignored: the other still decides it
    found = doc([make("descriptor-present", "d", None, "no descriptor")], [], ignored={"descriptor-shape"})
    assert status(found)["descriptor-present"] == "FAIL"


def test_every_check_has_a_spec_and_ids_are_the_kits_seventeen() -> None:
    assert len(KIT_IDS) == 17 and len(FILE_RULES) == 10 and len(RUNTIME_RULES) == 7
    for rule in FILE_RULES + RUNTIME_RULES + OUR_RUNTIME_RULES:
        assert rule.spec and rule.passed, rule.id
        assert rule.spec.startswith(
            ("manifest.md: ", "packaging.md: ", "invocation.md: ", "beyond the spec: ")
        )


def test_provenance_says_what_was_judged_and_by_which_rules() -> None:
    said = provenance(
        distribution="acme",
        version="1.0",
        wheel="dist/acme-1.0-py3-none-any.whl",
        sdist="dist/acme-1.0.tar.gz",
        root=None,
        descriptor={"path": "dist/acme-1.0.tar.gz/acme-1.0/smart-tool.json", "from": "sdist"},
        source={"repository": "https://example.com/acme.git", "ref": "main", "commit": "a" * 40},
        tool_version="9.9",
    )
    assert said["repository"] == "https://example.com/acme.git" and said["commit"] == "a" * 40
    assert said["spec"]["kit_rules"] == 17 and said["spec"]["smart_tool_format"] == 1
    assert said["smart_tool_build"] == "9.9"
