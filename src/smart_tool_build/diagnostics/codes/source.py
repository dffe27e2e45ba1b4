"""Codes of the source-tree rules: the descriptor, the manifest, the root and its options.

Where a rule is the same as a rule of the smart-tools conformance kit, the code is the kit's
rule id."""

from __future__ import annotations

from .base import ERROR, INFO, WARNING, Code

CODES: tuple[Code, ...] = (
    Code(
        "descriptor-present",
        ERROR,
        "No smart-tool.json at a distribution root being checked, which is no collection and "
        "ships no library skill (a library with skills needs none).",
        "Add smart-tool.json beside pyproject.toml with at least `manifest` and `cli_argv`.",
        fixable=True,
    ),
    Code(
        "descriptor-shape",
        ERROR,
        "smart-tool.json is not a JSON object of the documented keys: `manifest` missing, "
        "not a string, absolute, backslashed or escaping the root; `cli_argv` missing, "
        "empty or not a list of non-empty strings; `deterministic_smoke` not a list of "
        "strings. Unknown keys are a warning.",
        "Make `manifest` a relative POSIX path inside the root, `cli_argv` a non-empty list "
        "of strings; remove unknown keys.",
    ),
    Code(
        "descriptor-draft-key",
        INFO,
        "smart-tool.json carries `channels`, the optional object a discussion draft proposes "
        "(host channels and host-routed intelligence, docs/proposals/ of the smart-tools "
        "repository): `skill` a relative folder, `skill_portable` a boolean (with a `skill`), "
        "`mcp` an object with `argv` (a non-empty list of strings) and optionally `url` "
        "(https), `mcpb` the bundle's asset name (`<tool>.mcpb`), `mcp_app`. Info when it has "
        "that shape, a warning where it departs from it; never an error (not Smart Tool v1).",
        "Keep it to the draft's shape, or leave it out; hosts that do not know the draft ignore it.",
    ),
    Code(
        "manifest-present",
        ERROR,
        "The file the descriptor names does not exist, is not a regular file, cannot be "
        "read, or is not named SMART_TOOL.md.",
        "Point `manifest` in smart-tool.json at the tool's SMART_TOOL.md.",
    ),
    Code(
        "manifest-frontmatter-parses",
        ERROR,
        "The YAML frontmatter cannot be read: no opening or closing `---`, invalid YAML, "
        "not a mapping, duplicate keys, tags outside YAML's core schema, alias expansion or "
        "nesting beyond the limits, a file that is not UTF-8 or is too large.",
        "Start the file with `---`, close the frontmatter with `---`, and keep it plain "
        "YAML: no tags, no anchors, each key once.",
    ),
    Code(
        "manifest-fields-closed",
        ERROR,
        "A frontmatter field outside the seven of the spec (smart_tool_format, name, "
        "version, description, use_cases, platforms, requires).",
        "Remove the field, or move what it says into the Markdown body.",
    ),
    Code(
        "manifest-required-fields",
        ERROR,
        'A required field is missing, or present but empty (`""`, `[]`, null).',
        "Give every field content; leave `requires` out when there are no prerequisites.",
    ),
    Code(
        "manifest-placeholders",
        ERROR,
        "A manifest field (a nested one too) still holds a placeholder, not content: a value "
        "that starts with the marker TODO or TBD (`TODO: ...`, `[TBD]`), a template's empty "
        "slot (`<description>`, `{{ name }}`, `...`), or a project template's stock sentence "
        "(uv's `Add your description here`, PDM's `Default template for PDM package`). Checked "
        "by `check`, every build, `inspect` and `catalog check`; the Markdown body is not judged.",
        "Write the real content in its place; `smart-tool init` marks the lines it cannot fill with TODO.",
    ),
    Code(
        "manifest-field-shapes",
        ERROR,
        "A field has the wrong type: smart_tool_format not a number (or a format this "
        "tool does not understand), name/version/description not strings, use_cases or "
        "platforms not lists of non-empty strings.",
        'Use the types of the spec\'s example; quote versions (`version: "1.0"`).',
        fixable=True,
    ),
    Code(
        "manifest-name-format",
        ERROR,
        "`name` is not lowercase alphanumerics separated by single hyphens.",
        "Rename to e.g. `my-tool`.",
    ),
    Code(
        "manifest-version-matches-package",
        ERROR,
        "The manifest's version is not the package's version: neither the text the package "
        "definition holds nor its normal form (PEP 440 for pyproject.toml, what METADATA "
        "carries; semver for package.json); a version only equal to it under those rules is "
        "an error too, with the exact text in the hint. Also: the version is not valid for "
        "the package's ecosystem. As info: the package version could not be resolved here, "
        "so the comparison was not made.",
        "Set `version` in SMART_TOOL.md to the package's version, as written, in the same commit.",
        fixable=True,
    ),
    Code(
        "manifest-requires-shape",
        ERROR,
        "A `requires` entry is not a mapping, lacks `name`, `purpose` or `install`, has "
        "unknown keys, a non-boolean `optional`, or an `install` that is not a relative "
        "path or an absolute URL with a host (a command is never allowed).",
        "Give each entry name, purpose and install (a doc path or URL) and optionally `optional: true`.",
    ),
    Code(
        "manifest-install-doc-missing",
        ERROR,
        "A relative `install` path exists neither relative to the manifest's folder nor to "
        "the distribution root, exists only outside the root (or through a symlink out of it), "
        "or is not a regular file (a folder, a FIFO).",
        "Add the document inside the root, or fix the path.",
    ),
    Code(
        "manifest-install-doc-ships",
        WARNING,
        "A relative `install` path climbs out of the manifest's package (or, for a manifest "
        "outside every package, out of the wheel's .dist-info folder) once installed: the sdist "
        "carries the document, but no place in the wheel lets the installed manifest reach it.",
        "Keep the document beside the manifest or below its folder and name it from there, or "
        "point install at a URL.",
    ),
    Code(
        "manifest-single-per-root",
        ERROR,
        "A second SMART_TOOL.md under the distribution root, outside nested roots (folders "
        "with their own smart-tool.json). A copy of the tool's own manifest (the same bytes or "
        "the same `name`) is one even when `[tool.smart-tool] exclude` hides it.",
        "Delete a copy of the tool's manifest and read it at run time with "
        "`smart_tool_build.load_manifest`; give another tool its own smart-tool.json, or list "
        "what is not the tool's (a test fixture) in `[tool.smart-tool] exclude`.",
    ),
    Code(
        "version-attr-matches-package",
        ERROR,
        "A static `__version__` in the package that holds the manifest differs from the "
        "package's version: the library, the CLI and the manifest must give one version.",
        "Set `__version__` to the package's version in the same commit, read it from the "
        "installed metadata, or make it the package's version source.",
        fixable=True,
    ),
    Code(
        "manifest-platforms-known",
        WARNING,
        "A `platforms` entry other than linux, macos, windows.",
        "Use the suggested spelling (darwin/osx -> macos, win32 -> windows, Linux -> linux).",
        fixable=True,
    ),
    Code(
        "manifest-name-matches-package",
        WARNING,
        "The manifest's `name` differs from the normalised package name.",
        "Use the same name in both places, or accept the warning if the difference is deliberate.",
    ),
    Code(
        "manifest-body-length",
        WARNING,
        "The manifest body is longer than the Agent Skills ceiling of 500 lines; `--help` "
        "renders it as the skill.",
        "Move detail into documents the skill lists as resources, and keep the body to what "
        "an agent needs first.",
    ),
    Code(
        "descriptor-cli-argv-declared",
        WARNING,
        "What `cli_argv` starts, once runner prefixes (uvx, uv run, pipx run, npx, python -m, "
        "env, ...) are looked through, is not the project's: not a console script declared in "
        "`[project.scripts]`, not a package or module of the distribution, not a file inside "
        "the root. A container image is not judged.",
        "Declare the script in `[project.scripts]`, or start cli_argv (after its runner) with "
        "one that is declared.",
    ),
    Code(
        "tree-readable",
        WARNING,
        "A folder under the root could not be read, so a second SMART_TOOL.md inside it would go unseen.",
        "Fix the folder's permissions, or list it in `[tool.smart-tool] exclude`.",
    ),
    Code(
        "package-definition-parses",
        ERROR,
        "pyproject.toml or package.json at the root cannot be read or parsed: invalid TOML or "
        "JSON, a symlink out of the root, not a regular file (a FIFO), over 1 MiB, nested "
        "beyond Python's recursion limit, an integer longer than Python reads; or the version "
        "source it names (hatch's `path`, setuptools' `attr:` or `file:`) is refused so, or "
        "its version `pattern` is invalid or can backtrack without end.",
        "Fix the TOML/JSON syntax the message points at; make the file (and the version source "
        "it names) a regular file inside the root, of at most 1 MiB.",
    ),
    Code(
        "project-file-readable",
        ERROR,
        "A project file the check reads besides the manifest and descriptor (the `__init__.py` "
        "of a package holding the manifest) is not read: it leads outside the root through a "
        "symlink, is not a regular file (a FIFO, a device), is over 1 MiB, or nests beyond "
        "Python's parser limits. pyproject.toml, package.json and the version sources they "
        "name are held to the same bounds under `package-definition-parses`.",
        "Make it a regular file inside the root, of at most 1 MiB, that Python can parse; "
        "replace a symlink out of the root with the file itself.",
    ),
    Code(
        "config-valid",
        ERROR,
        "`[tool.smart-tool]` (or the build hook's table) has an unknown key or a value of the wrong type.",
        "Use only the documented options, with the documented types.",
    ),
    Code(
        "build-system-opt-in",
        ERROR,
        "[build-system].requires names smart-tool-build, but the build will not run its checks: "
        "hatchling without a [tool.hatch.build.hooks.smart-tool] table, a backend without plugins "
        "(uv_build, flit_core, pdm-backend, poetry-core, ...) not built through the wrapper, or the "
        'wrapper (build-backend = "smart_tool_build.backend") unable to tell which backend it wraps.',
        'Add the hook table (hatchling), set build-backend = "smart_tool_build.backend" (other '
        "backends), or set [tool.smart-tool] backend to the backend the wrapper wraps.",
    ),
    Code(
        "build-system-names-plugin",
        WARNING,
        "A root with smart-tool.json whose [build-system] names neither smart-tool-build (in "
        '`requires`) nor the wrapper (`build-backend = "smart_tool_build.backend"`): its builds '
        "check nothing and guarantee neither file in the wheel or the sdist. A library whose "
        "backend alone leaves its skills out of the wheel is told the same, naming the skills "
        "(`check` only): setuptools (package data never matches `.agents/`), hatchling with "
        "`.gitignore` naming them, and folders `[tool.smart-tool] skills` names on any backend. "
        "A pyproject.toml without a [build-system] table is not judged.",
        "List smart-tool-build in [build-system].requires as the README shows, and the hook table "
        "(hatchling) or the wrapper's build-backend (backends without plugins): the warning names them.",
    ),
)
