"""A new event's first set-up as one command: the same rules as each step alone."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.apply import fold
from director.core.decide import decide, handles
from director.core.errors import require
from director.core.ids import Instant
from director.core.state import TournamentState


def setup_steps(state: TournamentState, command: c.SetUpEvent) -> list[c.Command]:
    """The commands ``command`` stands for, in order (each checked by its own rules)."""
    steps: list[c.Command] = []
    if command.structure is not None and command.structure != state.structure:
        steps.append(c.SetStructure(structure=command.structure))
    if command.money is not None and command.money != state.money:
        steps.append(c.SetMoneySettings(settings=command.money))
    if command.cash is not None and command.cash != state.cash:
        steps.append(c.SetCashSettings(settings=command.cash))
    chips = command.money.chips if command.money is not None else state.money.chips
    buy_in = not state.is_cash and chips > 0
    for newcomer in command.players:
        if newcomer.stack:
            # His own stack is set while he is registered, then he buys in with it.
            steps.append(
                c.RegisterPlayer(
                    player=newcomer.player, name=newcomer.name, nickname=newcomer.nickname
                )
            )
            steps.append(c.SetStartingStack(player=newcomer.player, chips=newcomer.stack))
            if buy_in:
                steps.append(c.BuyIn(player=newcomer.player))
        elif buy_in:
            steps.append(
                c.BuyIn(player=newcomer.player, name=newcomer.name, nickname=newcomer.nickname)
            )
        else:
            steps.append(
                c.RegisterPlayer(
                    player=newcomer.player, name=newcomer.name, nickname=newcomer.nickname
                )
            )
    return steps


@handles(c.SetUpEvent)
def _set_up(state: TournamentState, command: c.SetUpEvent, now: Instant) -> list[e.Event]:
    require(not state.players, "event_already_set_up")
    events: list[e.Event] = []
    current = state
    for step in setup_steps(state, command):
        more = decide(current, step, now)
        current = fold(more, current)
        events.extend(more)
    return events
