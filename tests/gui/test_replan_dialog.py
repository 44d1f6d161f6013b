"""Re-planning the rest of the night to an end time from the structure page (issue
34, item 3): the end wanted, the end now and re-planned with the levels to come,
applied as one undoable change; a time too soon says why. Grabs in English and
French at the console's size."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QTime
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from director import i18n
from director.app.files import structures
from director.core import clock as clk
from director.core import commands as c
from director.gui.dialogs.replan import ReplanDialog
from director.i18n import format_time

NIGHT = structures.find("regular-5000").template.structure
MIN = 60_000
SHOTS = os.environ.get("DIRECTOR_GUI_SHOTS")


@pytest.fixture
def window(qtbot, window_factory, clock, request):
    language = getattr(request, "param", "en")
    i18n.set_language(language)  # before the window: its pages are made in it
    made = window_factory()
    session = made.library.create("Friday night")
    session.dispatch(c.SetStructure(structure=NIGHT))
    session.dispatch(c.StartClock())
    session.dispatch(c.NextLevel())
    made.open_session(session)
    made.console.show_page("structure")
    made.resize(1366, 768)
    made.show()
    qtbot.waitExposed(made)
    return made


def _at(moment: int) -> QTime:
    shown = datetime.datetime.fromtimestamp(moment / 1000)
    return QTime(shown.hour, shown.minute)


def _end(window) -> int:
    state = window.controller.state
    end = clk.schedule(state.clock, state.structure, window.controller.now()).end
    assert end is not None
    return end


def test_the_structure_page_replans_to_an_earlier_end_and_undo_takes_it_back(
    qtbot, window, monkeypatch
) -> None:
    page = window.console.page("structure")
    before = window.controller.state.structure
    old_end = _end(window)
    target = old_end - 90 * MIN
    seen: list[ReplanDialog] = []

    def choose(dialog: ReplanDialog) -> int:
        seen.append(dialog)
        assert dialog.old_end.text() == format_time(old_end)
        dialog.target.setTime(_at(target))
        assert dialog.result_plan is not None and dialog.levels.count() > 0
        assert dialog.levels.item(0).text().startswith("Level 3: ")
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ReplanDialog, "exec", choose)
    page.replan_button.click()
    (dialog,) = seen
    assert dialog.result_plan is not None
    assert abs(_end(window) - target) <= 20 * MIN
    assert window.controller.state.structure.items[:2] == before.items[:2]
    assert page.end_label.text() == f"Estimated end: {format_time(_end(window))}"
    assert window.undo_action.text() == "&Undo: re-plan the rest of the structure"
    window.undo_action.trigger()
    assert window.controller.state.structure == before


@pytest.mark.parametrize("window", ["en", "fr"], indirect=True)
def test_the_preview_and_a_time_too_soon(qtbot, window, tmp_path: Path) -> None:
    language = i18n.language()
    dialog = ReplanDialog(window.controller, window)
    qtbot.addWidget(dialog)
    dialog.target.setTime(_at(_end(window) + 60 * MIN))
    dialog.show()
    qtbot.waitExposed(dialog)
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / f"console-replan-{language}.png"))
    assert window.grab().save(str(folder / f"console-structure-{language}.png"))
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    dialog.target.setTime(_at(window.controller.now() + 30 * MIN))
    assert not ok.isEnabled() and dialog.why.text()
    assert dialog.levels.count() == 0
    assert dialog.grab().save(str(folder / f"console-replan-too-soon-{language}.png"))
