"""Turn frozen dataclasses into JSON-ready values and back, guided by type hints.

Saved files and the event log hold plain JSON, never pickle: a value is
rebuilt from its class's type hints, so a field of type ``tuple[Level, ...]``
comes back as a tuple of ``Level``. Supported: ``int``, ``str``, ``bool``,
``None``, enums, ``NewType`` ids, tuples, frozensets, mappings (keys ``str``,
``int`` or an enum), ``X | None``, unions of dataclasses (tagged with their
class name under ``"type"``) and nested dataclasses. Fields missing from the
JSON take their default, so a newer class reads an older record.

Encoders and decoders are compiled once per type, because the event log is
replayed on every open.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from director.core import frozen
from director.core.errors import RuleViolation

Json = Any
"""A value made of dicts, lists, str, int, bool and None."""

T = TypeVar("T")

_Encoder = Callable[[Any], Json]
_Decoder = Callable[[Json], Any]

TAG = "type"


def encode(value: Any) -> Json:
    """Return ``value`` (a dataclass instance) as JSON-ready data."""
    encoder: _Encoder = _encoder_for(typing.cast(Any, type(value)))
    return encoder(value)


def decode(cls: type[T], data: Json) -> T:
    """Rebuild an instance of ``cls`` from :func:`encode`'s output.

    Malformed data raises ``RuleViolation("bad_data", ...)``.
    """
    try:
        decoder: _Decoder = _decoder_for(typing.cast(Any, cls))
        return typing.cast(T, decoder(data))
    except RuleViolation:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RuleViolation("bad_data", type=cls.__name__, detail=str(error)) from error


def decoder(cls: type[T]) -> Callable[[Json], T]:
    """:func:`decode` for one class, looked up once: for decoding many records."""
    plan: Callable[[Json], T] = _decoder_for_many(typing.cast(Any, cls))
    name = cls.__name__

    def decode_one(data: Json) -> T:
        try:
            return plan(data)
        except RuleViolation:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RuleViolation("bad_data", type=name, detail=str(error)) from error

    return decode_one


def plain_decoder(cls: type[T]) -> Callable[[Json], T]:
    """:func:`decoder` without its wrapping of errors: malformed data raises the
    ``KeyError``, ``TypeError``, ``ValueError`` or ``AttributeError`` met."""
    plan: Callable[[Json], T] = _decoder_for_many(typing.cast(Any, cls))
    return plan


def _decoder_for_many(cls: Any) -> _Decoder:
    """The decoder of ``cls`` for a caller that decodes many records of it (a
    replay): a dataclass's own decoder written at once, rather than after its
    first instances (see ``WRITTEN_AFTER``)."""
    decode = _decoder_for(cls)
    write: Callable[[], _Decoder] | None = getattr(decode, "written", None)
    return decode if write is None else write()


def _strip_newtype(hint: Any) -> Any:
    while hasattr(hint, "__supertype__"):
        hint = hint.__supertype__
    return hint


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


@cache
def _encoder_for(hint: Any) -> _Encoder:
    hint = _strip_newtype(hint)
    if frozen.is_dataclass_type(hint):
        return _dataclass_encoder(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_value
    if hint in (int, str, bool, type(None)) or hint is Any:
        return _identity
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (tuple, list, frozenset, set) or (
        origin is not None and origin.__name__ in ("Sequence", "Collection")
    ):
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            item = _encoder_for(args[0])
            return lambda value: [item(element) for element in value]
        if origin is tuple and args:
            parts = [_encoder_for(arg) for arg in args]
            return lambda value: [part(element) for part, element in zip(parts, value, strict=True)]
        item = _encoder_for(args[0]) if args else _any_encoder
        if origin in (frozenset, set):
            return lambda value: sorted((item(element) for element in value), key=_sort_key)
        return lambda value: [item(element) for element in value]
    if origin in (dict, Mapping) or (origin is not None and origin.__name__ == "Mapping"):
        key_hint = _strip_newtype(args[0]) if args else str
        value_encoder = _encoder_for(args[1]) if args else _any_encoder
        key_encoder = _key_encoder(key_hint)
        return lambda value: {key_encoder(k): value_encoder(v) for k, v in value.items()}
    if origin in (Union, types.UnionType):
        return _any_encoder
    if origin is typing.Literal:
        return _identity
    raise TypeError(f"cannot encode type {hint!r}")


def _identity(value: Any) -> Any:
    return value


def _enum_value(value: enum.Enum) -> Any:
    return value.value


def _sort_key(value: Any) -> Any:
    return (str(type(value)), str(value))


def _key_encoder(key_hint: Any) -> Callable[[Any], str]:
    if isinstance(key_hint, type) and issubclass(key_hint, enum.Enum):
        return lambda key: str(key.value)
    return str


def _any_encoder(value: Any) -> Json:
    """Encode a value whose static type is a union: dispatch on its runtime type."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if frozen.is_dataclass_type(type(value)):
        data = _encoder_for(typing.cast(Any, type(value)))(value)
        return {TAG: type(value).__name__, **data}
    if isinstance(value, (tuple, list)):
        return [_any_encoder(element) for element in value]
    if isinstance(value, Mapping):
        return {str(k): _any_encoder(v) for k, v in value.items()}
    raise TypeError(f"cannot encode value {value!r}")


