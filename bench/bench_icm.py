"""Exact ICM (Malmuth-Harville), next to a float floor measured in the same run.

The floor is the usual fast float method: every set of players who finished
ahead is visited once (memoized), carrying its probability, down to the last
paid place. Our ``icm`` gives exact fractions; the target is to be no slower
than that floor at 16 players (the most ICM takes). The 8-player row also
checks the equities against walking every finishing order.

Fields: the stacks are irregular (no common factor). "Quadratic prizes" is the
field the issue measured (prize of place k proportional to (n-k+1)^2, every
place paid); "top 3 paid" is the usual home-game final; "every place paid,
irregular prizes" is the worst case for the exact sums (every size of set
counts), kept to show what it costs.

Run: python -m bench.bench_icm
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import permutations

from director.core.payouts import icm

TARGET_RATIO = 1.0


def icm_by_orders(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    total = sum(stacks)
    equities = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance = Fraction(1)
        remaining = total
        for player in order:
            chance *= Fraction(stacks[player], remaining)
            remaining -= stacks[player]
        for position, player in enumerate(order):
            if position < len(prizes):
                equities[player] += chance * prizes[position]
    return equities


def icm_float_memoized(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """The floor: Malmuth-Harville in floats, each set of finished players once."""
    n = len(stacks)
    paid = min(len(prizes), n)
    equities = [0.0] * n
    total = sum(stacks)
    # chance[mask]: probability that exactly the players in ``mask`` took the
    # first places; a level holds the sets of one size.
    level: dict[int, tuple[float, int]] = {0: (1.0, total)}
    for place in range(paid):
        prize = prizes[place]
        following: dict[int, tuple[float, int]] = {}
        for mask, (chance, remaining) in level.items():
            if remaining <= 0:
                continue
            for player in range(n):
                bit = 1 << player
                if mask & bit:
                    continue
                stack = stacks[player]
                p = chance * stack / remaining
                equities[player] += p * prize
                after = mask | bit
                known = following.get(after)
                following[after] = (
                    (p, remaining - stack) if known is None else (known[0] + p, known[1])
                )
        level = following
    return equities


def quadratic_field(players: int) -> tuple[list[int], list[int]]:
    stacks = [1500 + 731 * index + (index * index * 97) % 1000 for index in range(players)]
    prizes = [100 * (players - index) ** 2 for index in range(players)]
    return stacks, prizes


IRREGULAR = [3000, 2000, 1400, 1000, 800, 600, 500, 400, 300, 250, 200, 150, 120, 100, 90, 80]


def timed(function: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def row(name: str, stacks: list[int], prizes: list[int], runs: int = 5) -> float:
    exact = icm(stacks, prizes)
    assert sum(exact) == sum(prizes[: len(stacks)])
    approximate = icm_float_memoized(stacks, prizes)
    assert all(
        abs(float(e) - a) < 1e-6 * sum(prizes) for e, a in zip(exact, approximate, strict=True)
    )
    # Interleaved, so that a busy moment of the machine hits both alike.
    ours_samples, floor_samples = [], []
    for _ in range(runs):
        ours_samples.append(timed(lambda: icm(stacks, prizes), 1))
        floor_samples.append(timed(lambda: icm_float_memoized(stacks, prizes), 1))
    ours, floor = statistics.median(ours_samples), statistics.median(floor_samples)
    ratio = ours / floor
    print(
        f"exact ICM, {name}: {ours * 1000:.1f} ms; floor (memoized float) "
        f"{floor * 1000:.1f} ms; ratio {ratio:.2f}x"
    )
    return ratio


def main() -> None:
    for players in (6, 9, 12):
        stacks, prizes = quadratic_field(players)
        seconds = timed(lambda: icm(stacks, prizes), 3)  # noqa: B023
        print(f"exact ICM, {players} players, quadratic prizes: {seconds * 1000:.1f} ms")
    stacks, prizes = quadratic_field(8)
    ours = timed(lambda: icm(stacks, prizes), 3)
    theirs = timed(lambda: icm_by_orders(stacks, prizes), 1)
    assert icm(stacks, prizes) == icm_by_orders(stacks, prizes)
    print(
        f"8 players: subsets {ours * 1000:.1f} ms, every finishing order {theirs * 1000:.0f} ms "
        f"(same equities); ratio {theirs / ours:.0f}x"
    )
    stacks, prizes = quadratic_field(16)
    main_ratio = row("16 players, quadratic prizes (the issue's row)", stacks, prizes)
    row("16 players, top 3 paid", stacks, [5000, 3000, 2000])
    row("16 players, every place paid, irregular prizes", stacks, IRREGULAR, runs=3)
    verdict = "met" if main_ratio <= TARGET_RATIO else "MISSED"
    print(f"target (16 players, exact, <= {TARGET_RATIO:.0f}x the float floor): {verdict}")


if __name__ == "__main__":
    main()
