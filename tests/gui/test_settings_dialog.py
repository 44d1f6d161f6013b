"""The settings dialog: bad values are shown inline and change nothing; good ones
apply at once (but the language) and are there after a restart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from director.app.files.settings import Settings, load_settings, settings_path
from director.gui.dialogs.settings import SettingsDialog
from director.i18n import format_money
from tests.gui.conftest import close


def test_a_bad_currency_is_named_and_nothing_is_kept(qtbot) -> None:
    original = Settings(currency="EUR")
    dialog = SettingsDialog(original)
    qtbot.addWidget(dialog)
    dialog.currency.setCurrentText("EURO")
    dialog.accept()
    assert not dialog.error.isHidden()
    assert "EURO" in dialog.error.text()
    assert dialog.result_settings is original
    assert not settings_path().exists()


def test_a_backup_folder_that_is_a_file_is_refused(qtbot, tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    dialog.backup_folder.setText(str(a_file))
    dialog.accept()
    assert "is a file, not a folder" in dialog.error.text()
    dialog.backup_folder.setText(str(tmp_path / "backups"))
    dialog.accept()
    assert dialog.result() == SettingsDialog.DialogCode.Accepted
    assert dialog.result_settings.backup_folder == str(tmp_path / "backups")


def test_a_new_language_applies_at_once_and_the_event_stays_open(qtbot, window_factory) -> None:
    window = window_factory()
    window.open_demo()
    window.console.show_page("tables")
    window.show_display()
    display = window.display
    event_id = window.controller.session.tournament_id
    before = window.controller.state
    actions = len(window.findChildren(QAction))

    window.apply_settings(window.settings.with_changes(language="fr"))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert len(window.findChildren(QAction)) == actions

    menus = [action.text() for action in window.menuBar().actions()]
    assert menus[0] == "&Fichier" and "&Aide" in menus
    assert window.controller.session.tournament_id == event_id
    assert window.controller.state == before
    assert window.console.current_key() == "tables"
    titles = [window.console.nav.item(row).text() for row in range(window.console.nav.count())]
    assert "Joueurs" in titles and "Players" not in titles
    assert window.display is display and display.isVisible()
    assert display.windowTitle() == "Horloge — director"
    assert window.events_page.buttons["new"].text() == "&Nouvel événement…"
    assert load_settings().language == "fr"

    window.apply_settings(window.settings.with_changes(language="en"))
    assert window.menuBar().actions()[0].text() == "&File"
    assert window.console.current_key() == "tables"


def test_new_settings_apply_now_and_survive_a_restart(qtbot, window_factory, tmp_path) -> None:
    window = window_factory()
    window.open_demo()
    dialog = SettingsDialog(window.settings)
    qtbot.addWidget(dialog)
    dialog.currency.setCurrentText("usd")
    dialog.paper.setCurrentText("Letter")
    dialog.muted.setChecked(True)
    dialog.volume.setValue(35)
    dialog.backup_folder.setText(str(tmp_path / "elsewhere"))
    dialog.accept()
    window.apply_settings(dialog.result_settings)

    assert format_money(1250) == "$12.50"
    assert window.sound.muted and window.sound.volume == 35
    assert window.backups.folder == tmp_path / "elsewhere"
    assert window.console.page("reports").paper.currentText() == "Letter"
    saved = load_settings()
    assert (saved.currency, saved.paper, saved.muted, saved.volume) == ("USD", "Letter", True, 35)

    close(window)
    again = window_factory()
    assert again.settings == load_settings()  # with the event open at closing
    assert (again.settings.currency, again.settings.paper) == ("USD", "Letter")
    again.open_demo()
    assert again.console.page("reports").paper.currentText() == "Letter"


def test_the_ways_to_pay_are_the_organizers_list(qtbot, tmp_path: Path) -> None:
    """The settings edit the list of ways to pay, one a line (the defaults shown in
    the user's language); the Club page's payment dialog offers that list."""
    from director.app.club.balances import ClubBook
    from director.app.files.settings import save_settings
    from director.gui.pages.club_page import ClubPage
    from director.persistence.db import open_database

    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    assert dialog.methods.toPlainText() == "cash\nbank transfer"
    dialog.methods.setPlainText("cash\n  Lydia \n\nCASH\n" + "x" * 41)
    dialog.accept()
    assert "40 characters at most" in dialog.error.text()
    dialog.methods.setPlainText("cash\n  Lydia \n\nCASH\nPayPal")
    dialog.accept()
    assert dialog.result_settings.payment_methods == ("cash", "Lydia", "PayPal")
    save_settings(dialog.result_settings)
    assert load_settings().payment_methods == ("cash", "Lydia", "PayPal")
    database = open_database(tmp_path / "director.db")
    try:
        page = ClubPage(ClubBook(database))
        qtbot.addWidget(page)
        pay = page.payment_dialog(write_off=False)
        offered = [pay.method.itemData(index) for index in range(pay.method.count())]
        assert offered == ["cash", "Lydia", "PayPal"]
    finally:
        database.close()
