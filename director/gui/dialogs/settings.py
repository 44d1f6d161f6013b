"""The settings: language, currency, paper, sounds and voice, the clock's screen,
the backup folder. Bad input is shown in the dialog and nothing is saved."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.club.balances import method_label
from director.app.files.settings import (
    DEFAULT_PAYMENT_METHODS,
    PAPER_SIZES,
    Settings,
    payment_methods,
)
from director.app.tv.screens import find_screen
from director.core.errors import RuleViolation
from director.gui.common import ok_cancel
from director.gui.screens import screen_id
from director.gui.widgets import InlineError
from director.i18n import _, describe_error, is_currency

COMMON_CURRENCIES = ("EUR", "USD", "GBP", "CHF", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "JPY")


class SettingsDialog(QDialog):
    """Edits a copy of ``settings``; on accept, ``result_settings`` holds the new ones."""

    def __init__(
        self,
        settings: Settings,
        parent: QWidget | None = None,
        *,
        audio_available: bool = True,
        default_backup_folder: str = "",
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Settings"))
        self.original = settings
        self.result_settings = settings
        self.default_backup_folder = default_backup_folder

        self.language = QComboBox()
        self.language.addItem(_("The system's language"), "system")
        self.language.addItem("English", "en")
        self.language.addItem("Français", "fr")
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(list(COMMON_CURRENCIES))
        self.currency.setCurrentText(settings.currency)
        self.paper = QComboBox()
        self.paper.addItems(list(PAPER_SIZES))
        self.paper.setCurrentText(settings.paper)
        general = QFormLayout()
        general.addRow(_("Language"), self.language)
        general.addRow(_("Currency"), self.currency)
        general.addRow(_("Paper for reports"), self.paper)
        self.methods = QPlainTextEdit(
            "\n".join(method_label(method) for method in settings.payment_methods)
        )
        self.methods.setToolTip(_("One per line: offered when a payment is recorded."))
        self.methods.setMaximumHeight(90)
        general.addRow(_("Ways to pay"), self.methods)

        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setValue(settings.volume)
        self.muted = QCheckBox(_("Mute every sound"))
        self.muted.setChecked(settings.muted)
        self.voice = QCheckBox(_("Announce levels and breaks out loud"))
        self.voice.setChecked(settings.voice)
        sounds = QFormLayout()
        sounds.addRow(_("Volume"), self.volume)
        sounds.addRow("", self.muted)
        sounds.addRow("", self.voice)
        if not audio_available:
            note = QLabel(_("No audio output was found: the clock will run silently."))
            note.setWordWrap(True)
            sounds.addRow(note)

        self.screen = QComboBox()
        self.screen.addItem(_("Automatic (a second screen if there is one)"), "")
        identities = [screen_id(screen) for screen in QGuiApplication.screens()]
        for identity in identities:
            self.screen.addItem(identity.label(), identity.key())
        found = find_screen(settings.display_screen, identities)
        self.screen.setCurrentIndex(0 if found is None else found + 1)
        display = QFormLayout()
        display.addRow(_("Clock display on"), self.screen)

        self.backup_folder = QLineEdit(settings.backup_folder)
        self.backup_folder.setPlaceholderText(default_backup_folder or _("beside the database"))
        browse = QPushButton(_("Browse…"))
        browse.clicked.connect(self._browse)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.backup_folder, 1)
        folder_row.addWidget(browse)
        backups = QFormLayout()
        backups.addRow(_("Backup folder"), folder_row)
        backups.addRow(QLabel(_("Leave empty for the folder beside the database.")))

        tabs = QTabWidget()
        for layout, title in (
            (general, _("General")),
            (sounds, _("Sounds")),
            (display, _("Display")),
            (backups, _("Backups")),
        ):
            page = QWidget()
            page.setLayout(layout)
            tabs.addTab(page, title)
        self.error = InlineError()
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, _("Backup folder"), self.backup_folder.text() or self.default_backup_folder
        )
        if folder:
            self.backup_folder.setText(folder)

    def payment_methods(self) -> tuple[str, ...]:
        """The ways to pay as typed, one a line; the defaults typed in the user's
        language are kept as the defaults (so they follow a change of language)."""
        labels = {method_label(method): method for method in DEFAULT_PAYMENT_METHODS}
        lines = self.methods.toPlainText().splitlines()
        return payment_methods(labels.get(" ".join(line.split()), line) for line in lines)

    def problem(self) -> str:
        """What is wrong with the values typed, or an empty string."""
        try:
            self.payment_methods()
        except RuleViolation as error:
            return describe_error(error)
        code = self.currency.currentText().strip().upper()
        if not is_currency(code):
            return _("“{code}” is not a currency code (such as EUR, USD or GBP).").format(code=code)
        folder = self.backup_folder.text().strip()
        if folder:
            path = Path(folder).expanduser()
            if path.exists() and not path.is_dir():
                return _("{folder} is a file, not a folder.").format(folder=folder)
            parent = path if path.exists() else path.parent
            if not parent.exists() or not os.access(parent, os.W_OK):
                return _("The folder {folder} cannot be written to.").format(folder=folder)
        return ""

    def accept(self) -> None:
        problem = self.problem()
        if problem:
            self.error.say(problem)
            return
        self.result_settings = self.original.with_changes(
            language=self.language.currentData(),
            currency=self.currency.currentText().strip().upper(),
            paper=self.paper.currentText(),
            volume=self.volume.value(),
            muted=self.muted.isChecked(),
            voice=self.voice.isChecked(),
            display_screen=self.screen.currentData() or "",
            backup_folder=self.backup_folder.text().strip(),
            payment_methods=self.payment_methods(),
        )
        super().accept()
