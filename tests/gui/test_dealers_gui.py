"""Dealers' phones on the console: one QR code per table, the phone paired listed under
its table and revoked, a call for the floor shown and sounded and answered, each
table's hand count and time since its hand began, hand-for-hand on the tables page
and on the TV."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.files.settings import load_settings
from director.app.views.display import SectionKind
from director.core import commands as c
from director.gui.dialogs.dealers import DealersDialog
from director.i18n import set_language
from tests.app.night import night
from tests.gui.test_share import free_port, shot
from tests.web.helpers import in_thread, post_json, request


@pytest.fixture
def window(window_factory, clock, refusals_fail):
    made = window_factory()
    session = night(made.database, clock, 18)  # three tables of six
    made.open_session(session)
    return made


def shared(window) -> int:
    port = free_port()
    assert window.sharing.start("127.0.0.1", port) is None
    return port


def dialog_for(window, qtbot) -> DealersDialog:
    dialog = DealersDialog(
        window.sharing,
        window.controller,
        share=lambda: None,
        now=window.clock,
        parent=window,
    )
    qtbot.addWidget(dialog)
    return dialog


def pair(qtbot, port: int, code: str, name: str) -> str:
    answer = in_thread(
        qtbot, lambda: post_json(port, "/api/dealer/pair", {"code": code, "name": name})
    )
    assert answer.status == 200, answer.body
    return str(answer.json()["token"])


def test_each_table_gets_its_code_and_its_phone_is_listed_and_revoked(
    qtbot, window, monkeypatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("director.gui.dialogs.dealers.confirm", lambda *_a, **_k: True)
    dialog = dialog_for(window, qtbot)
    cards = dialog.cards.values()
    assert not dialog.usable and all(not card.qr.isVisibleTo(dialog) for card in cards)
    assert "Share the page" in dialog.cards[1].code_text.text()
    port = shared(window)
    dialog.on.setChecked(True)
    assert load_settings().dealers
    assert sorted(dialog.cards) == [1, 2, 3]
    codes = {number: card.code for number, card in dialog.cards.items()}
    assert len({code.code for code in codes.values()}) == 3
    card = dialog.cards[2]
    assert card.qr.text == f"http://127.0.0.1:{port}/dealer#code={codes[2].code}"
    assert codes[2].shown in card.code_text.text() and "10:00" in card.code_text.text()
    # Where the page with the field for the code is, for a phone that cannot scan it.
    assert dialog.typing.isVisibleTo(dialog)
    assert dialog.typing.text() == (
        f"A phone that cannot scan its table's code opens http://127.0.0.1:{port}/dealer "
        "and types it."
    )
    dialog.resize(1366, 768)
    shot(dialog, tmp_path, "dealers-dialog-en")
    token = pair(qtbot, port, codes[2].code, "Bob's phone")
    qtbot.waitUntil(lambda: card.code is not None and card.code.code != codes[2].code)
    listed = [label.text() for label in card.phones_box.findChildren(type(card.code_text))]
    assert len(listed) == 1 and listed[0].startswith("Bob's phone · last seen")
    # Revoked from the console: the phone's next report is refused.
    (phone,) = window.sharing.dealer_phones(window.controller.session.tournament_id)
    dialog.revoke(phone)
    answer = in_thread(
        qtbot,
        lambda: post_json(port, "/api/dealer/act", {"action": "hand_done"}, token),
    )
    assert answer.status == 401
    assert window.sharing.dealer_phones(window.controller.session.tournament_id) == []


def test_turning_dealers_off_stops_their_codes(qtbot, window) -> None:
    port = shared(window)
    dialog = dialog_for(window, qtbot)
    dialog.on.setChecked(True)
    code = dialog.cards[1].code
    dialog.on.setChecked(False)
    assert dialog.cards[1].code is None and not load_settings().dealers
    answer = in_thread(
        qtbot, lambda: post_json(port, "/api/dealer/pair", {"code": code.code, "name": "x"})
    )
    assert answer.status == 403


def test_a_call_for_the_floor_shows_sounds_and_is_answered(qtbot, window, tmp_path) -> None:
    port = shared(window)
    window.sharing.set_dealers(True)
    code = window.sharing.dealer_code(3)
    token = pair(qtbot, port, code.code, "Table three")
    alerts = window.sound.alerts
    answer = in_thread(
        qtbot, lambda: post_json(port, "/api/dealer/act", {"action": "call_floor"}, token)
    )
    assert answer.status == 200
    bar = window.network.floor_calls
    qtbot.waitUntil(lambda: bar.isVisibleTo(window))
    labels = [label.text() for label in bar.findChildren(type(window.maintenance.connection_note))]
    assert any(text.startswith("Table 3 calls the floor (Table three") for text in labels)
    assert window.sound.alerts == alerts + 1
    window.resize(1366, 768)
    shot(window, tmp_path, "floor-call-en")
    # The same call heard again (another change) does not sound twice.
    window.sharing.floor_changed.emit()
    assert window.sound.alerts == alerts + 1
    from PySide6.QtWidgets import QPushButton

    (button,) = bar.findChildren(QPushButton)
    button.click()
    assert not bar.isVisibleTo(window)
    headers = {"Authorization": f"Bearer {token}"}
    seen = in_thread(qtbot, lambda: request(port, "GET", "/api/dealer", headers=headers)).json()
    assert seen["floor"]["answered_at"] == window.clock()


def test_the_tables_page_shows_hands_blinds_time_and_hand_for_hand(qtbot, window, clock) -> None:
    window.show()
    window.console.show_page("tables")
    page = window.console.page("tables")
    window.controller.dispatch(c.HandDone(table=1))
    clock.advance(125_000)
    page._tick()
    infos = {card.view.table.number: card.info.text() for card in page.cards if card.view.table}
    assert infos[1] == "6 players · hand 1 · 25 / 50 · this hand 02:05"
    window.controller.dispatch(c.SetHandForHand(on=True))
    window.controller.dispatch(c.HandDone(table=2))
    infos = {card.view.table.number: card.info.text() for card in page.cards if card.view.table}
    assert infos[2].endswith("hand over, waits") and infos[1].endswith("playing the hand")
    assert "waiting for table(s) 1, 3" in page.h4h.text()
    # The TV says which tables still play the hand.
    data = window.feed.data
    (section,) = [s for s in data.sections if s.kind is SectionKind.HAND_FOR_HAND]
    assert [row.text for row in section.rows] == [
        "Tables playing: 1, 3",
        "Tables waiting: 2",
    ]
    refused = window.controller.session.refusal(c.HandDone(table=2))
    assert refused is not None and refused.code == "hand_for_hand_wait"


def test_the_dealers_dialog_in_french(qtbot, window, tmp_path) -> None:
    set_language("fr")
    try:
        shared(window)
        window.sharing.set_dealers(True)
        dialog = dialog_for(window, qtbot)
        assert dialog.windowTitle() == "Téléphones des croupiers"
        assert "une fois" in dialog.cards[1].code_text.text()
        dialog.resize(1366, 768)
        shot(dialog, tmp_path, "dealers-dialog-fr")
    finally:
        set_language("en")
