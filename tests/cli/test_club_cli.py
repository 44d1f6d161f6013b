"""``director balances``, ``pay``, ``write-off`` and ``settle``: the club's money from
the command line, with one line on stderr and exit 2 for bad input."""

from __future__ import annotations

import csv
import hashlib
import io
from pathlib import Path

import pytest

from director.app.club.balances import ClubBook
from director.app.club.roster import Roster
from director.app.storage.library import Library
from director.cli import main
from director.persistence.db import open_database
from tests.app.club_helpers import cash_night, tournament_night


@pytest.fixture
def club_db(tmp_path: Path, clock) -> Path:
    """Ann owes €20 from 14 November (a buy-in on credit), Cat won €60 that night and
    was not paid; Bob owes €30 from a cash game on 21 November."""
    path = tmp_path / "director.db"
    database = open_database(path)
    library, roster = Library(database, clock=clock), Roster(database, clock=clock)
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    tournament_night(library, "2026-11-14", [cat, ann, bob], unpaid=[1]).close()
    cash_night(library, "2026-11-21", [(bob, 5000, 2000, False, False)]).close()
    # The window has shown the balances once: each night's money is kept beside its log.
    ClubBook(database, clock=clock).balances()
    database.close()
    return path


def run(db: Path, *argv: str) -> int:
    return main([*argv, "--db", str(db)])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_balances_lists_each_open_account_with_the_oldest_night(club_db: Path, capsys) -> None:
    assert run(club_db, "balances") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ann\t-€20.00\t€20.00\t\tNov 14, 2026",
        "Bob\t-€30.00\t€30.00\t\tNov 21, 2026",
        "Cat\t€60.00\t\t€60.00\tNov 14, 2026",
    ]
    assert run(club_db, "balances", "--csv") == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["Player", "Balance", "Owes", "Is owed", "Since"]
    assert rows[1][:3] == ["Ann", "-€20.00", "€20.00"]


