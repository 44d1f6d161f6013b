"""The lifetime results of every player of the database, in a window of their own
(reached from the reports page until the Club page hosts the view)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from director.app.club.lifetime import LifetimeLine
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.gui.common import show_error
from director.gui.lifetime_view import LifetimeView
from director.i18n import _


class LifetimeDialog(QDialog):
    """Every player's results over all nights: the table, and the PDF to save.

    It takes the lines of ``director.app.club.lifetime``, never the database itself;
    ``database_path`` is the database's file, which a PDF is never written over."""

    def __init__(
        self,
        lines: Sequence[LifetimeLine],
        now: int,
        *,
        database_path: Path | None = None,
        paper: str = "A4",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Lifetime results"))
        self.database_path = database_path
        self.now = now
        self.paper = paper
        self.view = LifetimeView(lines)
        pdf = QPushButton(_("&Save as PDF…"))
        pdf.setToolTip(_("Every player's lifetime results as a report to print or send"))
        pdf.clicked.connect(lambda: self.save_pdf())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(pdf)
        bottom.addStretch(1)
        bottom.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        layout.addLayout(bottom)
        self.resize(1000, 600)

    def save_pdf(self, path: Path | None = None) -> None:
        """The same PDF as ``director report lifetime``."""
        from director.app.files.outputs import write_output
        from director.reports.lifetime import lifetime_pdf
        from director.reports.options import RenderOptions

        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self, _("Save the report"), str(Path.home() / "lifetime.pdf"), _("PDF (*.pdf)")
            )
            if not chosen:
                return
            path = Path(chosen)
        try:
            pdf = lifetime_pdf(self.view.lines, self.now, RenderOptions(paper=self.paper))
            write_output(path, pdf, self.database_path)
        except (StoreError, RuleViolation) as error:  # never over the database; a full disk
            show_error(self, error)
