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

import re
from collections import deque
from collections.abc import Sequence
from math import gcd
from typing import NamedTuple

from director.core.chip_race import smallest_chip_needed
from director.core.errors import RuleViolation, require
from director.core.frozen import Record, dataclass
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


CHIP_COLOURS: dict[str, str] = {
    "white": "#f5f5f5",
    "red": "#c0392b",
    "green": "#27ae60",
    "blue": "#2e86de",
    "light blue": "#87cefa",
    "black": "#222222",
    "yellow": "#f1c40f",
    "purple": "#8e44ad",
    "orange": "#e67e22",
    "pink": "#ff6fa8",
    "grey": "#95a5a6",
    "brown": "#8b5a2b",
}
"""The colours a chip may be named by, with how they are painted (keys: the
English names; the screens show them translated)."""

COLOUR_WORDS: dict[str, str] = {
    **{name: name for name in CHIP_COLOURS},
    "gray": "grey",
    "lightblue": "light blue",
    "blanc": "white",
    "blanche": "white",
    "rouge": "red",
    "vert": "green",
    "verte": "green",
    "bleu": "blue",
    "bleue": "blue",
    "bleu clair": "light blue",
    "noir": "black",
    "noire": "black",
    "jaune": "yellow",
    "violet": "purple",
    "violette": "purple",
    "rose": "pink",
    "gris": "grey",
    "grise": "grey",
    "marron": "brown",
    "brun": "brown",
}
"""Every word a colour may be typed as (English and French, any case), to its name."""

_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


def colour_name(colour: str) -> str:
    """The name (a key of ``CHIP_COLOURS``) of a colour typed as a word, "" for a
    colour given as ``#rrggbb`` or none."""
    return COLOUR_WORDS.get(" ".join(colour.split()).casefold(), "")


def colour_rgb(colour: str) -> str:
    """How a chip's colour is painted, ``#rrggbb`` ("" for no colour). A colour is a
    name (``COLOUR_WORDS``) or ``#rrggbb``; anything else is refused
    (``chip_colour_unknown``)."""
    text = colour.strip()
    if not text:
        return ""
    name = colour_name(text)
    if name:
        return CHIP_COLOURS[name]
    if _HEX_COLOUR.fullmatch(text):
        return text.lower()
    raise RuleViolation("chip_colour_unknown", colour=text[:COLOUR_MAX_LENGTH])


def shown_colour(colour: str) -> tuple[str, str]:
    """(name, ``#rrggbb``) to show a stored colour by: its name ("" for one given as
    ``#rrggbb``) and its paint ("" when there is none, or for a colour kept from
    before colours were checked that is neither a name nor ``#rrggbb``)."""
    try:
        return colour_name(colour), colour_rgb(colour)
    except RuleViolation:
        return "", ""


@dataclass(frozen=True, eq=False, repr=False)
class Chip(Record):
    """``count`` chips worth ``value`` each; ``colour`` as the organizer calls it
    ("white", "rouge": see ``COLOUR_WORDS``) or as ``#rrggbb``."""

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
    that is not a positive whole number or listed twice, a count out of range, a
    colour that is neither a name the app knows nor ``#rrggbb``."""
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
        colour_rgb(chip.colour)
    require(len(set(values)) == len(values), "chip_value_listed_twice")


class StackCheck(NamedTuple):
    """Whether ``players`` stacks of ``stack`` can be made from a set.

    ``breakdown``: (value, chips per player), smallest first, when they can;
    ``most_players``: how many stacks of that breakdown the set makes, or when
    it cannot make ``players`` stacks, the most it can (with any breakdown);
    ``code`` names the problem ("" when none). ``others``: the stacks of other
    sizes (re-buys, add-ons) made from the set first, (size, how many); when
    they cannot be made, ``short`` is the one that fails.
    """

    stack: int
    players: int
    breakdown: tuple[tuple[int, int], ...] | None
    most_players: int
    code: str = ""
    others: tuple[tuple[int, int], ...] = ()
    short: tuple[int, int] = (0, 0)

    @property
    def ok(self) -> bool:
        return self.breakdown is not None

    @property
    def chips_per_player(self) -> int:
        return sum(count for _value, count in self.breakdown or ())

    @property
    def stacks(self) -> int:
        """Every stack checked: the starting stacks and the others."""
        return self.players + sum(count for _size, count in self.others)

    def problem(self) -> RuleViolation:
        """What is wrong, to show (``code`` with every figure it may name)."""
        return RuleViolation(
            self.code or "chip_set_cannot_make_stack",
            stack=self.stack,
            players=self.players,
            most=self.most_players,
            size=self.short[0],
            count=self.short[1],
            others=sum(count for _size, count in self.others),
        )


def check_stack(
    chip_set: ChipSet,
    stack: int,
    *,
    players: int,
    others: Sequence[tuple[int, int]] = (),
) -> StackCheck:
    """Check a starting stack against the set, for ``players`` players (at least one).

    ``others``: more stacks given out from the same set, (size, how many): the
    re-buys and add-ons. Those of the starting stack's size are more such
    stacks; the others are made first (the most numerous first), and the
    starting stacks from what is left. Exact for one size; with several it
    answers whether this way of making them works, which is how a bank hands
    them out.
    """
    players = max(1, players)
    chips = [chip for chip in chip_set.chips if chip.value > 0 and chip.count > 0]
    sizes: dict[int, int] = {}
    for size, count in others:
        if size > 0 and count > 0:
            sizes[size] = sizes.get(size, 0) + count
    players += sizes.pop(stack, 0)
    made = tuple(sorted(sizes.items(), key=lambda item: (-item[1], -item[0])))
    if stack <= 0 or not chips:
        return StackCheck(stack, players, None, 0, "chip_set_empty" if not chips else "", made)
    step = 0
    for chip in chips:
        step = gcd(step, chip.value)
    if stack % step:
        return StackCheck(stack, players, None, 0, "chip_set_cannot_make_stack", made)
    if stack // step > BREAKDOWN_LIMIT:
        return StackCheck(stack, players, None, 0, "chip_set_stack_too_large", made)
    for size, count in made:
        taken = stack_breakdown(chips, size, count)
        if taken is None:
            return StackCheck(
                stack, players, None, 0, "chip_set_too_few_chips_for_others", made, (size, count)
            )
        used = dict(taken)
        chips = [
            Chip(chip.value, chip.count - used.get(chip.value, 0) * count, chip.colour)
            for chip in chips
        ]
    found = stack_breakdown(chips, stack, players)
    if found is not None:
        counts = {chip.value: chip.count for chip in chips}
        most = min(counts[value] // count for value, count in found)
        return StackCheck(stack, players, found, most, "", made)
    most = _most(chips, stack, players)
    if made:
        code = "chip_set_too_few_chips_with_others"
    else:
        code = "chip_set_too_few_chips" if most else "chip_set_cannot_make_stack"
    return StackCheck(stack, players, None, most, code, made)


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
