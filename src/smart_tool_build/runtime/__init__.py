"""The runtime face: what an installed smart tool calls to read its own manifest and render its
skill (the accessor), and how an installed distribution is found.

May import: rules, project, parsing, diagnostics.
"""
