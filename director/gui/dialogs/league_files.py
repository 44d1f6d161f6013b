"""The league page's results going out: the season's HTML page and PNG picture
saved, its text summary put on the clipboard (issue 33). The page, the picture
and the text are the ones ``director report html/png --league`` and the Reports
page make; this module only asks where to save them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from director.app.club.leagues import Leagues, SeasonTable
from director.app.files.structures import slug
from director.app.storage.databases import StoreError
from director.core.errors import RuleViolation
from director.gui.common import show_error
from director.i18n import _


def _file_name(table: SeasonTable, suffix: str) -> str:
    parts = (table.league.name, table.season.name if table.season else "")
    return "-".join(slug(part) for part in parts if part) + f"-results.{suffix}"


def _save(
    parent: QWidget, leagues: Leagues, table: SeasonTable, path: Path | None, kind: str
) -> Path | None:
    """Write the season's page (``kind`` "html") or picture ("png") to ``path``, or
    where the user chooses; the path written, None if cancelled or refused."""
    from director.app.files.outputs import write_output

    kinds = _("HTML pages (*.html)") if kind == "html" else _("PNG pictures (*.png)")
    if path is None:
        chosen, _filter = QFileDialog.getSaveFileName(
            parent, _("Save the results"), str(Path.home() / _file_name(table, kind)), kinds
        )
        if not chosen:
            return None
        path = Path(chosen)
    try:
        if kind == "html":
            from director.app.views.charts import season_race
            from director.reports.html_page import season_html

            data = season_html(table, season_race(leagues, table)).encode()
        else:
            from director.gui.results_picture import png_bytes, season_picture

            data = png_bytes(season_picture(table))
        return write_output(path, data, leagues.database.path)
    except (StoreError, RuleViolation) as error:  # never over the database; a full disk
        show_error(parent, error)
        return None


def save_season_page(
    parent: QWidget, leagues: Leagues, table: SeasonTable, path: Path | None = None
) -> Path | None:
    """The season's results as one self-contained HTML page."""
    return _save(parent, leagues, table, path, "html")


def save_season_picture(
    parent: QWidget, leagues: Leagues, table: SeasonTable, path: Path | None = None
) -> Path | None:
    """The top of the season's table as a PNG picture for a chat message."""
    return _save(parent, leagues, table, path, "png")


def copy_season_text(table: SeasonTable) -> str:
    """Put the season's text summary on the clipboard; the text."""
    from director.app.views.summary import season_text

    text = season_text(table)
    QGuiApplication.clipboard().setText(text)
    return text
