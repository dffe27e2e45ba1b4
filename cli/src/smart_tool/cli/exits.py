"""The exit statuses of ``smart-tool``, in a module of their own so that every command's
module can name them without importing another's."""

from __future__ import annotations

#: 0 clean, 1 findings (errors, or warnings under --warnings-as-errors), 2 a usage or I/O
#: failure of the tool itself
EXIT_CLEAN, EXIT_FINDINGS, EXIT_FAILURE = 0, 1, 2
