"""Mystery bounty draws and the event's chip set.

A knockout in the mystery phase draws an envelope in the same step as the bust
(a reaction), so one undo takes back both and the envelope goes back. The
draw's generator is seeded from the moment and the state, like the seat draw,
and its outcome is stored, so a replay never draws again.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core import commands as c
from director.core import events as e
from director.core.bounties import envelope_draws, mystery_busts
from director.core.chip_sets import check_chip_set
from director.core.decide import handles, reacts
from director.core.errors import require
from director.core.frozen import evolve
from director.core.handlers.tables import rng_for
from director.core.ids import Instant
from director.core.periods import level_now
from director.core.players import EnvelopeDraw
from director.core.state import TournamentState


@reacts
def _draw_envelopes(
    state: TournamentState, events: Sequence[e.Event], now: Instant
) -> list[e.Event]:
    busts = [event.record for event in events if isinstance(event, e.PlayersBusted)]
    if not busts or state.is_cash:
        return []
    draws: list[EnvelopeDraw] = []
    level = level_now(state, now)
    for record in busts:
        drawing = mystery_busts(state, level, record)
        if drawing:
            rng = rng_for(state, now, f"envelope{record.hand}")
            draws.extend(envelope_draws(state, record, rng, now, only=drawing))
    return [e.EnvelopesDrawn(at=now, draws=tuple(draws))] if draws else []


@handles(c.SetChipSet)
def _set_chip_set(state: TournamentState, command: c.SetChipSet, now: Instant) -> list[e.Event]:
    chip_set = command.chip_set
    if chip_set is not None:
        check_chip_set(chip_set)
    require(chip_set != state.chip_set, "options_unchanged")
    events: list[e.Event] = [e.ChipSetChanged(at=now, chip_set=chip_set)]
    if chip_set is not None and chip_set.denominations != state.structure.chips:
        # The chips on the table are the set's: the chip race (R28) follows them.
        structure = evolve(state.structure, chips=chip_set.denominations)
        events.append(e.StructureChanged(at=now, structure=structure))
    return events
