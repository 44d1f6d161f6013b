"""Figures from the ledger: prize pool, fees, bounties, money owed (R29), and the
end-of-night settlement of a cash game (R32), down to the fewest payments."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from director.core.ids import PlayerId
from director.core.players import PURCHASES, Entrant, EntrantStatus, Movement, MovementKind

BANK = PlayerId(0)
"""The bank, as a party in the settlement."""
EXACT_SETTLEMENT_LIMIT = 16
"""Up to this many parties the fewest payments are found exactly."""


class Figures(NamedTuple):
    """The live figures of an event."""

    entries: int
    players: int
    players_left: int
    rebuys: int
    addons: int
    chips_in_play: int
    prize_pool: int
    bounty_pool: int
    fees: int
    owed: int
    money_in: int
    money_out: int
    season_pot: int = 0
    """Set aside from the entries for the league's season pot."""

    @property
    def average_stack(self) -> int:
        """Chips in play per player still in, rounded down (0 when nobody is in)."""
        return self.chips_in_play // self.players_left if self.players_left else 0


def figures(entrants: Mapping[PlayerId, Entrant], ledger: Iterable[Movement]) -> Figures:
    entries = rebuys = addons = chips = prize = bounty = fees = season = 0
    cash_in = cash_out = 0
    for movement in ledger:
        kind = movement.kind
        if kind is MovementKind.BUY_IN or kind is MovementKind.REENTRY:
            entries += 1
        elif kind is MovementKind.REBUY:
            rebuys += 1
        elif kind is MovementKind.ADDON:
            addons += 1
        elif kind is MovementKind.REFUND:
            refunded = movement.refunded
            if refunded in (MovementKind.BUY_IN, MovementKind.REENTRY):
                entries -= 1
            elif refunded is MovementKind.REBUY:
                rebuys -= 1
            elif refunded is MovementKind.ADDON:
                addons -= 1
        chips += movement.chips
        prize += movement.prize
        bounty += movement.bounty
        fees += movement.fee
        season += movement.season
        if movement.cash >= 0:
            cash_in += movement.cash
        else:
            cash_out -= movement.cash
    players = sum(1 for e in entrants.values() if e.entries > 0 or e.price > 0)
    left = sum(1 for e in entrants.values() if e.status is EntrantStatus.PLAYING)
    owed = sum(max(0, e.owed) for e in entrants.values())
    return Figures(
        entries=entries,
        players=players,
        players_left=left,
        rebuys=rebuys,
        addons=addons,
        chips_in_play=chips,
        prize_pool=prize,
        bounty_pool=bounty,
        fees=fees,
        owed=owed,
        money_in=cash_in,
        money_out=cash_out,
        season_pot=season,
    )


# -- the cash game settlement (R32) -------------------------------------------


class PlayerResult(NamedTuple):
    player: PlayerId
    bought: int
    cashed_out: int
    rake: int = 0
    """The house's charges to him (per hour or per player), part of his cost."""

    @property
    def net(self) -> int:
        return self.cashed_out - self.bought - self.rake


class Payment(NamedTuple):
    """``payer`` gives ``amount`` to ``payee`` (either may be the bank, ``BANK``)."""

    payer: PlayerId
    payee: PlayerId
    amount: int


class Settlement(NamedTuple):
    results: tuple[PlayerResult, ...]
    chips_sold: int
    chips_returned: int
    money_in: int
    money_out: int
    bank_holds: int
    balances: Mapping[PlayerId, int]
    payments: tuple[Payment, ...]
    rake: int = 0
    """The house's takings (the club's own account): a pot's rake, taken off the
    table in chips, and the charges to players, paid or owed."""
    rake_chips: int = 0
    """The chips the pots' rake took off the table."""

    @property
    def chip_difference(self) -> int:
        """Chips returned (the rake's taken off the table counted) minus chips sold:
        0 when the count is right."""
        return self.chips_returned + self.rake_chips - self.chips_sold

    @property
    def net_total(self) -> int:
        return sum(result.net for result in self.results)

    @property
    def unsettled(self) -> int:
        """What the payments cannot cover because the books do not balance."""
        return sum(self.balances.values())


def settle(entrants: Mapping[PlayerId, Entrant], ledger: Sequence[Movement]) -> Settlement:
    """Each player's result, the bank and chip checks, and the payments still due.

    A player's balance is what the bank still owes them for chips returned
    and not paid out, minus what they still owe for chips bought and not
    paid for (and for the rake charged to them); the bank's balance is minus
    the cash it holds, less the rake, which is the house's (the club's own
    account). The payments settle those balances in as few transfers as possible.
    """
    bought: dict[PlayerId, int] = {}
    cashed: dict[PlayerId, int] = {}
    charged: dict[PlayerId, int] = {}
    balances: dict[PlayerId, int] = {}
    chips_sold = chips_returned = money_in = money_out = rake = rake_chips = 0
    for movement in ledger:
        player = movement.player
        if movement.kind is MovementKind.RAKE:
            rake += movement.fee
            rake_chips -= movement.chips
            if player == BANK:  # a pot's rake: chips off the table, no money moves
                continue
            charged[player] = charged.get(player, 0) + movement.price
            balances[player] = balances.get(player, 0) - movement.price
        elif movement.kind in PURCHASES or movement.kind is MovementKind.REFUND:
            bought[player] = bought.get(player, 0) + movement.price
            chips_sold += movement.chips
            balances[player] = balances.get(player, 0) - movement.price
        elif movement.kind is MovementKind.CASH_OUT:
            cashed[player] = cashed.get(player, 0) - movement.price
            chips_returned -= movement.chips
            balances[player] = balances.get(player, 0) - movement.price
        if movement.cash > 0:
            money_in += movement.cash
        else:
            money_out -= movement.cash
        balances[player] = balances.get(player, 0) + movement.cash
    results = tuple(
        PlayerResult(
            player=player,
            bought=bought.get(player, 0),
            cashed_out=cashed.get(player, 0),
            rake=charged.get(player, 0),
        )
        for player in entrants
        if player in bought or player in cashed
    )
    bank_holds = money_in - money_out
    parties = {player: amount for player, amount in balances.items() if amount}
    if bank_holds - rake:
        parties[BANK] = rake - bank_holds
    payments = fewest_payments(parties)
    return Settlement(
        results=results,
        chips_sold=chips_sold,
        chips_returned=chips_returned,
        money_in=money_in,
        money_out=money_out,
        bank_holds=bank_holds,
        balances=parties,
        payments=tuple(payments),
        rake=rake,
        rake_chips=rake_chips,
    )


