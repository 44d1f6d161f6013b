"""The club's bank: each roster player's balance across nights, the journal of
payments and write-offs, and settling up.

Balances are worked out, never stored: every event's ledger (replayed, only to
read it) gives a night's lines, the journal (``club_entry``) the rest, and
``director.core.club`` adds them up. A payment is an entry of its own and never
touches a night's log; an undo is one more entry. Each entry is written as the
one after the last this copy saw (``expected``): on a club's server two copies
recording the same payment at once leave one, the other is told the journal
changed (``club_journal_changed``) and sees the new balances.
"""

from __future__ import annotations

import datetime
import gc
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple, cast

from director.app.club.names import fold
from director.app.files.settings import PAYMENT_METHOD_MAX
from director.app.night.timesource import Now, wall_clock
from director.core.club import (
    CLUB,
    Entry,
    EntryKind,
    Line,
    Night,
    OpenNight,
    accounts,
    lines,
    night_open,
    redo_of,
    redoable,
    settle_up,
    split_expense,
    undo_of,
    undoable,
)
from director.core.errors import RuleViolation, require
from director.core.ids import PlayerId
from director.core.ledger import Payment
from director.core.money import MAX_MONEY
from director.i18n import _, format_date, format_money
from director.persistence import club_store
from director.persistence import league_store as sql
from director.persistence.db import Database, StoreError

METHOD_MAX = PAYMENT_METHOD_MAX
NOTE_MAX = 200
FIRST_JOURNAL_REVISION = "0013_club_journal"
FIRST_EXPENSES_REVISION = "0014_club_expenses"
FIRST_SPLIT_REVISION = "0015_expense_split"
SPLIT_ALL = "all"
SPLIT_HOURS = "hours"
SPLIT_CHOSEN = "chosen"
"""How an expense is split: everyone present at its night, by the time each played
in its cash game, or (asked with a list of players, kept as ``chosen``) between
chosen players. An expense recorded before the rule was kept has none ("")."""
NIGHT_FORMAT = 2
"""The logic that reads a night's money from its log (``night_amounts``), and a cash
game's results (``cash``, since 2): a night kept by an older one is read from its
log again."""


def method_label(method: str) -> str:
    """A way to pay as shown: the default ones in the user's language."""
    labels = {"cash": _("cash"), "bank transfer": _("bank transfer")}
    return labels.get(method, method)


@dataclass(frozen=True)
class PlayerBalance:
    """One roster player's account: positive ``balance``, the club owes him."""

    player: PlayerId
    name: str
    balance: int
    open: tuple[OpenNight, ...]
    lines: tuple[Line, ...]

    @property
    def owes(self) -> int:
        return max(0, -self.balance)

    @property
    def owed(self) -> int:
        return max(0, self.balance)

    @property
    def since(self) -> str:
        """The date of the oldest night still open ("" if none)."""
        return self.open[0].date if self.open else ""


@dataclass(frozen=True)
class ClubBalances:
    """Every open account, the club's own, the journal and the nights read."""

    players: tuple[PlayerBalance, ...]
    club: int
    entries: tuple[Entry, ...]
    nights: tuple[Night, ...]
    lines: tuple[Line, ...]
    names: dict[PlayerId, str]
    titles: dict[int, tuple[str, str]] = field(default_factory=dict)
    """``(date, name)`` of each event a shared expense belongs to and that has no
    ``Night`` here (its own money is square): its expenses may still be open."""

    @property
    def last_seq(self) -> int:
        return self.entries[-1].seq if self.entries else 0

    def get(self, player: PlayerId) -> PlayerBalance | None:
        return next((found for found in self.players if found.player == player), None)

    def night(self, event: int) -> Night | None:
        return next((found for found in self.nights if found.event == event), None)

    def title(self, event: int) -> str:
        """A night as its settle-up is titled ("Nov 14, 2026 — Friday"); "" if unknown."""
        night = self.night(event)
        if night is not None:
            date, name = night.date, night.name
        else:
            date, name = self.titles.get(event, ("", ""))
        return f"{format_date(date)} — {name}" if date else name

    def open_nights(self) -> list[tuple[int, str]]:
        """Each night money is still open from (its own, or its shared expenses'),
        oldest first, with its title: the nights one may settle up alone."""
        events = {night.event for player in self.players for night in player.open if night.event}
        dated = [(night.date, night.event) for night in self.nights if night.event in events]
        dated += [
            (date, event)
            for event, (date, _name) in self.titles.items()
            if event in events and self.night(event) is None
        ]
        return [(event, self.title(event)) for _date, event in sorted(dated)]

    def open_from(self, event: int) -> dict[PlayerId, int]:
        """What is still open from the night ``event``, per player, the club balancing
        it (``core.club.night_balances``, from the open nights already found)."""
        return night_open({player.player: player.open for player in self.players}, event)

    def name(self, party: PlayerId) -> str:
        return _("The club") if party == CLUB else self.names.get(party, f"#{party}")


