"""Looking through runner prefixes: what command, module or file an argv finally starts.

A descriptor's ``cli_argv`` says how a tool is *started* (``["uvx", "acme-widget"]``,
``["python", "-m", "acme_widget"]``, ``["docker", "run", "--rm", "acme/widget"]``); the
packaging text says it "resolves to a build of the distribution it sits in". Checking that
needs what the argv starts once every runner (``uvx``, ``uv run``, ``pipx run``, ``npx``,
``python -m``, ``docker run``, ``env``, ...) is looked through: :func:`look_through`.

Pure: it reads nothing but the argv (no filesystem, no environment, no PATH), so the source
rules and ``smart-tool smoke`` can share it. Runner options are known by name; an unknown
option is taken to be a flag unless written ``--name=value``, so an unusual runner option
can make the result wrong, never raise.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal, NamedTuple, Optional

__all__ = ["Launch", "LaunchKind", "is_python", "look_through"]

LaunchKind = Literal["command", "module", "file", "image", "unknown"]


class Launch(NamedTuple):
    """What an argv starts, once its runner prefixes are looked through."""

    #: ``command`` (a console script or an executable), ``module`` (``python -m``), ``file``
    #: (a script path), ``image`` (a container image), ``unknown`` (see ``reason``)
    kind: LaunchKind
    #: the command name (a path when the argv gives one), the module, the file or the image
    target: Optional[str]
    #: the arguments after the target
    args: tuple[str, ...]
    #: the runners looked through, outermost first, e.g. ``("uv run", "python")``
    runners: tuple[str, ...] = ()
    #: what a runner was told to install the command from (``uvx --from``, ``pipx --spec``,
    #: ``npx -p``), when the argv says
    package: Optional[str] = None
    #: why the kind is ``unknown``
    reason: Optional[str] = None

    @property
    def command_name(self) -> Optional[str]:
        """A command's bare name: no folder, no ``.exe``, no ``@version`` or ``==version``."""
        if self.kind != "command" or self.target is None:
            return None
        name = re.split(r"[\\/]", self.target)[-1]
        name = re.sub(r"\.exe$", "", name, flags=re.IGNORECASE)
        name = re.split(r"[=<>!~]=?|\[", name, maxsplit=1)[0]
        if "@" in name[1:]:
            name = name[0] + name[1:].split("@", 1)[0]
        return name or None

    def describe(self) -> str:
        """A phrase for messages: ``the command 'acme' (through uvx)``."""
        what = {
            "command": f"the command {self.target!r}",
            "module": f"the module {self.target!r}",
            "file": f"the file {self.target!r}",
            "image": f"the container image {self.target!r}",
            "unknown": f"nothing that can be named ({self.reason})",
        }[self.kind]
        return f"{what} (through {', '.join(self.runners)})" if self.runners else what


class _Runner(NamedTuple):
    """How one runner reads its own options before the argv it starts."""

    name: str
    #: options that take a value (``-p X``, ``--from X``); others are flags
    valued: frozenset[str]
    #: options whose value is what gets installed (``--from``, ``--spec``, ``-p``)
    package_options: frozenset[str] = frozenset()
    #: options after which there is no argv to follow (``npx -c 'cmd'``): value -> reason
    inline: frozenset[str] = frozenset()
    #: options that say the target is a module (``uv run -m``) or a file (``--script``)
    module_options: frozenset[str] = frozenset()
    file_options: frozenset[str] = frozenset()
    #: the target is an image, not a command
    image: bool = False


def _options(*names: str) -> frozenset[str]:
    return frozenset(names)


