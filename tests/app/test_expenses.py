"""Shared expenses in the club's journal, through the session API: split between
everyone present at a night, chosen players, or by hours played in a cash game;
the parts always add up to the amount; undone by a compensating entry."""

from __future__ import annotations

import pytest

from director.app.club.balances import (
    SPLIT_ALL,
    SPLIT_CHOSEN,
    SPLIT_HOURS,
    ClubBook,
    entry_text,
    expenses_of,
    settle_text,
    settled_expenses,
)
from director.app.club.roster import Roster
from director.core import commands as c
from director.core.club import CLUB, EntryKind
from director.core.errors import RuleViolation
from director.core.kinds import EventKind
from director.core.money import CashSettings
from tests.app.club_helpers import tournament_night

HOUR = 3_600_000


@pytest.fixture
def people(database, clock):
    roster = Roster(database, clock=clock)
    return [roster.add(name) for name in ("Ann", "Bob", "Cat", "Dan")]


@pytest.fixture
def book(database, clock):
    return ClubBook(database, clock=clock)


def owed(book: ClubBook) -> dict[str, int]:
    return {player.name: player.balance for player in book.balances().players}


def test_an_expense_split_by_hours_played_in_a_cash_game(library, book, people, clock) -> None:
    """Dan pays €60 of pizza; Ann sat 3 hours, Bob 2, Cat 1 (two sittings): each owes
    his part by the time he played, Dan (who did not play) is owed it all."""
    ann, bob, cat, dan = people
    session = library.create("Cash", kind=EventKind.CASH, event_date="2026-11-21")
    session.dispatch(
        c.SetCashSettings(settings=CashSettings(chip_money=1, chip_count=1, min_buy_in=1))
    )
    for player in (ann, bob, cat):
        session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=1000))
    clock.advance(HOUR // 2)
    session.dispatch(c.CashOut(player=cat.id, chips=1000, paid=True))
    clock.advance(HOUR // 2)
    session.dispatch(c.BuyIn(player=cat.id, name=cat.name, amount=1000))
    clock.advance(HOUR // 2)
    session.dispatch(c.CashOut(player=cat.id, chips=1000, paid=True))
    clock.advance(HOUR // 2)
    session.dispatch(c.CashOut(player=bob.id, chips=1000, paid=True))
    clock.advance(HOUR)
    session.dispatch(c.CashOut(player=ann.id, chips=1000, paid=True))
    event = session.tournament_id
    session.close()
    entry = book.expense(dan.id, 6000, split=SPLIT_HOURS, event=event, note="pizza")
    assert entry.kind is EntryKind.EXPENSE and entry.date == "2026-11-21"
    assert entry.split == SPLIT_HOURS
    assert dict(entry.shares) == {ann.id: 3000, bob.id: 2000, cat.id: 1000}
    assert owed(book) == {"Ann": -3000, "Bob": -2000, "Cat": -1000, "Dan": 6000}
    found = book.balances()
    assert found.club == 0
    assert entry_text(entry, found) == (
        "Expense paid by Dan: €60.00 (pizza), split by hours played: Ann €30.00, Bob €20.00, "
        "Cat €10.00"
    )
    # Settle up: the sharers pay Dan, nobody pays the club.
    assert sorted(book.settle(found=found)) == sorted(
        [(ann.id, dan.id, 3000), (bob.id, dan.id, 2000), (cat.id, dan.id, 1000)]
    )


def test_an_expense_split_between_everyone_present_gives_the_odd_cents_by_name(
    library, book, people
) -> None:
    """€10.00 between three: 3.34, 3.33, 3.33, the odd cent to the first by name; the
    payer's own part nets off what he is owed."""
    ann, bob, cat, dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    entry = book.expense(bob.id, 1000, split=SPLIT_ALL, event=event)
    assert entry.shares == ((ann.id, 334), (bob.id, 333), (cat.id, 333))
    assert sum(part for _player, part in entry.shares) == 1000
    assert owed(book) == {"Ann": -334, "Bob": 667, "Cat": -333}
    assert book.balances().club == 0
    # Chosen players, no night: split between them only.
    book.expense(dan.id, 900, split=[ann.id, dan.id, cat.id], note="drinks")
    assert owed(book) == {"Ann": -634, "Bob": 667, "Cat": -633, "Dan": 600}
    assert [e.seq for e in expenses_of(book.entries(), event)] == [entry.seq]


def test_an_expense_is_undone_by_a_compensating_entry(library, book, people) -> None:
    ann, bob, *_ = people
    book.expense(ann.id, 2000, split=[ann.id, bob.id])
    assert owed(book) == {"Ann": 1000, "Bob": -1000}
    undo = book.undo()
    assert undo.kind is EntryKind.UNDO and undo.shares == ((ann.id, 1000), (bob.id, 1000))
    assert owed(book) == {}
    found = book.balances()
    assert entry_text(undo, found).startswith("Taken back: Expense paid by Ann: €20.00")
    assert [e.kind for e in book.entries()] == [EntryKind.EXPENSE, EntryKind.UNDO]
    assert expenses_of(book.entries()) == []


def test_how_an_expense_is_split_is_kept_with_it_after_a_restart(
    library, people, database, db_path, clock
) -> None:
    """Issue 32: shared expenses, "each with who paid and how it is split (everyone
    present, chosen players, by hours played)". The rule is kept with the expense, not
    only the shares it gave: the database opened again says it."""
    from director.persistence.db import open_database

    ann, bob, cat, dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    book = ClubBook(database, clock=clock)
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    book.expense(dan.id, 900, split=[dan.id, ann.id], note="drinks")
    database.close()
    again = open_database(db_path, create=False)
    try:
        reopened = ClubBook(again, clock=clock)
        entries = reopened.entries()
        assert [entry.split for entry in entries] == [SPLIT_ALL, SPLIT_CHOSEN]
        found = reopened.balances()
        assert [entry_text(entry, found) for entry in entries] == [
            "Expense paid by Bob: €30.00 (pizza), split between everyone present: "
            "Ann €10.00, Bob €10.00, Cat €10.00",
            "Expense paid by Dan: €9.00 (drinks), split between Ann, Dan: Ann €4.50, Dan €4.50",
        ]
    finally:
        again.close()


def test_an_expense_recorded_before_its_split_was_kept_reads_as_shares_as_given(
    library, book, people, database
) -> None:
    """An expense written before the rule was kept (the upgrade leaves its rule empty)
    reads as its shares as given; its balances do not change."""
    from director.persistence import league_store as sql

    ann, bob, *_ = people
    book.expense(ann.id, 2000, split=[ann.id, bob.id], note="room")
    with database.write() as connection:
        sql.run(connection, "UPDATE club_entry SET split = ''", {})
    (entry,) = book.entries()
    assert entry.split == ""
    found = book.balances()
    assert entry_text(entry, found) == (
        "Expense paid by Ann: €20.00 (room), shares as given: Ann €10.00, Bob €10.00"
    )
    assert owed(book) == {"Ann": 1000, "Bob": -1000}


def test_undo_takes_an_expense_back_with_its_split_and_the_settle_up_lists_it(
    library, book, people
) -> None:
    """Undo as any command: the entry taken back says how it was split, and its note.
    The settle-up text, to paste in the group chat, lists the expenses standing with
    their rule."""
    ann, bob, cat, dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    book.expense(dan.id, 900, split=[ann.id, dan.id], note="drinks")
    undo = book.undo()
    assert undo.split == SPLIT_CHOSEN
    found = book.balances()
    assert entry_text(undo, found) == (
        "Taken back: Expense paid by Dan: €9.00 (drinks), split between Ann, Dan: "
        "Ann €4.50, Dan €4.50"
    )
    text = settle_text(book.settle(found=found), found, "", settled_expenses(found))
    assert text.splitlines() == [
        "Cat pays Bob €10.00",
        "Ann pays Bob €10.00",
        "",
        "Shared expenses",
        "Expense paid by Bob: €30.00 (pizza), split between everyone present: "
        "Ann €10.00, Bob €10.00, Cat €10.00",
    ]


def test_undone_entries_are_redone_latest_first_until_something_else_is_recorded(
    library, book, people
) -> None:
    """Undo and redo as any command: two undos, then two redos record the expense and
    the payment again as they were (its split, note and date kept); a new entry ends
    what can be redone."""
    ann, bob, cat, _dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    expense = book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    payment = book.pay(ann.id, 1000, payee=bob.id)
    square = owed(book)
    book.undo()
    book.undo()
    assert owed(book) == {}
    again = book.redo()
    assert again._replace(seq=0, undoes=None) == expense._replace(seq=0)
    assert again.split == SPLIT_ALL and again.note == "pizza" and again.date == "2026-11-14"
    assert book.redo()._replace(seq=0, undoes=None) == payment._replace(seq=0)
    assert owed(book) == square
    with pytest.raises(RuleViolation) as refused:
        book.redo()
    assert refused.value.code == "club_nothing_to_redo"
    assert [e.seq for e in expenses_of(book.entries(), event)] == [again.seq]
    # A redone entry is undone like any other; a new entry after an undo ends the redo.
    book.undo()
    book.pay(cat.id, 500)
    with pytest.raises(RuleViolation):
        book.redo()


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"split": SPLIT_ALL}, "expense_needs_night"),
        ({"split": "halves", "event": 1}, "expense_split_unknown"),
        ({"split": []}, "expense_nobody_to_share"),
        ({"split": SPLIT_ALL, "event": 999}, "event_unknown"),
        ({"split": SPLIT_HOURS, "event": 1}, "expense_hours_cash_only"),
    ],
)
def test_a_bad_expense_is_refused_and_nothing_is_written(
    library, book, people, kwargs, code
) -> None:
    tournament_night(library, "2026-11-14", people[:2]).close()
    with pytest.raises(RuleViolation) as refused:
        book.expense(people[0].id, 1000, **kwargs)
    assert refused.value.code == code
    assert book.entries() == []
    assert CLUB not in {p.player for p in book.balances().players}


