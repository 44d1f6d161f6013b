"""What the state's frozen dataclasses share: ``evolve``, a fast
``dataclasses.replace``, ``Record``, one comparison, hash and text for them, and
``dataclass``, which writes a class's methods when the class is first used.

Folding a long log replaces parts of the state tens of thousands of times;
``dataclasses.replace`` re-runs ``__init__`` and costs several microseconds
each time. The state classes have no ``__post_init__`` checks, so copying the
instance dictionary is equivalent and several times faster.
"""

from __future__ import annotations

import _thread
import dataclasses
import reprlib
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")


_new = object.__new__
_set = object.__setattr__


_IN_PLACE: set[type] = set()
"""The classes whose instances ``evolve`` changes in place (``evolves_in_place``)."""


def evolves_in_place(cls: type[T]) -> type[T]:
    """Mark ``cls``, a subclass of a frozen dataclass, as a draft: ``evolve`` changes
    its instances in place and returns them. For a fold that owns the draft it folds
    into and lets nothing else hold it (``core.apply.fold``): replaying a long log
    then writes each event's changes into one state instead of copying the whole
    state once per event."""
    _IN_PLACE.add(cls)
    return cls


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes`` applied (the
    instance itself, changed, if it is a draft: ``evolves_in_place``)."""
    values = instance.__dict__
    if type(instance) in _IN_PLACE:
        count = len(values)
        values.update(changes)
        if len(values) != count:
            known = _field_names(type(instance), "all")
            unknown = sorted(name for name in changes if name not in known)
            for name in unknown:
                del values[name]
            raise TypeError(f"{type(instance).__name__} has no field {unknown[0]!r}")
        return instance
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
    ``__hash__`` ("hash") or ``__repr__`` ("repr") would use, or all ("all"), in
    order. Read from the declaration: a deferred class stays deferred."""
    names = _FIELD_NAMES.get((cls, use))
    if names is None:
        fields = fields_of(cls)
        if use == "compare":
            names = tuple(f.name for f in fields if f.compare)
        elif use == "hash":
            names = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
        elif use == "repr":
            names = tuple(f.name for f in fields if f.repr)
        else:
            names = tuple(f.name for f in fields)
        _FIELD_NAMES[(cls, use)] = names
    return names


def _values(record: Record, use: str) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in _field_names(type(record), use))


# Deferred dataclasses.
#
# The core declares some hundred and thirty dataclasses; ``dataclasses.dataclass``
# compiles the methods of each when its module is imported, which was most of the
# time ``director status`` spent importing the state and its events. A command
# uses a fraction of them (a replay makes the state's parts and the kinds of
# event its log holds), so the decorator below records the options and leaves in
# the class a stand-in for what dataclass would write (``__init__`` and the
# attributes ``dataclasses.fields``, ``is_dataclass`` and ``match`` read): the
# first use of any of them makes the class a dataclass, exactly as the decorator
# of the standard library would have at import. Type checkers see that one.

_PENDING: dict[type, dict[str, Any]] = {}
_SETTLING = _thread.RLock()  # two threads making the first instance of a class
_READ_BY_DATACLASSES = ("__dataclass_fields__", "__dataclass_params__", "__match_args__")


def settle(cls: type) -> None:
    """Make ``cls`` the dataclass it was declared to be, if it is not yet.

    dataclass runs once, on a twin of the class (its namespace without the
    stand-ins), and what it wrote there is put on the class one attribute at a
    time: another thread may make an instance or read the fields meanwhile, and
    each stand-in stays until the real attribute is there (``__init__`` and
    ``__match_args__`` last). A frozen class has had its own guards against
    assignment since it was declared: dataclass's name the twin."""
    with _SETTLING:
        options = _PENDING.pop(cls, None)
        if options is None:
            return
        skipped: tuple[str, ...] = ("__init__", "__dict__", "__weakref__", *_READ_BY_DATACLASSES)
        if options.get("frozen"):
            skipped += ("__setattr__", "__delattr__")
        namespace = {name: value for name, value in cls.__dict__.items() if name not in skipped}
        twin: type = dataclasses.dataclass(
            type(cls)(cls.__name__, cls.__bases__, namespace), **options
        )
        written = dict(twin.__dict__)
        if options.get("frozen"):
            del written["__setattr__"], written["__delattr__"]
        last = {
            name: written.pop(name) for name in ("__init__", "__match_args__") if name in written
        }
        for name, value in written.items():
            if name in ("__dict__", "__weakref__"):
                continue
            if name not in namespace or namespace[name] is not value:
                type.__setattr__(cls, name, value)
        for name in namespace:
            if name not in written:  # a field's ``field(default_factory=...)``
                type.__delattr__(cls, name)
        for name, value in last.items():
            type.__setattr__(cls, name, value)


