"""Named tuples for the runtime face, importing nothing: ``collections.namedtuple`` (its imports
and ``eval``) costs more than the rest of a tool's ``--help``. Type checkers see the callers'
``NamedTuple`` declarations under ``TYPE_CHECKING``."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


def _field(index: int) -> property:
    return property(lambda self: self[index], doc=f"Alias for field number {index}")


def record(
    typename: str, field_names: tuple[str, ...], *, defaults: tuple[Any, ...] = (), module: str
) -> Any:
    """A named tuple class ``typename`` of ``field_names``, the last of them defaulting to
    ``defaults``, as ``collections.namedtuple(typename, field_names, defaults=defaults)`` makes."""
    fields = tuple(field_names)
    count = len(fields)
    field_defaults = dict(zip(fields[count - len(defaults) :], defaults))

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        if not kwargs and len(args) == count:  # the common call, as fast as namedtuple's
            return tuple.__new__(cls, args)
        if len(args) > count:
            raise TypeError(f"{typename}() takes {count} positional arguments but {len(args)} were given")
        values = list(args)
        for name in fields[len(args) :]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                raise TypeError(f"{typename}() missing required argument: {name!r}")
        if kwargs:
            raise TypeError(f"{typename}() got an unexpected keyword argument {next(iter(kwargs))!r}")
        return tuple.__new__(cls, values)

    def _make(cls: type, iterable: Iterable[Any]) -> Any:
        values: Any = tuple.__new__(cls, iterable)
        if len(values) != count:
            raise TypeError(f"Expected {count} arguments, got {len(values)}")
        return values

    def _replace(self: tuple[Any, ...], **kwargs: Any) -> Any:
        values = [kwargs.pop(name, value) for name, value in zip(fields, self)]
        if kwargs:
            raise ValueError(f"Got unexpected field names: {list(kwargs)!r}")
        return tuple.__new__(type(self), values)

    def __repr__(self: tuple[Any, ...]) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(fields, self))
        return f"{type(self).__name__}({shown})"

    def _asdict(self: tuple[Any, ...]) -> dict[str, Any]:
        return dict(zip(fields, self))

    def __getnewargs__(self: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self)

    namespace: dict[str, Any] = {
        "__doc__": f"{typename}({', '.join(fields)})",
        "__slots__": (),
        "__module__": module,
        "__qualname__": typename,
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__match_args__": fields,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
    }
    for index, name in enumerate(fields):
        namespace[name] = _field(index)
    return type(typename, (tuple,), namespace)
