from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import NewType

import pytest

from director.core import codec
from director.core.errors import RuleViolation
from director.core.ids import Instant

Id = NewType("Id", int)


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Leaf:
    value: int


@dataclass(frozen=True)
class Other:
    text: str


@dataclass(frozen=True)
class Tree:
    name: str
    ids: tuple[Id, ...]
    pair: tuple[int, str]
    tags: frozenset[str]
    by_id: dict[Id, Leaf]
    by_colour: dict[Colour, int]
    colour: Colour
    optional: Leaf | None
    either: Leaf | Other
    items: tuple[Leaf | Other, ...] = ()
    added_later: int = 7
    notes: tuple[str, ...] = field(default_factory=tuple)


def sample() -> Tree:
    return Tree(
        name="x",
        ids=(Id(3), Id(1)),
        pair=(1, "a"),
        tags=frozenset({"b", "a"}),
        by_id={Id(2): Leaf(5)},
        by_colour={Colour.RED: 1},
        colour=Colour.BLUE,
        optional=None,
        either=Other("o"),
        items=(Leaf(1), Other("z")),
    )


def test_round_trip_keeps_every_kind_of_field() -> None:
    tree = sample()
    data = codec.encode(tree)
    assert data["tags"] == ["a", "b"]
    assert data["either"] == {"type": "Other", "text": "o"}
    assert codec.decode(Tree, data) == tree


def test_missing_field_takes_its_default_so_old_records_still_read() -> None:
    data = codec.encode(sample())
    del data["added_later"]
    assert codec.decode(Tree, data).added_later == 7


def test_wrong_types_are_refused_with_a_code() -> None:
    data = codec.encode(sample())
    data["ids"] = ["3"]
    with pytest.raises(RuleViolation) as caught:
        codec.decode(Tree, data)
    assert caught.value.code == "bad_data"


def test_floats_are_not_accepted_for_integers() -> None:
    data = codec.encode(Leaf(3))
    data["value"] = 3.0
    with pytest.raises(RuleViolation):
        codec.decode(Leaf, data)


def test_missing_required_field_is_refused() -> None:
    with pytest.raises(RuleViolation):
        codec.decode(Leaf, {})


def test_unknown_union_tag_is_refused() -> None:
    data = codec.encode(sample())
    data["either"] = {"type": "Nope"}
    with pytest.raises(RuleViolation):
        codec.decode(Tree, data)


def test_r12_old_records_of_moves_and_posted_blinds_still_replay() -> None:
    """Version 1 of PlayerMoved and BlindsPosted (before seat changes and missed-blind
    amounts) reads as version 2 with no wait and unknown (zero) amounts."""
    from director.core.events import EVENTS, BlindsPosted, PlayerMoved

    posted = EVENTS.from_record("BlindsPosted", 1, {"at": 5, "player": 3})
    assert isinstance(posted, BlindsPosted) and (posted.live, posted.dead) == (0, 0)
    move = {"player": "3", "from_table": 1, "from_seat": 2, "to_table": 1, "to_seat": 4}
    moved = EVENTS.from_record("PlayerMoved", 1, {"at": 5, "move": move})
    assert isinstance(moved, PlayerMoved) and moved.wait_hands == 0
    assert EVENTS.to_record(moved)[1] == 2


# -- decoders planned once per class (the replay path) -----------------------------


@dataclass(frozen=True, kw_only=True)
class Planned:
    who: Id
    name: str
    seats: tuple[int, ...] = ()
    notes: dict[str, int] = field(default_factory=dict)
    flag: bool = False
    derived: int = field(default=7, init=False)
    made: list[int] = field(default_factory=list, init=False)


