"""Payout settings, deals and paying the winners (R29-R31)."""

from __future__ import annotations

from collections.abc import Sequence

from director.core import commands as c
from director.core import events as e
from director.core.apply import fold
from director.core.decide import handles, reacts
from director.core.errors import require
from director.core.frozen import evolve
from director.core.ids import Instant, PlayerId
from director.core.ledger import figures
from director.core.money import check_amount
from director.core.payouts import check_payout_settings, check_stacks
from director.core.players import PURCHASES, Movement, MovementKind
from director.core.results import player_results, prize_amounts, remaining_prizes
from director.core.state import TournamentState


@handles(c.SetPayouts)
def _set(state: TournamentState, command: c.SetPayouts, now: Instant) -> list[e.Event]:
    require(not state.is_cash, "not_in_a_cash_game")
    check_payout_settings(command.settings)
    require(command.settings != state.payout, "options_unchanged")
    return [e.PayoutsChanged(at=now, settings=command.settings)]


@handles(c.AcceptDeal)
def _deal(state: TournamentState, command: c.AcceptDeal, now: Instant) -> list[e.Event]:
    require(not state.is_cash, "not_in_a_cash_game")
    require(state.deal is None, "deal_already_made")
    deal = command.deal
    alive = set(state.alive())
    players = [PlayerId(share.player) for share in deal.shares]
    require(len(alive) >= 2, "deal_needs_two_players")
    require(set(players) == alive and len(players) == len(alive), "deal_stacks_for_every_player")
    for share in deal.shares:
        check_amount(share.amount)
    check_amount(deal.kept_aside)
    prizes = remaining_prizes(state)
    total = sum(share.amount for share in deal.shares) + deal.kept_aside
    require(total == sum(prizes), "deal_does_not_add_up", total=total, prizes=sum(prizes))
    difference = check_stacks(
        [share.stack for share in deal.shares], figures(state.players, state.ledger).chips_in_play
    )
    require(
        difference == 0 or command.chips_difference_accepted,
        "stacks_do_not_match_chips",
        difference=difference,
    )
    return [e.DealAccepted(at=now, deal=evolve(deal, places=len(alive)))]


@handles(c.PayPrize)
def _pay(state: TournamentState, command: c.PayPrize, now: Instant) -> list[e.Event]:
    check_amount(command.amount)
    result = next((r for r in player_results(state) if r.player == command.player), None)
    require(result is not None, "player_not_in_event", player=str(command.player))
    assert result is not None
    due = result.due
    require(due > 0, "nothing_due", player=result.name)
    amount = command.amount or due
    require(amount <= due, "payment_more_than_due", due=due)
    movement = Movement(at=now, kind=MovementKind.PAYOUT, player=command.player, cash=-amount)
    return [e.MoneyMoved(at=now, movement=movement)]


# -- prizes already agreed or paid --------------------------------------------------------

_MONEY_ONLY = (MovementKind.PAYMENT, MovementKind.PAYOUT)


def _moves_prizes(event: e.Event) -> bool:
    """Whether ``event`` may change the prizes: the money settings, the payouts, or a
    purchase or refund (paying a debt or a prize does not)."""
    if isinstance(event, e.MoneySettingsChanged | e.PayoutsChanged):
        return True
    return isinstance(event, e.MoneyMoved) and event.movement.kind not in _MONEY_ONLY


@reacts
def _prizes_kept(state: TournamentState, events: Sequence[e.Event], now: Instant) -> list[e.Event]:
    """A deal shares the prizes as they stood (R31): after it, nothing may change
    them (a late entry, a refund, another payout table, more added money), or the
    deal and the pool no longer add up. And the bank never pays more than it owes:
    a change that would leave a player paid more than his prize and bounties is
    refused, with what he was paid."""
    if state.is_cash:
        return []
    deal = state.deal
    if deal is not None:
        # The deal was made among the players left: nobody comes in after it, by a
        # purchase or by being put back in.
        in_deal = {share.player for share in deal.shares}
        for event in events:
            entering = (isinstance(event, e.MoneyMoved) and event.movement.kind in PURCHASES) or (
                isinstance(event, e.BustReverted) and event.player not in in_deal
            )
            require(not entering, "deal_made_no_entries")
            # A refund takes money out of the pool the deal shared (or a player out
            # of the deal): undo the deal first.
            refund = isinstance(event, e.MoneyMoved) and event.movement.kind is MovementKind.REFUND
            require(not refund, "deal_fixes_prizes")
    if not any(_moves_prizes(event) for event in events):
        return []
    paid: dict[PlayerId, int] = {}
    for movement in state.ledger:
        if movement.kind is MovementKind.PAYOUT:
            paid[movement.player] = paid.get(movement.player, 0) - movement.cash
    if deal is None and not paid:
        return []
    after = fold(events, state)
    if deal is not None:
        require(prize_amounts(after) == prize_amounts(state), "deal_fixes_prizes")
    owed = {result.player: result.total for result in player_results(after)}
    short = {player: amount for player, amount in paid.items() if owed.get(player, 0) < amount}
    if short:
        # Only what this change takes away counts (a player put back in after the
        # winner was paid already leaves him paid more than his prize for now).
        before = {result.player: result.total for result in player_results(state)}
        for player, amount in short.items():
            total = owed.get(player, 0)
            require(
                total >= min(amount, before.get(player, 0)),
                "prize_already_paid",
                player=after.player_name(player),
                paid=amount,
                total=total,
            )
    return []
