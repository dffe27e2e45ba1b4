"""Where a registry snapshot came from: the catalog's pointer and provenance records, and
the shape rules of their URLs, refs, commits, paths and times.

The rules are those of the public smart-tools catalog's reader (its ``catalog_metadata.py``),
so that ``smart-tool snapshot`` never records a value the catalog refuses and
``smart-tool catalog check`` refuses what the catalog would. Where this module is stricter
it says so: a closed top-level key set in provenance.json, no ``?`` or ``#`` anywhere in a
repository URL, times in one ISO 8601 form, and the manifest inside the distribution root.
"""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from typing import Any, NamedTuple, Optional
from urllib.parse import urlsplit, urlunsplit

from smart_tool_build.diagnostics.codes import CodeId
from smart_tool_build.project.names import MANIFEST_NAME

#: the files of a catalog entry tools/<id>/ beside its SMART_TOOL.md snapshot
POINTER_FILE = "source.json"
PROVENANCE_FILE = "provenance.json"
REF_DEFAULT = "main"
PATH_DEFAULT = "."
POINTER_KEYS = ("repository", "ref", "path")
PROVENANCE_KEYS = ("last_success", "original_manifest_path", "source")
SOURCE_KEYS = ("commit", "path", "ref", "repository")

COMMIT = re.compile(r"(?:[0-9a-f]{40}|[0-9a-f]{64})\Z")
_NETLOC = re.compile(r"[A-Za-z0-9.-]+(?::[0-9]+)?\Z")
_ALLOWED_BREAKS = str.maketrans("", "", "\n\r\t")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\Z")
_TIME = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]{1,6}))?"
    r"(Z|[+-][0-9]{2}:[0-9]{2})\Z"
)


class Finding(NamedTuple):
    """One broken rule of a pointer or provenance record; ``key`` locates its line."""

    code: CodeId
    key: Optional[str]
    message: str
    hint: Optional[str] = None


class Pointer(NamedTuple):
    """tools/<id>/source.json, defaults applied: where the catalog takes the tool from."""

    repository: str
    ref: str = REF_DEFAULT
    path: str = PATH_DEFAULT

    def to_json(self) -> str:
        """The catalog's minimal form: ``ref`` and ``path`` only where they are not the
        defaults, so a root distribution on ``main`` is ``{"repository": ...}`` (the form the
        catalog's own test asks of such entries); ASCII with escapes, as the catalog writes."""
        document = {"repository": self.repository}
        if self.ref != REF_DEFAULT:
            document["ref"] = self.ref
        if self.path != PATH_DEFAULT:
            document["path"] = self.path
        return json.dumps(document, indent=2) + "\n"


class Source(NamedTuple):
    repository: str
    ref: str
    path: str
    commit: str


class Provenance(NamedTuple):
    """tools/<id>/provenance.json: the source a snapshot was taken from, and when."""

    source: Source
    original_manifest_path: str
    last_success: str

    def to_json(self) -> str:
        """The bytes the catalog's refresh writes: sorted keys, two-space indent, ASCII with
        ``\\u`` escapes (``json.dumps``' default), a final newline; a refresh of the same
        source and time rewrites nothing."""
        document = {
            "last_success": self.last_success,
            "original_manifest_path": self.original_manifest_path,
            "source": self.source._asdict(),
        }
        return json.dumps(document, indent=2, sort_keys=True) + "\n"


def kind_of(value: Any) -> str:
    """What a JSON value is, for a message: `a string`, `null`, `an object`..."""
    if value is None:
        return "null"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    named = {bool: "a boolean", int: "a number", float: "a number", str: "a string"}
    return named.get(type(value), f"a {type(value).__name__}")


def text_problem(value: Any, *, multiline: bool = False) -> Optional[str]:
    """Why ``value`` is not non-empty text without control or format characters."""
    if not isinstance(value, str):
        return f"must be a string, not {kind_of(value)}"
    if not value.strip():
        return "is empty"
    allowed = "\n\r\t" if multiline else ""
    plain = value.translate(_ALLOWED_BREAKS) if multiline else value
    if plain.isprintable():  # the common case, fast: no character of category C (nor Z but space)
        return None
    if any(unicodedata.category(c).startswith("C") and c not in allowed for c in value):
        return "contains control or format characters"
    return None


def path_problem(value: Any) -> Optional[str]:
    """Why ``value`` is not a safe repository-relative POSIX path (``.`` is the top)."""
    problem = text_problem(value)
    if problem or value == ".":
        return problem
    if value.startswith("/"):
        return "is absolute; write it from the repository's top"
    for character in "\\%:?#":
        if character in value:
            return f"contains {character!r}"
    if any(part in ("", ".", "..") for part in value.split("/")):
        return "has an empty, `.` or `..` segment"
    return None


