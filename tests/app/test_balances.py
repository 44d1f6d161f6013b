"""The club's bank through the session API: a season of nights whose debts carry
over, are paid in parts and written off; undo by a compensating entry; merged
players; zero-sum balances (property tests); two copies paying at once on a real
PostgreSQL server."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.app.club.balances import ClubBook, carry_over_text, settle_text
from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.core import commands as c
from director.core.club import (
    CLUB,
    Entry,
    EntryKind,
    Night,
    accounts,
    balances,
    lines,
    night_balances,
    night_open,
    open_nights,
    redo_of,
    redoable,
    split_expense,
    undo_of,
)
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.kinds import EventKind
from director.core.money import RAKE_HOUR, CashSettings, RakeRule
from director.core.players import Bust
from director.persistence.db import open_database
from tests.app.club_helpers import cash_night, tournament_night


@pytest.fixture
def roster(database, clock):
    return Roster(database, clock=clock)


@pytest.fixture
def book(database, clock):
    return ClubBook(database, clock=clock)


@pytest.fixture
def people(roster):
    return [roster.add(name) for name in ("Ann", "Bob", "Cat", "Dan")]


def owed(book: ClubBook) -> dict[str, int]:
    return {player.name: player.balance for player in book.balances().players}


def test_a_season_carries_debts_over_is_paid_in_parts_and_written_off(
    library, book, people
) -> None:
    ann, bob, cat, dan = people
    # 14 November: Ann buys in on credit, Cat wins the only prize (€60), not paid yet.
    tournament_night(library, "2026-11-14", [cat, ann, bob], unpaid=[1]).close()
    assert owed(book) == {"Ann": -2000, "Cat": 6000}
    assert book.balances().club == -4000
    # 21 November, a cash game: Bob takes €50 of chips on credit and loses €30 of it;
    # Dan cashes €70 out of €40 and the bank pays him only later.
    cash_night(
        library, "2026-11-21", [(bob, 5000, 2000, False, False), (dan, 4000, 7000, True, False)]
    ).close()
    assert owed(book) == {"Ann": -2000, "Bob": -3000, "Cat": 6000, "Dan": 7000}
    # Ann's debt carries over: the console says so when she buys in again.
    assert book.carry_over(ann.id) == "Ann owes €20.00 from Nov 14, 2026"
    # She pays in two parts: the debt shrinks, then is gone.
    book.pay(ann.id, 1200, method="cash", date="2026-11-22")
    assert owed(book)["Ann"] == -800
    assert book.carry_over(ann.id) == "Ann owes €8.00 from Nov 14, 2026"
    book.pay(ann.id, 800, method="bank transfer", date="2026-11-23")
    assert "Ann" not in owed(book) and book.carry_over(ann.id) == ""
    # Bob pays Dan directly €10, the club writes off €5 of the rest of his debt.
    book.pay(bob.id, 1000, payee=dan.id, date="2026-11-24")
    entry = book.write_off(bob.id, 500)
    assert entry.kind is EntryKind.WRITE_OFF and (entry.payer, entry.payee) == (bob.id, CLUB)
    assert owed(book) == {"Bob": -1500, "Cat": 6000, "Dan": 6000}
    # The nights' logs never changed: each night still says what it said.
    found = book.balances()
    assert [dict(night.amounts) for night in found.nights] == [
        {ann.id: -2000, cat.id: 6000},
        {bob.id: -3000, dan.id: 7000},
    ]
    # Every balance is the sum of its lines; with the club's account, zero.
    assert sum(p.balance for p in found.players) + found.club == 0
    for player in found.players:
        assert player.balance == sum(line.amount for line in player.lines)
    # Settle up all: the fewest payments clear everyone.
    payments = book.settle(found=found)
    assert len(payments) == 3  # four parties, no smaller group squares itself
    left = {p.player: p.balance for p in found.players} | {CLUB: found.club}
    for payer, payee, amount in payments:
        left[payer] += amount
        left[payee] -= amount
    assert set(left.values()) == {0}
    assert settle_text(payments, found).splitlines() == [
        "The club pays Dan €60.00",
        "The club pays Cat €45.00",
        "Bob pays Cat €15.00",
    ]
    # One night's settle up: only what is still open from it (Cat's prize).
    assert book.settle(event=found.nights[0].event, found=found) == [(CLUB, cat.id, 6000)]


def test_undo_is_a_compensating_entry_and_never_deletes(library, book, people, database) -> None:
    ann, bob, *_ = people
    tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1]).close()
    book.pay(ann.id, 2000)
    assert "Ann" not in owed(book)
    undo = book.undo()
    assert undo.kind is EntryKind.UNDO and undo.undoes == 1
    assert owed(book)["Ann"] == -2000
    assert [entry.seq for entry in book.entries()] == [1, 2]  # both kept
    with pytest.raises(RuleViolation) as refused:
        book.undo()
    assert refused.value.code == "club_nothing_to_undo"


def test_a_write_off_forgives_what_the_club_owes_too(library, book, people) -> None:
    ann, bob, *_ = people
    tournament_night(library, "2026-11-14", [bob, ann]).close()
    assert owed(book) == {"Bob": 4000}
    entry = book.write_off(bob.id)
    assert (entry.payer, entry.payee, entry.amount) == (CLUB, bob.id, 4000)
    assert owed(book) == {}
    with pytest.raises(RuleViolation) as refused:
        book.write_off(bob.id)
    assert refused.value.code == "nothing_to_write_off"


def test_a_write_off_is_redone_only_while_its_balance_is_still_open(library, book, people) -> None:
    """Undo and redo of a write-off: between the two, the night itself may change (its
    prize paid in the event). Redone, the write-off would then forgive what is no
    longer owed, and the club would owe Bob the prize a second time: refused, and
    nothing written. While the balance still holds it, the redo goes through."""
    ann, bob, *_ = people
    night = tournament_night(library, "2026-11-14", [bob, ann])
    assert owed(book) == {"Bob": 4000}
    book.write_off(bob.id)
    book.undo()
    written = book.redo()
    assert (written.kind, written.amount) == (EntryKind.WRITE_OFF, 4000) and owed(book) == {}
    book.undo()
    night.dispatch(c.PayPrize(player=bob.id))
    assert owed(book) == {}
    entries = book.entries()
    with pytest.raises(RuleViolation) as refused:
        book.redo()
    assert refused.value.code == "nothing_to_write_off"
    assert book.entries() == entries and owed(book) == {}
    night.close()


def test_a_write_off_redone_after_its_debt_shrank_is_refused(library, book, people) -> None:
    """Part of a debt forgiven, then undone; the night settles part of the debt in the
    event: the redo would forgive more than is still open, and is refused saying how
    much is. The same redo goes through again if nothing shrank."""
    ann, bob, *_ = people
    night = tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1])
    assert owed(book)["Ann"] == -2000
    book.write_off(ann.id, 1500)
    book.undo()
    night.dispatch(c.PayDebt(player=ann.id, amount=1000))
    assert owed(book)["Ann"] == -1000
    with pytest.raises(RuleViolation) as refused:
        book.redo()
    assert refused.value.code == "write_off_too_large"
    assert refused.value.args_map["most"] == 1000
    assert owed(book)["Ann"] == -1000
    night.close()


def test_a_paid_prize_and_paid_buy_ins_leave_nothing_open(library, book, people) -> None:
    tournament_night(library, "2026-11-14", people[:3], pay_prize=True).close()
    assert owed(book) == {} and book.balances().club == 0


def test_merging_two_records_merges_their_balances(library, book, people, roster) -> None:
    ann, bob, *_ = people
    other = roster.add("Ann B.")
    tournament_night(library, "2026-11-14", [bob, ann, other], unpaid=[1, 2]).close()
    assert owed(book)["Ann"] == -2000 and owed(book)["Ann B."] == -2000
    roster.merge(ann.id, other.id)
    assert owed(book)["Ann"] == -4000 and "Ann B." not in owed(book)
    book.write_off(other.id, 1000)  # the merged record's name reaches the kept one
    assert owed(book)["Ann"] == -3000


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda book, p: book.pay(p.id, 0), "payment_amount_zero"),
        (lambda book, p: book.pay(p.id, -5), "payment_amount_zero"),
        (lambda book, p: book.pay(p.id, 10**12), "payment_too_large"),
        (lambda book, p: book.pay(p.id, 100, payee=p.id), "payment_same_party"),
        (lambda book, p: book.pay(PlayerId(999), 100), "player_unknown"),
        (lambda book, p: book.pay(p.id, 100, date="14/11"), "date_invalid"),
        (lambda book, p: book.pay(p.id, 100, method="x" * 41), "payment_method_too_long"),
        (lambda book, p: book.pay(p.id, 100, expected=7), "club_journal_changed"),
    ],
)
def test_a_bad_payment_is_refused_and_nothing_is_written(book, people, call, code) -> None:
    with pytest.raises(RuleViolation) as refused:
        call(book, people[0])
    assert refused.value.code == code
    assert book.entries() == []


def test_the_carry_over_line_leaves_out_tonight(library, book, people) -> None:
    ann, bob, *_ = people
    tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1]).close()
    tonight = tournament_night(library, "2026-11-21", [bob, ann], unpaid=[1], finish=False)
    found = book.balances().get(ann.id)
    assert found is not None and found.balance == -4000
    assert carry_over_text(found, tonight.tournament_id) == "Ann owes €20.00 from Nov 14, 2026"
    assert carry_over_text(found) == "Ann owes €40.00 from Nov 14, 2026"
    tonight.close()


# -- zero-sum, whatever happens (property tests) -------------------------------------------

PLAYERS = [PlayerId(n) for n in range(1, 7)]
party = st.sampled_from([CLUB, *PLAYERS])
night = st.dictionaries(st.sampled_from(PLAYERS), st.integers(-50_000, 50_000), max_size=6)


@given(
    nights=st.lists(night, max_size=8),
    moves=st.lists(
        st.tuples(
            st.sampled_from(["pay", "write_off", "expense", "undo", "redo"]),
            party,
            party,
            st.integers(1, 9999),
            st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=4, unique=True),
        ),
        max_size=20,
    ),
    merges=st.dictionaries(st.sampled_from(PLAYERS[3:]), st.sampled_from(PLAYERS[:3]), max_size=3),
)
def test_the_club_is_zero_sum_and_every_balance_is_the_sum_of_its_sources(
    nights, moves, merges
) -> None:
    """Random nights, payments, write-offs, shared expenses (split between random
    sharers), undos, redos and merges: the club's total is zero, and each balance is
    what its sources say."""
    found_nights = [
        Night(event=index + 1, name="", date=f"2026-01-{index + 1:02d}", amounts=amounts)
        for index, amounts in enumerate(nights)
    ]
    entries: list[Entry] = []
    for kind, payer, payee, amount, sharers in moves:
        seq = len(entries) + 1
        if kind == "redo":
            undo = redoable(entries)
            if undo is not None:
                taken_back = next(e for e in entries if e.seq == undo.undoes)
                entries.append(redo_of(taken_back, undo, seq))
        elif kind == "undo":
            taken = {e.undoes for e in entries if e.kind is EntryKind.UNDO}
            target = next(
                (
                    e
                    for e in reversed(entries)
                    if e.kind is not EntryKind.UNDO and e.seq not in taken
                ),
                None,
            )
            if target is not None:
                entries.append(undo_of(target, seq, "2026-02-01"))
        elif kind == "expense":
            shares = split_expense(amount, [(p, f"P{p}") for p in sharers])
            assert sum(part for _p, part in shares) == amount
            entries.append(Entry(seq, EntryKind.EXPENSE, payer, CLUB, amount, "", shares=shares))
        elif payer != payee:
            entries.append(
                Entry(seq, EntryKind(kind.replace("pay", "payment")), payer, payee, amount, "")
            )
    totals = balances(lines(found_nights, entries, merges))
    assert sum(totals.values()) == 0
    # Each kept player's balance from his sources, added up here by hand.
    for player in [CLUB, *PLAYERS]:
        if player in merges:
            assert player not in totals
            continue
        same = {player} | {dropped for dropped, kept in merges.items() if kept == player}
        expected = sum(amount for n in nights for p, amount in n.items() if p in same)
        if player == CLUB:
            expected = -sum(sum(n.values()) for n in nights)
        for e in entries:
            if e.shares:  # an expense (or its undo, parties the other way round)
                sign, paid_by = (-1, e.payee) if e.kind is EntryKind.UNDO else (1, e.payer)
                expected += sign * e.amount if paid_by in same else 0
                expected -= sign * sum(part for p, part in e.shares if p in same)
            else:
                expected += e.amount if e.payer in same else 0
                expected -= e.amount if e.payee in same else 0
        assert totals.get(player, 0) == expected


@given(
    nights=st.lists(
        st.tuples(st.sampled_from(["2026-01-01", "2026-01-02", "2026-01-03"]), night),
        max_size=8,
    ),
    payments=st.lists(
        st.tuples(party, party, st.integers(1, 30_000)).filter(lambda move: move[0] != move[1]),
        max_size=8,
    ),
    shuffled=st.booleans(),
)
def test_one_pass_over_the_lines_finds_each_balance_and_its_open_nights(
    nights, payments, shuffled
) -> None:
    """Every party's balance and the nights it still comes from, found in one pass
    over the lines (as the Club page opens), are what adding up each party's lines
    and walking back from his newest night give, whether the nights come oldest first
    (as the club's book gives them) or in any order."""
    found_nights = [
        Night(event=index + 1, name="", date=date, amounts=amounts)
        for index, (date, amounts) in enumerate(nights)
    ]
    if not shuffled:
        found_nights.sort(key=lambda n: (n.date, n.event))
    entries = [
        Entry(seq, EntryKind.PAYMENT, payer, payee, amount, "2026-02-01")
        for seq, (payer, payee, amount) in enumerate(payments, start=1)
    ]
    all_lines = lines(found_nights, entries)
    totals, by_party, opened = accounts(all_lines)
    assert totals == balances(all_lines)
    from_night: dict[int, dict[PlayerId, int]] = {}
    for party in {line.party for line in all_lines}:
        mine = [line for line in all_lines if line.party == party]
        assert by_party[party] == mine
        assert opened.get(party, []) == open_nights(mine)
        for open_night in open_nights(mine) if party != CLUB else []:
            amounts = from_night.setdefault(open_night.event, {})
            amounts[party] = amounts.get(party, 0) + open_night.amount
    for event in range(1, len(nights) + 1):
        expected = {p: amount for p, amount in from_night.get(event, {}).items() if amount}
        if sum(expected.values()):
            expected[CLUB] = -sum(expected.values())
        assert night_open(opened, event) == expected
        assert night_balances(all_lines, event) == expected


@given(
    nights=st.lists(night, max_size=5),
    expenses=st.lists(
        st.tuples(
            st.sampled_from(PLAYERS),
            st.integers(1, 30_000),
            st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=4, unique=True),
            st.integers(0, 6),  # its night (0, or past the nights: none)
            st.booleans(),  # taken back
        ),
        max_size=6,
    ),
    payments=st.lists(
        st.tuples(party, party, st.integers(1, 30_000)).filter(lambda move: move[0] != move[1]),
        max_size=6,
    ),
)
def test_what_is_open_comes_from_nights_and_their_expenses_within_each_balance(
    nights, expenses, payments
) -> None:
    """Nights, shared expenses (of a night or of none, some taken back) and payments:
    what each party has open is of his balance's sign and never more than it; all of
    it when nothing but nights and expenses made it; a night's open money adds up to
    zero with the club's; an expense taken back leaves nothing open of its own."""
    found_nights = [
        Night(event=index + 1, name="", date=f"2026-01-{index + 1:02d}", amounts=amounts)
        for index, amounts in enumerate(nights)
    ]
    entries: list[Entry] = []
    for payer, amount, sharers, event, taken_back in expenses:
        shares = split_expense(amount, [(p, f"P{p}") for p in sharers])
        expense = Entry(
            len(entries) + 1,
            EntryKind.EXPENSE,
            payer,
            CLUB,
            amount,
            "2026-01-03",
            shares=shares,
            event=event if 1 <= event <= len(nights) else None,
        )
        entries.append(expense)
        if taken_back:
            entries.append(undo_of(expense, len(entries) + 1, "2026-01-04"))
    for payer, payee, amount in payments:
        entries.append(
            Entry(len(entries) + 1, EntryKind.PAYMENT, payer, payee, amount, "2026-02-01")
        )
    all_lines = lines(found_nights, entries)
    totals, by_party, opened = accounts(all_lines)
    for party_id, balance in totals.items():
        found = opened.get(party_id, [])
        assert found == open_nights(by_party[party_id])
        assert all(open_night.amount * balance > 0 for open_night in found)
        assert sum(abs(open_night.amount) for open_night in found) <= abs(balance)
        kept_open = [
            e for e in entries if not e.undoes and e.seq not in {u.undoes for u in entries}
        ]
        if not payments and all(e.event is not None for e in kept_open):
            # Every line of his balance is a night's or a night's expense: all open.
            assert sum(open_night.amount for open_night in found) == balance
    for event in range(1, len(nights) + 1):
        assert sum(night_open(opened, event).values()) == 0


