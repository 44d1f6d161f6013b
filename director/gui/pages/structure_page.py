"""The blind structure editor: a draft table, templates, import/export, generator.

Edits change a draft with inline validation; "Apply" stores it with one
command (undoable). Levels already played are greyed and cannot change.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyledItemDelegate,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from director.app.files import structures as library
from director.app.night.changes import Changes
from director.app.storage.databases import StoreError
from director.core import clock as clk
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.messages import Message
from director.core.structure import Break, Level, Severity, Structure
from director.core.structure_file import StructureTemplate
from director.gui.common import confirm, show_error
from director.gui.controller import SessionController
from director.gui.dialogs.chip_sets import ChipSetDialog
from director.gui.dialogs.generator import GeneratorDialog, parse_chips
from director.gui.dialogs.replan import ReplanDialog
from director.gui.models import structure_model as sm
from director.i18n import _, format_time, render


class AnteKindDelegate(QStyledItemDelegate):
    """A drop-down for the ante kind column."""

    def createEditor(self, parent, option, index):  # type: ignore[no-untyped-def]
        box = QComboBox(parent)
        for kind in sm.ANTE_KINDS:
            box.addItem(sm.ante_kind_text(kind))
        return box

    def setEditorData(self, editor, index):  # type: ignore[no-untyped-def]
        editor.setCurrentIndex(int(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor, model, index):  # type: ignore[no-untyped-def]
        model.setData(index, editor.currentIndex())


class BettingDelegate(QStyledItemDelegate):
    """A drop-down for each level's betting: no limit, pot limit, limit."""

    def createEditor(self, parent, option, index):  # type: ignore[no-untyped-def]
        box = QComboBox(parent)
        for betting in sm.BETTINGS:
            box.addItem(sm.betting_text(betting))
        return box

    def setEditorData(self, editor, index):  # type: ignore[no-untyped-def]
        editor.setCurrentIndex(int(index.data(Qt.ItemDataRole.EditRole)))

    def setModelData(self, editor, model, index):  # type: ignore[no-untyped-def]
        model.setData(index, editor.currentIndex())