@dataclass(frozen=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_a_planned_decoder_builds_what_init_builds() -> None:
    decoded = codec.decode(Planned, {"who": 3, "name": "Zoé", "seats": [1, 2]})
    built = Planned(who=Id(3), name="Zoé", seats=(1, 2))
    assert decoded == built
    assert list(vars(decoded).items()) == list(vars(built).items())
    assert (
        decoded.notes == {}
        and decoded.notes is not codec.decode(Planned, {"who": 1, "name": ""}).notes
    )


@pytest.mark.parametrize(
    ("data", "detail"),
    [
        ({"name": "x"}, "Planned.who is missing"),
        ({"who": True, "name": "x"}, "expected an integer, got bool"),
        ({"who": 1, "name": 5}, "expected str, got int"),
        ({"who": 1, "name": "x", "flag": 1}, "expected bool, got int"),
        ({"who": 1, "name": "x", "seats": "12"}, "expected a list, got str"),
        ([1, 2], "expected an object, got list"),
    ],
)
def test_a_planned_decoder_refuses_what_the_checks_refuse(data, detail) -> None:
    with pytest.raises(RuleViolation) as raised:
        codec.decode(Planned, data)
    assert raised.value.code == "bad_data"
    assert detail in raised.value.args_map["detail"]
    with pytest.raises(RuleViolation):
        codec.decoder(Planned)(data)


def test_a_class_with_post_init_is_still_built_through_init() -> None:
    assert codec.decode(Checked, {"value": 2}) == Checked(2)
    with pytest.raises(RuleViolation) as raised:
        codec.decode(Checked, {"value": -1})
    assert "negative" in raised.value.args_map["detail"]


def test_every_stored_event_and_command_decodes_its_own_defaults() -> None:
    """Each registered class's planned decoder fills missing defaulted fields as
    ``__init__`` does (the required ones given by a first decode of a full record)."""
    from dataclasses import MISSING, fields

    from director.core.commands import COMMANDS
    from director.core.events import EVENTS

    for registry in (EVENTS, COMMANDS):
        for cls in registry.classes():
            required = [
                f.name
                for f in fields(cls)
                if f.init and f.default is MISSING and f.default_factory is MISSING
            ]
            if required:
                continue  # needs real values; covered by the replay tests
            assert registry.from_record(cls.__name__, cls.VERSION, {}) == cls()


def test_a_plain_errors_decoder_raises_what_the_checks_find_not_a_rule_violation() -> None:
    """Replay decodes with plain errors (a failure only sends it to the careful
    reading, which names the row); the same payloads decode to the same events."""
    from director.core.events import EVENTS, TournamentRenamed

    plain = EVENTS.decoder("TournamentRenamed", 1, plain_errors=True)
    checked = EVENTS.decoder("TournamentRenamed", 1)
    assert plain is not checked
    payload = {"at": 5, "name": "Friday"}
    assert plain(payload) == checked(payload) == TournamentRenamed(at=Instant(5), name="Friday")
    with pytest.raises(KeyError):
        plain({"at": 5})
    with pytest.raises(TypeError):
        plain({"at": "5", "name": "Friday"})
    with pytest.raises(RuleViolation):
        checked({"at": 5})
    with pytest.raises(RuleViolation) as unknown:
        EVENTS.decoder("Bogus", 1, plain_errors=True)
    assert unknown.value.code == "unknown_record_type"


# -- the first instances of a class, decoded before its decoder is written --------


def a_fresh_class() -> type:
    """A class of its own for each call: its decoder counts its own instances."""

    @dataclass(frozen=True, kw_only=True)
    class Fresh:
        who: Id
        name: str
        seats: tuple[int, ...] = ()
        notes: dict[str, int] = field(default_factory=dict)
        flag: bool = False
        colour: Colour = Colour.RED
        leaf: Leaf | None = None
        derived: int = field(default=7, init=False)
        made: list[int] = field(default_factory=list, init=False)

    return Fresh


@pytest.mark.parametrize(
    "data",
    [
        {"who": 3, "name": "Zoé", "seats": [1, 2]},
        {"who": 3, "name": "", "notes": {"a": 1}, "flag": True, "colour": "blue"},
        {"who": 3, "name": "x", "leaf": {"value": 4}, "derived": 9, "made": [1]},
        {"name": "x"},
        {"who": True, "name": "x"},
        {"who": 1, "name": 5},
        {"who": 1, "name": "x", "flag": 1},
        {"who": 1, "name": "x", "seats": "12"},
        {"who": 1, "name": "x", "colour": "green"},
        {"who": 1, "name": "x", "leaf": {"value": "4"}},
        [1, 2],
        None,
    ],
)
def test_the_first_instances_decode_as_the_written_decoder_does(data, monkeypatch) -> None:
    """``WRITTEN_AFTER``: a class's first instances are decoded by ``_fill``, field by
    field, before its decoder is written: the same values in the same order, the same
    defaults and factories, the same errors."""
    written: list[str] = []
    write = codec._planned_decoder

    def counted(cls: type, hints: dict) -> object:
        written.append(cls.__name__)
        return write(cls, hints)

    monkeypatch.setattr(codec, "_planned_decoder", counted)
    outcomes = []
    for written_after in (10**9, 0):
        monkeypatch.setattr(codec, "WRITTEN_AFTER", written_after)
        try:
            decoded = codec.decode(a_fresh_class(), data)
            outcomes.append(list(vars(decoded).items()))
        except RuleViolation as error:
            outcomes.append(error.args_map["detail"])
    assert written.count("Fresh") == 1  # the second decode only: the check sees the paths
    assert outcomes[0] == outcomes[1]


def test_a_class_is_decoded_by_its_written_decoder_after_its_first_instances(
    monkeypatch,
) -> None:
    """A replay decodes thousands of a kind: after ``WRITTEN_AFTER`` instances, and at
    once for a caller that asks for a decoder of many (``codec.decoder``)."""
    written: list[type] = []
    write = codec._planned_decoder
    monkeypatch.setattr(
        codec, "_planned_decoder", lambda cls, hints: written.append(cls) or write(cls, hints)
    )
    one, many = a_fresh_class(), a_fresh_class()
    for count in range(codec.WRITTEN_AFTER):
        assert codec.decode(one, {"who": count, "name": "x"}).who == count
    assert written == []
    assert codec.decode(one, {"who": 1, "name": "x"}).name == "x"
    assert written == [one]
    assert codec.decoder(many)({"who": 2, "name": "y"}).who == 2
    assert codec.plain_decoder(many)({"who": 3, "name": "z"}).who == 3
    assert written == [one, many]