_UV_VALUED = _options(
    "--with", "--with-editable", "--with-requirements", "--python", "-p", "--project",
    "--directory", "--package", "--extra", "--no-extra", "--group", "--only-group",
    "--no-group", "--env-file", "--index", "--default-index", "--index-url", "-i",
    "--extra-index-url", "--find-links", "-f", "--index-strategy", "--keyring-provider",
    "--resolution", "--prerelease", "--fork-strategy", "--exclude-newer",
    "--exclude-newer-package", "--link-mode", "--config-setting", "-C",
    "--config-settings-package", "--no-build-isolation-package", "--no-binary-package",
    "--no-build-package", "--refresh-package", "--reinstall-package", "--upgrade-package",
    "-P", "--from", "--cache-dir", "--color", "--config-file", "--allow-insecure-host",
    "--python-platform", "--torch-backend", "--build-constraints", "-b", "--constraints",
    "-c", "--overrides", "--with-executables-from",
)  # fmt: skip
_UV_RUN = _Runner(
    "uv run", _UV_VALUED, module_options=_options("-m", "--module"), file_options=_options("--script", "-s")
)
_UVX = _Runner("uvx", _UV_VALUED, package_options=_options("--from"))
_PIPX = _Runner(
    "pipx run",
    _options("--spec", "--python", "--index-url", "-i", "--pip-args", "--backend"),
    package_options=_options("--spec"),
)
_NPX_VALUED = _options("--package", "-p", "--registry", "--cache", "--userconfig", "--workspace", "-w")
_NPX_INLINE = _options("--call", "-c")
_DOCKER = _Runner(
    "docker run",
    _options(
        "-e", "--env", "--env-file", "-v", "--volume", "--mount", "-w", "--workdir", "--name",
        "--entrypoint", "--network", "--net", "-p", "--publish", "-u", "--user", "--platform",
        "-l", "--label", "--label-file", "--add-host", "--cpus", "-m", "--memory", "-h",
        "--hostname", "--pull", "--restart", "--log-driver", "--log-opt", "--ulimit", "--device",
        "--cap-add", "--cap-drop", "--security-opt", "--tmpfs", "--dns", "--gpus", "--ipc",
        "--pid", "--runtime", "--shm-size", "--stop-signal", "--stop-timeout", "--cidfile",
        "--expose", "--group-add", "--isolation", "--volumes-from", "--link", "--attach", "-a",
    ),
    image=True,
)  # fmt: skip
_PROJECT_RUN = _options("-C", "--directory", "--project", "-e", "--env", "-n", "--name", "--prefix")

#: runners found by their leading words (longest first), each with how it reads options
_RUNNERS: tuple[tuple[tuple[str, ...], _Runner], ...] = (
    (("uv", "tool", "run"), _UVX),
    (("uv", "run"), _UV_RUN),
    (("uvx",), _UVX),
    (("pipx", "run"), _PIPX),
    (("npx",), _Runner("npx", _NPX_VALUED, _options("--package", "-p"), _NPX_INLINE)),
    (("pnpx",), _Runner("pnpx", _NPX_VALUED, _options("--package", "-p"), _NPX_INLINE)),
    (("bunx",), _Runner("bunx", _NPX_VALUED, _options("--package", "-p"))),
    (("pnpm", "dlx"), _Runner("pnpm dlx", _NPX_VALUED, _options("--package", "-p"), _NPX_INLINE)),
    (("yarn", "dlx"), _Runner("yarn dlx", _NPX_VALUED, _options("--package", "-p"))),
    (("docker", "container", "run"), _DOCKER),
    (("docker", "run"), _DOCKER),
    (("podman", "run"), _DOCKER._replace(name="podman run")),
    (("poetry", "run"), _Runner("poetry run", _PROJECT_RUN)),
    (("pdm", "run"), _Runner("pdm run", _PROJECT_RUN)),
    (("hatch", "run"), _Runner("hatch run", _PROJECT_RUN)),
    (("pipenv", "run"), _Runner("pipenv run", _PROJECT_RUN)),
    (("conda", "run"), _Runner("conda run", _PROJECT_RUN)),
)
#: options of the uv command itself, before its subcommand (``uv --directory x run ...``)
_UV_GLOBAL_VALUED = _options(
    "--directory", "--project", "--cache-dir", "--color", "--config-file", "--python", "-p",
    "--allow-insecure-host",
)  # fmt: skip

_PYTHON_NAME = re.compile(r"^(?:python|pypy)(?:\d+(?:\.\d+)*)?w?(?:\.exe)?$|^py(?:\.exe)?$", re.IGNORECASE)
#: interpreter options that take a value; ``-m`` and ``-c`` end the interpreter's options
_PYTHON_VALUED = frozenset("WX")
_PYTHON_FLAGS = frozenset("bBdEhiIOPqsSuvVx")


def is_python(word: str) -> bool:
    """True for an interpreter: ``python``, ``python3.12``, ``/usr/bin/python3``, ``py``."""
    return bool(_PYTHON_NAME.match(re.split(r"[\\/]", word)[-1]))


def _is_file(word: str) -> bool:
    return word.lower().endswith((".py", ".pyw", ".pyz"))


def look_through(argv: Sequence[str]) -> Launch:
    """What ``argv`` starts once every runner prefix is looked through; never raises."""
    return _look(tuple(argv), ())


