"""The tournament formats: progressive knockout, mystery bounties, added money and
guarantee, payout tables by field size, chip sets and pot limit (issue 21)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from director.core import commands as c
from director.core import events as e
from director.core.betting import BettingRound
from director.core.bounties import (
    bounty_book,
    current_bounty,
    envelopes_left,
    knockout_shares,
    split_units,
)
from director.core.chip_sets import (
    Chip,
    ChipSet,
    check_chip_set,
    check_stack,
    chips_in_play,
    stack_breakdown,
)
from director.core.codec import encode
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.money import (
    MYSTERY,
    PROGRESSIVE,
    BountySettings,
    Envelope,
    MoneySettings,
    RebuyRule,
)
from director.core.payout_tables import (
    SHIPPED,
    Band,
    PayoutTable,
    band_for,
    check_table,
    table_problems,
)
from director.core.payouts import TABLE, PayoutSettings, payout_amounts
from director.core.players import Bust, Winner
from director.core.prize_pool import prize_pool
from director.core.results import player_results, prize_amounts
from director.core.state import Status
from director.core.structure import Betting, Break, Level, Structure, require_valid, simple
from tests.core.helpers import MIN, T0, created, run

A, B, C, D = (PlayerId(n) for n in range(1, 5))
NAMES = {A: "Ann", B: "Bob", C: "Cy", D: "Dee"}


def tournament(money: MoneySettings, players=(A, B, C, D), structure: Structure | None = None):
    state = created(structure or simple([(25, 50), (50, 100), (100, 200)], level_minutes=10))
    state = run(state, c.SetMoneySettings(settings=money), T0 + 1)
    for number, player in enumerate(players, start=2):
        state = run(state, c.BuyIn(player=player, name=NAMES[player]), T0 + number)
    return state


def pko(**changes) -> MoneySettings:
    settings = dict(
        buy_in=3000,
        chips=5000,
        bounty=1000,
        bounties=BountySettings(kind=PROGRESSIVE),
    )
    settings.update(changes)
    return MoneySettings(**settings)


def conserved(state) -> None:
    """Money in == prizes + bounties paid + fees + pools still held, in integers."""
    numbers = figures(state.players, state.ledger)
    book = bounty_book(state)
    pool = prize_pool(state)
    bought = sum(m.price for m in state.ledger if m.price > 0 or m.kind.value == "refund")
    assert all(isinstance(value, int) for value in (bought, book.paid, book.held, pool.total))
    assert bought + pool.host_money == (
        sum(prize_amounts(state)) + book.paid + book.unclaimed + book.held + numbers.fees
    )


# -- progressive knockout -------------------------------------------------------------


def test_pko_half_in_cash_half_on_the_eliminators_head() -> None:
    state = tournament(pko())
    assert current_bounty(state, A) == 1000
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    book = bounty_book(state)
    assert book.won == {A: 500}
    assert current_bounty(state, A) == 1500 and B not in book.on_head
    # Ann's grown bounty goes on: Cy wins half of 1,500 in cash, the rest on his head.
    state = run(state, c.BustPlayers(busts=(Bust(player=A, eliminator=C),)), T0 + 2 * MIN)
    assert bounty_book(state).won == {A: 500, C: 750}
    assert current_bounty(state, C) == 1000 + 750
    conserved(state)


def test_pko_cash_share_is_a_setting() -> None:
    state = tournament(pko(bounties=BountySettings(kind=PROGRESSIVE, cash_share_bp=2500)))
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    assert bounty_book(state).won == {A: 250}
    assert current_bounty(state, A) == 1750


def test_pko_rebuy_feeds_the_bounty_as_the_settings_say() -> None:
    rebuy = RebuyRule(price=3000, chips=5000, until_level=3, bounty=400)
    state = tournament(pko(rebuy=rebuy))
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    state = run(state, c.Rebuy(player=B), T0 + MIN + 1)
    assert current_bounty(state, B) == 400  # his old bounty was won; the re-buy's part is on
    conserved(state)


def test_pko_several_eliminators_split_by_the_side_pot_they_won() -> None:
    state = tournament(pko(bounties=BountySettings(kind=PROGRESSIVE, unit=100)))
    # Dee's 1,000 bounty: Ann won 3,000 of his chips, Bob 1,000 (a side pot).
    bust = Bust(
        player=D,
        eliminator=A,
        winners=(Winner(player=A, chips=3000), Winner(player=B, chips=1000)),
    )
    state = run(state, c.BustPlayers(busts=(bust,)), T0 + MIN)
    book = bounty_book(state)
    # In units of 100: Ann 7.5 -> 7 and Bob 2.5 -> 2, the unit left to the first
    # winner: Ann 800 (400 cash, 400 on her head), Bob 200 (100 and 100).
    assert book.won == {A: 400, B: 100}
    assert current_bounty(state, A) == 1400 and current_bounty(state, B) == 1100
    conserved(state)


def test_pko_odd_unit_goes_by_r22_from_the_button() -> None:
    winners = (Winner(PlayerId(7), 1), Winner(PlayerId(8), 1), Winner(PlayerId(9), 1))
    assert split_units(1000, winners, unit=100) == [400, 300, 300]
    assert split_units(1001, winners, unit=100) == [401, 300, 300]
    # The handler orders the winners clockwise from the first seat left of the button.
    state = tournament(pko())
    state = run(state, c.DrawSeats(), T0 + 11)
    state = run(state, c.DrawForButton(), T0 + 12)
    table = state.tables.tables[1]
    seat_of = {player: seat for seat, player in table.seats.items()}
    button = table.positions.button
    out, first, second = sorted((A, B, C), key=lambda p: (seat_of[p] - button - 1) % 9)
    # Listed in the wrong order on purpose: the rule puts them right.
    bust = Bust(player=D, eliminator=first, winners=(Winner(second, 10), Winner(first, 10)))
    decided = decide(state, c.BustPlayers(busts=(bust,)), T0 + MIN)
    recorded = decided[0].record.busts[0]
    assert [w.player for w in recorded.winners] == [first, second]
    del out


def test_pko_knockout_shares_keep_every_unit() -> None:
    for bounty in (0, 1, 999, 1000, 12_345):
        shares = knockout_shares(
            bounty, (Winner(A, 5), Winner(B, 3)), BountySettings(kind=PROGRESSIVE, unit=5)
        )
        assert sum(s.cash + s.head for s in shares) == bounty


def test_pko_last_player_keeps_his_own_bounty() -> None:
    state = tournament(pko(), players=(A, B))
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    assert state.status is Status.FINISHED
    book = bounty_book(state)
    assert book.won == {A: 500 + 1500} and book.kept_by_winner == 1500 and book.held == 0
    result = next(r for r in player_results(state) if r.player == A)
    assert result.bounties == 2000
    conserved(state)


def test_pko_no_eliminator_leaves_the_bounty_unclaimed() -> None:
    state = tournament(pko())
    state = run(state, c.BustPlayers(busts=(Bust(player=B),)), T0 + MIN)
    assert bounty_book(state).unclaimed == 1000
    conserved(state)


def test_pko_revert_bust_gives_the_bounty_back() -> None:
    state = tournament(pko())
    before = bounty_book(state)
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    state = run(state, c.RevertBust(player=B), T0 + 2 * MIN)
    after = bounty_book(state)
    assert after.on_head == before.on_head and after.won == {}


def test_pko_kind_is_locked_once_a_player_is_out() -> None:
    state = tournament(pko())
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.SetMoneySettings(settings=pko(bounties=BountySettings())), T0 + 2 * MIN)
    assert refused.value.code == "bounty_kind_locked"


def test_pko_needs_a_bounty_part() -> None:
    with pytest.raises(RuleViolation) as refused:
        decide(created(), c.SetMoneySettings(settings=pko(bounty=0)), T0 + 1)
    assert refused.value.code == "bounty_kind_needs_bounty"


def test_pko_several_winners_must_be_in_and_weighted() -> None:
    state = tournament(pko())
    for winners, code in (
        ((Winner(A, 1), Winner(A, 2)), "player_listed_twice"),
        ((Winner(B, 1), Winner(C, 2)), "eliminator_not_among_winners"),
        ((Winner(A, 1), Winner(C, 0)), "winner_chips_missing"),
        ((Winner(A, 1), Winner(D, 1)), "eliminator_is_out"),
    ):
        bust = Bust(player=D, eliminator=A, winners=winners)
        with pytest.raises(RuleViolation) as refused:
            decide(state, c.BustPlayers(busts=(bust,)), T0 + MIN)
        assert refused.value.code == code


# -- mystery bounties -----------------------------------------------------------------


def mystery(**changes) -> MoneySettings:
    bounties = dict(
        kind=MYSTERY,
        envelopes=(Envelope(amount=2000, count=1), Envelope(amount=500, count=4)),
    )
    bounties.update(changes)
    return MoneySettings(buy_in=3000, chips=5000, bounty=1000, bounties=BountySettings(**bounties))


def test_mystery_knockout_draws_an_envelope_recorded_in_the_log() -> None:
    state = tournament(mystery())
    events = decide(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    drawn = [event for event in events if isinstance(event, e.EnvelopesDrawn)]
    assert len(drawn) == 1 and drawn[0].draws[0].amount in (2000, 500)
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    amount = state.draws[0].amount
    assert bounty_book(state).won == {A: amount}
    left = list(envelopes_left(state.money.bounties, state.draws))
    assert left == list(bounty_book(state).envelopes_left)
    assert sum(left) + amount == 4000 and len(left) == 4
    conserved(state)


def test_mystery_draw_is_the_same_on_replay_and_seeded() -> None:
    state = tournament(mystery())
    command = c.BustPlayers(busts=(Bust(player=B, eliminator=A),))
    first = decide(state, command, T0 + MIN)
    again = decide(state, command, T0 + MIN)
    assert first == again  # seeded from the moment and the state
    amounts = {decide(state, command, T0 + MIN + k)[-1].draws[0].amount for k in range(60)}
    assert amounts == {2000, 500}  # both amounts come up


def test_mystery_revert_bust_gives_the_envelope_back() -> None:
    state = tournament(mystery())
    before = bounty_book(state).envelopes_left
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    assert len(bounty_book(state).envelopes_left) == len(before) - 1
    state = run(state, c.RevertBust(player=B), T0 + 2 * MIN)
    assert bounty_book(state).envelopes_left == before and state.draws == ()


def test_mystery_nothing_before_the_phase_level() -> None:
    state = tournament(mystery(mystery_from_level=2))
    state = run(state, c.StartClock(), T0 + 100)
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    assert state.draws == () and bounty_book(state).won == {}
    state = run(state, c.NextLevel(), T0 + 2 * MIN)
    state = run(state, c.BustPlayers(busts=(Bust(player=C, eliminator=A),)), T0 + 3 * MIN)
    assert len(state.draws) == 1


def test_mystery_from_the_money() -> None:
    money = mystery(mystery_in_the_money=True)
    state = tournament(money)
    paid_three = PayoutSettings(mode="percent", shares=(5000, 3000, 2000))
    state = run(state, c.SetPayouts(settings=paid_three), T0 + 50)
    # Four players, three paid: the first out is the bubble, the next is in the money.
    state = run(state, c.BustPlayers(busts=(Bust(player=D, eliminator=A),)), T0 + MIN)
    assert state.draws == ()
    state = run(state, c.BustPlayers(busts=(Bust(player=C, eliminator=A),)), T0 + 2 * MIN)
    assert len(state.draws) == 1 and state.draws[0].busted == C


def test_r23_mystery_from_the_money_a_double_bust_across_the_bubble_draws_for_the_paid_one() -> (
    None
):
    """Four players, three paid, two out on one hand (R23: the bigger stack at the
    start of the hand finishes higher): the one who finishes 3rd is in the money and
    his knockout draws an envelope; the one who finishes 4th never reached it and
    draws none. Equal stacks share 3rd-4th and its prize: both reached the money."""
    money = mystery(mystery_in_the_money=True)
    state = tournament(money)
    paid_three = PayoutSettings(mode="percent", shares=(5000, 3000, 2000))
    state = run(state, c.SetPayouts(settings=paid_three), T0 + 50)
    double = c.BustPlayers(
        busts=(
            Bust(player=C, eliminator=A, start_stack=3000),
            Bust(player=D, eliminator=A, start_stack=1000),
        )
    )
    after = run(state, double, T0 + MIN)
    assert [draw.busted for draw in after.draws] == [C]
    tied = c.BustPlayers(
        busts=(
            Bust(player=C, eliminator=A, start_stack=2000),
            Bust(player=D, eliminator=A, start_stack=2000),
        )
    )
    after = run(state, tied, T0 + MIN)
    assert sorted(draw.busted for draw in after.draws) == sorted([C, D])


def test_mystery_envelopes_must_add_up_to_the_bounty_money() -> None:
    money = mystery(envelopes=(Envelope(amount=1000, count=3),))
    state = tournament(money)
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    assert refused.value.code == "mystery_envelopes_do_not_match"
    assert refused.value.args_map == {"envelopes": 3000, "pool": 4000}


def test_mystery_knockout_without_eliminator_draws_nothing_and_is_never_refused() -> None:
    state = tournament(mystery(envelopes=(Envelope(amount=1000, count=3),)))
    state = run(state, c.BustPlayers(busts=(Bust(player=B),)), T0 + MIN)
    assert state.draws == () and bounty_book(state).held == 4000


def test_pko_kind_may_still_change_while_no_bounty_was_won() -> None:
    state = tournament(MoneySettings(buy_in=3000, chips=5000))
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    state = run(state, c.SetMoneySettings(settings=pko()), T0 + 2 * MIN)
    assert state.money.bounties.kind == PROGRESSIVE


def test_mystery_envelopes_locked_after_a_draw() -> None:
    state = tournament(mystery())
    state = run(state, c.BustPlayers(busts=(Bust(player=B, eliminator=A),)), T0 + MIN)
    changed = mystery(envelopes=(Envelope(amount=1000, count=4),))
    with pytest.raises(RuleViolation) as refused:
        decide(state, c.SetMoneySettings(settings=changed), T0 + 2 * MIN)
    assert refused.value.code == "envelopes_locked"


def test_mystery_winner_keeps_what_is_left() -> None:
    state = tournament(mystery(), players=(A, B, C, D))
    for number, out in enumerate((B, C, D), start=1):
        bust = c.BustPlayers(busts=(Bust(player=out, eliminator=A),))
        state = run(state, bust, T0 + number * MIN)
    assert state.status is Status.FINISHED
    book = bounty_book(state)
    assert book.held == 0 and book.paid == 4000 and book.won == {A: 4000}
    assert book.kept_by_winner == 4000 - sum(draw.amount for draw in state.draws)
    conserved(state)


def test_mystery_settings_checked() -> None:
    for bounties, code in (
        (BountySettings(kind=MYSTERY), "mystery_needs_envelopes"),
        (BountySettings(kind=MYSTERY, envelopes=(Envelope(0, 1),)), "envelope_amount_missing"),
        (BountySettings(kind=MYSTERY, envelopes=(Envelope(5, 0),)), "envelope_count_invalid"),
        (
            BountySettings(kind=MYSTERY, envelopes=(Envelope(5, 1), Envelope(5, 2))),
            "envelope_listed_twice",
        ),
        (BountySettings(kind="bogus"), "unknown_bounty_kind"),
        (BountySettings(kind=PROGRESSIVE, cash_share_bp=10_001), "bounty_share_out_of_range"),
    ):
        money = MoneySettings(buy_in=3000, chips=5000, bounty=1000, bounties=bounties)
        with pytest.raises(RuleViolation) as refused:
            decide(created(), c.SetMoneySettings(settings=money), T0 + 1)
        assert refused.value.code == code


# -- added money and guarantee --------------------------------------------------------


def test_guarantee_tops_the_pool_up() -> None:
    state = tournament(MoneySettings(buy_in=2000, chips=5000, guarantee=10_000))
    pool = prize_pool(state)
    assert (pool.collected, pool.overlay, pool.total) == (8000, 2000, 10_000)
    assert sum(prize_amounts(state)) == 10_000
    conserved(state)


def test_guarantee_no_overlay_once_the_field_covers_it() -> None:
    state = tournament(MoneySettings(buy_in=3000, chips=5000, guarantee=10_000))
    assert prize_pool(state).overlay == 0 and prize_pool(state).total == 12_000


def test_guarantee_counts_added_money() -> None:
    money = MoneySettings(buy_in=2000, chips=5000, added=1500, guarantee=10_000)
    pool = prize_pool(tournament(money))
    assert (pool.added, pool.overlay, pool.total, pool.host_money) == (1500, 500, 10_000, 2000)


def test_guarantee_and_added_money_are_amounts() -> None:
    for field in ("added", "guarantee"):
        money = MoneySettings(buy_in=2000, chips=5000, **{field: -1})
        with pytest.raises(RuleViolation):
            decide(created(), c.SetMoneySettings(settings=money), T0 + 1)


# -- payout tables by field size -------------------------------------------------------


def good_table() -> PayoutTable:
    return PayoutTable(
        name="Home",
        bands=(
            Band(2, 10, (6000, 4000)),
            Band(11, 20, (5000, 3000, 2000)),
            Band(21, 0, (4000, 3000, 2000, 1000)),
        ),
    )


def test_payout_band_chosen_by_entries() -> None:
    table = good_table()
    assert band_for(table, 2).shares == (6000, 4000)
    assert band_for(table, 10).shares == (6000, 4000)
    assert band_for(table, 11).shares == (5000, 3000, 2000)
    assert band_for(table, 500).shares == (4000, 3000, 2000, 1000)
    assert band_for(table, 1).shares == (6000, 4000)


def test_payout_band_sum_must_be_100() -> None:
    table = PayoutTable(name="X", bands=(Band(2, 10, (6000, 3950)),))
    problems = table_problems(table)
    assert [p.code for p in problems] == ["payout_band_sum"]
    assert problems[0].args_map == {"band": "2-10", "total": 9950}


def test_payout_band_gaps_and_overlaps_named() -> None:
    gap = PayoutTable(name="X", bands=(Band(2, 10, (10_000,)), Band(12, 0, (10_000,))))
    overlap = PayoutTable(name="X", bands=(Band(2, 10, (10_000,)), Band(9, 0, (10_000,))))
    late = PayoutTable(name="X", bands=(Band(5, 0, (10_000,)),))
    open_early = PayoutTable(name="X", bands=(Band(2, 0, (10_000,)), Band(3, 9, (10_000,))))
    assert [p.code for p in table_problems(gap)] == ["payout_bands_gap"]
    assert table_problems(gap)[0].args_map == {"band": "2-10", "next": "12+"}
    assert [p.code for p in table_problems(overlap)] == ["payout_bands_overlap"]
    assert [p.code for p in table_problems(late)] == ["payout_bands_start_late"]
    assert "payout_band_open_not_last" in [p.code for p in table_problems(open_early)]


def test_payout_band_cannot_pay_more_places_than_its_largest_field() -> None:
    table = PayoutTable(name="X", bands=(Band(2, 2, (5000, 3000, 2000)), Band(3, 0, (10_000,))))
    problems = table_problems(table)
    assert [p.code for p in problems] == ["payout_band_more_places_than_entries"]
    assert problems[0].args_map == {"band": "2-2", "places": 3, "entries": 2}


def test_payout_band_2_to_10_may_pay_3_places_a_small_field_is_paid_its_players() -> None:
    """The usual home split: the first band 2-10 pays 50/30/20; a field of two is
    paid two places, in the same proportions, the whole pool shared (R29)."""
    table = PayoutTable(
        name="Home", bands=(Band(2, 10, (5000, 3000, 2000)), Band(11, 0, (10_000,)))
    )
    assert table_problems(table) == []
    settings = PayoutSettings(mode=TABLE, table=table, unit=100)
    state = tournament(MoneySettings(buy_in=2500, chips=5000), players=(A, B))
    state = run(state, c.SetPayouts(settings=settings), T0 + 100)
    assert prize_amounts(state) == [3100, 1900]  # 5000 shared 5:3, to the unit of 100
    state = tournament(MoneySettings(buy_in=2500, chips=5000), players=(A, B, C))
    state = run(state, c.SetPayouts(settings=settings), T0 + 100)
    assert prize_amounts(state) == [3800, 2200, 1500]


def test_payout_band_table_pays_the_pool() -> None:
    settings = PayoutSettings(mode=TABLE, table=good_table(), unit=100)
    assert payout_amounts(settings, 100_000, 12) == [50_000, 30_000, 20_000]
    state = tournament(MoneySettings(buy_in=2500, chips=5000))
    state = run(state, c.SetPayouts(settings=settings), T0 + 100)
    assert prize_amounts(state) == [6000, 4000]


def test_payout_band_shipped_tables_are_valid() -> None:
    for key, make in SHIPPED.items():
        table = make()
        check_table(table)
        for entries in range(2, 130):
            shares = band_for(table, entries).shares
            assert sum(shares) == 10_000 and len(shares) <= max(entries, 1), key


def test_payout_band_table_refused_when_bad() -> None:
    bad = PayoutTable(name="X", bands=(Band(2, 10, (6000,)),))
    with pytest.raises(RuleViolation) as refused:
        decide(created(), c.SetPayouts(settings=PayoutSettings(mode=TABLE, table=bad)), T0 + 1)
    assert refused.value.code == "payout_band_sum"


# -- chip sets --------------------------------------------------------------------------


def home_set() -> ChipSet:
    return ChipSet(
        name="Home",
        chips=(
            Chip(25, 100, "white"),
            Chip(100, 100, "red"),
            Chip(500, 100, "green"),
            Chip(1000, 50, "black"),
        ),
    )


def test_chip_set_breakdown_of_the_starting_stack() -> None:
    check = check_stack(home_set(), 5000, players=10)
    assert check.ok and sum(value * count for value, count in check.breakdown) == 5000
    for value, count in check.breakdown:
        chip = next(chip for chip in home_set().chips if chip.value == value)
        assert count * 10 <= chip.count
    assert len(check.breakdown) == 4  # every kind used: small chips for the blinds


def test_chip_set_too_few_chips_for_the_players() -> None:
    check = check_stack(home_set(), 10_000, players=20)
    assert not check.ok and check.code == "chip_set_too_few_chips"
    assert 0 < check.most_players < 20
    assert check_stack(home_set(), 10_000, players=check.most_players).ok


def test_chip_set_cannot_make_an_odd_stack() -> None:
    check = check_stack(home_set(), 5010, players=2)
    assert not check.ok and check.code == "chip_set_cannot_make_stack"


def brute_breakdown(chips, stack: int, players: int):
    """Every way to make ``stack`` from the set for ``players`` players, the best by
    the same rule (most different chips, then fewest chips)."""
    kinds = sorted(chips, key=lambda chip: chip.value)
    ranges = [range(min(chip.count // players, stack // chip.value) + 1) for chip in kinds]
    best = None
    for counts in itertools.product(*ranges):
        if sum(chip.value * count for chip, count in zip(kinds, counts, strict=True)) == stack:
            score = (sum(1 for count in counts if count), -sum(counts))
            if best is None or score > best[0]:
                best = (score, counts)
    return best


@settings(max_examples=300)
@given(
    values=st.lists(
        st.sampled_from([1, 5, 25, 100, 500, 1000, 5000]), min_size=1, max_size=4, unique=True
    ),
    counts=st.lists(st.integers(0, 60), min_size=4, max_size=4),
    players=st.integers(1, 6),
    steps=st.integers(1, 80),
)
def test_chip_set_stack_check_neither_accepts_an_impossible_stack_nor_refuses_a_possible_one(
    values, counts, players, steps
) -> None:
    """The breakdown against every way of making the stack: found exactly when one
    exists, never more chips of a colour than each player's share of the set, and
    the best by the stated rule."""
    chips = [Chip(value, count) for value, count in zip(values, counts, strict=False)]
    stack = steps * 25
    found = stack_breakdown(chips, stack, players)
    best = brute_breakdown(chips, stack, players)
    assert (found is None) == (best is None)
    if found is not None:
        made = dict(found)
        assert sum(value * count for value, count in found) == stack
        for chip in chips:
            assert made.get(chip.value, 0) * players <= chip.count
        kinds = sorted(chips, key=lambda chip: chip.value)
        ordered = [made.get(chip.value, 0) for chip in kinds]
        assert (sum(1 for count in ordered if count), -sum(ordered)) == best[0]


def test_chip_set_checked() -> None:
    for chip_set, code in (
        (ChipSet(name="X", chips=()), "chip_set_empty"),
        (ChipSet(name="X", chips=(Chip(0, 5),)), "chip_set_value_invalid"),
        (ChipSet(name="X", chips=(Chip(5, -1),)), "chip_count_invalid"),
        (ChipSet(name="X", chips=(Chip(5, 1), Chip(5, 2))), "chip_value_listed_twice"),
        (ChipSet(name="X", chips=(Chip(5, 1, "red\x1b"),)), "text_control_character"),
    ):
        with pytest.raises(RuleViolation) as refused:
            check_chip_set(chip_set)
        assert refused.value.code == code


def test_chip_set_sets_the_structure_chips() -> None:
    state = created(simple([(25, 50), (100, 200)]))
    state = run(state, c.SetChipSet(chip_set=home_set()), T0 + 1)
    assert state.chip_set == home_set()
    assert state.structure.chips == (25, 100, 500, 1000)


def test_chip_set_keeps_its_chips_when_a_structure_is_set() -> None:
    """A structure from a template or a file has its own chips (or none): with a chip
    set, the chips on the table stay the set's (R28 follows them)."""
    state = run(created(simple([(25, 50), (100, 200)])), c.SetChipSet(chip_set=home_set()), T0)
    for chips in ((), (5, 10, 50)):
        template = Structure(items=simple([(50, 100), (100, 200)]).items, chips=chips)
        after = run(state, c.SetStructure(structure=template), T0 + 1)
        assert after.structure.items == template.items
        assert after.structure.chips == (25, 100, 500, 1000) == after.chip_set.denominations
    # Without a set, the structure's own chips are the chips in play.
    plain = created(simple([(25, 50)]))
    own = Structure(items=simple([(50, 100)]).items, chips=(5, 10, 50))
    assert run(plain, c.SetStructure(structure=own), T0 + 1).structure.chips == (5, 10, 50)


