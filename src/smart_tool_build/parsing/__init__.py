"""Reading text formats without running anything: frontmatter, the YAML readers (the common subset
and the hardened PyYAML reader), strict JSON, and where a key stands in a file.

The bottom layer: imports only the standard library (and PyYAML, lazily).
"""
