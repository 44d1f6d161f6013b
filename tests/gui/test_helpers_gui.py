"""Helpers' phones on the console (issue 34, item 6): the helpers' QR code for the
open event, the phone paired with it listed and revoked, its buy-in undone from the
console, and turning helpers off stops the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.core import commands as c
from director.core.ids import PlayerId
from director.core.players import EntrantStatus
from director.gui.dialogs.helpers import HelpersDialog
from tests.app.night import night
from tests.gui.test_share import free_port, shot
from tests.web.helpers import in_thread, post_json

NEWCOMER = PlayerId(40)


@pytest.fixture
def window(window_factory, clock, refusals_fail):
    made = window_factory()
    session = night(made.database, clock, 11)  # one seat still open
    session.dispatch(c.RegisterPlayer(player=NEWCOMER, name="Zoe"))
    made.open_session(session)
    return made


def dialog_for(window, qtbot) -> HelpersDialog:
    dialog = HelpersDialog(
        window.sharing, window.controller, share=lambda: None, now=window.clock, parent=window
    )
    qtbot.addWidget(dialog)
    return dialog


def test_the_helpers_code_pairs_a_phone_whose_buy_in_is_undone_and_which_is_revoked(
    qtbot, window, monkeypatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("director.gui.dialogs.helpers.confirm", lambda *_a, **_k: True)
    dialog = dialog_for(window, qtbot)
    assert not dialog.usable and not dialog.qr.isVisibleTo(dialog)
    assert "Share the page" in dialog.code_text.text()
    port = free_port()
    assert window.sharing.start("127.0.0.1", port) is None
    dialog.on.setChecked(True)
    code = dialog.code
    assert code is not None and dialog.qr.isVisibleTo(dialog)
    assert dialog.qr.text == f"http://127.0.0.1:{port}/helper#code={code.code}"
    assert code.shown in dialog.code_text.text() and f"127.0.0.1:{port}/helper" in (
        dialog.code_text.text()
    )
    shot(dialog, tmp_path, "helpers-dialog-en")
    pairing = {"code": code.code, "name": "Door"}
    answer = in_thread(qtbot, lambda: post_json(port, "/api/helper/pair", pairing))
    assert answer.status == 200, answer.body
    token = answer.json()["token"]
    qtbot.waitUntil(lambda: dialog.code is not None and dialog.code.code != code.code)
    listed = [label.text() for label in dialog.phones_box.findChildren(type(dialog.code_text))]
    assert len(listed) == 1 and listed[0].startswith("Door · last seen")
    bought = {"action": "buy_in", "player": int(NEWCOMER)}
    done = in_thread(qtbot, lambda: post_json(port, "/api/helper/act", bought, token))
    assert done.status == 200
    session = window.controller.session
    assert session.state.players[NEWCOMER].status is EntrantStatus.PLAYING
    window.controller.undo()
    assert session.state.players[NEWCOMER].status is EntrantStatus.REGISTERED
    (phone,) = window.sharing.helper_phones(session.tournament_id)
    dialog.revoke(phone)
    refused = in_thread(qtbot, lambda: post_json(port, "/api/helper/act", bought, token))
    assert refused.status == 401
    assert window.sharing.helper_phones(session.tournament_id) == []


def test_turning_helpers_off_stops_their_code(qtbot, window) -> None:
    port = free_port()
    assert window.sharing.start("127.0.0.1", port) is None
    dialog = dialog_for(window, qtbot)
    dialog.on.setChecked(True)
    code = dialog.code
    assert code is not None
    dialog.on.setChecked(False)
    assert dialog.code is None and not dialog.qr.isVisibleTo(dialog)
    pairing = {"code": code.code, "name": "x"}
    answer = in_thread(qtbot, lambda: post_json(port, "/api/helper/pair", pairing))
    assert answer.status == 403
