"""Rendering diagnostics for people (text), programs (json), CI annotations (github) and code
scanning (sarif, in :mod:`.sarif`)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity
from smart_tool_build.diagnostics.printable import printable

TYPE_CHECKING = False
if TYPE_CHECKING:  # fix's edits: check and inspect need not import difflib and tempfile
    from ..authoring.edits import Edit

#: bumped only when a key is removed or changes meaning
JSON_SCHEMA_VERSION = 1


def summary(diagnostics: list[Diagnostic]) -> dict[str, int]:
    counts = {severity.value: 0 for severity in Severity}
    for diagnostic in diagnostics:
        counts[diagnostic.severity.value] += 1
    return counts


def _plural(count: int, word: str, plural: str = "") -> str:
    if count == 1:
        return f"{count} {word}"
    if plural:
        return f"{count} {plural}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def summary_line(
    diagnostics: list[Diagnostic], checked: list[str], noun: str = "root", ignored: Sequence[Diagnostic] = ()
) -> str:
    counts = summary(diagnostics)
    line = (
        f"{_plural(len(checked), noun)} checked: {_plural(counts['error'], 'error')}, "
        f"{_plural(counts['warning'], 'warning')}, {counts['info']} info"
    )
    if ignored:
        codes = ", ".join(sorted({d.code for d in ignored}))
        line += f"; {len(ignored)} ignored ({codes})"
    return line


def render_text(
    diagnostics: list[Diagnostic],
    checked: Iterable[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> str:
    lines = [str(d) for d in diagnostics]
    lines.append(summary_line(diagnostics, list(checked), noun, ignored))
    return "\n".join(lines)


def passed_lines(
    diagnostics: Sequence[Diagnostic], checked: Iterable[str], notes: Optional[Mapping[str, str]] = None
) -> list[str]:
    """``-v``: ``NAME: ok`` for each root, artifact or entry checked that has no finding (one
    whose path is it, or below it; ``.`` holds every relative path), with its note if any
    (``, 2 skills checked``)."""
    paths = [d.path or "" for d in diagnostics]

    def holds(name: str, path: str) -> bool:
        if name in (".", "./"):
            return not (path.startswith("/") or path.startswith("../"))
        return path == name or path.startswith(name.rstrip("/") + "/")

    notes = notes or {}
    return [
        f"{printable(name)}: ok{notes.get(name, '')}"
        for name in checked
        if not any(holds(name, path) for path in paths)
    ]


def render_json(
    diagnostics: list[Diagnostic],
    checked: Iterable[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> str:
    document: dict[str, object] = {
        "schema": JSON_SCHEMA_VERSION,
        "checked": list(checked),
        "diagnostics": [d.to_dict() for d in diagnostics],
        "summary": summary(diagnostics),
    }
    if ignored:  # present only when something was set aside by `ignore`
        document["ignored"] = [d.to_dict() for d in ignored]
    return json.dumps(document, indent=2)


def _escape(text: str, *, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def annotated_file(diagnostic: Diagnostic) -> tuple[Optional[str], bool]:
    """The file an annotation can name, and whether the diagnostic's line belongs to it.

    An annotation on a file the pull request does not hold is dropped or misplaced, so it
    names its path only when that file exists (not a missing descriptor, not a member inside
    an archive), else the diagnostic's anchor (the package definition beside a missing
    descriptor), else no file.
    """
    if diagnostic.path and os.path.isfile(diagnostic.path):
        return diagnostic.path, True
    if diagnostic.anchor and os.path.isfile(diagnostic.anchor):
        return diagnostic.anchor, False
    return None, False


def render_github(
    diagnostics: list[Diagnostic],
    checked: Iterable[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> str:
    """GitHub Actions workflow commands, so findings annotate the pull request: the code is
    the annotation's title, the message (with the hint and the path) its text."""
    kinds = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    lines = []
    for d in diagnostics:
        properties = []
        file, own_line = annotated_file(d)
        if file is not None and printable(file) != file:  # a name a log would show raw:
            file = None  # no annotation on it; the message says where, escaped
        if file is not None:
            properties.append(f"file={_escape(file, property_value=True)}")
            if own_line and d.line is not None:
                properties.append(f"line={d.line}")
        properties.append(f"title={_escape(d.code, property_value=True)}")
        message = d.said()
        if d.path and d.path != file:  # say where, when no annotation can point there
            message = f"{d.where()}: {message}"
        lines.append(f"::{kinds[d.severity]} {','.join(properties)}::{_escape(message)}")
    lines.append(summary_line(diagnostics, list(checked), noun, ignored))
    return "\n".join(lines)


