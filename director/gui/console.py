"""The console of an open event: a header and a page per job of the night."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from director.app.changes import Changes
from director.gui.common import scaled_font
from director.gui.controller import SessionController
from director.gui.models.events_model import kind_text, status_text
from director.i18n import _, format_date


class Console(QWidget):
    """Pages are added with ``add_page``; each listens to the controller itself."""

    back_requested = Signal()

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.title = QLabel()
        self.title.setFont(scaled_font(self.font(), 1.6, bold=True))
        self.subtitle = QLabel()
        back = QPushButton(_("◀ Events"))
        back.setToolTip(_("Back to the list of events"))
        back.clicked.connect(self.back_requested)
        header = QHBoxLayout()
        header.addWidget(back)
        titles = QVBoxLayout()
        titles.setSpacing(0)
        titles.addWidget(self.title)
        titles.addWidget(self.subtitle)
        header.addLayout(titles, 1)

        self.nav = QListWidget()
        self.nav.setFixedWidth(170)
        self.nav.setFont(scaled_font(self.font(), 1.15))
        self.nav.setFrameShape(QFrame.Shape.NoFrame)
        self.nav.setSpacing(2)
        self.nav.setEditTriggers(QListWidget.EditTrigger.NoEditTriggers)
        self.pages = QStackedWidget()
        self.nav.currentRowChanged.connect(self.pages.setCurrentIndex)
        self._keys: list[str] = []

        body = QHBoxLayout()
        body.addWidget(self.nav)
        body.addWidget(self.pages, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(body, 1)

        controller.changed.connect(self._on_changed)
        self.refresh_header()

    def add_page(self, key: str, title: str, page: QWidget) -> None:
        self._keys.append(key)
        item = QListWidgetItem(title)
        item.setSizeHint(
            item.sizeHint().expandedTo(self.nav.sizeHintForIndex(self.nav.model().index(0, 0)))
        )
        self.nav.addItem(item)
        self.pages.addWidget(page)
        if self.nav.currentRow() < 0:
            self.nav.setCurrentRow(0)

    def page(self, key: str) -> QWidget:
        return self.pages.widget(self._keys.index(key))

    def show_page(self, key: str) -> None:
        self.nav.setCurrentRow(self._keys.index(key))

    def current_key(self) -> str:
        return self._keys[self.nav.currentRow()]

    def keys(self) -> list[str]:
        return list(self._keys)

    def refresh_header(self) -> None:
        state = self.controller.state
        self.title.setText(state.name)
        parts = [kind_text(state.kind)]
        if state.event_date:
            parts.append(format_date(state.event_date))
        if state.venue:
            parts.append(state.venue)
        parts.append(status_text(state.status, state.archived))
        self.subtitle.setText(" · ".join(parts))

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("name", "event_date", "venue", "status", "archived", "kind"):
            self.refresh_header()