def night_amounts(state: Any) -> dict[PlayerId, int]:
    """A night's money still to settle per player (positive: the bank owes him): his
    unpaid prize and bounties, or cash-game chips cashed and not paid out, less what
    he bought and did not pay."""
    from director.core.results import player_results

    amounts: dict[PlayerId, int] = {}
    for player, entrant in state.players.items():
        amounts[player] = -entrant.owed + (entrant.due if state.is_cash else 0)
    if not state.is_cash:
        for result in player_results(state):
            amounts[result.player] = amounts.get(result.player, 0) + result.due
    return {player: amount for player, amount in amounts.items() if amount}


def _day(moment: int) -> str:
    return datetime.datetime.fromtimestamp(moment / 1000).date().isoformat()


class ClubBook:
    """The club's balances and journal in ``database``."""

    def __init__(self, database: Database, *, clock: Now = wall_clock) -> None:
        self.database = database
        self._clock = clock
        self._nights: dict[int, tuple[Any, Night | None]] = {}
        """Each event's night, by the log's last entry it was read at."""
        self._unkept: dict[int, tuple[int, str, str, dict[PlayerId, int], Any]] = {}
        """The nights read from their logs and not kept yet: (last entry, name, date,
        amounts, a cash game's results or None)."""

    def now(self) -> int:
        """The book's clock (milliseconds since 1970)."""
        return self._clock()

    def today(self) -> str:
        return _day(self._clock())

    # -- reading ---------------------------------------------------------------------

    def nights(self, *, skip: int | None = None) -> list[Night]:
        """Every event that leaves money to settle, oldest first.

        Each night comes from what was kept of it (``club_night``) when that was read
        up to the event's last entry by today's logic, else from its log, replayed
        only to read it (and kept, unless the database is read-only). A damaged event
        is left out: opening it says why.
        """
        with self.database.read() as connection:
            journal = _has_journal(connection)
            if journal:
                rows = sql.rows(
                    connection,
                    "SELECT t.id, t.last_entry, t.created_at, n.last_entry, n.night_format, "
                    "n.data FROM tournament t LEFT JOIN club_night n ON n.tournament_id = t.id",
                )
            else:  # one schema older, read as it is: no nights kept
                rows = [
                    (*row, None, None, None)
                    for row in sql.rows(
                        connection, "SELECT id, last_entry, created_at FROM tournament"
                    )
                ]
        found: list[Night] = []
        stale: list[tuple[int, int, int]] = []
        decoded_all = _decode_all([row[5] for row in rows])
        for index, row in enumerate(rows):
            event, last_entry, created_at, kept_entry, night_format, data = row
            if type(event) is not int or type(last_entry) is not int or event == skip:
                continue
            cached = self._nights.get(event)
            night: Night | None
            if cached is not None and cached[0] == last_entry:
                night = cached[1]
            elif kept_entry == last_entry and night_format == NIGHT_FORMAT:
                decoded = _decode_night(event, data, decoded_all[index])
                if decoded is False or decoded is True:
                    stale.append((event, last_entry, created_at))
                    continue
                night = decoded
                if night is not None and not night.date and type(created_at) is int:
                    night = night._replace(date=_day(created_at))  # kept with no date
                self._nights[event] = (last_entry, night)
            else:
                stale.append((event, last_entry, created_at))
                continue
            if night is not None:
                found.append(night)
        for event, last_entry, created_at in stale:
            night = self._read_night(event, last_entry, created_at)
            if night is not None:
                found.append(night)
        found.sort(key=itemgetter(2, 0))  # (date, event), without a call per night
        return found

    def _read_night(self, event: int, last_entry: int, created_at: object) -> Night | None:
        """One night from its log, replayed only to read it. Nothing is written here
        (looking at the balances writes nothing): the next write of the club's
        journal keeps it, in its own transaction."""
        from director.app.night.session import TournamentSession

        try:
            session = TournamentSession(self.database, event, clock=self._clock, reading=True)
        except (StoreError, RuleViolation):
            return None
        state = session.state
        session.close()
        date = state.event_date or (_day(created_at) if type(created_at) is int else "")
        amounts = night_amounts(state)
        night = Night(event, state.name, date, amounts) if amounts else None
        self._nights[event] = (last_entry, night)
        self._unkept[event] = (last_entry, state.name, date, amounts, cash_lines(state))
        return night

    def _keep_nights(self, connection: Any) -> None:
        """In a write of the journal: keep the nights this book read from their logs."""
        for event, (last_entry, name, date, amounts, cash) in self._unkept.items():
            keep_night_row(connection, event, last_entry, name, date, amounts, cash)
        self._unkept.clear()

    def entries(self) -> list[Entry]:
        """The journal, in order."""
        with self.database.read() as connection:
            revision = _revision(connection)
            if revision < FIRST_JOURNAL_REVISION:
                return []
            # An older schema has no expenses (read as none), or does not keep how
            # they were split (read as "shares as given").
            extra = ", shares, event" if revision >= FIRST_EXPENSES_REVISION else ", '', NULL"
            extra += ", split" if revision >= FIRST_SPLIT_REVISION else ", ''"
            rows = sql.rows(
                connection,
                "SELECT seq, kind, payer, payee, amount, entry_date, method, note, undoes"
                f"{extra} FROM club_entry ORDER BY seq",
            )
        kinds = {kind.value: kind for kind in EntryKind}
        return [
            Entry(
                seq=int(seq),
                kind=kinds.get(kind) or EntryKind(kind),
                payer=PlayerId(payer or CLUB),
                payee=PlayerId(payee or CLUB),
                amount=int(amount),
                date=date,
                method=method,
                note=note,
                undoes=None if undoes is None else int(undoes),
                shares=_decode_shares(shares),
                event=None if event is None else int(event),
                split=split or "",
            )
            for (
                seq,
                kind,
                payer,
                payee,
                amount,
                date,
                method,
                note,
                undoes,
                shares,
                event,
                split,
            ) in rows
        ]

    def merges(self) -> tuple[dict[PlayerId, PlayerId], dict[PlayerId, str]]:
        """Each merged roster record to the one kept, and the kept records' names."""
        from director.app.club.leagues import Leagues

        return Leagues(self.database, clock=self._clock).merges()

    def balances(self, *, skip: int | None = None) -> ClubBalances:
        """Every player's balance now, with the nights it still comes from (all but
        the event ``skip``, if given)."""
        same, names = self.merges()
        # Tens of thousands of small tuples are made here and all kept: the
        # collector's passes while they are made would only walk them again and again
        # (a third of the time of a long season's page).
        paused = gc.isenabled()
        gc.disable()
        try:
            nights = self.nights(skip=skip)
            entries = self.entries()
            all_lines = lines(nights, entries, same)
            totals, by_party, opened = accounts(all_lines)
        finally:
            if paused:
                gc.enable()
        for party in by_party:  # a name the roster lacks (typed in the event only)
            if party != CLUB:
                names.setdefault(party, f"#{party}")
        players = tuple(
            PlayerBalance(
                player=party,
                name=names.get(party, f"#{party}"),
                balance=amount,
                open=tuple(opened[party]),
                lines=tuple(by_party[party]),
            )
            for party, amount in sorted(
                totals.items(), key=lambda item: fold(names.get(item[0], ""))
            )
            if party != CLUB
        )
        return ClubBalances(
            players=players,
            club=totals.get(CLUB, 0),
            entries=tuple(entries),
            nights=tuple(nights),
            lines=tuple(all_lines),
            names=names,
            titles=self._expense_nights(entries, nights),
        )

    def _expense_nights(
        self, entries: Sequence[Entry], nights: Sequence[Night]
    ) -> dict[int, tuple[str, str]]:
        """``ClubBalances.titles``: the date and name of each event an expense belongs
        to that left no money of its own (so is not among ``nights``)."""
        wanted = {entry.event for entry in entries if entry.event} - {n.event for n in nights}
        if not wanted:
            return {}
        with self.database.read() as connection:
            rows = sql.rows(connection, "SELECT id, name, event_date, created_at FROM tournament")
        titles = {}
        for event, name, event_date, created_at in rows:
            if event in wanted and isinstance(name, str):
                date = event_date if isinstance(event_date, str) and event_date else ""
                if not date and type(created_at) is int:
                    date = _day(created_at)
                titles[event] = (date, name)
        return titles

    # -- settling up -----------------------------------------------------------------

    def settle(self, event: int | None = None, found: ClubBalances | None = None) -> list[Payment]:
        """The fewest payments that clear every open balance, or one night's."""
        found = found or self.balances()
        if event is None:
            parties = {player.player: player.balance for player in found.players}
            if found.club:
                parties[CLUB] = found.club
        else:
            parties = found.open_from(event)
        return settle_up(parties)

    # -- recording -------------------------------------------------------------------

    def pay(
        self,
        payer: PlayerId,
        amount: int,
        *,
        payee: PlayerId = CLUB,
        method: str = "cash",
        date: str = "",
        note: str = "",
        expected: int | None = None,
    ) -> Entry:
        """Record that ``payer`` gave ``amount`` to ``payee`` (either may be the club)."""
        require(payer != payee, "payment_same_party")
        require(payer != CLUB or payee != CLUB, "payment_same_party")
        return self._record(
            EntryKind.PAYMENT, payer, payee, amount, method, date, note, expected=expected
        )

    def write_off(
        self,
        player: PlayerId,
        amount: int = 0,
        *,
        date: str = "",
        note: str = "",
        expected: int | None = None,
    ) -> Entry:
        """Forgive ``amount`` (all of it when 0) of ``player``'s balance: the club
        takes the loss of a debt, or keeps what it owed him."""
        found = self.balances()
        player, balance = self._open_balance(player, found)
        require(type(amount) is int and amount >= 0, "payment_amount_zero")
        amount = amount or abs(balance.balance)
        require(amount <= abs(balance.balance), "write_off_too_large", most=abs(balance.balance))
        payer, payee = (player, CLUB) if balance.balance < 0 else (CLUB, player)
        # The amount was checked against the journal read just now: written only if no
        # other copy wrote meanwhile, or the same debt could be forgiven twice.
        if expected is None:
            expected = found.last_seq
        return self._record(
            EntryKind.WRITE_OFF, payer, payee, amount, "", date, note, expected=expected
        )

    def expense(
        self,
        payer: PlayerId,
        amount: int,
        *,
        split: str | Sequence[PlayerId] = SPLIT_ALL,
        event: int | None = None,
        date: str = "",
        note: str = "",
        expected: int | None = None,
    ) -> Entry:
        """Record that ``payer`` paid ``amount`` for everyone (food, drinks, the venue):
        he is owed it all, each sharer owes his part (``core.club.split_expense``).

        ``split``: ``SPLIT_ALL``, everyone who bought in at the night ``event``;
        ``SPLIT_HOURS``, the players of the cash game ``event`` by the time each sat;
        or the chosen players. The parts are worked out now and written with the
        entry, so the expense never changes afterwards, whatever its night does.
        """
        require(type(amount) is int and amount > 0, "payment_amount_zero")
        same, names = self.merges()
        payer = same.get(payer, payer)
        require(payer in names, "player_unknown", player=str(payer))
        weights: dict[PlayerId, int] | None = None
        rule = split if isinstance(split, str) else SPLIT_CHOSEN
        if isinstance(split, str):
            require(split in (SPLIT_ALL, SPLIT_HOURS), "expense_split_unknown", split=split)
            require(event is not None, "expense_needs_night")
            assert event is not None
            state = self._event_state(event)
            present = {
                same.get(player, player): entrant.name
                for player, entrant in state.players.items()
                if entrant.entries > 0
            }
            if split == SPLIT_HOURS:
                from director.core.ledger import time_played

                require(state.is_cash, "expense_hours_cash_only")
                weights = {}
                for player, played in time_played(state.ledger, self._clock()).items():
                    kept_as = same.get(player, player)
                    weights[kept_as] = weights.get(kept_as, 0) + played
                present = {player: name for player, name in present.items() if player in weights}
            require(bool(present), "expense_nobody_to_share")
            sharers = [(player, names.get(player, name)) for player, name in present.items()]
            if not date:
                date = state.event_date or ""
        else:
            chosen = [same.get(player, player) for player in split]
            require(bool(chosen), "expense_nobody_to_share")
            require(len(set(chosen)) == len(chosen), "player_listed_twice")
            for player in chosen:
                require(player in names, "player_unknown", player=str(player))
            sharers = [(player, names[player]) for player in chosen]
            if event is not None:  # a night that exists, whose date it takes
                date = date or self._event_state(event).event_date or ""
        shares = split_expense(amount, sharers, weights)
        return self._record(
            EntryKind.EXPENSE,
            payer,
            CLUB,
            amount,
            "",
            date,
            note,
            expected=expected,
            shares=shares,
            event=event,
            split=rule,
        )

    def _event_state(self, event: int) -> Any:
        """An event's state, replayed only to read it."""
        from director.app.night.session import TournamentSession

        try:
            session = TournamentSession(self.database, event, clock=self._clock, reading=True)
        except StoreError:
            raise RuleViolation("event_unknown", event=event) from None
        state = session.state
        session.close()
        return state

    def undo(self, *, expected: int | None = None) -> Entry:
        """Take back the latest payment, write-off or expense not taken back yet, by an
        entry."""
        entries = self.entries()
        target = undoable(entries)
        require(target is not None, "club_nothing_to_undo")
        assert target is not None
        undo = undo_of(target, 0, self.today())
        return self._record(
            EntryKind.UNDO,
            undo.payer,
            undo.payee,
            undo.amount,
            undo.method,
            undo.date,
            "",
            undoes=target.seq,
            expected=expected,
            shares=undo.shares,
            event=undo.event,
            split=undo.split,
        )

    def redo(self, *, expected: int | None = None) -> Entry:
        """Record again the entry the latest undo took back (``core.club.redoable``):
        the same payment, write-off or expense, with its date, note and split.
        Refused as ``redo_refused`` says."""
        found = self.balances()
        entry, undo_seq = self._to_redo(found)
        if entry.kind is EntryKind.WRITE_OFF and expected is None:
            # Checked against the balances read just now: written only if no other
            # copy wrote meanwhile, as ``write_off`` does.
            expected = found.last_seq
        return self._record(
            entry.kind,
            entry.payer,
            entry.payee,
            entry.amount,
            entry.method,
            entry.date,
            entry.note,
            undoes=undo_seq,
            expected=expected,
            shares=entry.shares,
            event=entry.event,
            split=entry.split,
        )

    def redo_refused(self, found: ClubBalances | None = None) -> RuleViolation | None:
        """Why ``redo`` would be refused now, or None: the Club page enables its button
        on this and says why not (``found``: the balances, if read)."""
        try:
            self._to_redo(found or self.balances())
        except RuleViolation as refusal:
            return refusal
        return None

    def _to_redo(self, found: ClubBalances) -> tuple[Entry, int]:
        """The entry a redo records and the undo it takes back, or the refusal.

        A write-off is redone only while its player's balance still holds it, owed
        the same way round: a night may have changed since the undo (its prize paid,
        a debt settled in the event), and the club would forgive what is no longer
        owed.
        """
        undo = redoable(found.entries)
        require(undo is not None, "club_nothing_to_redo")
        assert undo is not None
        entry = redo_of(next(e for e in found.entries if e.seq == undo.undoes), undo, 0)
        if entry.kind is EntryKind.WRITE_OFF:
            player = entry.payee if entry.payer == CLUB else entry.payer
            _kept, balance = self._open_balance(player, found)
            # A debt forgiven: the player was the payer; a prize kept: the club was.
            same_way = balance.balance < 0 if entry.payee == CLUB else balance.balance > 0
            open_amount = abs(balance.balance) if same_way else 0
            require(entry.amount <= open_amount, "write_off_too_large", most=open_amount)
        return entry, undo.seq

    def _open_balance(
        self, player: PlayerId, found: ClubBalances
    ) -> tuple[PlayerId, PlayerBalance]:
        """The record kept for ``player`` (merged records count as one) and his
        balance, refused when nothing is open: what a write-off forgives."""
        same, _names = self.merges()
        player = same.get(player, player)
        balance = found.get(player)
        require(balance is not None, "nothing_to_write_off", player=found.name(player))
        assert balance is not None
        return player, balance

    def _record(
        self,
        kind: EntryKind,
        payer: PlayerId,
        payee: PlayerId,
        amount: int,
        method: str,
        date: str,
        note: str,
        *,
        undoes: int | None = None,
        expected: int | None = None,
        shares: tuple[tuple[PlayerId, int], ...] = (),
        event: int | None = None,
        split: str = "",
    ) -> Entry:
        require(type(amount) is int and amount > 0, "payment_amount_zero")
        require(amount <= MAX_MONEY, "payment_too_large", most=MAX_MONEY)
        method = " ".join(method.split())
        require(len(method) <= METHOD_MAX, "payment_method_too_long", most=METHOD_MAX)
        note = " ".join(note.split())[:NOTE_MAX]
        date = date or self.today()
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise RuleViolation("date_invalid", value=date) from None
        _same, names = self.merges()
        for party in (payer, payee, *(sharer for sharer, _part in shares)):
            require(party == CLUB or party in names, "player_unknown", player=str(party))
        found = club_store.append_entry(
            self.database,
            expected,
            {
                "kind": kind.value,
                "payer": None if payer == CLUB else int(payer),
                "payee": None if payee == CLUB else int(payee),
                "amount": amount,
                "method": method,
                "entry_date": date,
                "note": note,
                "undoes": undoes,
                "created_at": self._clock(),
                "shares": json.dumps([[int(p), part] for p, part in shares]) if shares else "",
                "event": event,
                "split": split,
            },
            self._keep_nights,
        )
        if found is None:  # another copy wrote an entry after the last one seen here
            raise RuleViolation("club_journal_changed")
        seq = found
        return Entry(
            seq, kind, payer, payee, amount, date, method, note, undoes, shares, event, split
        )

    # -- what the console says -------------------------------------------------------

    def open_from(self, event: int, found: ClubBalances | None = None) -> str:
        """The balances still coming from the night ``event``, in one phrase ("Ann owes
        €20.00; Cat is owed €60.00"), "" when nothing is open from it: what deleting
        it would take out of the club's balances (``found``: the balances, if read)."""
        found = found or self.balances()
        open_amounts = found.open_from(event)
        parts = []
        for party, amount in sorted(open_amounts.items(), key=lambda item: item[1]):
            if party == CLUB:
                continue
            name = found.name(party)
            if amount < 0:
                parts.append(
                    _("{player} owes {amount}").format(player=name, amount=format_money(-amount))
                )
            else:
                parts.append(
                    _("{player} is owed {amount}").format(player=name, amount=format_money(amount))
                )
        return _("; ").join(parts)

    def carry_over(self, player: PlayerId, event: int | None = None) -> str:
        """The line "Ann owes €20 from 14 November" for a player who still owes from
        another night than ``event`` ("" when he owes nothing from before)."""
        same, _names = self.merges()
        # Tonight's own buy-in is not a debt from before: its log is not even read.
        found = self.balances(skip=event)
        balance = found.get(same.get(player, player))
        return carry_over_text(balance, event)


