"""The settings dialog: sounds and voice, the clock's screen (more in later tabs)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from director.app.settings import Settings
from director.i18n import _


class SettingsDialog(QDialog):
    """Edits a copy of ``settings``; on accept, ``result_settings`` holds the new ones."""

    def __init__(
        self, settings: Settings, parent: QWidget | None = None, *, audio_available: bool = True
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Settings"))
        self.original = settings
        self.result_settings = settings
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setValue(settings.volume)
        self.muted = QCheckBox(_("Mute every sound"))
        self.muted.setChecked(settings.muted)
        self.voice = QCheckBox(_("Announce levels and breaks out loud"))
        self.voice.setChecked(settings.voice)
        self.screen = QComboBox()
        self.screen.addItem(_("Automatic (a second screen if there is one)"), "")
        for screen in QGuiApplication.screens():
            size = screen.size()
            self.screen.addItem(f"{screen.name()} ({size.width()}×{size.height()})", screen.name())
        found = self.screen.findData(settings.display_screen)
        self.screen.setCurrentIndex(max(0, found))
        form = QFormLayout()
        form.addRow(_("Volume"), self.volume)
        form.addRow("", self.muted)
        form.addRow("", self.voice)
        form.addRow(_("Clock display on"), self.screen)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        if not audio_available:
            note = QLabel(_("No audio output was found: the clock will run silently."))
            note.setWordWrap(True)
            layout.addWidget(note)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def accept(self) -> None:
        self.result_settings = self.original.with_changes(
            volume=self.volume.value(),
            muted=self.muted.isChecked(),
            voice=self.voice.isChecked(),
            display_screen=self.screen.currentData() or "",
        )
        super().accept()