def render_sarif(
    diagnostics: list[Diagnostic],
    checked: Iterable[str],
    noun: str = "root",
    ignored: Sequence[Diagnostic] = (),
) -> str:
    """SARIF 2.1.0, for code scanning; its module is imported only when asked for."""
    from .sarif import render_sarif as render

    return render(diagnostics, checked, noun, ignored)


RENDERERS = {"text": render_text, "json": render_json, "github": render_github, "sarif": render_sarif}

#: what each format is for, as `--format`'s help says it
FORMATS = {
    "text": "one `path:line: code: message` line per finding, then a summary (the default)",
    "json": "one JSON object (schema 1): checked, diagnostics, summary, for programs",
    "github": "GitHub Actions workflow commands, so findings annotate a pull request",
    "sarif": "one SARIF 2.1.0 log, for code scanning (github/codeql-action/upload-sarif)",
}


def codes_markdown() -> str:
    """The table of codes in docs/codes.md, generated from the one table in the core."""
    from smart_tool_build.diagnostics.diagnostic import CODES

    rows = ["| code | severity | what it means | how to fix it |", "|---|---|---|---|"]
    for code in CODES.values():
        # each row is its code's anchor: a failing build names docs/codes.md#CODE
        anchor = f'<a id="{code.id}"></a>'
        rows.append(f"| {anchor}`{code.id}` | {code.severity.value} | {code.means} | {code.fix} |")
    return "\n".join(rows)


def codes_text(only: Optional[str] = None) -> str:
    """Every code (or the one named), what it means and how to fix it."""
    from smart_tool_build.diagnostics.diagnostic import CODES

    return "\n\n".join(
        f"{code.id} ({code.severity.value})\n  means: {code.means}\n  fix:   {code.fix}"
        for code in CODES.values()
        if only is None or code.id == only
    )


def render_fixes(
    format: str,
    fixes: list[Edit],
    diagnostics: list[Diagnostic],
    checked: list[str],
    *,
    written: bool,
    diff: Optional[str] = None,
) -> str:
    """What ``smart-tool fix`` did (or, ``written`` false, would do), then what remains as
    ``check`` reports it; json adds ``fixes``, ``written`` and ``diff`` to the check's keys."""
    verb = "fixed" if written else "would fix"
    if format == "sarif":
        from .sarif import fix_diagnostics

        return render_sarif(fix_diagnostics(fixes, diagnostics, written=written), checked)
    if format == "json":
        document = json.loads(render_json(diagnostics, checked))
        document["fixes"] = [
            {"code": f.code, "path": f.shown, "line": f.line, "message": f.message} for f in fixes
        ]
        document["written"] = written
        document["diff"] = diff
        return json.dumps(document, indent=2)
    lines = [diff.rstrip("\n")] if diff else []
    for fix in fixes:
        where = printable(fix.shown if fix.line is None else f"{fix.shown}:{fix.line}")
        if format == "github":
            place = f"file={_escape(fix.shown, property_value=True)}"
            place += "" if fix.line is None else f",line={fix.line}"
            said = _escape(printable(f"{verb} {fix.code}: {fix.message}"))
            lines.append(f"::notice {place},title={fix.code}::{said}")
        else:
            lines.append(f"{where}: {verb} {fix.code}: {printable(fix.message)}")
    report = RENDERERS[format](diagnostics, checked, "root")
    state = "written" if written else "not written (--diff)"
    lines.append(f"{report}; {_plural(len(fixes), 'fix', 'fixes')} {state}")
    return "\n".join(lines)
