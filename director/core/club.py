"""The club's money across nights: every balance is a sum of lines.

Each source gives lines that add up to zero, so the club's total (the club's own
account, ``CLUB``, counted) is always zero:

- a night (one event's ledger): each player's money still to settle, positive when
  the club owes him (an unpaid prize, a cash-game win not paid out), negative when
  he owes it (an unpaid buy-in, re-buy or add-on, chips bought on credit); the club
  takes the opposite of their sum;
- a payment: the payer's balance rises by the amount, the payee's falls (either
  may be the club);
- a write-off: the same, with the club as the other party (it takes the loss, or
  keeps what it owed);
- a shared expense: the one who paid is owed the amount, each sharer owes his part
  (the parts add up to the amount, ``split_expense``);
- an undo: the entry taken back, the other way round.

Nothing here reads a
database: the club's book (``director.app.club.balances``) gathers the nights and the
journal and asks these functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, NamedTuple

from director.core.ids import PlayerId
from director.core.ledger import BANK, Payment, fewest_payments

CLUB = BANK
"""The club's own account (the bank of every night)."""


class EntryKind(StrEnum):
    PAYMENT = "payment"
    WRITE_OFF = "write_off"
    EXPENSE = "expense"
    UNDO = "undo"


class Night(NamedTuple):
    """One event's money still to settle, per roster player (positive: is owed)."""

    event: int
    name: str
    date: str
    amounts: Mapping[PlayerId, int]


class Entry(NamedTuple):
    """One entry of the club's journal: ``payer`` gives ``amount`` to ``payee``."""

    seq: int
    kind: EntryKind
    payer: PlayerId
    payee: PlayerId
    amount: int
    date: str
    method: str = ""
    note: str = ""
    undoes: int | None = None
    shares: tuple[tuple[PlayerId, int], ...] = ()
    """A shared expense (or its undo): each sharer and his part, adding up to
    ``amount``; ``payer`` paid the whole (``payee`` is the club, unused)."""
    event: int | None = None
    """The night an expense belongs to (None: no night in particular)."""
    split: str = ""
    """How an expense (or its undo) was split: ``all`` (everyone present at its
    night), ``hours`` (by the time each played), ``chosen`` (between the players
    named); "" for one recorded before the rule was kept (its shares as given)."""


class Line(NamedTuple):
    """One line of a party's account: its ``source`` is ``night`` (``ref``: the
    event) or an entry's kind (``ref``: its number)."""

    party: PlayerId
    amount: int
    source: str
    ref: int
    date: str
    night: int = 0
    """The night this money belongs to: the event of a night's line, and of a shared
    expense of that night (or its undo); ``NO_NIGHT`` for an expense of no night; 0
    for a payment or a write-off (or their undo). What is left open (``open_nights``)
    comes from nights and expenses; payments settle the oldest first."""


NO_NIGHT = -1
"""``Line.night`` of a shared expense of no night in particular (or its undo): what
it leaves open is named as from no night (``OpenNight.event`` 0)."""


def kept(player: PlayerId, same: Mapping[PlayerId, PlayerId]) -> PlayerId:
    """The roster record kept for ``player`` (merged records count as one)."""
    return same.get(player, player)


