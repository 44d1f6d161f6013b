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
from dataclasses import replace

from director.core.chip_sets import ChipSet, check_stack
from director.core.errors import require
from director.core.frozen import dataclass
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
    unit = chips[0]
    start = max(2 * unit, request.starting_stack // START_FRACTION)
    end = max(start * 2, total_chips // END_FRACTION)
    growth = _growth(start, end, levels - 1)

    return Structure(
        items=tuple(_levels(request, chips, start * SCALE, growth, end, range(1, levels + 1))),
        chips=tuple(chips),
    )


def _levels(
    request: GeneratorRequest,
    chips: Sequence[int],
    target: int,
    growth: int,
    end: int,
    numbers: range,
    *,
    previous_big: int = 0,
    unit_index: int = 0,
    since_break: int = 0,
) -> list[Level | Break]:
    """The levels numbered ``numbers`` (and their breaks): each big blind the readable
    amount nearest ``target`` (millionths of a chip), which grows by ``growth`` per
    level; after ``previous_big``, with the smallest chip ``chips[unit_index]`` and
    ``since_break`` levels already played since the last break."""
    unit = chips[unit_index]
    levels = numbers[-1] if numbers else 0
    items: list[Level | Break] = []
    for number in numbers:
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
        since_break += 1
        is_break_due = request.break_every and since_break % request.break_every == 0
        if is_break_due and number < levels:
            note = ""
            next_unit = chips[unit_index + 1] if unit_index + 1 < len(chips) else None
            if next_unit is not None and target >= COLOUR_UP_RATIO * unit * SCALE:
                note = request.colour_up_note.replace("{chip}", str(unit))
                unit_index += 1
                unit = next_unit
            items.append(Break(seconds=request.break_minutes * 60, note=note))
            since_break = 0
    return items


def continue_structure(
    played: Sequence[Level | Break],
    chips: Sequence[int],
    *,
    chips_in_play: int,
    minutes: int,
    level_minutes: int,
    break_every: int,
    break_minutes: int,
    ante: AnteKind | None = None,
    ante_from: int = 1,
    colour_up_note: str = "Colour up the {chip}s",
) -> list[Level | Break]:
    """The levels to play after ``played`` (ending with the level being played) so that
    they last about ``minutes``, by the generator's rules: their big blinds grow
    geometrically from the last played one to about a twentieth of
    ``chips_in_play``, in readable amounts of the smallest chip still in play,
    with a break every ``break_every`` levels (counted on from the last break
    played) and the smallest chip coloured up at a break once it stops being useful;
    the betting as the last level played has it, the ante of kind ``ante`` from the
    ``ante_from``-th new level (by default as the last level played has it).

    Raises ``RuleViolation`` when no level fits in ``minutes`` or the input cannot
    make levels.
    """
    last = next((item for item in reversed(played) if isinstance(item, Level)), None)
    require(last is not None, "structure_without_levels")
    assert last is not None
    require(1 <= level_minutes <= 240 and break_every >= 0 and break_minutes >= 0, "bad_replan")
    require(level_minutes <= minutes <= 48 * 60, "replan_target_too_soon")
    chips = sorted(set(chips)) or [1]
    # The smallest chip still in play: the first that divides the small blind and is
    # still worth keeping at this big blind (the generator's colour-up rule).
    unit_index = next(
        (
            index
            for index, chip in enumerate(chips)
            if last.small_blind % chip == 0 and chip * COLOUR_UP_RATIO > last.big_blind
        ),
        0,
    )
    since_break = 0
    for item in reversed(played):
        if isinstance(item, Break):
            break
        since_break += 1
    request = GeneratorRequest(
        players=2,
        starting_stack=chips_in_play,
        chips=tuple(chips),
        level_minutes=level_minutes,
        target_minutes=minutes,
        ante=ante if ante is not None else last.ante_kind if last.ante else AnteKind.NONE,
        ante_from_level=ante_from,
        break_every=break_every,
        break_minutes=break_minutes,
        colour_up_note=colour_up_note,
        betting=last.betting,
    )
    count = 1
    while True:  # levels that fit, with the breaks falling among them
        more = count + 1
        breaks = (since_break + more - 1) // break_every if break_every else 0
        if more * level_minutes + breaks * break_minutes > minutes + level_minutes // 2:
            break
        count = more
    start = last.big_blind
    end = max(start * 2, chips_in_play // END_FRACTION)
    growth = _growth(start, end, count)
    items = _levels(
        request,
        chips,
        start * growth,
        growth,
        end,
        range(1, count + 1),
        previous_big=last.big_blind,
        unit_index=unit_index,
        since_break=since_break,
    )
    if break_every and since_break and since_break % break_every == 0:
        # The level being played closes a round of levels: its break comes first.
        items.insert(0, Break(seconds=break_minutes * 60))
    return items
