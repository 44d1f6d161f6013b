"""When re-buys, the add-on and late entries are open (R3, R4, R5), read from the clock.

Apart from the rules that decide commands, since the status document and the
display ask these too and need no command class.
"""

from __future__ import annotations

from director.core import clock as clk
from director.core.ids import Instant
from director.core.state import TournamentState


def level_now(state: TournamentState, now: Instant) -> int:
    """The level number the clock shows at ``now`` (0 before the clock starts;
    during a break, the number of the level before it)."""
    view = clk.view(state.clock, state.structure, now)  # a planned start that came counts
    return view.level_number if view.started else 0


def rebuys_open(state: TournamentState, now: Instant) -> bool:
    """Whether the re-buy period is still on (R3)."""
    return state.money.rebuy is not None and not rebuy_period_over(state, now)


def rebuy_period_over(state: TournamentState, now: Instant) -> bool:
    """R3: after the end of the last re-buy level, or of the break after it when
    the organizer chose so."""
    rule = state.money.rebuy
    if rule is None:
        return True
    level = level_now(state, now)
    if level > rule.until_level:
        return True
    if level == rule.until_level and not rule.through_break and level > 0:
        # During a break the level number is the one before it.
        return clk.view(state.clock, state.structure, now).on_break
    return False


def addon_open(state: TournamentState, now: Instant) -> bool:
    """R4: whether the add-on is on offer: from its first level to its last (and the
    break after it, which shows the level before)."""
    rule = state.money.addon
    return rule is not None and rule.from_level <= level_now(state, now) <= rule.until_level


def late_registration_open(state: TournamentState, now: Instant) -> bool:
    """R5: entries are taken until the end of the late registration level."""
    limit = state.money.late_until_level
    level = level_now(state, now)
    return level == 0 or (limit > 0 and level <= limit)
