"""The build adapters, one shape each: the hatchling hook's work (``hatchling``), the setuptools
commands (``setuptools_commands``), the wrapper's pipeline (``wrapper``), and the one reporter
and output sink every adapter prints through (``reporter``).

May import: plan, archives, runtime, rules, project, parsing, diagnostics. Never imported by the
core; only the entry modules (hatch_hook, setuptools_plugin, backend) reach it.
"""
