"""The plain look at a package's ``__version__``: it skips the ast only where the ast would find
no drift (a property test against the parse), and a line that only reads the name needs no parse."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from smart_tool_build.project.package_version import PackageVersion
from smart_tool_build.project.python_source import string_assignment
from smart_tool_build.rules.version_attr import _plainly_agrees
from smart_tool_build.rules.version_reads import not_assigned
from smart_tool_build.rules.versions import same_text

VERSION = PackageVersion("1.0", "test")


def ast_agrees(data: bytes) -> bool:
    """What the ast path finds: no drift where the module does not parse (or holds no
    ``__version__`` string), else whether its first one is the package's version."""
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return True
    found = string_assignment(tree, "__version__")
    return found is None or same_text(found.value, VERSION)


@pytest.mark.parametrize(
    "line",
    [
        b"    print(manifest.name, manifest.version, __version__)",
        b"print(__version__)",
        b'__all__ = ["__version__", "main"]',
        b"x = pkg.__version__",
        b"from ._version import __version__",
        b"version = __version__.split('.')",
        b"if __version__ != 1: pass",
        b"my__version__ = 2",
    ],
)
def test_a_line_that_only_reads_the_name_is_no_assignment(line: bytes) -> None:
    assert not_assigned(line)
    assert _plainly_agrees(b'__version__ = "1.0"\n' + line + b"\n", VERSION)


@pytest.mark.parametrize(
    "module",
    [
        b'__version__ = "1.0"\nx = (__version__) = "2.0"\n',
        b'__version__ = "1.0"\n(__version__\n) = "2.0"\n',
        b'__version__ = "1.0"\nx = 1; __version__ = "2.0"\n',
        b'__version__\x0c= "2.0"\n',
        b'__version__ \\\n= "2.0"\n',
        b'__version__: str = "2.0"\n',
        b'print(__version__)\nx = 1; __version__ = "2.0"\n',
        # a coding cookie can spell the name without its bytes
        b"# coding: utf-7\nprint(__version__)\n+AF8AXw-version+AF8AXw- = '2.0'\n",
        # a large module may reach the parser's limits: its finding needs the parse
        b"print(__version__)\n" + b"x = 1\n" * 1000,
    ],
)
def test_what_may_assign_the_name_is_parsed(module: bytes) -> None:
    assert not _plainly_agrees(module, VERSION)


#: pieces of a line around a ``__version__``: what a module may write before and after it
BEFORE = [
    "",
    "x = ",
    "print(",
    "print(x, ",
    "a.",
    "(",
    "((",
    "x, ",
    "    ",
    "f(",
    "if 1: ",
    "x = 1; ",
    "y = \\\n",
    "[",
    "{",
    "lambda: ",
    "# ",
    '"',
    "\t",
    "\x0c",
    "@",
]
AFTER = [
    ' = "2.0"',
    ' = "1.0"',
    ")",
    ') = "2.0"',
    ': str = "2.0"',
    ', y = "2.0", 1',
    ".x",
    "()",
    "",
    '\n) = "2.0"',
    ' \\\n= "2.0"',
    " # c",
    "[0]",
    " == 1",
    ', = "2.0",',
    '="2.0")',
    "]",
    "}",
    ' = x = "2.0"',
    ": int",
    "\x0c= '2.0'",
    '"',
]
OTHER = ['__version__ = "1.0"', '__version__ = "2.0"', "x = (", ")", "def f():", "    pass", '"""', "x = 1"]


@given(
    st.lists(
        st.one_of(
            st.tuples(st.sampled_from(BEFORE), st.sampled_from(AFTER)).map(
                lambda p: p[0] + "__version__" + p[1]
            ),
            st.sampled_from(OTHER),
        ),
        max_size=6,
    )
)
def test_the_plain_look_agrees_only_where_the_ast_does(lines: list[str]) -> None:
    data = "\n".join(lines).encode() + b"\n"
    if _plainly_agrees(data, VERSION):
        assert ast_agrees(data), data