def test_chip_set_chips_in_play_after_a_colour_up() -> None:
    structure = Structure(
        items=(
            Level(25, 50),
            Break(),
            Level(100, 200),
            Level(200, 400),
            Break(),
            Level(500, 1000),
        ),
        chips=(25, 100, 500),
    )
    assert chips_in_play(structure, 0) == (25, 100, 500)
    assert chips_in_play(structure, 1) == (25, 100, 500)  # during the break: racing now
    assert chips_in_play(structure, 2) == (100, 500)
    assert chips_in_play(structure, 5) == (500,)


# -- pot limit and limit per level ----------------------------------------------------


def test_pot_limit_max_raise_is_the_pot_after_the_call() -> None:
    round_ = BettingRound(
        stacks={"A": 10_000, "B": 10_000, "C": 10_000},
        order=["C", "A", "B"],
        big_blind=200,
        posted={"A": 100, "B": 200},
        pot_limit=True,
    )
    # Pot 300, call 200: the pot after the call is 500, a raise of 500 makes 700.
    assert round_.max_raise_to("C") == 700
    with pytest.raises(RuleViolation) as refused:
        round_.raise_to("C", 800)
    assert refused.value.code == "pot_limit_exceeded"
    round_.raise_to("C", 700)
    # Ann (100 in): pot 1,000, to call 600 -> 1,600 more: to 2,300.
    assert round_.max_raise_to("A") == 2300


