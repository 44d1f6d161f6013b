"""The tournament formats on a long night, each figure next to its floor measured
in the same run.

- The bounty book of a 60-player progressive knockout after 59 knockouts
  (re-entries, shared knockouts): worked out from the ledger and the bust
  records, against one pass of ``figures`` over the same ledger (what any
  money figure costs).
- The TV's display data once a second for an hour of play (3,600 frames,
  best of five runs, as the clock feed works them out) on that night with its
  bounties, guarantee and chips in play, against the same night without them.
- A starting stack checked against a chip set (exact breakdown, 60 players),
  against a greedy breakdown, largest chip first (which may miss a stack).
- The payouts by a payout table against the default table.
- Deciding a refund once prizes are paid (the check that no paid player is left
  paid more than his prize and bounties, and a deal's prizes unchanged), against
  the same decision on the night before any prize was paid.

Run: python -m bench.bench_formats
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from dataclasses import replace

from director.app.views.display import display_data, state_parts
from director.core import commands as c
from director.core.apply import fold
from director.core.bounties import _book
from director.core.chip_sets import Chip, ChipSet, check_stack
from director.core.decide import decide
from director.core.errors import RuleViolation
from director.core.ids import Instant, PlayerId
from director.core.ledger import figures
from director.core.money import PROGRESSIVE, BountySettings, MoneySettings
from director.core.payout_tables import SHIPPED
from director.core.payouts import TABLE, PayoutSettings, payout_amounts
from director.core.players import Bust, Winner
from director.core.results import _player_results, player_results
from director.core.state import TournamentState
from director.core.structure import simple

T0 = Instant(1_800_000_000_000)
PLAYERS = 60


def run(state: TournamentState, command: c.Command, at: int) -> TournamentState:
    return fold(decide(state, command, Instant(at)), state)


def night(*, formats: bool, left: int = 1) -> TournamentState:
    """The night until ``left`` players are left (1: the end)."""
    rng = random.Random(21)
    state = fold(decide(TournamentState(), c.CreateTournament(name="Bench"), T0))
    structure = simple([(25 * 2**n, 50 * 2**n) for n in range(12)], level_minutes=20)
    state = run(state, c.SetStructure(structure=replace(structure, chips=(25, 100, 500))), T0 + 1)
    money = MoneySettings(buy_in=3000, chips=10_000, bounty=1000, late_until_level=12, reentry=True)
    if formats:
        money = replace(money, bounties=BountySettings(kind=PROGRESSIVE), guarantee=300_000)
        chips = ChipSet(name="Club", chips=(Chip(25, 2000), Chip(100, 2000), Chip(500, 2000)))
        state = run(state, c.SetChipSet(chip_set=chips), T0 + 2)
    state = run(state, c.SetMoneySettings(settings=money), T0 + 3)
    at = T0 + 10
    for number in range(1, PLAYERS + 1):
        at += 1
        state = run(state, c.BuyIn(player=PlayerId(number), name=f"P{number}"), at)
    state = run(state, c.StartClock(), at + 1)
    reentries = 0
    while len(state.alive()) > left:
        at += 60_000
        alive = state.alive()
        out = alive[rng.randrange(len(alive))]
        others = [p for p in alive if p != out]
        if rng.random() < 0.2 and len(others) >= 2:
            first, second = rng.sample(others, 2)
            bust = Bust(player=out, eliminator=first, winners=(Winner(first, 3), Winner(second, 1)))
        else:
            bust = Bust(player=out, eliminator=rng.choice(others))
        state = run(state, c.BustPlayers(busts=(bust,)), at)
        if reentries < 20 and rng.random() < 0.3 and len(state.alive()) > 2:
            reentries += 1
            state = run(state, c.Reentry(player=out), at + 1)
    return state


def best_of(function: Callable[[], object], repeat: int = 7, number: int = 20) -> float:
    """The fastest mean time of one call, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def greedy(chip_set: ChipSet, stack: int, players: int) -> list[tuple[int, int]] | None:
    left = stack
    found = []
    for chip in sorted(chip_set.chips, key=lambda chip: -chip.value):
        count = min(left // chip.value, chip.count // players)
        if count:
            found.append((chip.value, count))
            left -= count * chip.value
    return found if left == 0 else None


def main() -> None:
    pko = night(formats=True)
    ledger = len(pko.ledger)
    knockouts = sum(len(record.busts) for record in pko.busts)
    book = best_of(lambda: _book(pko))
    floor = best_of(lambda: figures(pko.players, pko.ledger))
    print(f"PKO night: {PLAYERS} players, {ledger} ledger lines, {knockouts} knockouts")
    print(
        f"bounty book {book * 1000:.3f} ms vs figures() over the same ledger "
        f"{floor * 1000:.3f} ms: {book / floor:.1f}x"
    )
    # The TV: once a second for an hour, on the night as it stands mid-way.
    middle = night(formats=True, left=PLAYERS // 2)
    middle_plain = night(formats=False, left=PLAYERS // 2)
    frames = 3600

    def frames_of(state: TournamentState) -> float:
        """The best of five runs of ``frames`` seconds of the TV (the machine is shared),
        as the clock feed works: what only the state decides once, then each second."""
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            parts = state_parts(state)
            for second in range(frames):
                display_data(state, Instant(state.clock.anchor + second * 1000), parts=parts)
            best = min(best, time.perf_counter() - start)
        return best

    with_formats = frames_of(middle)
    without = frames_of(middle_plain)
    print(
        f"TV display data, {frames} frames (best of 5): {with_formats * 1000:.0f} ms with "
        f"bounties, guarantee and chips vs {without * 1000:.0f} ms without: "
        f"{with_formats / without:.2f}x ({with_formats / frames * 1e6:.0f} µs a frame)"
    )
    chips = ChipSet(
        name="Club",
        chips=tuple(
            Chip(value, count)
            for value, count in (
                (25, 1200),
                (100, 1200),
                (500, 1200),
                (1000, 800),
                (5000, 200),
            )
        ),
    )
    exact = best_of(lambda: check_stack(chips, 20_000, players=PLAYERS), number=3)
    naive = best_of(lambda: greedy(chips, 20_000, PLAYERS), number=200)
    result = check_stack(chips, 20_000, players=PLAYERS)
    print(
        f"stack check, 20,000 chips for {PLAYERS} players ({result.breakdown}, "
        f"most {result.most_players}): {exact * 1000:.2f} ms vs greedy "
        f"{naive * 1000:.4f} ms (greedy finds {greedy(chips, 20_000, PLAYERS)})"
    )
    table = PayoutSettings(mode=TABLE, table=SHIPPED["flat"]())
    by_table = best_of(lambda: payout_amounts(table, 1_000_000, PLAYERS), number=200)
    default = best_of(lambda: payout_amounts(PayoutSettings(), 1_000_000, PLAYERS), number=200)
    print(
        f"payouts by a table {by_table * 1e6:.1f} µs vs the default table "
        f"{default * 1e6:.1f} µs: {by_table / default:.2f}x"
    )
    # Five left, the places paid so far paid; a refund decided (the guard asks so
    # for the player selected after every change).
    five = night(formats=True, left=5)
    paid = five
    at = paid.clock.anchor + 1
    for result in player_results(five):
        if result.due > 0 and result.player not in five.alive():
            at += 1
            paid = run(paid, c.PayPrize(player=result.player), at)
    refund = c.RemoveEntry(player=five.alive()[0])

    def decided(state: TournamentState) -> None:
        # Refused or not, the check is the same work (here it is refused: the refund
        # moves the field into a band paying fewer places than were paid).
        with contextlib.suppress(RuleViolation):
            decide(state, refund, Instant(at + 1))

    checked = best_of(lambda: decided(paid), number=20)
    plain = best_of(lambda: decided(five), number=20)
    results = best_of(lambda: _player_results(paid), number=20)
    payments = len(paid.ledger) - len(five.ledger)
    print(
        f"a refund decided with {payments} payments made {checked * 1000:.2f} ms vs one "
        f"player_results() of that night {results * 1000:.2f} ms: {checked / results:.1f}x "
        f"(before any payment {plain * 1000:.3f} ms)"
    )


if __name__ == "__main__":
    main()
