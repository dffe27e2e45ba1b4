"""The build adapters' shared work: the setuptools commands, the wrapper's pipeline, and the one
reporter every adapter prints through.

May import: plan, archives, runtime, rules, project, parsing, diagnostics. Never imported by the
core; only the entry modules (hatch_hook, setuptools_plugin, backend) reach it.
"""