def carry_over_text(balance: PlayerBalance | None, event: int | None = None) -> str:
    if balance is None or balance.balance >= 0:
        return ""
    before = [night for night in balance.open if night.event != event]
    owed = -sum(night.amount for night in before)
    if owed <= 0:
        return ""
    return _("{player} owes {amount} from {date}").format(
        player=balance.name, amount=format_money(owed), date=format_date(before[0].date)
    )


def keep_night_row(
    connection: Any,
    event: int,
    last_entry: int,
    name: str,
    date: str,
    amounts: dict[PlayerId, int],
    cash: list[list[Any]] | None = None,
) -> None:
    """Keep one night's money as read from its log up to ``last_entry`` (and, for a
    cash game, its results: ``cash_lines``)."""
    data: dict[str, Any] = {
        "name": name,
        "date": date,
        "amounts": [[int(player), amount] for player, amount in amounts.items()],
    }
    if cash is not None:
        data["cash"] = cash
    sql.run(
        connection,
        "INSERT INTO club_night (tournament_id, last_entry, night_format, data) "
        "VALUES (:t, :e, :f, :d) ON CONFLICT (tournament_id) DO UPDATE SET "
        "last_entry = excluded.last_entry, night_format = excluded.night_format, "
        "data = excluded.data",
        {"t": event, "e": last_entry, "f": NIGHT_FORMAT, "d": json.dumps(data)},
    )