def pdf_text(pdf: bytes) -> str:
    import io

    from pypdf import PdfReader

    return " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages
    )


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_nights_ledger_lists_its_shared_expenses_and_their_totals(
    library, book, people, language
) -> None:
    """Issue 32: "shared expenses (food, drinks, the venue), each with who paid and how
    it is split ... the ledger PDF shows them". Bob's €30 of pizza at the night, split
    between the three who played, and Dan's €9 of drinks between Ann and Dan, are
    on that night's ledger with each share and their totals; an expense of another
    night and one taken back are not."""
    from director import reports
    from director.app.club.balances import night_expenses
    from director.i18n import set_language

    ann, bob, cat, dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    other = tournament_night(library, "2026-11-21", [ann, bob], pay_prize=True)
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    book.expense(dan.id, 900, split=[ann.id, dan.id], event=event, note="drinks")
    book.expense(ann.id, 5000, split=SPLIT_ALL, event=other.tournament_id, note="venue")
    book.expense(cat.id, 700, split=SPLIT_ALL, event=event, note="taken back")
    book.undo()
    found = night_expenses(book, event)
    assert [(e.paid_by, e.note, e.amount, e.shares) for e in found] == [
        ("Bob", "pizza", 3000, (("Ann", 1000), ("Bob", 1000), ("Cat", 1000))),
        ("Dan", "drinks", 900, (("Ann", 450), ("Dan", 450))),
    ]
    set_language(language)
    try:
        text = pdf_text(reports.render("ledger", night.state, night.now(), expenses=found))
    finally:
        set_language("en")
    night.close()
    other.close()
    if language == "en":
        assert "Shared expenses of the night: €39.00" in text
        assert (
            "Bob pizza €30.00 split between everyone present Ann €10.00, Bob €10.00, Cat €10.00"
        ) in text
        assert "Dan drinks €9.00 split between Ann, Dan Ann €4.50, Dan €4.50" in text
        assert "Totals €39.00" in text
        # Each player: paid, share, net (what the club's balances take in).
        assert "Ann €14.50 -€14.50" in text
        assert "Bob €30.00 €10.00 €20.00" in text
        assert "Dan €9.00 €4.50 €4.50" in text
    else:
        assert "Dépenses partagées de la soirée : 39,00 €" in text
        assert (
            "Bob pizza 30,00 € partagée entre tous les présents Ann 10,00 €, Bob 10,00 €, "
            "Cat 10,00 €"
        ) in text
        assert "Dan drinks 9,00 € partagée entre Ann, Dan Ann 4,50 €, Dan 4,50 €" in text
        assert "Bob 30,00 € 10,00 € 20,00 €" in text
    for absent in ("venue", "taken back", "50.00", "50,00", "7.00", "7,00"):
        assert absent not in text


