"""``smart-tool smoke``: the runtime rules, run against the wheel users will install, in a throwaway
environment, with bounded probes.

May import: plan, archives, runtime, rules, project, parsing, diagnostics.
"""