@settings(max_examples=25)
@given(
    moves=st.lists(
        st.tuples(
            st.sampled_from(["pay", "write_off", "expense", "rake", "undo", "merge"]),
            st.integers(0, 3),
            st.integers(0, 3),
            st.integers(1, 5000),
        ),
        max_size=6,
    )
)
def test_the_books_of_a_real_database_stay_zero_sum(tmp_path_factory, clock, moves) -> None:
    """The same through the app, on a database: random payments, write-offs, shared
    expenses, a cash game's hourly rake (paid or owed), undos and merges after two
    nights; the balances always add up to zero
    with the club's."""
    path = tmp_path_factory.mktemp("club") / "director.db"
    database = open_database(path)
    try:
        library, roster = Library(database, clock=clock), Roster(database, clock=clock)
        people = [roster.add(name) for name in ("Ann", "Bob", "Cat", "Dan")]
        tournament_night(library, "2026-11-14", people, unpaid=[1, 3]).close()
        cash_night(
            library,
            "2026-11-21",
            [(people[0], 3000, 1000, False, False), (people[2], 1000, 4000, True, False)],
        ).close()
        # A cash game still running, whose hourly rake the players may owe.
        raked = library.create("Raked", kind=EventKind.CASH, event_date="2026-11-22")
        rule = RakeRule(kind=RAKE_HOUR, amount=300)
        raked.dispatch(c.SetCashSettings(settings=CashSettings(min_buy_in=1, rake=rule)))
        for player in (people[1], people[3]):
            raked.dispatch(c.BuyIn(player=player.id, name=player.name, amount=2000))
        raked.close()
        book = ClubBook(database, clock=clock)
        for kind, first, second, amount in moves:
            a, b = people[first], people[second]
            try:
                if kind == "pay":
                    book.pay(a.id, amount, payee=b.id if first != second else CLUB)
                elif kind == "write_off":
                    book.write_off(a.id, amount)
                elif kind == "undo":
                    book.undo()
                elif kind == "rake":  # the hour's charge, paid now or owed to the club
                    raked = library.open(raked.tournament_id)
                    try:
                        raked.dispatch(c.TakeRake(paid=bool(second % 2)))
                    finally:
                        raked.close()
                elif kind == "expense":
                    night = book.balances().nights[first % 2].event
                    book.expense(
                        a.id, amount, split="all" if second % 2 else [a.id, b.id], event=night
                    )
                else:
                    roster.merge(a.id, b.id)
            except RuleViolation:
                pass  # refused, nothing written: the invariant holds all the same
            found = book.balances()
            assert sum(p.balance for p in found.players) + found.club == 0
            for player in found.players:
                assert player.balance == sum(line.amount for line in player.lines)
                assert abs(sum(n.amount for n in player.open)) <= abs(player.balance)
    finally:
        database.close()