def _dataclass_encoder(cls: type) -> _Encoder:
    hints = _hints(cls)
    fields = [(field.name, _encoder_for(hints[field.name])) for field in frozen.fields_of(cls)]

    def encode_dataclass(value: Any) -> Json:
        return {name: encoder(getattr(value, name)) for name, encoder in fields}

    return encode_dataclass


@cache
def _decoder_for(hint: Any) -> _Decoder:
    hint = _strip_newtype(hint)
    if frozen.is_dataclass_type(hint):
        return _dataclass_decoder(hint)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint
    if hint is bool:
        return _expect(bool)
    if hint is int:
        return _expect_int
    if hint is str:
        return _expect(str)
    if hint is type(None):
        return _expect_none
    if hint is Any:
        return _identity
    origin = get_origin(hint)
    args = get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _decoder_for(args[0])
        return lambda data: tuple(item(element) for element in _expect_list(data))
    if origin is tuple and args:
        parts = [_decoder_for(arg) for arg in args]
        return lambda data: tuple(
            part(element) for part, element in zip(parts, _expect_list(data), strict=True)
        )
    if origin in (frozenset, set):
        item = _decoder_for(args[0])
        return lambda data: frozenset(item(element) for element in _expect_list(data))
    if origin is list or (origin is not None and origin.__name__ in ("Sequence", "Collection")):
        item = _decoder_for(args[0])
        return lambda data: tuple(item(element) for element in _expect_list(data))
    if origin in (dict, Mapping) or (origin is not None and origin.__name__ == "Mapping"):
        key_decoder = _key_decoder(_strip_newtype(args[0]))
        value_decoder = _decoder_for(args[1])
        return lambda data: {
            key_decoder(k): value_decoder(v) for k, v in _expect_dict(data).items()
        }
    if origin in (Union, types.UnionType):
        return _union_decoder(args)
    if origin is typing.Literal:
        allowed = set(args)

        def decode_literal(data: Json) -> Any:
            if data not in allowed:
                raise ValueError(f"{data!r} is not one of {sorted(allowed)}")
            return data

        return decode_literal
    raise TypeError(f"cannot decode type {hint!r}")


def _expect(kind: type) -> _Decoder:
    def check(data: Json) -> Any:
        if type(data) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(data).__name__}")
        return data

    return check


def _expect_int(data: Json) -> int:
    if type(data) is not int:
        raise TypeError(f"expected an integer, got {type(data).__name__}")
    return data


def _expect_none(data: Json) -> None:
    if data is not None:
        raise TypeError("expected null")


def _expect_list(data: Json) -> list[Any]:
    if not isinstance(data, list):
        raise TypeError(f"expected a list, got {type(data).__name__}")
    return data


def _expect_dict(data: Json) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise TypeError(f"expected an object, got {type(data).__name__}")
    return data


def _key_decoder(key_hint: Any) -> Callable[[str], Any]:
    if key_hint is int:
        return int
    if isinstance(key_hint, type) and issubclass(key_hint, enum.Enum):
        return lambda key: _enum_from_key(key_hint, key)
    return str


