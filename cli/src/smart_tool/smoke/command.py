"""Which command of the installed copy smoke runs: what ``cli_argv`` starts, in the wheel.

The packaging text says ``cli_argv`` "resolves to a build of the distribution it sits in", so
what it starts (its runner prefix looked through: ``uvx``, ``uv run``, ``python``, ...) must be
something the wheel installs: one of its commands (console scripts, ``.data/scripts``), a
module it ships (``python -m``), or a file it ships (``uv run --no-project src/acme/cli.py``
is ``acme/cli.py`` once installed). Anything else is an error naming the commands the wheel
does install; when there is exactly one, the probes run it instead, so that every other rule
is still judged.
"""

from __future__ import annotations

import posixpath
from typing import Literal, NamedTuple, Optional

from smart_tool_build.diagnostics.diagnostic import Diagnostic, Severity, make
from smart_tool_build.rules.runners import Launch, look_through

from .wheel_facts import WheelFacts


class Command(NamedTuple):
    """What smoke runs in the environment: a command the wheel installs, ``python -m`` a
    module, or ``python`` a file the wheel installs into site-packages."""

    kind: Literal["script", "module", "file"]
    #: the command, the module, or the file (relative to site-packages)
    name: str
    #: the arguments ``cli_argv`` gives after it
    args: tuple[str, ...]


def installed_file(facts: WheelFacts, path: str) -> Optional[str]:
    """The file of the wheel a source path names: the path itself, or the path without the
    folders above the package (``src/acme/cli.py`` -> ``acme/cli.py``), when the wheel
    installs it."""
    parts = posixpath.normpath(path.replace("\\", "/")).split("/")
    if parts[0] in ("", "..") or ".." in parts:
        return None
    for start in range(len(parts)):
        candidate = "/".join(parts[start:])
        if candidate in facts.members:
            return candidate
    return None


def _listing(commands: list[str]) -> str:
    return ", ".join(commands) if commands else "none"


def choose_command(facts: WheelFacts) -> tuple[Optional[Command], list[Diagnostic]]:
    """The command of the installed copy, and what is wrong with ``cli_argv``, if anything.

    No descriptor at all: the wheel's only command, said as info (``cli-argv-installed``
    cannot be judged), or none. A ``cli_argv`` that starts nothing the wheel installs: an
    error, and the wheel's only command run instead when there is one."""
    commands = facts.commands
    where, line = facts.descriptor_place("cli_argv")
    only = Command("script", commands[0], ()) if len(commands) == 1 else None
    if facts.descriptor is None:
        said = "an invalid smart-tool.json" if facts.descriptor_path else "no smart-tool.json"
        give = "" if facts.descriptor_path else "; give its sdist beside it, or --descriptor"
        if only is not None:
            message = f"not judged: the wheel has {said}{give}; running its only command {only.name!r}"
            return only, [make("cli-argv-installed", where, line, message, severity=Severity.INFO)]
        message = (
            f"the wheel has {said}, and no single command to run instead; it installs {_listing(commands)}"
        )
        hint = (
            "give its sdist beside it, or --descriptor"
            if not facts.descriptor_path
            else "fix smart-tool.json"
        )
        return None, [make("cli-argv-installed", where, line, message, hint)]
    launch = look_through(facts.descriptor.cli_argv)
    found, why = _resolve(facts, launch)
    if found is not None:
        return found, []
    instead = f"; the probes run its only command {only.name!r} instead" if only is not None else ""
    message = f"cli_argv starts {launch.describe()}, {why}{instead}"
    if launch.kind == "module":
        hint = "ship the module in the wheel, or start cli_argv with a command it installs"
    elif commands:
        hint = f"start cli_argv with a command the wheel installs: {_listing(commands)}"
    else:
        hint = "declare the tool's command in [project.scripts]"
    return only, [make("cli-argv-installed", where, line, message, hint)]


def _resolve(facts: WheelFacts, launch: Launch) -> tuple[Optional[Command], str]:
    """The command ``launch`` starts in the installed copy, or why there is none."""
    installs = f"it installs the commands {_listing(facts.commands)}"
    if launch.kind == "module" and launch.target:
        top = launch.target.split(".", 1)[0]
        if top in facts.top_level:
            return Command("module", launch.target, launch.args), ""
        shipped = ", ".join(sorted(facts.top_level)) or "nothing importable"
        return None, f"but the wheel ships no {top!r} (it ships {shipped})"
    if launch.kind == "file" and launch.target:
        member = installed_file(facts, launch.target)
        if member is not None:
            return Command("file", member, launch.args), ""
        return None, f"a file the wheel does not install ({installs})"
    name = launch.command_name
    if launch.kind == "command" and name is not None and name in facts.commands:
        return Command("script", name, launch.args), ""
    return None, f"which the wheel does not install ({installs})"
