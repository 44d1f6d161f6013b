"""What the state's frozen dataclasses share: ``evolve``, a fast
``dataclasses.replace``, and ``Record``, one comparison, hash and text for them.

Folding a long log replaces parts of the state tens of thousands of times;
``dataclasses.replace`` re-runs ``__init__`` and costs several microseconds
each time. The state classes have no ``__post_init__`` checks, so copying the
instance dictionary is equivalent and several times faster.
"""

from __future__ import annotations

import dataclasses
import reprlib
from typing import Any, TypeVar

T = TypeVar("T")


_new = object.__new__
_set = object.__setattr__


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes`` applied."""
    values = instance.__dict__
    # A copy of the instance's dictionary (copied as a whole table), given to the
    # new instance as its own: the frozen class's __setattr__ is bypassed, as its
    # generated __init__ bypasses it.
    copied = values.copy()
    copied.update(changes)
    if len(copied) != len(values):
        unknown = sorted(set(changes) - set(values))
        raise TypeError(f"{type(instance).__name__} has no field {unknown[0]!r}")
    copy = _new(type(instance))
    _set(copy, "__dict__", copied)
    return copy


class Record:
    """Base of the frozen dataclasses declared ``eq=False, repr=False`` (the state's
    parts, events, commands): the comparison, hash and text below stand in for the
    ones dataclass would write for each class, with the same results.

    dataclass compiles each method it writes, per class: some hundred stored
    classes are imported when an event is opened, and these three methods were
    half of that time.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self, "compare") == _values(other, "compare")

    def __hash__(self) -> int:
        return hash(_values(self, "hash"))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        names = _field_names(type(self), "repr")
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"


_FIELD_NAMES: dict[tuple[type, str], tuple[str, ...]] = {}


def _field_names(cls: type, use: str) -> tuple[str, ...]:
    """The fields of dataclass ``cls`` that its generated ``__eq__`` ("compare"),
    ``__hash__`` ("hash") or ``__repr__`` ("repr") would use, in order."""
    names = _FIELD_NAMES.get((cls, use))
    if names is None:
        fields = dataclasses.fields(cls)
        if use == "compare":
            names = tuple(f.name for f in fields if f.compare)
        elif use == "hash":
            names = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        else:
            names = tuple(f.name for f in fields if f.repr)
        _FIELD_NAMES[(cls, use)] = names
    return names


def _values(record: Record, use: str) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in _field_names(type(record), use))