def keep_night(connection: Any, event: int, last_entry: int, state: Any) -> None:
    """In the transaction of an event's snapshot: keep its money as it stands (the
    date is the event's own, or its creation day when read)."""
    keep_night_row(
        connection,
        event,
        last_entry,
        state.name,
        state.event_date,
        night_amounts(state),
        cash_lines(state),
    )


def cash_lines(state: Any) -> list[list[Any]] | None:
    """A cash game's results as kept beside the night, so that lifetime results do
    not replay every cash night: ``[player, name, money in, money out]`` for each
    player who has left (``app.club.lifetime.cash_results``); None for a tournament."""
    if not state.is_cash:
        return None
    from director.app.club.lifetime import cash_results

    return [
        [int(line.player), line.name, line.money_in, line.money_out]
        for line in cash_results(state, 0).lines
    ]


def kept_cash_results(database: Database) -> dict[int, Any]:
    """Each cash game's results (``EventResults``) as kept beside the night, for the
    games whose kept night is read up to their last entry by today's logic; a game
    missing here is read from its log."""
    from director.core.leagues import EventResults, ResultLine

    with database.read() as connection:
        if not _has_journal(connection):
            return {}
        rows = sql.rows(
            connection,
            "SELECT t.id, t.last_entry, t.name, t.event_date, n.last_entry, n.night_format, "
            "n.data FROM tournament t JOIN club_night n ON n.tournament_id = t.id "
            "WHERE t.kind = 'cash'",
        )
    found: dict[int, Any] = {}
    for event, last_entry, name, date, kept_entry, night_format, data in rows:
        if kept_entry != last_entry or night_format != NIGHT_FORMAT:
            continue
        try:
            raw = json.loads(data)
            lines = tuple(
                ResultLine(
                    player=PlayerId(int(player)),
                    name=str(player_name),
                    best=None,
                    worst=None,
                    money_in=int(money_in),
                    money_out=int(money_out),
                )
                for player, player_name, money_in, money_out in raw["cash"]
            )
        except (TypeError, ValueError, KeyError):
            continue  # read from its log instead
        found[int(event)] = EventResults(
            event=int(event),
            name=str(name),
            date=str(date or ""),
            entrants=len(lines),
            entries=len(lines),
            paid=0,
            buy_in=0,
            lines=lines,
        )
    return found


