"""Every rule about a source tree: the root check, the manifest, the descriptor, requirements,
``cli_argv``, the build system, the version attribute, versions, suggestions, runners, platforms,
and collections (``collection/``). Each returns diagnostics; none prints or exits.

May import: project, parsing, diagnostics.
"""
