"""Chip sets: the organizer's chips (values, colours, how many of each).

A set gives the denominations on the table (the structure's chips: which go at
a break, R28), the chips the generator builds the blinds from, and the check
of the starting stack: whether every player can get that stack from the set.
A starting stack is broken down into chips per player; among the breakdowns
the set allows for that many players, the one that uses the most different
chips (players need small ones to post blinds), then the fewest chips, is
chosen. ``chips_in_play`` says which denominations are still on the table at
a given point of the structure.

>>> chips = ChipSet(name="Home", chips=(Chip(25, 100, "white"), Chip(100, 100, "red"),
...                                    Chip(500, 50, "green")))
>>> check_stack(chips, 2_000, players=10).breakdown
((25, 4), (100, 4), (500, 3))
>>> check_stack(chips, 5_000, players=10).code
'chip_set_too_few_chips'
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from math import gcd
from typing import NamedTuple

from director.core.chip_race import smallest_chip_needed
from director.core.errors import RuleViolation, require
from director.core.frozen import Record
from director.core.money import MAX_CHIPS
from director.core.structure import Level, Structure
from director.core.text import NAME_MAX_LENGTH, clean_line

MAX_KINDS = 20
"""Denominations in one set."""
MAX_COUNT = 100_000
"""Chips of one denomination."""
COLOUR_MAX_LENGTH = 30
BREAKDOWN_LIMIT = 100_000
"""Largest stack, in steps of the smallest amount the chips can make, that is
broken down exactly (a tenth of a second or so); above it the stack is not
checked (a home game's stack is a few hundred steps: 20,000 in 25s is 800)."""


@dataclass(frozen=True, eq=False, repr=False)
class Chip(Record):
    """``count`` chips worth ``value`` each; ``colour`` as the organizer calls it
    ("white") or as ``#rrggbb``."""

    value: int
    count: int
    colour: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class ChipSet(Record):
    name: str
    chips: tuple[Chip, ...]

    @property
    def denominations(self) -> tuple[int, ...]:
        """The values, smallest first."""
        return tuple(sorted(chip.value for chip in self.chips))

    def colour_of(self, value: int) -> str:
        return next((chip.colour for chip in self.chips if chip.value == value), "")

    @property
    def total_value(self) -> int:
        return sum(chip.value * chip.count for chip in self.chips)


def check_chip_set(chip_set: ChipSet) -> None:
    """Raise ``RuleViolation`` for a set that cannot be used: no chips, a value
    that is not a positive whole number or listed twice, a count out of range."""
    clean_line(chip_set.name, maximum=NAME_MAX_LENGTH, too_long="name_too_long")
    require(bool(chip_set.name.strip()), "name_empty")
    require(bool(chip_set.chips), "chip_set_empty")
    require(len(chip_set.chips) <= MAX_KINDS, "chip_set_too_many_kinds", maximum=MAX_KINDS)
    values = [chip.value for chip in chip_set.chips]
    for chip in chip_set.chips:
        if not isinstance(chip.value, int) or isinstance(chip.value, bool):
            raise RuleViolation("amount_not_whole", value=str(chip.value))
        require(0 < chip.value <= MAX_CHIPS, "chip_set_value_invalid", value=chip.value)
        require(0 <= chip.count <= MAX_COUNT, "chip_count_invalid", value=chip.value)
        clean_line(chip.colour, maximum=COLOUR_MAX_LENGTH)
    require(len(set(values)) == len(values), "chip_value_listed_twice")


class StackCheck(NamedTuple):
    """Whether ``players`` stacks of ``stack`` can be made from a set.

    ``breakdown``: (value, chips per player), smallest first, when they can;
    ``most_players``: how many stacks of that breakdown the set makes, or when
    it cannot make ``players`` stacks, the most it can (with any breakdown);
    ``code`` names the problem ("" when none).
    """

    stack: int
    players: int
    breakdown: tuple[tuple[int, int], ...] | None
    most_players: int
    code: str = ""

    @property
    def ok(self) -> bool:
        return self.breakdown is not None

    @property
    def chips_per_player(self) -> int:
        return sum(count for _value, count in self.breakdown or ())


def check_stack(chip_set: ChipSet, stack: int, *, players: int) -> StackCheck:
    """Check a starting stack against the set, for ``players`` players (at least one)."""
    players = max(1, players)
    chips = [chip for chip in chip_set.chips if chip.value > 0 and chip.count > 0]
    if stack <= 0 or not chips:
        return StackCheck(stack, players, None, 0, "chip_set_empty" if not chips else "")
    step = 0
    for chip in chips:
        step = gcd(step, chip.value)
    if stack % step:
        return StackCheck(stack, players, None, 0, "chip_set_cannot_make_stack")
    if stack // step > BREAKDOWN_LIMIT:
        return StackCheck(stack, players, None, 0, "chip_set_stack_too_large")
    found = stack_breakdown(chips, stack, players)
    if found is not None:
        counts = {chip.value: chip.count for chip in chips}
        most = min(counts[value] // count for value, count in found)
        return StackCheck(stack, players, found, most, "")
    most = _most(chips, stack, players)
    code = "chip_set_too_few_chips" if most else "chip_set_cannot_make_stack"
    return StackCheck(stack, players, None, most, code)


def _most(chips: Sequence[Chip], stack: int, players: int) -> int:
    """The most stacks the set makes, fewer than ``players`` (known not to fit):
    a binary search over the number of players, a breakdown for each."""
    low, high = 0, players - 1
    while low < high:
        middle = (low + high + 1) // 2
        if stack_breakdown(chips, stack, middle) is not None:
            low = middle
        else:
            high = middle - 1
    return low


def stack_breakdown(
    chips: Sequence[Chip], stack: int, players: int
) -> tuple[tuple[int, int], ...] | None:
    """The chips per player that make ``stack`` when each of ``players`` gets the
    same: the most different values, then the fewest chips; None if none does.

    Exact (a bounded change-making table over the stack, in steps of the values'
    common divisor, with a sliding window per value).
    """
    kinds = sorted((chip for chip in chips if chip.value > 0), key=lambda chip: chip.value)
    if not kinds or players <= 0:
        return None
    step = 0
    for chip in kinds:
        step = gcd(step, chip.value)
    if stack <= 0 or stack % step or stack // step > BREAKDOWN_LIMIT:
        return None
    size = stack // step
    # A score packs (values used, -chips) in one integer: more values first.
    big = size + 1
    unreachable = -(1 << 62)
    best = [unreachable] * (size + 1)
    best[0] = 0
    choices: list[list[int]] = []
    for chip in kinds:
        value = chip.value // step
        most = min(chip.count // players, size // value)
        new = list(best)
        taken = [0] * (size + 1)
        if most > 0:
            for residue in range(value):
                # Along one residue class, j counts steps of ``value``: taking k
                # chips from amount j-k scores best[j-k] + big - k, the window's
                # best of (best[i] + i) less j, plus big.
                window: deque[tuple[int, int]] = deque()
                for j, amount in enumerate(range(residue, size + 1, value)):
                    if j >= 1:
                        previous = best[amount - value]
                        if previous != unreachable:
                            key = previous + (j - 1)
                            while window and window[-1][1] <= key:
                                window.pop()
                            window.append((j - 1, key))
                    while window and window[0][0] < j - most:
                        window.popleft()
                    if window:
                        score = window[0][1] - j + big
                        if score > new[amount]:
                            new[amount] = score
                            taken[amount] = j - window[0][0]
        best = new
        choices.append(taken)
    if best[size] == unreachable:
        return None
    counts = [0] * len(kinds)
    amount = size
    for position in range(len(kinds) - 1, -1, -1):
        count = choices[position][amount]
        counts[position] = count
        amount -= count * (kinds[position].value // step)
    return tuple((chip.value, count) for chip, count in zip(kinds, counts, strict=True) if count)


def chips_in_play(structure: Structure, index: int) -> tuple[int, ...]:
    """The denominations still on the table at item ``index``: every chip of the
    structure's set but those raced off at a break before it (R28)."""
    chips = sorted(set(structure.chips))
    items = structure.items
    if not chips or not items:
        return tuple(chips)
    index = max(0, min(index, len(items) - 1))
    last_break = max((i for i in range(index) if not isinstance(items[i], Level)), default=-1)
    if last_break < 0:
        return tuple(chips)
    smallest = smallest_chip_needed(structure, last_break + 1)
    return tuple(chip for chip in chips if smallest is None or chip >= smallest)
