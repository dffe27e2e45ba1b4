"""Codes of the library-skill rules (``skill-*``, ``skills-*``, ``skillmeta-*``): the Agent
Skills a package ships under ``<package>/.agents/skills/<name>/``, found and checked."""

from __future__ import annotations

from .base import ERROR, INFO, Code

CODES: tuple[Code, ...] = (
    Code(
        "skill-folder",
        ERROR,
        "An entry of a skills folder (`<package>/.agents/skills/`, or a folder named by "
        "[tool.smart-tool] skills) is not a skill folder: a FIFO, a socket or a device (an "
        "error), a plain file (a warning: no reader takes it for a skill), or a folder whose "
        "name is not UTF-8 or holds control characters (an error: no wheel can carry it). "
        "Inside a skill: a FIFO or a device, a symlink that leads nowhere (dangling, or a "
        "loop), or a file or folder that cannot be read (a path past the system's limit); "
        "the backends fail on each, or would leave it out.",
        "Keep only one folder per skill there, named like the skill (lowercase letters, digits, hyphens).",
    ),
    Code(
        "skill-inside-root",
        ERROR,
        "A skill folder, or a file inside one, is a symlink that leads outside the distribution "
        "root: it is refused, since the wheel would carry whatever it points to.",
        "Replace the symlink with the files themselves, kept inside the project.",
    ),
    Code(
        "skill-md-present",
        ERROR,
        "A skill folder has no SKILL.md, or its SKILL.md is not a regular readable file: "
        "library-skills and every agent skip the folder.",
        "Add SKILL.md (frontmatter with `name` and `description`, then the instructions), "
        "or remove the folder.",
    ),
    Code(
        "skills-source-present",
        ERROR,
        "A folder named by [tool.smart-tool] skills does not exist, is not a folder, or is not "
        "inside the distribution root.",
        'Name folders relative to the root whose subfolders are skills, e.g. skills = ["skills"].',
    ),
    Code(
        "skills-package-known",
        ERROR,
        "The skills of [tool.smart-tool] skills need a package to go into in the wheel "
        "(`<package>/.agents/skills/<name>/`), and the project has none, several (with no "
        "[tool.smart-tool] skills-package to choose), or skills-package names none of its "
        "top-level import packages.",
        'Set [tool.smart-tool] skills-package = "your_package" (an import package at the root '
        "or under src/).",
    ),
    Code(
        "skill-frontmatter-parses",
        ERROR,
        "SKILL.md has no YAML frontmatter, frontmatter that is not closed by `---`, YAML that "
        "does not parse (read as hardened as the manifest's: duplicate keys, tags and aliases "
        "refused), frontmatter that is not a mapping, or is binary, not UTF-8 or over 1 MiB.",
        "Start SKILL.md with `---`, the fields, `---`, then the Markdown body.",
    ),
    Code(
        "skill-name-format",
        ERROR,
        "The skill's `name` is missing, not a string, longer than 64 characters, or not "
        "lowercase letters and digits in words joined by single hyphens.",
        "Write name: my-skill (1-64 characters: a-z, 0-9 and single hyphens, none at either end).",
    ),
    Code(
        "skill-name-matches-directory",
        ERROR,
        "The skill's `name` differs from the name of its folder; the Agent Skills "
        "specification requires them equal, and library-skills skips the skill.",
        "Rename the folder, or the `name`, so that they are the same.",
    ),
    Code(
        "skill-description-present",
        ERROR,
        "The skill's `description` is missing, not a string, empty, a placeholder (`TODO: ...`, "
        "as `smart-tool init --skill` writes it), or longer than 1024 characters: agents choose "
        "a skill by it.",
        "Say in one or two sentences (at most 1024 characters) what the skill does and when to use it.",
    ),
    Code(
        "skill-field-shapes",
        ERROR,
        "An optional field of the specification has the wrong shape: `compatibility` not a "
        "string or over 500 characters, `metadata` not a map, `allowed-tools` or `license` "
        "not a string. A `metadata` value that is not a string (`internal: true`) is a "
        "warning: skills-ref and library-skills take it.",
        'Quote the value as a string; keep `metadata` one level of `key: "value"` pairs.',
    ),
    Code(
        "skill-fields-known",
        INFO,
        "The frontmatter has a key the Agent Skills specification does not define (name, "
        "description, license, compatibility, metadata, allowed-tools). Hosts extend it "
        "(`version`, `context`, `user-invocable`, ...), so this never fails a build; "
        "skills-ref's validator rejects such a skill.",
        "Move what only your host reads into `metadata`, or keep it if your host needs it there.",
    ),
    Code(
        "skill-link-resolves",
        ERROR,
        "A relative link in SKILL.md's body names a file that does not exist in the skill, or "
        "leads out of the skill's folder through a symlink. A link that climbs out of the "
        "folder to anything but a sibling skill shipping in the same wheel (library-skills "
        "installs skills side by side) is a warning naming the file: the skill works, the "
        "link is broken where it is installed.",
        "Fix the path, or move the file into the skill's folder (references/, scripts/, assets/).",
    ),
    Code(
        "skill-unique",
        ERROR,
        "Two skills of one distribution share a name, or would land on the same path in the "
        "wheel: one would overwrite the other. The finished wheel is judged as library-skills "
        "reads it: a name carried at two paths (a force-include that copies a package with its "
        "skills) is one its installer skips as colliding.",
        "Rename one of them (prefixing a skill with the library's name avoids clashes).",
    ),
    Code(
        "skill-version-matches-package",
        ERROR,
        "With [tool.smart-tool] skills-version = \"match\", the skill's version (skill.json's "
        "`version`, or `metadata.version`) differs from the package's resolved version, or the "
        "skill states none.",
        "Update the skill's version with the package's, or drop skills-version.",
    ),
    Code(
        "skillmeta-manifest-present",
        ERROR,
        "`metadata` names a skillmeta manifest (`skillmeta.manifest`) that is not a relative "
        "path to a .json file inside the skill, or does not exist.",
        "Name the file beside SKILL.md: metadata: {skillmeta.manifest: skill.json}.",
    ),
    Code(
        "skillmeta-manifest-valid",
        ERROR,
        "The skillmeta manifest is not a JSON object, names no supported `manifestSchema`, "
        "breaks that schema (judged by skillmeta's own validator where it is installed, in a "
        "child process bounded to 10 seconds: a value its patterns take exponential time on "
        "is this line, not a hang), or its `name`, `license` or `version` differs from "
        "SKILL.md's.",
        "Run `skillmeta validate` on the skill folder and fix what it says.",
    ),
)
