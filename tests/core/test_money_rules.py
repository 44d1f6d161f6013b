"""Money rules found wanting by an audit of the formats and the leagues: each test
names the rule it encodes and failed before its fix.

The bounty book (R6) follows the log, never the wall clock; an envelope goes back
only with the bust that drew it; a refund never takes back bounty money already
won; a deal (R31) fixes the prizes and each player in it keeps his own bounty;
no prize is left to nobody (R29); the bank is never left having paid more than
it owes.
"""

from __future__ import annotations

from collections import Counter

import pytest

from director.core import commands as c
from director.core.apply import fold
from director.core.bounties import bounty_book, current_bounty
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.events import EVENTS
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import (
    MYSTERY,
    PROGRESSIVE,
    AddonRule,
    BountySettings,
    Envelope,
    MoneySettings,
)
from director.core.payouts import FIXED, PERCENT, PayoutSettings
from director.core.players import Bust
from director.core.prize_pool import prize_pool
from director.core.results import (
    player_results,
    prize_amounts,
    prizes_by_player,
    propose_deal,
)
from director.core.state import Status
from director.core.structure import simple
from tests.core.helpers import MIN, T0, created, run

A, B, C, D, E = (PlayerId(n) for n in range(1, 6))
NAMES = {A: "Ann", B: "Bob", C: "Cy", D: "Dee", E: "Eve"}


def night(money: MoneySettings, players=(A, B, C, D)):
    state = created(simple([(25, 50), (50, 100), (100, 200)], level_minutes=10))
    state = run(state, c.SetMoneySettings(settings=money), T0 + 1)
    for number, player in enumerate(players, start=2):
        state = run(state, c.BuyIn(player=player, name=NAMES[player]), T0 + number)
    return state


def pko(**changes) -> MoneySettings:
    settings: dict = dict(
        buy_in=3000,
        chips=5000,
        bounty=1000,
        reentry=True,
        late_until_level=3,
        bounties=BountySettings(kind=PROGRESSIVE),
    )
    settings.update(changes)
    return MoneySettings(**settings)


ENVELOPES = (Envelope(amount=2000, count=1), Envelope(amount=500, count=4))


def mystery(envelopes=ENVELOPES):
    return pko(bounties=BountySettings(kind=MYSTERY, envelopes=envelopes))


def knock(state, player, eliminator, at):
    return run(state, c.BustPlayers(busts=(Bust(player=player, eliminator=eliminator),)), at)


def book_balances(state) -> None:
    """Bounty money in == won + unclaimed + on the heads of players in (fixed, PKO)."""
    book = bounty_book(state)
    assert book.held >= 0
    if state.money.bounties.kind != MYSTERY:
        assert book.held == sum(book.on_head.values())


# -- R6: the bounty book follows the log ----------------------------------------------


@pytest.mark.parametrize("gap", [0, -5_000])
def test_r6_reentry_after_a_bust_carries_a_new_bounty_whatever_the_wall_clock(gap) -> None:
    """A re-entry recorded in the same millisecond as his bust, or after the laptop's
    clock was set back, is still after the bust: the eliminator wins the old bounty
    only, and the new one is on the player's head."""
    state = night(pko())
    state = knock(state, B, A, T0 + MIN)
    state = run(state, c.Reentry(player=B), T0 + MIN + gap)
    assert bounty_book(state).won == {A: 500}
    assert current_bounty(state, A) == 1500 and current_bounty(state, B) == 1000
    book_balances(state)
    state = knock(state, B, C, T0 + MIN + gap + 1_000)
    assert bounty_book(state).won == {A: 500, C: 500}
    book_balances(state)


# -- R6: mystery envelopes ----------------------------------------------------------------


def test_r6_mystery_putting_back_in_returns_only_his_latest_busts_envelope() -> None:
    """Bob's first bust drew an envelope won by Ann; he re-entered and went out again
    with nobody recorded (no draw). Putting him back in undoes that second bust only:
    Ann keeps her envelope and it is not drawn twice."""
    state = night(mystery((Envelope(2000, 1), Envelope(500, 2))), players=(A, B, C))
    state = knock(state, B, A, T0 + MIN)
    drawn = state.draws[0].amount
    state = run(state, c.Reentry(player=B), T0 + 2 * MIN)
    state = run(state, c.BustPlayers(busts=(Bust(player=B),)), T0 + 3 * MIN)
    state = run(state, c.RevertBust(player=B), T0 + 4 * MIN)
    assert [draw.amount for draw in state.draws] == [drawn]
    assert bounty_book(state).won == {A: drawn}
    left = Counter(bounty_book(state).envelopes_left)
    assert left + Counter([drawn]) == Counter({2000: 1, 500: 2})


