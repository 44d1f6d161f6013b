"""A night's and a season's results as one self-contained HTML page.

The page goes to a phone's files, a group chat or a club's web space: no
script, no outside link, every style inline, the chart as inline SVG drawn
from the app layer's chart data. Nothing private: names, places and prizes
only (no contact details, no debts or balances), in the user's language and
currency like the PDFs.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from itertools import accumulate

from director.app.club.leagues import SeasonTable
from director.app.views.charts import PALETTE as COLOURS
from director.app.views.charts import RACE_LINES, NightChart, PointsRace, night_chart
from director.app.views.summary import place_text
from director.core.leagues import PointsRule
from director.core.prize_pool import prize_pool
from director.core.results import player_results
from director.core.state import TournamentState
from director.i18n import N_, _, format_date, format_money, format_time, ngettext
from director.reports.league_cells import points_cell, season_summary

FORMULAS = {
    "field": N_("By field size (entrants − place + 1)"),
    "table": N_("Fixed points by place"),
    "expression": N_("Formula"),
}

BODY = (
    "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;"
    "padding:16px;max-width:900px;color:#111;background:#fff;line-height:1.4"
)
TABLE = "border-collapse:collapse;width:100%;margin:8px 0 20px 0;font-size:14px"
TH = "text-align:left;border-bottom:2px solid #333;padding:6px 4px"
TD = "border-bottom:1px solid #ddd;padding:6px 4px"
NUM = ";text-align:right;white-space:nowrap"
NUM_HEAD = ";text-align:right"
"""A number column's heading may wrap ("Knock-outs" on two lines) so that the
table fits a phone's 390 px; the numbers themselves never wrap."""


def _page(title: str, body: list[str]) -> str:
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title></head>"
        f'<body style="{BODY}">' + "".join(body) + "</body></html>\n"
    )


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    cells = "".join(
        f'<th style="{TH}{NUM_HEAD if index in right else ""}">{escape(text)}</th>'
        for index, text in enumerate(header)
    )
    lines = [f"<tr>{cells}</tr>"]
    for row in rows:
        lines.append(
            "<tr>"
            + "".join(
                f'<td style="{TD}{NUM if index in right else ""}">{escape(text)}</td>'
                for index, text in enumerate(row)
            )
            + "</tr>"
        )
    return f'<div style="overflow-x:auto"><table style="{TABLE}">{"".join(lines)}</table></div>'


def _heading(text: str) -> str:
    return f'<h2 style="font-size:20px;margin:20px 0 4px 0">{escape(text)}</h2>'


def _svg_lines(
    title: str,
    series: Sequence[tuple[str, Sequence[float]]],
    labels: Sequence[str],
    times: Sequence[int] | None = None,
) -> str:
    """Lines over the same steps as inline SVG, each with its name in the legend.

    ``times``: when each step happened (milliseconds); the steps are then placed
    by time, so an hour without a bust is as wide as it was long. Without it the
    steps are evenly spaced (a season's events)."""
    width, height, left, bottom, top = 720, 340, 64, 40, 16
    steps = max((len(values) for _name, values in series), default=0)
    top_value = max((max(values, default=0) for _name, values in series), default=0) or 1
    plot_w, plot_h = width - left - 12, height - bottom - top
    span = (times[-1] - times[0]) if times else 0

    def x(step: int) -> float:
        if times and span > 0:
            return left + plot_w * (times[step] - times[0]) / span
        return left + (plot_w * step / (steps - 1) if steps > 1 else plot_w / 2)

    def y(value: float) -> float:
        return top + plot_h * (1 - value / top_value)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'style="width:100%;height:auto;max-width:{width}px" role="img" '
        f'aria-label="{escape(title)}">',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 12}" y2="{top + plot_h}" '
        'stroke="#333"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#333"/>',
        f'<text x="{left - 6}" y="{top + 16}" text-anchor="end" font-size="20">'
        f"{escape(_number(top_value))}</text>",
        f'<text x="{left - 6}" y="{top + plot_h}" text-anchor="end" font-size="20">0</text>',
    ]
    if labels:
        parts.append(f'<text x="{left}" y="{height - 8}" font-size="20">{escape(labels[0])}</text>')
        if len(labels) > 1:
            parts.append(
                f'<text x="{width - 12}" y="{height - 8}" text-anchor="end" font-size="20">'
                f"{escape(labels[-1])}</text>"
            )
    for index, (_name, values) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        points = " ".join(f"{x(step):.1f},{y(value):.1f}" for step, value in enumerate(values))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="{3 if index == 0 else 2}" '
            f'points="{points}"/>'
        )
    parts.append("</svg>")
    legend = "".join(
        f'<span style="display:inline-block;margin-right:14px;white-space:nowrap">'
        f'<span style="display:inline-block;width:14px;height:4px;vertical-align:middle;'
        f'background:{COLOURS[index % len(COLOURS)]};margin-right:4px"></span>'
        f"{escape(name)}</span>"
        for index, (name, _values) in enumerate(series)
    )
    return (
        f'<figure style="margin:8px 0 20px 0">{"".join(parts)}'
        f'<figcaption style="font-size:14px">{legend}</figcaption></figure>'
    )


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _night_chart_svg(chart: NightChart) -> str:
    if len(chart.points) < 2:
        return ""
    return _svg_lines(
        _("Players left"),
        [
            (_("Players left"), [point.players_left for point in chart.points]),
            (_("Entries"), [point.entries for point in chart.points]),
            (_("Re-buys"), [point.rebuys for point in chart.points]),
        ],
        [format_time(chart.points[0].at), format_time(chart.points[-1].at)],
        # A clock set back during the night never draws a line backwards.
        list(accumulate((point.at for point in chart.points), max)),
    )


