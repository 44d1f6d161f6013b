"""Record one or more players out on the same hand (R6, R23)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.core.ids import PlayerId
from director.core.players import Bust
from director.core.state import TournamentState
from director.gui.common import ok_cancel
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
            (state.players[p] for p in state.alive()), key=lambda e: e.name.casefold()
        )
        self.grid = QGridLayout()
        for column, text in enumerate(
            (_("Player out"), _("Knocked out by"), _("Chips when the hand began"))
        ):
            self.grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        self.rows: list[tuple[QComboBox, QComboBox, ChipsEdit]] = []
        self.error = InlineError()
        more = QPushButton(_("Another player out on the &same hand"))
        more.clicked.connect(lambda: self.add_row(None))
        buttons = ok_cancel(self, _("Record"))
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
        layout.addWidget(more)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.add_row(first)

    def add_row(self, player: PlayerId | None) -> None:
        out = QComboBox()
        eliminator = QComboBox()
        eliminator.addItem(_("— not recorded —"), 0)
        for entrant in self.playing:
            out.addItem(entrant.display_name, int(entrant.player))
            eliminator.addItem(entrant.display_name, int(entrant.player))
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
        self.rows.append((out, eliminator, stack))

    def accept(self) -> None:
        busts = []
        several = sum(1 for out, _e, _s in self.rows if out.currentIndex() >= 0) > 1
        try:
            for out, eliminator, stack in self.rows:
                if out.currentIndex() < 0:
                    continue
                chosen = eliminator.currentData()
                start = stack.value() if stack.text().strip() else None
                if several and start is None:
                    self.error.say(
                        _(
                            "Give each player's chips when the hand began, "
                            "or the same number for all to share the places."
                        )
                    )
                    return
                busts.append(
                    Bust(
                        player=PlayerId(out.currentData()),
                        eliminator=PlayerId(chosen) if chosen else None,
                        start_stack=start if several else None,
                    )
                )
        except ValueError:
            self.error.say(_("Chips must be whole numbers."))
            return
        self.busts = tuple(busts)
        super().accept()
