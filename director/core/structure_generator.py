"""Propose a blind structure from the field, the stack, the chips and the time.

The organizer gives the number of players, the starting stack, the chip
denominations on the table, the level length and how long the night should
last. The blinds grow geometrically from about 1% of the starting stack to
about a twentieth of all chips in play, which is where a home game usually
ends (heads-up, about ten big blinds each), reached near the target time.
Every amount is a multiple of the smallest chip still in play; when the
smallest chip stops being useful it is coloured up at the next break, which
says so ("colour up the 25s"). Given the organizer's chip set, the chips are
the set's and the starting stack must be one the set can give every player;
the levels are played no limit, pot limit or limit as asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from director.core.chip_sets import ChipSet, check_stack
from director.core.errors import require
from director.core.structure import AnteKind, Betting, Break, Level, Structure

NICE_MANTISSAS = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
"""Blind amounts people like to read, per power of ten (12 -> 1,200)."""
START_FRACTION = 100
"""The first big blind is about 1/100 of the starting stack."""
END_FRACTION = 20
"""The last big blind is about 1/20 of every chip in play."""
COLOUR_UP_RATIO = 20
"""A chip is coloured up once the big blind is worth this many of it."""
SCALE = 1_000_000
"""The ideal blind curve is kept in millionths of a chip, as an integer."""


@dataclass(frozen=True)
class GeneratorRequest:
    players: int
    starting_stack: int
    chips: tuple[int, ...]
    level_minutes: int
    target_minutes: int
    ante: AnteKind = AnteKind.NONE
    ante_from_level: int = 5
    break_every: int = 4
    break_minutes: int = 10
    colour_up_note: str = "Colour up the {chip}s"
    """The note on a break where a chip goes; the caller passes it in the user's language."""
    betting: Betting = Betting.NO_LIMIT
    chip_set: ChipSet | None = None
    """The organizer's chips: they replace ``chips``, and must make the stacks."""


def nice_amounts(unit: int, upto: int) -> list[int]:
    """Readable big blinds up to ``upto`` whose half is a multiple of ``unit``."""
    found = set()
    power = 1
    while power * 10 <= upto * 10:
        for mantissa in NICE_MANTISSAS:
            amount = mantissa * power // 10 if power >= 10 else mantissa * power
            if amount and amount % (2 * unit) == 0 and amount <= upto:
                found.add(amount)
        power *= 10
    # Small multiples of the chip fill the gaps at the very start (25/50, 50/100...).
    found.update(range(2 * unit, min(upto, 10 * unit) + 1, 2 * unit))
    return sorted(found)


def _check(request: GeneratorRequest) -> None:
    require(2 <= request.players <= 10_000, "generator_players")
    require(request.starting_stack > 0, "generator_stack")
    require(bool(request.chips) and all(chip > 0 for chip in request.chips), "generator_chips")
    require(1 <= request.level_minutes <= 240, "generator_level_minutes")
    require(request.level_minutes <= request.target_minutes <= 48 * 60, "generator_target")
    require(request.break_every >= 0 and request.break_minutes >= 0, "generator_breaks")
    chips = sorted(set(request.chips))
    require(request.starting_stack % chips[0] == 0, "generator_stack_not_payable", chip=chips[0])
    if request.chip_set is not None:
        check = check_stack(request.chip_set, request.starting_stack, players=request.players)
        if not check.ok:
            raise check.problem()


def _level_count(request: GeneratorRequest) -> int:
    """Levels that fit in the target time, breaks included."""
    count = 1
    while True:
        more = count + 1
        breaks = (more - 1) // request.break_every if request.break_every else 0
        total = more * request.level_minutes + breaks * request.break_minutes
        if total > request.target_minutes + request.level_minutes // 2:
            return count
        count = more


def _ante(
    request: GeneratorRequest, number: int, big_blind: int, unit: int
) -> tuple[int, AnteKind]:
    if request.ante is AnteKind.NONE or number < request.ante_from_level:
        return 0, AnteKind.NONE
    if request.ante is AnteKind.BIG_BLIND:
        return big_blind, AnteKind.BIG_BLIND
    # About an eighth of the big blind, rounded up to a payable amount.
    ante = -(-big_blind // 8)
    ante = -(-ante // unit) * unit
    return ante, AnteKind.EVERY_PLAYER


def _growth(start: int, end: int, steps: int) -> int:
    """The per-level growth factor, in millionths, that takes ``start`` to ``end``
    in ``steps`` levels: the largest g with start * (g / SCALE) ** steps <= end.

    Worked out on integers (a binary search on exact powers) so that the same
    request gives the same structure on every machine.
    """
    if steps <= 0:
        return SCALE
    goal = end * SCALE**steps
    low, high = SCALE, SCALE * max(2, -(-end // start))
    while low < high:
        middle = (low + high + 1) // 2
        if start * middle**steps <= goal:
            low = middle
        else:
            high = middle - 1
    return low


def generate(request: GeneratorRequest) -> Structure:
    """A structure for ``request`` (see the module's description).

    Raises ``RuleViolation`` for input that cannot make a structure.
    """
    if request.chip_set is not None:
        request = replace(request, chips=request.chip_set.denominations)
    _check(request)
    chips: Sequence[int] = sorted(set(request.chips))
    total_chips = request.players * request.starting_stack
    levels = _level_count(request)
    unit_index = 0
    unit = chips[0]
    start = max(2 * unit, request.starting_stack // START_FRACTION)
    end = max(start * 2, total_chips // END_FRACTION)
    growth = _growth(start, end, levels - 1)

    items: list[Level | Break] = []
    previous_big = 0
    target = start * SCALE  # the ideal big blind of this level, in millionths
    for number in range(1, levels + 1):
        # No ceiling near the end target: a long night with few chips keeps rising.
        candidates = [
            amount for amount in nice_amounts(unit, max(end, unit) * 1000) if amount > previous_big
        ]
        if candidates:
            big_blind = min(candidates, key=lambda amount: (abs(amount * SCALE - target), amount))
        else:
            # Past the readable amounts (a very long night): keep rising by a quarter.
            step = 2 * unit
            wanted = max(target // SCALE, previous_big * 5 // 4 + 1)
            big_blind = -(-wanted // step) * step
        ante, ante_kind = _ante(request, number, big_blind, unit)
        limit = request.betting is Betting.LIMIT
        items.append(
            Level(
                small_blind=big_blind // 2,
                big_blind=big_blind,
                ante=ante,
                ante_kind=ante_kind,
                seconds=request.level_minutes * 60,
                small_bet=big_blind if limit else 0,
                big_bet=2 * big_blind if limit else 0,
                betting=request.betting,
            )
        )
        previous_big = big_blind
        target = target * growth // SCALE
        is_break_due = request.break_every and number % request.break_every == 0
        if is_break_due and number < levels:
            note = ""
            next_unit = chips[unit_index + 1] if unit_index + 1 < len(chips) else None
            if next_unit is not None and target >= COLOUR_UP_RATIO * unit * SCALE:
                note = request.colour_up_note.replace("{chip}", str(unit))
                unit_index += 1
                unit = next_unit
            items.append(Break(seconds=request.break_minutes * 60, note=note))
    return Structure(items=tuple(items), chips=tuple(chips))
