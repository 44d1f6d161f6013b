"""Events and commands compare, hash and print as the dataclass methods would,
through the ones their base class holds (written once, not once per class)."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from director.core.commands import COMMANDS
from director.core.events import EVENTS, TournamentRenamed
from director.core.ids import Instant
from director.core.records import Versioned
from tests.test_quality import sample_value

CLASSES = [*EVENTS.classes(), *COMMANDS.classes()]


def sample(cls: type) -> Versioned:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    made = cls(**{f.name: sample_value(hints[f.name]) for f in fields})
    assert isinstance(made, Versioned)
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


def test_records_differ_by_any_field_and_never_equal_a_tuple() -> None:
    renamed = TournamentRenamed(at=Instant(1), name="Friday")
    assert renamed != TournamentRenamed(at=Instant(2), name="Friday")
    assert renamed != TournamentRenamed(at=Instant(1), name="Saturday")
    assert renamed != (Instant(1), "Friday")
    assert len({renamed, TournamentRenamed(at=Instant(1), name="Friday")}) == 1
    assert repr(renamed) == "TournamentRenamed(at=1, name='Friday')"
