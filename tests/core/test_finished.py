"""The event is over when the winner is known: the clock stops for good and the
rules refuse whatever would change the night's play (paying stays open)."""

from __future__ import annotations

import pytest

from director.core import clock as clk
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.players import Bust
from director.core.state import Status
from tests.core.helpers import MIN, T0, run
from tests.core.test_players import ANN, BOB, CAT, tournament


def finished_at(moment):
    state = run(tournament(ANN, BOB, CAT), c.StartClock(), T0)
    state = run(state, c.BustPlayers(busts=(Bust(player=CAT, eliminator=ANN),)), T0 + 10 * MIN)
    return run(state, c.BustPlayers(busts=(Bust(player=BOB, eliminator=ANN),)), moment)


def test_the_last_bust_finishes_the_event_and_stops_the_clock_at_that_moment() -> None:
    state = finished_at(T0 + 25 * MIN)
    assert state.status is Status.FINISHED
    assert not state.clock.running
    # Hours later the clock still shows the moment the winner was known.
    later = clk.view(state.clock, state.structure, T0 + 300 * MIN)
    at_end = clk.view(state.clock, state.structure, T0 + 25 * MIN)
    assert not later.running
    assert (later.index, later.elapsed) == (at_end.index, at_end.elapsed)


@pytest.mark.parametrize(
    "command",
    [
        c.Rebuy(player=BOB),
        c.Reentry(player=BOB),
        c.Addon(player=ANN),
        c.BuyIn(player=BOB),
        c.RegisterPlayer(player=99, name="Late"),
        c.BustPlayers(busts=(Bust(player=ANN),)),
        c.StartClock(),
        c.NextLevel(),
        c.PreviousLevel(),
        c.AdjustTime(delta_ms=MIN),
        c.NextHand(),
        c.RemoveEntry(player=BOB),
        c.DrawSeats(),
        c.SetMoneySettings(settings=tournament().money),
    ],
    ids=lambda command: type(command).__name__,
)
def test_a_finished_event_refuses_player_and_clock_actions(command) -> None:
    state = finished_at(T0 + 25 * MIN)
    with pytest.raises(RuleViolation) as caught:
        run(state, command, T0 + 30 * MIN)
    assert caught.value.code == "event_finished"


def test_a_finished_event_still_pays_renames_and_reopens_by_putting_back_in() -> None:
    state = finished_at(T0 + 25 * MIN)
    state = run(state, c.RenameTournament(name="Friday final"), T0 + 30 * MIN)
    state = run(state, c.PayPrize(player=ANN), T0 + 31 * MIN)
    assert state.status is Status.FINISHED
    reopened = run(state, c.RevertBust(player=BOB), T0 + 32 * MIN)
    assert reopened.status is Status.RUNNING
    # The clock stays where it stopped; the organizer starts it again.
    assert not reopened.clock.running
    run(reopened, c.StartClock(), T0 + 33 * MIN)
    run(reopened, c.Rebuy(player=BOB, stack=100), T0 + 33 * MIN)
