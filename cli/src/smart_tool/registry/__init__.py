"""Registries: snapshots of a manifest with their provenance, and ``catalog check`` of a catalog
checkout; git facts read through the ``git`` command.

May import: plan, archives, runtime, rules, project, parsing, diagnostics.
"""