def fewest_payments(balances: Mapping[PlayerId, int]) -> list[Payment]:
    """Transfers that settle ``balances`` (positive: is owed money) in as few payments as possible.

    The fewest payments is the number of parties minus the largest number of
    groups whose balances add up to zero; that is found exactly for up to
    ``EXACT_SETTLEMENT_LIMIT`` parties, and greedily (largest debtor pays
    largest creditor) beyond. If the balances do not add up to zero, what is
    left over stays unpaid and is reported by ``Settlement.unsettled``.
    """
    parties = sorted((player, amount) for player, amount in balances.items() if amount)
    if len(parties) <= EXACT_SETTLEMENT_LIMIT and sum(a for _p, a in parties) == 0:
        groups = _zero_sum_groups(parties)
    else:
        groups = [parties]
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_greedy(dict(group)))
    return payments


def _zero_sum_groups(parties: list[tuple[PlayerId, int]]) -> list[list[tuple[PlayerId, int]]]:
    """Split the parties into as many zero-sum groups as possible (exact, by subsets)."""
    count = len(parties)
    if count == 0:
        return []
    amounts = [amount for _player, amount in parties]
    full = (1 << count) - 1
    total = [0] * (1 << count)
    for mask in range(1, 1 << count):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
    # best[mask]: most zero-sum groups a zero-sum set ``mask`` splits into.
    best = [0] * (1 << count)
    choice = [0] * (1 << count)
    for mask in range(1, 1 << count):
        if total[mask] != 0:
            continue
        best[mask] = 1
        choice[mask] = mask
        sub = (mask - 1) & mask
        while sub:
            if total[sub] == 0 and best[sub] + best[mask ^ sub] > best[mask]:
                best[mask] = best[sub] + best[mask ^ sub]
                choice[mask] = sub
            sub = (sub - 1) & mask
    groups: list[list[tuple[PlayerId, int]]] = []
    stack = [full]
    while stack:
        mask = stack.pop()
        if not mask:
            continue
        sub = choice[mask]
        if sub == mask:
            groups.append([parties[i] for i in range(count) if mask >> i & 1])
        else:
            stack.extend((sub, mask ^ sub))
    return groups


def _greedy(balances: dict[PlayerId, int]) -> list[Payment]:
    payments = []
    creditors = sorted(((a, p) for p, a in balances.items() if a > 0), reverse=True)
    debtors = sorted(((-a, p) for p, a in balances.items() if a < 0), reverse=True)
    creditor_index = debtor_index = 0
    creditor_left = creditors[0][0] if creditors else 0
    debtor_left = debtors[0][0] if debtors else 0
    while creditor_index < len(creditors) and debtor_index < len(debtors):
        amount = min(creditor_left, debtor_left)
        if amount:
            payments.append(Payment(debtors[debtor_index][1], creditors[creditor_index][1], amount))
        creditor_left -= amount
        debtor_left -= amount
        if creditor_left == 0:
            creditor_index += 1
            creditor_left = creditors[creditor_index][0] if creditor_index < len(creditors) else 0
        if debtor_left == 0:
            debtor_index += 1
            debtor_left = debtors[debtor_index][0] if debtor_index < len(debtors) else 0
    return payments


def time_played(ledger: Iterable[Movement], until: int) -> dict[PlayerId, int]:
    """Cash game: how long each player sat (milliseconds), from each buy-in to the
    cash-out that ends it, a player still in counted up to ``until``; a buy-in taken
    back (refunded) never sat. What an expense split by hours played weighs."""
    sat_down: dict[PlayerId, int] = {}
    played: dict[PlayerId, int] = {}
    for movement in ledger:
        player = movement.player
        if movement.kind is MovementKind.BUY_IN and player not in sat_down:
            sat_down[player] = int(movement.at)
        elif movement.kind is MovementKind.CASH_OUT and player in sat_down:
            played[player] = played.get(player, 0) + int(movement.at) - sat_down.pop(player)
        elif movement.kind is MovementKind.REFUND and movement.refunded is MovementKind.BUY_IN:
            sat_down.pop(player, None)
    for player, start in sat_down.items():
        played[player] = played.get(player, 0) + max(0, until - start)
    return {player: ms for player, ms in played.items() if ms > 0}


def purchase_counts(ledger: Iterable[Movement], kind: MovementKind) -> dict[PlayerId, int]:
    """How many purchases of ``kind`` each player made, less those refunded: the cash
    game's top-ups, which no counter of the entrant keeps (players at 0 left out)."""
    counts: dict[PlayerId, int] = {}
    for movement in ledger:
        if movement.kind is kind:
            counts[movement.player] = counts.get(movement.player, 0) + 1
        elif movement.kind is MovementKind.REFUND and movement.refunded is kind:
            counts[movement.player] = counts.get(movement.player, 0) - 1
    return {player: count for player, count in counts.items() if count > 0}