def _enum_from_key(cls: type[enum.Enum], key: str) -> enum.Enum:
    for member in cls:
        if str(member.value) == key:
            return member
    raise ValueError(f"{key!r} is not a {cls.__name__}")


def _union_decoder(args: tuple[Any, ...]) -> _Decoder:
    options = [_strip_newtype(arg) for arg in args]
    dataclass_options = {
        option.__name__: option for option in options if frozen.is_dataclass_type(option)
    }
    others = [option for option in options if option not in dataclass_options.values()]
    other_decoders = [_decoder_for(option) for option in others]

    def decode_union(data: Json) -> Any:
        if isinstance(data, dict) and TAG in data and dataclass_options:
            cls = dataclass_options.get(data[TAG])
            if cls is None:
                raise ValueError(f"unknown kind {data[TAG]!r}")
            return _decoder_for(cls)({k: v for k, v in data.items() if k != TAG})
        errors = []
        for decoder in other_decoders:
            try:
                return decoder(data)
            except (TypeError, ValueError) as error:
                errors.append(str(error))
        raise TypeError("; ".join(errors) or f"unexpected value {data!r}")

    return decode_union


def _dataclass_decoder(cls: type) -> _Decoder:
    frozen.settle_unless_bare(cls)
    hints = _hints(cls)
    fields = []
    for field in frozen.fields_of(cls):
        if not field.init:
            continue
        required = (
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        )
        fields.append((field.name, _decoder_for(hints[field.name]), required))
    if _can_build_directly(cls):
        return _decoder_written_when_used(cls, hints)

    def decode_dataclass(data: Json) -> Any:
        data = _expect_dict(data)
        kwargs = {}
        for name, decoder, required in fields:
            if name in data:
                kwargs[name] = decoder(data[name])
            elif required:
                raise KeyError(f"{cls.__name__}.{name} is missing")
        return cls(**kwargs)

    return decode_dataclass


def _can_build_directly(cls: type) -> bool:
    """Whether an instance can be made by filling its ``__dict__``, as its generated
    ``__init__`` would: no ``__post_init__``, no slots, no hand-written ``__init__``.
    A deferred class is asked without being made a dataclass (``core.frozen``)."""
    return (
        frozen.is_dataclass_type(cls)
        and frozen.writes_init(cls)
        and not hasattr(cls, "__post_init__")
        and "__slots__" not in cls.__dict__
        and "__dict__" in dir(cls)
        and all(
            "__init__" not in base.__dict__ or frozen.is_dataclass_type(base)
            for base in cls.__mro__[:-1]
        )
    )


_PLAIN_TYPES = {int: int, str: str, bool: bool}

WRITTEN_AFTER = 64
"""Instances of a class decoded by the plain loop of ``_fill`` before its own
decoder is written and compiled (``_planned_decoder``). Opening a snapshot decodes
some forty of the state's classes a few times each: compiling each one's decoder
(about 0.3 ms) cost more than the loop, 10-20 ms of CPU before the reopened
console's first paint and in ``director status``. A replay decodes thousands of a
few event kinds: those are written at once (``_decoder_for_many``)."""

_DEFAULT, _FACTORY, _REQUIRED, _MADE = range(4)


class _Step(typing.NamedTuple):
    """One field as ``_fill`` sets it: its name, how (one of the constants above),
    its decoder, its plain type (checked in line, the decoder only raising), and
    its default or factory."""

    name: str
    how: int
    decode: _Decoder | None
    plain: type | None
    default: Any


def _fill_steps(cls: type, hints: dict[str, Any]) -> tuple[_Step, ...]:
    """The fields of ``cls`` in order, as ``_fill`` sets them and ``_planned_decoder``
    writes them out."""
    steps = []
    for field in frozen.fields_of(cls):
        name = field.name
        if field.default is not dataclasses.MISSING:
            how, default = _DEFAULT, field.default
        elif field.default_factory is not dataclasses.MISSING:
            how, default = _FACTORY, field.default_factory
        else:
            how, default = _REQUIRED, None
        if not field.init:
            # As the generated __init__ does: a factory's value is set on the
            # instance; a plain default stays on the class.
            if how == _FACTORY:
                steps.append(_Step(name, _MADE, None, None, default))
            continue
        plain = _PLAIN_TYPES.get(_strip_newtype(hints[name]))
        steps.append(_Step(name, how, _decoder_for(hints[name]), plain, default))
    return tuple(steps)


