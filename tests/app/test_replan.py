"""Re-planning the rest of the night to a target end (issue 34, item 3): from the
level being played, the generator's rules make the coming levels end near the time
wanted; the levels played stay; one undoable change."""

from __future__ import annotations

import pytest

from director.app.night.replan import replan
from director.core import clock as clk
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.structure import Break, Level
from director.persistence.db import Database
from tests.app.night import night
from tests.conftest import FakeClock

MIN = 60_000


def _end(session) -> Instant:
    state = session.state
    end = clk.schedule(state.clock, state.structure, session.now()).end
    assert end is not None
    return end


@pytest.mark.parametrize("hours", [-2, -1, 1, 2])
def test_the_rest_of_the_night_ends_near_the_target(
    database: Database, clock: FakeClock, hours: int
) -> None:
    session = night(database, clock)
    session.dispatch(c.NextLevel())
    session.dispatch(c.NextLevel())
    clock.advance(7 * MIN)
    before = session.state.structure
    old_end = _end(session)
    target = Instant(old_end + hours * 60 * MIN)
    planned = replan(session.state, session.now(), target)
    assert planned.old_end == old_end
    assert planned.new_end is not None
    # Near the target: within half a level (and a break) of it.
    assert abs(planned.new_end - target) <= 20 * MIN
    # The levels played and the one being played are kept as they were.
    assert planned.structure.items[: planned.kept] == before.items[:3]
    coming = [item for item in planned.coming if isinstance(item, Level)]
    assert coming and all(item.seconds == 20 * 60 for item in coming)
    bigs = [before.items[2].big_blind, *(item.big_blind for item in coming)]
    assert bigs == sorted(set(bigs))  # the blinds keep rising
    assert any(isinstance(item, Break) for item in planned.coming) or len(coming) < 4
    session.dispatch(planned.command())
    assert _end(session) == planned.new_end
    assert session.undo_label().code == "replan_structure"
    session.undo()
    assert session.state.structure == before


def test_a_target_too_soon_is_refused(database: Database, clock: FakeClock) -> None:
    session = night(database, clock)
    state = session.state
    with pytest.raises(RuleViolation) as refused:
        replan(state, session.now(), Instant(session.now() + 25 * MIN))
    assert refused.value.code == "replan_target_too_soon"
