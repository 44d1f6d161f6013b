"""Events, commands and the state's parts compare, hash and print as the dataclass
methods would, through the ones their base ``Record`` holds (written once, not
once per class)."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from director.core import state
from director.core.commands import COMMANDS
from director.core.events import EVENTS, TournamentRenamed
from director.core.frozen import Record
from director.core.ids import Instant
from tests.test_quality import sample_value


def stored_dataclasses() -> dict[str, type]:
    """Every dataclass of the rules core found from the state and the registries
    (the state's parts, the events, the commands and what they hold), by name."""
    found: dict[str, type] = {}

    def walk(cls: type) -> None:
        if cls.__qualname__ in found or not dataclasses.is_dataclass(cls):
            return
        found[cls.__qualname__] = cls
        for hint in typing.get_type_hints(cls).values():
            for part in (hint, *typing.get_args(hint)):
                for inner in (part, *typing.get_args(part)):
                    if isinstance(inner, type):
                        walk(inner)

    for cls in (state.TournamentState, *EVENTS.classes(), *COMMANDS.classes()):
        walk(cls)
    return found


def records() -> list[type]:
    """Those of them built on ``Record``."""
    return [cls for cls in stored_dataclasses().values() if issubclass(cls, Record)]


CLASSES = records()


def sample(cls: type) -> Record:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    made = cls(**{f.name: sample_value(hints[f.name]) for f in fields})
    assert isinstance(made, Record)
    return made


def twin(cls: type) -> type:
    """The same fields as ``cls`` in a dataclass that writes its own methods."""
    return dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, f.type, f) for f in dataclasses.fields(cls)],
        frozen=True,
        kw_only=True,
    )


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__name__)
def test_a_record_compares_hashes_and_prints_as_its_generated_twin(cls: type) -> None:
    assert "__eq__" not in cls.__dict__ and "__repr__" not in cls.__dict__
    record = sample(cls)
    values = {f.name: getattr(record, f.name) for f in dataclasses.fields(cls)}
    other = twin(cls)(**values)
    assert repr(record) == repr(other)
    copy = cls(**values)
    assert record == copy
    assert (record != copy) is False
    assert record != other  # another class, even with the same fields
    try:
        expected = hash(other)
    except TypeError:  # a field that cannot be hashed (a mapping): neither can
        with pytest.raises(TypeError):
            hash(record)
    else:
        assert hash(record) == expected == hash(copy)


def test_the_state_s_parts_events_and_commands_are_all_records() -> None:
    names = {cls.__name__ for cls in CLASSES}
    assert {"TournamentState", "TablesState", "Entrant", "Level", "Fee"} <= names
    assert len(CLASSES) >= len(EVENTS.classes()) + len(COMMANDS.classes()) + 25


def test_records_differ_by_any_field_and_never_equal_a_tuple() -> None:
    renamed = TournamentRenamed(at=Instant(1), name="Friday")
    assert renamed != TournamentRenamed(at=Instant(2), name="Friday")
    assert renamed != TournamentRenamed(at=Instant(1), name="Saturday")
    assert renamed != (Instant(1), "Friday")
    assert len({renamed, TournamentRenamed(at=Instant(1), name="Friday")}) == 1
    assert repr(renamed) == "TournamentRenamed(at=1, name='Friday')"


PLAIN = {"Positions", "Move", "RaceChips", "Newcomer"}
"""The public API's dataclasses kept as they were (``Positions``, ``Move``) and two
parts of commands: every other class stored in the state, an event or a command is
a ``Record``."""


def test_every_dataclass_stored_in_the_state_an_event_or_a_command_is_a_record() -> None:
    found = stored_dataclasses()
    plain = {name for name, cls in found.items() if not issubclass(cls, Record)}
    assert plain == PLAIN
    # The formats' and the TV's parts are among those checked above.
    assert {"BountySettings", "EnvelopeDraw", "ChipSet", "PayoutTable", "TvLook"} <= {
        cls.__name__ for cls in CLASSES
    }


