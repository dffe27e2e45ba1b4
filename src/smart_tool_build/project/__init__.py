"""The project on disk: the file names every part agrees on, opt-in, which backend, the
distribution root and its version, options, the walk, Python source read without running it,
path containment.

May import: parsing, diagnostics (and the standard library: no third-party package at import).
"""
