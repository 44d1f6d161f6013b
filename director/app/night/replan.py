"""Re-plan the rest of the night to a target end: from the level being played, the
levels still to come are made again by the structure generator's rules
(``structure_generator.continue_structure``) so that the night ends near the time
the organizer wants; previewed (the old end and the new, the levels), then applied
as one undoable change of the structure.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

from director.core import clock as clk
from director.core import commands as c
from director.core.errors import RuleViolation, require
from director.core.ids import Instant
from director.core.ledger import figures
from director.core.state import TournamentState
from director.core.structure import Break, Level, Structure
from director.core.structure_generator import continue_structure
from director.i18n import _

DEFAULT_BREAK_MINUTES = 10


@dataclass(frozen=True)
class Replan:
    """The structure re-planned and what it changes."""

    structure: Structure
    kept: int
    """Items kept as they were: those played and the one being played."""
    old_end: Instant | None
    new_end: Instant | None

    @property
    def coming(self) -> tuple[Level | Break, ...]:
        """The new items after the one being played."""
        return self.structure.items[self.kept :]

    def command(self) -> c.SetStructure:
        return c.SetStructure(structure=self.structure, change="replan_structure")


def _breaks(items: tuple[Level | Break, ...]) -> tuple[int, int]:
    """How often the structure breaks (levels between two breaks, the most usual run)
    and for how long (its first break's minutes): (0, ...) for a structure without
    breaks."""
    runs: list[int] = []
    run = 0
    minutes = DEFAULT_BREAK_MINUTES
    for item in items:
        if isinstance(item, Break):
            if not runs:
                minutes = max(1, item.seconds // 60)
            runs.append(run)
            run = 0
        else:
            run += 1
    if not runs:
        return 0, minutes
    return Counter(runs).most_common(1)[0][0], minutes


def _smallest_chip(items: tuple[Level | Break, ...]) -> int:
    """A structure without its chips: the largest amount every blind played is made of
    (25 for 25/50, 50/100, 75/150)."""
    amounts = [item.small_blind for item in items if isinstance(item, Level)]
    return max(1, math.gcd(*amounts))


def replan(state: TournamentState, now: Instant, target_end: Instant) -> Replan:
    """The structure whose levels after the current one end near ``target_end``.

    Raises ``RuleViolation`` when the structure has no level, the clock's item is
    counted in hands, or no level fits before ``target_end``.
    """
    structure = state.structure
    require(bool(structure.levels()), "structure_without_levels")
    plan = clk.schedule(state.clock, structure, now)
    index = next(i for i, start in enumerate(plan.starts) if start is not None)
    current = structure.items[index]
    require(current.timed, "level_counted_in_hands")
    start = plan.starts[index]
    assert start is not None
    current_end = Instant(max(now, start + current.duration_ms))
    played = structure.items[: index + 1]
    last = next((item for item in reversed(played) if isinstance(item, Level)), None)
    if last is None:  # on a break before any level: the next level is the first kept
        raise RuleViolation("replan_before_first_level")
    minutes = (target_end - current_end) // 60_000
    if minutes < last.seconds // 60:
        raise RuleViolation("replan_target_too_soon")
    chips = figures(state.players, state.ledger).chips_in_play
    if chips <= 0:  # nobody bought in yet: the stacks the settings give two players
        chips = max(2 * state.money.chips, 400 * last.big_blind)
    break_every, break_minutes = _breaks(structure.items)
    # The ante the structure planned: from the level it was to start at (counted among
    # the new levels), or as the level being played has it.
    planned_ante = next(
        (
            (number, item.ante_kind)
            for number, item in enumerate(
                item for item in structure.items[index:] if isinstance(item, Level)
            )
            if item.ante
        ),
        None,
    )
    coming = continue_structure(
        played,
        structure.chips or (_smallest_chip(played),),
        chips_in_play=chips,
        minutes=minutes,
        level_minutes=max(1, last.seconds // 60),
        break_every=break_every,
        break_minutes=break_minutes,
        ante=None if planned_ante is None else planned_ante[1],
        ante_from=1 if planned_ante is None else max(1, planned_ante[0]),
        colour_up_note=_("Colour up the {chip}s"),
    )
    made = replace(structure, items=(*played, *coming))
    return Replan(
        structure=made,
        kept=len(played),
        old_end=plan.end,
        new_end=clk.schedule(state.clock, made, now).end,
    )
