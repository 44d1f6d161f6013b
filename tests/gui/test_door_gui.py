"""The door on the console (issue 34, item 6): the arrivals listed (who, when, from
the roster or new), each turned into the console's buy-in with one click (a new name
joins the roster then) or dismissed, greyed with the rule's reason when refused; the
door's QR code and its printed sign; a check-in over the network shows at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.club.roster import Roster
from director.app.phones.door import Door
from director.core.errors import RuleViolation
from director.core.players import EntrantStatus
from director.gui.door_view import DoorView
from director.i18n import describe_error, set_language
from tests.app.night import night
from tests.gui.test_share import free_port, shot
from tests.web.helpers import in_thread, post_json


def _raise(_parent: object, error: Exception) -> None:
    raise error


@pytest.fixture
def window(window_factory, clock, refusals_fail, monkeypatch):
    monkeypatch.setattr("director.gui.door_view.show_error", _raise)  # no modal box
    made = window_factory()
    roster = Roster(made.database, clock=clock)
    for number in range(1, 12):  # the night's players are the roster's first records
        roster.add(f"Player {number}")
    roster.add("Ann Martin", contact="ann@example.org")
    session = night(made.database, clock, 10)  # two seats open
    made.open_session(session)
    return made


def arrive(window, typed: str, chosen: int | None = None) -> None:
    session = window.controller.session
    door = Door.of(session.database)
    door.check_in(session.state, session.tournament_id, typed, chosen, window.clock())


def view_for(window, qtbot) -> DoorView:
    view = DoorView(window.sharing, window.controller, share=lambda: None, parent=window)
    qtbot.addWidget(view)
    return view


def test_an_arrival_becomes_a_buy_in_with_one_click_and_a_new_name_joins_the_roster(
    qtbot, window, tmp_path: Path
) -> None:
    arrive(window, "Ann", 12)
    arrive(window, "Zoé Durand")
    view = view_for(window, qtbot)
    assert view.table.rowCount() == 2
    rows = [[view.table.item(r, c).text() for c in range(3)] for r in range(2)]
    assert [row[0] for row in rows] == ["Ann Martin", "Zoé Durand"]
    assert [row[2] for row in rows] == ["from the roster", "new name"]
    view.resize(1366, 768)
    shot(view, tmp_path, "door-arrivals-en")
    session = window.controller.session
    zoe = view.arrivals[1]
    assert view.buy_in(zoe)
    record = Roster(session.database).find("Zoé Durand")
    assert record is not None
    assert session.state.players[record.id].status is EntrantStatus.PLAYING
    assert [a.name for a in view.arrivals] == ["Ann Martin"]
    ann = view.arrivals[0]
    assert view.buy_in(ann)
    assert session.state.players[ann.roster].status is EntrantStatus.PLAYING  # type: ignore[index]
    assert view.table.rowCount() == 0
    window.controller.undo()  # the console's own buy-in, undone as always
    assert ann.roster not in session.state.players


def test_a_buy_in_the_rules_refuse_is_greyed_with_their_reason_and_adds_nobody(
    qtbot, window, clock
) -> None:
    arrive(window, "Late Larry")
    clock.advance(10 * 3_600_000)  # long past late registration
    view = view_for(window, qtbot)
    refused = view.refusal(view.arrivals[0])
    assert refused is not None and refused.code == "late_registration_closed"
    holder = view.table.cellWidget(0, 3)
    (buy,) = [b for b in holder.findChildren(type(view.sign_button)) if b.text() == "Buy in"]
    assert not buy.isEnabled() and buy.toolTip() == describe_error(refused)
    assert Roster(window.controller.session.database).find("Late Larry") is None
    (dismiss,) = [b for b in holder.findChildren(type(view.sign_button)) if b.text() == "Dismiss"]
    dismiss.click()
    assert view.arrivals == []


def test_a_check_in_over_the_network_shows_and_the_sign_carries_the_door(
    qtbot, window, tmp_path: Path
) -> None:
    view = view_for(window, qtbot)
    assert not view.sign_button.isEnabled() and not view.qr.isVisibleTo(view)
    port = free_port()
    assert window.sharing.start("127.0.0.1", port) is None
    view.on.setChecked(True)
    url = f"http://127.0.0.1:{port}/door"
    assert view.qr.text == url and view.qr.isVisibleTo(view)
    answer = in_thread(qtbot, lambda: post_json(port, "/api/door/check-in", {"name": "Bob"}))
    assert answer.status == 200, answer.body
    qtbot.waitUntil(lambda: [a.name for a in view.arrivals] == ["Bob"])
    written = view.write_sign(tmp_path / "sign.pdf")
    assert written is not None and written.read_bytes().startswith(b"%PDF")
    view.on.setChecked(False)
    closed = in_thread(qtbot, lambda: post_json(port, "/api/door/check-in", {"name": "Eve"}))
    assert closed.status == 403
    assert closed.json()["error"] == describe_error(RuleViolation("door_closed"))


def test_the_arrivals_in_french(qtbot, window, tmp_path: Path) -> None:
    arrive(window, "Zoé Durand")
    set_language("fr")
    try:
        view = view_for(window, qtbot)
        view.resize(1366, 768)
        assert view.windowTitle() == "La porte"
        assert view.table.item(0, 2).text() == "nouveau nom"
        shot(view, tmp_path, "door-arrivals-fr")
    finally:
        set_language("en")


def test_a_dismissed_arrival_is_brought_back_with_one_click_even_from_a_new_view(
    qtbot, window
) -> None:
    """Dismissing is not final: the last arrival dismissed is kept aside in the
    database, and "Bring back" returns him to the list, in his place, from any view
    opened later (the view holds nothing)."""
    arrive(window, "Ann", 12)
    window.clock.advance(60_000)
    arrive(window, "Zoé Durand")
    view = view_for(window, qtbot)
    assert not view.bring_back.isVisibleTo(view)  # nothing dismissed yet
    view.dismiss(view.arrivals[0])
    assert [a.name for a in view.arrivals] == ["Zoé Durand"]
    assert view.bring_back.isVisibleTo(view) and "Ann Martin" in view.bring_back.text()
    view.close()
    later = view_for(window, qtbot)
    assert [a.name for a in later.arrivals] == ["Zoé Durand"]
    later.bring_back.click()
    assert [a.name for a in later.arrivals] == ["Ann Martin", "Zoé Durand"]
    assert not later.bring_back.isVisibleTo(later)
    # A buy-in is no dismissal: its arrival is not offered back (the log undoes it).
    assert later.buy_in(later.arrivals[1])
    assert not later.bring_back.isVisibleTo(later)