def settle_pending() -> None:
    """Make every class still deferred, now. For the all-night guard
    (``tests/soak.py``), before it counts references: a record made at every paint
    has its class made at its ``MADE_BEFORE_SETTLING``-th instance, at some paint of
    the night's first minute, and dataclass's fields then hold new references to
    True: a one-off the guard would count as a leak."""
    for cls in list(_PENDING):
        settle(cls)


def _frozen_guards(
    cls: type,
) -> tuple[Callable[[Any, str, Any], None], Callable[[Any, str], None]]:
    """The ``__setattr__`` and ``__delattr__`` dataclass writes for a frozen class,
    the same for every class but the class and its fields' names (read when a
    subclass's instance asks: the class itself refuses every name)."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in _field_names(cls, "all"):
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]  # cls is a class

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in _field_names(cls, "all"):
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]  # cls is a class

    __setattr__.__qualname__ = f"{cls.__qualname__}.__setattr__"
    __delattr__.__qualname__ = f"{cls.__qualname__}.__delattr__"
    return __setattr__, __delattr__


_DECLARED: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


def is_dataclass_type(candidate: object) -> bool:
    """``dataclasses.is_dataclass`` for a class, without making a deferred class a
    dataclass."""
    return isinstance(candidate, type) and (
        candidate in _PENDING or dataclasses.is_dataclass(candidate)
    )


def settle_unless_bare(cls: type) -> None:
    """Make ``cls`` a dataclass now unless its instances use nothing dataclass
    writes but ``__init__``: a class declared ``eq=False, repr=False`` (a
    ``Record``) can have instances made by filling their dictionary while it is
    deferred; another's compare and print by methods only dataclass writes, and a
    field outside ``__init__`` reads its default from the class once it is made."""
    if cls in _PENDING and _making(cls) is None:
        settle(cls)


def writes_init(cls: type) -> bool:
    """Whether dataclass writes (or wrote) ``cls.__init__``: a deferred class's is."""
    return cls in _PENDING or bool(cls.__dataclass_params__.init)  # type: ignore[attr-defined]