def test_r6_mystery_a_reentry_after_a_draw_gets_its_envelope_added() -> None:
    """A re-entry after the first draw brings bounty money the envelopes lack: the
    knockout is refused until the organizer adds an envelope, which he may (the
    envelopes drawn stay in the list); removing a drawn one is still refused."""
    state = night(mystery(), players=(A, B, C, D))
    state = knock(state, B, A, T0 + MIN)
    drawn = state.draws[0].amount
    state = run(state, c.Reentry(player=B), T0 + 2 * MIN)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.BustPlayers(busts=(Bust(player=C, eliminator=A),)), T0 + 3 * MIN)
    assert refused.value.code == "mystery_envelopes_do_not_match"
    more = mystery((Envelope(2000, 1), Envelope(500, 4), Envelope(1000, 1)))
    state = run(state, c.SetMoneySettings(settings=more), T0 + 3 * MIN)
    state = knock(state, C, A, T0 + 4 * MIN)
    assert len(state.draws) == 2
    others = [amount for amount in (2000, 500) if amount != drawn]
    without = mystery((Envelope(others[0], 5), Envelope(1000, 1)))
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.SetMoneySettings(settings=without), T0 + 5 * MIN)
    assert refused.value.code == "envelopes_locked"


# -- R6: refunds never take back bounty money already won ------------------------------


def test_r6_refund_of_an_entry_whose_bounty_was_won_is_refused() -> None:
    """Bob re-entered and was knocked out again by Cy, who won that entry's bounty:
    refunding the re-entry would take money Cy won. Put Bob back in first."""
    state = night(pko())
    state = knock(state, B, A, T0 + MIN)
    state = run(state, c.Reentry(player=B), T0 + 2 * MIN)
    state = knock(state, B, C, T0 + 3 * MIN)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=B), T0 + 4 * MIN)
    assert refused.value.code == "refund_bounty_already_won"
    state = run(state, c.RevertBust(player=B), T0 + 4 * MIN)
    state = run(state, c.RemoveEntry(player=B), T0 + 5 * MIN)
    assert state.players[B].status.value == "busted"
    book_balances(state)


def test_r6_refund_of_an_add_on_whose_bounty_was_won_is_refused() -> None:
    addon = AddonRule(price=2000, chips=5000, from_level=1, until_level=3, bounty=500)
    state = night(pko(addon=addon))
    state = run(state, c.StartClock(), T0 + 100)
    state = run(state, c.Addon(player=B), T0 + 200)
    state = knock(state, B, A, T0 + MIN)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=B), T0 + 2 * MIN)
    assert refused.value.code == "refund_bounty_already_won"


def test_r6_removing_a_player_who_knocked_someone_out_is_refused() -> None:
    """Ann won Bob's bounty: removing her entry would leave that money to nobody."""
    state = night(pko())
    state = knock(state, B, A, T0 + MIN)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=A), T0 + 2 * MIN)
    assert refused.value.code == "refund_after_knockouts"
    assert refused.value.args_map == {"player": "Ann", "out": "Bob"}


def test_r6_refund_of_a_reentry_after_knockouts_is_refused_until_they_are_put_back() -> None:
    """Bob went out with nobody recorded, re-entered, then knocked Cy out: half of
    Cy's bounty is on Bob's head. Refunding the re-entry puts Bob out again, and that
    half would sit on the head of a player who is out, for nobody ever to win: Cy is
    put back in first (found by the random nights of test_formats_money)."""
    state = night(pko())
    state = run(state, c.BustPlayers(busts=(Bust(player=B),)), T0 + MIN)
    state = run(state, c.Reentry(player=B), T0 + 2 * MIN)
    state = knock(state, C, B, T0 + 3 * MIN)
    assert current_bounty(state, B) == 1500
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=B), T0 + 4 * MIN)
    assert refused.value.code == "refund_after_knockouts"
    assert refused.value.args_map == {"player": "Bob", "out": "Cy"}
    state = run(state, c.RevertBust(player=C), T0 + 4 * MIN)
    state = run(state, c.RemoveEntry(player=B), T0 + 5 * MIN)
    assert state.players[B].status.value == "busted" and B not in bounty_book(state).on_head
    book_balances(state)


