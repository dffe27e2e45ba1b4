"""The skill a smart tool's ``--help`` prints, in the shape the smart-tools invocation text
gives it: rendered from its pieces, and read back by ``smart-tool smoke``.

``--help`` "has the shape of an Agent Skill as a host delivers one"::

    <skill_content name="doc-summarizer">
    Skill directory: /.../site-packages/doc_summarizer
    Repository: https://github.com/example/doc-summarizer
    Relative paths in this skill are relative to the skill directory.

    # doc-summarizer

    <the manifest body>

    ## Capabilities

    - `summarize` [model-backed] -- Condense a document. Arguments, result, and exit codes:
      `doc-summarizer summarize --help`.   (one line)

    <skill_resources>
      <file>SMART_TOOL.md</file>
    </skill_resources>
    </skill_content>

Standard library only, and nothing but ``posixpath`` at import: this is on
every ``--help`` (:mod:`re` is imported by :func:`read`, for ``smart-tool smoke``).
"""

from __future__ import annotations

import posixpath

from ..project.records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import NamedTuple, Optional, Union


__all__ = ["KINDS", "Capability", "SkillView", "read", "render"]

#: how a capability is implemented, as the caller needs to know it
KINDS = ("deterministic", "model-backed")


if TYPE_CHECKING:

    class Capability(NamedTuple):
        """One capability of the tool, as the skill lists it."""

        name: str
        #: ``"deterministic"`` or ``"model-backed"``
        kind: str
        #: one line: what it does
        summary: str

else:
    Capability = record("Capability", ("name", "kind", "summary"), module=__name__)
    Capability.__doc__ = "One capability of the tool, as the skill lists it."


if TYPE_CHECKING:
    CapabilityLike = Union[Capability, Sequence[str]]


def _attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _element(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")


def capability(item: CapabilityLike) -> Capability:
    """A :class:`Capability` from one, or from a ``(name, kind, summary)`` triple."""
    name, kind, summary = item
    if not isinstance(name, str) or not name.strip() or any(c.isspace() for c in name):
        raise ValueError(f"a capability's name is one word, not {name!r}")
    if kind not in KINDS:
        raise ValueError(f"capability {name!r}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    return Capability(name, kind, " ".join(str(summary).split()))


def resource(path: str) -> str:
    """A resource path as the skill lists it: relative, POSIX, inside the skill directory."""
    normal = posixpath.normpath(path) if path else ""
    if not path or "\\" in path or path.startswith("/") or normal == ".." or normal.startswith("../"):
        raise ValueError(
            f"a skill resource is a relative POSIX path inside the skill directory, not {path!r}"
        )
    return normal


def _capability_line(item: Capability, command: str) -> str:
    summary = item.summary
    if summary and not summary.endswith((".", "!", "?")):
        summary += "."
    pointer = f"Arguments, result, and exit codes: `{command} {item.name} --help`."
    return " ".join(filter(None, (f"- `{item.name}` [{item.kind}] --", summary, pointer)))


def _under_heading(name: str, body: str) -> list[str]:
    """The body under a heading carrying the tool's name (its own, when it starts with one)."""
    first = body.lstrip().split("\n", 1)[0]
    if first[:1] == "#" and first[1:2].isspace() and name.lower() in first.lower():
        return [body]
    return [f"# {name}", "", body] if body else [f"# {name}"]


def render(
    *,
    name: str,
    body: str,
    skill_directory: str,
    repository: Optional[str] = None,
    capabilities: Iterable[CapabilityLike] = (),
    resources: Iterable[str] = (),
    command: Optional[str] = None,
) -> str:
    """The whole skill from its pieces (``command`` defaults to the tool's name)."""
    listed = [capability(item) for item in capabilities]
    files = [resource(path) for path in resources]
    lines = [f'<skill_content name="{_attribute(name)}">', f"Skill directory: {skill_directory}"]
    if repository:
        lines.append(f"Repository: {repository}")
    lines += ["Relative paths in this skill are relative to the skill directory.", ""]
    lines += _under_heading(name, body.strip("\r\n"))
    if listed:
        lines += ["", "## Capabilities", ""]
        lines += [_capability_line(item, command or name) for item in listed]
    if files:
        lines += ["", "<skill_resources>"]
        lines += [f"  <file>{_element(path)}</file>" for path in files]
        lines.append("</skill_resources>")
    lines.append("</skill_content>")
    return "\n".join(lines)


if TYPE_CHECKING:

    class SkillView(NamedTuple):
        """What can be read back from a rendered skill without parsing its prose."""

        name: str
        directory: Optional[str]
        repository: Optional[str]
        #: the ``<skill_resources>`` files, as written (None: no resources block)
        resources: Optional[tuple[str, ...]]

else:
    SkillView = record("SkillView", ("name", "directory", "repository", "resources"), module=__name__)
    SkillView.__doc__ = "What can be read back from a rendered skill without parsing its prose."


def read(text: str) -> Optional[SkillView]:
    """The skill in ``text`` (a ``--help`` output), or None when it holds no ``<skill_content>``."""
    import re

    opening = re.search(r'<skill_content\s+name="([^"]*)"\s*>', text)
    if opening is None:
        return None
    content = text[opening.end() :]
    # the envelope closes last, after its resources: a body may hold either tag as text
    closing = content.rfind("</skill_content>")
    if closing >= 0:
        content = content[:closing]
    directory = re.search(r"^[ \t]*Skill directory:[ \t]*(.*?)[ \t]*\r?$", content, re.M)
    repository = re.search(r"^[ \t]*Repository:[ \t]*(.*?)[ \t]*\r?$", content, re.M)
    resources = None
    tail = content.rstrip()
    start = tail.rfind("<skill_resources>")
    if tail.endswith("</skill_resources>") and start >= 0:
        block = tail[start + len("<skill_resources>") : -len("</skill_resources>")]
        resources = tuple(_unescape(m.strip()) for m in re.findall(r"<file>(.*?)</file>", block, re.S))
    return SkillView(
        _unescape(opening.group(1)),
        directory.group(1) if directory else None,
        repository.group(1) if repository else None,
        resources,
    )