def test_the_ledger_report_of_the_command_line_lists_the_nights_expenses(
    library, book, people, db_path, tmp_path
) -> None:
    """`director report ledger EVENT` writes the same ledger, the night's shared
    expenses on it."""
    from director.cli import main

    ann, bob, cat, _dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    out = tmp_path / "ledger.pdf"
    args = ["report", "ledger", str(event), "--db", str(db_path), "--out", str(out)]
    assert main(args) == 0
    text = pdf_text(out.read_bytes())
    assert (
        "Bob pizza €30.00 split between everyone present Ann €10.00, Bob €10.00, Cat €10.00"
    ) in text


def test_one_nights_settle_up_pays_the_expenses_it_lists(library, book, people) -> None:
    """Settling up one night: the payments clear what is open from it, its shared
    expenses included, as its text lists them. An expense taken back leaves nothing
    open; an expense of no night is in no night's settle-up."""
    ann, bob, cat, dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    later = tournament_night(library, "2026-11-21", [cat, bob, ann], unpaid=[2], pay_prize=True)
    later_event = later.tournament_id
    later.close()
    assert owed(book) == {"Ann": -2000}
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    book.expense(dan.id, 900, split=[ann.id, dan.id], note="drinks")  # no night
    found = book.balances()
    assert sorted(book.settle(event=event, found=found)) == sorted(
        [(ann.id, bob.id, 1000), (cat.id, bob.id, 1000)]
    )
    text = settle_text(
        book.settle(event=event, found=found), found, "", settled_expenses(found, event)
    )
    assert "Ann pays Bob €10.00" in text and "(pizza)" in text and "(drinks)" not in text
    # Ann's unpaid buy-in is the later night's, not this one's.
    assert book.settle(event=later_event, found=found) == [(ann.id, CLUB, 2000)]
    # Bob is paid his pizza: nothing is open from that night any more.
    book.pay(ann.id, 1000, payee=bob.id)
    book.pay(cat.id, 1000, payee=bob.id)
    assert book.settle(event=event) == []
    book.undo()  # Cat's payment taken back: her part is open again
    assert book.settle(event=event) == [(cat.id, bob.id, 1000)]


def test_an_expense_taken_back_leaves_nothing_open_from_its_night(library, book, people) -> None:
    ann, bob, cat, _dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event)
    book.undo()
    assert owed(book) == {} and book.settle(event=event) == []


def test_a_night_whose_expenses_are_open_is_not_deleted(library, book, people) -> None:
    """Its own money is square, but its pizza is not paid back yet: deleting the night
    is refused, naming who owes and who is owed, until the expense is settled."""
    ann, bob, cat, _dan = people
    night = tournament_night(library, "2026-11-14", [cat, bob, ann], pay_prize=True)
    event = night.tournament_id
    night.close()
    book.expense(bob.id, 3000, split=SPLIT_ALL, event=event, note="pizza")
    refusal = library.delete_refusal(event)
    assert refusal is not None and refusal.code == "delete_open_money"
    assert "Bob is owed €20.00" in refusal.args_map["balances"]
