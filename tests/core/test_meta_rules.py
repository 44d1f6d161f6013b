from __future__ import annotations

import pytest

from director.core import commands as c
from director.core import events as e
from director.core.apply import fold
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.state import EventKind, TournamentState

NOW = Instant(1_000)


def created(name: str = "Friday") -> TournamentState:
    return fold(decide(TournamentState(), c.CreateTournament(name=name), NOW))


def test_create_cleans_the_name_and_checks_the_date() -> None:
    state = fold(
        decide(
            TournamentState(),
            c.CreateTournament(
                name="  Friday   night ", kind=EventKind.CASH, event_date="2026-11-21"
            ),
            NOW,
        )
    )
    assert state.name == "Friday night"
    assert state.kind is EventKind.CASH
    assert state.created_at == NOW
    with pytest.raises(RuleViolation) as caught:
        decide(TournamentState(), c.CreateTournament(name="x", event_date="21/11/2026"), NOW)
    assert caught.value.code == "bad_date"


@pytest.mark.parametrize(
    ("name", "code"), [("", "name_empty"), ("   ", "name_empty"), ("x" * 121, "name_too_long")]
)
def test_bad_names_are_refused(name: str, code: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        decide(created(), c.RenameTournament(name=name), NOW)
    assert caught.value.code == code


def test_commands_before_creation_and_double_creation_are_refused() -> None:
    with pytest.raises(RuleViolation):
        decide(TournamentState(), c.RenameTournament(name="x"), NOW)
    with pytest.raises(RuleViolation):
        decide(created(), c.CreateTournament(name="again"), NOW)


def test_archive_toggles_and_refuses_no_change() -> None:
    state = created()
    state = fold(decide(state, c.SetArchived(archived=True), NOW), state)
    assert state.archived
    with pytest.raises(RuleViolation):
        decide(state, c.SetArchived(archived=True), NOW)


def test_every_event_round_trips_through_its_record() -> None:
    event = e.TournamentRenamed(at=NOW, name="Zoë")
    assert e.EVENTS.from_record(*e.EVENTS.to_record(event)) == event


def test_record_from_a_newer_version_is_refused() -> None:
    name, _version, payload = e.EVENTS.to_record(e.TournamentRenamed(at=NOW, name="x"))
    with pytest.raises(RuleViolation) as caught:
        e.EVENTS.from_record(name, 99, payload)
    assert caught.value.code == "record_from_newer_version"
