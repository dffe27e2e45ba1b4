"""Writing a project's files for its author: ``smart-tool init``, ``smart-tool fix``, the byte-exact
edits they make, and YAML scalars found in their source text.

May import: plan, archives, runtime, rules, project, parsing, diagnostics.
"""
