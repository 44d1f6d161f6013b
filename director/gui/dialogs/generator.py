"""Propose a blind structure from players, stack, chips and the hoped-for duration."""

from __future__ import annotations

from PySide6.QtCore import QTime
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from director.core.chip_sets import ChipSet
from director.core.errors import RuleViolation
from director.core.structure import AnteKind, Betting, Structure
from director.core.structure_generator import GeneratorRequest, generate
from director.gui.common import ok_cancel
from director.gui.widgets import InlineError
from director.i18n import _


def parse_chips(text: str) -> tuple[int, ...]:
    """ "25, 100, 500" -> (25, 100, 500); raises ``ValueError``."""
    parts = [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]
    chips = tuple(sorted({int(part) for part in parts}))
    if not chips or any(chip <= 0 for chip in chips):
        raise ValueError(text)
    return chips


class GeneratorDialog(QDialog):
    """On accept, ``result`` holds the proposed structure."""

    def __init__(
        self,
        *,
        players: int = 10,
        stack: int = 0,
        chip_set: ChipSet | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Generate a blind structure"))
        self.result_structure: Structure | None = None
        self.players = QSpinBox()
        self.players.setRange(2, 1000)
        self.players.setValue(max(2, players))
        self.stack = QSpinBox()
        self.stack.setRange(1, 10_000_000)
        self.stack.setSingleStep(500)
        self.stack.setValue(stack or 5000)
        self.chip_set = chip_set
        self.chips = QLineEdit("25, 100, 500, 1000")
        if chip_set is not None:
            # The organizer's own chips: the blinds are made of them, the stack checked.
            self.chips.setText(", ".join(str(chip) for chip in chip_set.denominations))
            self.chips.setEnabled(False)
            self.chips.setToolTip(_("From your chip set “{name}”").format(name=chip_set.name))
        self.betting = QComboBox()
        for betting, text in (
            (Betting.NO_LIMIT, _("No limit")),
            (Betting.POT_LIMIT, _("Pot limit")),
            (Betting.LIMIT, _("Limit")),
        ):
            self.betting.addItem(text, betting.value)
        self.level_minutes = QSpinBox()
        self.level_minutes.setRange(1, 240)
        self.level_minutes.setValue(20)
        self.duration = QTimeEdit(QTime(4, 0))
        self.duration.setDisplayFormat("H:mm")
        self.ante = QComboBox()
        self.ante.addItem(_("No ante"), AnteKind.NONE.value)
        self.ante.addItem(_("Big blind ante"), AnteKind.BIG_BLIND.value)
        self.ante.addItem(_("Ante from every player"), AnteKind.EVERY_PLAYER.value)
        self.break_every = QSpinBox()
        self.break_every.setRange(0, 20)
        self.break_every.setValue(4)
        self.break_every.setSpecialValueText(_("no breaks"))
        self.break_minutes = QSpinBox()
        self.break_minutes.setRange(1, 60)
        self.break_minutes.setValue(10)
        self.error = InlineError()
        form = QFormLayout()
        form.addRow(_("Players"), self.players)
        form.addRow(_("Starting stack"), self.stack)
        form.addRow(_("Chips on the table"), self.chips)
        form.addRow(_("Betting"), self.betting)
        form.addRow(_("Level length (minutes)"), self.level_minutes)
        form.addRow(_("How long the night should last"), self.duration)
        form.addRow(_("Antes"), self.ante)
        form.addRow(_("A break every … levels"), self.break_every)
        form.addRow(_("Break length (minutes)"), self.break_minutes)
        buttons = ok_cancel(self, _("Generate"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("The result goes into the editor, where you can change it.")))
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def request(self) -> GeneratorRequest:
        try:
            chips = parse_chips(self.chips.text())
        except ValueError:
            raise RuleViolation("generator_chips") from None
        duration = self.duration.time()
        return GeneratorRequest(
            players=self.players.value(),
            starting_stack=self.stack.value(),
            chips=chips,
            level_minutes=self.level_minutes.value(),
            target_minutes=duration.hour() * 60 + duration.minute(),
            ante=AnteKind(self.ante.currentData()),
            break_every=self.break_every.value(),
            break_minutes=self.break_minutes.value(),
            colour_up_note=_("Colour up the {chip}s"),
            betting=Betting(self.betting.currentData()),
            chip_set=self.chip_set,
        )

    def accept(self) -> None:
        try:
            self.result_structure = generate(self.request())
        except RuleViolation as error:
            self.error.say(error)
            return
        super().accept()