def shown_url(value: str) -> str:
    """The URL for a message, with any user, token, query or fragment masked."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return "(not a URL)"
    netloc = parts.netloc
    if "@" in netloc:
        netloc = "***@" + netloc.rpartition("@")[2]
    masked = "***" if parts.query else ""
    return repr(urlunsplit((parts.scheme, netloc, parts.path, masked, "***" if parts.fragment else "")))


def repository_problem(value: Any) -> Optional[str]:
    """Why ``value`` is not a credential-free https repository URL."""
    problem = text_problem(value)
    if problem:
        return problem
    if any(c.isspace() for c in value):
        return "contains whitespace"
    try:
        parsed = urlsplit(value)
    except ValueError:
        return "is not a URL"
    if parsed.scheme != "https":
        return f"is not an https URL: {parsed.scheme + ':' if parsed.scheme else 'no scheme'}"
    if "@" in parsed.netloc:
        return "carries credentials, a user or token before `@`"
    if "?" in value or "#" in value:
        return "has a query or fragment"
    host = parsed.hostname
    if not host:
        return "has no host"
    if not _NETLOC.match(parsed.netloc) or not all(_LABEL.match(label) for label in host.split(".")):
        return "has a host that is not DNS labels (with an optional :port)"
    try:
        port = parsed.port
    except ValueError:
        port = 0
    if port is not None and not 1 <= port <= 65535:
        return "has a port outside 1-65535"
    path = parsed.path[1:] if parsed.path.startswith("/") else parsed.path
    problem = path_problem(path)
    if problem or path == ".":
        return f"has no repository path ({problem or 'only .'})"
    return None


def ref_problem(value: Any) -> Optional[str]:
    """Why ``value`` is not a safe git ref (a branch, tag or commit id)."""
    problem = text_problem(value)
    if problem:
        return problem
    if any(c.isspace() or c in "~^:?*[\\" for c in value):
        return "contains whitespace or one of ~^:?*[\\"
    for bad in ("..", "@{", "//"):
        if bad in value:
            return f"contains {bad!r}"
    if value == "@" or value.startswith(("/", "-")) or value.endswith(("/", ".")):
        return "is `@`, starts with / or -, or ends with / or ."
    if any(part.startswith(".") or part.endswith(".lock") for part in value.split("/")):
        return "has a component that starts with . or ends in .lock"
    return None


def commit_problem(value: Any) -> Optional[str]:
    """Why ``value`` is not a full lowercase commit id."""
    if not isinstance(value, str):
        return f"must be a string, not {kind_of(value)}"
    if COMMIT.match(value):
        return None
    if COMMIT.match(value.lower()):
        return "must be lowercase"
    if re.fullmatch(r"[0-9a-fA-F]{4,39}", value):
        return f"is abbreviated to {len(value)} digits"
    return "is not a commit id of 40 or 64 hex digits"


def time_problem(value: Any) -> Optional[str]:
    """Why ``value`` is not an ISO 8601 time with a zone, in the one form the catalog writes."""
    problem = text_problem(value)
    if problem:
        return problem
    match = _TIME.match(value)
    if not match:
        return "is not an ISO time with a zone: YYYY-MM-DDTHH:MM:SS, then Z or +HH:MM"
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    try:
        offset = (
            timedelta(0)
            if zone == "Z"
            else int(zone[0] + "1") * timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
        )
        tz = timezone(offset)
        micro = int((fraction or "0").ljust(6, "0"))
        datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), micro, tz)
    except ValueError:
        return "is not a real date, time and zone"
    return None


def format_time(when: datetime) -> str:
    """``when`` in the catalog's form: UTC, whole seconds, ``Z``."""
    utc = when.astimezone(timezone.utc).replace(microsecond=0)
    return utc.isoformat().replace("+00:00", "Z")


def manifest_path(path: str, manifest_relative: str) -> str:
    """The manifest's path from the repository's top, given the root's ``path`` there."""
    return manifest_relative if path == PATH_DEFAULT else f"{path}/{manifest_relative}"


def _field(
    code: CodeId, key: str, value: Any, problem: Optional[str], label: Optional[str] = None
) -> list[Finding]:
    if problem is None:
        return []
    if not isinstance(value, str):
        shown = ""
    elif code == "catalog-repository":
        shown = " " + shown_url(value)
    else:
        shown = " " + repr(value)
    return [Finding(code, key, f"`{label or key}`{shown} {problem}", FIELD_HINTS.get(code))]


#: what to do about a field of a pointer or provenance record, by its code
FIELD_HINTS: dict[str, str] = {
    "catalog-repository": "use the plain https clone URL, e.g. https://github.com/owner/repo.git",
    "catalog-ref": "use a branch or tag name, such as main or v1.2.0, or a full commit id",
    "catalog-path": "write a POSIX path from the repository's top, such as tools/my-tool",
    "catalog-commit": "record the full commit id, 40 or 64 lowercase hex digits",
    "catalog-time": "write it as 2026-01-31T12:00:00Z",
}