def lines(
    nights: Iterable[Night],
    entries: Iterable[Entry],
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> list[Line]:
    """Every line of every account, nights first then the journal, each source adding
    up to zero."""
    same = same or {}
    found: list[Line] = []
    # ``kept`` inlined and the lines made as plain tuples of their class: a long
    # season has tens of thousands of them.
    add = found.append
    kept_as = same.get
    make = tuple.__new__
    for night in nights:
        total = 0
        event, date = night.event, night.date
        for player, amount in night.amounts.items():
            if amount:
                add(make(Line, (kept_as(player, player), amount, "night", event, date, event)))
                total += amount
        if total:
            add(Line(CLUB, -total, "night", event, date, event))
    for entry in entries:
        source = entry.kind.value
        payer, payee = entry.payer, entry.payee
        if entry.shares:
            # An expense: whoever paid is owed it all, each sharer owes his part; its
            # undo (parties the other way round) takes exactly that back.
            sign, paid_by = (-1, payee) if entry.kind is EntryKind.UNDO else (1, payer)
            night_of = entry.event or NO_NIGHT
            add(
                Line(
                    kept_as(paid_by, paid_by),
                    sign * entry.amount,
                    source,
                    entry.seq,
                    entry.date,
                    night_of,
                )
            )
            for sharer, part in entry.shares:
                sharer = kept_as(sharer, sharer)
                add(Line(sharer, -sign * part, source, entry.seq, entry.date, night_of))
            continue
        add(Line(kept_as(payer, payer), entry.amount, source, entry.seq, entry.date))
        add(Line(kept_as(payee, payee), -entry.amount, source, entry.seq, entry.date))
    return found


def split_expense(
    amount: int,
    sharers: Sequence[tuple[PlayerId, str]],
    weights: Mapping[PlayerId, int] | None = None,
) -> tuple[tuple[PlayerId, int], ...]:
    """Each sharer's part of ``amount``: equal parts, or in proportion to ``weights``
    (the time each played), rounded down to the unit.

    What the rounding leaves (fewer units than sharers) goes one unit each to the
    first sharers by name (then by roster number), so the parts always add up to
    ``amount`` and the same expense always splits the same way.

    >>> split_expense(1000, [(PlayerId(2), "Bob"), (PlayerId(1), "Ann"), (PlayerId(3), "Cat")])
    ((1, 334), (2, 333), (3, 333))
    """
    order = sorted(sharers, key=lambda sharer: (sharer[1].casefold(), sharer[1], sharer[0]))
    if weights is None:
        weights = {player: 1 for player, _name in order}
    total = sum(weights.get(player, 0) for player, _name in order)
    if not order or total <= 0:
        return ()
    parts = [amount * weights.get(player, 0) // total for player, _name in order]
    left = amount - sum(parts)
    for index in range(left):
        parts[index % len(parts)] += 1
    return tuple((player, part) for (player, _name), part in zip(order, parts, strict=True) if part)


def balances(all_lines: Iterable[Line]) -> dict[PlayerId, int]:
    """Each party's balance (the club's included), parties at zero left out."""
    totals: dict[PlayerId, int] = {}
    for line in all_lines:
        totals[line.party] = totals.get(line.party, 0) + line.amount
    return {party: amount for party, amount in totals.items() if amount}


class OpenNight(NamedTuple):
    event: int
    """The night; 0 for shared expenses of no night."""
    date: str
    amount: int
    """Still open from that night (negative: owed by the player)."""


def open_nights(party_lines: Sequence[Line]) -> list[OpenNight]:
    """Which nights a party's balance still comes from, oldest first.

    Payments and write-offs settle the oldest debts first, so what stays open is
    the latest nights' part: walking back from the newest night of the balance's
    sign, each night keeps what is left of the balance, up to its own amount. A
    shared expense of a night is that night's money too, after the night's own
    line (a night may then be named twice, once for each).
    """
    balance = sum(line.amount for line in party_lines)
    if not balance:
        return []
    sign = 1 if balance > 0 else -1
    left = abs(balance)
    # (date, event, 0 for the night's own line or 1 for its expenses, amount)
    nights: list[tuple[str, int, int, int]] = []
    dates: dict[int, str] = {}
    expenses: dict[int, list[Any]] = {}
    for line in party_lines:
        if line.source == "night":
            dates[line.ref] = line.date
            if line.amount * sign > 0:
                nights.append((line.date, line.ref, 0, line.amount))
        elif line.night:
            # A night's expenses, netted (one taken back leaves nothing open); those
            # of no night together, dated by the latest.
            found = expenses.setdefault(line.night, [line.date, 0])
            found[0] = max(found[0], line.date)
            found[1] += line.amount
    for night, (date, amount) in expenses.items():
        if amount * sign > 0:
            nights.append((dates.get(night, date), max(night, 0), 1, amount))
    nights.sort()
    found_nights: list[OpenNight] = []
    for date, night, _kind, amount in reversed(nights):
        if not left:
            break
        part = min(left, abs(amount))
        found_nights.append(OpenNight(night, date, part * sign))
        left -= part
    found_nights.reverse()
    return found_nights


def accounts(
    all_lines: Sequence[Line],
) -> tuple[dict[PlayerId, int], dict[PlayerId, list[Line]], dict[PlayerId, list[OpenNight]]]:
    """Every party's balance (parties at zero left out), lines and open nights, in
    one pass over ``all_lines`` as ``lines`` makes them (each night's lines in the
    order of its nights, which the club's book gives oldest first).

    The same as ``balances`` and ``open_nights`` for each party, without grouping,
    summing and sorting each party's lines again: a club of thousands of nights
    opens its page on this.
    """
    totals: dict[PlayerId, int] = {}
    by_party: dict[PlayerId, list[Line]] = {}
    ordered = True
    last_ref, last_key = None, ("", 0)
    with_expenses: set[PlayerId] = set()
    """Parties with a night's expense: its line comes after every night's, in the
    journal, and is sorted to its night by ``open_nights``."""
    for line in all_lines:
        party, amount, source, ref, date, night = line
        found = by_party.get(party)
        if found is None:
            by_party[party] = [line]
            totals[party] = amount
        else:
            found.append(line)
            totals[party] += amount
        if source == "night":
            if ref != last_ref:
                last_ref, key = ref, (date, ref)
                if key < last_key:
                    ordered = False
                last_key = key
        elif night:
            with_expenses.add(party)
    opened: dict[PlayerId, list[OpenNight]] = {}
    for party, balance in totals.items():
        if balance:
            party_lines = by_party[party]
            opened[party] = (
                _open_from_newest(party_lines, balance)
                if ordered and party not in with_expenses
                else open_nights(party_lines)
            )
    return {party: amount for party, amount in totals.items() if amount}, by_party, opened


def _open_from_newest(party_lines: Sequence[Line], balance: int) -> list[OpenNight]:
    """``open_nights`` for lines whose nights are already oldest first."""
    sign = 1 if balance > 0 else -1
    left = abs(balance)
    found: list[OpenNight] = []
    for line in reversed(party_lines):
        if line.source != "night" or line.amount * sign <= 0:
            continue
        part = min(left, abs(line.amount))
        found.append(OpenNight(line.ref, line.date, part * sign))
        left -= part
        if not left:
            break
    found.reverse()
    return found


def night_balances(all_lines: Sequence[Line], event: int) -> dict[PlayerId, int]:
    """What is still open from one night, per player, the club balancing it."""
    _totals, _by_party, opened = accounts(all_lines)
    return night_open(opened, event)


def night_open(opened: Mapping[PlayerId, Sequence[OpenNight]], event: int) -> dict[PlayerId, int]:
    """``night_balances`` from each party's open nights, already found."""
    open_amounts: dict[PlayerId, int] = {}
    for party, nights in opened.items():
        if party == CLUB:
            continue
        for night in nights:
            if night.event == event:
                open_amounts[party] = open_amounts.get(party, 0) + night.amount
    total = sum(open_amounts.values())
    if total:
        open_amounts[CLUB] = -total
    return {party: amount for party, amount in open_amounts.items() if amount}


def settle_up(open_balances: Mapping[PlayerId, int]) -> list[Payment]:
    """The fewest payments that clear ``open_balances`` (the night's settlement's own)."""
    return fewest_payments(open_balances)


def undoable(entries: Sequence[Entry]) -> Entry | None:
    """The latest payment, write-off or expense not taken back yet (what undo takes
    back)."""
    undone = {entry.undoes for entry in entries if entry.kind is EntryKind.UNDO}
    for entry in reversed(entries):
        if entry.kind is not EntryKind.UNDO and entry.seq not in undone:
            return entry
    return None


def redoable(entries: Sequence[Entry]) -> Entry | None:
    """The undo whose entry a redo records again, as a session's redo: each undo can
    be redone, latest first, until anything else is recorded.

    A redo is the entry taken back, recorded again with ``undoes`` naming the undo it
    reverses (a payment, write-off or expense of its own, which undo can take back
    in turn).
    """
    undos: list[Entry] = []
    for entry in entries:
        if entry.kind is EntryKind.UNDO:
            undos.append(entry)
        elif entry.undoes is not None:  # a redo: the latest undo is reversed
            if undos:
                undos.pop()
        else:  # recorded anew: what was taken back stays taken back
            undos.clear()
    return undos[-1] if undos else None


def redo_of(entry: Entry, undo: Entry, seq: int) -> Entry:
    """``entry`` (taken back by ``undo``) recorded again, as it was."""
    return entry._replace(seq=seq, undoes=undo.seq)


def undo_of(entry: Entry, seq: int, date: str) -> Entry:
    """The entry that takes ``entry`` back: the same amount the other way round."""
    return Entry(
        seq=seq,
        kind=EntryKind.UNDO,
        payer=entry.payee,
        payee=entry.payer,
        amount=entry.amount,
        date=date,
        method=entry.method,
        undoes=entry.seq,
        shares=entry.shares,
        event=entry.event,
        split=entry.split,
    )
