"""The prize pool (R29) with the host's money: added money and a guarantee.

The players' part is what their purchases put in the pool, fees and bounties
off. The host may add money to it, and may guarantee a least pool: when the
players' part and the added money fall short, the host tops the pool up to the
guarantee (the overlay). Payouts always share the whole pool (R29, R30).

>>> pool = PrizePool(collected=800, added=100, guarantee=1_000)
>>> pool.overlay, pool.total, pool.host_money
(100, 1000, 200)
"""

from __future__ import annotations

from typing import NamedTuple

from director.core.ledger import figures
from director.core.state import TournamentState


class PrizePool(NamedTuple):
    collected: int
    """The players' part: purchases less fees and bounties."""
    added: int = 0
    guarantee: int = 0

    @property
    def before_guarantee(self) -> int:
        return self.collected + self.added

    @property
    def overlay(self) -> int:
        """What the host puts in to reach the guarantee."""
        return max(0, self.guarantee - self.before_guarantee)

    @property
    def total(self) -> int:
        """The pool the payouts share."""
        return self.before_guarantee + self.overlay

    @property
    def host_money(self) -> int:
        """Added money and overlay: what the host puts in."""
        return self.added + self.overlay


def prize_pool(state: TournamentState) -> PrizePool:
    """The prize pool of a tournament now (a cash game has none)."""
    if state.is_cash:
        return PrizePool(collected=0)
    collected = figures(state.players, state.ledger).prize_pool
    return PrizePool(collected=collected, added=state.money.added, guarantee=state.money.guarantee)
