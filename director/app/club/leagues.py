"""Leagues and seasons over the events of one database, players' history, and
imports (each one undone as a whole).

Standings come from each finished tournament's results summary (written with
its log); a summary missing or older than the log is rebuilt by reading the
event, which never writes to the event itself.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from director.app.club.names import fold
from director.app.club.roster import Roster
from director.app.night.timesource import Now, wall_clock
from director.core.decide import clean_name
from director.core.errors import RuleViolation, require
from director.core.ids import PlayerId
from director.core.leagues import (
    RESULTS_FORMAT,
    EventResults,
    HistoryLine,
    PointsRule,
    ResultLine,
    Standing,
    decode_results,
    encode_results,
    event_points,
    event_results,
    player_history,
    season_pot,
    standings,
)
from director.core.leagues import usual_buy_in as buy_in_of
from director.core.state import TournamentState
from director.persistence import league_store as sql
from director.persistence.db import Database, StoreError

IMPORTED = -1
"""Imported events are numbered below zero, apart from the database's events."""
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass(frozen=True)
class League:
    id: int
    name: str
    rule: PointsRule


@dataclass(frozen=True)
class Season:
    id: int
    league: int
    name: str
    start: str = ""
    end: str = ""
    chosen: tuple[int, ...] = ()
    """Events counted whatever their date (an imported event by its number below zero,
    as ``EventResults.event`` numbers it)."""
    excluded: tuple[int, ...] = ()
    """Events never counted (the final; an imported event kept out)."""


@dataclass(frozen=True)
class SeasonTable:
    """A season's standings and what they were computed from."""

    league: League
    season: Season | None
    events: tuple[EventResults, ...]
    rows: tuple[Standing, ...]
    pot: int


def check_date(value: str) -> str:
    value = value.strip()
    if value:
        import datetime

        try:
            require(bool(_DATE.match(value)), "date_invalid", value=value)
            datetime.date.fromisoformat(value)
        except ValueError:
            raise RuleViolation("date_invalid", value=value) from None
    return value


def rule_to_json(rule: PointsRule) -> str:
    return json.dumps(dataclasses.asdict(rule), ensure_ascii=False)


def rule_from_json(text: Any) -> PointsRule:
    data = sql.loads(text)
    if not isinstance(data, dict):
        return PointsRule()
    known = {field.name for field in dataclasses.fields(PointsRule)}
    values = {key: value for key, value in data.items() if key in known}
    for name in ("table", "guests"):
        if name in values:
            values[name] = tuple(values[name])
    try:
        return PointsRule(**values).check()
    except (RuleViolation, TypeError):
        return PointsRule()


