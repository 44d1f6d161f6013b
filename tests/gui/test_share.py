"""View > Share on the network, in the console: the address and its QR code, a port
in use said clearly, sharing remembered and started again with the app, the TV's
minute of QR code, pairing a phone (its QR code on the console only), the paired
phones listed and revoked, and a phone's command seen and undone on the console."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from PySide6.QtNetwork import QHostAddress, QTcpServer

from director.app.files.settings import Settings, load_settings, save_settings
from director.core import commands as c
from director.gui.dialogs.share import ShareDialog
from director.i18n import set_language
from tests.app.night import night
from tests.web.helpers import in_thread, post_json, request

SHOTS = os.environ.get("DIRECTOR_GUI_SHOTS")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def shot(widget, tmp_path: Path, name: str) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    assert widget.grab().save(str(path))
    return path


@pytest.fixture
def window(window_factory, clock, refusals_fail):
    made = window_factory()
    session = night(made.database, clock)
    made.open_session(session)
    return made


def dialog_for(window, qtbot) -> ShareDialog:
    dialog = ShareDialog(
        window.sharing,
        window.settings,
        show_on_tv=window.network.show_address_on_tv,
        now=window.clock,
        parent=window,
    )
    qtbot.addWidget(dialog)
    return dialog


def share_on_loopback(dialog: ShareDialog, port: int) -> None:
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(port)
    dialog.share_button.click()


def test_sharing_serves_the_open_event_and_shows_its_address_and_qr_code(
    qtbot, window, tmp_path: Path
) -> None:
    dialog = dialog_for(window, qtbot)
    assert not window.sharing.running and dialog.share_button.text() == "&Share"
    assert all(dialog.address.itemData(i) != "0.0.0.0" for i in range(dialog.address.count()))
    port = free_port()
    share_on_loopback(dialog, port)
    url = f"http://127.0.0.1:{port}/"
    assert window.sharing.running and dialog.url.text() == url
    assert dialog.qr.isVisibleTo(dialog) and dialog.qr.text == url
    assert window.network.share_note.text() == f"Shared at {url} · viewers: 0"
    state = in_thread(qtbot, lambda: request(port, "GET", "/api/state")).json()
    assert state["display"]["display"]["event_name"] == "Friday night"
    saved = load_settings()
    assert (saved.share, saved.share_address, saved.share_port) == (True, "127.0.0.1", port)
    dialog.resize(760, 720)
    shot(dialog, tmp_path, "share-dialog-en")
    dialog.share_button.click()
    assert not window.sharing.running and not load_settings().share


def test_a_port_in_use_is_said_and_nothing_is_served(qtbot, window) -> None:
    taken = QTcpServer()
    assert taken.listen(QHostAddress("127.0.0.1"), 0)
    dialog = dialog_for(window, qtbot)
    share_on_loopback(dialog, taken.serverPort())
    assert not window.sharing.running
    assert dialog.error.isVisibleTo(dialog)
    assert f"Port {taken.serverPort()} is already in use" in dialog.error.text()
    assert not load_settings().share
    taken.close()


def test_sharing_starts_again_with_the_app_on_the_same_address(qtbot, window_factory) -> None:
    port = free_port()
    save_settings(Settings(share=True, share_address="127.0.0.1", share_port=port))
    window = window_factory()
    assert window.sharing.running and window.sharing.url == f"http://127.0.0.1:{port}/"
    answer = in_thread(qtbot, lambda: request(port, "GET", "/api/state"))
    assert answer.status == 200 and answer.json()["display"] is None  # no event open yet


def test_an_address_gone_is_said_never_replaced(qtbot, window_factory) -> None:
    save_settings(Settings(share=True, share_address="192.0.2.7", share_port=free_port()))
    window = window_factory()
    assert not window.sharing.running
    assert window.network.share_note.isVisibleTo(window)
    assert "192.0.2.7 is no longer an address of this machine" in window.network.share_note.text()
    assert load_settings().share  # tried again at the next start


def test_the_tv_shows_the_address_for_a_minute(qtbot, window, tmp_path: Path) -> None:
    dialog = dialog_for(window, qtbot)
    share_on_loopback(dialog, free_port())
    dialog.tv_button.click()
    display = window.display
    assert display is not None and display.isVisible()
    assert display.address.isVisible() and display.address.url == window.sharing.url
    assert "#pair" not in display.address.url
    display.resize(1920, 1080)
    shot(display, tmp_path, "tv-address-1920")
    display.resize(1366, 768)
    shot(display, tmp_path, "tv-address-1366")
    assert display._address_timer.remainingTime() > 55_000
    display._address_timer.timeout.emit()
    assert not display.address.isVisible()


def test_the_tv_layouts_qr_code_points_at_the_shared_page_while_shared(qtbot, window) -> None:
    window.show_display()
    face = window.display.face
    assert face.network_url == ""  # nothing shared: no code to scan
    dialog = dialog_for(window, qtbot)
    share_on_loopback(dialog, free_port())
    assert window.sharing.running
    assert face.network_url == window.sharing.url
    assert "#pair" not in face.network_url  # never the remote's pairing code
    window.sharing.stop()
    assert face.network_url == ""


def test_a_phone_is_paired_from_the_console_and_its_commands_undone_there(
    qtbot, window, tmp_path: Path, monkeypatch
) -> None:
    dialog = dialog_for(window, qtbot)
    port = free_port()
    share_on_loopback(dialog, port)
    assert not dialog.pair_button.isEnabled()  # off by default
    dialog.remote.setChecked(True)
    assert load_settings().remote and dialog.pair_button.isEnabled()
    dialog.pair_button.click()
    code = dialog.code
    assert code is not None and dialog.pair_qr.isVisibleTo(dialog)
    assert dialog.pair_qr.text == f"http://127.0.0.1:{port}/#pair={code.code}"
    assert code.shown in dialog.pair_text.text() and "02:00" in dialog.pair_text.text()
    shot(dialog, tmp_path, "share-dialog-pairing-en")
    # The pairing code is on the console only: not on the page, not on the TV.
    page = in_thread(qtbot, lambda: request(port, "GET", "/api/state")).body.decode()
    assert code.code not in page
    answer = in_thread(
        qtbot, lambda: post_json(port, "/api/pair", {"code": code.code, "name": "Ann's phone"})
    )
    token = answer.json()["token"]
    assert dialog.pair_text.text() == "Paired: Ann's phone."
    assert dialog.phones.rowCount() == 1 and dialog.phones.item(0, 0).text() == "Ann's phone"
    # The phone pauses the clock: the console says so, and Undo names the phone.
    paused = in_thread(qtbot, lambda: post_json(port, "/api/control", {"action": "pause"}, token))
    assert paused.status == 200
    assert not window.controller.state.clock.running
    assert window.undo_action.text() == "&Undo: pause the clock (from Ann's phone)"
    assert window.statusBar().currentMessage() == "Ann's phone: pause the clock"
    qtbot.waitUntil(lambda: dialog.phones.item(0, 2).text().endswith("from 127.0.0.1"))
    window.undo()
    assert window.controller.state.clock.running
    assert window.menus.redo_action.text() == "&Redo: pause the clock (from Ann's phone)"
    # Revoked from the console: its commands stop at once.
    monkeypatch.setattr("director.gui.dialogs.share.confirm", lambda *_a, **_k: True)
    dialog.phones.selectRow(0)
    dialog.revoke_button.click()
    assert dialog.phones.rowCount() == 0
    refused = in_thread(qtbot, lambda: post_json(port, "/api/control", {"action": "pause"}, token))
    assert refused.status == 401 and window.controller.state.clock.running
    dialog.remote.setChecked(False)
    assert not load_settings().remote and dialog.code is None


def test_the_dialog_in_french(qtbot, window_factory, clock, tmp_path: Path) -> None:
    set_language("fr")
    window = window_factory()
    window.open_session(night(window.database, clock))
    dialog = dialog_for(window, qtbot)
    assert dialog.windowTitle() == "Partager sur le réseau"
    share_on_loopback(dialog, free_port())
    dialog.remote.setChecked(True)
    dialog.pair_button.click()
    shot(dialog, tmp_path, "share-dialog-fr")
    assert "Partagé" in window.network.share_note.text()
    window.controller.run(c.NextLevel())
    window.resize(1366, 768)
    shot(window, tmp_path, "console-shared-1366-fr")
