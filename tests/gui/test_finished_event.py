"""When the winner is known the event is over, everywhere: the TV, the console, the
players' list, the buttons, a restart and ``director status --json``."""

from __future__ import annotations

import json

import pytest

from director.app.night.session import TournamentSession
from director.app.views.display import NoteRow, PlaceRow, SectionKind
from director.core import clock as clk
from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import Bust
from director.core.results import player_results, propose_deal
from director.core.state import Status
from director.i18n import format_money
from tests.soak import MINUTE, FakeClock, close_night, open_night


@pytest.fixture
def night(qapp, db_path):
    clock = FakeClock()
    window = open_night(db_path, clock)
    yield window, clock
    close_night(window)


def play_to_the_end(window, clock, *, deal: bool = True) -> None:
    """Bust players one a minute; with three left they make a deal (40.00 kept aside
    for the winner), then two more busts leave the winner."""
    controller = window.controller
    while len(controller.state.alive()) > 1:
        clock.advance(MINUTE)
        alive = sorted(controller.state.alive())
        if deal and len(alive) == 3 and controller.state.deal is None:
            stacks = {player: 1000 * (index + 1) for index, player in enumerate(alive)}
            proposal = propose_deal(controller.state, "chips", stacks, kept_aside=4000)
            controller.run(c.AcceptDeal(deal=proposal, chips_difference_accepted=True))
        controller.run(c.BustPlayers(busts=(Bust(player=alive[0], eliminator=alive[-1]),)))
    window.ticker.update()


def test_the_tv_shows_the_winner_and_the_prizes_actually_won_deal_included(night) -> None:
    window, clock = night
    play_to_the_end(window, clock)
    state = window.controller.state
    data = window.display.face.data
    assert data.finished and not data.running and not data.paused
    results = {r.player: r for r in player_results(state)}
    winner = next(r for r in results.values() if r.place is not None and r.place.best == 1)
    share = next(s for s in state.deal.shares if PlayerId(s.player) == winner.player)
    # The deal's share plus what was kept aside for the winner, not the payout table's first prize.
    assert winner.prize == share.amount + 4000
    assert data.time_caption == "Winner"
    assert data.time_text == winner.name
    assert data.blinds_text == format_money(winner.prize)
    (standings,) = data.sections
    assert standings.kind is SectionKind.STANDINGS and standings.title == "Final standings"
    first = standings.rows[0]
    assert isinstance(first, PlaceRow)
    assert (first.place, first.name, first.amount) == (1, winner.name, winner.prize)
    assert first.text == f"1. {winner.name} · {format_money(winner.prize)}"
    assert standings.rows[-1] == NoteRow("Deal made", "deal")
    assert data.room.payouts[0] == winner.prize and not data.timing.ends_at
    # What is painted: the winner's name where the time was, no clock, no "PAUSED".
    window.display.face.grab()
    assert "paused" not in window.display.face.regions
    console_face = window.console.page("clock").face
    assert console_face.data.finished and console_face.data.time_text == winner.name


def test_the_clock_stops_for_good_and_a_restart_agrees(night, db_path) -> None:
    window, clock = night
    play_to_the_end(window, clock, deal=False)
    state = window.controller.state
    assert state.status is Status.FINISHED and not state.clock.running
    stopped = clk.view(state.clock, state.structure, clock())
    event_id = window.controller.session.tournament_id
    window.close_session()
    clock.advance(3 * 60 * MINUTE)
    reopened = TournamentSession(window.database, event_id, clock=clock)
    assert reopened.state.status is Status.FINISHED
    assert not reopened.state.clock.running
    later = clk.view(reopened.state.clock, reopened.state.structure, clock())
    assert (later.index, later.elapsed) == (stopped.index, stopped.elapsed)


def test_the_winner_shows_as_winner_and_player_actions_are_disabled_with_the_reason(
    night,
) -> None:
    window, clock = night
    play_to_the_end(window, clock, deal=False)
    page = window.console.page("players")
    model = page.model
    texts = [model.data(model.index(row, 1)) for row in range(model.rowCount())]
    assert texts.count("Winner") == 1 and "Playing" not in texts
    page.table.selectRow(0)
    for key in ("rebuy", "bust", "addon", "reentry", "buy_in"):
        assert not page.buttons[key].isEnabled(), key
        assert page.buttons[key].toolTip() == "The event is over.", key
    # Putting a player back in is not refused for the end (undo's way back): the
    # rules' own reason, if any, is about the player.
    assert page.buttons["revert"].toolTip() != "The event is over."
    clock_page = window.console.page("clock")
    for button in (clock_page.start_button, clock_page.next_button, clock_page.hand_button):
        assert not button.isEnabled()
        assert button.toolTip() == "The event is over."
    card = window.console.page("tables").cards[0]
    assert not card.done.isEnabled() and card.done.toolTip() == "The event is over."


def test_undoing_the_last_bust_reopens_the_event(night) -> None:
    window, clock = night
    play_to_the_end(window, clock, deal=False)
    controller = window.controller
    assert controller.session.undo_refusal() is None
    window.undo()
    state = controller.state
    assert state.status is Status.RUNNING and state.clock.running
    assert len(state.alive()) == 2
    window.ticker.update()
    assert not window.display.face.data.finished
    page = window.console.page("players")
    page.table.selectRow(0)
    assert page.buttons["bust"].isEnabled()
    assert page.buttons["bust"].toolTip() != "The event is over."
    clock_page = window.console.page("clock")
    assert clock_page.start_button.isEnabled()
    assert clock_page.start_button.toolTip() == "Start or pause the clock (Space)"
    tables_page = window.console.page("tables")
    assert all(card.done.toolTip() != "The event is over." for card in tables_page.cards)
    window.redo()
    assert controller.state.status is Status.FINISHED


def test_director_status_json_says_finished_and_clock_stopped(night, db_path, capsys) -> None:
    from director.cli import main

    window, clock = night
    play_to_the_end(window, clock, deal=False)
    event_id = window.controller.session.tournament_id
    winner = window.display.face.data.time_text
    window.close_session()
    window.database.close()
    capsys.readouterr()
    assert main(["status", str(event_id), "--json", "--db", str(db_path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["status"] == "finished" and document["finished"] is True
    assert document["clock"]["running"] is False
    assert document["winner"]["name"] == winner
