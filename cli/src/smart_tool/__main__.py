"""``python -m smart_tool``: the same as the ``smart-tool`` command."""

from .cli import main

raise SystemExit(main())
