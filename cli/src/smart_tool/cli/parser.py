"""The ``smart-tool`` command line: its commands and options; :mod:`.cli_commands` runs them.

Exit codes: 0 clean, 1 findings (errors, or warnings under --warnings-as-errors), 2 a
usage or I/O failure of the tool itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn, Optional

from smart_tool_build.project.config_checks import DEV_VERSION_POLICIES

from .. import __version__
from .commands import (
    run_catalog_check,
    run_check,
    run_codes,
    run_fix,
    run_init,
    run_inspect,
    run_show,
    run_snapshot,
    snapshot_usage,
)
from .exits import EXIT_CLEAN, EXIT_FAILURE, EXIT_FINDINGS

__all__ = ["COMMANDS", "main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_FAILURE, f"{self.prog}: error: {message}\n")


#: each command and what it is for, as `smart-tool --help` lists them
COMMANDS = {
    "check": "check distribution roots in a source tree: manifest, descriptor, versions, duplicates",
    "fix": "fix what has exactly one right answer (version drift first), report the rest as check does",
    "init": "start a smart tool: write smart-tool.json and SMART_TOOL.md from what the project says",
    "inspect": "check built wheels and sdists from any backend, before they are published",
    "smoke": "install wheels into throwaway environments and run the runtime rules against them",
    "show": "print an installed tool's manifest, as its library reads it",
    "snapshot": "write a catalog entry of a tool: SMART_TOOL.md and provenance.json",
    "catalog": "check a catalog checkout's tools/<id>/ entries",
    "codes": "explain a diagnostic code (or list them all): what it means, how to fix it",
}


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="smart-tool",
        description="Check smart tools (SMART_TOOL.md and smart-tool.json) in source trees and artifacts.",
        epilog="`smart-tool COMMAND --help` shows a command's options; `smart-tool codes CODE` "
        "explains a finding's code.",
    )
    parser.add_argument(
        "-V",
        "--version",
        action="version",
        version=f"smart-tool {__version__} (smart-tool-build {__version__})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    def command(name: str) -> argparse.ArgumentParser:
        made = commands.add_parser(name, help=COMMANDS[name], description=COMMANDS[name])
        _add_verbosity(made)
        return made

    check = command("check")
    _add_paths(check, "check")
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes to use (default: one per core when there are many roots)",
    )
    _add_ignore_option(check)
    _add_report_options(check)
    check.set_defaults(run=run_check)

    fix = command("fix")
    _add_paths(fix, "fix")
    fix.add_argument("--diff", action="store_true", help="print a unified diff and write nothing")
    _add_report_options(fix)
    fix.set_defaults(run=run_fix)

    init = command("init")
    init.add_argument("path", nargs="?", metavar="PATH", default=".", help="the project (default: .)")
    init.add_argument("--command", metavar="CMD", help="the command that starts the tool (its cli_argv)")
    init.add_argument(
        "--package", metavar="DIR", help="the import package's folder, for the manifest (or the skill)"
    )
    init.add_argument(
        "--skill",
        metavar="NAME",
        help="start a library skill instead: <package>/.agents/skills/NAME/SKILL.md, beside the library",
    )
    init.add_argument(
        "--manifest-version",
        metavar="VERSION",
        help="the version, when the package's is known only to a build",
    )
    init.add_argument(
        "--requirement",
        metavar="SPEC",
        help="how the printed [build-system] lines require smart-tool-build, e.g. "
        '"smart-tool-build @ git+https://HOST/REPO@TAG" (default: the git reference this copy '
        "was installed from, else the bare name)",
    )
    init.add_argument(
        "--mcp-server",
        action="store_true",
        help="write server.json for the MCP registry (not smart-tool.json), from pyproject.toml",
    )
    init.add_argument(
        "--name",
        metavar="NAMESPACE/NAME",
        help="the MCP server's name, where [project.urls] has no GitHub URL (io.github.<Owner>/<project>)",
    )
    init.set_defaults(run=run_init)

    inspect = command("inspect")
    inspect.add_argument("artifacts", nargs="+", metavar="ARTIFACT", help="a .whl or .tar.gz")
    inspect.add_argument(
        "--exclude",
        action="append",
        metavar="GLOB",
        help="a path glob the duplicate-manifest rule skips (repeatable; adds to the sdist's "
        "[tool.smart-tool] exclude, or to ./pyproject.toml's for a wheel given alone)",
    )
    inspect.add_argument(
        "--dev-versions",
        choices=DEV_VERSION_POLICIES,
        help="what a development version that differs from the manifest does (overrides dev-versions)",
    )
    inspect.add_argument(
        "--server-json",
        metavar="FILE",
        help="an MCP server's server.json: each archive's description must claim its name "
        "(`mcp-name:`), as the MCP registry requires",
    )
    _add_ignore_option(inspect)
    _add_report_options(inspect)
    inspect.set_defaults(run=run_inspect)

    smoke = command("smoke")
    smoke.add_argument(
        "artifacts", nargs="+", metavar="ARTIFACT", help="a .whl, and its sdist for the descriptor (dist/*)"
    )
    smoke.add_argument(
        "--timeout", type=_seconds, default=20.0, metavar="SECONDS", help="per probe (default: 20)"
    )
    smoke.add_argument("--no-deps", action="store_true", help="install the wheel without its dependencies")
    smoke.add_argument("--python", metavar="PYTHON", help="the environment's interpreter (default: this one)")
    smoke.add_argument("--keep", action="store_true", help="keep the environment and say where it is")
    smoke.add_argument(
        "--find-links",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of wheels (or its URL) to install dependencies from, besides the index; "
        "passed to uv or pip (repeatable)",
    )
    smoke.add_argument(
        "--no-index", action="store_true", help="install from the --find-links folders only, not the index"
    )
    smoke.add_argument(
        "--no-install-package",
        action="append",
        default=[],
        metavar="NAME",
        help="install every dependency of the wheel but this one (a git requirement, say); repeatable",
    )
    smoke.add_argument(
        "--no-progress", action="store_true", help="say nothing of the steps on stderr, only the findings"
    )
    _add_ignore_option(smoke)
    _add_report_options(smoke)
    _add_conformance_options(smoke)
    smoke.set_defaults(run=_run_smoke)

    show = command("show")
    show.add_argument(
        "distribution", metavar="NAME", help="an installed distribution's name, or its tool's name"
    )
    show.add_argument(
        "--output-format",
        "--format",
        dest="format",
        choices=("text", "json"),
        default="text",
        help="text: the manifest as written; json: its frontmatter as an object",
    )
    show.set_defaults(run=run_show)

    snapshot = command("snapshot")
    snapshot.add_argument("path", metavar="ROOT", help="the tool's distribution root")
    snapshot.add_argument("--output-dir", "-d", metavar="DIR", help="the entry folder to write, tools/<id>")
    snapshot.add_argument("--repository", metavar="URL", help="the https clone URL (default: origin)")
    snapshot.add_argument("--ref", metavar="REF", help="the branch or tag (default: the current branch)")
    snapshot.add_argument(
        "--commit", "--revision", dest="commit", metavar="SHA", help="the full commit id (default: HEAD)"
    )
    snapshot.add_argument(
        "--pointer",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="write the pointer source.json (default: when the entry has none, so the entry passes "
        "`catalog check`; --pointer replaces one there, --no-pointer writes none)",
    )
    snapshot.add_argument(
        "--output-format",
        "--format",
        dest="format",
        choices=("catalog", "json"),
        default="catalog",
        help="catalog: the entry's files (default); json: the one document of earlier versions",
    )
    snapshot.add_argument("--output", "-o", metavar="FILE", help="--format json: write here, not stdout")
    snapshot.set_defaults(run=run_snapshot, usage=snapshot_usage, command_parser=snapshot)

    catalog = command("catalog")
    catalog_commands = catalog.add_subparsers(dest="catalog_command", metavar="COMMAND", parser_class=_Parser)
    catalog_commands.required = True
    catalog_check = catalog_commands.add_parser(
        "check",
        help="check every entry of a catalog checkout",
        description="check every tools/<id>/ entry of a catalog checkout: its files, provenance and manifest",
    )
    _add_verbosity(catalog_check)
    catalog_check.add_argument("root", metavar="CATALOG_ROOT", help="the checkout, holding tools/")
    catalog_check.add_argument(
        "--names-match-folders", action="store_true", help="require each snapshot's name to be its folder's"
    )
    catalog_check.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="processes to use (default: one per core for many entries)",
    )
    _add_report_options(catalog_check)
    catalog_check.set_defaults(run=run_catalog_check)

    codes = command("codes")
    codes.add_argument(
        "code", nargs="?", metavar="CODE", type=_code, help="the code to explain (default: all)"
    )
    codes.add_argument(
        "--output-format",
        "--format",
        dest="format",
        choices=("text", "markdown"),
        default="text",
        help="text: one entry per code; markdown: the table of docs/codes.md",
    )
    codes.set_defaults(run=run_codes)
    return parser


def _run_smoke(args: argparse.Namespace) -> int:
    """``smart-tool smoke``, whose module (and its imports) only this command loads."""
    from .smoke_command import run_smoke

    return run_smoke(args)


def _add_paths(parser: argparse.ArgumentParser, verb: str) -> None:
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", default=["."], help="distribution root (default: .)"
    )
    parser.add_argument(
        "--recursive", "-r", action="store_true", help=f"{verb} every root found below each PATH"
    )


def _code(name: str) -> str:
    """A code named on the command line, or a usage error; a former spelling names its code."""
    from smart_tool_build.diagnostics.codes import resolve

    code = resolve(name)
    if code is None:
        raise argparse.ArgumentTypeError(f"no such code {name!r} (`smart-tool codes` lists them)")
    return code


def _seconds(text: str) -> float:
    """A timeout: a positive number of seconds (argparse would say only "invalid value")."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a timeout: a timeout is the positive number of seconds each probe "
            "may run, such as 20 or 2.5"
        )
    return value


