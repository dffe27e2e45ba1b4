"""What ``smart-tool fix`` changes: the findings that have exactly one right answer, as
byte-exact edits computed from the parsed project.

Every span comes from a parser (the YAML event stream, :mod:`ast`), never from a search over
the text, and every manifest edit is proven before it is offered: the edited document must
read exactly as before except for the one value changed. Nothing here writes;
:mod:`smart_tool.authoring.edits` does, and only when asked.

What is fixed:

- the manifest's ``version`` set to the package's version as the package definition writes it
  (when that is known and a release), also when YAML read it as a number;
- a number-looking ``version`` quoted as written (``1.10`` -> ``"1.10"``) when the package
  version is not known here;
- ``smart_tool_format: "1"`` unquoted;
- platform spellings (``darwin`` -> ``macos``), unless the list already names the platform;
- a static ``__version__`` beside the manifest that differs from the package version;
- a missing smart-tool.json, when the root holds exactly one manifest and the package
  declares exactly one command;
- an MCP server's server.json versions (its own PyPI entry's, and the top-level one unless
  ``mcp-server-version = "independent"``) set to the package's release version, in METADATA's
  normal form.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic
from smart_tool_build.parsing import frontmatter, safe_yaml
from smart_tool_build.project import walk
from smart_tool_build.project.distribution import PackageVersion, is_collection
from smart_tool_build.project.manifest_model import to_plain
from smart_tool_build.project.names import DESCRIPTOR_NAME
from smart_tool_build.rules.manifest import SUPPORTED_FORMAT
from smart_tool_build.rules.platforms import PLATFORMS, canonical_platform
from smart_tool_build.rules.root import RootReport, check_root
from smart_tool_build.rules.version_attr import version_attr_drift
from smart_tool_build.rules.versions import pep440_normal

from .edits import Edit, creation
from .literals import literal_span, replace_literal
from .scripts import console_scripts
from .written import accepted_spellings, release_version, render_descriptor
from .yaml_source import ScalarSource, ValuePath, render_string, scalar_sources

_BOM = b"\xef\xbb\xbf"


class FixPlan(NamedTuple):
    """The edits for one root, and its check as it stands before them."""

    edits: list[Edit]
    report: RootReport

    def remaining(self) -> list[Diagnostic]:
        """The findings the edits leave, as the check sees the root now (a new descriptor
        lets the check read further: run it again after writing to see those rules)."""
        resolved = {(edit.code, edit.shown, edit.line) for edit in self.edits}
        return [d for d in self.report.diagnostics if (d.code, d.path, d.line) not in resolved]


def plan_fixes(root: Path, display: str = "") -> FixPlan:
    """The edits that fix what has one right answer under the root ``root``.

    ``display`` is the root as the user named it, as for :func:`check_root`.
    """
    report = check_root(root, display=display)
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    edits: list[Edit] = []
    manifest_relative = report.manifest_relative
    if not os.path.lexists(root / DESCRIPTOR_NAME):
        created = _descriptor_edit(root, report, prefix)
        if created is not None:
            edits.append(created[0])
            manifest_relative = created[1]
    if manifest_relative is not None:
        version = report.package.version
        edits += _ManifestFixer.edits(root, manifest_relative, prefix, version)
        edits += _version_attr_edits(root, manifest_relative, prefix, version)
    edits += _server_json_edits(root, report, prefix)
    # nothing is written outside the root: not through a symlink to a file, nor a folder
    edits = [edit for edit in edits if within(edit.path, root)]
    edits.sort(key=lambda e: (e.shown, e.line or 0))
    return FixPlan(edits, report)


def within(path: Path, root: Path) -> bool:
    """Whether ``path`` (its folder, for a file not there yet) resolves inside ``root``."""
    real_root = os.path.realpath(root)
    real = os.path.realpath(path if os.path.lexists(path) else path.parent)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def _descriptor_edit(root: Path, report: RootReport, prefix: str) -> Optional[tuple[Edit, str]]:
    if is_collection(report.package, report.options):
        return None  # a collection is not a smart tool: its scenario tools are
    manifests = walk.scan_root(root, report.options.exclude).manifests
    scripts = sorted(console_scripts(report.package))
    if len(manifests) != 1 or len(scripts) != 1:
        return None  # which manifest, or which command, is the author's choice
    text = render_descriptor(manifests[0], scripts)
    message = f"created: manifest {manifests[0]!r}, cli_argv {scripts!r}"
    edit = creation(
        root / DESCRIPTOR_NAME, prefix + DESCRIPTOR_NAME, text.encode(), "descriptor-present", message
    )
    return edit, manifests[0]


def _version_attr_edits(
    root: Path, manifest_relative: str, prefix: str, version: PackageVersion
) -> list[Edit]:
    target = release_version(version)
    if target is None:
        return []
    out = []
    for attr in version_attr_drift(root, manifest_relative, version):
        path = root / attr.path
        try:
            data = path.read_bytes()
        except OSError:
            continue
        span = literal_span(data, attr.assignment)
        if span is None:
            continue
        start, end = span
        new = replace_literal(data[start:end], target)
        if new is None or not _parses(data[:start] + new + data[end:]):
            continue  # a literal this cannot rewrite faithfully (escapes, concatenation): it stays
        message = f"__version__ {attr.assignment.value!r} -> {target!r} (the package's version)"
        shown, line = prefix + attr.path, attr.assignment.line
        out.append(
            Edit(path, shown, start, end, data[start:end], new, "version-attr-matches-package", line, message)
        )
    return out


#: a JSON token: a string, a bracket or separator, or a bare literal
_JSON_TOKEN = r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s"\[\]{}:,]+'


def _json_value_spans(text: str) -> dict[tuple[Any, ...], tuple[int, int]]:
    """The (start, end) offset of each scalar value of a JSON document, by its path."""
    import json
    import re

    spans: dict[tuple[Any, ...], tuple[int, int]] = {}
    paths: list[tuple[Any, ...]] = []
    objects: list[bool] = []
    members: list[Any] = []
    expecting_key = False
    for match in re.finditer(_JSON_TOKEN, text):
        token = match.group()
        if token == ",":
            if objects[-1]:
                expecting_key = True
            else:
                members[-1] += 1
        elif token in "]}":
            paths.pop()
            objects.pop()
            members.pop()
            expecting_key = False
        elif expecting_key:
            members[-1] = json.loads(token)
            expecting_key = False
        elif token != ":":
            path = paths[-1] + (members[-1],) if paths else ()
            if token in "[{":
                paths.append(path)
                objects.append(token == "{")
                members.append(0)
                expecting_key = token == "{"
            else:
                spans[path] = match.span()
    return spans


def _server_json_edits(root: Path, report: RootReport, prefix: str) -> list[Edit]:
    """server.json's drifted versions set to the package's (``mcp-version-matches-package``)."""
    server = report.mcp
    release = release_version(report.package.version)
    if server is None or release is None:
        return []
    target = pep440_normal(release) or release
    shown = prefix + server.relative
    drifted = {
        d.line
        for d in report.diagnostics
        if d.code == "mcp-version-matches-package" and d.path == shown and d.severity.value != "info"
    }
    path = root / server.relative
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
        spans = _json_value_spans(text)
    except (OSError, UnicodeDecodeError, ValueError, IndexError):
        return []
    import json

    out = []
    for at, (start, end) in spans.items():
        if at[-1:] != ("version",) or not (len(at) == 1 or (len(at) == 3 and at[0] == "packages")):
            continue
        line = text.count("\n", 0, start) + 1
        old = json.loads(text[start:end])
        if line not in drifted or old == target:
            continue
        new = json.dumps(target)
        edited = json.loads(text[:start] + new + text[end:])
        original = json.loads(text)
        node = original
        for part in at[:-1]:
            node = node[part]
        node["version"] = target
        if edited != original:
            continue  # not the one value the span was taken for: left alone
        low, high = len(text[:start].encode()), len(text[:end].encode())
        message = f"version {old!r} -> {target!r} (the package's version)"
        out.append(
            Edit(
                path,
                shown,
                low,
                high,
                data[low:high],
                new.encode(),
                "mcp-version-matches-package",
                line,
                message,
            )
        )
    return out


def _parses(module: bytes) -> bool:
    import ast

    try:
        ast.parse(module)
    except (SyntaxError, ValueError):
        return False
    return True


class _ManifestFixer:
    """The edits of one manifest's frontmatter."""

    def __init__(self, data: bytes, text: str, fm: safe_yaml.LineDict, path: Path, shown: str) -> None:
        self.data, self.text, self.fm, self.path, self.shown = data, text, fm, path, shown
        yaml_text, _, _ = frontmatter.split(text)
        # where the YAML starts: after the opening fence's line (split found a closing fence, so
        # that line ends with a newline)
        self.offset = text.index("\n") + 1
        self.sources = scalar_sources(yaml_text)
        self.bom = len(_BOM) if data.startswith(_BOM) else 0

    @classmethod
    def edits(cls, root: Path, relative: str, prefix: str, version: PackageVersion) -> list[Edit]:
        path = root / relative
        try:
            data = frontmatter.read_bytes(path)
            text = frontmatter.decode(data)
            fm = frontmatter.parse_text(text).frontmatter
        except (frontmatter.UnreadableFile, frontmatter.FrontmatterError):
            return []  # the check says why
        if not isinstance(fm, safe_yaml.LineDict):
            return []
        fixer = cls(data, text, fm, path, prefix + relative)
        found = [fixer._version(version), fixer._format(), *fixer._platforms()]
        return [edit for edit in found if edit is not None]

    def _version(self, version: PackageVersion) -> Optional[Edit]:
        current = self.fm.get("version")
        target = release_version(version)
        if isinstance(current, str) and current.strip():
            if target is None or current in accepted_spellings(target):
                return None
            return self._replace(
                ("version",),
                target,
                "manifest-version-matches-package",
                f"version {current!r} -> {target!r} (the package's version)",
            )
        if isinstance(current, (int, float)) and not isinstance(current, bool):
            written = self.fm.text_of("version") or repr(current)
            value = target or written
            why = "the package's version" if target else "quoted as written: unquoted, YAML reads a number"
            return self._replace(
                ("version",), value, "manifest-field-shapes", f"version {written} -> {value!r} ({why})"
            )
        return None

    def _format(self) -> Optional[Edit]:
        current = self.fm.get("smart_tool_format")
        if not (isinstance(current, str) and current.strip() == str(SUPPORTED_FORMAT)):
            return None
        return self._replace(
            ("smart_tool_format",),
            SUPPORTED_FORMAT,
            "manifest-field-shapes",
            f"smart_tool_format {current!r} -> {SUPPORTED_FORMAT} (a number)",
            text=str(SUPPORTED_FORMAT),
        )

    def _platforms(self) -> list[Optional[Edit]]:
        platforms = self.fm.get("platforms")
        if not isinstance(platforms, safe_yaml.LineList):
            return []
        named = {item for item in platforms if item in PLATFORMS}
        out: list[Optional[Edit]] = []
        for index, item in enumerate(platforms):
            if not isinstance(item, str) or item in PLATFORMS:
                continue
            canonical = canonical_platform(item)
            if canonical is None or canonical in named:
                continue  # unknown, or already listed: which entry goes is the author's choice
            named.add(canonical)
            message = f"platform {item!r} -> {canonical!r}"
            out.append(
                self._replace(
                    ("platforms", index), canonical, "manifest-platforms-known", message, index=index
                )
            )
        return out

    def _replace(
        self,
        where: ValuePath,
        value: Any,
        code: str,
        message: str,
        *,
        text: Optional[str] = None,
        index: Optional[int] = None,
    ) -> Optional[Edit]:
        """The edit writing ``value`` (as ``text``, or as a string in the scalar's own style)
        at ``where``, when the edited document reads back as intended."""
        source = self.sources.get(where)
        if source is None or source.style in ("|", ">"):
            return None
        new_text = text if text is not None else render_string(str(value), source.style)
        if new_text is None:
            return None
        start, end = self._byte_span(source)
        new = new_text.encode("utf-8")
        if not self._reads_as(self.data[:start] + new + self.data[end:], where, value):
            return None
        items = self.fm.get(where[0])
        line = items.line_of(index) if isinstance(items, safe_yaml.LineList) and index is not None else None
        line = line or self.fm.line_of(where[0])
        return Edit(self.path, self.shown, start, end, self.data[start:end], new, code, line, message)

    def _byte_span(self, source: ScalarSource) -> tuple[int, int]:
        begin, finish = self.offset + source.start, self.offset + source.end
        start = self.bom + len(self.text[:begin].encode("utf-8"))
        return start, start + len(self.text[begin:finish].encode("utf-8"))

    def _reads_as(self, data: bytes, where: ValuePath, value: Any) -> bool:
        """Whether ``data`` is the same manifest but for ``value`` at ``where``."""
        try:
            document = frontmatter.parse_bytes(data)
        except frontmatter.FrontmatterError:
            return False
        expected = to_plain(self.fm)
        container = expected
        for key in where[:-1]:
            container = container[key]
        container[where[-1]] = value
        _, body, _ = frontmatter.split(self.text)
        return bool(to_plain(document.frontmatter) == expected and document.body == body)
