"""Record one or more players out on the same hand (R6, R23).

Opened on the selected player, the focus waits in "Knocked out by": type a
few letters of a name (or leave it empty) and press Enter to record. The list
never offers the player going out and starts with his table. A typed name is
never dropped: if it names nobody still in, the dialog says so and stays.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.app.club.names import pick
from director.app.views.display import eliminator_choices
from director.core.ids import PlayerId
from director.core.money import bounty_parts
from director.core.players import Bust, Winner
from director.core.state import TournamentState
from director.core.text import name_order
from director.gui.common import ok_cancel
from director.gui.dialogs.split_bounty import SplitBountyDialog
from director.gui.widgets import ChipsEdit, InlineError
from director.i18n import _


class BustDialog(QDialog):
    """On accept, ``busts`` holds the players out, with who knocked them out and
    (when several go out on one hand) their stacks when the hand began."""

    def __init__(
        self, state: TournamentState, first: PlayerId | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Player out"))
        self.state = state
        self.busts: tuple[Bust, ...] = ()
        self.playing = sorted(
            (state.players[p] for p in state.alive()), key=lambda e: name_order(e.name)
        )
        self.grid = QGridLayout()
        for column, text in enumerate(
            (_("Player out"), _("Knocked out by"), _("Chips when the hand began"))
        ):
            self.grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        self.rows: list[tuple[QComboBox, QComboBox, ChipsEdit]] = []
        self.shared: dict[int, tuple[Winner, ...]] = {}
        """Row -> the winners who shared the busted player's bounty (several)."""
        self.error = InlineError()
        self.more = QPushButton(_("Another player out on the &same hand"))
        self.more.setAutoDefault(False)
        self.more.clicked.connect(lambda: self.add_row(None))
        self.buttons = ok_cancel(self, _("Record"))
        self.record_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        # Enter records wherever the focus is; Cancel is a click or Escape, never Tab + Enter.
        self.record_button.setDefault(True)
        cancel.setAutoDefault(False)
        cancel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.addLayout(self.grid)
        hint = QLabel(
            _(
                "When several players go out on one hand, the one who began it with more chips "
                "finishes higher; equal stacks share the places."
            )
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addWidget(self.more)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.add_row(first)

    def add_row(self, player: PlayerId | None) -> None:
        out = QComboBox()
        eliminator = QComboBox()
        eliminator.setEditable(True)
        eliminator.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        eliminator.lineEdit().setPlaceholderText(_("not recorded"))
        for entrant in self.playing:
            out.addItem(entrant.display_name, int(entrant.player))
        if player is not None:
            out.setCurrentIndex(max(0, out.findData(int(player))))
        elif self.rows:
            out.setCurrentIndex(-1)
        stack = ChipsEdit()
        stack.setPlaceholderText(_("only if several are out"))
        row = len(self.rows) + 1
        self.grid.addWidget(out, row, 0)
        self.grid.addWidget(eliminator, row, 1)
        self.grid.addWidget(stack, row, 2)
        if bounty_parts(self.state.money) > 0:  # a re-buy or add-on may carry the only bounty
            share = QPushButton(_("Shared…"))
            share.setAutoDefault(False)
            share.setToolTip(_("Several players won his chips: share his bounty"))
            number = len(self.rows)
            share.clicked.connect(lambda _checked=False, number=number: self.share(number))
            self.grid.addWidget(share, row, 3)
        # One Enter records: the line edit would spend the first on accepting the
        # name's inline completion (the name is then read whole from the text).
        eliminator.lineEdit().installEventFilter(self)
        self.rows.append((out, eliminator, stack))
        self._fill_eliminators(eliminator, out)
        out.currentIndexChanged.connect(
            lambda _row, out=out, eliminator=eliminator: self._fill_eliminators(eliminator, out)
        )
        self.first_field = eliminator if player is not None else out
        self.first_field.setFocus()

    def share(self, number: int) -> None:
        """Several winners of the player's chips on row ``number``."""
        out = self.rows[number][0]
        if out.currentIndex() < 0:
            return
        dialog = SplitBountyDialog(
            self.state, PlayerId(out.currentData()), self.shared.get(number, ()), self
        )
        if dialog.exec():
            self.shared[number] = dialog.winners
            names = ", ".join(self.state.player_name(w.player) for w in dialog.winners)
            button = self.grid.itemAtPosition(number + 1, 3).widget()
            if isinstance(button, QPushButton):
                button.setText(_("Shared: {names}").format(names=names))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and isinstance(watched, QLineEdit)
        ):
            watched.deselect()  # the completion typed in stays, as if accepted
            self.accept()
            return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Where the organizer types next: who knocked the player out, or who is out.
        self.first_field.setFocus()

    def _fill_eliminators(self, eliminator: QComboBox, out: QComboBox) -> None:
        """Everyone still in but the player going out, his table first; the text typed stays."""
        typed = eliminator.currentText()
        chosen = out.currentData()
        eliminator.blockSignals(True)
        eliminator.clear()
        eliminator.addItem("", 0)
        for player in eliminator_choices(self.state, PlayerId(chosen) if chosen else None):
            eliminator.addItem(self.state.players[player].display_name, int(player))
        eliminator.setCurrentIndex(0)
        eliminator.setEditText(typed)
        eliminator.blockSignals(False)

    def eliminator_of(self, eliminator: QComboBox) -> PlayerId | None:
        """The player named in ``eliminator`` (None when left empty).

        As every typed name (``app.club.names.pick``): the whole name, then its start,
        a word's start, a part, each only when it names one player; raises
        ``LookupError`` with the text otherwise.
        """
        text = " ".join(eliminator.currentText().split())
        if not text:
            return None
        found = pick(
            text,
            (
                (eliminator.itemData(i), (eliminator.itemText(i),))
                for i in range(eliminator.count())
                if eliminator.itemData(i)
            ),
        )
        if found is not None:
            return PlayerId(found)
        raise LookupError(text)

    def accept(self) -> None:
        busts = []
        several = sum(1 for out, _e, _s in self.rows if out.currentIndex() >= 0) > 1
        try:
            for number, (out, eliminator, stack) in enumerate(self.rows):
                if out.currentIndex() < 0:
                    continue
                try:
                    by = self.eliminator_of(eliminator)
                except LookupError as error:
                    self.error.say(
                        _("“{name}” is not one player still in: choose from the list.").format(
                            name=error.args[0]
                        )
                    )
                    eliminator.setFocus()
                    return
                start = stack.value() if stack.text().strip() else None
                if several and start is None:
                    self.error.say(
                        _(
                            "Give each player's chips when the hand began, "
                            "or the same number for all to share the places."
                        )
                    )
                    return
                winners = self.shared.get(number, ())
                if winners and by not in {winner.player for winner in winners}:
                    by = winners[0].player
                busts.append(
                    Bust(
                        player=PlayerId(out.currentData()),
                        eliminator=by,
                        start_stack=start if several else None,
                        winners=winners,
                    )
                )
        except ValueError:
            self.error.say(_("Chips must be whole numbers."))
            return
        self.busts = tuple(busts)
        super().accept()
