"""What a build must do for one project, decided once for every adapter: the build plan, and the
layout that says where each file goes in each artifact.

May import: archives, runtime, rules, project, parsing, diagnostics.
"""
