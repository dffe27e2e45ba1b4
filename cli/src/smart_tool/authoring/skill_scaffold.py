"""``smart-tool init --skill NAME``: a library's new Agent Skill, started where library-skills
finds it, ``<package>/.agents/skills/NAME/SKILL.md``.

As ``init`` does for a tool, what only the author knows is marked ``TODO``: the description
(what the skill does and when an agent should use it) fails ``skill-description-present``
until it holds content, so neither ``check`` nor a build lets the placeholder ship. The file
is only ever created, inside the root: a package folder, or a ``.agents`` folder, that is a
symlink leading out of the project is refused, and nothing is written.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any, NamedTuple, Optional

from smart_tool_build.project.distribution import read
from smart_tool_build.project.packages import SKILLS_FOLDER, package_folders
from smart_tool_build.project.skills import SKILL_FILE
from smart_tool_build.rules.skill_format import MAX_NAME, NAME_PATTERN

from .edits import Edit, EditError, creation
from .scaffold import MARK, InitError


class SkillScaffold(NamedTuple):
    edits: list[Edit]
    #: the new skill's folder (created just before the file is written)
    folder: Path
    #: the SKILL.md as the user names it
    shown: str
    #: its lines marked :data:`MARK` (1-based)
    todo_lines: tuple[int, ...]

    def todo_note(self) -> str:
        lines = self.todo_lines
        numbers = ", ".join(map(str, lines[:-1])) + f" and {lines[-1]}"
        return (
            f"complete the lines marked {MARK} in {self.shown} (lines {numbers}): until its "
            "description holds content, `smart-tool check` and every build fail with "
            "skill-description-present"
        )

    def failed(self, shown: list[Any]) -> bool:
        """Whether init failed: an error other than the placeholder it wrote itself."""
        from smart_tool_build.diagnostics.verdict import has_errors

        return has_errors(
            [d for d in shown if not (d.code == "skill-description-present" and d.path == self.shown)]
        )


def render_skill(name: str, library: str) -> str:
    """A SKILL.md whose only finding is its description marked :data:`MARK`."""
    lines = [
        "---",
        f"name: {name}",
        f'description: "{MARK}: what this skill does with {library}, then when an agent should use it."',
        "---",
        "",
        f"# {name}",
        "",
        f"{MARK}: the steps an agent follows with {library}: what to call, in which order, what to check.",
        "",
        "## References",
        "",
        f"{MARK}: detail an agent reads on demand goes in files of this folder (references/, scripts/),",
        "linked from here with a relative path; a link must stay inside the skill's folder.",
        "",
    ]
    return "\n".join(lines)


def plan_skill(
    root: Path, name: str, *, display: str = "", package_dir: Optional[str] = None
) -> SkillScaffold:
    """The SKILL.md ``init --skill NAME`` writes under ``root``, or :class:`InitError`."""
    prefix = display.rstrip("/") + "/" if display and display != "." else ""
    if len(name) > MAX_NAME or not NAME_PATTERN.match(name):
        raise InitError(
            f"--skill {name!r} is not a skill name: 1-{MAX_NAME} lowercase letters and digits in "
            "words joined by single hyphens (my-skill)"
        )
    package, problems = read(root, prefix=prefix)
    if problems:
        raise InitError(str(problems[0]))
    if package.path is None:
        raise InitError(f"no pyproject.toml in {prefix or '.'}: a skill goes into the package it defines")
    folder = _package(root, package.tool, package_dir, prefix)
    skill = f"{folder}/{SKILLS_FOLDER}/{name}"
    real_root = os.path.realpath(root)
    real = os.path.realpath(root / skill)
    if not (real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)):
        raise InitError(
            f"{prefix}{skill} leads outside the project (a symlink on the way points to {real}); "
            "init writes nothing there"
        )
    if os.path.lexists(root / skill):
        raise InitError(f"{prefix}{skill} already exists; init never overwrites a skill")
    library = package.name or os.path.basename(folder)
    text = render_skill(name, library)
    shown = f"{prefix}{skill}/{SKILL_FILE}"
    edit = creation(root / skill / SKILL_FILE, shown, text.encode(), "skill-md-present", "the skill")
    todo = tuple(n for n, line in enumerate(text.split("\n"), start=1) if f"{MARK}:" in line)
    return SkillScaffold([edit], root / skill, shown, todo)


def _package(root: Path, tool: Any, package_dir: Optional[str], prefix: str) -> str:
    """The import package's folder (relative, POSIX) the skill goes into."""
    if package_dir is not None:
        folder = package_dir.strip("/")
        parts = folder.split("/")
        if not folder or os.path.isabs(package_dir) or ".." in parts or not (root / folder).is_dir():
            raise InitError(f"--package {package_dir!r} is not a folder inside the root")
        return folder
    found = package_folders(root, tool)
    if len(found) == 1:
        return found[0]
    if not found:
        raise InitError(f"no import package found in {prefix or '.'}: name its folder with --package")
    raise InitError(f"{len(found)} import packages ({', '.join(found)}): choose the skill's with --package")


def write_skill(scaffold: SkillScaffold) -> list[str]:
    """Create the skill's folder and its SKILL.md; a failure removes the folders it made."""
    from .edits import apply

    made: list[Path] = []
    folder = scaffold.folder
    while not os.path.lexists(folder):
        made.append(folder)
        folder = folder.parent
    try:
        for path in reversed(made):
            path.mkdir()
        return apply(scaffold.edits)
    except OSError as exc:
        _remove(made)
        reason = exc.strerror or str(exc)
        raise EditError(f"{scaffold.shown}: cannot write: {reason}; nothing was changed") from None
    except BaseException:
        _remove(made)
        raise


def _remove(folders: list[Path]) -> None:
    for path in folders:
        with contextlib.suppress(OSError):
            path.rmdir()
