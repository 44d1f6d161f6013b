"""Payout settings, deals and paying the winners (R29-R31)."""

from __future__ import annotations

from director.core import commands as c
from director.core import events as e
from director.core.decide import handles
from director.core.errors import require
from director.core.frozen import evolve
from director.core.ids import Instant, PlayerId
from director.core.ledger import figures
from director.core.money import check_amount
from director.core.payouts import check_payout_settings, check_stacks
from director.core.players import Movement, MovementKind
from director.core.results import player_results, remaining_prizes
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
