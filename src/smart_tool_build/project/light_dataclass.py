"""``@dataclass`` and ``field(default_factory=...)`` for the build path, without generating code.

:func:`dataclasses.dataclass` writes each class's ``__init__``, ``__repr__`` and ``__eq__`` as
source text and compiles it with ``exec`` at import, in every process, bytecode or not:
about half a millisecond a class, paid by every build process that imports the checks. The
classes made here get the same constructor (positional or keyword arguments, defaults,
default factories), the same ``repr`` and equality, and for ``frozen=True`` the same
refusal to be changed and the same hash, from three shared functions. For the type checker
this module's ``dataclass`` and ``field`` are :mod:`dataclasses`' own, so it checks the
classes as dataclasses.

Only what the build path's classes use is supported: fields from the class's own
annotations (no inheritance between them, no ``ClassVar``), ``frozen``, and
``field(default_factory=...)``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Callable

_MISSING = object()


class _Factory:
    """A field's ``default_factory``, as :func:`field` records it."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def _field(*, default_factory: Callable[[], Any]) -> Any:
    """A field whose default is made anew for each instance."""
    return _Factory(default_factory)


class FrozenInstanceError(AttributeError):
    """Raised on assigning to or deleting a field of a frozen class (as dataclasses' is)."""


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    names: tuple[str, ...] = cls._light_fields
    defaults: dict[str, Any] = cls._light_defaults
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}() takes {len(names)} arguments but {len(args)} were given")
    assign = object.__setattr__
    for name, value in zip(names, args):
        if name in kwargs:
            raise TypeError(f"{cls.__name__}() got multiple values for argument {name!r}")
        assign(self, name, value)
    for name in names[len(args) :]:
        if name in kwargs:
            value = kwargs.pop(name)
        else:
            value = defaults.get(name, _MISSING)
            if value is _MISSING:
                raise TypeError(f"{cls.__name__}() missing required argument: {name!r}")
            if isinstance(value, _Factory):
                value = value.make()
        assign(self, name, value)
    if kwargs:
        raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {next(iter(kwargs))!r}")


def _values(self: Any) -> tuple[Any, ...]:
    return tuple(getattr(self, name) for name in type(self)._light_fields)


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self)._light_fields)
    return f"{type(self).__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self: Any) -> int:
    return hash(_values(self))


def _refuse(self: Any, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _dataclass(cls: Any = None, *, frozen: bool = False) -> Any:
    """The class with its fields' constructor, ``repr`` and equality (see the module's doc)."""

    def make(cls: Any) -> Any:
        names = tuple(cls.__annotations__)  # the class's own: none of these classes inherits
        defaults: dict[str, Any] = {}
        for name in names:
            value = cls.__dict__.get(name, _MISSING)
            if value is _MISSING:
                if defaults:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
                continue
            defaults[name] = value
            if isinstance(value, _Factory):
                delattr(cls, name)  # as dataclasses does: the class has no such attribute
        cls._light_fields = names
        cls._light_defaults = defaults
        cls.__init__ = _init
        cls.__repr__ = _repr
        cls.__eq__ = _eq
        setattr(cls, "__match_args__", names)  # noqa: B010 - mypy refuses the plain assignment
        if frozen:
            cls.__hash__ = _hash
            cls.__setattr__ = _refuse
            cls.__delattr__ = _refuse
        else:
            cls.__hash__ = None  # mutable and compared by value: unhashable, as a dataclass is
        return cls

    return make if cls is None else make(cls)


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
    from dataclasses import field as field
else:
    dataclass, field = _dataclass, _field
