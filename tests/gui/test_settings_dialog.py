"""The settings dialog: bad values are shown inline and change nothing; good ones
apply at once (but the language) and are there after a restart."""

from __future__ import annotations

from pathlib import Path

from director.app.settings import Settings, load_settings, settings_path
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


def test_changing_the_language_says_it_applies_at_the_next_start(qtbot) -> None:
    dialog = SettingsDialog(Settings(language="en"))
    qtbot.addWidget(dialog)
    assert dialog.restart_note.isHidden()
    dialog.language.setCurrentIndex(dialog.language.findData("fr"))
    assert not dialog.restart_note.isHidden()


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
    assert again.settings == saved
    again.open_demo()
    assert again.console.page("reports").paper.currentText() == "Letter"
