"""smart-tool-build: check, package and read smart-tool manifests.

Importing this package is cheap: the build hooks' entry points live inside it and are
loaded by every build in an environment, so the public names below are loaded lazily.
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # not typing's: importing typing is most of what this package would cost
if TYPE_CHECKING:  # what type checkers see; at run time each name loads on first use
    from typing import Any

    from .checks import RootReport, check_root
    from .codes import CODES
    from .descriptor import Descriptor
    from .descriptor import parse_bytes as parse_descriptor
    from .diagnostics import Diagnostic, Severity
    from .manifest import Manifest, ManifestError, Requirement
    from .manifest import parse_bytes as parse_manifest
    from .manifest import parse_file as parse_manifest_file
    from .runtime import (
        ManifestNotFound,
        load_manifest,
        render_help,
        render_skill,
        repository_url,
        skill_directory,
    )
    from .skill import Capability

_LAZY = {
    "load_manifest": ("runtime", "load_manifest"),
    "render_help": ("runtime", "render_help"),
    "render_skill": ("runtime", "render_skill"),
    "skill_directory": ("runtime", "skill_directory"),
    "repository_url": ("runtime", "repository_url"),
    "Capability": ("skill", "Capability"),
    "ManifestNotFound": ("runtime", "ManifestNotFound"),
    "check_root": ("checks", "check_root"),
    "RootReport": ("checks", "RootReport"),
    "Diagnostic": ("diagnostics", "Diagnostic"),
    "Severity": ("diagnostics", "Severity"),
    "CODES": ("codes", "CODES"),
    "Manifest": ("manifest", "Manifest"),
    "Requirement": ("manifest", "Requirement"),
    "ManifestError": ("manifest", "ManifestError"),
    "parse_manifest": ("manifest", "parse_bytes"),
    "parse_manifest_file": ("manifest", "parse_file"),
    "parse_descriptor": ("descriptor", "parse_bytes"),
    "Descriptor": ("descriptor", "Descriptor"),
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
    from importlib import import_module

    module, attribute = _LAZY[name]
    value = getattr(import_module(f"{__name__}.{module}"), attribute)
    globals()[name] = value
    return value
