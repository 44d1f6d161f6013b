"""Blind structures (R8, R10): validation, files, templates and the generator."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from director.app.files import structures
from director.core.errors import RuleViolation
from director.core.structure import AnteKind, Break, Level, Severity, Structure, check
from director.core.structure_file import StructureTemplate, dumps, loads
from director.core.structure_generator import GeneratorRequest, generate


def codes(structure: Structure) -> list[tuple[int, str, str]]:
    return [(p.index, p.code, p.severity.value) for p in check(structure)]


def test_r10_minimum_bet_is_the_big_blind_or_the_small_bet() -> None:
    assert Level(small_blind=50, big_blind=100).minimum_bet == 100
    assert Level(small_blind=50, big_blind=100, small_bet=100, big_bet=200).minimum_bet == 100


def test_validation_finds_errors_and_warnings() -> None:
    structure = Structure(
        items=(
            Level(small_blind=100, big_blind=50),
            Level(small_blind=50, big_blind=100, seconds=0),
            Break(seconds=0),
            Level(small_blind=25, big_blind=50, ante=5),
        )
    )
    assert codes(structure) == [
        (0, "big_blind_below_small_blind", "error"),
        (1, "duration_not_positive", "error"),
        (1, "blinds_go_down", "warning"),
        (2, "duration_not_positive", "error"),
        (3, "ante_without_kind", "error"),
        (3, "blinds_go_down", "warning"),
    ]
    assert codes(Structure()) == [(-1, "structure_without_levels", "error")]


def test_a_structure_file_round_trips_and_bad_files_are_refused() -> None:
    template = StructureTemplate(
        name="Zoë's game",
        structure=Structure(items=(Level(small_blind=1, big_blind=2),)),
        chips=(1, 5),
    )
    assert loads(dumps(template)) == template
    for text, code in [
        ("not json", "structure_file_not_json"),
        ("[]", "not_a_structure_file"),
        (json.dumps({"format": "something-else"}), "not_a_structure_file"),
        (json.dumps({"format": "director-structure", "version": 99}), "structure_file_newer"),
        (
            json.dumps({"format": "director-structure", "version": 1, "name": 3}),
            "structure_file_invalid",
        ),
    ]:
        with pytest.raises(RuleViolation) as caught:
            loads(text)
        assert caught.value.code == code
    broken = json.loads(dumps(template))
    broken["structure"]["items"][0]["big_blind"] = 0
    with pytest.raises(RuleViolation) as caught:
        loads(json.dumps(broken))
    assert caught.value.code in {"big_blind_not_positive", "big_blind_below_small_blind"}


def test_at_least_six_templates_ship_and_each_is_valid_and_payable() -> None:
    shipped = [entry for entry in structures.templates() if entry.shipped]
    assert len(shipped) >= 6
    assert {entry.template.starting_stack for entry in shipped} >= {1000, 5000, 10000}
    for entry in shipped:
        structure = entry.template.structure
        assert [p for p in check(structure) if p.severity is Severity.ERROR] == []
        assert not [p for p in check(structure) if p.code == "blinds_go_down"]
        smallest = min(entry.template.chips)
        for _index, level in structure.levels():
            for amount in (level.small_blind, level.big_blind, level.ante):
                assert amount % smallest == 0, (entry.key, level)


def test_user_templates_are_saved_listed_and_deleted() -> None:
    template = StructureTemplate(
        name="My Friday", structure=Structure(items=(Level(small_blind=5, big_blind=10),))
    )
    path = structures.save_user_template(template)
    entry = structures.find(path.stem)
    assert entry is not None and not entry.shipped and entry.template == template
    structures.delete_user_template(path.stem)
    assert structures.find(path.stem) is None
    with pytest.raises(RuleViolation):
        structures.delete_user_template("regular-5000")


def multiples_of_unit_in_force(structure: Structure, chips: tuple[int, ...]) -> bool:
    unit_index = 0
    for item in structure.items:
        if isinstance(item, Break):
            if item.note.startswith("Colour up"):
                unit_index += 1
            continue
        unit = chips[unit_index]
        if any(amount % unit for amount in (item.small_blind, item.big_blind, item.ante)):
            return False
    return True


@given(
    players=st.integers(min_value=2, max_value=60),
    stack_units=st.integers(min_value=40, max_value=800),
    chip_set=st.sampled_from(
        [(5, 25, 100), (25, 100, 500, 1000), (25, 100, 500, 1000, 5000), (1, 5, 25)]
    ),
    level_minutes=st.sampled_from([10, 15, 20, 30]),
    hours=st.integers(min_value=2, max_value=8),
    ante=st.sampled_from(list(AnteKind)),
)
def test_generator_uses_payable_amounts_rising_blinds_and_ends_near_the_target(
    players, stack_units, chip_set, level_minutes, hours, ante
) -> None:
    stack = stack_units * chip_set[0] * 5
    request = GeneratorRequest(
        players=players,
        starting_stack=stack,
        chips=chip_set,
        level_minutes=level_minutes,
        target_minutes=hours * 60,
        ante=ante,
    )
    structure = generate(request)
    assert [p for p in check(structure) if p.severity is Severity.ERROR] == []
    bigs = [level.big_blind for _i, level in structure.levels()]
    assert bigs == sorted(set(bigs))
    assert multiples_of_unit_in_force(structure, chip_set)
    total_minutes = structure.total_ms() / 60_000
    assert abs(total_minutes - hours * 60) <= level_minutes


def test_generator_refuses_bad_requests() -> None:
    with pytest.raises(RuleViolation) as caught:
        generate(
            GeneratorRequest(
                players=10,
                starting_stack=5010,
                chips=(25, 100),
                level_minutes=20,
                target_minutes=240,
            )
        )
    assert caught.value.code == "generator_stack_not_payable"
    with pytest.raises(RuleViolation):
        generate(
            GeneratorRequest(
                players=1, starting_stack=5000, chips=(25,), level_minutes=20, target_minutes=240
            )
        )


def test_the_rest_of_a_night_continues_by_the_generators_rules() -> None:
    """Issue 34: re-planning from the level being played: readable blinds of the chip
    still in play rising from it, a break every four levels counted on from the
    last break, the smallest chip coloured up once useless, the ante from the level
    asked; about the minutes asked."""
    from director.core.structure_generator import continue_structure

    played = [
        Level(small_blind=25, big_blind=50, seconds=1200),
        Level(small_blind=50, big_blind=100, seconds=1200),
        Level(small_blind=75, big_blind=150, seconds=1200),
    ]
    coming = continue_structure(
        played,
        (25, 100, 500),
        chips_in_play=12 * 5000,
        minutes=240,
        level_minutes=20,
        break_every=4,
        break_minutes=10,
        ante=AnteKind.BIG_BLIND,
        ante_from=2,
    )
    levels = [item for item in coming if isinstance(item, Level)]
    minutes = sum(item.seconds for item in coming) // 60
    assert abs(minutes - 240) <= 10
    bigs = [150, *(level.big_blind for level in levels)]
    assert bigs == sorted(set(bigs))
    # The fourth level since the last break is the first new one: its break follows.
    assert isinstance(coming[0], Level) and isinstance(coming[1], Break)
    assert [level.ante for level in levels[:2]] == [0, levels[1].big_blind]
    assert all(level.ante_kind is AnteKind.BIG_BLIND for level in levels[1:])
    notes = [item.note for item in coming if isinstance(item, Break) and item.note]
    assert notes and notes[0] == "Colour up the 25s"
    coloured = coming.index(next(i for i in coming if isinstance(i, Break) and i.note))
    assert all(item.small_blind % 100 == 0 for item in coming[coloured:] if isinstance(item, Level))
    with pytest.raises(RuleViolation) as refused:
        continue_structure(
            played,
            (25,),
            chips_in_play=60_000,
            minutes=10,
            level_minutes=20,
            break_every=4,
            break_minutes=10,
        )
    assert refused.value.code == "replan_target_too_soon"
