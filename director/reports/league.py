"""League standings and a player's history as PDF."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, Spacer

from director.app.club.lifetime import LifetimeLine
from director.app.views.charts import PointsRace
from director.core.leagues import HistoryLine, Standing
from director.i18n import _, format_datetime, format_money
from director.reports.base import RenderOptions, Report
from director.reports.data import ReportHeader
from director.reports.league_cells import (
    history_cells,
    history_header,
    season_dates,
    season_summary,
    standing_cells,
    standing_header,
)


def league_header(title: str, subtitle: str, now: int) -> ReportHeader:
    return ReportHeader(
        event=title, kind=subtitle, date="", venue="", generated=format_datetime(now)
    )


RACE_HEIGHT = 210
"""The points race under the standings (points: most of a landscape page)."""


class LeagueReport(Report):
    landscape = True

    def __init__(
        self,
        header: ReportHeader,
        rows: Sequence[Standing],
        *,
        events: int,
        pot: int,
        options: RenderOptions | None = None,
        race: PointsRace | None = None,
    ) -> None:
        super().__init__(header, options)
        self.title = _("League standings")
        self.rows = rows
        self.events = events
        self.pot = pot
        self.race = race
        """The season's points race, drawn under the standings (None: not drawn)."""

    def story(self) -> list[Flowable]:
        width = self.text_width()
        summary = season_summary(self.events, self.pot)
        table = [standing_header()] + [standing_cells(row) for row in self.rows]
        widths = [0.07, 0.14, 0.06, 0.06, 0.06, 0.08, 0.06, 0.1, 0.08, 0.08, 0.08, 0.13]
        story: list[Flowable] = [
            self.paragraph(summary),
            self.table(
                table,
                [width * w for w in widths],
                right=(0, 2, 3, 4, 5, 6, 7, 8, 9, 10),
                font_size=8,
            ),
        ]
        if self.race is not None:
            from director.reports.charts import race_drawing

            drawing = race_drawing(self.race, width, RACE_HEIGHT)
            if drawing is not None:
                story += [Spacer(1, 12), drawing]
        return story


class PlayerHistoryReport(Report):
    landscape = True

    def __init__(
        self,
        header: ReportHeader,
        lines: Sequence[HistoryLine],
        options: RenderOptions | None = None,
        lifetime: LifetimeLine | None = None,
    ) -> None:
        super().__init__(header, options)
        self.title = _("Player history")
        self.lines = lines
        self.lifetime = lifetime

    def story(self) -> list[Flowable]:
        width = self.text_width()
        table = [history_header()] + [history_cells(line) for line in self.lines]
        net = sum(line.net for line in self.lines)
        table.append(["", _("Total"), "", "", "", "", "", format_money(net)])
        widths = [0.12, 0.3, 0.08, 0.08, 0.1, 0.1, 0.1, 0.12]
        story: list[Flowable] = [
            self.table(table, [width * w for w in widths], right=(2, 3, 4, 5, 6, 7), font_size=9)
        ]
        if self.lifetime is not None:
            from director.reports.lifetime import lifetime_story

            story += lifetime_story(self, self.lifetime)
        return story


def league_pdf(
    table: object,
    now: int,
    options: RenderOptions | None = None,
    race: PointsRace | None = None,
) -> bytes:
    """A season's standings (``SeasonTable``) as PDF: the league's name, the season
    and its dates (or "All events") under it, and the points race of the leaders
    when ``race`` is given; the command line and the league page both print this
    one."""
    from director.app.club.leagues import SeasonTable

    assert isinstance(table, SeasonTable)
    if table.season is None:
        subtitle = _("All events")
    else:
        dates = season_dates(table.season.start, table.season.end)
        subtitle = f"{table.season.name} · {dates}" if dates else table.season.name
    return LeagueReport(
        league_header(table.league.name, subtitle, now),
        table.rows,
        events=len(table.events),
        pot=table.pot,
        options=options,
        race=race,
    ).render()


def history_pdf(
    name: str,
    lines: Sequence[HistoryLine],
    now: int,
    options: RenderOptions | None = None,
    lifetime: LifetimeLine | None = None,
) -> bytes:
    """One player's history across all events as PDF, ending with his lifetime
    results (tournaments and cash games) when given."""
    return PlayerHistoryReport(
        league_header(name, _("All events"), now), lines, options, lifetime
    ).render()