def _decode_all(texts: list[object]) -> list[object]:
    """Every kept night's JSON read at once (one parse, not thousands); None for a
    night not kept, and for all when one of them cannot be read (then each is read on
    its own)."""
    where = [index for index, text in enumerate(texts) if isinstance(text, str) and text]
    found: list[object] = [None] * len(texts)
    try:
        parsed = json.loads("[" + ",".join(str(texts[index]) for index in where) + "]")
    except (ValueError, RecursionError):
        return found
    if isinstance(parsed, list) and len(parsed) == len(where):
        for index, raw in zip(where, parsed, strict=True):
            found[index] = raw
    return found


def _decode_night(event: int, data: object, raw: Any = None) -> Night | bool | None:
    """A kept night (None: nothing open from it); False when it cannot be read."""
    if raw is None:
        raw = sql.loads(data)
    try:
        # PlayerId is int at run time: int() alone checks and converts (5,000 nights).
        amounts = cast(dict[PlayerId, int], {int(p): int(a) for p, a in raw["amounts"]})
        name, date = raw["name"], raw["date"]
    except (TypeError, ValueError, KeyError):
        return False
    if not isinstance(name, str) or not isinstance(date, str):
        return False
    return Night(event, name, date, amounts) if amounts else None


def _revision(connection: Any) -> str:
    found = sql.rows(connection, "SELECT version_num FROM alembic_version")
    return str(found[0][0]) if found else ""


