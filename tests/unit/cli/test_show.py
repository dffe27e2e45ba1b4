"""`smart-tool show`: a distribution that is not installed is one clear line."""

from __future__ import annotations

import pytest

from smart_tool.cli import main


def test_show_not_installed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "no-such-distribution-xyz"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith(
        "smart-tool: error: no smart-tool manifest for distribution 'no-such-distribution-xyz'"
    )
