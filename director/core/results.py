"""Who wins what: prizes by place (ties share, R23), deals (R31), bounties (R6),
and each player's net result for the night."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from director.core.bounties import bounty_book
from director.core.errors import RuleViolation, require
from director.core.ids import PlayerId
from director.core.ledger import figures
from director.core.payouts import (
    Deal,
    DealShare,
    PayoutSettings,
    icm,
    payout_amounts,
    prizes_for_places,
)
from director.core.players import PURCHASES, EntrantStatus, MovementKind
from director.core.prize_pool import prize_pool
from director.core.standings import Place, eliminations, places
from director.core.state import Status, TournamentState


def prize_amounts(state: TournamentState, payout: PayoutSettings | None = None) -> list[int]:
    """The amount of every paid place for the pool as it stands now (added money
    and the guarantee's overlay included); never more places than players.
    ``payout``: other payout settings to preview (the event's when None)."""
    settings = state.payout if payout is None else payout
    numbers = figures(state.players, state.ledger)
    pool = prize_pool(state).total
    players = sum(
        1
        for entrant in state.players.values()
        if entrant.entries > 0 and entrant.status is not EntrantStatus.REMOVED
    )
    try:
        return payout_amounts(settings, pool, numbers.entries, players=players)
    except RuleViolation:
        return payout_amounts(type(settings)(), pool, numbers.entries, players=players)


def bounty_money(state: TournamentState) -> tuple[dict[PlayerId, int], int]:
    """Bounty money won per player in cash (fixed, progressive or mystery bounties,
    see ``bounties``), and what nobody claimed."""
    book = bounty_book(state)
    return dict(book.won), book.unclaimed


class PlayerResult(NamedTuple):
    player: PlayerId
    name: str
    place: Place | None
    prize: int
    bounties: int
    knockouts: int
    bought: int
    paid_out: int

    @property
    def total(self) -> int:
        """Prize and bounties."""
        return self.prize + self.bounties

    @property
    def net(self) -> int:
        """What the night brought: prize and bounties less everything bought."""
        return self.total - self.bought

    @property
    def due(self) -> int:
        """Still to pay this player."""
        return self.total - self.paid_out


def prizes_by_player(state: TournamentState) -> dict[PlayerId, int]:
    """Each player's prize from their place, ties sharing (R23), a deal replacing
    the places it covers (R31)."""
    amounts = prize_amounts(state)
    finished = state.status is Status.FINISHED
    ranked = places(state.alive(), state.busts, finished)
    unit = state.payout.unit
    prizes: dict[PlayerId, int] = {}
    deal = state.deal
    deal_places = deal.places if deal is not None else 0
    groups: dict[tuple[int, int], list[PlayerId]] = {}
    for player, place in ranked.items():
        if deal is None or place.best > deal_places:
            groups.setdefault((place.best, place.worst), []).append(player)
    shared = prizes_for_places(amounts, list(groups), unit=unit)
    for places_held, players in groups.items():
        players = sorted(players, key=lambda p: state.players[p].name.casefold())
        for player, amount in zip(players, shared[places_held], strict=True):
            prizes[player] = amount
    if deal is not None:
        for deal_share in deal.shares:
            prizes[PlayerId(deal_share.player)] = deal_share.amount
        if deal.kept_aside and finished:
            winner = next((p for p, place in ranked.items() if place.best == 1), None)
            if winner is not None:
                prizes[winner] = prizes.get(winner, 0) + deal.kept_aside
    return prizes


_last_results: tuple[TournamentState, tuple[PlayerResult, ...]] | None = None
"""The results of the last state asked about: the console asks "may I pay?" for every
paid place after each change, all of them about the same (immutable) state."""


def player_results(state: TournamentState) -> list[PlayerResult]:
    """Every player with their place, prize, bounties and net result, best first."""
    global _last_results
    if _last_results is not None and _last_results[0] is state:
        return list(_last_results[1])
    results = _player_results(state)
    _last_results = (state, tuple(results))
    return results


def _player_results(state: TournamentState) -> list[PlayerResult]:
    finished = state.status is Status.FINISHED
    ranked = places(state.alive(), state.busts, finished)
    prizes = prizes_by_player(state)
    bounties, _unclaimed = bounty_money(state)
    knockouts = eliminations(state.busts)
    bought: dict[PlayerId, int] = {}
    paid_out: dict[PlayerId, int] = {}
    for movement in state.ledger:
        if movement.kind in PURCHASES or movement.kind is MovementKind.REFUND:
            bought[movement.player] = bought.get(movement.player, 0) + movement.price
        elif movement.kind is MovementKind.PAYOUT:
            paid_out[movement.player] = paid_out.get(movement.player, 0) - movement.cash
    results = [
        PlayerResult(
            player=player,
            name=entrant.name,
            place=ranked.get(player),
            prize=prizes.get(player, 0),
            bounties=bounties.get(player, 0),
            knockouts=knockouts.get(player, 0),
            bought=bought.get(player, 0),
            paid_out=paid_out.get(player, 0),
        )
        for player, entrant in state.players.items()
        if entrant.status is not EntrantStatus.REMOVED and entrant.entries > 0
    ]
    results.sort(
        key=lambda r: (
            r.place is None and r.player not in state.alive(),
            r.place.best if r.place else 0,
            r.name.casefold(),
        )
    )
    return results


class Bubble(NamedTuple):
    paid: int
    left: int

    @property
    def to_the_money(self) -> int:
        """Players still to go out before everyone left is paid (0: in the money)."""
        return max(0, self.left - self.paid)


def bubble(state: TournamentState) -> Bubble:
    return Bubble(paid=len(prize_amounts(state)), left=len(state.alive()))


def remaining_prizes(state: TournamentState) -> list[int]:
    """The prizes still to be won by the players left: places 1..players left."""
    amounts = prize_amounts(state)
    left = len(state.alive())
    return [amounts[place] if place < len(amounts) else 0 for place in range(left)]


def out_next_prize(state: TournamentState) -> int | None:
    """What the next player out wins, or None when no one is "out next" for money:
    a deal is made (its shares are the prizes), or fewer than two are left."""
    if state.deal is not None or len(state.alive()) < 2:
        return None
    return remaining_prizes(state)[-1]


class DealPreview(NamedTuple):
    """A deal worked out and what the table looks at before accepting it (R31)."""

    deal: Deal
    icm_values: Mapping[PlayerId, int]
    """Each player's ICM equity of the prizes left (kept-aside money off first), rounded down."""
    typed_chips: int
    chips_in_play: int

    @property
    def chips_difference(self) -> int:
        """Typed stacks minus the chips in play: not 0 means a miscount to accept or fix."""
        return self.typed_chips - self.chips_in_play


def preview_deal(
    state: TournamentState, method: str, stacks: dict[PlayerId, int], kept_aside: int = 0
) -> DealPreview:
    """``propose_deal`` with the ICM value of each stack and the chip count check."""
    deal = propose_deal(state, method, stacks, kept_aside)
    prizes = remaining_prizes(state)
    adjusted = [prizes[0] - kept_aside, *prizes[1:]]
    order = sorted(stacks)
    equities = icm([stacks[p] for p in order], adjusted)
    return DealPreview(
        deal=deal,
        icm_values={player: int(value) for player, value in zip(order, equities, strict=True)},
        typed_chips=sum(stacks.values()),
        chips_in_play=figures(state.players, state.ledger).chips_in_play,
    )


def propose_deal(
    state: TournamentState, method: str, stacks: dict[PlayerId, int], kept_aside: int = 0
) -> Deal:
    """A deal among the players left (R31): "even", "chips" or "icm", with
    ``kept_aside`` held back for the winner."""
    from director.core.payouts import chip_chop, even_chop, icm_chop

    alive = sorted(state.alive())
    require(len(alive) >= 2, "deal_needs_two_players")
    require(set(stacks) == set(alive), "deal_stacks_for_every_player")
    prizes = remaining_prizes(state)
    require(kept_aside >= 0, "amount_negative", value=kept_aside)
    require(kept_aside <= prizes[0], "kept_aside_too_large", maximum=prizes[0])
    adjusted = [prizes[0] - kept_aside, *prizes[1:]]
    unit = state.payout.unit
    chips = [stacks[player] for player in alive]
    if method == "even":
        amounts = even_chop(sum(adjusted), len(alive), unit=unit)
    elif method == "chips":
        amounts = chip_chop(chips, adjusted, unit=unit)
    elif method == "icm":
        amounts = icm_chop(chips, adjusted, unit=unit)
    else:
        raise RuleViolation("unknown_deal_method", method=method)
    shares = tuple(
        DealShare(player=player, amount=amount, stack=stacks[player])
        for player, amount in zip(alive, amounts, strict=True)
    )
    return Deal(method=method, shares=shares, kept_aside=kept_aside, places=len(alive))


class BoxCheck(NamedTuple):
    """The tournament's cash box checked to the cent: what it holds now, with the
    host's money and the debts still to collect, must cover what is still to pay
    the players and leave exactly the money kept apart (fees, the season pot,
    unclaimed bounties) and the money still in play (prizes and bounties not won
    yet)."""

    in_box: int
    """Money taken in less money paid out, now."""
    host_money: int
    owed: int
    """Still owed by players for what they bought."""
    due: int
    """Prizes and bounties won and not paid yet."""
    fees: int
    season_pot: int
    unclaimed: int
    """Bounties of players knocked out with nobody recorded."""
    in_play: int
    """Prizes and bounty money nobody has won yet."""

    @property
    def at_the_end(self) -> int:
        """What the box holds once the debts are collected, the host has put in his
        money and every prize and bounty won is paid."""
        return self.in_box + self.host_money + self.owed - self.due

    @property
    def difference(self) -> int:
        """0 when the box balances."""
        return self.at_the_end - (self.fees + self.season_pot + self.unclaimed + self.in_play)


def box_check(state: TournamentState) -> BoxCheck:
    """The box of a tournament checked against its books (see ``BoxCheck``).

    >>> box_check(TournamentState()).difference
    0
    """
    numbers = figures(state.players, state.ledger)
    book = bounty_book(state)
    pool = prize_pool(state)
    results = player_results(state)
    won = sum(prizes_by_player(state).values())
    return BoxCheck(
        in_box=numbers.money_in - numbers.money_out,
        host_money=pool.host_money,
        owed=sum(entrant.owed for entrant in state.players.values()),
        due=sum(result.due for result in results),
        fees=numbers.fees,
        season_pot=numbers.season_pot,
        unclaimed=book.unclaimed,
        in_play=pool.total - won + book.held,
    )
