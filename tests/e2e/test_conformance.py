"""`smart-tool smoke --format conformance` on hand-written equivalents of the conformance kit's
own fixtures (fixtures/conformance/, see its README), built as every public tool is published
(without smart-tool-build: the descriptor is in the sdist only) and smoked as `dist/*`.

Per rule, the document says what the kit says of the same tool, wherever the kit reads the
spec right; where it does not, the difference is named here with the reason (DIFFERENCES), so
that every departure from the kit is a decision, written down, and tested.

The kit's statuses (KIT) are read from its run.py: its file rules as the 15-rule revision
codes them, and its two newer runtime rules (cli-version, capability-help-supported) from its
fixtures and README. Each fixture is built once and smoked once per module.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from buildkit import FIXTURES, Builder
from test_smoke import Runner

from smart_tool.smoke.kit_rules import FILE_RULES, KIT_IDS, OUR_RUNTIME_RULES, RUNTIME_RULES

pytestmark = pytest.mark.build

CONFORMANCE = FIXTURES / "conformance"
BASE = "sample-good"
PASS, FAIL, SKIP = "PASS", "FAIL", "SKIP"
#: probes of the tools that hang end at this many seconds
TIMEOUT = {"sample-bad-hang": 2.0, "differs-help-hangs": 2.0}
FILE_IDS = [rule.id for rule in FILE_RULES]
RUNTIME_IDS = [rule.id for rule in RUNTIME_RULES]
CONTENT = [
    "manifest-fields-closed",
    "manifest-required-fields",
    "manifest-field-shapes",
    "manifest-name-format",
    "manifest-version-matches-package",
    "manifest-requires-shape",
]


def skip(*rules: str) -> dict[str, str]:
    return dict.fromkeys(rules, SKIP)


#: what the kit gives each fixture where it is not PASS (sample-good: 17 PASS, none skipped)
KIT: dict[str, dict[str, str]] = {
    BASE: {},
    # no `manifest`: descriptor-present fails, and manifest-present with it (the kit's cascade);
    # the kit looks for SMART_TOOL.md at the root, finds none, and judges no field; it still
    # runs cli_argv and reads deterministic_smoke out of the descriptor it failed
    "sample-bad-descriptor-no-manifest": {
        "descriptor-present": FAIL,
        "manifest-present": FAIL,
        **skip("manifest-frontmatter-parses", *CONTENT),
    },
    "sample-bad-manifest-missing": {
        "manifest-present": FAIL,
        **skip("manifest-frontmatter-parses", *CONTENT, "manifest-single-per-root", "cli-version"),
    },
    # MANIFEST.md is read as the manifest all the same; no SMART_TOOL.md under the root
    "sample-bad-manifest-wrong-name": {"manifest-present": FAIL, "manifest-single-per-root": SKIP},
    "sample-bad-frontmatter-broken": {
        "manifest-frontmatter-parses": FAIL,
        **skip(*CONTENT, "cli-version"),
    },
    "sample-bad-extra-field": {"manifest-fields-closed": FAIL},
    "sample-bad-missing-version": {
        "manifest-required-fields": FAIL,
        **skip("manifest-version-matches-package", "cli-version"),
    },
    "sample-bad-field-shape": {"manifest-field-shapes": FAIL},
    "sample-bad-name-uppercase": {"manifest-name-format": FAIL},
    # the manifest says 0.2.0, the package and `--version` 0.1.0
    "sample-bad-version-mismatch": {"manifest-version-matches-package": FAIL, "cli-version": FAIL},
    "sample-bad-requires-install-command": {"manifest-requires-shape": FAIL},
    "sample-bad-double-manifest": {"manifest-single-per-root": FAIL},
    # every answer exits 3 without a provider: every probe fails but the bad verb's
    "sample-bad-refuses-without-provider": {
        "loads-without-provider": FAIL,
        "help-flags-supported": FAIL,
        "cli-version": FAIL,
        "capability-help-supported": FAIL,
        "deterministic-capability-runs": FAIL,
    },
    "sample-bad-help-no-short-flag": {"help-flags-supported": FAIL},
    "sample-bad-version-no-long-flag": {"cli-version": FAIL},
    "sample-bad-capability-no-help": {"capability-help-supported": FAIL},
    "sample-bad-deterministic-refuses": {"deterministic-capability-runs": FAIL},
    "sample-bad-failure-exits-zero": {"failure-exits-non-zero": FAIL},
    # the capability hangs: its run times out (a FAIL) and it is the probe the kit times
    "sample-bad-hang": {"deterministic-capability-runs": FAIL, "no-hang-stdin-closed": FAIL},
    # the kit on tools it reads wrong (DIFFERENCES says how)
    "differs-version-superstring": {},  # "samplegood 10.1.0" contains "0.1.0"
    # --help and -h time out: inconclusive for the kit, and its one timed probe (the
    # capability) finishes, so the verdict is PASS
    "differs-help-hangs": skip("loads-without-provider", "help-flags-supported"),
    "differs-help-on-stderr": {},
    # its reader keeps `[linux, macos]` as one string
    "differs-flow-sequence": {"manifest-field-shapes": FAIL},
    # its reader keeps the comment in the value: "samplegood  # the tool"
    "differs-comment-after-value": {"manifest-name-format": FAIL},
    # its reader keeps the last of the two names; YAML refuses the second
    "differs-duplicate-key": {},
    # `^(...|docker|...)\b` matches "docker/README.md": a document taken for a command
    "differs-installer-named-document": {"manifest-requires-shape": FAIL},
    # pyproject.toml's version is dynamic: the kit does not compare it
    "differs-dynamic-version": skip("manifest-version-matches-package"),
}

#: where we give another status than the kit, and why the kit reads the spec wrong there
DIFFERENCES: dict[str, dict[str, tuple[str, str]]] = {
    "sample-bad-descriptor-no-manifest": {
        "manifest-present": (SKIP, "no descriptor names a manifest: the rule cannot be judged"),
        "manifest-single-per-root": (SKIP, "the manifest is named by the descriptor, and none is"),
        "capability-help-supported": (SKIP, "an invalid descriptor is not half-trusted"),
        "deterministic-capability-runs": (SKIP, "an invalid descriptor is not half-trusted"),
    },
    "sample-bad-manifest-wrong-name": {
        rule: (SKIP, "MANIFEST.md is not the manifest (the descriptor names SMART_TOOL.md)")
        for rule in ("manifest-frontmatter-parses", *CONTENT, "cli-version")
    },
    "differs-version-superstring": {"cli-version": (FAIL, "10.1.0 is not the manifest's 0.1.0")},
    "differs-help-hangs": {"no-hang-stdin-closed": (FAIL, "every probe is timed, not one")},
    "differs-help-on-stderr": {
        "help-flags-supported": (FAIL, "stdout carries the result; --help prints none")
    },
    "differs-flow-sequence": {"manifest-field-shapes": (PASS, "[linux, macos] is a YAML list of strings")},
    "differs-comment-after-value": {
        "manifest-name-format": (PASS, "a YAML comment is not part of the value")
    },
    "differs-duplicate-key": {
        "manifest-frontmatter-parses": (FAIL, "YAML mapping keys are unique"),
        **{rule: (SKIP, "a frontmatter that is not YAML has no fields to read") for rule in CONTENT},
        "cli-version": (SKIP, "a frontmatter that is not YAML has no version to print"),
    },
    "differs-installer-named-document": {"manifest-requires-shape": (PASS, "docker/README.md is a document")},
    "differs-dynamic-version": {
        "manifest-version-matches-package": (PASS, "the sdist's PKG-INFO resolves the dynamic version")
    },
}


#: tools that misbehave beyond any kit rule: each still gets a whole document
FAILING_RUNS = {
    "loads-without-provider": FAIL,
    "help-flags-supported": FAIL,
    "cli-version": FAIL,
    "capability-help-supported": FAIL,
    "deterministic-capability-runs": FAIL,
}
FAULTS: dict[str, tuple[dict[str, str], str]] = {
    # every answer aborts the interpreter (SIGABRT): a crash is a failure, said as one
    "faults-crash": (FAILING_RUNS, "is killed by SIGABRT"),
    # every answer prints bytes that are not UTF-8 on both streams and exits 1
    "faults-invalid-utf8": (FAILING_RUNS, "\ufffd"),
}


class Smoked(NamedTuple):
    returncode: int
    document: dict[str, Any]
    stderr: str
    seconds: float

    def statuses(self) -> dict[str, str]:
        """The kit's checks' and ours (``beyond_kit``)."""
        checks = [*self.document["checks"], *self.document["beyond_kit"]["checks"]]
        return {c["id"]: c["status"] for c in checks}


def fixture_names() -> list[str]:
    return sorted(p.name for p in CONFORMANCE.iterdir() if p.is_dir())


def project_of(builder: Builder, name: str) -> Path:
    """The base tool with the overlay laid over it, less what its REMOVED file lists."""
    project = builder.copy(CONFORMANCE / BASE, f"kit-{name}")
    if name != BASE:
        shutil.copytree(CONFORMANCE / name, project, dirs_exist_ok=True)
    removed = project / "REMOVED"
    if removed.exists():
        for line in removed.read_text().split():
            (project / line).unlink()
        removed.unlink()
    return project


def smoke(runner: Runner, dist: Path, *args: str) -> Smoked:
    started = time.monotonic()
    artifacts = sorted(p.name for p in dist.iterdir())
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "smart_tool",
            "smoke",
            "--no-deps",
            "--format",
            "conformance",
            *args,
            *artifacts,
        ],
        cwd=dist,
        env=runner.env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in done.stderr, done.stderr
    document = json.loads(done.stdout) if done.returncode in (0, 1) else {}
    return Smoked(done.returncode, document, done.stderr, time.monotonic() - started)


@pytest.fixture(scope="module")
def runner(builder: Builder, tmp_path_factory: pytest.TempPathFactory) -> Runner:
    return Runner(builder, tmp_path_factory.mktemp("conformance"))


@pytest.fixture(scope="module")
def dists(builder: Builder) -> dict[str, Path]:
    def build(name: str) -> Path:
        done = builder.build(project_of(builder, name), isolated=False)
        assert done.ok, done.output
        return done.out_dir

    with ThreadPoolExecutor(2) as pool:
        return dict(zip(fixture_names(), pool.map(build, fixture_names())))


@pytest.fixture(scope="module")
def smoked(dists: dict[str, Path], runner: Runner) -> dict[str, Smoked]:
    def run(name: str) -> Smoked:
        timeout = ["--timeout", str(TIMEOUT[name])] if name in TIMEOUT else []
        return smoke(runner, dists[name], *timeout)

    with ThreadPoolExecutor(2) as pool:
        return dict(zip(sorted(dists), pool.map(run, sorted(dists))))


def expected(name: str) -> dict[str, str]:
    kit = {**dict.fromkeys(KIT_IDS, PASS), **KIT[name]}
    return {**kit, **{rule: ours for rule, (ours, _) in DIFFERENCES.get(name, {}).items()}}


@pytest.mark.parametrize("name", sorted(KIT))
def test_each_rule_as_the_kit_or_a_named_difference(name: str, smoked: dict[str, Smoked]) -> None:
    result = smoked[name]
    found = {c["id"]: c["status"] for c in result.document["checks"]}  # the kit's seventeen only
    assert found == expected(name), json.dumps(result.document["checks"], indent=1)
    verdict = FAIL if FAIL in found.values() else PASS
    assert result.document["verdict"] == verdict
    ours = result.document["beyond_kit"]["verdict"]
    assert result.returncode == (1 if FAIL in (verdict, ours) else 0), result.stderr


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_a_tool_that_crashes_or_prints_no_text_gets_a_whole_document(
    name: str, smoked: dict[str, Smoked]
) -> None:
    result = smoked[name]
    statuses, words = FAULTS[name]
    assert result.statuses() == {**result.statuses(), **statuses}
    assert {r: result.statuses()[r] for r in FILE_IDS} == dict.fromkeys(FILE_IDS, PASS)
    assert result.statuses()["no-hang-stdin-closed"] == PASS
    assert result.statuses()["failure-exits-non-zero"] == PASS  # not 0: a failure
    assert result.returncode == 1 and result.document["verdict"] == FAIL
    details = [c["detail"] for c in result.document["checks"] if c["id"] in statuses]
    assert all(words in detail for detail in details), details


def test_every_fixture_folder_is_in_the_table() -> None:
    assert set(fixture_names()) == set(KIT) | set(FAULTS)
    assert set(DIFFERENCES) <= set(KIT)
    for name, rules in DIFFERENCES.items():
        for rule, (ours, why) in rules.items():
            assert ours != {**dict.fromkeys(KIT_IDS, PASS), **KIT[name]}[rule], (name, rule)
            assert why, (name, rule)


def test_every_kit_rule_fails_on_a_fixture_of_its_own(smoked: dict[str, Smoked]) -> None:
    """As the kit asks of its fixtures: each rule has a sample-bad tool that fails it."""
    for rule in KIT_IDS:
        failing = [n for n, r in smoked.items() if n.startswith("sample-bad-") and r.statuses()[rule] == FAIL]
        assert failing, rule


def test_the_document_is_the_kits_shape(smoked: dict[str, Smoked]) -> None:
    for name, result in smoked.items():
        document = result.document
        assert list(document) == [
            "schema",
            "target",
            "verdict",
            "counts",
            "failed_rules",
            "checks",
            "beyond_kit",
            "provenance",
        ]
        assert document["schema"] == "smart-tools-conformance/v1"
        # the kit's seventeen, in its order, and only those; ours in a section of their own
        assert [c["id"] for c in document["checks"]] == [*FILE_IDS, *RUNTIME_IDS], name
        ours = [rule.id for rule in OUR_RUNTIME_RULES]
        assert [c["id"] for c in document["beyond_kit"]["checks"]][: len(ours)] == ours, name
        for section in (document, document["beyond_kit"]):
            statuses = [c["status"] for c in section["checks"]]
            assert section["counts"] == {s.lower(): statuses.count(s) for s in (PASS, FAIL, SKIP)}
            assert section["failed_rules"] == [c["id"] for c in section["checks"] if c["status"] == FAIL]
            assert section["verdict"] == (FAIL if FAIL in statuses else PASS)
            for check in section["checks"]:
                assert set(check) == {"id", "status", "spec", "detail"}
                assert check["spec"].strip() and check["detail"].strip(), (name, check)


def test_provenance_names_the_release_the_descriptor_and_the_rules(smoked: dict[str, Smoked]) -> None:
    said = smoked[BASE].document["provenance"]
    assert said["distribution"] == "samplegood" and said["version"] == "0.1.0"
    assert said["wheel"] == "samplegood-0.1.0-py3-none-any.whl"
    assert said["sdist"] == "samplegood-0.1.0.tar.gz"
    assert said["descriptor"] == {
        "path": "samplegood-0.1.0.tar.gz/samplegood-0.1.0/smart-tool.json",
        "from": "sdist",
    }
    assert said["spec"]["conformance"] == "smart-tools-conformance/v1" and said["spec"]["kit_rules"] == 17
    assert said["smart_tool_build"]


def _json_smoke(runner: Runner, dist: Path, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "smart_tool", "smoke", "--no-deps", "--format", "json", *args],
        cwd=dist,
        env=runner.env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def _found(document: dict[str, Any]) -> list[tuple[str, str, str, Any]]:
    return sorted((d["code"], d["severity"], d["path"], d["line"]) for d in document["diagnostics"])


W = "samplegood-0.1.0-py3-none-any.whl"


def test_the_sdist_lends_its_descriptor_and_a_given_one_wins(dists: dict[str, Path], runner: Runner) -> None:
    dist = dists[BASE]
    both = _json_smoke(runner, dist, W, "samplegood-0.1.0.tar.gz")
    assert both["checked"] == [W]
    assert (
        "artifact-descriptor-present",
        "info",
        f"{W}/samplegood-0.1.0.dist-info/smart-tool.json",
        None,
    ) in _found(both)
    # alone, the wheel has no descriptor: cli_argv and the capability cannot be judged
    alone = _found(_json_smoke(runner, dist, W))
    assert ("cli-argv-installed", "info", W, None) in alone
    assert ("deterministic-capability-runs", "info", W, None) in alone
    given = dist.parent / "given-smart-tool.json"
    given.write_text(
        '{\n  "manifest": "src/samplegood/SMART_TOOL.md",\n  "cli_argv": ["samplegood"],\n'
        '  "deterministic_smoke": ["summarize", "--text", "a long text"]\n}\n'
    )
    found = _json_smoke(runner, dist, "--descriptor", str(given), W, "samplegood-0.1.0.tar.gz")
    # summarize is model-backed: with the provider variables removed it exits 3
    assert ("deterministic-capability-runs", "error", given.as_posix(), 4) in _found(found)
    assert ("artifact-descriptor-present", "info", given.as_posix(), None) in _found(found)


def test_root_judges_the_file_rules_on_the_source_and_git_says_where_it_is(
    builder: Builder, dists: dict[str, Path], runner: Runner
) -> None:
    root = project_of(builder, BASE)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-C", str(root)]
    for args in (
        ["init", "-q", "-b", "main"],
        ["remote", "add", "origin", "https://github.com/example/samplegood.git"],
        ["add", "-A"],
        ["commit", "-q", "-m", "samplegood"],
    ):
        subprocess.run([*git, *args], check=True, capture_output=True)
    head = subprocess.run(
        [*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    result = smoke(runner, dists["sample-bad-name-uppercase"], "--root", str(root))
    # the sdist's name is uppercase, the root's is not: the root is what was judged
    assert result.statuses()["manifest-name-format"] == PASS
    said = result.document["provenance"]
    assert (said["root"], said["repository"], said["ref"], said["commit"]) == (
        str(root),
        "https://github.com/example/samplegood.git",
        "main",
        head,
    )
