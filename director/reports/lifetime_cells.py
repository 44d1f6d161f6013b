"""The cells of the lifetime results table, shared by the PDF, the CSV, the command
line and the window's table (no ReportLab here): one wording of each column."""

from __future__ import annotations

from director.app.club.lifetime import LifetimeLine
from director.i18n import _, format_money, format_percent, ngettext

COLUMNS = (
    "player",
    "nights",
    "money_in",
    "money_out",
    "net",
    "roi",
    "wins",
    "cashes",
    "biggest_win",
    "streak",
)


def lifetime_header() -> list[str]:
    return [
        _("Player"),
        _("Nights"),
        _("Money in"),
        _("Money out"),
        _("Net"),
        _("ROI"),
        _("Wins"),
        _("Cashes"),
        _("Biggest win"),
        _("Streak"),
    ]


def lifetime_tooltips() -> list[str]:
    """What each column counts (the definitions of ``director.app.club.lifetime``)."""
    return [
        _("The player (two merged records count as one)"),
        _("Finished tournaments and cash games played"),
        _("Everything bought: buy-ins, re-buys, add-ons, cash-game chips"),
        _("Prizes, bounties and cash-game chips cashed out"),
        _("Money out less money in"),
        _("Return on investment: net over money in"),
        _("Tournaments finished first"),
        _("Tournaments finished in the money, and cash games left up"),
        _("The best net of a single night"),
        _(
            "Cashes in a row up to the latest night: a prize in a tournament, "
            "or a cash game left up"
        ),
    ]


def roi_text(line: LifetimeLine) -> str:
    """ "12.5%"; "" when nothing was paid in."""
    roi = line.roi
    return "" if roi is None else format_percent(roi * 10)


def nights_tooltip(line: LifetimeLine) -> str:
    """ "3 tournaments, 2 cash games"."""
    tournaments = ngettext("{count} tournament", "{count} tournaments", line.tournaments).format(
        count=line.tournaments
    )
    cash = ngettext("{count} cash game", "{count} cash games", line.cash_games).format(
        count=line.cash_games
    )
    return f"{tournaments}, {cash}"


def lifetime_cells(line: LifetimeLine) -> list[str]:
    return [
        line.name,
        str(line.nights),
        format_money(line.money_in),
        format_money(line.money_out),
        format_money(line.net),
        roi_text(line),
        str(line.wins),
        str(line.cashes),
        format_money(line.biggest_win) if line.biggest_win else "",
        str(line.streak),
    ]


def sort_keys(line: LifetimeLine) -> list[int | str]:
    """Each cell's value to sort by: amounts and counts as numbers (an ROI that
    cannot be worked out sorts below every other)."""
    roi = line.roi
    return [
        line.name.casefold(),
        line.nights,
        line.money_in,
        line.money_out,
        line.net,
        roi if roi is not None else -(10**12),
        line.wins,
        line.cashes,
        line.biggest_win,
        line.streak,
    ]