def _has_journal(connection: Any) -> bool:
    """Whether the database has the journal (a database one version older, read as
    it is, has none: nobody recorded a payment in it)."""
    return _revision(connection) >= FIRST_JOURNAL_REVISION


def _decode_shares(text: object) -> tuple[tuple[PlayerId, int], ...]:
    """An expense's sharers as written (``[[player, amount], ...]``; "" for none)."""
    if not isinstance(text, str) or not text:
        return ()
    try:
        return tuple((PlayerId(int(player)), int(part)) for player, part in json.loads(text))
    except (TypeError, ValueError):
        return ()


def transfer_text(payer: str | None, payee: str | None, amount: int, *, done: bool) -> str:
    """ "Ann pays Bob €20.00" (or "paid", ``done``); None names the club, which French
    says with its own article ("au club")."""
    money = format_money(amount)
    if payee is None:
        if done:
            return _("{payer} paid the club {amount}").format(payer=payer, amount=money)
        return _("{payer} pays the club {amount}").format(payer=payer, amount=money)
    if payer is None:
        if done:
            return _("The club paid {payee} {amount}").format(payee=payee, amount=money)
        return _("The club pays {payee} {amount}").format(payee=payee, amount=money)
    if done:
        return _("{payer} paid {payee} {amount}").format(payer=payer, payee=payee, amount=money)
    return _("{payer} pays {payee} {amount}").format(payer=payer, payee=payee, amount=money)


