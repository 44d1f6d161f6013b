"""``apply`` copies the state once per event and never changes the state it is given."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from director.core import apply as apply_module
from director.core import commands as c
from director.core import events as e
from director.core.apply import apply, fold
from director.core.decide import decide
from director.core.ids import Instant
from director.core.state import TournamentState

NOW = Instant(1_000)


def test_apply_returns_a_new_state_and_leaves_the_old_one_as_it_was() -> None:
    state = fold(decide(TournamentState(), c.CreateTournament(name="Friday"), NOW))
    before = dict(state.__dict__)
    renamed = apply(state, e.TournamentRenamed(at=NOW, name="Saturday"))
    assert renamed is not state
    assert (renamed.name, renamed.version) == ("Saturday", state.version + 1)
    assert state.__dict__ == before  # the version was written into the new copy only
    again = apply(state, e.TournamentRenamed(at=NOW, name="Sunday"))
    assert (again.name, again.version) == ("Sunday", state.version + 1)
    assert renamed.name == "Saturday" and renamed.version == state.version + 1


@pytest.fixture
def returns_given_state() -> Iterator[None]:
    """An applier that changes nothing and hands back the state it was given."""
    saved = apply_module._APPLIERS[e.TournamentRenamed]
    apply_module._APPLIERS[e.TournamentRenamed] = lambda state, event: state
    yield
    apply_module._APPLIERS[e.TournamentRenamed] = saved


@pytest.mark.usefixtures("returns_given_state")
def test_an_applier_returning_the_given_state_still_gets_a_copy() -> None:
    state = fold(decide(TournamentState(), c.CreateTournament(name="Friday"), NOW))
    version = state.version
    after = apply(state, e.TournamentRenamed(at=NOW, name="Saturday"))
    assert after is not state
    assert (state.version, after.version) == (version, version + 1)


def test_evolve_copies_with_changes_and_leaves_the_original_as_it_was() -> None:
    import dataclasses

    from director.core.frozen import evolve

    state = fold(decide(TournamentState(), c.CreateTournament(name="Friday"), NOW))
    before = dict(state.__dict__)
    renamed = evolve(state, name="Saturday", venue="Bob's")
    assert renamed == dataclasses.replace(state, name="Saturday", venue="Bob's")
    assert type(renamed) is TournamentState and renamed is not state
    assert renamed.__dict__ is not state.__dict__
    assert state.__dict__ == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        renamed.name = "Sunday"  # type: ignore[misc]
    with pytest.raises(TypeError, match="TournamentState has no field 'nmae'"):
        evolve(state, nmae="Sunday")
    assert state.__dict__ == before


def _night() -> TournamentState:
    return fold(decide(TournamentState(), c.CreateTournament(name="Friday"), NOW))


def _renames(count: int) -> list[e.Event]:
    return [
        e.TournamentRenamed(at=Instant(NOW + index), name=f"Night {index}")
        if index % 2
        else e.DetailsChanged(at=Instant(NOW + index), event_date="2026-11-21", venue=f"{index}")
        for index in range(count)
    ]


def test_fold_reaches_the_state_apply_reaches_and_leaves_its_start_as_it_was() -> None:
    start = _night()
    before = dict(start.__dict__)
    events = _renames(7)
    stepped = start
    for event in events:
        stepped = apply(stepped, event)
    folded = fold(events, start)
    assert folded == stepped
    assert type(folded) is TournamentState
    assert (folded.name, folded.venue, folded.version) == ("Night 5", "6", start.version + 7)
    assert start.__dict__ == before
    assert fold([], start) is start
    # The folded state is frozen and its own: folding again from it changes nothing.
    again = fold(_renames(2), folded)
    assert (folded.name, folded.version) == ("Night 5", start.version + 7)
    assert again.version == folded.version + 2


def test_fold_writes_every_event_into_one_draft_rather_than_copying_the_state() -> None:
    """Replaying a long log copies the state once, not once per event: each applier
    is handed the same draft, which its ``evolve`` changes in place."""
    seen: list[int] = []
    appliers = apply_module._APPLIERS
    saved = appliers[e.TournamentRenamed], appliers[e.DetailsChanged]

    def recording(applier):  # type: ignore[no-untyped-def]
        def record(state, event):  # type: ignore[no-untyped-def]
            seen.append(id(state))
            return applier(state, event)

        return record

    appliers[e.TournamentRenamed], appliers[e.DetailsChanged] = map(recording, saved)
    try:
        start = _night()
        folded = fold(_renames(20), start)
    finally:
        appliers[e.TournamentRenamed], appliers[e.DetailsChanged] = saved
    assert len(seen) == 20 and len(set(seen)) == 1
    assert id(start) not in seen and folded.name == "Night 19"


def test_a_draft_refuses_an_unknown_field_and_keeps_its_fields() -> None:
    from director.core.frozen import evolve

    draft = apply_module._draft_of(_night())[0]
    before = dict(draft.__dict__)
    assert evolve(draft, name="Saturday") is draft and draft.name == "Saturday"
    with pytest.raises(TypeError, match="no field 'nmae'"):
        evolve(draft, nmae="Sunday", venue="Bob's")
    # Known fields keep their names (fold drops a draft whose applier failed).
    assert draft.__dict__.keys() == before.keys() and draft.name == "Saturday"