def _fill(cls: type, steps: tuple[_Step, ...], data: Json) -> Any:
    """An instance of ``cls`` decoded from ``data`` field by field, as its written
    decoder (``_planned_decoder``) decodes it: the same values, the same errors."""
    if type(data) is not dict:
        data = _expect_dict(data)
    instance: Any = _new_instance(cls)
    values = instance.__dict__
    for name, how, decode, plain, default in steps:
        if how == _MADE:
            values[name] = default()
        elif name in data:
            value = data[name]
            values[name] = value if type(value) is plain else decode(value)  # type: ignore[misc]
        elif how == _DEFAULT:
            values[name] = default
        elif how == _FACTORY:
            values[name] = default()
        else:
            raise KeyError(f"{cls.__name__}.{name} is missing")
    return instance


_new_instance = object.__new__


def _decoder_written_when_used(cls: type, hints: dict[str, Any]) -> _Decoder:
    """The decoder of ``cls``: ``_fill`` for its first ``WRITTEN_AFTER`` instances,
    then its written decoder. ``written()`` writes it at once (for a replay)."""
    steps = _fill_steps(cls, hints)
    made = 0
    written: _Decoder | None = None

    def write() -> _Decoder:
        nonlocal written
        if written is None:
            written = _planned_decoder(cls, steps)
        return written

    def decode_dataclass(data: Json) -> Any:
        nonlocal made
        if written is not None:
            return written(data)
        made += 1
        if made > WRITTEN_AFTER:
            return write()(data)
        return _fill(cls, steps, data)

    decode_dataclass.written = write  # type: ignore[attr-defined]
    return decode_dataclass


def _planned_decoder(cls: type, steps: tuple[_Step, ...]) -> _Decoder:
    """A decoder written once for ``cls``, from its ``steps`` (``_fill_steps``): each
    field checked or decoded in line, the instance's ``__dict__`` filled as the
    dataclass's ``__init__`` would fill it.

    Replaying a log decodes every event; this costs a fraction of building the
    arguments and calling ``__init__`` (which sets each frozen field through
    ``object.__setattr__``).
    """
    scope: dict[str, Any] = {
        "cls": cls,
        "new": object.__new__,
        "expect_dict": _expect_dict,
        "type": type,
        "dict": dict,
        "KeyError": KeyError,
    }
    lines = [
        "def decode_dataclass(data):",
        "    if type(data) is not dict:",
        "        data = expect_dict(data)",
        "    instance = new(cls)",
        "    values = instance.__dict__",
    ]
    for index, (name, how, decode, plain, default) in enumerate(steps):
        key = repr(name)
        scope[f"default_{index}"] = default
        if how == _MADE:
            lines.append(f"    values[{key}] = default_{index}()")
            continue
        if how == _DEFAULT:
            fallback = f"values[{key}] = default_{index}"
        elif how == _FACTORY:
            fallback = f"values[{key}] = default_{index}()"
        else:
            fallback = f"raise KeyError({f'{cls.__name__}.{name} is missing'!r})"
        scope[f"decode_{index}"] = decode
        lines.append(f"    if {key} in data:")
        if plain is not None:
            # The check in line; the decoder only to raise its own error.
            scope[f"plain_{index}"] = plain
            lines.append(f"        value = data[{key}]")
            lines.append(
                f"        values[{key}] = value if type(value) is plain_{index} "
                f"else decode_{index}(value)"
            )
        else:
            lines.append(f"        values[{key}] = decode_{index}(data[{key}])")
        lines.append("    else:")
        lines.append(f"        {fallback}")
    lines.append("    return instance")
    exec("\n".join(lines), scope)
    decode_dataclass: _Decoder = scope["decode_dataclass"]
    return decode_dataclass
