"""The backups of the database: make one now, or restore one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from director.app.storage.backups import BackupManager
from director.app.storage.databases import StoreError
from director.gui.common import confirm, show_error
from director.i18n import N_, _, format_number

REASONS = {
    "auto": N_("Automatic"),
    "manual": N_("By hand"),
    "before-delete": N_("Before a delete"),
    "before-restore": N_("Before a restore"),
    "before-upgrade": N_("Before an upgrade"),
    "after-upgrade": N_("After an upgrade (on a server)"),
}


class BackupsDialog(QDialog):
    """Lists backups; ``restore(path)`` is called after the user confirms."""

    def __init__(
        self,
        manager: BackupManager,
        restore: Callable[[Path], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Backups"))
        self.resize(640, 420)
        self._manager = manager
        self._restore = restore
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([_("Made"), _("Why"), _("Size")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().hide()
        where = QLabel(_("Folder: {folder}").format(folder=manager.folder))
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        now_button = QPushButton(_("Back up &now"))
        self.restore_button = QPushButton(_("&Restore selected…"))
        folder_button = QPushButton(_("Open &folder"))
        close_button = QPushButton(_("Close"))
        now_button.clicked.connect(self._back_up_now)
        self.restore_button.clicked.connect(self._restore_selected)
        folder_button.clicked.connect(
            lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(manager.folder)))
        )
        close_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        for button in (now_button, self.restore_button, folder_button):
            buttons.addWidget(button)
        buttons.addStretch()
        buttons.addWidget(close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                _(
                    "director keeps the last {count} automatic copies, made on start and "
                    "every hour while an event is open."
                ).format(count=manager.keep)
            )
        )
        layout.addWidget(where)
        layout.addWidget(self.table)
        layout.addLayout(buttons)
        self.refresh()

    def refresh(self) -> None:
        backups = self._manager.backups()
        self.table.setRowCount(len(backups))
        for row, info in enumerate(backups):
            made = QTableWidgetItem(info.created.strftime("%Y-%m-%d %H:%M:%S"))
            made.setData(Qt.ItemDataRole.UserRole, str(info.path))
            self.table.setItem(row, 0, made)
            self.table.setItem(row, 1, QTableWidgetItem(_(REASONS.get(info.reason, info.reason))))
            size = QTableWidgetItem(_("{size} KB").format(size=format_number(info.size // 1024)))
            self.table.setItem(row, 2, size)
        self.table.resizeColumnsToContents()
        self.restore_button.setEnabled(bool(backups))
        if backups:
            self.table.selectRow(0)

    def selected(self) -> Path | None:
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 else None
        return Path(item.data(Qt.ItemDataRole.UserRole)) if item else None

    def _back_up_now(self) -> None:
        try:
            self._manager.back_up(reason="manual")
        except (OSError, StoreError) as error:
            show_error(self, error)
        self.refresh()

    def _restore_selected(self) -> None:
        path = self.selected()
        if path is None:
            return
        made = self.table.item(self.table.currentRow(), 0).text()
        if confirm(
            self,
            _("Restore a backup"),
            _(
                "Replace every event in this database with the backup made {made}?\n\n"
                "The current database is saved first as a backup “Before a restore”."
            ).format(made=made),
            yes=_("Restore"),
        ):
            self._restore(path)
            self.refresh()