def test_r6_refund_of_a_reentry_without_knockouts_puts_the_player_out_again() -> None:
    state = night(pko())
    state = run(state, c.BustPlayers(busts=(Bust(player=B),)), T0 + MIN)
    state = run(state, c.Reentry(player=B), T0 + 2 * MIN)
    state = run(state, c.RemoveEntry(player=B), T0 + 3 * MIN)
    assert state.players[B].status.value == "busted"
    book_balances(state)


def test_r6_mystery_refund_below_the_envelopes_drawn_is_refused() -> None:
    """Both envelopes (4,000) were drawn from 4,000 of bounty money: refunding Dee's
    entry would leave 3,000 for 4,000 already won."""
    state = night(mystery((Envelope(2000, 2),)), players=(A, B, C, D))
    state = knock(state, B, A, T0 + MIN)
    state = knock(state, C, A, T0 + 2 * MIN)
    assert sum(draw.amount for draw in state.draws) == 4000
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=D), T0 + 3 * MIN)
    assert refused.value.code == "refund_envelopes_drawn"
    assert refused.value.args_map == {"player": "Dee", "drawn": 4000, "left": 3000}


# -- R31: a deal fixes the prizes; each player in it keeps his own bounty ----------------


def four_left_with_a_deal(**money):
    players = (A, B, C, D, E)
    state = night(pko(guarantee=30_000, **money), players=players)
    state = run(state, c.StartClock(), T0 + 100)
    state = knock(state, E, A, T0 + MIN)
    stacks = {A: 10_000, B: 5_000, C: 5_000, D: 5_000}
    deal = propose_deal(state, "even", stacks)
    return run(state, c.AcceptDeal(deal=deal), T0 + 2 * MIN)


def test_r31_after_a_deal_the_prizes_it_shared_cannot_change() -> None:
    state = four_left_with_a_deal()
    before = prize_amounts(state)
    two_places = PayoutSettings(mode=PERCENT, shares=(6000, 4000))
    for command, code in (
        (c.SetPayouts(settings=two_places), "deal_fixes_prizes"),
        (c.SetMoneySettings(settings=pko(guarantee=50_000)), "deal_fixes_prizes"),
        (c.BuyIn(player=PlayerId(9), name="Late"), "deal_made_no_entries"),
        (c.Reentry(player=E), "deal_made_no_entries"),
        (c.RevertBust(player=E), "deal_made_no_entries"),
        # The guarantee would absorb these refunds and leave the prizes as they were;
        # still, the deal shared that money (and Bob is in the deal).
        (c.RemoveEntry(player=B), "deal_fixes_prizes"),
        (c.RemoveEntry(player=E), "deal_fixes_prizes"),
    ):
        with pytest.raises(RuleViolation) as refused:
            decide(state, command, T0 + 3 * MIN)
        assert refused.value.code == code, command
    assert prize_amounts(state) == before


def test_r31_each_player_in_a_deal_keeps_his_own_bounty() -> None:
    """The players left chop: each is paid the bounty on his own head (the last
    player keeps his at the end; a deal ends the race for bounties as for prizes),
    and the knockouts played after the deal move no bounty money."""
    state = four_left_with_a_deal()
    book = bounty_book(state)
    assert book.won == {A: 500 + 1500, B: 1000, C: 1000, D: 1000}
    assert book.on_head == {} and book.held == 0 and book.kept_at_deal == 4500
    due = {result.player: result.due for result in player_results(state)}
    assert due[B] == prizes_by_player(state)[B] + 1000
    for number, out in enumerate((B, C, D), start=3):
        state = knock(state, out, A, T0 + number * MIN)
    assert state.status is Status.FINISHED
    assert bounty_book(state).won == book.won
    numbers = figures(state.players, state.ledger)
    assert numbers.bounty_pool == bounty_book(state).paid
    assert sum(prizes_by_player(state).values()) == prize_pool(state).total


# -- R29: every prize goes to somebody ---------------------------------------------------


def test_r29_no_more_places_paid_than_players() -> None:
    """50/30/20 set in advance, and only two friends came: the third prize would be
    paid to nobody. The two places share the whole pool in the same proportions."""
    state = night(MoneySettings(buy_in=3000, chips=5000), players=(A, B))
    paid = PayoutSettings(mode=PERCENT, shares=(5000, 3000, 2000), unit=100)
    state = run(state, c.SetPayouts(settings=paid), T0 + 50)
    assert prize_amounts(state) == [3800, 2200]
    state = knock(state, B, A, T0 + MIN)
    assert sum(prizes_by_player(state).values()) == prize_pool(state).total == 6000


