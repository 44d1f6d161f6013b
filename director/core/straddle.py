"""The live straddle in a cash game (seed 002 §4.1.17).

Seed 002 §4.1.17: "Un "live straddel" (une relance à l'aveuglette) n'est pas
autorisé dans les parties de limite, sauf si cela est spécifié." The player
first to act before the flop (left of the big blind) posts two big blinds
before the cards are dealt: a blind raise. Action then starts at his left and
comes back to him last, with the option; the next raise is of at least one
straddle. Tournaments have none (TDA: no straddles); a cash game allows it
only if its settings say so, and in limit levels only if they say that too.
"""

from __future__ import annotations

from collections.abc import Sequence

from director.core.errors import RuleViolation
from director.core.state import TournamentState
from director.core.structure import Level

MULTIPLE = 2
"""A straddle is two big blinds."""


def straddle_refusal(state: TournamentState, level: Level | None) -> RuleViolation | None:
    """Why a live straddle may not be posted in this game at ``level``, or None."""
    if not state.is_cash:
        return RuleViolation("straddle_not_in_tournaments")
    if not state.cash.live_straddle:
        return RuleViolation("straddle_not_allowed")
    if level is not None and level.limited and not state.cash.straddle_in_limit:
        return RuleViolation("straddle_not_in_limit")
    return None


def straddle_amount(big_blind: int) -> int:
    return MULTIPLE * big_blind


def straddle_order(acting_order: Sequence[str]) -> list[str]:
    """The acting order before the flop with a straddle: the first to act (left of
    the big blind) posts it and acts last. Heads-up, nobody is left of the big
    blind but the button: no straddle order to change."""
    players = list(acting_order)
    if len(players) < 3:
        return players
    return players[1:] + players[:1]
