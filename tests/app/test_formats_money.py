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

The mystery draws begin from the start, at a level or in the money; a knockout
draws envelopes exactly when the phase is on, and is refused only when the
envelopes are out of step with the bounty money (a re-entry or a refund changed
it): then the organizer corrects them, as he would, and the night goes on. The
prizes follow the default table or a payout table by field size (a first band
2-10 paying three places), never more places than players.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from director.app.night.session import TournamentSession
from director.app.storage.library import Library
from director.core import commands as c
from director.core.bounties import bounty_book, envelopes_left
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
from director.core.payout_tables import Band, PayoutTable, band_for, one_in_ten
from director.core.payouts import TABLE, PayoutSettings
from director.core.periods import level_now
from director.core.players import PURCHASES, Bust, EntrantStatus, MovementKind, Winner
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
    st.booleans(),  # mystery: the organizer corrects envelopes out of step first
)
PHASES = {"start": (0, False), "level 2": (2, False), "the money": (0, True)}
"""When the mystery draws begin: (from level, in the money)."""
HOME_TABLE = PayoutTable(
    name="Home",
    bands=(Band(2, 10, (5000, 3000, 2000)), Band(11, 0, (4000, 2500, 1500, 1200, 800))),
)
TABLES = {"auto": None, "home table": HOME_TABLE, "one in ten": one_in_ten()}
"""The payouts: the default table, or a payout table by field size."""
# Busts and comebacks name players by their place in the live lists, so that most
# of them are accepted whatever the night looks like by then.
INTENTS = st.one_of(
    st.tuples(st.just("knockout"), KNOCKOUT),
    st.tuples(st.just("knockout"), KNOCKOUT),
    st.tuples(st.just("knockout"), KNOCKOUT),
    # Comebacks twice as often: re-entries put the mystery envelopes out of step.
    st.tuples(st.just("comeback"), st.tuples(st.integers(0, 9), st.booleans())),
    st.tuples(st.just("comeback"), st.tuples(st.integers(0, 9), st.booleans())),
    st.tuples(st.just("command"), st.just(c.NextLevel())),  # to reach the mystery level
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
    index, winners, second, _fix = data
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


def money_settings(
    kind: str, added: int, guarantee: int, share: int, phase: str = "start"
) -> MoneySettings:
    mystery = kind == MYSTERY
    from_level, in_the_money = PHASES[phase]
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
            mystery_from_level=from_level if mystery else 0,
            mystery_in_the_money=in_the_money and mystery,
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
        published = Counter({e.amount: e.count for e in state.money.bounties.envelopes})
        drawn = Counter(draw.amount for draw in state.draws)
        assert drawn + Counter(book.envelopes_left) == published or state.status.value == "finished"
        for draw in state.draws:
            assert sum(share.cash for share in draw.shares) == draw.amount
    else:
        assert state.draws == ()
    table = state.payout.table if state.payout.mode == TABLE else None
    if table is not None and state.deal is None and pool.total:
        # The band for the field, never more places than the people in it.
        people = sum(
            1
            for entrant in state.players.values()
            if entrant.entries and entrant.status is not EntrantStatus.REMOVED
        )
        band = band_for(table, max(numbers.entries, 1))
        assert len(prize_amounts(state)) == min(len(band.shares), people)
        assert sum(prize_amounts(state)) == pool.total


RE_ENTRY_THEN_KNOCKOUTS = [
    (("knockout", (0, [], False, False)), 1000),  # P1 out, nobody recorded
    (("comeback", (0, False)), 1000),  # P1 re-enters: 1,000 more bounty money
    (("knockout", (0, [(0, 100)], False, False)), 1000),  # refused: out of step
    (("knockout", (0, [(0, 100)], False, True)), 1000),  # corrected, then drawn
    (("undo_redo", None), 1000),
    (("reopen", None), 1000),
]
"""A mystery re-entry after the draws began, then knockouts: the path the audit
found skipped, run on every test run."""
TO_THE_MONEY = [(("knockout", (0, [(0, 100)], False, False)), 1000)] * 4
"""Five players, three paid: the fifth and the bubble draw nothing, the third does."""
REFUND_AFTER_KNOCKOUTS = [
    (("command", c.NextLevel()), 1000),
    (("knockout", (0, [], True, False)), 1000),
    (("knockout", (8, [], False, False)), 1000),  # P5 out, nobody recorded
    (("comeback", (2, False)), 1000),  # P5 re-enters
    (("knockout", (0, [(0, 1)], True, False)), 1000),  # P5 knocks out P3 and P4
    (("command", c.RevertBust(player=1)), 1000),
    (("command", c.RemoveEntry(player=5)), 1000),  # refused: P3 and P4 first
    (("knockout", (0, [], False, False)), 1000),
]
"""Found by this test: the refund of a re-entry that knocked players out left a
progressive bounty on the head of a player out again."""


@settings(max_examples=60)
@given(
    steps=ACTIONS,
    kind=st.sampled_from([PROGRESSIVE, MYSTERY]),
    added=st.sampled_from([0, 1500]),
    guarantee=st.sampled_from([0, 20_000, 50_000]),
    share=st.sampled_from([5000, 2500, 10_000]),
    phase=st.sampled_from(sorted(PHASES)),
    table=st.sampled_from(sorted(TABLES)),
)
@example(RE_ENTRY_THEN_KNOCKOUTS, MYSTERY, 0, 0, 5000, "start", "home table")
@example(RE_ENTRY_THEN_KNOCKOUTS, MYSTERY, 1500, 50_000, 5000, "the money", "one in ten")
@example(TO_THE_MONEY, MYSTERY, 0, 0, 5000, "the money", "home table")
@example(REFUND_AFTER_KNOCKOUTS, PROGRESSIVE, 0, 0, 5000, "level 2", "auto")
def test_pko_and_mystery_money_conserved_through_undo_redo_and_restarts(
    steps, kind, added, guarantee, share, phase, table
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_night(
            Path(folder) / "d.db", steps, kind, added, guarantee, share, phase=phase, table=table
        )


@settings(max_examples=8)
@given(
    steps=ACTIONS,
    kind=st.sampled_from([PROGRESSIVE, MYSTERY]),
    added=st.sampled_from([0, 1500]),
    guarantee=st.sampled_from([0, 20_000, 50_000]),
    share=st.sampled_from([5000, 2500, 10_000]),
    phase=st.sampled_from(sorted(PHASES)),
    table=st.sampled_from(sorted(TABLES)),
)
def test_pko_and_mystery_money_conserved_on_postgresql(
    steps, kind, added, guarantee, share, phase, table
) -> None:
    from tests import pg

    check_night(
        pg.server().create_database(),
        steps,
        kind,
        added,
        guarantee,
        share,
        phase=phase,
        table=table,
    )


KNOCKOUT_REFUSALS = {
    "mystery_envelopes_do_not_match",  # checked below: only when out of step
    "player_not_in_event",  # a player refunded out of the event
    "player_not_playing",
}
"""Why a knockout of players still in, won by players still in, may be refused."""


def matched_envelopes(state) -> BountySettings | None:
    """What the organizer does when the envelopes are out of step with the bounty
    money: keep every envelope drawn, keep the others that still fit, and add one
    for the rest (None when they match, or nothing can be done)."""
    settings = state.money.bounties
    pool = figures(state.players, state.ledger).bounty_pool
    rest = pool - sum(draw.amount for draw in state.draws)
    if settings.envelope_total == pool or rest < 0:
        return None
    kept: list[int] = []
    for amount in envelopes_left(settings, state.draws):
        if sum(kept) + amount <= rest:
            kept.append(amount)
    if rest > sum(kept):
        kept.append(rest - sum(kept))
    counts = Counter(draw.amount for draw in state.draws) + Counter(kept)
    envelopes = tuple(Envelope(amount, count) for amount, count in sorted(counts.items()))
    return replace(settings, envelopes=envelopes)


def draws_on(state, now: int, busting: int) -> bool:
    """The mystery phase as the settings say it (the test's own reading): from the
    start, from the chosen level of the clock, or once the best place the players
    busting on this hand cover is paid."""
    settings = state.money.bounties
    if settings.mystery_in_the_money:
        paid = sum(1 for amount in prize_amounts(state) if amount)
        return len(state.alive()) - busting + 1 <= paid
    if settings.mystery_from_level:
        return state.clock.started and level_now(state, now) >= settings.mystery_from_level
    return True


def knockout(session, clock, data, seen: set[str]) -> None:
    """A knockout intent, and what the rules must have done with it: in a mystery,
    envelopes drawn exactly when the phase is on, and a refusal only for envelopes
    out of step with the bounty money (never silently skipped)."""
    state = session.state
    mystery = state.money.bounties.kind == MYSTERY
    if mystery and data[3] and state.status.value != "finished":
        fixed = matched_envelopes(state)
        if fixed is not None:
            with contextlib.suppress(RuleViolation):  # refused after a deal, say
                session.dispatch(c.SetMoneySettings(settings=replace(state.money, bounties=fixed)))
                seen.add("envelopes corrected by the organizer")
            state = session.state
    command = command_for(state, "knockout", data)
    if command is None:
        return
    drawing = [bust for bust in command.busts if bust.eliminators()]
    phase = mystery and draws_on(state, session.now(), len(command.busts))
    pool = figures(state.players, state.ledger).bounty_pool
    out_of_step = state.money.bounties.envelope_total != pool
    left = len(envelopes_left(state.money.bounties, state.draws))
    try:
        session.dispatch(command)
    except RuleViolation as refusal:
        assert refusal.code in KNOCKOUT_REFUSALS, refusal
        if refusal.code == "mystery_envelopes_do_not_match":
            assert phase and drawing and out_of_step
            seen.add("a knockout refused: envelopes out of step")
        return
    if not mystery:
        return
    drawn = session.state.draws[len(state.draws) :]
    if phase and drawing:
        assert not out_of_step  # never a draw from a list that is not the money
        assert len(drawn) == min(len(drawing), left)
        seen.add("a mystery knockout drew an envelope" if drawn else "no envelope left")
        if any(m.kind is MovementKind.REENTRY for m in state.ledger):
            seen.add("an envelope drawn after a re-entry")
    else:
        assert drawn == ()
        if drawing:
            seen.add("a mystery knockout before the draws begin")


def check_night(
    path,
    steps,
    kind: str,
    added: int,
    guarantee: int,
    share: int,
    *,
    phase: str = "start",
    table: str = "auto",
) -> None:
    """One random night: the money checked after every step, the replay at the end."""
    clock = FakeClock()
    database = open_database(path)
    session = Library(database, clock=clock).create("Formats")
    session.dispatch(c.SetStructure(structure=simple([(25, 50), (50, 100), (100, 200)])))
    money = money_settings(kind, added, guarantee, share, phase)
    session.dispatch(c.SetMoneySettings(settings=money))
    if TABLES[table] is not None:
        payout = PayoutSettings(mode=TABLE, table=TABLES[table], unit=100)
        session.dispatch(c.SetPayouts(settings=payout))
    for player in PLAYERS:
        session.dispatch(c.BuyIn(player=player, name=f"P{player}"))
    if phase == "level 2":
        session.dispatch(c.StartClock())  # the draws wait for the clock's level 2
    event_id = session.tournament_id
    check_money(session.state)
    seen: set[str] = set()
    for (action, data), gap in steps:
        clock.advance(gap)
        if action == "knockout":
            knockout(session, clock, data, seen)
        elif action in ("command", "comeback", "pay", "deal"):
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