def test_r29_reentries_never_pay_a_place_nobody_can_finish_in() -> None:
    """Three players, eleven entries: the default table pays four places for eleven
    entries; only three can be paid, and they share the whole pool."""
    state = night(
        MoneySettings(buy_in=3000, chips=5000, reentry=True, late_until_level=3), players=(A, B, C)
    )
    at = T0 + MIN
    for _round in range(4):
        for player in (A, B):
            state = knock(state, player, C, at)
            state = run(state, c.Reentry(player=player), at + 1)
            at += MIN
    assert figures(state.players, state.ledger).entries == 11
    assert len(prize_amounts(state)) == 3 and sum(prize_amounts(state)) == 33_000
    state = knock(state, A, C, at)
    state = knock(state, B, C, at + MIN)
    assert sum(prizes_by_player(state).values()) == 33_000


def test_r29_fixed_amounts_pay_no_place_beyond_the_players() -> None:
    state = night(MoneySettings(buy_in=3000, chips=5000), players=(A, B))
    fixed = PayoutSettings(mode=FIXED, amounts=(0, 2000, 1000), unit=100)
    state = run(state, c.SetPayouts(settings=fixed), T0 + 50)
    assert prize_amounts(state) == [4000, 2000]


# -- the bank never pays more than it owes -------------------------------------------


def test_r29_a_refund_that_would_cut_a_prize_already_paid_is_refused() -> None:
    """Eleven entries pay four places; the fourth is paid; then refunding an entry
    made by mistake (the first out) brings the field to ten, which pays three: the
    paid fourth would be left owing the bank his prize."""
    players = tuple(PlayerId(n) for n in range(1, 12))
    names = {player: f"P{int(player)}" for player in players}
    state = created(simple([(25, 50)], level_minutes=10))
    state = run(state, c.SetMoneySettings(settings=MoneySettings(buy_in=1000, chips=5000)), T0)
    for number, player in enumerate(players, start=1):
        state = run(state, c.BuyIn(player=player, name=names[player]), T0 + number)
    at = T0 + MIN
    for out in players[4:]:
        state = knock(state, out, players[0], at)
        at += MIN
    assert len(prize_amounts(state)) == 4
    state = knock(state, players[3], players[0], at)
    state = run(state, c.PayPrize(player=players[3]), at + 1)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.RemoveEntry(player=players[4]), at + 2)
    assert refused.value.code == "prize_already_paid"
    with pytest.raises(RuleViolation) as refused:
        three = PayoutSettings(mode=PERCENT, shares=(5000, 3000, 2000))
        decide(state, c.SetPayouts(settings=three), at + 2)
    assert refused.value.code == "prize_already_paid"
    assert refused.value.args_map["player"] == "P4"


def test_r6_an_old_log_without_the_new_links_replays_the_same() -> None:
    """A log written before bust records said where they stand among the movements
    and before draws said which bust drew them replays to the same bounty book, and
    putting the player back in still returns the envelope of his own bust."""
    state = night(mystery((Envelope(2000, 1), Envelope(500, 2))), players=(A, B, C))
    log: list = []
    for command, at in (
        (c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN),
        (c.Reentry(player=B), T0 + 2 * MIN),
        (c.BustPlayers(busts=(Bust(player=B),)), T0 + 3 * MIN),
    ):
        events = decide(state, command, at)
        log += events
        state = fold(events, state)
    old_log = []
    for event in log:
        record = EVENTS.to_record(event)
        payload = record[2]
        if "record" in payload:
            del payload["record"]["after_movements"], payload["record"]["after_deal"]
        for draw in payload.get("draws", ()):
            del draw["bust"]
        old_log.append(EVENTS.from_record(record[0], record[1], payload))
    assert old_log != log
    replayed = fold(old_log, night(mystery((Envelope(2000, 1), Envelope(500, 2))), (A, B, C)))
    assert bounty_book(replayed) == bounty_book(state)
    replayed = run(replayed, c.RevertBust(player=B), T0 + 4 * MIN)
    assert len(replayed.draws) == 1 and bounty_book(replayed).won == bounty_book(state).won
