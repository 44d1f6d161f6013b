"""The numbers behind a night's and a season's charts, for every renderer.

One set of chart data, built here from the state (a night) or the league's
standings (a season), drawn by the HTML page as SVG and by any other renderer
the same way: no renderer counts players or points itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from director.app.club.leagues import Leagues, SeasonTable
from director.core.apply import fold
from director.core.clock import blinds_level, view
from director.core.events import Event
from director.core.ids import Instant, PlayerId
from director.core.leagues import (
    EventResults,
    PointsRule,
    player_history,
    points_after_each,
)
from director.core.players import BustRecord, Movement, MovementKind
from director.core.state import TournamentState
from director.core.structure import Level

if TYPE_CHECKING:
    from director.app.night.session import TournamentSession

ENTRIES = frozenset({MovementKind.BUY_IN, MovementKind.REENTRY})

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9", "#000000", "#F0E442")
"""Okabe and Ito's colours, told apart by the colour-blind: every chart draws its
lines in this order (the SVG pages, the console's charts and the PDFs)."""
RACE_LINES = 8
"""Players drawn in a points race: the leaders (the tables list everyone)."""


@dataclass(frozen=True)
class NightPoint:
    """The night after one entry, re-buy or bust: the time and the counts so far."""

    at: Instant
    players_left: int
    entries: int
    rebuys: int
    chips: int
    """Chips in play (every chip sold so far)."""
    big_blind: int | None = None
    """The big blind in force then (None: not known, see ``NightBlinds``)."""

    @property
    def average_stack(self) -> int:
        """Chips in play shared among the players left (0 when nobody is left)."""
        return self.chips // self.players_left if self.players_left else 0

    @property
    def average_big_blinds(self) -> float | None:
        """The average stack in big blinds, to draw (None: the big blind is not known)."""
        if not self.big_blind or not self.players_left:
            return None
        return self.average_stack / self.big_blind


@dataclass(frozen=True)
class Knockout:
    """One player out, and who knocked them out (None: nobody recorded)."""

    at: Instant
    player: str
    by: str | None


@dataclass(frozen=True)
class NightChart:
    points: tuple[NightPoint, ...]
    knockouts: tuple[Knockout, ...]


def night_chart(
    state: TournamentState, blinds: Mapping[Movement | BustRecord, int | None] | None = None
) -> NightChart:
    """The night's counts after each entry, re-buy and bust, in the log's order.

    A bust record knows how many ledger movements came before it in the log, so
    the two lists merge in the order they happened even if the laptop's clock
    was set back; an older log without that count falls back on the times.
    ``blinds``: the big blind when each movement and bust was recorded (from
    ``NightBlinds``; without it the points have no big blind).
    """
    blinds = blinds or {}
    changes: list[tuple[int, int, Instant, int, int, int, int, int | None]] = []
    # (movements before, 1 for a movement / 0 for a bust: a bust after n movements
    # comes before movement n, time, Δleft, Δentries, Δrebuys, Δchips, big blind)
    for index, movement in enumerate(state.ledger):
        left = entries = rebuys = 0
        if movement.kind in ENTRIES:
            left, entries = 1, 1
        elif movement.kind is MovementKind.REBUY:
            rebuys = 1
            left = 1 if movement.revived else 0
        elif movement.kind is MovementKind.REFUND and movement.refunded in ENTRIES:
            left, entries = -1, -1
        elif movement.kind is MovementKind.REFUND and movement.refunded is MovementKind.REBUY:
            rebuys = -1
        elif not movement.chips:
            continue
        changes.append(
            (index, 1, movement.at, left, entries, rebuys, movement.chips, blinds.get(movement))
        )
    knockouts: list[Knockout] = []
    for record in state.busts:
        order = record.after_movements
        if order < 0:
            order = sum(1 for movement in state.ledger if movement.at <= record.at)
        changes.append((order, 0, record.at, -len(record.busts), 0, 0, 0, blinds.get(record)))
        for bust in record.busts:
            knockouts.append(
                Knockout(
                    at=record.at,
                    player=state.player_name(bust.player),
                    by=state.player_name(bust.eliminator) if bust.eliminator else None,
                )
            )
    changes.sort(key=lambda change: (change[0], change[1]))
    points: list[NightPoint] = []
    left = entries = rebuys = chips = 0
    for _order, _kind, at, d_left, d_entries, d_rebuys, d_chips, big_blind in changes:
        left, entries, rebuys, chips = (
            left + d_left,
            entries + d_entries,
            rebuys + d_rebuys,
            chips + d_chips,
        )
        points.append(NightPoint(at, max(left, 0), entries, rebuys, chips, big_blind))
    return NightChart(tuple(points), tuple(knockouts))


def steps(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """A count drawn as steps over time: it holds its value until the next change
    (every renderer that draws the night over time draws it so)."""
    drawn: list[tuple[float, float]] = []
    for x, y in points:
        if drawn:
            drawn.append((x, drawn[-1][1]))
        drawn.append((x, y))
    return drawn


Recorded = Movement | BustRecord


def _big_blind(state: TournamentState, at: Instant) -> int | None:
    """The big blind in force at ``at``; on a break, the last level's (the stacks
    are measured against what was just played, not the first level's)."""
    shown = view(state.clock, state.structure, at)
    level = shown.in_force
    if level is None and shown.started:
        played = state.structure.items[: shown.index + 1]
        level = next((item for item in reversed(played) if isinstance(item, Level)), None)
    if level is None:
        level = blinds_level(state.clock, state.structure, at)
    return level.big_blind if level is not None else None


def _note_new(state: TournamentState, known: dict[Recorded, int | None]) -> None:
    """The big blind at each movement and bust of ``state`` not in ``known`` yet,
    from ``state``'s clock: right for those its last command recorded (the new ones
    are at the end of each list, so the look stops at the first known)."""
    lists: tuple[tuple[Recorded, ...], ...] = (state.ledger, state.busts)
    for records in lists:
        for record in reversed(records):
            if record in known:
                break
            known[record] = _big_blind(state, record.at)


def blinds_in_log(groups: Iterable[Sequence[Event]]) -> dict[Recorded, int | None]:
    """The big blind at each movement and bust, from the clock as it stood right
    after the command that recorded it: the state keeps only the clock's latest
    anchor, so a past level comes from folding the log again, command by command."""
    known: dict[Recorded, int | None] = {}
    state = TournamentState()
    for events in groups:
        state = fold(events, state)
        _note_new(state, known)
    return known


class NightBlinds:
    """The big blind at each point of an open event's night chart, kept as the night
    goes: the log is folded again once (and after an undo that a redo does not
    explain); a new command's records take the clock as it stands after it."""

    def __init__(self, session: TournamentSession) -> None:
        self._session = session
        self._known: dict[Recorded, int | None] = {}
        self._done: tuple[int, ...] | None = None

    def chart(self) -> NightChart:
        """The night chart of the session's state, each point with its big blind."""
        session = self._session
        state = session.state
        done = session.history.done
        seen = self._done
        if seen is None:
            self._known = blinds_in_log(session.groups_in_force())
        elif len(done) == len(seen) + 1 and done[:-1] == seen:
            _note_new(state, self._known)  # one command more: its clock is the state's
        elif done != seen and seen[: len(done)] != done:
            # Commands replaced (not only undone): the log tells each record's clock.
            # An undo keeps the records known that the state no longer has: harmless,
            # and a redo finds them again.
            self._known = blinds_in_log(session.groups_in_force())
        self._done = done
        return night_chart(state, self._known)


@dataclass(frozen=True)
class RaceLine:
    """One player's season points after each event (one number per event)."""

    player: PlayerId
    name: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class PointsRace:
    events: tuple[str, ...]
    """Each event's name, in the season's order."""
    lines: tuple[RaceLine, ...]
    """Every ranked player, the leader first (the order of the final standings)."""


def points_race(
    rule: PointsRule,
    events: Sequence[EventResults],
    *,
    names: Mapping[PlayerId, str] | None = None,
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> PointsRace:
    """Each player's points (hundredths) in the standings after each event of the season.

    The standings after the first k events, for every k: one implementation of
    the points rule (the core's), so the race's last point is the table itself.
    """
    final, after_each = points_after_each(rule, events, names=names, same=same)
    lines = tuple(
        RaceLine(line.player, line.name, tuple(after.get(line.player, 0) for after in after_each))
        for line in final
    )
    return PointsRace(tuple(event.name for event in events), lines)


def season_race(leagues: Leagues, table: SeasonTable) -> PointsRace:
    """The points race of a season's table, a merged player counted once as there."""
    same, names = leagues.merges()
    return points_race(table.league.rule, table.events, names=names, same=same)


@dataclass(frozen=True)
class PlayerEvent:
    """One event of a player's season: the place, the money and the totals after it."""

    name: str
    date: str
    best: int | None
    """The place (the best of a tie; None: no place)."""
    net: int
    """Money out less money in at this event (minor units)."""
    total: int
    """The season's net so far, this event included."""
    points: int
    """The player's season points (hundredths) after this event."""


@dataclass(frozen=True)
class PlayerSeason:
    player: PlayerId
    name: str
    events: tuple[PlayerEvent, ...]
    """The events the player played, in the season's order."""


def player_season(
    race: PointsRace,
    events: Sequence[EventResults],
    player: PlayerId,
    *,
    name: str = "",
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> PlayerSeason:
    """One player's results and money over a season: each event played, its place
    and net, the net so far and the points after it (the race's, so the last one is
    the player's line in the standings)."""
    same = same or {}
    kept = same.get(player, player)
    after = next((line.points for line in race.lines if line.player == kept), ())
    index = {event.event: number for number, event in enumerate(events)}
    total = 0
    played = []
    for line in sorted(player_history(kept, events, same=same), key=lambda line: index[line.event]):
        total += line.net
        number = index[line.event]
        played.append(
            PlayerEvent(
                name=line.name,
                date=line.date,
                best=line.best,
                net=line.net,
                total=total,
                points=after[number] if number < len(after) else 0,
            )
        )
    return PlayerSeason(kept, name, tuple(played))


def season_player(
    leagues: Leagues, table: SeasonTable, race: PointsRace, player: PlayerId
) -> PlayerSeason:
    """``player_season`` for a roster player in a season's table (merged records once)."""
    same, names = leagues.merges()
    kept = same.get(player, player)
    return player_season(race, table.events, kept, name=names.get(kept, ""), same=same)
