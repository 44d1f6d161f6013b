"""Charts in the PDFs (ReportLab's graphics): the night's players left under the
standings, a season's points race under the league standings. Read back as text
(titles, legend names), as drawings in the story, and as pixels via pdftoppm."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing

from director import reports
from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.app.views.charts import PALETTE, night_chart, season_race
from director.cli import main
from director.i18n import in_language
from director.reports import data
from director.reports.league import LeagueReport, league_header, league_pdf
from director.reports.standings import StandingsReport
from tests.app.league_helpers import play_event
from tests.reports.test_reports import NAMES, finished  # noqa: F401 (a fixture)


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def plot_in(story: list[object]) -> LinePlot:
    drawings = [flowable for flowable in story if isinstance(flowable, Drawing)]
    assert len(drawings) == 1
    plots = [shape for shape in drawings[0].contents if isinstance(shape, LinePlot)]
    assert len(plots) == 1
    return plots[0]


def blue_pixels(pdf: bytes, tmp_path: Path) -> int:
    """Pixels of the palette's first colour on the first page, rendered by pdftoppm
    (the tables have none: only a chart's first line draws them)."""
    from PySide6.QtGui import QColor, QImage

    source = tmp_path / "report.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", str(source), str(tmp_path / "page")],
        check=True,
    )
    image = QImage(str(next(tmp_path.glob("page*.png"))))
    wanted = QColor(PALETTE[0])
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - wanted.red()) < 40
                and abs(pixel.green() - wanted.green()) < 40
                and abs(pixel.blue() - wanted.blue()) < 40
            ):
                count += 1
    return count


def test_standings_pdf_draws_the_nights_players_left(finished, tmp_path) -> None:  # noqa: F811
    """Under the standings, the night's players left, entries and re-buys: the title
    and the legend print, and the first line is the app layer's players-left line."""
    state = finished.state
    pdf = reports.render("standings", state, finished.now())
    text = text_of(pdf)
    assert "Players left, entries and re-buys" in text
    for name in ("Players left", "Entries", "Re-buys"):
        assert name in text
    plot = plot_in(StandingsReport(data.standings_data(state, finished.now())).story())
    chart = night_chart(state)
    lefts = [y for _x, y in plot.data[0]]
    assert lefts[-1] == chart.points[-1].players_left == 1
    assert sorted(set(lefts)) == list(range(1, len(NAMES) + 1))
    if shutil.which("pdftoppm"):
        assert blue_pixels(pdf, tmp_path) > 100


def test_standings_pdf_chart_in_french(finished) -> None:  # noqa: F811
    with in_language("fr"):
        text = text_of(reports.render("standings", finished.state, finished.now()))
    assert "Joueurs restants" in text and "Recaves" in text


@pytest.fixture
def season(database, clock):
    library = Library(database, clock=clock)
    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in ("Ann", "Bob", "Zoé", "Dan")]
    for n in range(3):
        play_event(library, f"Night {n + 1}", f"2026-0{n + 1}-10", players[n:] + players[:n])
    leagues = Leagues(database, clock=clock)
    leagues.create("Friday")
    return leagues


def test_league_pdf_draws_the_points_race(season, clock, tmp_path) -> None:
    """Under the league standings, the points race: each line a player of the table
    ending on his points, the events named under the axis, the names in the legend."""
    table = season.table("Friday")
    race = season_race(season, table)
    pdf = league_pdf(table, clock(), race=race)
    text = text_of(pdf)
    assert "Points race" in text
    for row in table.rows:
        assert row.name in text
    assert "Night 1" in text and "Night 3" in text
    report = LeagueReport(
        league_header("Friday", "", clock()), table.rows, events=3, pot=0, race=race
    )
    plot = plot_in(report.story())
    by_name = {row.name: row.points / 100 for row in table.rows}
    assert [points[-1][1] for points in plot.data] == [by_name[line.name] for line in race.lines]
    assert "Points race" not in text_of(league_pdf(table, clock()))
    if shutil.which("pdftoppm"):
        assert blue_pixels(pdf, tmp_path) > 100


def test_report_league_from_the_command_line_has_the_race_in_french(
    season, db_path, tmp_path, monkeypatch
) -> None:
    """``director report league`` prints the race too, in the user's language."""
    season.database.close()
    out = tmp_path / "league.pdf"
    monkeypatch.setenv("LANGUAGE", "fr")
    assert main(["report", "league", "Friday", "--out", str(out), "--db", str(db_path)]) == 0
    text = text_of(out.read_bytes())
    assert "Course aux points" in text and "Zoé" in text
