"""The structure editor: inline validation, apply and undo, templates, files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from director.app.files import structures
from director.core import commands as c
from director.core.structure import Level
from director.gui.models import structure_model as sm
from director.gui.pages import structure_page as page_module
from director.gui.pages.structure_page import StructurePage


@pytest.fixture
def window(event_window):
    return event_window(page="structure")


def page_of(window) -> StructurePage:
    page = window.console.page("structure")
    assert isinstance(page, StructurePage)
    return page


def test_build_a_structure_validate_inline_and_apply(qtbot, window) -> None:
    page = page_of(window)
    assert not page.apply_button.isEnabled()
    page.add_level()
    page.add_level()
    model = page.model
    assert model.rowCount() == 2
    model.setData(model.index(1, sm.BIG), "20")  # below the small blind of row 2
    assert "Row 2: the big blind must be at least the small blind." in page.messages.text()
    assert not page.apply_button.isEnabled()
    assert model.data(model.index(1, sm.BIG), Qt.ItemDataRole.BackgroundRole) == sm.ERROR_BRUSH
    model.setData(model.index(1, sm.BIG), "150")
    assert page.apply_button.isEnabled()
    page.apply()
    state = window.controller.state
    assert [level.big_blind for _i, level in state.structure.levels()] == [50, 150]
    assert window.undo_action.text() == "&Undo: change the blind structure"
    window.undo_action.trigger()
    assert window.controller.state.structure.items == ()
    assert page.model.rowCount() == 0


def test_non_numbers_are_refused_inline(qtbot, window) -> None:
    page = page_of(window)
    page.add_level()
    assert not page.model.setData(page.model.index(0, sm.SMALL), "lots")
    assert "not a whole number" in page.status.text()


def test_breaks_notes_hands_and_moves(qtbot, window) -> None:
    page = page_of(window)
    page.add_level()
    page.add_break()
    model = page.model
    model.setData(model.index(1, sm.NOTE), "Colour up the 25s")
    model.setData(model.index(0, sm.HANDS), "12")
    page.table.selectRow(1)
    page.move(-1)
    assert model.data(model.index(0, sm.LEVEL)) == "Break"
    page.move(1)
    page.apply()
    items = window.controller.state.structure.items
    assert isinstance(items[0], Level) and items[0].hands == 12 and not items[0].timed
    assert items[1].note == "Colour up the 25s"


def test_played_levels_are_frozen(qtbot, window) -> None:
    window.controller.dispatch(
        c.SetStructure(structure=structures.find("fast-1000").template.structure)
    )
    window.controller.dispatch(c.StartClock())
    window.controller.dispatch(c.NextLevel())
    window.controller.dispatch(c.NextLevel())
    page = page_of(window)
    model = page.model
    assert model.frozen == 2
    assert not model.flags(model.index(0, sm.SMALL)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(2, sm.SMALL)) & Qt.ItemFlag.ItemIsEditable
    assert not model.remove(1)


def test_load_a_template_then_apply(qtbot, window, monkeypatch) -> None:
    page = page_of(window)
    index = page.templates.findData("deep-10000")
    page.templates.setCurrentIndex(index)
    page.load_template()
    page.apply()
    assert window.controller.state.structure == structures.find("deep-10000").template.structure


def test_the_templates_box_shows_the_template_the_levels_come_from(qtbot, event_window) -> None:
    """The box beside "Load template" shows the template the event's levels are, not
    the list's first (it read "Fast home game" over a regular home game's levels)."""
    regular = structures.find("regular-5000").template.structure
    window = event_window(commands=[c.SetStructure(structure=regular)], page="structure")
    page = page_of(window)
    assert page.templates.currentData() == "regular-5000"
    assert page.templates.findData("regular-5000") != 0


def test_import_of_a_bad_file_changes_nothing(qtbot, window, monkeypatch, tmp_path: Path) -> None:
    bad = tmp_path / "recipe.json"
    bad.write_text(json.dumps({"title": "soup"}))
    monkeypatch.setattr(page_module.QFileDialog, "getOpenFileName", lambda *a, **k: (str(bad), ""))
    shown = []
    monkeypatch.setattr(
        page_module, "show_error", lambda parent, error, **k: shown.append(error.code)
    )
    page = page_of(window)
    page.import_structure()
    assert shown == ["not_a_structure_file"]
    assert page.model.rowCount() == 0 and not page.dirty()


def test_export_then_import_round_trip(qtbot, window, monkeypatch, tmp_path: Path) -> None:
    page = page_of(window)
    page.templates.setCurrentIndex(page.templates.findData("fast-5000"))
    page.load_template()
    target = tmp_path / "out.json"
    monkeypatch.setattr(
        page_module.QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "")
    )
    page.export_structure()
    page.revert()
    monkeypatch.setattr(
        page_module.QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), "")
    )
    page.import_structure()
    assert page.model.structure() == structures.find("fast-5000").template.structure


def test_generator_dialog_fills_the_editor(qtbot, window, monkeypatch) -> None:
    from director.gui.dialogs.generator import GeneratorDialog

    dialog = GeneratorDialog()
    qtbot.addWidget(dialog)
    dialog.chips.setText("twenty")
    dialog.accept()
    assert not dialog.error.isHidden()
    dialog.chips.setText("25, 100, 500, 1000")
    dialog.accept()
    assert dialog.result_structure is not None
    assert dialog.result_structure.levels()


def test_r28_the_chips_in_play_are_kept_with_the_structure(qtbot, window) -> None:
    """R28: "when a denomination is removed..." the program names the chips that go,
    from the chips in play typed with the structure."""
    page = page_of(window)
    page.add_level()
    page.chips.setText("25 ; 100, 500")
    page._chips_edited()
    assert page.model.chips == (25, 100, 500)
    page.apply()
    assert window.controller.state.structure.chips == (25, 100, 500)
    page.chips.setText("a lot")
    page._chips_edited()
    assert "whole numbers" in page.status.text()
    assert page.model.chips == (25, 100, 500)
    page.revert()
    assert page.chips.text() == "25, 100, 500"
