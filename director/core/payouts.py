"""Payouts and deals (R23, R29-R31).

``round_payouts`` turns shares into amounts that add up to the pool exactly,
in a rounding unit the bank holds (R30). ``icm`` values stacks by the
Malmuth-Harville model (R31): the chance to finish first is the stack's share
of the chips; each later place is drawn likewise among the chips that remain.
It is exact (fractions) and works over subsets of players rather than every
finishing order, so sixteen players take milliseconds (bench/bench_icm.py).

>>> round_payouts(195, [50, 30, 20])
[98, 58, 39]
>>> [str(e) for e in icm([5000, 3000, 2000], [50, 30, 20])]
['1075/28', '131/4', '202/7']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb, gcd
from typing import NamedTuple

from director.core.errors import RuleViolation, require
from director.core.frozen import Record, dataclass
from director.core.payout_tables import PayoutTable, band_for, check_table

BASIS_POINTS = 10_000
ICM_MAX_PLAYERS = 16

# The default payout table, by number of entries. Where it comes from: the
# usual home-game split (50/30/20 with 7 to 10 entries, winner takes all with
# 3 or fewer) and, for bigger fields, whole percentages in the shape of
# published tournament pay tables: about 15% of the field paid, the winner
# about a third of the pool, each place a little less than the one above.
# Percentages are of the prize pool and each row adds up to 100.
DEFAULT_TABLE: tuple[tuple[int, tuple[int, ...]], ...] = (
    (3, (100,)),
    (6, (65, 35)),
    (10, (50, 30, 20)),
    (15, (45, 27, 17, 11)),
    (22, (40, 25, 17, 11, 7)),
    (30, (36, 23, 16, 11, 8, 6)),
    (40, (33, 21, 15, 11, 8, 7, 5)),
    (50, (31, 20, 14, 10, 8, 7, 5, 5)),
    (60, (30, 19, 13, 10, 8, 6, 5, 5, 4)),
    (75, (28, 18, 13, 10, 8, 6, 5, 4, 4, 4)),
    (100, (27, 17, 12, 9, 7, 6, 5, 4, 3, 3, 3, 2, 2)),
)


def default_shares(entries: int) -> tuple[int, ...]:
    """Shares in basis points (10,000 = the whole pool) for ``entries`` entries,
    from the default table; at least the winner is paid."""
    for most, percents in DEFAULT_TABLE:
        if entries <= most:
            return tuple(percent * 100 for percent in percents)
    # Beyond the table: about 12% of the field paid, place k getting a share
    # proportional to 1/k (the winner about a fifth to a third of the pool).
    paid = max(1, entries * 12 // 100)
    weights = [Fraction(1, place) for place in range(1, paid + 1)]
    return tuple(round_payouts(BASIS_POINTS, weights))


def round_payouts(pool: int, shares: Sequence[int | Fraction], *, unit: int = 1) -> list[int]:
    """Amounts for ``shares`` (weights of any scale) that add up to ``pool`` (R30).

    Each place gets its share rounded down to ``unit``; the units left over go
    by largest remainder, ties to the higher place; less than a unit left over
    goes to first place.
    """
    require(pool >= 0, "amount_negative", value=pool)
    require(unit > 0, "unit_not_positive")
    require(len(shares) > 0, "payouts_need_a_place")
    weights = [Fraction(share) for share in shares]
    require(all(weight >= 0 for weight in weights), "payout_share_negative")
    total = sum(weights)
    require(total > 0, "payout_shares_all_zero")
    units = pool // unit
    exact = [units * weight / total for weight in weights]
    amounts = [int(value) for value in exact]
    leftover = units - sum(amounts)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), i))
    for index in by_remainder[:leftover]:
        amounts[index] += 1
    paid = [amount * unit for amount in amounts]
    paid[0] += pool - units * unit
    return paid


def icm(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Each player's prize equity under Malmuth-Harville (R31), exactly.

    The Harville finishing order is that of an exponential race with each
    player's rate his stack. Integrating the race and expanding by
    inclusion-exclusion gives, with T all the chips and n the players,

        E_i = s_i * sum over sets D of other players of c(|D|) / (T - chips(D)),
        c(d) = sum over m of prize(d+1+m) * (-1)^m * C(n-1-d, m),

    a sum over subsets with integer coefficients and whole-number
    denominators. It is worked out with small integers: the subsets are
    counted by size and chips (only the sizes whose coefficient is not zero:
    with three places paid, sets of at most two players), the terms that
    share a denominator are added as integers, and the few thousand distinct
    fractions left are added exactly pairwise, in a tree, over least common
    multiples; the result is made a ``Fraction`` at the end. (Walking every
    finishing order gives the same fractions; the tests check it.)
    """
    require(len(stacks) >= 1, "deal_needs_two_players")
    require(len(stacks) <= ICM_MAX_PLAYERS, "icm_too_many_players", maximum=ICM_MAX_PLAYERS)
    require(all(stack >= 0 for stack in stacks), "amount_negative", value=min(stacks))
    require(sum(stacks) > 0, "stacks_all_zero")
    count = len(stacks)
    padded = [*prizes[:count], *[0] * max(0, count - len(prizes))]
    alive = [index for index in range(count) if stacks[index] > 0]
    broke = [index for index in range(count) if stacks[index] == 0]
    equities = [Fraction(0)] * count
    # Players with no chips finish last and share the places left over.
    for index in broke:
        equities[index] = Fraction(sum(padded[len(alive) :]), len(broke))
    chips = [stacks[index] for index in alive]
    n = len(chips)
    total = sum(chips)
    coefficient = [
        sum(padded[d + m] * (-1) ** m * comb(n - 1 - d, m) for m in range(n - d)) for d in range(n)
    ]
    sizes = [d for d in range(n) if coefficient[d]]
    # A set D of d others is also its complement among the others, of n-1-d
    # players: T - chips(D) = s_i + chips(complement). Count by the smaller side.
    smallest = max((min(d, n - 1 - d) for d in sizes), default=-1)
    weights: list[dict[int, int]] = []
    for position in range(n):
        others = chips[:position] + chips[position + 1 :]
        by_size = _subset_sums_by_size(others, smallest)
        weight: dict[int, int] = {}
        for d in sizes:
            if d <= n - 1 - d:
                denominators = Counter([total - x for x in by_size[d]])
            else:
                own = chips[position]
                denominators = Counter([own + x for x in by_size[n - 1 - d]])
            factor = coefficient[d]
            for denominator, times in denominators.items():
                weight[denominator] = weight.get(denominator, 0) + factor * times
        weights.append(weight)
    numerators, common = _add_fractions(weights)
    for position, index in enumerate(alive):
        equities[index] = Fraction(chips[position] * numerators[position], common)
    return equities


