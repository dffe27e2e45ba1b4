"""Many at a time, for the command line: every root below a folder (one walk, checked on every
core from a threshold up) and every artifact ``inspect`` is given. No build loads any of it.

May import: smart_tool_build (plan, archives, runtime, rules, project, parsing, diagnostics).
"""