class StructurePage(QWidget):
    _apply_bound = False

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.model = sm.StructureModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setItemDelegateForColumn(sm.ANTE_KIND, AnteKindDelegate(self.table))
        self.table.setItemDelegateForColumn(sm.BETTING, BettingDelegate(self.table))
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(sm.NOTE, QHeaderView.ResizeMode.Stretch)

        self.templates = QComboBox()
        self.templates.setMinimumWidth(260)
        load = QPushButton(_("&Load template"))
        save_template = QPushButton(_("Save as &template…"))
        import_button = QPushButton(_("&Import…"))
        export_button = QPushButton(_("E&xport…"))
        generate = QPushButton(_("&Generate…"))
        load.clicked.connect(self.load_template)
        save_template.clicked.connect(self.save_template)
        import_button.clicked.connect(self.import_structure)
        export_button.clicked.connect(self.export_structure)
        generate.clicked.connect(self.generate)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("Templates:")))
        top.addWidget(self.templates)
        for widget in (load, save_template, import_button, export_button, generate):
            top.addWidget(widget)
        top.addStretch()

        self.buttons: dict[str, QPushButton] = {}
        edit_row = QHBoxLayout()
        for key, text, slot in (
            ("add", _("Add &level"), self.add_level),
            ("add_break", _("Add &break"), self.add_break),
            ("insert", _("I&nsert level"), self.insert_level),
            ("duplicate", _("D&uplicate"), self.duplicate),
            ("delete", _("&Delete"), self.delete),
            ("up", _("Move &up"), lambda: self.move(-1)),
            ("down", _("Move do&wn"), lambda: self.move(1)),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            self.buttons[key] = button
            edit_row.addWidget(button)
        self.every_level = QComboBox()
        self.every_level.addItem(_("Betting of every level…"), None)
        for betting in sm.BETTINGS:
            self.every_level.addItem(sm.betting_text(betting), sm.BETTINGS.index(betting))
        self.every_level.setToolTip(
            _("Each level has its betting (no limit, pot limit, limit): set them all at once.")
        )
        self.every_level.activated.connect(self._every_level_chosen)
        edit_row.addStretch()
        edit_row.addWidget(self.every_level)

        self.messages = QLabel()
        self.messages.setWordWrap(True)
        self.messages.setTextFormat(Qt.TextFormat.RichText)
        self.apply_button = QPushButton(_("&Apply changes"))
        self.revert_button = QPushButton(_("&Revert"))
        self.apply_button.clicked.connect(self.apply)
        self.revert_button.clicked.connect(self.revert)
        self.status = QLabel()
        self.chips = QLineEdit()
        self.chips.setPlaceholderText("25, 100, 500, 1000")
        self.chips.setMaximumWidth(220)
        self.chips.editingFinished.connect(self._chips_edited)
        chip_set = QPushButton(_("C&hip set…"))
        chip_set.setToolTip(
            _("Your chips (values, colours, how many): the stack is checked against them")
        )
        chip_set.clicked.connect(self.edit_chip_set)
        # The end in sight: each row's start in its header, the night's end here,
        # for the draft as it would play from the clock as it stands.
        self.end_label = QLabel()
        self.end_label.setToolTip(
            _("From the structure, the breaks and the clock as it stands (pauses included)")
        )
        self.times_timer = QTimer(self)
        self.times_timer.setInterval(30_000)
        self.times_timer.timeout.connect(self.refresh_times)
        self.times_timer.start()
        bottom = QHBoxLayout()
        bottom.addWidget(self.end_label)
        self.replan_button = QPushButton(_("Re-plan to an end time…"))
        self.replan_button.setToolTip(
            _("The levels to come made again so that the night ends near a time you choose")
        )
        self.replan_button.clicked.connect(self.replan)
        bottom.addWidget(self.replan_button)
        bottom.addSpacing(24)
        bottom.addWidget(self.status, 1)
        bottom.addWidget(QLabel(_("Chips in play:")))
        bottom.addWidget(self.chips)
        bottom.addWidget(chip_set)
        bottom.addWidget(self.revert_button)
        bottom.addWidget(self.apply_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(edit_row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.messages)
        layout.addLayout(bottom)

        self.model.draft_changed.connect(self._draft_changed)
        self.model.input_refused.connect(self._input_refused)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_buttons())
        controller.changed.connect(self._on_changed)
        self.refresh_templates()
        self.revert()

    # -- state -----------------------------------------------------------------

    def frozen_rows(self) -> int:
        state = self.controller.state
        view = clk.view(state.clock, state.structure, self.controller.now())
        return view.index if view.started else 0

    def refresh_times(self) -> None:
        """Each row's start and the estimated end, for the draft (the core's schedule)."""
        state = self.controller.state
        draft = self.model.structure()
        plan = clk.schedule(state.clock, draft, self.controller.now())
        self.model.set_starts(tuple("" if at is None else format_time(at) for at in plan.starts))
        self.end_label.setText(
            _("Estimated end: {time}").format(time=format_time(plan.end))
            if plan.end is not None
            else ""
        )

    def dirty(self) -> bool:
        """Whether the editor holds edits not applied yet."""
        return self.model.structure() != self._loaded

    def selected_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def revert(self) -> None:
        self._loaded = self.controller.state.structure
        self.model.load(self._loaded, frozen=self.frozen_rows())
        self._show_limit_columns()
        self._show_chips()
        self.refresh_times()

    def _on_changed(self, changes: Changes) -> None:
        if changes.touches("structure"):
            if self.dirty():
                # Keep the user's edits; say the structure in use moved under them.
                self._loaded = self.controller.state.structure
                self._draft_changed()
                self.status.setText(_("The structure in use changed; “Revert” shows it."))
            else:
                self.revert()
        elif changes.touches("clock"):
            self.model.set_frozen(self.frozen_rows())
            self._draft_changed()
        if changes.touches("chip_set"):
            self._show_chips()
        self.refresh_times()

    # -- editing -----------------------------------------------------------------

    def add_level(self) -> None:
        row = len(self.model.items)
        self.model.insert(row, self.model.next_level_after(row - 1))
        self.table.selectRow(row)

    def add_break(self) -> None:
        row = self.selected_row() + 1 if self.selected_row() >= 0 else len(self.model.items)
        self.model.insert(row, Break())
        self.table.selectRow(row)

    def insert_level(self) -> None:
        row = max(self.selected_row(), self.model.frozen)
        self.model.insert(row, self.model.next_level_after(row - 1))
        self.table.selectRow(row)

    def duplicate(self) -> None:
        row = self.selected_row()
        if row >= 0:
            self.model.insert(row + 1, self.model.items[row])
            self.table.selectRow(row + 1)

    def delete(self) -> None:
        row = self.selected_row()
        if row >= 0 and self.model.remove(row):
            self.table.selectRow(min(row, len(self.model.items) - 1))

    def move(self, offset: int) -> None:
        row = self.selected_row()
        if row >= 0 and self.model.move(row, offset):
            self.table.selectRow(row + offset)

    def _chips_edited(self) -> None:
        text = self.chips.text().strip()
        try:
            chips = parse_chips(text) if text else ()
        except ValueError:
            self.status.setText(
                _("Chips in play: type the denominations as whole numbers, e.g. 25, 100, 500.")
            )
            return
        if chips != self.model.chips:
            self.model.set_chips(chips)

    def _show_chips(self) -> None:
        self.chips.setText(", ".join(str(chip) for chip in self.model.chips))
        chip_set = self.controller.state.chip_set
        # With a chip set, the chips in play are the set's: changed in "Chip set…".
        self.chips.setReadOnly(chip_set is not None)
        self.chips.setToolTip(
            _("The chips of your chip set “{name}”: change them with “Chip set…”.").format(
                name=chip_set.name
            )
            if chip_set is not None
            else _(
                "The chip denominations on the table; the breaks say which chips go (chip race)."
            )
        )

    def _every_level_chosen(self) -> None:
        """Every level not played yet gets the betting chosen."""
        choice = self.every_level.currentData()
        self.every_level.setCurrentIndex(0)
        if choice is None:
            return
        for row in range(self.model.frozen, self.model.rowCount()):
            if isinstance(self.model.items[row], Level):
                self.model.setData(self.model.index(row, sm.BETTING), choice)
        self._show_limit_columns()

    def _show_limit_columns(self) -> None:
        limit = self.model.limit
        self.table.setColumnHidden(sm.SMALL_BET, not limit)
        self.table.setColumnHidden(sm.BIG_BET, not limit)

    # -- templates, files, generator ----------------------------------------------

    def refresh_templates(self) -> None:
        self.templates.clear()
        levels = self.controller.state.structure.items
        for entry in library.templates():
            self.templates.addItem(entry.template.name, entry.key)
            self.templates.setItemData(
                self.templates.count() - 1, entry.template.description, Qt.ItemDataRole.ToolTipRole
            )
            if levels and entry.template.structure.items == levels:
                # The template the event's levels come from, not the list's first.
                self.templates.setCurrentIndex(self.templates.count() - 1)

    def _replace_draft(self, structure: Structure, what: str) -> None:
        """Put ``structure`` in the editor after played levels, asking first if edits exist."""
        frozen = self.model.frozen
        if self.dirty() and not confirm(
            self,
            what,
            _("Replace the levels in the editor? Your unsaved edits are lost."),
            yes=_("Replace"),
        ):
            return
        kept = list(self.controller.state.structure.items[:frozen])
        self.model.replace_items(
            kept + list(structure.items[frozen:] if frozen else structure.items)
        )
        self._show_limit_columns()
        chip_set = self.controller.state.chip_set
        # The event's chip set decides the chips on the table, not the template.
        self.model.set_chips(chip_set.denominations if chip_set is not None else structure.chips)
        self._show_chips()
        status = _("Not applied yet: check the levels, then click “Apply changes”.")
        if chip_set is not None and structure.chips != chip_set.denominations:
            status += " " + _("The chips in play stay those of your chip set “{name}”.").format(
                name=chip_set.name
            )
        self.status.setText(status)

    def load_template(self) -> None:
        entry = library.find(self.templates.currentData() or "")
        if entry is not None:
            self._replace_draft(entry.template.structure, _("Load template"))

    def save_template(self) -> None:
        name, accepted = QInputDialog.getText(self, _("Save as template"), _("Template name:"))
        if not accepted or not name.strip():
            return
        try:
            library.save_user_template(
                StructureTemplate(name=name.strip(), structure=self.model.structure())
            )
        except RuleViolation as error:
            show_error(self, error, title=_("Not saved"))
            return
        except OSError as error:  # a full disk: the template that was there is intact
            show_error(self, RuleViolation("structure_file_unwritable", detail=str(error)))
            return
        self.refresh_templates()

    def import_structure(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self, _("Import a blind structure"), str(Path.home()), _("Structures (*.json)")
        )
        if not path:
            return
        try:
            template = library.import_file(Path(path))
        except RuleViolation as error:
            show_error(self, error, title=_("Not imported"))
            return
        self._replace_draft(template.structure, _("Import"))

    def export_structure(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(
            self,
            _("Export the blind structure"),
            str(Path.home() / f"{library.slug(self.controller.state.name)}.json"),
            _("Structures (*.json)"),
        )
        if not path:
            return
        template = StructureTemplate(
            name=self.controller.state.name, structure=self.model.structure()
        )
        try:
            library.export_file(template, Path(path), self.controller.session.database.path)
        except (RuleViolation, StoreError) as error:
            show_error(self, error, title=_("Not exported"))

    def edit_chip_set(self) -> None:
        ChipSetDialog(self.controller, self).exec()

    def generate(self) -> None:
        state = self.controller.state
        dialog = GeneratorDialog(
            players=len(state.players) or 10,
            stack=state.money.chips,
            chip_set=state.chip_set,
            parent=self,
        )
        if dialog.exec() and dialog.result_structure is not None:
            self._replace_draft(dialog.result_structure, _("Generate"))

    def replan(self) -> ReplanDialog:
        """Issue 34: the rest of the night re-planned to an end time, previewed first;
        edits not applied yet are given up first (asked)."""
        dialog = ReplanDialog(self.controller, self)
        if self.dirty() and not confirm(
            self,
            _("Re-plan to an end time"),
            _("The changes not applied yet are dropped: re-plan from the structure in force?"),
        ):
            return dialog
        plan = dialog.result_plan if dialog.exec() else None
        if plan is not None and self.controller.dispatch(plan.command(), self):
            self.revert()
        return dialog

    # -- applying ----------------------------------------------------------------

    def apply(self) -> None:
        if self.controller.dispatch(c.SetStructure(structure=self.model.structure()), self):
            self.revert()

    def _input_refused(self, text: str) -> None:
        self.status.setText(f"<span style='color:#c0392b'>{text}</span>")

    def _draft_changed(self) -> None:
        self._show_limit_columns()
        self.refresh_times()
        lines = []
        for problem in self.model.problems[:8]:
            colour = "#c0392b" if problem.severity is Severity.ERROR else "#b7791f"
            text = render(Message(problem.code, {"row": problem.index + 1}))
            lines.append(f"<span style='color:{colour}'>• {text}</span>")
        self.messages.setText("<br>".join(lines))
        has_errors = any(p.severity is Severity.ERROR for p in self.model.problems)
        dirty = self.dirty()
        # Apply follows the rules' own answer (unchanged, invalid, levels already played).
        if not self._apply_bound:
            self._apply_bound = True
            self.controller.guard.bind(
                self.apply_button, lambda: c.SetStructure(structure=self.model.structure())
            )
        else:
            self.controller.guard.refresh()
        self.revert_button.setEnabled(dirty)
        if not dirty:
            self.status.setText(_("The structure in use."))
        elif has_errors:
            self.status.setText(_("Fix the errors in red before applying."))
        else:
            self.status.setText(_("Changed: click “Apply changes” to use it."))
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected_row()
        editable = row >= self.model.frozen
        for key in ("delete", "up", "down", "duplicate"):
            self.buttons[key].setEnabled(row >= 0 and editable)