def _party(party: PlayerId, found: ClubBalances) -> str | None:
    return None if party == CLUB else found.name(party)


def settle_text(
    payments: Sequence[Payment],
    found: ClubBalances,
    title: str = "",
    expenses: Sequence[Entry] = (),
) -> str:
    """The payments as lines to read out or paste in the group chat, then the shared
    ``expenses`` they take in (``settled_expenses``), each with how it was split."""
    lines_out = [title] if title else []
    if not payments:
        lines_out.append(_("Everyone is square."))
    for payment in payments:
        lines_out.append(
            transfer_text(
                _party(payment.payer, found),
                _party(payment.payee, found),
                payment.amount,
                done=False,
            )
        )
    if expenses:
        lines_out += ["", _("Shared expenses")]
        lines_out += [expense_text(entry, found) for entry in expenses]
    return "\n".join(lines_out)


def settled_expenses(found: ClubBalances, event: int | None = None) -> list[Entry]:
    """The shared expenses a settle-up lists (its text and PDF alike): the night's,
    or every one standing when it settles all open balances."""
    return expenses_of(found.entries, event)


def entry_text(entry: Entry, found: ClubBalances) -> str:
    """An entry of the journal in one line ("Ann paid the club €20.00 (cash)")."""
    if entry.kind is EntryKind.WRITE_OFF:
        player = found.name(entry.payee if entry.payer == CLUB else entry.payer)
        return _("Written off: {amount} of the balance of {player}").format(
            amount=format_money(entry.amount), player=player
        )
    if entry.kind is EntryKind.EXPENSE:
        return expense_text(entry, found)
    if entry.kind is EntryKind.UNDO and entry.shares:
        # The expense as it was recorded, its note too (an undo keeps none of its own).
        original = next((other for other in found.entries if other.seq == entry.undoes), None)
        note = original.note if original is not None else entry.note
        return _("Taken back: {payment}").format(
            payment=expense_text(entry._replace(payer=entry.payee, note=note), found)
        )
    if entry.kind is EntryKind.UNDO:
        # The entry taken back, as it was: the undo's parties the other way round.
        taken = transfer_text(
            _party(entry.payee, found), _party(entry.payer, found), entry.amount, done=True
        )
        return _("Taken back: {payment}").format(payment=taken)
    text = transfer_text(
        _party(entry.payer, found), _party(entry.payee, found), entry.amount, done=True
    )
    return f"{text} ({method_label(entry.method)})" if entry.method else text


def expense_text(entry: Entry, found: ClubBalances) -> str:
    """A shared expense in one line ("Expense paid by Ann: €30.00 (pizza), split
    between everyone present: Ann €10.00, Bob €10.00, Cat €10.00")."""
    text = _("Expense paid by {payer}: {amount}").format(
        payer=found.name(entry.payer), amount=format_money(entry.amount)
    )
    if entry.note:
        text += f" ({entry.note})"
    shares = _named_shares(entry, found)
    parts = ", ".join(f"{name} {format_money(part)}" for name, part in shares)
    return _("{expense}, {split}: {parts}").format(
        expense=text, split=split_text(entry.split, [name for name, _part in shares]), parts=parts
    )