# -- a club's server -----------------------------------------------------------------------


def test_two_copies_paying_the_same_debt_at_once_leave_one_payment(pg_url, clock) -> None:
    """On PostgreSQL two laptops record Ann's payment at the same moment, both from
    the balances they showed (the journal's last entry): one payment is kept, the
    other copy is told the journal changed."""
    first, second = open_database(pg_url), open_database(pg_url)
    try:
        library, roster = Library(first, clock=clock), Roster(first, clock=clock)
        ann, bob = roster.add("Ann"), roster.add("Bob")
        tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1]).close()
        books = [ClubBook(first, clock=clock), ClubBook(second, clock=clock)]
        seen = [book.balances().last_seq for book in books]
        assert seen == [0, 0]
        start = threading.Barrier(2)
        outcomes: list[object] = []

        def record(book: ClubBook, expected: int) -> None:
            start.wait()
            try:
                outcomes.append(book.pay(ann.id, 2000, expected=expected))
            except RuleViolation as error:
                outcomes.append(error.code)

        threads = [
            threading.Thread(target=record, args=(book, last))
            for book, last in zip(books, seen, strict=True)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Entry", "str"]
        assert "club_journal_changed" in outcomes
        for book in books:
            assert len(book.entries()) == 1
            assert book.balances().get(ann.id) is None  # paid once, owes nothing
        # A copy that saw an old journal is refused even when nobody writes meanwhile.
        with pytest.raises(RuleViolation):
            books[1].pay(ann.id, 100, expected=0)
    finally:
        first.close()
        second.close()


def test_two_copies_writing_off_the_same_debt_leave_one_write_off(pg_url, clock) -> None:
    """Two laptops on the club's server write off Ann's debt without saying which
    journal they saw (as ``director write-off`` does): the second read the balances
    before the first wrote, so its write-off is refused instead of forgiving the debt
    twice. (On a file the second copy cannot even open it for writing.)"""
    here, there = open_database(pg_url), open_database(pg_url)
    try:
        roster = Roster(here, clock=clock)
        ann, bob = roster.add("Ann"), roster.add("Bob")
        tournament_night(Library(here, clock=clock), "2026-11-14", [bob, ann], unpaid=[1]).close()
        first, second = ClubBook(here, clock=clock), ClubBook(there, clock=clock)
        owed_before = first.balances().get(ann.id)
        assert owed_before is not None and owed_before.balance < 0
        read = second.balances

        def read_then_the_other_copy_writes(**kwargs: object):
            found = read(**kwargs)
            if not first.entries():
                first.write_off(ann.id)  # the other laptop, between the read and the write
            return found

        second.balances = read_then_the_other_copy_writes  # type: ignore[method-assign]
        with pytest.raises(RuleViolation) as refused:
            second.write_off(ann.id)
        assert refused.value.code == "club_journal_changed"
        assert [entry.kind for entry in first.entries()] == [EntryKind.WRITE_OFF]
        assert first.balances().get(ann.id) is None
    finally:
        here.close()
        there.close()


def test_each_night_is_kept_and_read_again_only_when_its_log_moved_on(
    library, book, people, database, clock
) -> None:
    from director.persistence import league_store

    def kept() -> list[tuple[int, int]]:
        with database.read() as connection:
            return [
                tuple(row)
                for row in league_store.rows(
                    connection, "SELECT tournament_id, last_entry FROM club_night"
                )
            ]

    def last_entry() -> int:
        with database.read() as connection:
            return int(league_store.rows(connection, "SELECT last_entry FROM tournament")[0][0])

    ann, bob, *_ = people
    night = tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1], finish=False)
    assert owed(book) == {"Ann": -2000} and kept() == []  # looking writes nothing
    night.snapshot()  # as when the event is closed: its money is kept with its snapshot
    assert kept() == [(night.tournament_id, last_entry())]
    # Another book (another laptop, the next start) reads what was kept, not the log:
    # a kept night changed by hand shows as it was kept.
    with database.write() as connection:
        league_store.run(
            connection,
            "UPDATE club_night SET data = :d",
            {"d": '{"name": "x", "date": "2026-11-14", "amounts": [[1, -1500]]}'},
        )
    assert owed(ClubBook(database, clock=clock)) == {"Ann": -1500}
    # The event moves on (Bob busts Ann): its log is read again.
    night.dispatch(c.StartClock())
    night.dispatch(c.BustPlayers(busts=(Bust(player=ann.id, eliminator=bob.id),)))
    reader = ClubBook(database, clock=clock)
    assert owed(reader) == {"Ann": -2000, "Bob": 4000}
    assert kept()[0][1] < last_entry()
    # Recording a payment keeps what the book read, in the payment's transaction.
    reader.pay(ann.id, 500)
    assert kept() == [(night.tournament_id, last_entry())]
    # A kept night that cannot be read is read from the log again.
    with database.write() as connection:
        league_store.run(connection, "UPDATE club_night SET data = 'not json'", {})
    assert owed(ClubBook(database, clock=clock)) == {"Ann": -1500, "Bob": 4000}
    night.close()


def test_the_open_money_of_a_night_reads_as_french_punctuates_it(library, book, people) -> None:
    """Deleting a night names what is still open from it in one phrase: French puts a
    space before each semicolon ("Ann doit 20,00 € ; Cat …")."""
    from director.i18n import set_language

    ann, bob, cat, _dan = people
    night = tournament_night(library, "2026-11-14", [cat, ann, bob], unpaid=[1])
    event = night.tournament_id
    night.close()
    assert book.open_from(event).count("; ") == 1
    set_language("fr")
    phrase = book.open_from(event)
    assert "\u00a0; " in phrase and phrase.startswith("Ann doit"), phrase