def test_pay_in_parts_to_the_club_or_a_player_then_settle(club_db: Path, capsys) -> None:
    assert run(club_db, "pay", "Ann", "12.50") == 0
    assert capsys.readouterr().out == "Ann paid the club €12.50 (cash)\n"
    assert run(club_db, "pay", "ann", "7.50", "--to", "Cat", "--method", "bank transfer") == 0
    assert capsys.readouterr().out == "Ann paid Cat €7.50 (bank transfer)\n"
    assert run(club_db, "write-off", "Bob", "10") == 0
    assert capsys.readouterr().out == "Written off: €10.00 of the balance of Bob\n"
    assert run(club_db, "balances") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Bob\t-€20.00\t€20.00\t\tNov 21, 2026",
        "Cat\t€52.50\t\t€52.50\tNov 14, 2026",
    ]
    assert run(club_db, "settle") == 0
    assert capsys.readouterr().out.splitlines() == [
        "The club pays Cat €32.50",
        "Bob pays Cat €20.00",
    ]
    assert run(club_db, "settle", "--event", "2") == 0
    assert capsys.readouterr().out.splitlines() == ["Bob pays the club €20.00"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("pay", "Nobody", "5"), "That player is not in the list of players."),
        (("pay", "Ann", "five"), "“five” is not an amount of money."),
        (("pay", "Ann", "-5"), "“-5” is not an amount of money."),
        (("pay", "Ann", "0"), "Type an amount above zero."),
        (("pay", "Ann", "5", "--to", "Ann"), "A payment needs two different parties."),
        (("pay", "Ann", "5", "--date", "yesterday"), "“yesterday” is not a date (YYYY-MM-DD)."),
        (("write-off", "Ann", "50"), "Only €20.00 is open."),
        (("settle", "--event", "9"), "event"),
    ],
)
def test_bad_input_is_one_line_on_stderr_exit_2_and_nothing_changes(
    club_db: Path, argv, said, capsys
) -> None:
    before = digest(club_db)
    assert run(club_db, *argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err, err
    assert digest(club_db) == before


def test_settle_up_as_csv_and_the_club_reports_as_pdf(
    club_db: Path, tmp_path: Path, capsys
) -> None:
    from pypdf import PdfReader

    assert run(club_db, "settle", "--csv") == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows == [
        ["Who pays", "Who is paid", "Amount"],
        ["Bob", "Cat", "€30.00"],
        ["Ann", "Cat", "€20.00"],
        ["The club", "Cat", "€10.00"],
    ]
    balances = tmp_path / "balances.pdf"
    assert run(club_db, "report", "balances", "all", "--out", str(balances)) == 0
    text = " ".join(page.extract_text() for page in PdfReader(balances).pages)
    for expected in ("Balances", "Ann", "-€20.00", "Since", "The club", "Who pays"):
        assert expected in text, expected
    night = tmp_path / "night.pdf"
    assert run(club_db, "report", "settle", "2", "--out", str(night)) == 0
    text = " ".join(page.extract_text() for page in PdfReader(night).pages)
    assert "Settle up" in text and "€30.00" in text and "Cat" not in text.split("Amount", 1)[1]


def test_a_payment_on_a_full_disk_says_so_and_keeps_the_journal(small_disk, clock, capsys) -> None:
    """The disk is full when ``director pay`` runs: one line on stderr, exit 2, the
    journal as it was; once there is room, the same payment is recorded once."""
    from tests.conftest import checkpoint

    path = small_disk.root / "club.db"
    database = open_database(path)
    library, roster = Library(database, clock=clock), Roster(database, clock=clock)
    ann, bob = roster.add("Ann"), roster.add("Bob")
    tournament_night(library, "2026-11-14", [bob, ann], unpaid=[1]).close()
    ClubBook(database, clock=clock).balances()
    database.close()
    checkpoint(path)
    small_disk.fill()
    assert run(path, "pay", "Ann", "5") == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "is full" in error, error
    small_disk.free()
    database = open_database(path)
    try:
        assert ClubBook(database, clock=clock).entries() == []
    finally:
        database.close()
    assert run(path, "pay", "Ann", "5") == 0
    database = open_database(path)
    try:
        assert [entry.amount for entry in ClubBook(database, clock=clock).entries()] == [500]
    finally:
        database.close()


def test_expense_split_by_hours_between_everyone_or_chosen_players(
    tmp_path: Path, clock, capsys
) -> None:
    """``director expense``: Cat paid €45 of pizza at a cash game where Ann sat two
    hours and Bob one; then €9 of drinks shared by chosen players."""
    from director.core import commands as c
    from director.core.kinds import EventKind
    from director.core.money import CashSettings

    path = tmp_path / "director.db"
    database = open_database(path)
    library, roster = Library(database, clock=clock), Roster(database, clock=clock)
    ann, bob, _cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    session = library.create("Cash", kind=EventKind.CASH, event_date="2026-11-21")
    session.dispatch(c.SetCashSettings(settings=CashSettings(min_buy_in=1)))
    for player in (ann, bob):
        session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=1000))
    clock.advance(3_600_000)
    session.dispatch(c.CashOut(player=bob.id, chips=1000, paid=True))
    clock.advance(3_600_000)
    session.dispatch(c.CashOut(player=ann.id, chips=1000, paid=True))
    session.close()
    database.close()
    assert (
        run(
            path,
            "expense",
            "45",
            "--paid-by",
            "Cat",
            "--split",
            "hours",
            "--event",
            "1",
            "--note",
            "pizza",
        )
        == 0
    )
    assert capsys.readouterr().out == (
        "Expense paid by Cat: €45.00 (pizza), split by hours played: Ann €30.00, Bob €15.00\n"
    )
    assert run(path, "expense", "9", "--paid-by", "ann", "--split", "Ann, Bob,Cat") == 0
    capsys.readouterr()
    assert run(path, "balances") == 0
    assert [line.split("\t")[:2] for line in capsys.readouterr().out.splitlines()] == [
        ["Ann", "-€24.00"],
        ["Bob", "-€18.00"],
        ["Cat", "€42.00"],
    ]
    assert run(path, "settle") == 0
    assert capsys.readouterr().out.splitlines() == [
        "Ann pays Cat €24.00",
        "Bob pays Cat €18.00",
        "",
        "Shared expenses",
        "Expense paid by Cat: €45.00 (pizza), split by hours played: Ann €30.00, Bob €15.00",
        "Expense paid by Ann: €9.00, split between Ann, Bob, Cat: Ann €3.00, Bob €3.00, Cat €3.00",
    ]
    # The balances PDF lists the expenses standing, with each sharer's part.
    from pypdf import PdfReader

    out = tmp_path / "balances.pdf"
    assert run(path, "report", "balances", "all", "--out", str(out)) == 0
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(out).pages)
    assert "Shared expenses" in text and "pizza" in text and "Ann €30.00, Bob €15.00" in text
    assert "split by hours played" in text and "split between Ann, Bob, Cat" in text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["expense", "10", "--paid-by", "Zed"], "not in the list of players"),
        (["expense", "ten", "--paid-by", "Ann"], "“ten” is not an amount of money."),
        (["expense", "10", "--paid-by", "Ann"], "Say which night the expense is shared at."),
        (
            ["expense", "10", "--paid-by", "Ann", "--split", "hours", "--event", "1"],
            "Only a cash game's expense can be split by hours played.",
        ),
    ],
)
def test_a_bad_expense_is_one_line_on_stderr_exit_2_and_nothing_changes(
    club_db: Path, capsys, argv, said
) -> None:
    before = digest(club_db)
    assert run(club_db, *argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and said in err, err
    assert digest(club_db) == before


def test_delete_is_refused_while_a_nights_money_is_open(club_db: Path, capsys) -> None:
    """``director delete``: a night whose money is not settled is refused (one line,
    exit 2, naming who owes and who is owed what) and nothing changes; once settled,
    it is deleted after a backup."""
    before = digest(club_db)
    assert run(club_db, "delete", "1") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert "its money is not settled (Ann owes €20.00; Cat is owed €60.00)" in err
    assert "archive the event instead" in err
    assert digest(club_db) == before
    # Settled later by a payment in the club's journal: still refused (the payment
    # would stand alone), archiving stays the way.
    assert run(club_db, "pay", "Bob", "30") == 0
    capsys.readouterr()
    assert run(club_db, "delete", "2") == 2
    assert "settled by payments on the Club page" in capsys.readouterr().err
    # A night settled at the table leaves nothing in the balances: deleted.
    database = open_database(club_db)
    library, roster = Library(database), Roster(database)
    dan = roster.add("Dan")
    cash_night(library, "2026-11-28", [(dan, 1000, 1500, True, True)]).close()
    database.close()
    assert run(club_db, "delete", "3") == 0
    assert capsys.readouterr().out.startswith("Deleted “Cash 2026-11-28”; the backup made first: ")
    assert run(club_db, "events") == 0
    assert sorted(line.split("\t")[0] for line in capsys.readouterr().out.splitlines()) == [
        "1",
        "2",
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_export_ledger_lists_the_clubs_expenses_with_their_split_and_each_share(
    club_db: Path, tmp_path: Path, capsys, monkeypatch, language: str
) -> None:
    """Issue 32's shared expenses, "each with who paid and how it is split", in a
    spreadsheet: ``director export ledger`` (no event) writes every expense standing,
    a row per share; ``export ledger EVENT`` the night's ledger, then that night's
    expenses under their own header. Read back, each expense's shares add up to its
    amount; the database is only read."""
    from director.i18n import parse_money, set_language

    assert run(club_db, "expense", "30", "--paid-by", "Cat", "--event", "1", "--note", "pizza") == 0
    assert run(club_db, "expense", "9", "--paid-by", "Ann", "--split", "Ann,Bob") == 0
    assert run(club_db, "expense", "5", "--paid-by", "Bob", "--split", "Bob,Cat") == 0
    database = open_database(club_db)
    ClubBook(database).undo()  # Bob's €5 taken back: not listed
    database.close()
    monkeypatch.setenv("LANGUAGE", language)
    before = digest(club_db)
    out = tmp_path / "expenses.csv"
    assert run(club_db, "export", "ledger", "--out", str(out)) == 0
    delimiter = ";" if language == "fr" else ","
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8-sig")), delimiter=delimiter))
    set_language(language)
    try:
        if language == "en":
            assert rows[0] == [
                "Expense", "Date", "Paid by", "For", "Amount", "Split", "Player", "Share"
            ]  # fmt: skip
            everyone, chosen = "split between everyone present", "split between Ann, Bob"
        else:
            assert rows[0] == [
                "Dépense", "Date", "Payée par", "Pour", "Montant", "Répartition", "Joueur", "Part"
            ]  # fmt: skip
            everyone, chosen = "partagée entre tous les présents", "partagée entre Ann, Bob"
        found = [
            (
                int(number),
                date,
                paid_by,
                note,
                parse_money(amount),
                split,
                player,
                parse_money(part),
            )
            for number, date, paid_by, note, amount, split, player, part in rows[1:]
        ]
    finally:
        set_language("en")
    assert [row[:6] for row in found] == [
        (1, "2026-11-14", "Cat", "pizza", 3000, everyone),
        (1, "2026-11-14", "Cat", "pizza", 3000, everyone),
        (1, "2026-11-14", "Cat", "pizza", 3000, everyone),
        (2, found[3][1], "Ann", "", 900, chosen),
        (2, found[3][1], "Ann", "", 900, chosen),
    ]
    assert [(row[6], row[7]) for row in found] == [
        ("Ann", 1000),
        ("Bob", 1000),
        ("Cat", 1000),
        ("Ann", 450),
        ("Bob", 450),
    ]
    for number in (1, 2):  # each expense's shares add up to its amount
        shares = [row for row in found if row[0] == number]
        assert sum(row[7] for row in shares) == shares[0][4]
    # One night's ledger: its lines, an empty row, then that night's expenses only.
    capsys.readouterr()
    assert run(club_db, "export", "ledger", "1") == 0
    night = list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=delimiter))
    gap = night.index([])
    assert night[gap + 1] == rows[0]
    assert night[gap + 2 :] == rows[1:4]
    assert all(len(row) == len(night[0]) for row in night[1:gap])  # the ledger's own lines
    assert run(club_db, "export", "ledger", "2") == 0  # a night without expenses
    assert [] not in list(csv.reader(io.StringIO(capsys.readouterr().out), delimiter=delimiter))
    assert digest(club_db) == before


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["export", "standings"], "export standings needs the EVENT"),
        (["export", "ledger", "no such night"], "no such night"),
        (["export", "ledger", "--league", "Friday"], "--league and --season are for export"),
    ],
)
def test_export_ledger_bad_input_is_one_line_and_exit_2(
    club_db: Path, capsys, argv: list[str], said: str
) -> None:
    before = digest(club_db)
    assert run(club_db, *argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and said in captured.err
    assert digest(club_db) == before
