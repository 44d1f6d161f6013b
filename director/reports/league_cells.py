"""The cells of league tables (standings, a player's history), shared by the
reports, the command line's CSV and the league page (no ReportLab here)."""

from __future__ import annotations

from director.core.leagues import HistoryLine, Standing, points_text
from director.i18n import _, decimal_mark, format_date, format_money, format_number, ngettext


def points_cell(centipoints: int) -> str:
    """Points as shown, printed and exported: "12.5", or "12,5" in a language that
    writes decimals with a comma (whose CSV files then use ";" between columns)."""
    return points_text(centipoints).replace(".", decimal_mark())


def season_summary(events: int, pot: int) -> str:
    """ "3 events counted; season pot €45.00" (the pot: what their ledgers hold)."""
    return ngettext(
        "{count} event counted; season pot {pot}",
        "{count} events counted; season pot {pot}",
        events,
    ).format(count=events, pot=format_money(pot))


def season_dates(start: str, end: str) -> str:
    """A season's date range as read: "from 1 Jan 2026 to 28 Feb 2026", "from 1 Jan
    2026", "until 28 Feb 2026"; "" for a season without dates (only the events chosen
    into it count)."""
    if start and end:
        return _("from {start} to {end}").format(start=format_date(start), end=format_date(end))
    if start:
        return _("from {start}").format(start=format_date(start))
    if end:
        return _("until {end}").format(end=format_date(end))
    return ""


def points_count(centipoints: int) -> int:
    """The number ``ngettext`` takes for an amount of points: whole points as they
    are; a part of a point (0.5, 2.5) reads as more than one ("0.5 points")."""
    whole, part = divmod(centipoints, 100)
    return whole if part == 0 else max(2, whole)


def rank_cell(row: Standing) -> str:
    """The rank, or why a player has none (a guest; too few events)."""
    if row.guest:
        return _("guest")
    return str(row.rank) if row.ranked else _("unranked")


def final_cell(row: Standing) -> str:
    """The qualification for the season final, with the starting stack if any."""
    if not row.qualified:
        return ""
    if row.final_stack:
        return _("qualified, {chips} chips").format(chips=format_number(row.final_stack))
    return _("qualified")


def standing_cells(row: Standing) -> list[str]:
    return [
        rank_cell(row),
        row.name,
        points_cell(row.points),
        str(row.played),
        str(row.wins),
        str(row.final_tables),
        str(row.cashes),
        str(row.knockouts),
        format_money(row.money_in),
        format_money(row.money_out),
        format_money(row.net),
        final_cell(row),
    ]


def standing_header() -> list[str]:
    return [
        _("Rank"),
        _("Player"),
        _("Points"),
        _("Played"),
        _("Wins"),
        _("Final tables"),
        _("Cashes"),
        _("Knock-outs"),
        _("Money in"),
        _("Money out"),
        _("Net"),
        _("Final"),
    ]


def history_header() -> list[str]:
    return [
        _("Date"),
        _("Event"),
        _("Place"),
        _("Entrants"),
        _("Prize"),
        _("Bounties"),
        _("Knock-outs"),
        _("Net"),
    ]


def history_cells(line: HistoryLine) -> list[str]:
    if line.best is None:
        place = ""
    elif line.worst is not None and line.worst > line.best:
        place = f"{line.best}–{line.worst}"
    else:
        place = str(line.best)
    return [
        format_date(line.date) if line.date else "",
        line.name,
        place,
        str(line.entrants),
        format_money(line.prize) if line.prize else "",
        format_money(line.bounties) if line.bounties else "",
        str(line.knockouts or ""),
        format_money(line.net),
    ]
