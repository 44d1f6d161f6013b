"""Lifetime results: each roster player's figures over every night of the database.

Tournaments and cash games alike: nights played, money in, money out, net, return
on investment, wins, cashes, biggest win and current streak. Merged roster records
count as the one kept. All money in integer minor units.

What counts as a night:

- a finished tournament (its results summary, as the leagues read it), for each
  player who bought in, finished in a place or was paid; past results imported
  into a league count too (they are the club's earlier nights);
- a cash game, for each player who has cashed out and left the table (his result
  is then known: chips returned less chips bought); a player still seated is
  counted once he leaves. A tournament still under way, an event never started,
  and a player who only registered are not nights.

Definitions (the table's tooltips say the same):

- *wins*: tournaments finished first (a shared first place counts);
- *cashes*: tournaments finished in the money (a prize; bounties alone are not a
  cash), and cash games left up (more cashed out than bought);
- *biggest win*: the best net of a single night (0 when no night was up);
- *current streak*: cashes in a row up to the player's latest night (0 when his
  latest night was not a cash);
- *ROI*: net over money in, in per-mille rounded half away from zero (None when
  nothing was paid in: freerolls only).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from director.core.ids import PlayerId
from director.core.leagues import EventResults, ResultLine
from director.core.state import TournamentState
from director.core.text import name_order
from director.persistence.db import Database


@dataclass(frozen=True)
class PlayedEvent:
    """One night as lifetime results read it: each player's lines, and its kind."""

    results: EventResults
    cash: bool = False


@dataclass(frozen=True)
class Night:
    """One player's night (his lines of one event taken together)."""

    event: int
    name: str
    date: str
    cash: bool
    money_in: int
    money_out: int
    won: bool
    cashed: bool

    @property
    def net(self) -> int:
        return self.money_out - self.money_in


@dataclass(frozen=True)
class LifetimeLine:
    """One roster player's lifetime figures (money in minor units)."""

    player: PlayerId
    name: str
    tournaments: int
    cash_games: int
    money_in: int
    money_out: int
    wins: int
    cashes: int
    biggest_win: int
    biggest_win_event: str
    """The event of the biggest win ("" when no night was up)."""
    streak: int
    last_date: str
    """The date of the player's latest night ("" when undated)."""

    @property
    def nights(self) -> int:
        return self.tournaments + self.cash_games

    @property
    def net(self) -> int:
        return self.money_out - self.money_in

    @property
    def roi(self) -> int | None:
        """Net over money in, per mille, rounded half away from zero; None when
        nothing was paid in."""
        return per_mille(self.net, self.money_in)


def per_mille(part: int, whole: int) -> int | None:
    """``part / whole`` in thousandths, rounded half away from zero (integers only);
    None when ``whole`` is 0."""
    if whole <= 0:
        return None
    rounded = (abs(part) * 2000 + whole) // (2 * whole)
    return rounded if part >= 0 else -rounded


def _night(event: PlayedEvent, lines: list[ResultLine]) -> Night | None:
    """A player's night from his lines of one event; None when he did not play."""
    money_in = sum(line.money_in for line in lines)
    money_out = sum(line.money_out for line in lines)
    places = [line.best for line in lines if line.best is not None]
    if not (money_in or money_out or places):
        return None  # registered, or refunded: not a night played
    results = event.results
    if event.cash:
        won, cashed = False, money_out > money_in
    else:
        won = 1 in places
        cashed = sum(line.prize for line in lines) > 0
    return Night(
        event=results.event,
        name=results.name,
        date=results.date,
        cash=event.cash,
        money_in=money_in,
        money_out=money_out,
        won=won,
        cashed=cashed,
    )