def _subset_sums_by_size(values: Sequence[int], largest: int) -> list[list[int]]:
    """``result[k]``: the sums of every set of ``k`` of ``values``, for k <= ``largest``."""
    by_size: list[list[int]] = [[0]] + [[] for _ in range(max(0, largest))]
    for value in values:
        for size in range(min(largest, len(by_size) - 1), 0, -1):
            by_size[size] += [x + value for x in by_size[size - 1]]
    return by_size


def _add_fractions(weights: Sequence[dict[int, int]]) -> tuple[list[int], int]:
    """For each ``weight`` (denominator -> numerator), the sum of its fractions as a
    numerator over one common denominator, returned with it.

    The fractions are added pairwise in a tree whose nodes keep the least common
    multiple of their denominators, so that the numbers stay as small as the
    sums allow until the top.
    """
    denominators = sorted({d for weight in weights for d in weight})
    if not denominators:
        return [0] * len(weights), 1
    levels = [[weight.get(d, 0) for d in denominators] for weight in weights]
    while len(denominators) > 1:
        merged: list[int] = []
        cofactors: list[tuple[int, int]] = []
        for k in range(0, len(denominators) - 1, 2):
            left, right = denominators[k], denominators[k + 1]
            shared = gcd(left, right)
            cofactors.append((right // shared, left // shared))
            merged.append(left * (right // shared))
        odd = len(denominators) % 2
        if odd:
            merged.append(denominators[-1])
        for index, numerators in enumerate(levels):
            paired = [
                numerators[2 * k] * a + numerators[2 * k + 1] * b
                for k, (a, b) in enumerate(cofactors)
            ]
            if odd:
                paired.append(numerators[-1])
            levels[index] = paired
        denominators = merged
    return [numerators[0] for numerators in levels], denominators[0]


class Prize(NamedTuple):
    """What one finishing place pays."""

    place: int
    amount: int


def prizes_for_places(
    amounts: Sequence[int], ties: Sequence[tuple[int, int]], *, unit: int = 1
) -> dict[tuple[int, int], list[int]]:
    """R23: players tied over places best..worst share those places' prizes.

    Returns, for each (best, worst), the amounts for the tied players in the
    order they are listed (leftover units to the first).
    """
    result: dict[tuple[int, int], list[int]] = {}
    for best, worst in ties:
        covered = sum(
            amounts[place - 1] for place in range(best, worst + 1) if place <= len(amounts)
        )
        count = worst - best + 1
        result[(best, worst)] = round_payouts(covered, [1] * count, unit=unit)
    return result


# -- deals (R31) --------------------------------------------------------------------


def even_chop(total: int, players: int, *, unit: int = 1) -> list[int]:
    """Everyone the same share of ``total``."""
    require(players >= 2, "deal_needs_two_players")
    return round_payouts(total, [1] * players, unit=unit)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> list[int]:
    """Each player first gets the smallest prize still to be won, then the rest
    in proportion to the stacks."""
    require(len(stacks) >= 2, "deal_needs_two_players")
    require(all(stack >= 0 for stack in stacks), "amount_negative", value=min(stacks))
    require(sum(stacks) > 0, "stacks_all_zero")
    places = list(prizes[: len(stacks)]) + [0] * max(0, len(stacks) - len(prizes))
    floor_prize = min(places)
    rest = sum(places) - floor_prize * len(stacks)
    shares = round_payouts(rest, list(stacks), unit=unit) if rest else [0] * len(stacks)
    return [floor_prize + share for share in shares]


def icm_chop(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> list[int]:
    """The ICM equities, rounded to the unit so that they add up to the prizes."""
    require(len(stacks) >= 2, "deal_needs_two_players")
    places = list(prizes[: len(stacks)])
    if not any(places):
        return [0] * len(stacks)  # nothing left to share: each gets nothing
    equities = icm(stacks, places)
    return round_payouts(sum(places), equities, unit=unit)


def check_stacks(stacks: Sequence[int], chips_in_play: int) -> int:
    """The difference between the stacks typed and the chips in play (0 when they match)."""
    for stack in stacks:
        if not isinstance(stack, int) or isinstance(stack, bool):
            raise RuleViolation("amount_not_whole", value=str(stack))
        require(stack >= 0, "amount_negative", value=stack)
    return sum(stacks) - chips_in_play


# -- an event's payout settings and deal ------------------------------------------------

AUTO = "auto"
PERCENT = "percent"
FIXED = "fixed"
TABLE = "table"
DEFAULT_UNIT = 100


@dataclass(frozen=True, eq=False, repr=False)
class PayoutSettings(Record):
    """How the prize pool is paid: the default table by entries ("auto"), the
    organizer's percentages (basis points), fixed amounts, or a payout table by
    field size ("table"); rounded to ``unit``."""

    mode: str = AUTO
    shares: tuple[int, ...] = ()
    amounts: tuple[int, ...] = ()
    unit: int = DEFAULT_UNIT
    table: PayoutTable | None = None


@dataclass(frozen=True, eq=False, repr=False)
class DealShare(Record):
    player: int
    amount: int
    stack: int = 0


@dataclass(frozen=True, eq=False, repr=False)
class Deal(Record):
    """R31: what the players left agreed to share; ``kept_aside`` is played for."""

    method: str
    shares: tuple[DealShare, ...]
    kept_aside: int = 0
    places: int = 0
    """How many places (1..places) the deal replaces: the players left when it was made."""


def check_payout_settings(settings: PayoutSettings) -> None:
    require(
        settings.mode in (AUTO, PERCENT, FIXED, TABLE), "unknown_payout_mode", mode=settings.mode
    )
    require(settings.unit > 0, "unit_not_positive")
    if settings.mode == PERCENT:
        require(bool(settings.shares), "payouts_need_a_place")
        require(all(share > 0 for share in settings.shares), "payout_share_negative")
        require(
            sum(settings.shares) == BASIS_POINTS,
            "percentages_do_not_add_up",
            total=sum(settings.shares),
        )
    if settings.mode == FIXED:
        # First place gets the rest of the pool: its own amount may be left at 0.
        require(bool(settings.amounts), "payouts_need_a_place")
        require(settings.amounts[0] >= 0, "payout_share_negative")
        require(all(amount > 0 for amount in settings.amounts[1:]), "payout_share_negative")
    if settings.mode == TABLE:
        require(settings.table is not None, "payout_table_empty")
        assert settings.table is not None
        check_table(settings.table)


def shares_for(settings: PayoutSettings, entries: int) -> tuple[int, ...]:
    """The shares (basis points) that pay a field of ``entries``: the organizer's
    percentages, his table's band for that field, or the default table."""
    if settings.mode == PERCENT and settings.shares:
        return settings.shares
    if settings.mode == TABLE and settings.table is not None and settings.table.bands:
        return band_for(settings.table, max(entries, 1)).shares
    return default_shares(max(entries, 1))


def payout_amounts(
    settings: PayoutSettings, pool: int, entries: int, *, players: int = 0
) -> list[int]:
    """The amount for each paid place, adding up to ``pool`` (R29, R30).

    Fixed amounts: places 2 and below get theirs; first place gets what is
    left of the pool (more or less than its own amount as the pool grows).
    ``players``: the people in the event (0: not known). Re-entries can make a
    field of entries pay more places than there are people to finish in them;
    only as many places as players are paid, sharing the whole pool in the
    same proportions, so that no prize is left to nobody.

    >>> payout_amounts(PayoutSettings(mode=PERCENT, shares=(5000, 3000, 2000), unit=1), 1000, 12,
    ...                players=2)
    [625, 375]
    """
    places = players if players > 0 else None
    if settings.mode == FIXED and settings.amounts:
        rest = list(settings.amounts[1:places])
        first = pool - sum(rest)
        if first < 0:
            raise RuleViolation("fixed_payouts_exceed_pool", pool=pool, total=sum(rest))
        return [first, *rest]
    shares = shares_for(settings, entries)[:places]
    if pool == 0:
        return [0] * len(shares)
    return round_payouts(pool, shares, unit=settings.unit)