def night_html(state: TournamentState) -> str:
    """The night's results page: event, date, players, prize pool, standings with
    prizes, knock-outs, the deal if any, and the players-left chart."""
    results = player_results(state)
    players = sum(1 for result in results if result.bought > 0)
    pool = prize_pool(state).total
    facts = [
        ngettext("{count} player", "{count} players", players).format(count=players),
        _("Prize pool {pool}").format(pool=format_money(pool)),
    ]
    if state.event_date:
        facts.insert(0, format_date(state.event_date))
    body = [
        f'<h1 style="font-size:26px;margin:0 0 4px 0">{escape(state.name)}</h1>',
        f'<p style="margin:0 0 12px 0;color:#444">{escape(" · ".join(facts))}</p>',
        _heading(_("Standings")),
    ]
    rows = []
    for result in results:
        if result.bought <= 0:
            continue
        place = "" if result.place is None else place_text(result.place.best, result.place.worst)
        rows.append(
            [
                place,
                result.name,
                format_money(result.prize) if result.prize else "",
                format_money(result.bounties) if result.bounties else "",
                str(result.knockouts) if result.knockouts else "",
            ]
        )
    body.append(
        _table(
            # "KOs", short: the table must fit a phone's width in French too.
            [_("Place"), _("Player"), _("Prize"), _("Bounties"), _("KOs")],
            rows,
            {0, 2, 3, 4},
        )
    )
    if state.deal is not None:
        body.append(_heading(_("Deal")))
        body.append(
            _table(
                [_("Player"), _("Amount")],
                [
                    [state.player_name(share.player), format_money(share.amount)]
                    for share in state.deal.shares
                ],
                {1},
            )
        )
    chart = night_chart(state)
    svg = _night_chart_svg(chart)
    if svg:
        body.append(_heading(_("The night")))
        body.append(svg)
    if chart.knockouts:
        body.append(_heading(_("Knock-outs")))
        body.append(
            _table(
                [_("Player"), _("Knocked out by")],
                [[knockout.player, knockout.by or ""] for knockout in chart.knockouts],
                set(),
            )
        )
    return _page(state.name, body)


def rule_text(rule: PointsRule) -> str:
    """The points formula, stated: its kind and the numbers it uses."""
    text = _(FORMULAS.get(rule.kind, rule.kind))
    if rule.kind == "table" and rule.table:
        text += ": " + ", ".join(points_cell(value) for value in rule.table)
    elif rule.kind == "expression" and rule.expression:
        text += ": " + rule.expression
    extras = []
    if rule.participation:
        extras.append(_("{points} for playing").format(points=points_cell(rule.participation)))
    if rule.knockout:
        extras.append(_("{points} per knock-out").format(points=points_cell(rule.knockout)))
    if rule.bubble:
        extras.append(_("{points} for the bubble").format(points=points_cell(rule.bubble)))
    if rule.best_of:
        extras.append(_("best {count} events count").format(count=rule.best_of))
    # French puts a (no-break) space before a semicolon.
    return _("; ").join([text, *extras])


def _race_svg(race: PointsRace) -> str:
    if not race.events or not race.lines:
        return ""
    series = [
        (line.name, [value / 100 for value in line.points]) for line in race.lines[:RACE_LINES]
    ]
    return _svg_lines(_("Points race"), series, list(race.events))


def season_html(table: SeasonTable, race: PointsRace) -> str:
    """The season's page: the standings with the formula stated, each event's
    winner and the points race of the leaders."""
    title = table.league.name
    if table.season is not None:
        title += f" — {table.season.name}"
    formula = _("Points: {rule}").format(rule=rule_text(table.league.rule))
    body = [
        f'<h1 style="font-size:26px;margin:0 0 4px 0">{escape(title)}</h1>',
        f'<p style="margin:0 0 4px 0;color:#444">'
        f"{escape(season_summary(len(table.events), table.pot))}</p>",
        f'<p style="margin:0 0 12px 0;color:#444">{escape(formula)}</p>',
        _heading(_("Standings")),
        _table(
            [_("Rank"), _("Player"), _("Points"), _("Played"), _("Wins"), _("KOs")],
            [
                [
                    str(row.rank),
                    row.name,
                    points_cell(row.points),
                    str(row.played),
                    str(row.wins),
                    str(row.knockouts),
                ]
                for row in table.rows
            ],
            {0, 2, 3, 4, 5},
        ),
    ]
    svg = _race_svg(race)
    if svg:
        body.append(_heading(_("Points race")))
        body.append(svg)
    if table.events:
        rows = []
        for event in table.events:
            winners = [line.name for line in event.lines if line.best == 1]
            rows.append(
                [format_date(event.date) if event.date else "", event.name, ", ".join(winners)]
            )
        body.append(_heading(_("Events")))
        body.append(_table([_("Date"), _("Event"), _("Winner")], rows, set()))
    return _page(title, body)
