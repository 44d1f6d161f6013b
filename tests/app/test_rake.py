"""The house's rake in a cash game, through the session API: a percentage of each
pot with a cap per pot (taken off the table in chips), a charge per hour or per
player (paid now or owed); the settlement, the club's balances (the house is the
club's own account, zero-sum kept) and the reports take it in."""

from __future__ import annotations

from pathlib import Path

import pytest

from director.app.club.balances import ClubBook
from director.app.club.roster import Roster
from director.cli import main
from director.core import commands as c
from director.core.errors import RuleViolation
from director.core.kinds import EventKind
from director.core.ledger import BANK, settle
from director.core.money import RAKE_HOUR, RAKE_PLAYER, RAKE_POT, CashSettings, RakeRule
from director.core.players import MovementKind


@pytest.fixture
def people(database, clock):
    roster = Roster(database, clock=clock)
    return [roster.add(name) for name in ("Ann", "Bob", "Cat")]


def cash_game(library, rule: RakeRule, people, buy_in: int = 10_000):
    """A cash game (one cent a chip) with the rake ``rule``; everyone buys in, paid."""
    session = library.create("Cash", kind=EventKind.CASH, event_date="2026-11-21")
    session.dispatch(c.SetCashSettings(settings=CashSettings(min_buy_in=1, rake=rule)))
    for player in people:
        session.dispatch(c.BuyIn(player=player.id, name=player.name, amount=buy_in))
    return session


def test_a_pots_rake_is_a_percentage_capped_per_pot(library, people) -> None:
    """5% of each pot, at most €3.00 a pot: €2.00 from a €40 pot, €3.00 (the cap)
    from a €100 one; the chips go off the table, the bank keeps their money for the
    house, and the chip count and the books still balance."""
    ann, bob, cat = people
    session = cash_game(library, RakeRule(kind=RAKE_POT, percent_bp=500, cap=300), people)
    session.dispatch(c.TakeRake(pot=4000))
    session.dispatch(c.TakeRake(pot=10_000))
    rakes = [m for m in session.state.ledger if m.kind is MovementKind.RAKE]
    assert [(m.player, m.fee, m.chips) for m in rakes] == [(BANK, 200, -200), (BANK, 300, -300)]
    session.undo()  # a rake recorded by mistake is undone like any command
    assert sum(m.kind is MovementKind.RAKE for m in session.state.ledger) == 1
    session.redo()
    # 30,000 chips sold, 500 off the table: 29,500 come back.
    for player, chips in ((ann, 15_000), (bob, 9_500), (cat, 5_000)):
        session.dispatch(c.CashOut(player=player.id, chips=chips, paid=True))
    result = settle(session.state.players, session.state.ledger)
    assert result.rake == 500 and result.rake_chips == 500
    assert result.chip_difference == 0
    assert result.bank_holds == 500  # the house's, nobody else's
    assert result.unsettled == 0 and result.payments == ()
    assert result.net_total == -500


def test_an_hourly_charge_owed_goes_to_the_clubs_own_account(
    library, database, clock, people
) -> None:
    """€5.00 an hour from each player in the game, collected twice; Ann pays hers
    now, Bob and Cat owe theirs: the club's balances say so, zero-sum."""
    ann, bob, cat = people
    session = cash_game(library, RakeRule(kind=RAKE_HOUR, amount=500), people)
    session.dispatch(c.TakeRake(paid=False))
    session.dispatch(c.PayDebt(player=ann.id))
    session.dispatch(c.CashOut(player=cat.id, chips=10_000, paid=True))
    session.dispatch(c.TakeRake(paid=False))  # Cat has left: not charged again
    session.dispatch(c.PayDebt(player=ann.id))
    for player in (ann, bob):
        session.dispatch(c.CashOut(player=player.id, chips=10_000, paid=True))
    result = settle(session.state.players, session.state.ledger)
    assert result.rake == 2500
    assert {r.player: r.net for r in result.results} == {ann.id: -1000, bob.id: -1000, cat.id: -500}
    assert dict(result.balances) == {bob.id: -1000, cat.id: -500, BANK: 1500}
    session.close()
    found = ClubBook(database, clock=clock).balances()
    assert {p.name: p.balance for p in found.players} == {"Bob": -1000, "Cat": -500}
    assert found.club == 1500
    assert sum(p.balance for p in found.players) + found.club == 0


def test_a_seat_charge_is_taken_once_a_night(library, people) -> None:
    session = cash_game(library, RakeRule(kind=RAKE_PLAYER, amount=1000), people[:2])
    session.dispatch(c.TakeRake())
    with pytest.raises(RuleViolation) as refused:
        session.dispatch(c.TakeRake())
    assert refused.value.code == "rake_nothing_to_take"
    cat = people[2]
    session.dispatch(c.BuyIn(player=cat.id, name=cat.name, amount=10_000))
    session.dispatch(c.TakeRake())  # only the newcomer
    charged = [m.player for m in session.state.ledger if m.kind is MovementKind.RAKE]
    assert charged == [people[0].id, people[1].id, cat.id]


@pytest.mark.parametrize(
    ("rule", "command", "code"),
    [
        (RakeRule(), c.TakeRake(pot=100), "rake_none"),
        (RakeRule(kind=RAKE_POT, percent_bp=500), c.TakeRake(), "rake_pot_missing"),
        (RakeRule(kind=RAKE_POT, percent_bp=500), c.TakeRake(pot=10), "rake_nothing_to_take"),
        (RakeRule(kind=RAKE_HOUR, amount=100), c.TakeRake(pot=10), "rake_pot_only"),
    ],
)
def test_a_rake_the_rule_does_not_allow_is_refused(library, people, rule, command, code) -> None:
    session = cash_game(library, rule, people)
    with pytest.raises(RuleViolation) as refused:
        session.dispatch(command)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("rule", "code"),
    [
        (RakeRule(kind="half"), "rake_kind_unknown"),
        (RakeRule(kind=RAKE_POT), "rake_percent_out_of_range"),
        (RakeRule(kind=RAKE_POT, percent_bp=10_001), "rake_percent_out_of_range"),
        (RakeRule(kind=RAKE_HOUR), "rake_amount_missing"),
    ],
)
def test_a_rake_rule_that_cannot_work_is_refused(library, rule, code) -> None:
    session = library.create("Cash", kind=EventKind.CASH)
    with pytest.raises(RuleViolation) as refused:
        session.dispatch(c.SetCashSettings(settings=CashSettings(rake=rule)))
    assert refused.value.code == code


def test_the_ledger_and_settlement_pdfs_show_the_rake(
    library, database, people, tmp_path: Path
) -> None:
    from pypdf import PdfReader

    session = cash_game(library, RakeRule(kind=RAKE_POT, percent_bp=1000, cap=500), people)
    session.dispatch(c.TakeRake(pot=20_000))  # 10% is €20.00: capped at €5.00
    event = session.tournament_id
    session.close()
    path = getattr(database, "url", None) or database.path  # a file, or a club's server
    ledger, settlement = tmp_path / "ledger.pdf", tmp_path / "settlement.pdf"
    assert main(["report", "ledger", str(event), "--out", str(ledger), "--db", str(path)]) == 0
    assert (
        main(["report", "settlement", str(event), "--out", str(settlement), "--db", str(path)]) == 0
    )
    text = PdfReader(ledger).pages[0].extract_text()
    assert "The house" in text and "Rake" in text and "€5.00" in text
    text = PdfReader(settlement).pages[0].extract_text()
    assert "The house's rake: €5.00, for the club's own account." in text
