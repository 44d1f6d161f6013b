"""Re-plan the rest of the night to an end time (the structure page): the organizer
picks the time, sees the end as it stands and the end re-planned with the levels to
come, then applies it as one undoable change. The levels are the app's
(``app.night.replan``); this only shows them."""

from __future__ import annotations

import datetime

from PySide6.QtCore import QTime
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from director.app.night.replan import Replan, replan
from director.app.night.timesource import next_time_of_day
from director.app.views.display import level_summary
from director.core import clock as clk
from director.core.errors import RuleViolation
from director.core.ids import Instant
from director.core.structure import Level
from director.gui.controller import SessionController
from director.i18n import _, describe_error, format_time


class ReplanDialog(QDialog):
    """The end wanted, and the preview of the levels to come."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.result_plan: Replan | None = None
        self.setWindowTitle(_("Re-plan to an end time"))
        self.setMinimumWidth(520)
        state = controller.state
        now = Instant(controller.now())
        end = clk.schedule(state.clock, state.structure, now).end
        self.target = QTimeEdit()
        self.target.setDisplayFormat("HH:mm")
        shown = datetime.datetime.fromtimestamp((end if end is not None else now) / 1000)
        self.target.setTime(QTime(shown.hour, shown.minute))
        self.old_end = QLabel(format_time(end) if end is not None else "–")
        self.new_end = QLabel()
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setStyleSheet("color: #c0392b;")
        self.levels = QListWidget()
        form = QFormLayout()
        form.addRow(_("End wanted:"), self.target)
        form.addRow(_("Estimated end now:"), self.old_end)
        form.addRow(_("Estimated end re-planned:"), self.new_end)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Re-plan"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        hint = QLabel(
            _(
                "The levels played and the one being played stay; the levels to come are "
                "made again so that the night ends near this time."
            )
        )
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addLayout(form)
        layout.addWidget(QLabel(_("The levels to come:")))
        layout.addWidget(self.levels, 1)
        layout.addWidget(self.why)
        layout.addWidget(self.buttons)
        self.target.timeChanged.connect(lambda _time: self.preview())
        self.preview()

    def target_instant(self) -> Instant:
        chosen = self.target.time()
        now = Instant(self.controller.now())
        return next_time_of_day(chosen.hour(), chosen.minute(), now)

    def preview(self) -> None:
        """Work the re-plan out for the time chosen and show it (or why not)."""
        self.levels.clear()
        try:
            plan = replan(
                self.controller.state, Instant(self.controller.now()), self.target_instant()
            )
        except RuleViolation as error:
            self.result_plan = None
            self.new_end.setText("–")
            self.why.setText(describe_error(error))
        else:
            self.result_plan = plan
            self.why.setText("")
            self.new_end.setText(format_time(plan.new_end) if plan.new_end is not None else "–")
            number = plan.structure.level_number(plan.kept - 1)
            for item in plan.coming:
                if isinstance(item, Level):
                    number += 1
                    text = _("Level {level}: {blinds}").format(
                        level=number, blinds=level_summary(item)
                    )
                else:
                    text = _("Break")
                    if item.note:
                        text += f" · {item.note}"
                minutes = item.seconds // 60
                self.levels.addItem(_("{item} · {minutes} min").format(item=text, minutes=minutes))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.result_plan is not None)
