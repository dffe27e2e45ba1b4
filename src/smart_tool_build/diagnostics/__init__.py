"""Diagnostics, the one currency every rule pays in: the Diagnostic itself, severities, and the table
of stable codes (``codes/``, one module per family).

The bottom layer: imports only the standard library.
"""