class Leagues:
    """The leagues of ``database``.

    The standings' reads go through the driver's own connection (``reading``): the
    TV's live league table reads them when a night opens, before anything needs
    SQLAlchemy, and a database file only followed (``director serve``) has no other.
    """

    def __init__(self, database: Database, *, clock: Now = wall_clock) -> None:
        self.database = database
        self._clock = clock

    # -- leagues and seasons -------------------------------------------------------

    def all(self) -> list[League]:
        with self.database.reading() as connection:
            found = sql.rows(connection, "SELECT id, name, rule FROM league ORDER BY name, id")
        return [League(id=row[0], name=row[1], rule=rule_from_json(row[2])) for row in found]

    def get(self, key: int | str) -> League:
        """A league by number or by name (``RuleViolation("league_unknown")``)."""
        text = str(key).strip()
        for league in self.all():
            if str(league.id) == text or fold(league.name) == fold(text):
                return league
        raise RuleViolation("league_unknown", league=text)

    def create(self, name: str, rule: PointsRule | None = None) -> League:
        name = name.strip()
        require(bool(name), "league_name_empty")
        name = clean_name(name)
        rule = (rule or PointsRule()).check()
        require(
            all(fold(league.name) != fold(name) for league in self.all()),
            "league_name_taken",
            league=name,
        )
        with self.database.write() as connection:
            league_id = sql.insert(
                connection,
                "INSERT INTO league (name, name_key, rule, created_at) VALUES (:n, :k, :r, :at)",
                {"n": name, "k": fold(name), "r": rule_to_json(rule), "at": self._clock()},
            )
        return League(id=league_id, name=name, rule=rule)

    def set_rule(self, league: int, rule: PointsRule) -> League:
        rule.check()
        current = self.get(league)
        with self.database.write() as connection:
            sql.execute(
                connection,
                "UPDATE league SET rule = :r WHERE id = :id",
                {"r": rule_to_json(rule), "id": current.id},
            )
        return dataclasses.replace(current, rule=rule)

    def set_guest(self, league: int, player: PlayerId, guest: bool) -> League:
        """Mark ``player`` a guest of ``league`` (plays, earns no points, is not
        ranked) or a member again; kept in the league's rule."""
        current = self.get(league)
        guests = [one for one in current.rule.guests if one != int(player)]
        if guest:
            guests.append(int(player))
        return self.set_rule(
            current.id, dataclasses.replace(current.rule, guests=tuple(sorted(guests)))
        )

    def seasons(self, league: int) -> list[Season]:
        with self.database.reading() as connection:
            found = sql.rows(
                connection,
                "SELECT id, league_id, name, start_date, end_date FROM season "
                "WHERE league_id = :l ORDER BY start_date, id",
                {"l": league},
            )
            chosen = sql.rows(
                connection,
                "SELECT e.season_id, e.tournament_id, e.counted FROM season_event e "
                "JOIN season s ON s.id = e.season_id WHERE s.league_id = :l "
                "ORDER BY e.tournament_id",
                {"l": league},
            )
            # Imported events are numbered below zero (see ``IMPORTED``).
            chosen += [
                (row[0], -row[1], row[2])
                for row in sql.rows(
                    connection,
                    "SELECT i.season_id, i.imported_event_id, i.counted FROM season_import i "
                    "JOIN season s ON s.id = i.season_id WHERE s.league_id = :l "
                    "ORDER BY i.imported_event_id",
                    {"l": league},
                )
            ]
        result = []
        for row in found:
            mine = [item for item in chosen if item[0] == row[0]]
            result.append(
                Season(
                    id=row[0],
                    league=row[1],
                    name=row[2],
                    start=row[3],
                    end=row[4],
                    chosen=tuple(item[1] for item in mine if item[2]),
                    excluded=tuple(item[1] for item in mine if not item[2]),
                )
            )
        return result

    def season(self, league: int, key: int | str | None = None) -> Season | None:
        """A season of ``league`` by number or name; the latest when ``key`` is None
        (None if the league has no season)."""
        seasons = self.seasons(league)
        if key is None:
            return seasons[-1] if seasons else None
        text = str(key).strip()
        for season in seasons:
            if str(season.id) == text or fold(season.name) == fold(text):
                return season
        raise RuleViolation("season_unknown", season=text)

    def add_season(self, league: int, name: str, start: str = "", end: str = "") -> Season:
        self.get(league)
        name = name.strip()
        require(bool(name), "season_name_empty")
        name = clean_name(name)
        start, end = check_date(start), check_date(end)
        require(not (start and end) or start <= end, "season_dates_reversed", start=start, end=end)
        with self.database.write() as connection:
            season_id = sql.insert(
                connection,
                "INSERT INTO season (league_id, name, start_date, end_date, created_at) "
                "VALUES (:l, :n, :s, :e, :at)",
                {"l": league, "n": name, "s": start, "e": end, "at": self._clock()},
            )
        return Season(id=season_id, league=league, name=name, start=start, end=end)

    def choose_event(self, season: int, event: int, counted: bool | None) -> None:
        """Count ``event`` in ``season`` whatever its date (True), never count it
        (False), or go back to its date deciding (None). ``event`` below zero is a past
        event imported into the season's league (``EventResults.event``)."""
        if event < 0:
            table, column, key = "season_import", "imported_event_id", -event
            with self.database.read() as connection:
                found = sql.rows(
                    connection,
                    "SELECT 1 FROM imported_event i JOIN season s ON s.league_id = i.league_id "
                    "WHERE i.id = :i AND s.id = :s",
                    {"i": key, "s": season},
                )
            require(bool(found), "event_not_in_league", event=event)
        else:
            table, column, key = "season_event", "tournament_id", event
        with self.database.write() as connection:
            sql.execute(
                connection,
                f"DELETE FROM {table} WHERE season_id = :s AND {column} = :t",
                {"s": season, "t": key},
            )
            if counted is not None:
                sql.execute(
                    connection,
                    f"INSERT INTO {table} (season_id, {column}, counted) VALUES (:s, :t, :c)",
                    {"s": season, "t": key, "c": counted},
                )

    # -- results ---------------------------------------------------------------------

    def finished_events(
        self, wanted: Callable[[int, str], bool] | None = None
    ) -> list[EventResults]:
        """Every finished tournament's results, from the summaries; a summary
        missing, out of date, or written by older results logic (``RESULTS_FORMAT``)
        is rebuilt from the event's log (and kept, unless
        the database is read-only). The event itself is never written to.
        ``wanted(event, date)`` picks events before their results are read."""
        with self.database.reading() as connection:
            found = sql.finished_events(connection)
        results: list[EventResults] = []
        stale: list[tuple[int, int]] = []
        for event_id, _name, date, last_entry, summary_entry, data, results_format in found:
            if wanted is not None and not wanted(event_id, date if isinstance(date, str) else ""):
                continue
            decoded = None
            # Written up to the last entry, by the results logic of today.
            if summary_entry == last_entry and results_format == RESULTS_FORMAT:
                raw = sql.loads(data)
                try:
                    decoded = decode_results(raw) if isinstance(raw, dict) else None
                except ValueError:
                    decoded = None
            if decoded is None:
                stale.append((event_id, last_entry))
            else:
                results.append(decoded)
        for event_id, last_entry in stale:
            rebuilt = self._rebuild(event_id, last_entry)
            if rebuilt is not None:
                results.append(rebuilt)
        results.sort(key=lambda item: (item.date, item.event))
        return results

    def _rebuild(self, event_id: int, last_entry: int) -> EventResults | None:
        from director.app.night.session import TournamentSession

        try:
            # Only to read it: no lease (another copy may be writing it), no snapshot.
            session = TournamentSession(self.database, event_id, clock=self._clock, reading=True)
        except (StoreError, RuleViolation):
            return None  # a damaged event is left out; opening it says why
        results = event_results(session.state, event_id)
        session.close()
        if not self.database.readonly:
            with self.database.write() as connection:
                sql.save_summary(
                    connection, event_id, last_entry, encode_results(results), RESULTS_FORMAT
                )
        return results

    def imported_events(self, league: int) -> list[EventResults]:
        with self.database.reading() as connection:
            found = sql.rows(
                connection,
                "SELECT id, data FROM imported_event WHERE league_id = :l ORDER BY event_date, id",
                {"l": league},
            )
        events = []
        for row_id, data in found:
            raw = sql.loads(data)
            try:
                if isinstance(raw, dict):
                    events.append(dataclasses.replace(decode_results(raw), event=-row_id))
            except ValueError:
                continue
        return events

    def season_events(self, league: int, season: Season | None) -> list[EventResults]:
        """The events a season counts: those dated in its range or chosen, less
        those excluded, with the past results imported into the league."""
        if season is None:
            return self.finished_events() + self.imported_events(league)
        chosen, excluded = set(season.chosen), set(season.excluded)

        def counted(event: int, date: str) -> bool:
            if event in excluded:
                return False
            if event in chosen:
                return True
            return self.dated_in(season, date)

        found = self.finished_events(counted) + [
            item for item in self.imported_events(league) if counted(item.event, item.date)
        ]
        found.sort(key=lambda item: (item.date, item.event))
        return found

    @staticmethod
    def dated_in(season: Season, date: str) -> bool:
        """Whether an event of ``date`` counts in ``season`` by its date (unless
        chosen or kept out): the season has dates and ``date`` is within them."""
        if not (season.start or season.end) or not date:
            return False
        return (not season.start or date >= season.start) and (not season.end or date <= season.end)

    def now(self) -> int:
        """The time by this service's clock (milliseconds since 1970)."""
        return self._clock()

    def usual_buy_in(self, league: int, season: Season | None) -> int:
        """The buy-in most of the season's events had (all the league's events when
        ``season`` is None), for the formula's preview; 0 when none had one."""
        return buy_in_of(self.season_events(league, season))

    def merges(self) -> tuple[dict[PlayerId, PlayerId], dict[PlayerId, str]]:
        """Each roster record to the one kept (merged players count once), and the
        kept records' names."""
        with self.database.reading() as connection:
            players = sql.rows(connection, "SELECT id, name, merged_into FROM player")
        parent: dict[PlayerId, PlayerId | None] = {row[0]: row[2] for row in players}
        same: dict[PlayerId, PlayerId] = {}
        for player_id in parent:
            kept = player_id
            seen = {kept}
            while (up := parent.get(kept)) is not None and up not in seen:
                kept = up
                seen.add(kept)
            if kept != player_id:
                same[player_id] = kept
        names = {row[0]: row[1] for row in players if row[2] is None}
        return same, names

    def table(self, league: int | str, season: int | str | None = None) -> SeasonTable:
        found = self.get(league)
        chosen = self.season(found.id, season)
        events = self.season_events(found.id, chosen)
        same, names = self.merges()
        rows = standings(found.rule, events, names=names, same=same)
        return SeasonTable(
            league=found,
            season=chosen,
            events=tuple(events),
            rows=tuple(rows),
            pot=season_pot(events),
        )

    def history(self, player: PlayerId) -> list[HistoryLine]:
        """One roster player's events, places, prizes, bounties and net, across all
        events and every league's imported results (merged records once)."""
        events = self.finished_events()
        for league in self.all():
            events += self.imported_events(league.id)
        same, _names = self.merges()
        return player_history(player, events, same=same)

    # -- imports -----------------------------------------------------------------------

    CLOCK_SKEW_MS = 24 * 3_600_000
    """Events changed this long before an import are read too when looking for its
    players (another laptop's clock may be behind)."""

    def players_used(self, players: set[PlayerId], *, since: int) -> list[tuple[str, str]]:
        """``(player's name, event's name)`` for each of ``players`` that an event
        changed since ``since`` holds (only the last import can be taken back, so no
        later import can name them). The events are only read, never written."""
        from director.app.night.session import TournamentSession

        if not players:
            return []
        with self.database.read() as connection:
            events = sql.rows(
                connection,
                "SELECT id FROM tournament WHERE updated_at >= :since ORDER BY id",
                {"since": since - self.CLOCK_SKEW_MS},
            )
        used: list[tuple[str, str]] = []
        for (event_id,) in events:
            try:
                session = TournamentSession(self.database, event_id, reading=True)
            except (StoreError, RuleViolation):
                continue  # a damaged event names nobody that can be read
            state = session.state
            used += [
                (state.players[player].name, state.name) for player in players & set(state.players)
            ]
        return used

    def import_results(self, league: int, events: Sequence[ImportedEvent]) -> int | None:
        """Store past events' results for ``league`` in one batch; returns its id, or
        None when there is nothing to import (then nothing is recorded: the last
        import, which "undo" takes back, stays the one before)."""
        self.get(league)
        if not events:
            return None
        roster = Roster(self.database, clock=self._clock)
        ids: dict[str, PlayerId] = {}
        for event in events:
            for line in event.lines:
                key = fold(line.name)
                if key not in ids:
                    found = roster.find(line.name)
                    ids[key] = found.id if found is not None else PlayerId(0)
        new_names: dict[str, str] = {}
        for event in events:
            for line in event.lines:
                if not ids[fold(line.name)]:
                    new_names.setdefault(fold(line.name), line.name)
        now = self._clock()
        with self.database.write() as connection:
            batch = sql.insert(
                connection,
                "INSERT INTO import_batch (kind, payload, created_at) "
                "VALUES ('results', '{}', :at)",
                {"at": now},
            )
            added = []
            for name in new_names.values():
                player_id = sql.insert(
                    connection,
                    "INSERT INTO player (name, name_key, nickname, contact, created_at) "
                    "VALUES (:n, :k, '', '', :at)",
                    {"n": name, "k": fold(name), "at": now},
                )
                ids[fold(name)] = PlayerId(player_id)
                added.append(player_id)
            for event in events:
                lines = tuple(
                    dataclasses.replace(line, player=ids[fold(line.name)]) for line in event.lines
                )
                results = EventResults(
                    event=0,
                    name=event.name,
                    date=event.date,
                    entrants=len(lines),
                    entries=len(lines),
                    paid=sum(1 for line in lines if line.prize > 0),
                    buy_in=event.buy_in,
                    lines=lines,
                )
                sql.execute(
                    connection,
                    "INSERT INTO imported_event (batch_id, league_id, name, event_date, data) "
                    "VALUES (:b, :l, :n, :d, :data)",
                    {
                        "b": batch,
                        "l": league,
                        "n": event.name,
                        "d": event.date,
                        "data": json.dumps(encode_results(results), ensure_ascii=False),
                    },
                )
            sql.execute(
                connection,
                "UPDATE import_batch SET payload = :p WHERE id = :b",
                {"p": json.dumps({"players": added}), "b": batch},
            )
        return batch

    def import_players(self, players: Iterable[tuple[str, str, str]]) -> int | None:
        """Add roster players ``(name, nickname, contact)`` in one batch; returns its id,
        or None when there is none to add (then nothing is recorded: the last import,
        which "undo" takes back, stays the one before). Names already in the roster
        must have been left out (see ``csv_io``)."""
        players = list(players)
        if not players:
            return None
        now = self._clock()
        with self.database.write() as connection:
            batch = sql.insert(
                connection,
                "INSERT INTO import_batch (kind, payload, created_at) "
                "VALUES ('players', '{}', :at)",
                {"at": now},
            )
            added = []
            for name, nickname, contact in players:
                added.append(
                    sql.insert(
                        connection,
                        "INSERT INTO player (name, name_key, nickname, contact, created_at) "
                        "VALUES (:n, :k, :nick, :c, :at)",
                        {"n": name, "k": fold(name), "nick": nickname, "c": contact, "at": now},
                    )
                )
            sql.execute(
                connection,
                "UPDATE import_batch SET payload = :p WHERE id = :b",
                {"p": json.dumps({"players": added}), "b": batch},
            )
        return batch

    def undo_import(self) -> str:
        """Take back the last import whole; returns its kind ("players" or "results").

        Refused (``import_players_in_use``, naming them and where) while a player it
        added plays in an event: taking them out of the roster would leave the event
        with a player the roster no longer knows."""
        with self.database.read() as connection:
            found = sql.rows(
                connection,
                "SELECT id, kind, payload, created_at FROM import_batch ORDER BY id DESC LIMIT 1",
            )
        require(bool(found), "import_nothing_to_undo")
        batch, kind, payload, created_at = found[0]
        data = sql.loads(payload)
        added = data.get("players", []) if isinstance(data, dict) else []
        used = self.players_used(
            {PlayerId(player) for player in added if isinstance(player, int)},
            since=created_at if isinstance(created_at, int) else 0,
        )
        if used:
            names = ", ".join(sorted({name for name, _where in used}, key=str.casefold))
            places = ", ".join(sorted({where for _name, where in used}, key=str.casefold))
            raise RuleViolation(
                "import_players_in_use", players=_first(names), events=_first(places)
            )
        with self.database.write() as connection:
            sql.execute(connection, "DELETE FROM imported_event WHERE batch_id = :b", {"b": batch})
            for player in added:
                # A player someone has since merged or used stays (only unused ones go).
                sql.execute(
                    connection,
                    "DELETE FROM player WHERE id = :p AND NOT EXISTS "
                    "(SELECT 1 FROM player o WHERE o.merged_into = :p)",
                    {"p": player},
                )
            sql.execute(connection, "DELETE FROM import_batch WHERE id = :b", {"b": batch})
        return str(kind)


