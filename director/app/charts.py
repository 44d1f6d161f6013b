"""The numbers behind a night's and a season's charts, for every renderer.

One set of chart data, built here from the state (a night) or the league's
standings (a season), drawn by the HTML page as SVG and by any other renderer
the same way: no renderer counts players or points itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from director.app.leagues import Leagues, SeasonTable
from director.core.ids import Instant, PlayerId
from director.core.leagues import EventResults, PointsRule, points_after_each
from director.core.players import MovementKind
from director.core.state import TournamentState

ENTRIES = frozenset({MovementKind.BUY_IN, MovementKind.REENTRY})


@dataclass(frozen=True)
class NightPoint:
    """The night after one entry, re-buy or bust: the time and the counts so far."""

    at: Instant
    players_left: int
    entries: int
    rebuys: int
    chips: int
    """Chips in play (every chip sold so far)."""

    @property
    def average_stack(self) -> int:
        """Chips in play shared among the players left (0 when nobody is left)."""
        return self.chips // self.players_left if self.players_left else 0


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


def night_chart(state: TournamentState) -> NightChart:
    """The night's counts after each entry, re-buy and bust, in the log's order.

    A bust record knows how many ledger movements came before it in the log, so
    the two lists merge in the order they happened even if the laptop's clock
    was set back; an older log without that count falls back on the times.
    """
    changes: list[tuple[int, int, Instant, int, int, int, int]] = []
    # (movements before, 1 for a movement / 0 for a bust: a bust after n movements
    # comes before movement n, time, Δleft, Δentries, Δrebuys, Δchips)
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
        changes.append((index, 1, movement.at, left, entries, rebuys, movement.chips))
    knockouts: list[Knockout] = []
    for record in state.busts:
        order = record.after_movements
        if order < 0:
            order = sum(1 for movement in state.ledger if movement.at <= record.at)
        changes.append((order, 0, record.at, -len(record.busts), 0, 0, 0))
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
    for _order, _kind, at, d_left, d_entries, d_rebuys, d_chips in changes:
        left, entries, rebuys, chips = (
            left + d_left,
            entries + d_entries,
            rebuys + d_rebuys,
            chips + d_chips,
        )
        points.append(NightPoint(at, max(left, 0), entries, rebuys, chips))
    return NightChart(tuple(points), tuple(knockouts))


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
