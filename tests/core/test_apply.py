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