def _codes(text: str) -> list[str]:
    """Codes named on the command line, comma-separated."""
    return [_code(name.strip()) for name in text.split(",") if name.strip()]


def _add_ignore_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ignore",
        action="extend",
        metavar="CODE",
        type=_codes,
        help="set aside the findings of CODE (repeatable, or comma-separated; adds to "
        "[tool.smart-tool] ignore)",
    )


def _add_report_options(parser: argparse.ArgumentParser) -> None:
    from .output import FORMATS

    parser.add_argument(
        "--output-format",
        "--format",
        dest="format",
        choices=tuple(FORMATS),
        default="text",
        help="; ".join(f"{name}: {text}" for name, text in FORMATS.items()),
    )
    parser.add_argument(
        "--warnings-as-errors", action="store_true", help="exit 1 on warnings as well as errors"
    )
    parser.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit 0 even when there are findings (2, a failure of the tool itself, stays 2)",
    )
    _add_sarif_option(parser)


def _add_verbosity(parser: argparse.ArgumentParser) -> None:
    """``-q``/``-v``, on every command as ruff, pip and uv take them."""
    parser.add_argument(
        "-q",
        "--quiet",
        action="count",
        default=0,
        help="print the findings only, no summary; -qq prints nothing (the exit code says it)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="also say what passed: a line for each root, artifact or entry without a finding",
    )


