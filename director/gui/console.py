"""The console of an open event: a header and a page per job of the night.

A page is built (and its module imported) when it is first shown or asked for,
not when the event opens: the console appears as soon as its first page is
ready, and a page never visited costs nothing all night.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
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

from director.app.night.changes import Changes
from director.app.views.display import paused_status
from director.gui.common import scaled_font
from director.gui.controller import SessionController
from director.gui.models.events_model import kind_text, status_text
from director.i18n import _, format_date

PageMaker = Callable[[], QWidget]
"""Builds a page (importing its module then)."""


class Console(QWidget):
    """Pages are added with ``add_page``; each listens to the controller itself."""

    back_requested = Signal()
    page_built = Signal(str, QWidget)
    """A page was just built: its key and the page."""

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
        self.nav.currentRowChanged.connect(self._show_row)
        self._keys: list[str] = []
        self._makers: dict[str, PageMaker] = {}
        """The pages not built yet; a placeholder stands in the stack for each."""

        body = QHBoxLayout()
        body.addWidget(self.nav)
        body.addWidget(self.pages, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addLayout(body, 1)

        controller.changed.connect(self._on_changed)
        self.refresh_header()

    def add_page(self, key: str, title: str, page: QWidget | PageMaker) -> None:
        """Add a page under ``key``: the page itself, or what builds it when it is
        first shown or asked for (``page``)."""
        self._keys.append(key)
        item = QListWidgetItem(title)
        item.setSizeHint(
            item.sizeHint().expandedTo(self.nav.sizeHintForIndex(self.nav.model().index(0, 0)))
        )
        if isinstance(page, QWidget):
            self.pages.addWidget(page)
        else:
            self._makers[key] = page
            self.pages.addWidget(QWidget())
        self.nav.addItem(item)
        if self.nav.currentRow() < 0:
            # The first page is the current one, built once it is shown (the
            # caller usually shows another page at once).
            self.nav.blockSignals(True)
            self.nav.setCurrentRow(0)
            self.nav.blockSignals(False)
            if self.isVisible():
                self._show_row(0)

    def page(self, key: str) -> QWidget:
        """The page under ``key``, built now if it was not yet."""
        index = self._keys.index(key)
        maker = self._makers.pop(key, None)
        if maker is not None:
            page = maker()
            placeholder = self.pages.widget(index)
            showing = self.pages.currentIndex() == index
            self.pages.insertWidget(index, page)
            self.pages.removeWidget(placeholder)
            placeholder.deleteLater()
            if showing:
                self.pages.setCurrentIndex(index)
            self.page_built.emit(key, page)
        return self.pages.widget(index)

    def built_page(self, key: str) -> QWidget | None:
        """The page under ``key`` if it is built, else None (nothing is built)."""
        return None if key in self._makers else self.page(key)

    def show_page(self, key: str) -> None:
        self.nav.setCurrentRow(self._keys.index(key))

    def showEvent(self, event: QShowEvent) -> None:
        self._show_row(self.nav.currentRow())
        super().showEvent(event)

    def _show_row(self, row: int) -> None:
        if 0 <= row < len(self._keys):
            self.page(self._keys[row])
        self.pages.setCurrentIndex(row)

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
        paused = "" if state.archived else paused_status(state)
        parts.append(paused or status_text(state.status, state.archived))
        self.subtitle.setText(" · ".join(parts))

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("name", "event_date", "venue", "status", "archived", "kind", "clock"):
            self.refresh_header()
