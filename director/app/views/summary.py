"""A night's results as a few lines of text to paste in the group chat.

"Door night, 14 players, €460: 1. Ann €207 · 2. Bob €138 · 3. Zoë €115". The
same facts as the standings (places, prizes and bounties from the core's
results), in the user's language and currency; a cash game gives each player's
result instead. Nothing private: no debts, no contact details. A season's
table the same way ("Friday — 2026, 12 events", then "1. Ann 45 points · ...").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from director.core.leagues import points_text
from director.core.ledger import settle
from director.core.prize_pool import prize_pool
from director.core.results import player_results
from director.core.state import Status, TournamentState
from director.i18n import _, decimal_mark, format_date, format_money, format_number, ngettext

if TYPE_CHECKING:
    from director.app.club.leagues import SeasonTable

PLACES_SHOWN = 10
"""Places listed at most (the paid ones, or the first ten): a chat message stays short."""


def place_text(best: int, worst: int) -> str:
    return str(best) if best == worst else f"{best}-{worst}"


def night_summary(state: TournamentState) -> str:
    """The night in a few lines: the event, its size and money, then the results."""
    if state.is_cash:
        return _cash_summary(state)
    results = player_results(state)
    players = sum(1 for result in results if result.bought > 0)
    pool = prize_pool(state).total
    title = _("{event}, {players}, {pool}").format(
        event=state.name,
        players=ngettext("{count} player", "{count} players", players).format(count=players),
        pool=format_money(pool),
    )
    lines = [title]
    if state.event_date:
        lines[0] += f" ({format_date(state.event_date)})"
    placed = [
        result
        for result in results
        if result.place is not None and (result.total > 0 or result.place.best <= 3)
    ]
    shown = placed[:PLACES_SHOWN]
    entries = []
    for result in shown:
        assert result.place is not None
        text = f"{place_text(result.place.best, result.place.worst)}. {result.name}"
        if result.total:
            text += f" {format_money(result.total)}"
        entries.append(text)
    if entries:
        lines.append(" · ".join(entries))
    knockouts = sorted(
        (result for result in results if result.knockouts), key=lambda r: -r.knockouts
    )
    if knockouts:
        best = knockouts[0]
        lines.append(
            _("Most knock-outs: {player} ({count})").format(player=best.name, count=best.knockouts)
        )
    if state.status is not Status.FINISHED and state.players:
        left = len(state.alive())
        lines.append(
            ngettext(
                "Still playing: {count} player left.", "Still playing: {count} players left.", left
            ).format(count=left)
        )
    return "\n".join(lines)


def _cash_summary(state: TournamentState) -> str:
    settlement = settle(state.players, state.ledger)
    results = sorted(settlement.results, key=lambda result: -result.net)
    players = len(results)
    lines = [
        _("{event}, {players}").format(
            event=state.name,
            players=ngettext("{count} player", "{count} players", players).format(count=players),
        )
    ]
    if state.event_date:
        lines[0] += f" ({format_date(state.event_date)})"
    entries = []
    for result in results:
        sign = "+" if result.net > 0 else ("−" if result.net < 0 else "±")
        entries.append(f"{state.player_name(result.player)} {sign}{format_money(abs(result.net))}")
    if entries:
        lines.append(" · ".join(entries))
    return "\n".join(lines)


def season_text(table: SeasonTable) -> str:
    """A season in a few lines for the group chat: the league and season, the
    events counted, the top of the table, and the final's qualifiers with their
    starting stacks when the league has a qualification line."""
    title = table.league.name
    if table.season is not None:
        title += f" — {table.season.name}"
    events = len(table.events)
    title += ", " + ngettext("{count} event", "{count} events", events).format(count=events)
    if table.pot:
        title += ", " + _("season pot {pot}").format(pot=format_money(table.pot))
    lines = [title]
    ranked = [row for row in table.rows if row.ranked][:PLACES_SHOWN]
    if ranked:
        lines.append(
            " · ".join(
                f"{row.rank}. {row.name} "
                + ngettext("{points} point", "{points} points", row.points // 100).format(
                    points=points_text(row.points).replace(".", decimal_mark())
                )
                for row in ranked
            )
        )
    qualified = [row for row in table.rows if row.qualified]
    if qualified:
        lines.append(
            _("Qualified for the final: {players}").format(
                players=", ".join(
                    _("{player} ({chips} chips)").format(
                        player=row.name, chips=format_number(row.final_stack)
                    )
                    if row.final_stack
                    else row.name
                    for row in qualified
                )
            )
        )
    return "\n".join(lines)