def _look(argv: tuple[str, ...], runners: tuple[str, ...], package: Optional[str] = None) -> Launch:
    if not argv:
        return Launch("unknown", None, (), runners, package, "the argv ends before naming anything")
    first = argv[0]
    if is_python(first):
        return _python(argv[1:], (*runners, "python"), package)
    if re.split(r"[\\/]", first)[-1] == "env":
        return _env(argv[1:], (*runners, "env"), package)
    words = _uv_subcommand(argv) if first == "uv" else argv
    for prefix, runner in _RUNNERS:
        if words[: len(prefix)] == prefix:
            return _runner(runner, words[len(prefix) :], (*runners, runner.name), package)
    if _is_file(first):
        return Launch("file", first, argv[1:], runners, package)
    return Launch("command", first, argv[1:], runners, package)


def _uv_subcommand(argv: tuple[str, ...]) -> tuple[str, ...]:
    """``uv [global options] SUBCOMMAND ...`` as ``uv SUBCOMMAND ...``."""
    rest = list(argv[1:])
    while rest and rest[0].startswith("-"):
        option = rest.pop(0)
        if option in _UV_GLOBAL_VALUED and rest:
            rest.pop(0)
    return ("uv", *rest)


def _runner(
    runner: _Runner, argv: tuple[str, ...], runners: tuple[str, ...], package: Optional[str]
) -> Launch:
    rest = list(argv)
    force: Optional[LaunchKind] = None
    while rest and rest[0].startswith("-") and rest[0] != "-":
        option = rest.pop(0)
        if option == "--":
            break
        name, has_value, value = option.partition("=")
        if name in runner.inline:
            return Launch("unknown", None, (), runners, package, f"`{name}` runs inline code")
        if name in runner.module_options or name in runner.file_options:
            force = "module" if name in runner.module_options else "file"
            if has_value:
                rest.insert(0, value)
            break
        if name in runner.valued and not has_value:
            value = rest.pop(0) if rest else ""
        if name in runner.package_options:
            package = value
    if not rest:
        return Launch("unknown", None, (), runners, package, f"`{runners[-1]}` is given nothing to run")
    target, args = rest[0], tuple(rest[1:])
    if force is not None:
        return Launch(force, target, args, runners, package)
    if runner.image:
        return Launch("image", target, args, runners, package)
    if runner is _UVX or runner.name in ("npx", "pnpx", "bunx", "pnpm dlx", "yarn dlx"):
        if _is_file(target):
            return Launch("file", target, args, runners, package)
        return Launch("command", target, args, runners, package)
    return _look(tuple(rest), runners, package)


def _python(argv: tuple[str, ...], runners: tuple[str, ...], package: Optional[str]) -> Launch:
    """An interpreter's options, then ``-m MODULE``, ``-c CODE``, or a script path."""
    rest = list(argv)
    while rest and rest[0].startswith("-") and rest[0] != "-":
        option = rest.pop(0)
        if option == "--":
            break
        if option.startswith("--"):  # --check-hash-based-pycs MODE, --help, --version
            if option == "--check-hash-based-pycs" and rest:
                rest.pop(0)
            continue
        if re.fullmatch(r"-\d+(?:\.\d+)*(?:-\d+)?|-V:.+", option):  # the py launcher: -3.12
            continue
        for index, letter in enumerate(option[1:], start=1):
            value = option[index + 1 :]
            if letter in "mc" or letter in _PYTHON_VALUED:
                if not value:
                    value = rest.pop(0) if rest else ""
                if letter == "m":
                    return Launch("module", value or None, tuple(rest), runners, package)
                if letter == "c":
                    return Launch("unknown", None, (), runners, package, "`python -c` runs inline code")
                break
            if letter not in _PYTHON_FLAGS:
                break
    if not rest or rest[0] == "-":
        return Launch("unknown", None, (), runners, package, "the interpreter is given no script or module")
    return Launch("file", rest[0], tuple(rest[1:]), runners, package)


def _env(argv: tuple[str, ...], runners: tuple[str, ...], package: Optional[str]) -> Launch:
    """``env [-i] [-u NAME] [NAME=VALUE ...] COMMAND ...``."""
    rest = list(argv)
    while rest and (rest[0].startswith("-") or "=" in rest[0]):
        option = rest.pop(0)
        if option == "--":
            break
        if option in ("-u", "--unset", "-C", "--chdir", "-S", "--split-string") and rest:
            rest.pop(0)
    return _look(tuple(rest), runners, package)
