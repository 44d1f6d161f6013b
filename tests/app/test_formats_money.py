"""Money is conserved through random nights with the tournament formats.

Random sequences of entries, re-entries, re-buys, add-ons, busts with one or
several eliminators, reverted busts, refunds and payments, with progressive
knockout or mystery bounties, added money and a guarantee, and undo, redo and
restarts in between. After every step:

    money in + the host's money
        == prizes + bounties paid + fees + the season pot + pools still held

in integers; bounty money still held is on the heads of players still in (never
on nobody's), and none is left once the night is over; every prize goes to a
player at the end; the mystery envelopes drawn and left are the published list;
the live state equals the replay of the log; undo then redo gives the same state.
Steps may come within one millisecond or after the computer's clock was set back.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

from director.app.library import Library
from director.app.session import TournamentSession
from director.core import commands as c
from director.core.bounties import bounty_book
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import (
    MYSTERY,
    PROGRESSIVE,
    AddonRule,
    BountySettings,
    Envelope,
    Fee,
    MoneySettings,
    RebuyRule,
)
from director.core.players import PURCHASES, Bust, MovementKind, Winner
from director.core.prize_pool import prize_pool
from director.core.results import box_check, prize_amounts, prizes_by_player, propose_deal
from director.core.structure import simple
from director.persistence.db import open_database
from tests.app.test_session_properties import replay_from_scratch
from tests.conftest import FakeClock

PLAYERS = [PlayerId(n) for n in range(1, 6)]
players = st.sampled_from(PLAYERS)
ENVELOPES = (Envelope(amount=2000, count=1), Envelope(amount=1000, count=2), Envelope(500, 2))


KNOCKOUT = st.tuples(
    st.integers(0, 9),  # who goes out, among the players still in
    st.lists(st.tuples(st.integers(0, 9), st.integers(1, 5000)), max_size=3),  # who won
    st.booleans(),  # a second player out on the same hand
)
# Busts and comebacks name players by their place in the live lists, so that most
# of them are accepted whatever the night looks like by then.
INTENTS = st.one_of(
    st.tuples(st.just("knockout"), KNOCKOUT),
    st.tuples(st.just("knockout"), KNOCKOUT),
    st.tuples(st.just("knockout"), KNOCKOUT),
    st.tuples(st.just("comeback"), st.tuples(st.integers(0, 9), st.booleans())),
    st.tuples(st.just("pay"), st.integers(0, 9)),
    st.tuples(st.just("deal"), st.sampled_from(["even", "chips"])),
    st.tuples(
        st.just("command"),
        st.one_of(
            st.builds(c.BuyIn, player=players, name=st.just("P"), paid=st.booleans()),
            st.builds(c.Addon, player=players),
            st.builds(c.RevertBust, player=players),
            st.builds(c.RemoveEntry, player=players),
            st.builds(c.PayDebt, player=players),
            st.just(c.StartClock()),
            st.just(c.NextLevel()),
        ),
    ),
)
ACTIONS = st.lists(
    st.tuples(
        st.one_of(
            INTENTS,
            st.tuples(st.sampled_from(["undo", "redo", "reopen", "undo_redo"]), st.none()),
        ),
        # Milliseconds before the step: mostly a second; at times none, or the
        # laptop's clock set back.
        st.sampled_from([1000, 1000, 1000, 1000, 0, -3000]),
    ),
    min_size=12,
    max_size=40,
)


def command_for(state, action: str, data) -> c.Command | None:
    """The command an intent stands for in ``state`` (None when it names nobody)."""
    alive = sorted(state.alive())
    if action == "command":
        return data
    if action == "pay":
        return c.PayPrize(player=PLAYERS[data % len(PLAYERS)])
    if action == "deal":
        if state.deal is not None or len(alive) < 2:
            return None
        stacks = {player: 1000 * (number + 1) for number, player in enumerate(alive)}
        try:
            deal = propose_deal(state, data, stacks)
        except RuleViolation:
            return None
        return c.AcceptDeal(deal=deal, chips_difference_accepted=True)
    if action == "comeback":
        out = sorted(p for p, e in state.players.items() if e.status.value == "busted")
        if not out:
            return None
        player = out[data[0] % len(out)]
        return c.Rebuy(player=player) if data[1] else c.Reentry(player=player)
    if len(alive) < 2:
        return None
    index, winners, second = data
    busted = [alive[index % len(alive)]]
    if second and len(alive) > 2:
        busted.append(next(p for p in alive if p != busted[0]))
    others = [p for p in alive if p not in busted]
    chosen: dict[PlayerId, int] = {}
    for pick, chips in winners:
        chosen.setdefault(others[pick % len(others)], chips)
    made = []
    for player in busted:
        if not chosen:
            made.append(Bust(player=player))
        elif len(chosen) == 1:
            made.append(Bust(player=player, eliminator=next(iter(chosen))))
        else:
            shares = tuple(Winner(p, n) for p, n in chosen.items())
            made.append(Bust(player=player, eliminator=shares[0].player, winners=shares))
    return c.BustPlayers(busts=tuple(made))


def money_settings(kind: str, added: int, guarantee: int, share: int) -> MoneySettings:
    mystery = kind == MYSTERY
    return MoneySettings(
        buy_in=3000,
        chips=5000,
        fee=Fee(fixed=300),
        bounty=1000,
        bounties=BountySettings(
            kind=kind,
            cash_share_bp=share,
            unit=1 if mystery else 100,
            envelopes=ENVELOPES if mystery else (),
        ),
        # A mystery's envelopes match five buy-ins: re-buys there add no bounty.
        rebuy=RebuyRule(price=3000, chips=5000, until_level=2, bounty=0 if mystery else 700),
        addon=AddonRule(
            price=2000, chips=5000, from_level=1, until_level=3, bounty=0 if mystery else 500
        ),
        late_until_level=2,
        reentry=True,
        added=added,
        guarantee=guarantee,
        season_pot=200,
    )


def check_money(state) -> None:
    numbers = figures(state.players, state.ledger)
    book = bounty_book(state)
    pool = prize_pool(state)
    money_in = sum(
        m.price for m in state.ledger if m.kind in PURCHASES or m.kind is MovementKind.REFUND
    )
    prizes = sum(prize_amounts(state))
    values = (money_in, pool.host_money, prizes, book.paid, book.unclaimed, book.held, numbers.fees)
    assert all(type(value) is int for value in values)
    kept = numbers.fees + numbers.season_pot
    assert money_in + pool.host_money == prizes + book.paid + book.unclaimed + book.held + kept
    assert numbers.bounty_pool == book.paid + book.unclaimed + book.held
    assert book.held >= 0 and all(amount >= 0 for amount in book.won.values())
    if state.money.bounties.kind != MYSTERY:
        # Held bounty money is on the heads of players still in, nowhere else.
        assert book.held == sum(book.on_head.values())
    # The cash box, to the cent: with the host's money and the debts, it covers what
    # is due to the players and holds what is kept apart or still in play.
    assert box_check(state).difference == 0
    if state.status.value == "finished":
        assert book.held == 0
        assert sum(prizes_by_player(state).values()) == pool.total
    if state.money.bounties.kind == MYSTERY:
        published = Counter({e.amount: e.count for e in ENVELOPES})
        drawn = Counter(draw.amount for draw in state.draws)
        assert drawn + Counter(book.envelopes_left) == published or state.status.value == "finished"
        for draw in state.draws:
            assert sum(share.cash for share in draw.shares) == draw.amount
    else:
        assert state.draws == ()


@settings(max_examples=60)
@given(
    steps=ACTIONS,
    kind=st.sampled_from([PROGRESSIVE, MYSTERY]),
    added=st.sampled_from([0, 1500]),
    guarantee=st.sampled_from([0, 20_000, 50_000]),
    share=st.sampled_from([5000, 2500, 10_000]),
)
def test_pko_and_mystery_money_conserved_through_undo_redo_and_restarts(
    steps, kind, added, guarantee, share
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_night(Path(folder) / "d.db", steps, kind, added, guarantee, share)


@settings(max_examples=8)
@given(
    steps=ACTIONS,
    kind=st.sampled_from([PROGRESSIVE, MYSTERY]),
    added=st.sampled_from([0, 1500]),
    guarantee=st.sampled_from([0, 20_000, 50_000]),
    share=st.sampled_from([5000, 2500, 10_000]),
)
def test_pko_and_mystery_money_conserved_on_postgresql(
    steps, kind, added, guarantee, share
) -> None:
    from tests import pg

    check_night(pg.server().create_database(), steps, kind, added, guarantee, share)


def check_night(path, steps, kind: str, added: int, guarantee: int, share: int) -> None:
    """One random night: the money checked after every step, the replay at the end."""
    clock = FakeClock()
    database = open_database(path)
    session = Library(database, clock=clock).create("Formats")
    session.dispatch(c.SetStructure(structure=simple([(25, 50), (50, 100), (100, 200)])))
    session.dispatch(c.SetMoneySettings(settings=money_settings(kind, added, guarantee, share)))
    for player in PLAYERS:
        session.dispatch(c.BuyIn(player=player, name=f"P{player}"))
    event_id = session.tournament_id
    check_money(session.state)
    seen: set[str] = set()
    for (action, data), gap in steps:
        clock.advance(gap)
        if action in ("command", "knockout", "comeback", "pay", "deal"):
            command = command_for(session.state, action, data)
            if command is not None:
                with contextlib.suppress(RuleViolation):
                    session.dispatch(command)
        elif action == "undo" and session.can_undo():
            session.undo()
        elif action == "redo" and session.can_redo():
            session.redo()
        elif action == "undo_redo" and session.can_undo():
            before = session.state
            session.undo()
            check_money(session.state)
            session.redo()
            assert session.state == before
        elif action == "reopen":
            live = session.state
            session.close()
            database.close()
            database = open_database(path)
            session = TournamentSession(database, event_id, clock=clock)
            assert session.state == live
        check_money(session.state)
        seen |= what_happened(session.state)
    assert replay_from_scratch(database, event_id, clock) == session.state
    for seen_once in sorted(seen):
        event(seen_once)
    database.close()


def what_happened(state) -> set[str]:
    """What a night reached, for the test's statistics (--hypothesis-show-statistics)."""
    found = set()
    if state.draws:
        found.add("an envelope drawn")
    if any(bust.winners for record in state.busts for bust in record.busts):
        found.add("a shared knockout")
    if any(share.head for knockout in bounty_book(state).knockouts for share in knockout.shares):
        found.add("a bounty grown by a knockout")
    if state.status.value == "finished":
        found.add("a winner")
    if prize_pool(state).overlay:
        found.add("an overlay")
    if state.deal is not None:
        found.add("a deal")
    if any(m.kind is MovementKind.PAYOUT for m in state.ledger):
        found.add("a payment")
    return found
