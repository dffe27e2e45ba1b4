"""smart-tool.json: the descriptor at the distribution root that names the manifest. An
editable install's ``--help`` reads it here, so no json, pathlib or typing is imported."""

from __future__ import annotations

from ..diagnostics.severity import Severity
from ..parsing import frontmatter, strict_json
from ..project.names import DESCRIPTOR_NAME
from ..project.paths import relative_path_problem
from ..project.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, NamedTuple, Optional

    from ..diagnostics.diagnostic import Diagnostic

KEYS = ("manifest", "cli_argv", "deterministic_smoke")
#: keys a discussion draft proposes (:mod:`smart_tool_build.rules.channels`)
DRAFT_KEYS = ("channels",)
MAX_BYTES = 64 * 1024


if TYPE_CHECKING:

    class Descriptor(NamedTuple):
        """A valid descriptor."""

        manifest: str
        cli_argv: tuple[str, ...]
        deterministic_smoke: Optional[tuple[str, ...]]

    class DescriptorResult(NamedTuple):
        descriptor: Optional[Descriptor]
        diagnostics: list[Diagnostic]
        #: lines of the keys in the file, for diagnostics about their values
        key_lines: dict[str, int]
        #: the file's bytes as read (once a build)
        data: Optional[bytes] = None

else:
    Descriptor = record("Descriptor", ("manifest", "cli_argv", "deterministic_smoke"), module=__name__)
    DescriptorResult = record(
        "DescriptorResult",
        ("descriptor", "diagnostics", "key_lines", "data"),
        defaults=(None,),
        module=__name__,
    )


def parse_bytes(data: bytes, path: str = DESCRIPTOR_NAME) -> DescriptorResult:
    """Parse and validate a descriptor's bytes (strict JSON); never raises for bad input. The
    rules note what they find as (line, kind, values), worded (:mod:`.descriptor_words`) only then."""
    try:
        text = frontmatter.decode(data)
    except frontmatter.FrontmatterError as exc:
        return _refused([(exc.line, "undecodable", exc.message, exc.hint)], path)
    try:
        value = strict_json.loads(text)
    except strict_json.JsonProblem as exc:
        return _refused([(exc.line, "json", exc.message)], path)
    if not isinstance(value, dict):
        return _refused([(1, "object", type(value).__name__)], path)
    lines = strict_json.key_lines(text)
    found: list[tuple[Any, ...]] = []
    for key in value:
        if key in DRAFT_KEYS:  # proposed, not v1: its shape is the draft's, and it fails nothing
            from .channels import channels_rule

            said = channels_rule(value[key], text, path)
            if said:
                found.append((None, "said", said))
        elif key not in KEYS:
            found.append((lines.get(key), "key", key, KEYS))
    manifest = value.get("manifest")
    if "manifest" not in value:
        found.append((1, "manifest-missing"))
    elif not isinstance(manifest, str) or not manifest.strip():
        found.append((lines.get("manifest"), "manifest-empty"))
    else:
        problem = relative_path_problem(manifest)
        if problem:
            found.append((lines.get("manifest"), "manifest-path", manifest, problem))
    argv = value.get("cli_argv")
    if "cli_argv" not in value:
        found.append((1, "argv-missing"))
    elif not isinstance(argv, list) or not argv:
        found.append((lines.get("cli_argv"), "argv-list"))
    elif not all(isinstance(item, str) and item.strip() for item in argv):
        found.append((lines.get("cli_argv"), "argv-item"))
    smoke = value.get("deterministic_smoke")
    if "deterministic_smoke" in value and not (
        isinstance(smoke, list) and all(isinstance(item, str) for item in smoke)
    ):
        found.append((lines.get("deterministic_smoke"), "smoke"))
    out: list[Diagnostic] = []
    if found:
        from .descriptor_words import findings

        out = findings(found, path)
    descriptor = None
    if not any(d.severity is Severity.ERROR for d in out):
        descriptor = Descriptor(
            manifest=manifest,  # type: ignore[arg-type]
            cli_argv=tuple(argv),  # type: ignore[arg-type]
            deterministic_smoke=None if smoke is None else tuple(smoke),
        )
    return DescriptorResult(descriptor, out, lines)


def _refused(found: list[tuple[Any, ...]], path: str) -> DescriptorResult:
    """No descriptor: the file cannot be read as one."""
    from .descriptor_words import findings

    return DescriptorResult(None, findings(found, path), {})


def parse_file(path: Path, display: Optional[str] = None) -> DescriptorResult:
    shown = display or path.as_posix()
    try:
        data = frontmatter.read_bytes(path, MAX_BYTES)
    except frontmatter.UnreadableFile as exc:
        return _refused([(None, "unreadable", str(exc))], shown)
    except frontmatter.FrontmatterError as exc:
        return _refused([(None, "oversized", exc.message, exc.hint)], shown)
    return parse_bytes(data, shown)._replace(data=data)
