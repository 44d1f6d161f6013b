"""The standings: place, player, entries, re-buys, add-ons, bounties, prize, net."""

from __future__ import annotations

from reportlab.platypus import Flowable, Spacer

from director.i18n import _, format_money
from director.reports.base import RenderOptions, Report
from director.reports.data import StandingsData
from director.reports.table_cells import standings_header


def place_text(result: object) -> str:
    place = getattr(result, "place", None)
    if place is None:
        return _("in")
    return f"{place.best}–{place.worst}" if place.tied else str(place.best)


CHART_HEIGHT = 190
"""The night's chart under the standings (points: under a short table, on the same page)."""


class StandingsReport(Report):
    landscape = True

    def __init__(self, data: StandingsData, options: RenderOptions | None = None) -> None:
        super().__init__(data.header, options)
        self.title = _("Standings")
        self.data = data

    def story(self) -> list[Flowable]:
        data = self.data
        width = self.text_width()
        if data.cash:
            rows = [[_("Player"), _("Bought"), _("Cashed out"), _("Net")]]
            for result in data.results:
                rows.append(
                    [
                        result.name,
                        format_money(result.bought),
                        format_money(result.bought + result.net),
                        format_money(result.net),
                    ]
                )
            return [
                self.table(
                    rows, [width * 0.46, width * 0.18, width * 0.18, width * 0.18], right=(1, 2, 3)
                )
            ]
        rows = [standings_header()]
        for result in data.results:
            entries, rebuys, addons = data.entries.get(int(result.player), (0, 0, 0))
            rows.append(
                [
                    place_text(result),
                    result.name,
                    str(entries),
                    str(rebuys or ""),
                    str(addons or ""),
                    str(result.knockouts or ""),
                    format_money(result.bounties) if result.bounties else "",
                    format_money(result.prize) if result.prize else "",
                    format_money(result.net),
                ]
            )
        widths = [0.08, 0.3, 0.07, 0.08, 0.08, 0.1, 0.09, 0.1, 0.1]
        story: list[Flowable] = [
            self.table(
                rows, [width * w for w in widths], right=(0, 2, 3, 4, 5, 6, 7, 8), font_size=9
            )
        ]
        if data.chart is not None:
            from director.reports.charts import night_drawing

            drawing = night_drawing(data.chart, width, CHART_HEIGHT)
            if drawing is not None:
                story += [Spacer(1, 12), drawing]
        return story