def test_pot_limit_after_the_flop_counts_the_pot_before() -> None:
    round_ = BettingRound(
        stacks={"A": 5000, "B": 5000}, order=["A", "B"], big_blind=200, pot=1000, pot_limit=True
    )
    assert round_.max_raise_to("A") == 1000
    round_.raise_to("A", 600)
    assert round_.max_raise_to("B") == 600 + 1600 + 600


def test_pot_limit_all_in_above_the_pot_refused() -> None:
    round_ = BettingRound(
        stacks={"A": 5000, "B": 5000}, order=["A", "B"], big_blind=200, pot=400, pot_limit=True
    )
    with pytest.raises(RuleViolation) as refused:
        round_.all_in("A")
    assert refused.value.code == "pot_limit_exceeded"
    short = BettingRound(
        stacks={"A": 300, "B": 5000}, order=["A", "B"], big_blind=200, pot=400, pot_limit=True
    )
    short.all_in("A")
    assert short.contributions["A"] == 300


def test_pot_limit_after_an_all_in_below_a_call_and_a_short_all_in_raise() -> None:
    """Blinds 100/200: UTG raises to 600 (the pot's limit is 700); MP is all-in for
    300, less than a call: his chips are in the pot. CO may raise to 600 + (1,200 +
    600) = 2,400. A short all-in raise is in the pot too and does not reopen."""
    round_ = BettingRound(
        stacks={"UTG": 10_000, "MP": 300, "CO": 10_000, "SB": 10_000, "BB": 10_000},
        order=["UTG", "MP", "CO", "SB", "BB"],
        big_blind=200,
        posted={"SB": 100, "BB": 200},
        pot_limit=True,
    )
    assert round_.max_raise_to("UTG") == 700
    round_.raise_to("UTG", 600)
    round_.all_in("MP")
    assert round_.max_raise_to("CO") == 2400 and round_.min_raise_to("CO") == 1000
    short = BettingRound(
        stacks={"A": 10_000, "B": 700, "C": 10_000},
        order=["A", "B", "C"],
        big_blind=200,
        pot=600,
        pot_limit=True,
    )
    short.raise_to("A", 500)
    short.all_in("B")  # 700: 200 more, short of a full raise of 500
    assert short.max_raise_to("C") == 700 + (600 + 500 + 700) + 700
    short.call("C")
    assert short.min_raise_to("A") is None  # not reopened (R17)


