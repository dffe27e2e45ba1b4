"""Built wheels and sdists: reading them in bounded memory, amending them, verifying them against a
build plan, and ``inspect``'s view of them with the options they were built with.

May import: runtime, rules, project, parsing, diagnostics.
"""