def fields_of(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """``dataclasses.fields(cls)``, for a class, without making ``cls`` or its
    bases dataclasses if they are deferred: read from the declaration as dataclass
    reads it (the fields of the dataclass bases, then the class's annotations,
    class variables left out, each default or ``field(...)`` as the class holds
    it). Decoding a snapshot makes instances of some fifty classes, none of which
    has to be settled for it.

    A declaration this reading does not follow (``InitVar``, ``KW_ONLY``, an
    unusual spelling of ``ClassVar``) settles the class and asks dataclass."""
    if not any(base in _PENDING for base in cls.__mro__):
        return dataclasses.fields(cls)
    known = _DECLARED.get(cls)
    if known is None:
        with _SETTLING:  # settling a class changes its namespace
            known = _DECLARED.get(cls)
            if known is None:
                known = _declared_fields(cls)
                _DECLARED[cls] = known
    return known


def _declared_fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    options = _PENDING.get(cls)
    if options is None:
        return dataclasses.fields(cls)
    collected: dict[str, dataclasses.Field[Any]] = {}
    for base in reversed(cls.__mro__[1:]):
        if is_dataclass_type(base):
            collected.update((field.name, field) for field in fields_of(base))
    kw_only = options.get("kw_only", False)
    # The class's own annotations, as dataclass reads them (not its bases').
    for name, hint in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
        kind = _annotation_kind(hint)
        if kind == "class variable":
            continue
        if kind == "unknown":
            settle(cls)
            return dataclasses.fields(cls)
        declared: Any = getattr(cls, name, dataclasses.MISSING)
        given: dict[str, Any] = {"default": declared, "kw_only": kw_only}
        if isinstance(declared, dataclasses.Field):
            given = {
                "default": declared.default,
                "default_factory": declared.default_factory,
                "init": declared.init,
                "repr": declared.repr,
                "hash": declared.hash,
                "compare": declared.compare,
                "metadata": dict(declared.metadata) or None,
                "kw_only": kw_only if declared.kw_only is dataclasses.MISSING else declared.kw_only,
            }
        field: dataclasses.Field[Any] = dataclasses.field(**given)
        field.name = name
        field.type = hint
        collected[name] = field
    return tuple(collected.values())


def _annotation_kind(hint: object) -> str:
    """ "field", "class variable", or "unknown" (a declaration to leave to dataclass)."""
    if isinstance(hint, str):
        text = hint.strip()
        if text.startswith(("ClassVar[", "typing.ClassVar[")) or text in (
            "ClassVar",
            "typing.ClassVar",
        ):
            return "class variable"
        if any(word in text for word in ("ClassVar", "InitVar", "KW_ONLY")):
            return "unknown"
        return "field"
    if hint is typing.ClassVar or typing.get_origin(hint) is typing.ClassVar:
        return "class variable"
    if hint is dataclasses.KW_ONLY or isinstance(hint, dataclasses.InitVar):
        return "unknown"
    return "field"


class _Settles:
    """A stand-in for a class attribute that dataclass writes: reading it settles
    its class first, then reads the real attribute."""

    __slots__ = ("name", "owner")

    def __init__(self, owner: type, name: str) -> None:
        self.owner = owner
        self.name = name

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        settle(self.owner)
        return getattr(self.owner if owner is None else owner, self.name)


MADE_BEFORE_SETTLING = 256
"""Instances of a deferred ``Record`` class made before it is settled: a class's
default values, made when its module is imported, and classes a command makes once
need no ``__init__`` of their own; one made often gets the one dataclass writes."""


class _Making:
    """How a deferred bare class's first instances are made: the values of its
    ``__init__``'s parameters, bound as that ``__init__`` binds them, each field's
    default or factory, every field set in order."""

    __slots__ = ("fields", "left", "names", "positional")

    def __init__(self, fields: tuple[dataclasses.Field[Any], ...]) -> None:
        self.fields = fields
        self.names = frozenset(f.name for f in fields if f.init)
        self.positional = tuple(f.name for f in fields if f.init and not f.kw_only)
        self.left = MADE_BEFORE_SETTLING

    def fill(self, instance: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
        """Fill ``instance``'s dictionary; False where the arguments do not bind
        (the ``__init__`` dataclass writes then says why)."""
        if len(args) > len(self.positional) or not self.names.issuperset(kwargs):
            return False
        given = dict(zip(self.positional, args, strict=False))
        if not given.keys().isdisjoint(kwargs):
            return False
        given.update(kwargs)
        values = instance.__dict__
        for field in self.fields:
            name = field.name
            if name in given:
                values[name] = given[name]
            elif field.default_factory is not dataclasses.MISSING:
                values[name] = field.default_factory()
            elif field.default is not dataclasses.MISSING:
                values[name] = field.default
            else:
                values.clear()
                return False
        self.left -= 1
        return True


_MAKING: dict[type, _Making | None] = {}


def _making(cls: type) -> _Making | None:
    """How to make ``cls``'s instances while it is deferred; None for a class that
    is settled first (one that is not bare, or has ``__post_init__``)."""
    if cls not in _MAKING:
        options = _PENDING.get(cls)
        bare = (
            options is not None
            and not any(options.get(name, True) for name in ("eq", "repr"))
            and not any(options.get(name) for name in ("order", "unsafe_hash"))
            and not hasattr(cls, "__post_init__")
        )
        fields = fields_of(cls) if bare else ()
        if any(not f.init for f in fields):
            bare = False  # its default is read from the class once made
        _MAKING[cls] = _Making(fields) if bare else None
    return _MAKING[cls]


def _settling_init(cls: type) -> Callable[..., None]:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if type(self) is cls and cls in _PENDING:
            making = _making(cls)
            if making is not None and making.left > 0 and making.fill(self, args, kwargs):
                return
        settle(cls)
        cls.__init__(self, *args, **kwargs)  # type: ignore[misc]

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _deferred(cls: type, options: dict[str, Any]) -> type:
    own = cls.__dict__
    if (
        options.get("slots")  # dataclass returns a new class then
        or not options.get("init", True)
        or any(name in own for name in ("__init__", *_READ_BY_DATACLASSES))
    ):
        return dataclasses.dataclass(cls, **options)
    _PENDING[cls] = options
    type.__setattr__(cls, "__init__", _settling_init(cls))
    if options.get("frozen"):
        # Guarded from the start: an instance can be made without __init__
        # (``codec`` fills its dictionary) before the class is settled.
        guards = _frozen_guards(cls)
        type.__setattr__(cls, "__setattr__", guards[0])
        type.__setattr__(cls, "__delattr__", guards[1])
    names = _READ_BY_DATACLASSES if options.get("match_args", True) else _READ_BY_DATACLASSES[:2]
    for name in names:
        type.__setattr__(cls, name, _Settles(cls, name))
    return cls


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls=None, /, **options):
        """``dataclasses.dataclass``, the methods written on the class's first use."""
        if cls is None:
            return lambda cls: _deferred(cls, options)
        return _deferred(cls, options)
