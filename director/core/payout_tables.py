"""Payout tables by field size: the percentages to pay for each band of entries.

A table is a list of bands (2-10 entries, 11-20, 21-30... or any bands), each
with the share of the prize pool of every paid place, in basis points (10,000
is the whole pool). A usable table has bands that follow each other without a
gap or an overlap, from 1 or 2 entries up; every band's shares add up to
100%, and no closed band pays more places than its largest field has entries
(a first band 2-10 may pay 3 places: a field smaller than the places paid is
paid only as many places as it has players, see ``payouts.payout_amounts``).
The last band may be open ("61 and more"); a field beyond a closed last band is
paid by that band. Every problem is named with its band, so a bad file or a bad grid says
what to fix.

>>> table = PayoutTable(name="Mine", bands=(Band(2, 10, (6_000, 4_000)),
...                                         Band(11, 0, (5_000, 3_000, 2_000))))
>>> band_for(table, 14).shares
(5000, 3000, 2000)
>>> [problem.code for problem in table_problems(
...     PayoutTable(name="Bad", bands=(Band(2, 10, (6_000, 3_000)), Band(12, 20, (10_000,)))))]
['payout_band_sum', 'payout_bands_gap']
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise

from director.core.errors import RuleViolation, require
from director.core.frozen import Record, dataclass
from director.core.text import NAME_MAX_LENGTH, clean_line

BASIS_POINTS = 10_000
MAX_BANDS = 100
MAX_PLACES = 500
MAX_ENTRIES = 100_000


@dataclass(frozen=True, eq=False, repr=False)
class Band(Record):
    """For ``first`` to ``last`` entries (``last`` 0: and more), the ``shares`` of
    places 1, 2, 3... in basis points."""

    first: int
    last: int
    shares: tuple[int, ...]

    def covers(self, entries: int) -> bool:
        return entries >= self.first and (self.last == 0 or entries <= self.last)

    @property
    def label(self) -> str:
        """``2-10``, or ``61+`` for an open band."""
        return f"{self.first}+" if self.last == 0 else f"{self.first}-{self.last}"


@dataclass(frozen=True, eq=False, repr=False)
class PayoutTable(Record):
    name: str
    bands: tuple[Band, ...]


def table_problems(table: PayoutTable) -> list[RuleViolation]:
    """Every problem of ``table``, in order, each naming its band."""
    problems: list[RuleViolation] = []
    try:
        clean_line(table.name, maximum=NAME_MAX_LENGTH, too_long="name_too_long")
    except RuleViolation as error:
        problems.append(error)
    if not table.name.strip():
        problems.append(RuleViolation("name_empty"))
    bands = table.bands
    if not bands:
        return [*problems, RuleViolation("payout_table_empty")]
    if len(bands) > MAX_BANDS:
        problems.append(RuleViolation("payout_table_too_many_bands", maximum=MAX_BANDS))
    for position, band in enumerate(bands):
        label = band.label
        whole = all(
            isinstance(value, int) and not isinstance(value, bool)
            for value in (band.first, band.last, *band.shares)
        )
        if not whole:
            problems.append(RuleViolation("payout_band_not_whole", band=label))
            continue
        open_band = band.last == 0
        in_range = 1 <= band.first <= MAX_ENTRIES and 0 <= band.last <= MAX_ENTRIES
        if not in_range or (not open_band and band.last < band.first):
            problems.append(RuleViolation("payout_band_entries_invalid", band=label))
        if open_band and position != len(bands) - 1:
            problems.append(RuleViolation("payout_band_open_not_last", band=label))
        if not band.shares:
            problems.append(RuleViolation("payout_band_no_place", band=label))
            continue
        if len(band.shares) > MAX_PLACES:
            problems.append(RuleViolation("payout_band_too_many_places", band=label))
        if any(share <= 0 for share in band.shares):
            problems.append(RuleViolation("payout_band_share_not_positive", band=label))
        total = sum(band.shares)
        if total != BASIS_POINTS:
            problems.append(RuleViolation("payout_band_sum", band=label, total=total))
        if not open_band and len(band.shares) > band.last:
            # Places no field of the band can fill; a small field of the band is
            # paid as many places as it has players (payouts.payout_amounts).
            problems.append(
                RuleViolation(
                    "payout_band_more_places_than_entries",
                    band=label,
                    places=len(band.shares),
                    entries=band.last,
                )
            )
    if bands[0].first > 2:
        problems.append(RuleViolation("payout_bands_start_late", band=bands[0].label))
    for before, after in pairwise(bands):
        if before.last == 0:
            continue
        if after.first > before.last + 1:
            problems.append(RuleViolation("payout_bands_gap", band=before.label, next=after.label))
        elif after.first <= before.last:
            problems.append(
                RuleViolation("payout_bands_overlap", band=before.label, next=after.label)
            )
    return problems


def check_table(table: PayoutTable) -> None:
    """Raise the first problem of ``table`` (``RuleViolation``)."""
    problems = table_problems(table)
    if problems:
        raise problems[0]


def band_for(table: PayoutTable, entries: int) -> Band:
    """The band that pays a field of ``entries``: the one covering it, the first
    for a field smaller than the table, the last for one larger."""
    require(bool(table.bands), "payout_table_empty")
    for band in table.bands:
        if band.covers(entries):
            return band
    return table.bands[0] if entries < table.bands[0].first else table.bands[-1]


# -- the tables shipped with the app ---------------------------------------------------

SHIPPED_BANDS = (
    *((first, first + 9 if first > 2 else 10) for first in (2, 11, 21, 31, 41, 51, 61, 71, 81)),
    (91, 100),
    (101, 0),
)
"""2-10, 11-20 ... 91-100, 101 and more."""


def _basis_points(weights: list[Fraction]) -> tuple[int, ...]:
    from director.core.payouts import round_payouts

    return tuple(round_payouts(BASIS_POINTS, weights))


def _shipped(name: str, places: Callable[[int, int], int], ratio: Fraction) -> PayoutTable:
    """A table whose band ``first``-``last`` pays ``places(first, last)`` places, each
    place ``ratio`` of the one above."""
    bands = []
    for first, last in SHIPPED_BANDS:
        paid = max(1, min(first, places(first, last or first)))
        bands.append(Band(first, last, _basis_points([ratio**place for place in range(paid)])))
    return PayoutTable(name=name, bands=tuple(bands))


def top_heavy() -> PayoutTable:
    """Few places (about one in fifteen), each half the one above."""
    return _shipped("Top-heavy", lambda _first, last: -(-last // 15), Fraction(1, 2))


def flat() -> PayoutTable:
    """Many places (about one in five), each four fifths of the one above."""
    return _shipped("Flat", lambda _first, last: -(-last // 5), Fraction(4, 5))


def one_in_ten() -> PayoutTable:
    """One place for every ten entries, each two thirds of the one above."""
    return _shipped("One in ten paid", lambda _first, last: -(-last // 10), Fraction(2, 3))


def standard() -> PayoutTable:
    """The default table (``payouts.DEFAULT_TABLE``) as bands."""
    from director.core.payouts import DEFAULT_TABLE

    bands = []
    first = 1
    for most, percents in DEFAULT_TABLE:
        bands.append(Band(first, most, tuple(percent * 100 for percent in percents)))
        first = most + 1
    return PayoutTable(name="Standard", bands=tuple(bands))


SHIPPED: dict[str, Callable[[], PayoutTable]] = {
    "standard": standard,
    "top_heavy": top_heavy,
    "flat": flat,
    "one_in_ten": one_in_ten,
}
"""The shipped tables by key; their names are translated where they are shown."""