def split_text(split: str, sharers: Sequence[str]) -> str:
    """How an expense was split, as every list of expenses says it ("split between
    everyone present", "split by hours played", "split between Ann, Bob"); an expense
    recorded before the rule was kept: "shares as given". ``sharers``: the names of
    those who share it, by name."""
    if split == SPLIT_ALL:
        return _("split between everyone present")
    if split == SPLIT_HOURS:
        return _("split by hours played")
    if split == SPLIT_CHOSEN:
        return _("split between {players}").format(players=", ".join(sharers))
    return _("shares as given")


def _named_shares(entry: Entry, found: ClubBalances) -> list[tuple[str, int]]:
    """An expense's sharers as names with their parts, by name."""
    return sorted(((found.name(player), part) for player, part in entry.shares), key=_by_name)


def expenses_of(entries: Sequence[Entry], event: int | None = None) -> list[Entry]:
    """The shared expenses still standing (not taken back), or one night's."""
    undone = {entry.undoes for entry in entries if entry.kind is EntryKind.UNDO}
    return [
        entry
        for entry in entries
        if entry.kind is EntryKind.EXPENSE
        and entry.seq not in undone
        and (event is None or entry.event == event)
    ]


class NightExpense(NamedTuple):
    """A shared expense of one night as its ledger shows it: names, not roster ids."""

    date: str
    paid_by: str
    note: str
    amount: int
    shares: tuple[tuple[str, int], ...]
    """Each sharer's name and part, by name (the parts add up to ``amount``)."""
    split: str = ""
    """How it was split (``SPLIT_ALL``...; "" for shares as given): ``split_text``."""
    number: int = 0
    """Its entry's number in the club's journal."""

    @property
    def split_text(self) -> str:
        return split_text(self.split, [name for name, _part in self.shares])


def night_expenses(book: ClubBook, event: int | None) -> list[NightExpense]:
    """The shared expenses recorded in the club's journal for the night ``event`` (every
    one, None) and not taken back, in the order recorded (none before the journal had
    expenses)."""
    entries = expenses_of(book.entries(), event)
    if not entries:
        return []
    same, names = book.merges()

    def name(player: PlayerId) -> str:
        kept = same.get(player, player)
        return names.get(kept, f"#{kept}")

    return [
        NightExpense(
            date=entry.date,
            paid_by=name(entry.payer),
            note=entry.note,
            amount=entry.amount,
            shares=tuple(
                sorted(((name(player), part) for player, part in entry.shares), key=_by_name)
            ),
            split=entry.split,
            number=entry.seq,
        )
        for entry in entries
    ]


def _by_name(share: tuple[str, int]) -> tuple[str, int]:
    return fold(share[0]), share[1]


def expense_totals(expenses: Sequence[NightExpense]) -> list[tuple[str, int, int]]:
    """Each player's paid and share of ``expenses`` (name, paid, share), by name: what
    the night's shared costs leave him (paid less share: positive, he is owed it)."""
    paid: dict[str, int] = {}
    shared: dict[str, int] = {}
    for expense in expenses:
        paid[expense.paid_by] = paid.get(expense.paid_by, 0) + expense.amount
        for sharer, part in expense.shares:
            shared[sharer] = shared.get(sharer, 0) + part
    return [
        (player, paid.get(player, 0), shared.get(player, 0))
        for player in sorted(paid.keys() | shared.keys(), key=fold)
    ]


def expense_rows(entries: Sequence[Entry], found: ClubBalances) -> list[list[str]]:
    """The shared expenses as a table (header first), for the PDF."""
    rows = [expense_header()]
    for entry in entries:
        shares = _named_shares(entry, found)
        rows.append(
            [
                format_date(entry.date),
                found.name(entry.payer),
                entry.note,
                format_money(entry.amount),
                split_text(entry.split, [name for name, _part in shares]),
                ", ".join(f"{name} {format_money(part)}" for name, part in shares),
            ]
        )
    return rows


def expense_header() -> list[str]:
    """The columns of a list of shared expenses (the club's PDF, the night's ledger)."""
    return [_("Date"), _("Paid by"), _("For"), _("Amount"), _("Split"), _("Shared by")]


def balance_header() -> list[str]:
    return [_("Player"), _("Balance"), _("Owes"), _("Is owed"), _("Since")]


def balance_cells(player: PlayerBalance) -> list[str]:
    """One player's balance as the table, the CSV and the PDF show it."""
    return [
        player.name,
        format_money(player.balance),
        format_money(player.owes) if player.owes else "",
        format_money(player.owed) if player.owed else "",
        format_date(player.since),
    ]


def settle_rows(payments: Sequence[Payment], found: ClubBalances) -> list[list[str]]:
    """The payments as a table (header first), for the CSV and the PDF."""
    return [[_("Who pays"), _("Who is paid"), _("Amount")]] + [
        [found.name(payment.payer), found.name(payment.payee), format_money(payment.amount)]
        for payment in payments
    ]
