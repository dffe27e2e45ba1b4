"""smart-tool-build: check, package and read smart-tool manifests.

Importing this package is cheap: the build hooks' entry points live inside it and are
loaded by every build in an environment, so the public names below are loaded lazily.
"""

from __future__ import annotations

#: the one place the version is written: hatchling reads it for the metadata ([tool.hatch.version])
__version__ = "0.1.0"

TYPE_CHECKING = False
if TYPE_CHECKING:  # what type checkers see; at run time each name loads on first use
    from typing import Any

    from .diagnostics.codes import CODES as CODES
    from .diagnostics.diagnostic import Diagnostic as Diagnostic
    from .diagnostics.diagnostic import Severity as Severity
    from .project.manifest_model import Manifest as Manifest
    from .project.manifest_model import ManifestError as ManifestError
    from .project.manifest_model import Requirement as Requirement
    from .rules import descriptor as _descriptor
    from .rules import manifest as _manifest
    from .rules.descriptor import Descriptor as Descriptor
    from .rules.root import check_root as check_root
    from .rules.root_report import RootReport as RootReport
    from .runtime.accessor import ManifestNotFound as ManifestNotFound
    from .runtime.accessor import load_manifest as load_manifest
    from .runtime.accessor import render_help as render_help
    from .runtime.accessor import render_skill as render_skill
    from .runtime.accessor import repository_url as repository_url
    from .runtime.accessor import skill_directory as skill_directory
    from .runtime.skill import Capability as Capability

    parse_descriptor = _descriptor.parse_bytes
    parse_manifest = _manifest.parse_bytes
    parse_manifest_file = _manifest.parse_file

#: each public name, once: where it loads from on first use (the imports above are the
#: type checker's view of the same names, held equal by tests/unit/test_typing.py)
_LAZY = {
    "load_manifest": ("runtime.accessor", "load_manifest"),
    "render_help": ("runtime.accessor", "render_help"),
    "render_skill": ("runtime.accessor", "render_skill"),
    "skill_directory": ("runtime.accessor", "skill_directory"),
    "repository_url": ("runtime.accessor", "repository_url"),
    "Capability": ("runtime.skill", "Capability"),
    "ManifestNotFound": ("runtime.accessor", "ManifestNotFound"),
    "check_root": ("rules.root", "check_root"),
    "RootReport": ("rules.root_report", "RootReport"),
    "Diagnostic": ("diagnostics.diagnostic", "Diagnostic"),
    "Severity": ("diagnostics.diagnostic", "Severity"),
    "CODES": ("diagnostics.codes", "CODES"),
    "Manifest": ("project.manifest_model", "Manifest"),
    "Requirement": ("project.manifest_model", "Requirement"),
    "ManifestError": ("project.manifest_model", "ManifestError"),
    "parse_manifest": ("rules.manifest", "parse_bytes"),
    "parse_manifest_file": ("rules.manifest", "parse_file"),
    "parse_descriptor": ("rules.descriptor", "parse_bytes"),
    "Descriptor": ("rules.descriptor", "Descriptor"),
}

__all__ = ["__version__", *_LAZY]


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import sys  # not importlib's import_module: importlib costs a smart tool's --help

    module, attribute = _LAZY[name]
    full = f"{__name__}.{module}"
    __import__(full)
    value = getattr(sys.modules[full], attribute)
    globals()[name] = value
    return value
