"""Several players won a busted player's chips on one hand (a split pot, side
pots): who they are and how many of his chips each won, so his bounty is shared
in proportion (odd units by R22)."""

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

from director.app.views.display import eliminator_choices
from director.core.ids import PlayerId
from director.core.players import Winner
from director.core.state import TournamentState
from director.gui.common import ok_cancel, scaled_font
from director.gui.widgets import ChipsEdit, InlineError
from director.i18n import _


class SplitBountyDialog(QDialog):
    """On accept, ``winners`` holds every winner with the chips he won."""

    def __init__(
        self,
        state: TournamentState,
        out: PlayerId,
        winners: tuple[Winner, ...] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Bounty shared"))
        self.state = state
        self.out = out
        self.winners: tuple[Winner, ...] = winners
        self.grid = QGridLayout()
        for column, heading in enumerate((_("Won his chips"), _("Chips won of his"))):
            label = QLabel(heading)
            label.setFont(scaled_font(self.font(), 1.0, bold=True))
            self.grid.addWidget(label, 0, column)
        self.rows: list[tuple[QComboBox, ChipsEdit]] = []
        self.error = InlineError()
        more = QPushButton(_("Another winner"))
        more.setAutoDefault(False)
        more.clicked.connect(lambda: self.add_row(None, 0))
        layout = QVBoxLayout(self)
        hint = QLabel(
            _(
                "{name}'s bounty is shared in proportion to the chips each winner took from him."
            ).format(name=state.player_name(out))
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addLayout(self.grid)
        layout.addWidget(more)
        layout.addWidget(self.error)
        layout.addWidget(ok_cancel(self, _("OK")))
        for winner in winners or (None, None):
            if winner is None:
                self.add_row(None, 0)
            else:
                self.add_row(winner.player, winner.chips)

    def add_row(self, player: PlayerId | None, chips: int) -> None:
        who = QComboBox()
        who.addItem("", 0)
        for choice in eliminator_choices(self.state, self.out):
            who.addItem(self.state.players[choice].display_name, int(choice))
        if player is not None:
            who.setCurrentIndex(max(0, who.findData(int(player))))
        amount = ChipsEdit(chips)
        row = len(self.rows) + 1
        self.grid.addWidget(who, row, 0)
        self.grid.addWidget(amount, row, 1)
        self.rows.append((who, amount))

    def accept(self) -> None:
        winners = []
        try:
            for who, amount in self.rows:
                player = who.currentData()
                if not player:
                    continue
                chips = amount.value() if amount.text().strip() else 0
                if chips <= 0:
                    self.error.say(_("Give the chips {name} won.").format(name=who.currentText()))
                    return
                winners.append(Winner(player=PlayerId(player), chips=chips))
        except ValueError:
            self.error.say(_("Chips must be whole numbers."))
            return
        if len({winner.player for winner in winners}) != len(winners):
            self.error.say(_("Each winner once."))
            return
        if len(winners) == 1:
            self.error.say(_("Name at least two winners, or close this and name one."))
            return
        self.winners = tuple(winners)
        super().accept()