def undone_text(kind: str) -> str:
    """What the user is told once ``undo_import`` took back an import of ``kind``."""
    from director.i18n import _

    if kind == "players":
        return _("Took back the last import of players.")
    return _("Took back the last import of past results.")


def nothing_new_text(kind: str) -> str:
    """What the user is told when a file holds nothing to import (nothing recorded)."""
    from director.i18n import _

    if kind == "players":
        return _("Nothing new to import: every player of the file is already in the roster.")
    return _("Nothing new to import: the file holds no results.")


def imported_text(kind: str, count: int) -> str:
    """ "Imported 3 players." / "Imported 1 event." """
    from director.i18n import ngettext

    if kind == "players":
        text = ngettext("Imported {count} player.", "Imported {count} players.", count)
    else:
        text = ngettext("Imported {count} event.", "Imported {count} events.", count)
    return text.format(count=count)


def _first(text: str, most: int = 120) -> str:
    """A list of names cut short for a message."""
    return text if len(text) <= most else text[: most - 1].rstrip(", ") + "…"


@dataclass(frozen=True)
class ImportedEvent:
    """A past event read from a results CSV file."""

    name: str
    date: str
    buy_in: int
    lines: tuple[ResultLine, ...]


# -- the live league table on the TV ----------------------------------------------------


