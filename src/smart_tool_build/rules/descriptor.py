"""smart-tool.json: the descriptor at the distribution root that names the manifest.

An editable install's ``--help`` reads the source tree's descriptor through
:func:`parse_bytes`, so this module imports neither :mod:`json`, :mod:`pathlib` nor
:mod:`typing` (together about half of that read, CONTRIBUTING's "Imports for the type
checker only").
"""

from __future__ import annotations

from ..diagnostics.diagnostic import Diagnostic, Severity, make
from ..parsing import frontmatter, strict_json
from ..project.names import DESCRIPTOR_NAME
from ..project.paths import escapes, relative_path_problem
from ..project.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path
    from typing import NamedTuple, Optional

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
    """Parse and validate a descriptor's bytes (strict JSON); never raises for bad input."""

    def shape(line: Optional[int], message: str, hint: Optional[str] = None) -> Diagnostic:
        return make("descriptor-shape", path, line, message, hint)

    try:
        text = frontmatter.decode(data)
    except frontmatter.FrontmatterError as exc:
        return DescriptorResult(
            None,
            [shape(exc.line, f"descriptor {exc.message}", exc.hint or "save smart-tool.json as UTF-8 JSON")],
            {},
        )
    try:
        value = strict_json.loads(text)
    except strict_json.JsonProblem as exc:
        return DescriptorResult(
            None,
            [shape(exc.line, exc.message, "write smart-tool.json as plain JSON: one object, each key once")],
            {},
        )
    if not isinstance(value, dict):
        return DescriptorResult(
            None,
            [
                shape(
                    1,
                    f"must be a JSON object, not {type(value).__name__}",
                    'e.g. {"manifest": "SMART_TOOL.md", "cli_argv": ["my-tool"]}',
                )
            ],
            {},
        )
    lines = strict_json.key_lines(text)
    out: list[Diagnostic] = []
    for key in value:
        if key in DRAFT_KEYS:  # proposed, not v1: its shape is the draft's, and it fails nothing
            from .channels import channels_rule

            out += channels_rule(value[key], text, path)
        elif key not in KEYS:
            out.append(
                make(
                    "descriptor-shape",
                    path,
                    lines.get(key),
                    f"unknown key {key!r}",
                    f"keys are: {', '.join(KEYS)}",
                    severity=Severity.WARNING,
                )
            )
    manifest = value.get("manifest")
    if "manifest" not in value:
        out.append(shape(1, "`manifest` is missing", "name the SMART_TOOL.md file"))
    elif not isinstance(manifest, str) or not manifest.strip():
        out.append(
            shape(
                lines.get("manifest"), "`manifest` must be a non-empty string", "name the SMART_TOOL.md file"
            )
        )
    else:
        problem = manifest_path_problem(manifest)
        if problem:
            out.append(shape(lines.get("manifest"), f"`manifest` {manifest!r} {problem}", RELATIVE_HINT))
    argv = value.get("cli_argv")
    if "cli_argv" not in value:
        out.append(shape(1, "`cli_argv` is missing", 'e.g. "cli_argv": ["my-tool"]'))
    elif not isinstance(argv, list) or not argv:
        out.append(shape(lines.get("cli_argv"), "`cli_argv` must be a non-empty list of strings", ARGV_HINT))
    elif not all(isinstance(item, str) and item.strip() for item in argv):
        out.append(
            shape(lines.get("cli_argv"), "every `cli_argv` entry must be a non-empty string", ARGV_HINT)
        )
    smoke = value.get("deterministic_smoke")
    if "deterministic_smoke" in value and not (
        isinstance(smoke, list) and all(isinstance(item, str) for item in smoke)
    ):
        out.append(
            shape(
                lines.get("deterministic_smoke"),
                "`deterministic_smoke` must be a list of strings",
                'e.g. "deterministic_smoke": ["--help"]',
            )
        )
    descriptor = None
    if not any(d.severity is Severity.ERROR for d in out):
        descriptor = Descriptor(
            manifest=manifest,  # type: ignore[arg-type]
            cli_argv=tuple(argv),  # type: ignore[arg-type]
            deterministic_smoke=None if smoke is None else tuple(smoke),
        )
    return DescriptorResult(descriptor, out, lines)


#: the hints of descriptor-shape findings said in more than one place
ARGV_HINT = 'e.g. "cli_argv": ["my-tool"]'
RELATIVE_HINT = "give the path from the folder of smart-tool.json, with /, inside the root"
READABLE_HINT = "make smart-tool.json a readable regular file in the distribution root"
SIZE_HINT = "keep smart-tool.json a small UTF-8 JSON file"


def render(manifest: str, cli_argv: Sequence[str], smoke: Optional[Sequence[str]] = None) -> str:
    """A descriptor's text, as ``smart-tool init`` and ``smart-tool fix`` write one (init with
    a ``deterministic_smoke``)."""
    import json

    lines = [
        f'  "manifest": {json.dumps(manifest, ensure_ascii=False)}',
        f'  "cli_argv": {json.dumps(list(cli_argv), ensure_ascii=False)}',
    ]
    if smoke is not None:
        lines.append(f'  "deterministic_smoke": {json.dumps(list(smoke), ensure_ascii=False)}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def manifest_path_problem(manifest: str) -> Optional[str]:
    """Why a descriptor's ``manifest`` value is not a safe relative POSIX path, if it is not."""
    return relative_path_problem(manifest)


def parse_file(path: Path, display: Optional[str] = None) -> DescriptorResult:
    shown = display or path.as_posix()
    try:
        data = frontmatter.read_bytes(path, MAX_BYTES)
    except frontmatter.UnreadableFile as exc:
        return DescriptorResult(
            None, [make("descriptor-present", shown, None, f"descriptor {exc}", READABLE_HINT)], {}
        )
    except frontmatter.FrontmatterError as exc:
        return DescriptorResult(
            None,
            [make("descriptor-shape", shown, None, f"descriptor {exc.message}", exc.hint or SIZE_HINT)],
            {},
        )
    return parse_bytes(data, shown)._replace(data=data)


def resolve_manifest(root: Path, manifest: str) -> tuple[Optional[Path], Optional[str]]:
    """The manifest's path under ``root``, or why it leaves the root (through a symlink)."""
    if escapes(root, manifest):
        return None, "leads outside the distribution root through a symlink"
    return root / manifest, None