def lifetime_lines(
    events: Iterable[PlayedEvent],
    *,
    names: Mapping[PlayerId, str] | None = None,
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> list[LifetimeLine]:
    """Every player's lifetime figures, best net first.

    ``same`` maps a merged roster record to the one kept (a person counts once,
    even on a night both records played); ``names`` gives each kept record's name
    (the name on the night's results otherwise)."""
    same = same or {}
    names = names or {}
    nights: dict[PlayerId, list[Night]] = {}
    seen_names: dict[PlayerId, str] = {}
    for event in events:
        mine: dict[PlayerId, list[ResultLine]] = {}
        for line in event.results.lines:
            key = same.get(line.player, line.player)
            mine.setdefault(key, []).append(line)
            seen_names.setdefault(key, line.name)
        for key, lines in mine.items():
            night = _night(event, lines)
            if night is not None:
                nights.setdefault(key, []).append(night)
    result = [
        summed(player, names.get(player, seen_names.get(player, "")), played)
        for player, played in nights.items()
    ]
    result.sort(key=lambda line: (-line.net, name_order(line.name), line.player))
    return result


def _order(night: Night) -> tuple[str, bool, int]:
    # Undated nights first; imported events (numbered below zero) sort among
    # the others by their date.
    return (night.date, night.cash, night.event)


def summed(player: PlayerId, name: str, played: Iterable[Night]) -> LifetimeLine:
    """One player's figures from his nights (in any order)."""
    ordered = sorted(played, key=_order)
    streak = 0
    for night in ordered:
        streak = streak + 1 if night.cashed else 0
    best = max(ordered, key=lambda night: night.net, default=None)
    up = best is not None and best.net > 0
    return LifetimeLine(
        player=player,
        name=name,
        tournaments=sum(1 for night in ordered if not night.cash),
        cash_games=sum(1 for night in ordered if night.cash),
        money_in=sum(night.money_in for night in ordered),
        money_out=sum(night.money_out for night in ordered),
        wins=sum(1 for night in ordered if night.won),
        cashes=sum(1 for night in ordered if night.cashed),
        biggest_win=best.net if best is not None and up else 0,
        biggest_win_event=best.name if best is not None and up else "",
        streak=streak,
        last_date=ordered[-1].date if ordered else "",
    )


# -- reading the database ------------------------------------------------------


def cash_results(state: TournamentState, event: int) -> EventResults:
    """A cash game as lifetime results read it: each player who has cashed out and
    left, with what he bought and what he cashed out."""
    from director.core.ledger import settle
    from director.core.players import EntrantStatus

    settlement = settle(state.players, state.ledger)
    lines = tuple(
        ResultLine(
            player=result.player,
            name=state.players[result.player].name,
            best=None,
            worst=None,
            money_in=result.bought + result.rake,  # the house's charges are his cost too
            money_out=result.cashed_out,
        )
        for result in settlement.results
        # Still at the table: his night is not over (his chips are not counted yet).
        if state.players[result.player].status is EntrantStatus.LEFT
    )
    return EventResults(
        event=event,
        name=state.name,
        date=state.event_date,
        entrants=len(lines),
        entries=len(lines),
        paid=0,
        buy_in=0,
        lines=lines,
    )


def played_events(database: Database) -> list[PlayedEvent]:
    """Every night of ``database``: finished tournaments (from their results
    summaries), every league's imported past results, and cash games (each read
    from its log, never written). A damaged event is left out (opening it says why)."""
    from director.app.club.balances import kept_cash_results
    from director.app.club.leagues import Leagues
    from director.app.storage.library import Library
    from director.core.errors import RuleViolation
    from director.core.kinds import EventKind
    from director.persistence.db import StoreError

    leagues = Leagues(database)
    events = [PlayedEvent(results) for results in leagues.finished_events()]
    for league in leagues.all():
        events += [PlayedEvent(results) for results in leagues.imported_events(league.id)]
    library = Library(database)
    # Each cash game's results as kept beside its night; one kept by an older version
    # (or not yet) is replayed from its log.
    kept = kept_cash_results(database)
    for summary in library.events():
        if summary.kind is not EventKind.CASH or summary.damaged:
            continue
        if summary.id in kept:
            events.append(PlayedEvent(kept[summary.id], cash=True))
            continue
        try:
            session = library.read(summary.id)
        except (StoreError, RuleViolation):
            continue
        try:
            events.append(PlayedEvent(cash_results(session.state, summary.id), cash=True))
        finally:
            session.close()
    return events


def lifetime_results(database: Database) -> list[LifetimeLine]:
    """Every roster player's lifetime figures in ``database``, best net first
    (merged records counted as the one kept, under its name)."""
    from director.app.club.leagues import Leagues

    same, names = Leagues(database).merges()
    return lifetime_lines(played_events(database), names=names, same=same)


def player_lifetime(database: Database, player: PlayerId) -> LifetimeLine | None:
    """One roster player's lifetime figures (following merges); None when he has
    played no night."""
    from director.app.club.leagues import Leagues

    same, _names = Leagues(database).merges()
    kept = same.get(player, player)
    return next((line for line in lifetime_results(database) if line.player == kept), None)
