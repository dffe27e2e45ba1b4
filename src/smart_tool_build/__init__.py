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

    from .diagnostics.codes import CODES
    from .diagnostics.diagnostic import Diagnostic, Severity
    from .project.manifest_model import Manifest, ManifestError, Requirement
    from .rules.descriptor import Descriptor
    from .rules.descriptor import parse_bytes as parse_descriptor
    from .rules.manifest import parse_bytes as parse_manifest
    from .rules.manifest import parse_file as parse_manifest_file
    from .rules.root import RootReport, check_root
    from .runtime.accessor import (
        ManifestNotFound,
        load_manifest,
        render_help,
        render_skill,
        repository_url,
        skill_directory,
    )
    from .runtime.skill import Capability

_LAZY = {
    "load_manifest": ("runtime.accessor", "load_manifest"),
    "render_help": ("runtime.accessor", "render_help"),
    "render_skill": ("runtime.accessor", "render_skill"),
    "skill_directory": ("runtime.accessor", "skill_directory"),
    "repository_url": ("runtime.accessor", "repository_url"),
    "Capability": ("runtime.skill", "Capability"),
    "ManifestNotFound": ("runtime.accessor", "ManifestNotFound"),
    "check_root": ("rules.root", "check_root"),
    "RootReport": ("rules.root", "RootReport"),
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

__all__ = [  # the lazy names, written out so that type checkers and linters see them
    "__version__",
    "load_manifest",
    "render_help",
    "render_skill",
    "skill_directory",
    "repository_url",
    "Capability",
    "ManifestNotFound",
    "check_root",
    "RootReport",
    "Diagnostic",
    "Severity",
    "CODES",
    "Manifest",
    "Requirement",
    "ManifestError",
    "parse_manifest",
    "parse_manifest_file",
    "parse_descriptor",
    "Descriptor",
]


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