def _keys(
    value: dict[str, Any], allowed: tuple[str, ...], where: str, at: Optional[str] = None
) -> list[Finding]:
    """Unknown keys (at their lines) and missing ones (at ``at``, the key holding them)."""
    hint = f"keys are: {', '.join(allowed)}"
    out = [
        Finding("catalog-keys", key, f"unknown key {key!r} in {where}", hint)
        for key in value
        if key not in allowed
    ]
    required = allowed if where != "the pointer" else ("repository",)
    out += [
        Finding("catalog-keys", at, f"`{key}` is missing from {where}", f"add `{key}` to {where}")
        for key in required
        if key not in value
    ]
    return out


#: what to do about a catalog file that is not a JSON object
OBJECT_HINT = "write it as one JSON object"


def check_pointer(value: Any) -> tuple[list[Finding], Optional[Pointer]]:
    """The findings of a parsed source.json, and the pointer when its three fields are good."""
    if not isinstance(value, dict):
        return [
            Finding("catalog-json", None, f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)
        ], None
    out = _keys(value, POINTER_KEYS, "the pointer")
    repository = value.get("repository")
    ref, path = value.get("ref", REF_DEFAULT), value.get("path", PATH_DEFAULT)
    fields = _field("catalog-ref", "ref", ref, ref_problem(ref))
    fields += _field("catalog-path", "path", path, path_problem(path))
    if "repository" in value:
        fields = (
            _field("catalog-repository", "repository", repository, repository_problem(repository)) + fields
        )
    if fields or repository is None:
        return out + fields, None
    return out, Pointer(repository, ref, path)


_SOURCE_RULES = (
    ("catalog-repository", "repository", repository_problem),
    ("catalog-ref", "ref", ref_problem),
    ("catalog-path", "path", path_problem),
    ("catalog-commit", "commit", commit_problem),
)


def check_provenance(value: Any) -> tuple[list[Finding], Optional[Provenance]]:
    """The findings of a parsed provenance.json, and the record when it has none."""
    if not isinstance(value, dict):
        return [
            Finding("catalog-json", None, f"must be a JSON object, not {kind_of(value)}", OBJECT_HINT)
        ], None
    out = _keys(value, PROVENANCE_KEYS, "provenance")
    source = value.get("source")
    if "source" in value and not isinstance(source, dict):
        message = f"`source` must be an object, not {kind_of(source)}"
        out.append(
            Finding("catalog-keys", "source", message, "regenerate provenance.json with smart-tool snapshot")
        )
    if isinstance(source, dict):
        out += _keys(source, SOURCE_KEYS, "`source`", at="source")
        for code, key, rule in _SOURCE_RULES:
            if key in source:
                out += _field(code, key, source[key], rule(source[key]), f"source.{key}")  # type: ignore[arg-type]
    original = value.get("original_manifest_path")
    if "original_manifest_path" in value:
        path = source.get("path") if isinstance(source, dict) else None
        out += _field("catalog-path", "original_manifest_path", original, _original_problem(original, path))
    when = value.get("last_success")
    if "last_success" in value:
        out += _field("catalog-time", "last_success", when, time_problem(when))
    if out or not isinstance(source, dict):
        return out, None
    fields = {k: source[k] for k in Source._fields}
    return out, Provenance(Source(**fields), value["original_manifest_path"], value["last_success"])


def _original_problem(original: Any, path: Any) -> Optional[str]:
    problem = path_problem(original)
    if problem is None and original.split("/")[-1] != MANIFEST_NAME:
        problem = f"does not name {MANIFEST_NAME}"
    root_known = isinstance(path, str) and path != PATH_DEFAULT and path_problem(path) is None
    if problem is None and root_known and not original.startswith(path + "/"):
        problem = f"lies outside the distribution root {path!r}"
    return problem


def agreement(pointer: Pointer, provenance: Provenance) -> list[Finding]:
    """Does the provenance record the source the pointer names? (One finding per key.)"""
    source = provenance.source
    out = []
    for key in ("repository", "ref", "path"):
        recorded, wanted = getattr(source, key), getattr(pointer, key)
        if recorded != wanted:
            out.append(
                Finding(
                    "catalog-source-agrees",
                    key,
                    f"`source.{key}` {recorded!r} is not the pointer's {wanted!r} in source.json",
                    "refresh the snapshot from the pointer's source",
                )
            )
    if COMMIT.match(pointer.ref) and pointer.ref != source.commit:
        out.append(
            Finding(
                "catalog-source-agrees",
                "commit",
                f"`source.commit` {source.commit!r} is not the commit the pointer pins, {pointer.ref!r}",
                "refresh the snapshot from the pinned commit",
            )
        )
    return out
