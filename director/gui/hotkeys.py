"""Console hotkeys, the overlay that lists them, and the rule that keeps typing safe.

The keys and what they do are the action catalogue's (``app.night.actions``). Keys work
anywhere in the window whatever has the focus (the sidebar, a list,
a button), except that text fields keep the keys they type (Qt already lets
them) and tables whose cells are edited keep their arrows and Space (the
``ItemViewKeys`` filter below). Read-only lists and tables leave them to the
hotkeys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractItemView, QWidget

from director.app.night import actions
from director.gui.common import scaled_font
from director.i18n import _

if TYPE_CHECKING:
    from PySide6.QtGui import QMouseEvent, QPaintEvent


class Hotkey(NamedTuple):
    """One or more keys, the catalogue's action they trigger, and what the help list
    says (``numbered``: each key is a table's, Ctrl+1 for table 1...)."""

    keys: tuple[str, ...]
    action: str
    description: str
    numbered: bool = False


def table() -> tuple[Hotkey, ...]:
    """The console's hotkeys: the action catalogue's (``app.night.actions``), in its order,
    read when asked (an action added there has its key here)."""
    return tuple(
        Hotkey(hotkey.keys, action.key, hotkey.description, hotkey.numbered)
        for action, hotkey in actions.catalogue().hotkeys()
    )


HOTKEYS = table()
"""The hotkeys as the application starts."""

TABLE_KEYS = {
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Space,
    Qt.Key.Key_Plus,
    Qt.Key.Key_Minus,
    Qt.Key.Key_Equal,
    Qt.Key.Key_N,
}


def keys_text(keys: tuple[str, ...]) -> str:
    """ "Space", "F1 / ?", or a run such as "Ctrl+1 … Ctrl+9" when there are many."""
    names = [QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText) for key in keys]
    if len(names) > 3:
        return f"{names[0]} … {names[-1]}"
    return " / ".join(names)


class ItemViewKeys(QObject):
    """Lets tables and lists keep arrows, Space and typing while they have focus.

    Installed on each item view (``keep_keys``), not on the application: a
    Python filter on the application would see every event of the program.
    """

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.key() in TABLE_KEYS
            and not event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            event.accept()
        return False


def keep_keys(root: QWidget, keeper: ItemViewKeys) -> None:
    """Let every editable table under ``root`` keep its own keys; read-only lists
    (the sidebar, the players, the levels) leave them to the hotkeys."""
    views = root.findChildren(QAbstractItemView)
    if isinstance(root, QAbstractItemView):
        views.append(root)
    for view in views:
        if view.editTriggers() != QAbstractItemView.EditTrigger.NoEditTriggers:
            view.installEventFilter(keeper)


def install(window: QWidget, handlers: dict[str, Callable[..., None]]) -> list[QShortcut]:
    """Bind every hotkey whose action (a catalogue key) has a handler; a numbered
    hotkey's handler is given its number. Returns the shortcuts."""
    made = []
    for hotkey in table():
        handler = handlers.get(hotkey.action)
        if handler is None:
            continue
        for number, key in enumerate(hotkey.keys, start=1):
            shortcut = QShortcut(QKeySequence(key), window)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            if hotkey.numbered:
                shortcut.activated.connect(lambda number=number, handler=handler: handler(number))
            else:
                shortcut.activated.connect(handler)
            made.append(shortcut)
    return made


class HelpOverlay(QWidget):
    """A dark panel over the window listing the hotkeys; any key or click closes it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hide()

    def toggle(self) -> None:
        if self.isVisible():
            self.hide()
        else:
            self.setGeometry(self.parentWidget().rect())
            self.show()
            self.raise_()
            self.setFocus()

    def lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) per hotkey; key names in the user's language."""
        return [(keys_text(hotkey.keys), _(hotkey.description)) for hotkey in table()]

    def paintEvent(self, _event: QPaintEvent) -> None:
        # The painting classes are imported when the list is first shown.
        from PySide6.QtCore import QRect
        from PySide6.QtGui import QColor, QFontMetrics, QPainter

        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(10, 12, 16, 225))
        title_font = scaled_font(self.font(), 2.0, bold=True)
        key_font = scaled_font(self.font(), 1.5, bold=True)
        text_font = scaled_font(self.font(), 1.5)
        painter.setPen(QColor("#f0f3f6"))
        painter.setFont(title_font)
        margin = max(24, self.width() // 12)
        lines = self.lines()
        # Every line, the title and the footer fit the window's height.
        row = max(24, min(self.height() // 16, (self.height() - margin) // (len(lines) + 5)))
        painter.drawText(
            QRect(margin, margin // 2, self.width() - 2 * margin, row * 2),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            _("Keyboard shortcuts"),
        )
        top = margin // 2 + row * 2
        # Wide enough for the longest keys (French names are longer), at most half.
        widest = max(QFontMetrics(key_font).horizontalAdvance(keys) for keys, _text in lines)
        key_width = min(max(self.width() // 4, widest + margin // 2), self.width() // 2)
        for number, (keys, description) in enumerate(lines):
            y = top + number * row
            painter.setFont(key_font)
            painter.setPen(QColor("#58a6ff"))
            painter.drawText(
                QRect(margin, y, key_width, row),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                keys,
            )
            painter.setFont(text_font)
            painter.setPen(QColor("#f0f3f6"))
            painter.drawText(
                QRect(margin + key_width, y, self.width() - key_width - 2 * margin, row),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                description,
            )
        painter.setFont(text_font)
        painter.setPen(QColor("#8b949e"))
        painter.drawText(
            QRect(margin, self.height() - row * 2, self.width() - 2 * margin, row),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            _("Press any key to close."),
        )
        painter.end()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.hide()
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.hide()
        event.accept()