def _add_sarif_option(parser: argparse.ArgumentParser) -> None:
    """``--sarif-output``: code scanning's file, written whatever ``--format`` prints."""
    parser.add_argument(
        "--sarif-output",
        metavar="FILE",
        help="also write the findings to FILE as SARIF 2.1.0 (for code scanning), whatever --format prints",
    )


def _add_conformance_options(smoke: argparse.ArgumentParser) -> None:
    """smoke's own: where the descriptor and the file rules come from, and the kit's format."""
    for action in smoke._actions:
        if action.dest == "format" and action.choices is not None:
            action.choices = (*action.choices, "conformance")
            action.help = f"{action.help}; conformance: the conformance kit's own JSON document, for one tool"
    smoke.add_argument(
        "--descriptor",
        metavar="PATH",
        help="the smart-tool.json to use (default: the wheel's, else its sdist's)",
    )
    smoke.add_argument(
        "--root",
        metavar="DIR",
        help="--format conformance: judge the file rules on this source root (default: the sdist)",
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = _parser().parse_args(argv)
    wrong = args.usage(args) if hasattr(args, "usage") else None
    if wrong:  # options argparse cannot see do not go together
        args.command_parser.error(wrong)
    try:
        code = int(args.run(args))
        if code == EXIT_FINDINGS and getattr(args, "exit_zero", False):
            return EXIT_CLEAN  # --exit-zero: findings do not fail; the tool's own failure still does
        return code
    except KeyboardInterrupt:  # pragma: no cover
        return 130
    except BrokenPipeError:  # the reader went away (`smart-tool check | head`): nothing to say
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    except OSError as exc:
        print(f"smart-tool: error: {exc}", file=sys.stderr)
        return EXIT_FAILURE
