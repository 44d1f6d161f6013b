"""Exact ICM (Malmuth-Harville) for 6, 9 and 12 players, every place paid.

Target: 12 players under 1 s. The baseline, measured in the same run, is the
textbook method that walks every finishing order (only feasible up to about 8
players): the ratio shows what working over subsets of players saves.

Run: python -m bench.bench_icm
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction
from itertools import permutations

from director.core.payouts import icm


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


def field(players: int) -> tuple[list[int], list[int]]:
    stacks = [1500 + 731 * index + (index * index * 97) % 1000 for index in range(players)]
    prizes = [100 * (players - index) ** 2 for index in range(players)]
    return stacks, prizes


def timed(function, *args, runs: int = 3) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        function(*args)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    for players in (6, 9, 12):
        stacks, prizes = field(players)
        seconds = timed(icm, stacks, prizes)
        assert sum(icm(stacks, prizes)) == sum(prizes)
        print(f"exact ICM, {players} players, {players} places paid: {seconds * 1000:.1f} ms")
    stacks, prizes = field(8)
    ours = timed(icm, stacks, prizes)
    theirs = timed(icm_by_orders, stacks, prizes, runs=1)
    assert icm(stacks, prizes) == icm_by_orders(stacks, prizes)
    print(
        f"8 players: subsets {ours * 1000:.1f} ms, every finishing order {theirs * 1000:.0f} ms "
        f"(same equities); ratio {theirs / ours:.0f}x"
    )
    stacks, prizes = field(12)
    verdict = "met" if timed(icm, stacks, prizes) < 1.0 else "MISSED"
    print(f"target (12 players under 1 s): {verdict}")


if __name__ == "__main__":
    main()
