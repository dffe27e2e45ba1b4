"""The official MCP registry's rules for a server.json, restated in plain code.

Restated from the registry's sources (github.com/modelcontextprotocol/registry, under the MIT
licence, "Copyright (c) 2025 GitHub"): the schema
``internal/validators/schemas/2025-12-11.json`` (the fields a listing of a PyPI package uses:
required fields, types, lengths, the name's pattern, the transports), the semantic checks of
``internal/validators/validators.go`` (the name's grammar, specific versions, an identifier
without spaces, a title not only blanks) and the PyPI package rules (``registryBaseUrl``,
``fileSha256``). No JSON Schema library is imported: a build pays for none.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from ...diagnostics.diagnostic import Diagnostic, make
from .server_json import ServerJson

#: the schema a server.json names today, and the one the registry still reads but deprecated
SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/{}/server.schema.json"
CURRENT_SCHEMA = "2025-12-11"
DEPRECATED_SCHEMAS = ("2025-10-17", "2025-09-29", "2025-09-16", "2025-07-09")
PYPI_URL = "https://pypi.org"

#: the schema's pattern of ``name`` and its bounds
NAME_PATTERN = re.compile(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+")
NAME_BOUNDS = (3, 200)
#: the registry's stricter grammar (validators.go ``serverNameRegex``)
_NAMESPACE = r"[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]"
_NAME_PART = r"[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]"
SERVER_NAME = re.compile(_NAMESPACE + "/" + _NAME_PART)
#: ``description`` and ``title``: 1-100 characters; ``version``: at most 255
TEXT_BOUNDS = (1, 100)
VERSION_MAX = 255
TRANSPORTS = ("stdio", "streamable-http", "sse")
_URL = re.compile(r"https?://[^\s]+")
_SHA256 = re.compile(r"[a-f0-9]{64}")

# the registry's range detectors (validators.go looksLikeVersionRange), in Python's syntax
_V = r"v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?"
_COMPARATOR = re.compile(r"\s*(?:\^|~|>=|<=|>|<|=)\s*" + _V + r"\s*")
_HYPHEN = re.compile(r"\s*" + _V + r"\s-\s*" + _V + r"\s*")
_OR = re.compile(r"\s*(?:" + _V + r"\s*)(?:\|\|\s*" + _V + r"\s*)+")
_DOTTED = re.compile(r"\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*")
_GITHUB_OWNER = re.compile(r"https?://(?:www\.)?github\.com/([^/\s]+)/", re.IGNORECASE)


def looks_like_range(version: str) -> bool:
    """Whether the registry takes ``version`` for a range rather than one version."""
    trimmed = version.strip()
    if not trimmed:
        return False
    if any(p.fullmatch(trimmed) for p in (_COMPARATOR, _HYPHEN, _OR)):
        return True
    return bool(_DOTTED.fullmatch(trimmed)) and any(c in trimmed for c in "xX*")


def check_document(server: ServerJson) -> list[Diagnostic]:
    """Every registry rule ``server`` breaks, one finding each, at its line."""
    doc = server.document
    out = _schema_version(server)
    out += _top_level(server)
    packages = doc.get("packages")
    if packages is not None and not isinstance(packages, list):
        out.append(_shape(server, ("packages",), "`packages` must be a list of objects"))
    elif packages:
        for index, package in enumerate(packages):
            out += _package(server, index, package)
    remotes = doc.get("remotes")
    if remotes is not None and not isinstance(remotes, list):
        out.append(_shape(server, ("remotes",), "`remotes` must be a list of objects"))
    return out


def _shape(server: ServerJson, path: tuple[str | int, ...], message: str) -> Diagnostic:
    return make(
        "mcp-schema", server.shown, server.line(*path), message, "see the 2025-12-11 server.json schema"
    )


def _where(path: tuple[str | int, ...]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(path))


def _schema_version(server: ServerJson) -> list[Diagnostic]:
    schema = server.document.get("$schema")
    hint = f'set "$schema": "{SCHEMA_URL.format(CURRENT_SCHEMA)}"'
    if schema is None:
        message = "server.json names no `$schema`: the registry refuses a server.json without one"
    elif not isinstance(schema, str):
        message = f"`$schema` must be a string, not {type(schema).__name__}"
    elif schema == SCHEMA_URL.format(CURRENT_SCHEMA):
        return []
    elif any(schema == SCHEMA_URL.format(old) for old in DEPRECATED_SCHEMAS):
        message = f"`$schema` names a deprecated schema version, {schema!r}; the registry refuses it"
    else:
        message = f"`$schema` names a schema the registry does not know, {schema!r}"
    return [make("mcp-schema-version", server.shown, server.line("$schema"), message, hint)]


def _text(server: ServerJson, key: str, required: bool) -> list[Diagnostic]:
    value = server.document.get(key)
    if value is None:
        return [_shape(server, (), f"server.json lacks the required `{key}`")] if required else []
    if not isinstance(value, str):
        return [_shape(server, (key,), f"`{key}` must be a string, not {type(value).__name__}")]
    low, high = TEXT_BOUNDS
    if not low <= len(value) <= high:
        return [
            make(
                "mcp-schema",
                server.shown,
                server.line(key),
                f"`{key}` is {len(value)} characters; the registry takes {low} to {high}",
                f"say it in at most {high} characters; the readme can say the rest",
            )
        ]
    if key == "title" and not value.strip():
        return [_shape(server, (key,), "`title` is only blanks")]
    return []


def _top_level(server: ServerJson) -> list[Diagnostic]:
    doc = server.document
    out: list[Diagnostic] = []
    name = doc.get("name")
    if name is None:
        out.append(_shape(server, (), "server.json lacks the required `name`"))
    elif not isinstance(name, str):
        out.append(_shape(server, ("name",), f"`name` must be a string, not {type(name).__name__}"))
    else:
        out += name_rule(name, server)
    out += _text(server, "description", True)
    out += _text(server, "title", False)
    version = doc.get("version")
    if version is None:
        out.append(_shape(server, (), "server.json lacks the required `version`"))
    elif not isinstance(version, str):
        out.append(_shape(server, ("version",), f"`version` must be a string, not {type(version).__name__}"))
    elif len(version) > VERSION_MAX:
        out.append(
            _shape(server, ("version",), f"`version` is {len(version)} characters, over {VERSION_MAX}")
        )
    else:
        out += _specific(server, ("version",), version)
    for key in ("websiteUrl",):
        if key in doc and not isinstance(doc[key], str):
            out.append(_shape(server, (key,), f"`{key}` must be a string"))
    repository = doc.get("repository")
    if repository is not None:
        if not isinstance(repository, dict):
            out.append(
                _shape(server, ("repository",), "`repository` must be an object with `url` and `source`")
            )
        else:
            for key in ("url", "source"):
                if not isinstance(repository.get(key), str):
                    out.append(_shape(server, ("repository", key), f"`repository.{key}` must be a string"))
            if isinstance(name, str) and isinstance(repository.get("url"), str):
                out += _casing(server, name, repository["url"])
    return out


def name_rule(name: str, server: ServerJson) -> list[Diagnostic]:
    """``mcp-name-format``: the schema's pattern and bounds, and the registry's grammar."""
    low, high = NAME_BOUNDS
    problem: Optional[str] = None
    if not low <= len(name) <= high:
        problem = f"is {len(name)} characters; the registry takes {low} to {high}"
    elif name.count("/") != 1:
        problem = "must hold exactly one `/`, between the namespace and the server's name"
    elif not NAME_PATTERN.fullmatch(name) or not SERVER_NAME.fullmatch(name):
        problem = (
            "is not of the registry's form: each part starts and ends with a letter or digit; the "
            "namespace holds letters, digits, `.` and `-`, the name also `_`"
        )
    if problem is None:
        return []
    return [
        make(
            "mcp-name-format",
            server.shown,
            server.line("name"),
            f"`name` {name!r} {problem}",
            "name it in reverse DNS, e.g. io.github.<Owner>/<project>",
        )
    ]


def _casing(server: ServerJson, name: str, url: str) -> list[Diagnostic]:
    """``mcp-namespace-casing``: an ``io.github.`` owner spelt otherwise than in the URL."""
    if not name.startswith("io.github.") or "/" not in name:
        return []
    owner = name[len("io.github.") :].split("/", 1)[0]
    found = _GITHUB_OWNER.match(url.strip())
    if found is None or found.group(1) == owner or found.group(1).lower() != owner.lower():
        return []
    return [
        make(
            "mcp-namespace-casing",
            server.shown,
            server.line("name"),
            f"`name`'s owner {owner!r} differs in casing from {found.group(1)!r} in `repository.url`; "
            "the registry grants the namespace with the owner's exact casing",
            f"write io.github.{found.group(1)}/{name.split('/', 1)[1]}",
        )
    ]


def _specific(server: ServerJson, path: tuple[str | int, ...], version: str) -> list[Diagnostic]:
    """``mcp-version-specific``: neither ``latest`` nor a range."""
    if version == "latest":
        said = "is `latest`, which the registry reserves"
    elif looks_like_range(version):
        said = "is a range, not one version"
    else:
        return []
    return [
        make(
            "mcp-version-specific",
            server.shown,
            server.line(*path),
            f"`{_where(path)}` {version!r} {said}",
            "write the exact version of the release, e.g. 1.2.0",
        )
    ]


def _package(server: ServerJson, index: int, package: Any) -> list[Diagnostic]:
    at: tuple[str | int, ...] = ("packages", index)
    where = _where(at)
    if not isinstance(package, dict):
        return [_shape(server, at, f"`{where}` must be an object")]
    out: list[Diagnostic] = []
    for key in ("registryType", "identifier"):
        if key not in package:
            out.append(_shape(server, at, f"`{where}` lacks the required `{key}`"))
        elif not isinstance(package[key], str):
            out.append(_shape(server, (*at, key), f"`{where}.{key}` must be a string"))
    out += _transport(server, at, package.get("transport"))
    version = package.get("version")
    if version is not None:
        if not isinstance(version, str) or not version:
            out.append(_shape(server, (*at, "version"), f"`{where}.version` must be a non-empty string"))
        else:
            out += _specific(server, (*at, "version"), version)
    identifier = package.get("identifier")
    if isinstance(identifier, str) and any(c.isspace() for c in identifier):
        out.append(_pypi(server, (*at, "identifier"), f"`{where}.identifier` {identifier!r} holds spaces"))
    sha = package.get("fileSha256")
    if sha is not None and (not isinstance(sha, str) or not _SHA256.fullmatch(sha)):
        out.append(_shape(server, (*at, "fileSha256"), f"`{where}.fileSha256` must be 64 hex digits"))
    if package.get("registryType") == "pypi":
        base = package.get("registryBaseUrl")
        if base is not None and base != PYPI_URL:
            out.append(
                _pypi(
                    server, (*at, "registryBaseUrl"), f"`{where}.registryBaseUrl` is {base!r}, not {PYPI_URL}"
                )
            )
        if sha is not None:
            out.append(
                _pypi(
                    server,
                    (*at, "fileSha256"),
                    f"`{where}.fileSha256` is for MCPB bundles; a PyPI entry has none",
                )
            )
    return out


def _pypi(server: ServerJson, path: tuple[str | int, ...], message: str) -> Diagnostic:
    return make(
        "mcp-pypi-package",
        server.shown,
        server.line(*path),
        message,
        'a PyPI entry is "registryType": "pypi", "identifier": "<project>", "version", "transport"',
    )


def _transport(server: ServerJson, at: tuple[str | int, ...], transport: Any) -> list[Diagnostic]:
    where = _where(at)
    if transport is None:
        return [_shape(server, at, f'`{where}` lacks the required `transport`, e.g. {{"type": "stdio"}}')]
    if not isinstance(transport, dict):
        return [_shape(server, (*at, "transport"), f"`{where}.transport` must be an object")]
    kind, url = transport.get("type"), transport.get("url")
    if kind not in TRANSPORTS:
        return [
            _shape(
                server,
                (*at, "transport", "type") if "type" in transport else (*at, "transport"),
                f"`{where}.transport.type` is {kind!r}, not one of {', '.join(TRANSPORTS)}",
            )
        ]
    if kind == "stdio":
        if url not in (None, ""):
            return [
                _shape(server, (*at, "transport", "url"), f"`{where}.transport` is stdio: it has no `url`")
            ]
        return []
    if not isinstance(url, str) or not _URL.fullmatch(url):
        return [_shape(server, (*at, "transport"), f"`{where}.transport` ({kind}) needs an http(s) `url`")]
    return []
