"""``evolve``: a fast ``dataclasses.replace`` for the state's frozen dataclasses.

Folding a long log replaces parts of the state tens of thousands of times;
``dataclasses.replace`` re-runs ``__init__`` and costs several microseconds
each time. The state classes have no ``__post_init__`` checks, so copying the
instance dictionary is equivalent and several times faster.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes`` applied."""
    cls = type(instance)
    copy = object.__new__(cls)
    values = copy.__dict__
    values.update(instance.__dict__)
    for name in changes:
        if name not in values:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    values.update(changes)
    return copy