def test_a_class_first_used_by_several_threads_at_once_is_made_whole_for_each() -> None:
    """The core's dataclasses are written on their first use (``frozen.dataclass``):
    the night's writes and the network page run on threads of their own, so two
    threads may make the first instance of a class at once. Neither may meet the
    class half made (an ``__init__`` or its ``match`` positions missing)."""
    import dataclasses
    import threading

    from director.core import frozen

    errors: list[str] = []
    for _round in range(1000):

        @frozen.dataclass(frozen=True)
        class Part:
            a: int
            b: str = "x"

        start = threading.Barrier(4)

        def make(kind: type = Part, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                for _ in range(3):
                    part = kind(1, b="y")
                    assert [field.name for field in dataclasses.fields(part)] == ["a", "b"]
                    match part:
                        case kind(first, second):  # type: ignore[misc]
                            assert (first, second) == (1, "y")
            except Exception as error:  # every kind of half-made class
                errors.append(repr(error))

        threads = [threading.Thread(target=make) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not errors, errors[:3]


def test_a_deferred_class_behaves_as_the_standard_decorator_makes_it() -> None:
    """``frozen.dataclass`` runs dataclass once, on a twin, and puts what it wrote on
    the class: the fields, defaults, ``__init__``, positions, comparison, text, hash
    and the frozen guards behave as the standard decorator's, on the class itself
    (not on the twin), for a frozen class and a plain one."""
    import inspect

    from director.core import frozen

    def declare(decorator: typing.Callable[..., typing.Any], **options: typing.Any) -> type:
        @decorator(**options)
        class Part:
            a: int
            b: list[int] = dataclasses.field(default_factory=list)
            c: int = dataclasses.field(default=3)
            d: str = "d"

        return Part

    for options in ({"frozen": True}, {"frozen": True, "eq": False}, {"order": True}, {}):
        ours, theirs = (
            declare(frozen.dataclass, **options),
            declare(dataclasses.dataclass, **options),
        )
        one, other = ours(1, [2]), theirs(1, [2])
        assert [(f.name, f.default) for f in dataclasses.fields(ours)] == [
            (f.name, f.default) for f in dataclasses.fields(theirs)
        ]
        assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
        assert ours.__match_args__ == theirs.__match_args__
        assert ("b" in ours.__dict__) == ("b" in theirs.__dict__)  # the factory's Field gone
        assert ours.c == theirs.c == 3 and ours.d == "d"
        assert repr(one).split("(", 1)[1] == repr(other).split("(", 1)[1]
        assert (one == ours(1, [2])) == (other == theirs(1, [2]))
        assert (ours.__hash__ is None) == (theirs.__hash__ is None)
        if options.get("order"):
            assert ours(1) < ours(2)
        if options.get("frozen"):
            for attempt in (lambda p: setattr(p, "a", 5), lambda p: delattr(p, "a")):
                with pytest.raises(dataclasses.FrozenInstanceError) as ours_error:
                    attempt(one)
                with pytest.raises(dataclasses.FrozenInstanceError) as their_error:
                    attempt(other)
                assert str(ours_error.value) == str(their_error.value)
            with pytest.raises(dataclasses.FrozenInstanceError):
                one.new = 1  # type: ignore[attr-defined]
            assert one.a == 1
        else:
            one.a = 5
            assert one.a == 5


FIELD_TRAITS = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare")


def traits(fields: typing.Iterable[dataclasses.Field[typing.Any]]) -> list[tuple[typing.Any, ...]]:
    return [
        (*(getattr(f, trait) for trait in FIELD_TRAITS), f.kw_only, dict(f.metadata))
        for f in fields
    ]


def test_a_deferred_class_s_fields_are_read_from_its_declaration_as_dataclass_reads_them() -> None:
    """``frozen.fields_of`` reads a deferred class's fields without making it a
    dataclass (decoding a snapshot needs only them): bases first, class variables
    left out, ``field(...)`` and plain defaults, keyword-only options; the same
    fields dataclass finds when the class is made."""
    from director.core import frozen

    @frozen.dataclass(frozen=True, eq=False, repr=False)
    class Base(Record):
        VERSION: typing.ClassVar[int] = 1
        a: int
        b: list[int] = dataclasses.field(default_factory=list, repr=False)

    @frozen.dataclass(frozen=True, kw_only=True, eq=False, repr=False)
    class Child(Base):
        c: str = "c"
        b: list[int] = dataclasses.field(default_factory=list, compare=False)
        d: int = dataclasses.field(default=4, init=False, metadata={"unit": "chips"})
        e: int = dataclasses.field(default=5, kw_only=False)

    @frozen.dataclass
    class Unusual:
        a: int
        _: dataclasses.KW_ONLY
        b: int = 2

    for cls in (Base, Child, Unusual):
        read = frozen.fields_of(cls)
        assert (cls in frozen._PENDING) == (cls is not Unusual)  # Unusual: left to dataclass
        frozen.settle(cls)
        assert traits(read) == traits(dataclasses.fields(cls)), cls.__name__


READ_EVERY_DEFERRED_CLASS = """
import dataclasses, importlib, json, pkgutil
import director
from director.core import frozen
for module in pkgutil.walk_packages(director.__path__, "director."):
    if not module.name.startswith(
        ("director.gui", "director.web", "director.reports", "director.persistence.migrations")
    ):
        importlib.import_module(module.name)
FIELD_TRAITS = ("name", "type", "default", "default_factory", "init", "repr", "hash", "compare")
def traits(fields):
    return [repr((*(getattr(f, t) for t in FIELD_TRAITS), f.kw_only, dict(f.metadata)))
            for f in fields]
pending = list(frozen._PENDING)
read = {cls: traits(frozen.fields_of(cls)) for cls in pending}
still = sum(cls in frozen._PENDING for cls in pending)
differ = [cls.__qualname__ for cls in pending if read[cls] != traits(dataclasses.fields(cls))]
print(json.dumps([len(pending), still, differ]))
"""


def test_every_deferred_class_of_director_is_read_as_dataclass_makes_it() -> None:
    """Every class director declares with ``frozen.dataclass`` (the state, events,
    commands, settings, TV look...), read before it is made and compared with what
    dataclass makes of it, in a process of its own (this one has made many)."""
    import json
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", READ_EVERY_DEFERRED_CLASS],
        capture_output=True,
        text=True,
        check=True,
    )
    pending, still_pending, differ = json.loads(done.stdout.splitlines()[-1])
    assert pending > 150
    assert still_pending == pending  # reading the fields made none of them
    assert differ == []


def test_decoding_makes_instances_of_a_deferred_class_without_making_the_class() -> None:
    """The codec fills a decoded instance's dictionary from the declared fields: the
    class stays deferred, and the instance is frozen all the same."""
    from director.core import codec, frozen

    @frozen.dataclass(frozen=True, kw_only=True, eq=False, repr=False)
    class Stored(Record):
        a: int
        b: tuple[str, ...] = ()
        c: int = dataclasses.field(default=3, init=False)

    decoded = codec.decode(Stored, {"a": 1, "b": ["x"]})
    assert Stored not in frozen._PENDING  # made: ``c`` is read from the class
    assert (decoded.a, decoded.b, decoded.c) == (1, ("x",), 3)

    @frozen.dataclass(frozen=True, kw_only=True, eq=False, repr=False)
    class Bare(Record):
        a: int
        b: tuple[str, ...] = ()

    decoded = codec.decode(Bare, {"a": 1, "b": ["x"]})
    assert Bare in frozen._PENDING
    assert (decoded.a, decoded.b) == (1, ("x",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        decoded.a = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del decoded.b  # type: ignore[misc]
    assert Bare in frozen._PENDING
    assert decoded == Bare(a=1, b=("x",))  # made now, equal to the decoded one
    assert codec.encode(decoded) == {"a": 1, "b": ["x"]}


def test_a_decoded_class_that_compares_by_dataclass_s_methods_is_made_first() -> None:
    """A deferred class that is not a ``Record`` compares, hashes and prints by the
    methods dataclass writes: decoding makes it first, so that two decoded equal
    values are equal (a table's button positions, in a snapshot and in a replay)."""
    from director.core import codec, frozen

    @frozen.dataclass(frozen=True)
    class Positions:
        button: int
        small_blind: int | None = None

    one, other = (codec.decode(Positions, {"button": 3}) for _ in range(2))
    assert one == other and hash(one) == hash(other)
    assert repr(one).endswith("Positions(button=3, small_blind=None)")
    assert Positions not in frozen._PENDING


def test_a_deferred_record_s_first_instances_are_made_as_its_init_makes_them() -> None:
    """A deferred ``Record`` class's first instances are made without writing its
    ``__init__`` (a state part's default, made at import): the same dictionary as the
    standard decorator's ``__init__`` gives, for positions, keywords, defaults and
    factories; the same error for arguments that do not bind; the class made after
    ``MADE_BEFORE_SETTLING`` instances."""
    from director.core import frozen

    def declare(decorator: typing.Callable[..., typing.Any], **options: typing.Any) -> type:
        @decorator(frozen=True, eq=False, repr=False, **options)
        class Part(Record):
            a: int
            b: list[int] = dataclasses.field(default_factory=list)
            c: int = dataclasses.field(default=3, kw_only=True)
            d: str = "d"

        return Part

    calls: list[tuple[tuple[typing.Any, ...], dict[str, typing.Any]]] = [
        ((1,), {}),
        ((1, [2]), {"c": 4}),
        ((), {"a": 1, "d": "x", "b": [5]}),
        ((1, [2], "d"), {}),
        ((), {}),
        ((1,), {"a": 2}),
        ((1,), {"e": 2}),
        ((1, [2], "d", 4), {}),
    ]
    for options in ({}, {"kw_only": True}):
        ours = declare(frozen.dataclass, **options)
        theirs = declare(dataclasses.dataclass, **options)
        for args, kwargs in calls:
            try:
                expected: typing.Any = vars(theirs(*args, **kwargs))
            except TypeError as error:
                expected = str(error).split("__init__() ", 1)[1]
            try:
                made: typing.Any = vars(ours(*args, **kwargs))
            except TypeError as error:
                made = str(error).split("__init__() ", 1)[1]
            if isinstance(expected, dict):
                expected, made = list(expected.items()), list(made.items())
            assert made == expected, (options, args, kwargs)
        # The errors were said by dataclass's __init__: the class is made.
        assert ours not in frozen._PENDING

    (ours,) = (declare(frozen.dataclass),)
    for _ in range(frozen.MADE_BEFORE_SETTLING):
        part = ours(1)
    assert ours in frozen._PENDING and part.b == [] and part.c == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        part.a = 2
    ours(1)
    assert ours not in frozen._PENDING
