"""Lifetime results as PDF: every player's figures over every night of the database,
and the line a player's history report ends with."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable

from director.app.club.lifetime import LifetimeLine
from director.i18n import _, ngettext
from director.reports.base import RenderOptions, Report
from director.reports.data import ReportHeader
from director.reports.league import league_header
from director.reports.lifetime_cells import lifetime_cells, lifetime_header

WIDTHS = (0.2, 0.07, 0.1, 0.1, 0.1, 0.08, 0.08, 0.08, 0.12, 0.07)
NUMBERS = tuple(range(1, len(WIDTHS)))


class LifetimeReport(Report):
    landscape = True

    def __init__(
        self,
        header: ReportHeader,
        lines: Sequence[LifetimeLine],
        options: RenderOptions | None = None,
    ) -> None:
        super().__init__(header, options)
        self.title = _("Lifetime results")
        self.lines = lines

    def story(self) -> list[Flowable]:
        if not self.lines:
            return [self.paragraph(_("No night has been played yet."))]
        width = self.text_width()
        table = [lifetime_header()] + [lifetime_cells(line) for line in self.lines]
        return [
            self.paragraph(
                ngettext("{count} player", "{count} players", len(self.lines)).format(
                    count=len(self.lines)
                )
                + " · "
                + _(
                    "Cashes: a prize in a tournament, or a cash game left up. "
                    "Streak: cashes in a row up to the latest night."
                ),
                "small",
            ),
            self.table(table, [width * w for w in WIDTHS], right=NUMBERS, font_size=8),
        ]


def lifetime_story(report: Report, line: LifetimeLine) -> list[Flowable]:
    """A player's lifetime line (his history report ends with it)."""
    width = report.text_width()
    header, cells = lifetime_header()[1:], lifetime_cells(line)[1:]
    widths = [width * w / sum(WIDTHS[1:]) for w in WIDTHS[1:]]
    return [
        report.paragraph(_("Lifetime results: tournaments and cash games"), "h2"),
        report.table([header, cells], widths, right=tuple(range(len(header))), font_size=8),
    ]


def lifetime_pdf(
    lines: Sequence[LifetimeLine], now: int, options: RenderOptions | None = None
) -> bytes:
    """Every player's lifetime results as PDF (``director report lifetime``)."""
    header = league_header(_("All players"), _("Every event: tournaments and cash games"), now)
    return LifetimeReport(header, lines, options).render()
