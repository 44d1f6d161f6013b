"""Small helpers shared by the widgets: error dialogs, confirmations, fonts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QFont

from director.i18n import _, describe_error

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

# The dialog classes are imported when a dialog opens: PySide builds each class
# (and its enums) on first use, several milliseconds before the first paint.


def show_error(parent: QWidget | None, error: Exception, *, title: str | None = None) -> None:
    """Tell the user why an action was refused, in one sentence."""
    from PySide6.QtWidgets import QMessageBox

    QMessageBox.warning(parent, title or _("Not done"), describe_error(error))


def confirm(
    parent: QWidget | None,
    title: str,
    text: str,
    *,
    yes: str | None = None,
    enter_says_yes: bool = False,
) -> bool:
    """Ask once. The safe answer (Cancel) is the default, so that Enter takes
    nothing that cannot be undone; ``enter_says_yes`` where the question only
    confirms what was just typed and undo takes it back (a new player's name)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    yes_button = box.addButton(yes or _("Yes"), QMessageBox.ButtonRole.AcceptRole)
    no_button = box.addButton(_("Cancel"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(yes_button if enter_says_yes else no_button)
    box.setEscapeButton(no_button)
    box.exec()
    return box.clickedButton() is yes_button


def scaled_font(base: QFont, factor: float, *, bold: bool = False) -> QFont:
    font = QFont(base)
    font.setPointSizeF(max(6.0, base.pointSizeF() * factor))
    font.setBold(bold)
    return font


def ok_cancel(dialog: QDialog, ok_text: str | None = None) -> QDialogButtonBox:
    """OK and Cancel wired to the dialog's accept and reject; OK renamed if asked."""
    from PySide6.QtWidgets import QDialogButtonBox

    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    if ok_text:
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