@dataclass(frozen=True)
class LiveSeason:
    """The season a night counts for, with the season's other events read once (they
    do not change during the night): what the TV's live league table starts from."""

    league: League
    season: Season
    events: tuple[EventResults, ...]
    """The season's events but this night."""
    names: dict[PlayerId, str]
    same: dict[PlayerId, PlayerId]
    points: dict[int, dict[PlayerId, int]] = dataclasses.field(default_factory=dict)
    """Each of ``events``' points under the league's rule, worked out once a night."""


def live_season(leagues: Leagues, event: int, event_date: str) -> LiveSeason | None:
    """The first league's season (by league) that counts the event ``event`` dated
    ``event_date`` (chosen into it, or dated in it and not kept out); None when no
    season counts it."""
    for league in leagues.all():
        for season in leagues.seasons(league.id):
            if event in season.excluded:
                continue
            if event in season.chosen or leagues.dated_in(season, event_date):
                events = tuple(
                    item for item in leagues.season_events(league.id, season) if item.event != event
                )
                same, names = leagues.merges()
                cache: dict[tuple[int, int, Fraction, int, int, Fraction], int] = {}
                points = {
                    item.event: event_points(league.rule, item, cache=cache) for item in events
                }
                return LiveSeason(league, season, events, names, same, points)
    return None


def provisional_results(state: TournamentState, event: int) -> EventResults:
    """The night's results as they stand: the players out with their places, the
    players still in sharing the places left (1 to the number still in), as if the
    night ended now; players registered who never bought in are left out."""
    results = event_results(state, event)
    alive = set(state.alive())
    left = len(alive)
    lines = tuple(
        dataclasses.replace(line, best=1, worst=left) if line.player in alive else line
        for line in results.lines
        if line.player in alive or line.best is not None
    )
    return dataclasses.replace(results, lines=lines, entrants=len(lines))


def live_table(live: LiveSeason, state: TournamentState, event: int) -> list[Standing]:
    """The season's standings if it ended now: its other events and this night's
    provisional results (``provisional_results``), by the league's rule."""
    events = [*live.events, provisional_results(state, event)]
    events.sort(key=lambda item: (item.date, item.event))
    return standings(
        live.league.rule, events, names=live.names, same=live.same, worked_out=live.points
    )
