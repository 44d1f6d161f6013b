"""``evolve``: a fast ``dataclasses.replace`` for the state's frozen dataclasses.

Folding a long log replaces parts of the state tens of thousands of times;
``dataclasses.replace`` re-runs ``__init__`` and costs several microseconds
each time. The state classes have no ``__post_init__`` checks, so copying the
instance dictionary is equivalent and several times faster.
"""

from __future__ import annotations

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