def test_pot_limit_levels_mix_in_one_structure() -> None:
    structure = Structure(
        items=(
            Level(100, 200),
            Level(100, 200, betting=Betting.POT_LIMIT),
            Level(100, 200, small_bet=200, big_bet=400, betting=Betting.LIMIT),
        )
    )
    require_valid(structure)
    assert structure.limit
    bad = Structure(items=(Level(100, 200, betting=Betting.LIMIT),))
    with pytest.raises(RuleViolation) as refused:
        require_valid(bad)
    assert refused.value.code == "small_bet_not_positive"


def test_pot_limit_old_limit_structures_replay_as_limit_levels() -> None:
    """A version 1 record (one limit flag) reads as every level limit."""
    from director.core.commands import COMMANDS
    from director.core.events import EVENTS

    level = {
        "type": "Level",
        "small_blind": 50,
        "big_blind": 100,
        "small_bet": 100,
        "big_bet": 200,
        "seconds": 600,
    }
    old = {"at": 5, "structure": {"items": [level, {"type": "Break"}], "limit": True}}
    event = EVENTS.from_record("StructureChanged", 1, old)
    assert event.structure.items[0].betting is Betting.LIMIT
    assert isinstance(event.structure.items[1], Break)
    nolimit = EVENTS.from_record(
        "StructureChanged", 1, {"at": 5, "structure": {"items": [level], "limit": False}}
    )
    assert nolimit.structure.items[0].betting is Betting.NO_LIMIT
    command = COMMANDS.from_record("SetStructure", 1, {"structure": old["structure"]})
    assert command.structure.items[0].betting is Betting.LIMIT
    created_v1 = EVENTS.from_record(
        "TournamentCreated",
        1,
        {"at": 1, "name": "Old", "kind": "tournament", "event_date": "", **old},
    )
    assert created_v1.structure.items[0].betting is Betting.LIMIT
    # And a record written now reads back the same.
    name, version, payload = EVENTS.to_record(event)
    assert version == 2 and EVENTS.from_record(name, version, payload) == event
    assert "limit" not in encode(event.structure)
