"""Registries that give every stored dataclass a type name and a schema version.

Events and commands are saved as ``(type, version, payload)``. When a class
changes shape, its ``VERSION`` goes up and an *upcaster* turns the payload of
the older version into the newer one, so old logs still replay.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

from director.core import codec
from director.core.errors import RuleViolation
from director.core.frozen import Record

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class Versioned(Record):
    """Mixin for records: a stable type name (the class name) and a version.

    Events and commands are declared ``@dataclass(frozen=True, kw_only=True,
    eq=False, repr=False)``: they compare, hash and print through ``Record``.
    """

    VERSION: ClassVar[int] = 1


R = TypeVar("R", bound=Versioned)


class Registry(Generic[R]):
    """Type name -> class, plus the upcasters between versions."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._classes: dict[str, type[R]] = {}
        self._upcasters: dict[tuple[str, int], Upcaster] = {}
        self._plans: dict[tuple[str, int, bool], Callable[[Payload], R]] = {}

    def register(self, cls: type[R]) -> type[R]:
        """Class decorator: make ``cls`` storable under its class name."""
        name = cls.__name__
        if name in self._classes and self._classes[name] is not cls:
            raise TypeError(f"two {self.kind} types named {name}")
        self._classes[name] = cls
        self._plans.clear()
        return cls

    def upcaster(self, name: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        """Decorator: turn a version ``from_version`` payload into the next version."""

        def add(function: Upcaster) -> Upcaster:
            self._upcasters[(name, from_version)] = function
            self._plans.clear()
            return function

        return add

    def names(self) -> list[str]:
        return sorted(self._classes)

    def classes(self) -> list[type[R]]:
        return [self._classes[name] for name in self.names()]

    def to_record(self, value: R) -> tuple[str, int, Payload]:
        """``(type name, version, payload)`` for storage."""
        return type(value).__name__, type(value).VERSION, codec.encode(value)

    def from_record(self, name: str, version: int, payload: Payload) -> R:
        """Rebuild a stored record, upcasting older versions first."""
        return self.decoder(name, version)(payload)

    def decoder(
        self, name: str, version: int, *, plain_errors: bool = False
    ) -> Callable[[Payload], R]:
        """What rebuilds records stored as ``(name, version)``: the class, the
        upcasters and the decoder are looked up once per pair, not once per
        record (replaying a log rebuilds thousands of a few kinds).

        Raises ``RuleViolation`` for a type or version this program cannot read.
        The decoder raises ``RuleViolation("bad_data")`` for a malformed payload;
        with ``plain_errors``, the ``KeyError``, ``TypeError``, ``ValueError`` or
        ``AttributeError`` met instead (a step less per record, for a caller that
        handles any failure itself).
        """
        key = (name, version, plain_errors)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self._plan(name, version, plain_errors)
        return plan

    def _plan(self, name: str, version: int, plain_errors: bool) -> Callable[[Payload], R]:
        cls = self._classes.get(name)
        if cls is None:
            raise RuleViolation("unknown_record_type", kind=self.kind, type=name)
        if version > cls.VERSION:
            raise RuleViolation("record_from_newer_version", type=name, version=version)
        steps: list[Upcaster] = []
        while version < cls.VERSION:
            upcast = self._upcasters.get((name, version))
            if upcast is None:
                raise RuleViolation("no_upcaster", type=name, version=version)
            steps.append(upcast)
            version += 1
        decode = codec.plain_decoder(cls) if plain_errors else codec.decoder(cls)
        if not steps:
            return decode

        def upcast_and_decode(payload: Payload) -> R:
            for step in steps:
                payload = step(payload)
            return decode(payload)

        return upcast_and_decode
