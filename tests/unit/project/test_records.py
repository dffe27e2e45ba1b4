"""The runtime face's named tuples behave as ``collections.namedtuple``'s do."""

from __future__ import annotations

import copy
import pickle
from collections import namedtuple

import pytest

from smart_tool_build.project.manifest_model import Requirement
from smart_tool_build.runtime.skill import Capability

Reference = namedtuple("Reference", ("name", "purpose", "install", "optional"), defaults=(False,))


def test_a_record_is_what_namedtuple_makes() -> None:
    ours = Requirement("git", "Clones.", "https://git-scm.com", optional=True)
    theirs = Reference("git", "Clones.", "https://git-scm.com", optional=True)
    assert ours == theirs and tuple(ours) == tuple(theirs) and hash(ours) == hash(theirs)
    assert repr(ours) == repr(theirs).replace("Reference", "Requirement")
    assert ours._asdict() == theirs._asdict()
    assert ours._fields == theirs._fields and ours._field_defaults == theirs._field_defaults
    assert ours._replace(optional=False) == theirs._replace(optional=False)
    assert Requirement._make(["a", "b", "c", True]) == Reference._make(["a", "b", "c", True])
    assert Requirement("a", "b", "c") == ("a", "b", "c", False)
    assert (ours.name, ours.purpose, ours.install, ours.optional) == (
        "git",
        "Clones.",
        "https://git-scm.com",
        True,
    )
    # namedtuple gives __match_args__ from Python 3.10 (the fields, as ours has on every Python)
    assert Requirement.__match_args__ == getattr(Reference, "__match_args__", Reference._fields)
    assert isinstance(ours, tuple) and not hasattr(ours, "__dict__")


def test_a_record_pickles_and_copies() -> None:
    item = Capability("build", "deterministic", "Build it.")
    assert pickle.loads(pickle.dumps(item)) == item
    assert type(pickle.loads(pickle.dumps(item))) is Capability
    assert copy.deepcopy(item) == item and type(copy.copy(item)) is Capability


def test_a_record_refuses_what_namedtuple_refuses() -> None:
    for call in (
        lambda: Requirement("a"),
        lambda: Requirement("a", "b", "c", True, "extra"),
        lambda: Requirement("a", "b", "c", colour="red"),
        lambda: Requirement._make(["a"]),
    ):
        with pytest.raises(TypeError):
            call()
        with pytest.raises(TypeError):
            call_reference(call)
    with pytest.raises(ValueError):
        Requirement("a", "b", "c")._replace(colour="red")
    with pytest.raises(AttributeError):
        Requirement("a", "b", "c").name = "x"  # type: ignore[misc]


def call_reference(call: object) -> None:
    """The same call on namedtuple's class, which must refuse it too."""
    code = call.__code__  # type: ignore[attr-defined]
    eval(code, {"Requirement": Reference})
